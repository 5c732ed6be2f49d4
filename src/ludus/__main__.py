"""``python -m ludus``: the ``ludus`` command."""

import sys

from ludus.cli import main

sys.exit(main())

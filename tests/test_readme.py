"""The README's API example runs as written (python-chess checks its README the same way)."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_the_readme_api_example_runs() -> None:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.S)
    assert blocks, "the README shows the API in a python block"
    namespace: dict[str, object] = {}
    exec(compile(blocks[0], str(README), "exec"), namespace)
    assert namespace["final"].is_terminal()  # type: ignore[attr-defined]

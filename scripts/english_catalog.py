"""Fill the English catalogs (make i18n): English is the source language, so a message's English
translation starts as its msgid (singular and plural forms); an English wording changed by hand
in the ``.po`` is kept."""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po


def fill(path: Path) -> int:
    """Give every untranslated message of the English catalog at ``path`` its msgid; the count filled."""
    with path.open("rb") as f:
        catalog = read_po(f, locale="en")
    filled = 0
    for message in catalog:
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            strings = tuple(message.string) if isinstance(message.string, (tuple, list)) else ("", "")
            if not all(strings):
                message.string = (message.id[0], message.id[1])
                filled += 1
        elif not message.string:
            message.string = message.id
            filled += 1
    if filled:
        with path.open("wb") as f:
            write_po(f, catalog, width=76, sort_output=True, omit_header=False)
    return filled


if __name__ == "__main__":
    for name in sys.argv[1:]:
        count = fill(Path(name))
        if count:
            print(f"{name}: {count} English messages filled from their msgids")

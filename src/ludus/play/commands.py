"""What a person types besides an action, and ``help``: how to answer, with examples from the game played.

Each command is a message of its own, without line breaks: the help is laid out here at
the terminal's width, the commands in a column and what they do beside them, wrapped under
their text. The examples are two of the seat's legal actions now, in the game's notation
(one without the seat, as a person types it, one with it), so every game shows its own.

>>> from ludus.core.actions import Action
>>> from ludus.core.i18n import get_lang
>>> actions = [Action(0, "path", ("trainer",)), Action(0, "path", ("pontiff",)), Action(0, "pass", ())]
>>> for row in help_rows(get_lang("en"), examples(actions), ("save", "map", "quit"), 60):
...     print(row)
Type the number of an action, or its notation (e.g.
"path trainer" or "0:pass").
  save FILE   save the game so far as a record (continue it
              later with --load FILE)
  map         show the map
  quit        leave the game (it is saved: continue with
              ludus play --resume)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ludus.core.actions import Action
from ludus.core.i18n import N_, Lang
from ludus.play.screen import wrap

__all__ = ["ALL", "COMMANDS", "LESSON", "LESSON_COMMANDS", "OFFER", "examples", "help_rows"]

NO_BREAK = "\u00a0"

COMMANDS: dict[str, tuple[str, str]] = {
    # command: (the name of its argument, what it does) — messages of the ludus domain
    "save": (N_("FILE"), N_("save the game so far as a record (continue it later with --load {file})")),
    "log": ("", N_("show the whole log you may see")),
    "show": (N_("NAME"), N_("what a component (a card, a tile, a role …) is and does")),
    "board": ("", N_("show the whole table (the decision screen shows your own area)")),
    "menu": ("", N_("list every action of this decision, with its notation")),
    "map": ("", N_("show the map")),
    "undo": ("", N_("take back your last action (while no one else has acted and nothing hidden was "
                    "revealed since; in a solo game, back to the last reveal)")),
    "hint": ("", N_("your best options (the top three) as the strongest bot values them: your chance to "
                    "win, or your place, after each")),
    "help": ("", N_("show this help")),
    "quit": ("", N_("leave the game (it is saved: continue with ludus play --resume)")),
}
"""What a person may type besides an action (the command words are the same in every language)."""
ALL = tuple(COMMANDS)
"""The commands of a decision."""
OFFER = ("save", "help", "quit")
"""The commands of an offer of optional actions (Enter passes)."""

LESSON_COMMANDS: dict[str, tuple[str, str]] = {
    **{word: COMMANDS[word] for word in ("board", "log", "show", "menu", "map")},
    "next": ("", N_("go on to the next step (Enter does too) when the step only explains")),
    "help": COMMANDS["help"],
    "quit": ("", N_("leave the lesson")),
}
"""What a person may type in a lesson (``ludus learn``) besides the step's action."""
LESSON = tuple(LESSON_COMMANDS)
"""The commands of a lesson's step."""


def examples(actions: Sequence[Action]) -> tuple[str, str]:
    """Two ways to type an action of ``actions``: the first one's notation without the seat,
    and the whole notation of the first with another verb (else of the second, else of the
    first)."""
    if not actions:
        return "", ""
    first = actions[0]
    other = next((a for a in actions if a.verb != first.verb), actions[1] if len(actions) > 1 else first)
    return str(first).partition(":")[2], str(other)


def help_rows(lang: Lang, shown: tuple[str, str], commands: Sequence[str], width: int,
              known: Mapping[str, tuple[str, str]] | None = None) -> list[str]:
    """The help as rows of at most ``width`` characters: how to answer (with the ``shown``
    examples) and the ``commands``, each with what it does (``known``: the commands and their
    texts, default :data:`COMMANDS`; a lesson's are :data:`LESSON_COMMANDS`)."""
    _ = lang.gettext
    table = COMMANDS if known is None else known
    rows: list[str] = []
    if shown[0]:
        intro = _('Type the number of an action, or its notation (e.g. "{short}" or "{full}").')
        whole = [example.replace(" ", NO_BREAK) for example in shown]  # an example on one line
        said = intro.format(short=whole[0], full=whole[1])
        rows += [row.replace(NO_BREAK, " ") for row in wrap(said, width, 0)]
    else:
        rows += wrap(_("Type the number of an action."), width, 0)
    argument = {command: _(table[command][0]) if table[command][0] else "" for command in commands}
    names = {command: f"{command} {argument[command]}".rstrip() for command in commands}
    column = 2 + max((len(name) for name in names.values()), default=0) + 2
    column = max(column, 14)
    for command in commands:
        said = _(table[command][1]).format(file=_("FILE"))
        if column > width // 2:  # a narrow terminal: what it does under the command
            rows += wrap(f"  {names[command]}", width, 4)
            rows += wrap(f"      {said}", width, 6)
        else:
            rows += wrap(f"  {names[command]}".ljust(column) + said, width, column)
    return rows

"""Hints and reviews in words (issue 39): what an analysis' values mean to a player.

A value on the returns' scale (:mod:`ludus.agents.analysis`) is said as a chance to win at a
2-player table ("win chance 62%"), as the team's chance in a co-operative game, as an expected
place at a larger table ("expected place 1.8"), or as the bare value solo in a competitive game.
The terminal's ``hint`` and ``ludus review`` speak through here; the web can too.

>>> from ludus.agents.analysis import Option
>>> from ludus.core.actions import Action
>>> from ludus.core.i18n import get_lang
>>> a = Option(Action(0, "pass"), 0.24, 8, 0.62, None)
>>> b = Option(Action(0, "take", (1,)), -0.18, 8, 0.41, None)
>>> value_words(a, get_lang("en"), cooperative=False)
'win chance 62%'
>>> change_words(a, b, get_lang("en"), cooperative=False)
'win chance 62% → 41%'
"""

from __future__ import annotations

from babel.numbers import format_percent

from ludus.agents.analysis import Analysis, Option
from ludus.core.api import State
from ludus.core.i18n import Lang

__all__ = ["change_words", "hint_lines", "value_words"]


def _percent(lang: Lang, value: float) -> str:
    return format_percent(value, format="#,##0%", locale=lang.locale)


def _signed(lang: Lang, value: float) -> str:
    return ("+" if value > 0 else "") + lang.fixed(value, 2)


def value_words(option: Option, lang: Lang, cooperative: bool) -> str:
    """What ``option`` is worth, in words: a chance to win (the team's in a co-operative game), an
    expected place, or the value itself."""
    _ = lang.gettext
    if option.win_chance is not None:
        said = _("the team's win chance {percent}") if cooperative else _("win chance {percent}")
        return said.format(percent=_percent(lang, option.win_chance))
    if option.expected_place is not None:
        return _("expected place {place}").format(place=lang.fixed(option.expected_place, 1))
    return _("value {value} (from −1 to +1)").format(value=_signed(lang, option.value))


def change_words(before: Option, after: Option, lang: Lang, cooperative: bool) -> str:
    """The value of ``before`` (the best option) and of ``after`` (the move played), in words:
    "win chance 62% → 41%"."""
    _ = lang.gettext
    if before.win_chance is not None and after.win_chance is not None:
        said = (_("the team's win chance {before} → {after}") if cooperative
                else _("win chance {before} → {after}"))
        return said.format(before=_percent(lang, before.win_chance), after=_percent(lang, after.win_chance))
    if before.expected_place is not None and after.expected_place is not None:
        return _("expected place {before} → {after}").format(before=lang.fixed(before.expected_place, 1),
                                                           after=lang.fixed(after.expected_place, 1))
    return _("value {before} → {after} (from −1 to +1)").format(before=_signed(lang, before.value),
                                                               after=_signed(lang, after.value))


def hint_lines(state: State, analysis: Analysis, lang: Lang, count: int = 3) -> list[str]:
    """A hint: the ``count`` best options of ``analysis`` at ``state``, each in the game's words with
    its value in words, best first."""
    game = state.game
    lines = [lang.gettext("Hint: your best options, as the strongest bot values them:")]
    for i, option in enumerate(analysis.top(count), start=1):
        label = game.describe(state, option.action, lang)
        lines.append(f"  {i}. {label} — {value_words(option, lang, analysis.cooperative)}")
    return lines

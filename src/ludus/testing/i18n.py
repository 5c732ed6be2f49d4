"""Is a game translated? Every text a person reads in a random game, in a language, checked.

:func:`read_everything` plays a seeded random game and collects what a person reads
in ``lang``: every seat's and the spectator's board (:meth:`~ludus.core.api.Game.render`,
``render_seat``, ``render_map``) at a few points of the game, the label of every legal
action at every decision, every event of the log, the score sheet's labels and the
reason the game ended. :func:`problems` then names each text that is not in the
language: a message the catalogs lack (so gettext fell back to English), a placeholder
left unfilled, or a common English word in a language that has no such word.

>>> from ludus import load
>>> texts, lang = read_everything(load("glory-to-rome", 2), 1, "en")
>>> problems(texts, lang)
[]
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po

from ludus.core.api import Game
from ludus.core.i18n import Lang, localedir
from ludus.core.rng import Rng

__all__ = ["ENGLISH_WORDS", "CheckedLang", "problems", "read_everything"]

ENGLISH_WORDS = frozenset(
    ["the", "and", "with", "from", "player", "players", "seat", "card", "cards", "takes", "draws", "your",
     "you", "points", "score", "hand", "deck", "tile", "tiles", "city", "cities", "legions", "marker",
     "markers", "action", "actions", "round", "turn", "game", "none", "each", "into", "has", "have", "not",
     "this", "that", "until", "after", "before", "when", "which", "there", "their", "them", "town", "pool",
     "builds", "adds", "moves", "gains", "loses", "pays", "discards", "plays", "may", "must", "two", "three",
     "four", "five", "six", "left", "right", "total", "year", "boxes", "row", "sheet"])
"""Words that are English and are not words of Polish, Hungarian or Ukrainian (nor Latin names)."""

_PLACEHOLDER = re.compile(r"\{[A-Za-z_][\w:]*\}")
_WORD = re.compile(r"[^\W\d_]+")


@cache
def _known(domain: str, code: str) -> frozenset[str]:
    """The msgids that ``domain``'s ``code`` catalog translates (empty when it has none)."""
    try:
        where = localedir(domain) / code / "LC_MESSAGES" / f"{domain}.po"
    except KeyError:
        return frozenset()
    if not Path(where).exists():
        return frozenset()
    with open(where, "rb") as f:
        catalog = read_po(f, locale=code)
    found: set[str] = set()
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if all(strings) and "fuzzy" not in message.flags:  # a message with a context counts by its msgid
            found.add(str(message.id[0] if isinstance(message.id, (tuple, list)) else message.id))
    return frozenset(found)


class CheckedLang(Lang):
    """A :class:`Lang` that remembers each message its catalogs do not translate.

    ``misses`` is shared by the language bound to every domain (:meth:`for_domain`),
    so one ``CheckedLang`` passed to a game collects every fallback to English.
    """

    __slots__ = ("misses",)

    def __init__(self, code: str, domain: str = "ludus", misses: set[tuple[str, str]] | None = None) -> None:
        super().__init__(code, domain)
        self.misses: set[tuple[str, str]] = set() if misses is None else misses

    def for_domain(self, domain: str) -> Lang:
        bound = CheckedLang(self.code, domain, self.misses)
        return bound.with_names(self.names) if self.names else bound

    def _check(self, message: str, domain: str | None) -> None:
        where = domain or self.domain
        if self.code != "en" and message not in _known(where, self.code):
            self.misses.add((where, message))

    def gettext(self, message: str, domain: str | None = None) -> str:
        self._check(message, domain)
        return super().gettext(message, domain)

    def ngettext(self, singular: str, plural: str, n: int, domain: str | None = None) -> str:
        self._check(singular, domain)
        return super().ngettext(singular, plural, n, domain)

    def pgettext(self, context: str, message: str, domain: str | None = None) -> str:
        self._check(message, domain)
        return super().pgettext(context, message, domain)


def read_everything(game: Game[Any], seed: int, code: str,
                    views: int = 6) -> tuple[list[tuple[str, str]], CheckedLang]:
    """Play a random game of ``game`` from ``seed`` and collect ``(where, text)`` of all it shows in ``code``.

    Boards are rendered ``views`` times through the game (and at its end) for every seat
    and the spectator; labels and events at every step.
    """
    lang = CheckedLang(code)
    rng = Rng(seed)
    state = game.new_state(seed)
    texts: list[tuple[str, str]] = []
    seats: list[int | None] = [*range(game.players), None]

    def boards(step: int) -> None:
        for seat in seats:
            view = state.view(seat)
            texts.append((f"render {seat} @{step}", game.render(view, seat, lang)))
            if seat is not None:
                texts.append((f"render_seat {seat} @{step}", game.render_seat(view, seat, lang) or ""))
                texts.append((f"render_map {seat} @{step}", game.render_map(view, lang) or ""))

    step = 0
    cap = game.action_cap
    every = max(1, cap // (views * 20))
    while not state.is_terminal() and step < cap:
        if step % every == 0 and step // every < views:
            boards(step)
        seat = state.to_move()[0]
        actions = state.legal_actions(seat)
        texts.extend((f"label @{step}", game.describe(state, action, lang)) for action in actions)
        events = state.apply(rng.choice(actions))
        texts.extend((f"event {event.kind} @{step}", event.text_in(lang)) for event in events)
        step += 1
    boards(step)
    if state.is_terminal():
        outcome = state.outcome()
        texts.append(("outcome", game.outcome_text(outcome, lang)))
        domain = lang.for_domain(game.info.id)
        for row in outcome.details.get("sheet", ()):
            texts.append(("sheet", domain.gettext(str(row.get("label", row.get("category", ""))))))
            texts.extend(("sheet", domain.gettext(v)) for v in row.get("points", ()) if isinstance(v, str))
    return texts, lang


def problems(texts: Iterable[tuple[str, str]], lang: CheckedLang, allowed: Iterable[str] = ()) -> list[str]:
    """What is not in ``lang`` among ``texts``: catalog misses, unfilled placeholders, English words.

    ``allowed`` lists words that may stay as they are (proper names in the glossary,
    notation a person types).
    """
    found = [f"not translated ({domain}): {message!r}" for domain, message in sorted(lang.misses)]
    keep = {word.casefold() for word in allowed}
    for where, text in texts:
        for hole in _PLACEHOLDER.findall(text):
            found.append(f"{where}: placeholder {hole} left in {text[:120]!r}")
        if lang.code == "en":
            continue
        english = {w for w in _WORD.findall(text)
                   if w.casefold() in ENGLISH_WORDS and w.casefold() not in keep}
        if english:
            found.append(f"{where}: English {sorted(english)} in {text[:120]!r}")
    return sorted(set(found))

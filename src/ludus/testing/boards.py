"""Checks of a game's SVG board over random games (the board issues' "done when").

:func:`check_boards` plays seeded random games and, at ``positions`` positions spread
over them, draws the board of every seat and of the spectator in every language, and
checks that:

- the picture is well-formed XML with a ``viewBox`` (it scales) and no fixed size;
- every legal action of the viewing seat is on some element's ``data-action`` (one click);
- the picture depends on nothing the seat cannot see: a world re-dealt from the seat's
  view (``determinize``) draws the same picture;
- every word is in the language: the picture is drawn with a
  :class:`~ludus.testing.i18n.CheckedLang`, and a message the game's catalogs lack fails;
- no hidden component of another seat is named: the game's ``hidden(state, seat)`` gives
  the ids a seat may not see (e.g. the cards in the other hands that are nowhere in its
  view), and :func:`check_boards` looks for them, and for their names in the language
  (``names(id, lang)``), in the picture.

It raises :class:`AssertionError` naming the seed, the step, the seat and the language.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from ludus.core.api import Game, State
from ludus.core.board import board_view
from ludus.core.events import Event
from ludus.core.i18n import LANGUAGES, Lang, get_lang
from ludus.core.rng import Rng
from ludus.testing.i18n import CheckedLang

__all__ = ["SMALLEST_WORD_JS", "check_boards", "check_picture"]

_SVG = "{http://www.w3.org/2000/svg}"
_TOKEN = re.compile(r"\w+")
"""An id as it may stand in a picture: a whole word (``circus`` is not ``circus_maximus``)."""


SMALLEST_WORD_JS = """() => {
  const board = document.getElementById('board'), svg = board && board.querySelector('svg');
  if (!svg) return null;
  let least = Infinity, words = 0;
  for (const text of svg.querySelectorAll('text')) {
    if (text.closest('defs, symbol') || !text.textContent.trim()) continue;
    const m = text.getScreenCTM();
    least = Math.min(least, parseFloat(getComputedStyle(text).fontSize) * Math.hypot(m.a, m.b));
    words += 1;
  }
  const shown = svg.getBoundingClientRect();
  return {least: least, words: words, width: shown.width, height: shown.height,
          scale: shown.width / svg.viewBox.baseVal.width,
          windowWidth: board.clientWidth, windowHeight: board.clientHeight,
          scrollWidth: board.scrollWidth, scrollHeight: board.scrollHeight};
}"""
"""JavaScript a browser (Playwright's ``page.evaluate``) runs on a page of the web platform to
measure its board (``#board svg``) as drawn: ``least``, the smallest word in CSS pixels (each
``<text>`` outside ``<defs>`` — whose icons are pictures —, its computed font size times the
scale from its own coordinates to the screen), ``words``, how many; the picture's size and
``scale``; its window's size and how far it scrolls. None when the page shows no picture."""


def check_picture(picture: str, actions: Iterable[str], where: str) -> ElementTree.Element:
    """``picture`` parses, scales, and offers every one of ``actions`` on a ``data-action``."""
    try:
        root = ElementTree.fromstring(picture)
    except ElementTree.ParseError as exc:
        raise AssertionError(f"{where}: the SVG does not parse: {exc}") from None
    if root.tag != f"{_SVG}svg" or "viewBox" not in root.attrib or "width" in root.attrib:
        raise AssertionError(f"{where}: the picture must be an <svg> with a viewBox and no fixed size")
    offered = {n for element in root.iter() for n in element.attrib.get("data-action", "").split(",") if n}
    missing = [a for a in actions if a not in offered]
    if missing:
        raise AssertionError(f"{where}: legal actions with nothing to click: {missing[:5]}")
    return root


def check_boards(
    game: Game[Any],
    seeds: Sequence[int],
    positions: int = 200,
    languages: Sequence[str] = LANGUAGES,
    hidden: Callable[[State, int], set[str]] | None = None,
    names: Callable[[str, Lang], Iterable[str]] | None = None,
    twins: int = 1,
    translated: bool = True,
) -> int:
    """Check ``positions`` positions spread over random games from ``seeds``; the pictures drawn."""
    per_game = max(1, positions // len(seeds))
    drawn = 0
    for seed in seeds:
        rng = Rng(seed)
        state = game.new_state(seed)
        cap = game.action_cap
        # a first pass finds the game's length, so the positions spread over all of it
        trial, length = state.clone(), 0
        trial_rng = Rng(seed)
        while not trial.is_terminal() and length < cap:
            trial.apply(trial_rng.choice(trial.legal_actions(trial.to_move()[0])))
            length += 1
        stride = max(1, length // per_game)
        step = 0
        recent: list[Event] = []
        while True:
            if step % stride == 0 or state.is_terminal():
                drawn += _check_position(game, state, recent, seed, step, languages, hidden, names, twins,
                                         rng, translated)
            if state.is_terminal() or step >= cap:
                break
            action = rng.choice(state.legal_actions(state.to_move()[0]))
            recent = state.apply(action)
            step += 1
    return drawn


def _check_position(game: Game[Any], state: State, recent: list[Event], seed: int, step: int,
                    languages: Sequence[str], hidden: Callable[[State, int], set[str]] | None,
                    names: Callable[[str, Lang], Iterable[str]] | None, twins: int, rng: Rng,
                    translated: bool) -> int:
    drawn = 0
    for seat in [*range(game.players), None]:
        view = board_view(state, seat, recent)
        secret = hidden(state, seat) if hidden is not None and seat is not None else set()
        for code in languages:
            lang = CheckedLang(code)
            where = f"seed {seed}, step {step}, seat {seat}, {code}"
            picture = game.svg(view, seat, lang)
            if picture is None:
                raise AssertionError(f"{where}: the game draws no picture")
            if translated and lang.misses:
                raise AssertionError(f"{where}: words not in the catalogs: {sorted(lang.misses)[:5]}")
            check_picture(picture, view["actions"], where)
            tokens = set(_TOKEN.findall(picture)) if secret else set()
            for item in secret:
                shown = [item] if item in tokens else []
                for name in names(item, lang) if names is not None else ():
                    if name and re.search(rf"(?<!\w){re.escape(name)}(?!\w)", picture):
                        shown.append(name)
                if shown:
                    raise AssertionError(f"{where}: the picture names {shown} the seat may not see")
            drawn += 1
        if seat is not None:
            first = game.svg(view, seat, get_lang(languages[0]))
            for _ in range(twins):
                twin = state.determinize(seat, rng.next() & 0xFFFFFFFF)
                if game.svg(board_view(twin, seat, recent), seat, get_lang(languages[0])) != first:
                    raise AssertionError(f"seed {seed}, step {step}, seat {seat}: a world re-dealt from the "
                                         "seat's view draws another picture (it shows something hidden)")
    return drawn

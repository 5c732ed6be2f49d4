"""The ``ludus review`` command: a played game's decisions valued, its mistakes listed (issue 39).

``ludus review RECORD [--seat N] [--json] [--level LEVEL]`` replays the record and values every
decision with a choice (:func:`ludus.agents.review.review`); it prints each seat's mistakes: the
move number, the move played and the move the bot preferred in the game's words, and their values
in words ("win chance 62% → 41%"). An unfinished record is reviewed up to its last action, and only
one seat's decisions (a seat sees only its own until the game is over): ``--seat``, or the record's
one person.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.text import Text

from ludus.agents.analysis import LEVELS
from ludus.agents.review import MISTAKE, REVIEW_LEVEL, Review, positions, review
from ludus.cli.arguments import UsageError
from ludus.core.api import State
from ludus.core.errors import N_
from ludus.core.i18n import Lang
from ludus.core.record import GameRecord
from ludus.play.advice import change_words
from ludus.play.terminal import PERSON

__all__ = ["add_parser", "cmd_review"]


def add_parser(sub: Any, language: argparse.ArgumentParser, lang: Lang) -> None:
    """Add the ``review`` sub-command to ``sub`` (the ``ludus`` command's sub-parsers)."""
    _ = lang.gettext
    p = sub.add_parser("review", parents=[language],
                       help=_("value every decision of a game record and list the mistakes"))
    p.add_argument("record")
    p.add_argument("--seat", type=int, default=None,
                   help=_("only this seat's decisions (0-based; needed for an unfinished game, unless the "
                          "record has one person)"))
    p.add_argument("--level", default=None, choices=list(LEVELS),
                   help=_("how much search each decision gets (default: about the {level} level's)").format(
                       level=REVIEW_LEVEL))
    p.add_argument("--seed", type=int, default=0, help=_("seed of the review's simulations (default 0)"))
    p.add_argument("--json", action="store_true", help=_("machine-readable output"))
    p.set_defaults(func=cmd_review)


def _seats(args: argparse.Namespace, record: GameRecord, finished: bool) -> list[int]:
    """Whose decisions are reviewed: ``--seat``; else everyone's in a finished game, the one person's
    in an unfinished one."""
    if args.seat is not None:
        if not 0 <= args.seat < record.players:
            raise UsageError(N_("--seat {seat} does not exist in a {players}-player game (0–{last})"),
                             seat=args.seat, players=record.players, last=record.players - 1)
        return [args.seat]
    if finished:
        return list(range(record.players))
    people = [p for p, who in enumerate(record.seats or ()) if who == PERSON]
    if len(people) == 1:
        return people
    if record.players == 1:
        return [0]
    raise UsageError(N_("the game is not over, so a seat may see only its own decisions: choose one with "
                        "--seat N"))


def cmd_review(args: argparse.Namespace, console: Console) -> int:
    """Review a record: every decision valued, each seat's mistakes printed (or the JSON)."""
    lang: Lang = args.lang
    _ = lang.gettext
    record = GameRecord.load(args.record)
    found, final = positions(record)
    seats = _seats(args, record, final.is_terminal())
    states = {p.number: p.state for p in found}
    with Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), console=console, transient=True,
                  disable=args.json or not console.is_terminal) as bar:
        task = bar.add_task(_("reviewing"), total=None)

        def advance(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        result = review((found, final), level=args.level, seed=args.seed, seats=seats, progress=advance)
    if args.json:
        console.print_json(json.dumps(result.to_json()))
        return 0
    _print(result, states, lang, console)
    return 0


def _print(result: Review, states: dict[int, State], lang: Lang, console: Console) -> None:
    """Each seat's mistakes, in the game's words, with the values in words."""
    _ = lang.gettext
    game = next(iter(states.values())).game if states else None
    title = game.info.title_in(lang.code) if game is not None else result.game
    said = lang.ngettext("{game}: {count} decision reviewed", "{game}: {count} decisions reviewed",
                         len(result.decisions)).format(game=title, count=len(result.decisions))
    console.print(Text(said, style="bold"))
    if not result.finished:
        console.print(Text(lang.ngettext(
            "The game is not over: the decisions of its first {count} action are reviewed.",
            "The game is not over: the decisions of its first {count} actions are reviewed.",
            result.actions).format(count=result.actions)))
    cooperative = game is not None and game.info.cooperative
    for seat in result.seats:
        mistakes = result.mistakes(seat)
        reviewed = sum(1 for d in result.decisions if d.seat == seat)
        if not mistakes:
            line = lang.ngettext("{seat}: no mistakes in {count} decision",
                                 "{seat}: no mistakes in {count} decisions", reviewed)
        else:
            line = lang.ngettext("{seat}: mistakes: {mistakes}, in {count} decision",
                                 "{seat}: mistakes: {mistakes}, in {count} decisions", reviewed)
        console.print(Text(line.format(seat=lang.player(seat), mistakes=len(mistakes), count=reviewed),
                           style="bold"), markup=False, highlight=False)
        for d in mistakes:
            state = states[d.number]
            played, best = d.analysis.option(d.played), d.analysis.option(d.best)
            assert played is not None and best is not None
            text = "  " + _("move {number}: played {played}; the bot preferred {best} ({values})").format(
                number=d.number, played=state.game.describe(state, d.played, lang),
                best=state.game.describe(state, d.best, lang),
                values=change_words(best, played, lang, cooperative))
            console.print(Text(text), markup=False, highlight=False)
    console.print(Text(_("A mistake loses at least {loss} on the scale from −1 (last) to +1 (first); "
                         "values are the search's estimates.").format(loss=lang.fixed(MISTAKE, 1))),
                  markup=False, highlight=False)

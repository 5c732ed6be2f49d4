"""The ``ludus tournament`` command: agents meet with seats rotated; ratings, win rates, head-to-head."""

from __future__ import annotations

import argparse
import contextlib
import json
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from ludus.cli.arguments import MAX_JOBS, UsageError, parse_options, seed
from ludus.core.errors import N_
from ludus.core.i18n import Lang

__all__ = ["add_parser", "cmd_tournament"]


def add_parser(sub: Any, language: argparse.ArgumentParser, lang: Lang) -> None:
    """Add the ``tournament`` sub-command to ``sub`` (the ``ludus`` command's sub-parsers)."""
    _ = lang.gettext
    p = sub.add_parser("tournament", parents=[language],
                       help=_("agents play each other with seats rotated: ratings, win rates, head-to-head"))
    p.add_argument("game")
    p.add_argument("--agents", default="random,greedy",
                   help=_(
                       "comma-separated agents: levels, baselines or module:Class (default random,greedy)"))
    p.add_argument("--players", type=int, help=_("players at each table (default: the game's, at least 2)"))
    p.add_argument("--games", type=int, default=20,
                   help=_("games per pairing, rounded up to a multiple of the players (default 20)"))
    p.add_argument("--format", default="round-robin", metavar="round-robin|gauntlet",
                   help=_("round-robin: every combination of agents; gauntlet: the challenger against the "
                          "others"))
    p.add_argument("--challenger", help=_("the gauntlet's challenger (default: the first agent)"))
    p.add_argument("--jobs", type=int, default=1, help=_("worker processes (default 1)"))
    p.add_argument("--seed", type=seed, default=0)
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help=_("a game option"))
    p.add_argument("--json", metavar="FILE.json", help=_("write everything, every game too, as JSON"))
    p.add_argument("--max-actions", type=int, metavar="N",
                   help=_("stop a game after N actions and count it as unfinished (default: 20× the game's "
                          "typical length)"))
    p.set_defaults(func=cmd_tournament)


def _or_dash(value: float | None, show: Any) -> str:
    """``show(value)``, or a dash when there is no value (an agent whose every game was capped)."""
    return "–" if value is None else str(show(value))


def cmd_tournament(args: argparse.Namespace, console: Console) -> int:
    """Hold a tournament between agents and print the standings and the head-to-head table."""
    from ludus.sim.tournament import plan, tournament

    lang: Lang = args.lang
    _ = lang.gettext
    if not 1 <= args.jobs <= MAX_JOBS:
        raise UsageError(
            _("--jobs must be between 1 and {most}, got {jobs}").format(most=MAX_JOBS, jobs=args.jobs))
    if args.games < 1:
        raise UsageError(_("--games must be at least 1"))
    if args.max_actions is not None and args.max_actions < 1:
        raise UsageError(_("--max-actions must be at least 1"))
    agents = [a.strip() for a in args.agents.split(",") if a.strip()]
    out = Path(args.json) if args.json else None
    try:  # a file that cannot be written is said before the games, not after
        fh = out.open("w", encoding="utf-8") if out is not None else None
    except OSError as exc:
        raise UsageError(N_("cannot write {path}: {reason}"), path=str(out), reason=exc.strerror) from None
    with contextlib.ExitStack() as stack:
        if fh is not None:
            stack.enter_context(fh)
        bar = stack.enter_context(Progress(
            TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
            console=console, transient=True, disable=not console.is_terminal))
        task = bar.add_task(args.game, total=None)

        def advance(_game: Any) -> None:
            bar.advance(task)

        # The same checks as the tournament's, so an error comes before any game; the total for the bar.
        options = parse_options(args.option)
        shape = plan(args.game, agents, args.players, args.games, args.format, args.challenger, options,
                     args.max_actions, args.jobs)
        bar.update(task, total=shape.total)
        result = tournament(args.game, agents, args.players, args.games, args.format, args.challenger,
                            options, args.jobs, args.seed, args.max_actions, progress=advance,
                            keep_games=fh is not None)
        bar.stop()
        _print(result, lang, console)
        if fh is not None:
            data = result.to_json()
            data["command"] = {k: v for k, v in vars(args).items() if k not in ("func", "lang")}
            try:
                fh.write(json.dumps(data, indent=1) + "\n")
            except OSError as exc:
                raise UsageError(N_("cannot write {path}: {reason}"), path=str(out),
                                 reason=exc.strerror) from None
            console.print(_("results in {path}").format(path=out), markup=False, highlight=False)
    return 0


def _print(result: Any, lang: Lang, console: Console) -> None:
    """The standings, the head-to-head table, and how the games went."""
    from ludus.core.registry import configure

    _ = lang.gettext
    game = configure(result.game, result.players, result.options)
    title = lang.ngettext("{game}: {format}, {count} game, {players} players, seed {seed}",
                          "{game}: {format}, {count} games, {players} players, seed {seed}",
                          result.total_games)
    fmt = _("round-robin") if result.format == "round-robin" else _("gauntlet")
    table = Table(title=title.format(game=game.info.title_in(lang.code), format=fmt, count=result.total_games,
                                     players=result.players, seed=result.seed))
    table.add_column("#", justify="right")
    table.add_column(_("agent"), no_wrap=True)
    table.add_column(_("rating μ ± 2σ"), justify="right", no_wrap=True)
    table.add_column(_("games"), justify="right")
    table.add_column(_("wins"), justify="right")
    table.add_column(_("win rate (95% CI)"), justify="right")
    table.add_column(_("mean score"), justify="right")
    table.add_column(_("mean place"), justify="right")
    for place, s in enumerate(result.standings, start=1):
        rate = "–" if s.win_rate is None else (
            f"{lang.percent(s.win_rate)} ({lang.percent(s.win_low)}–{lang.percent(s.win_high)})")
        table.add_row(
            str(place), Text(s.agent), f"{lang.fixed(s.mu, 1)} ± {lang.fixed(s.high - s.mu, 1)}",
            str(s.games), lang.fixed(s.wins, 1), rate,
            _or_dash(s.mean_score, lang.fixed), _or_dash(s.mean_place, lang.fixed),
        )
    console.print(table)
    order = [s.agent for s in result.standings]
    h2h = Table(title=_("head to head: how often the row's agent placed ahead of the column's (ties count "
                        "half)"))
    h2h.add_column("")
    for a in order:
        h2h.add_column(Text(a), justify="right")
    for a in order:
        cells: list[str | Text] = [Text(a)]
        for b in order:
            met = result.head_to_head[a].get(b) if a != b else None
            cells.append("–" if met is None or met["share"] is None else
                         f"{lang.percent(met['share'])} ({met['games']})")
        h2h.add_row(*cells)
    console.print(h2h)
    per_pairing = lang.ngettext("{games} game per pairing, seats rotated",
                                "{games} games per pairing, seats rotated", result.games_per_pairing)
    parts = [per_pairing.format(games=result.games_per_pairing),
             _("{rate} games/s").format(
                 rate=lang.fixed(result.total_games / result.seconds if result.seconds else 0.0))]
    if result.mean_length is not None:
        length = lang.fixed(result.mean_length, 1)
        parts.append(_("mean game length in actions: {length}").format(length=length))
    console.print(" · ".join(parts), markup=False, highlight=False)
    ended = lang.join([f"{kind or 'unknown'} {count}" for kind, count in sorted(result.terminations.items())])
    if ended:
        console.print(_("how the games ended: {ended}").format(ended=ended), markup=False, highlight=False)
    if result.capped:
        said = lang.ngettext(
            "{capped} of {games} game reached the action cap and is counted as unfinished (not rated)",
            "{capped} of {games} games reached the action cap and are counted as unfinished (not rated)",
            result.capped)
        console.print(said.format(capped=result.capped, games=result.total_games), markup=False,
                      highlight=False)

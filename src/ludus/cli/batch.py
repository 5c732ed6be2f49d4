"""The ``ludus`` commands that run many games or draw one: ``simulate``, ``render``, ``bench``."""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import json
import math
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from ludus.agents import AGENTS, make_agent
from ludus.cli.arguments import MAX_BENCH_SECONDS, MAX_JOBS, UsageError, parse_options
from ludus.core.actions import Action
from ludus.core.api import GameInfo
from ludus.core.errors import N_
from ludus.core.events import Event
from ludus.core.i18n import Lang
from ludus.core.record import GameRecord, replay
from ludus.core.registry import configure, games, load
from ludus.core.rng import Rng

__all__ = ["cmd_bench", "cmd_render", "cmd_simulate"]


# --- simulate ---------------------------------------------------------------------------
def cmd_simulate(args: argparse.Namespace, console: Console) -> int:
    """Play many bot games and summarise them."""
    from ludus.sim.simulate import Summarizer, game_seed, run_games, seatings

    lang: Lang = args.lang
    _ = lang.gettext

    if args.n < 1:
        raise UsageError(_("-n must be at least 1"))
    if not 1 <= args.jobs <= MAX_JOBS:
        raise UsageError(
            _("--jobs must be between 1 and {most}, got {jobs}").format(most=MAX_JOBS, jobs=args.jobs))
    if args.max_actions is not None and args.max_actions < 1:
        raise UsageError(_("--max-actions must be at least 1"))
    agents = [a.strip() for a in args.agents.split(",") if a.strip()]
    if not agents:
        raise UsageError(
            _("--agents must name at least one agent (agents: {known})").format(known=", ".join(AGENTS)))
    for name in agents:
        make_agent(name)  # a LudusError naming the agent (a module:Class that does not load too)
    if args.out and Path(args.out).suffix not in (".csv", ".jsonl", ".parquet"):
        raise UsageError(_("--out must end in .csv, .jsonl or .parquet"))
    if args.out and Path(args.out).suffix == ".parquet":
        _need_scale("pyarrow", _)
    if args.backend not in ("local", "ray"):
        raise UsageError(_("--backend must be local or ray, got {backend!r}").format(backend=args.backend))
    if args.backend == "ray":
        _need_scale("ray", _)
    records = None
    if args.records:
        records = Path(args.records).resolve()
        try:
            records.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise UsageError(
                _("cannot write {path}: {reason}").format(path=args.records, reason=exc.strerror)) from None
    if args.out and Path(args.out).suffix == ".parquet":
        deals = (game_seed(args.seed, 0), game_seed(args.seed, args.n - 1))
        if not all(-(2**63) <= s < 2**63 for s in deals):
            raise UsageError(_("--seed {seed} is too large for Parquet: the games' seeds must fit in 64-bit"
                               " signed integers").format(seed=args.seed))
    options = parse_options(args.option)
    game = configure(args.game, args.players, options)
    seats = seatings(agents, game.players, args.rotate_seats)
    total = args.n * len(seats)
    import time

    start = time.perf_counter()
    builder = Summarizer(game.players)
    with _result_writer(Path(args.out) if args.out else None) as write, Progress(
        TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
        console=console, transient=True, disable=not console.is_terminal,
    ) as bar:
        task = bar.add_task(f"{args.game} ×{total}", total=total)
        for result in run_games(
            args.game, args.n, game.players, agents, options, args.jobs, args.seed,
            progress=lambda _r: bar.advance(task), max_actions=args.max_actions, rotate=args.rotate_seats,
            records=records, backend=args.backend,
        ):
            builder.add(result)
            write(result)
    seconds = time.perf_counter() - start
    summary = builder.summary(seconds)
    title = lang.ngettext("{game}: {count} game, {players} players, seed {seed}",
                          "{game}: {count} games, {players} players, seed {seed}", total)
    title = title.format(game=game.info.title_in(lang.code), count=total, players=game.players,
                         seed=args.seed)
    if len(seats) > 1:
        title += _(" (deals × seatings: {seeds} × {seatings})").format(seeds=args.n, seatings=len(seats))
    table = Table(title=title)
    table.add_column(_("seat"))
    table.add_column(_("agent"))
    table.add_column(_("wins") if not game.info.cooperative else _("team wins"), justify="right")
    table.add_column(_("mean score"), justify="right")
    table.add_column(_("stdev"), justify="right")
    for p in range(game.players):
        if summary.wins:  # empty when every game was capped
            win = summary.coop_win_rate if summary.coop_win_rate is not None else summary.wins[p]
            figures = (lang.percent(win), lang.fixed(summary.mean_scores[p]),
                       lang.fixed(summary.stdev_scores[p]))
        else:
            figures = "–", "–", "–"
        table.add_row(str(p), agents[p % len(agents)] if len(seats) == 1 else _("rotated"), *figures)
    console.print(table)
    if len(seats) > 1 and summary.agent_wins and not game.info.cooperative:
        shares = ", ".join(f"{name} {lang.percent(share)}" for name, share in summary.agent_wins.items())
        console.print(_("wins per seat taken, by agent: {shares}").format(shares=shares), markup=False,
                      highlight=False)
    parts = [_("mean game length in actions: {length}").format(length=lang.fixed(summary.mean_length, 1))
             + (_(" (finished games)") if summary.capped or summary.errors else ""),
             _("{rate} games/s").format(rate=lang.fixed(summary.games_per_s))]
    if summary.coop_win_rate is not None:
        parts.append(_("co-op win rate {rate}").format(rate=lang.percent(summary.coop_win_rate)))
    if args.out:
        parts.append(_("results in {path}").format(path=args.out))
    if records is not None:
        parts.append(_("records in {path}").format(path=args.records))
    console.print(" · ".join(parts), markup=False, highlight=False)
    ended = lang.join(
        [f"{kind or 'unknown'} {count}" for kind, count in sorted(summary.terminations.items())])
    if ended:
        console.print(_("how the games ended: {ended}").format(ended=ended), markup=False, highlight=False)
    if summary.capped:
        cap = args.max_actions or game.action_cap
        capped = builder.capped
        shown = ", ".join(map(str, capped)) + (", …" if summary.capped > len(capped) else "")
        said = lang.ngettext(
            "{capped} of {games} game reached the cap of {cap} actions and is counted as unfinished (not in "
            "the wins, scores or mean length): game {shown}",
            "{capped} of {games} games reached the cap of {cap} actions and are counted as unfinished (not in"
            " the wins, scores or mean length): game {shown}", summary.capped)
        console.print(said.format(capped=summary.capped, games=summary.games, cap=cap, shown=shown),
                      markup=False, highlight=False)
    if summary.errors:
        shown = ", ".join(map(str, builder.errors)) + (", …" if summary.errors > len(builder.errors) else "")
        said = lang.ngettext(
            "{errors} of {games} game stopped with an error and is counted as unfinished (the reason is in "
            "its row): game {shown}",
            "{errors} of {games} games stopped with an error and are counted as unfinished (the reason is in"
            " their rows): game {shown}", summary.errors)
        console.print(said.format(errors=summary.errors, games=summary.games, shown=shown),
                      markup=False, highlight=False)
    return 0


def _need_scale(module: str, _: Callable[[str], str]) -> None:
    """A one-line usage error when ``module`` (of the ``scale`` extra) is not installed."""
    import importlib.util

    if importlib.util.find_spec(module) is None:
        raise UsageError(_("{module} is not installed: pip install 'ludus[scale]'").format(module=module))


@contextlib.contextmanager
def _result_writer(path: Path | None) -> Iterator[Callable[[Any], None]]:
    """A function writing one result row to ``path`` (CSV, JSONL or Parquet) as it comes (nothing if None)."""
    from ludus.sim.results import open_results

    if path is None:
        yield lambda _r: None
        return
    try:
        with open_results(path) as write:
            yield write
    except OSError as exc:
        raise UsageError(N_("cannot write {path}: {reason}"), path=str(path), reason=exc.strerror) from None


# --- render ------------------------------------------------------------------------------
def cmd_render(args: argparse.Namespace, console: Console) -> int:
    """Draw a position as SVG or PNG: a record's after ``--at`` actions, or a seeded random game's."""
    from ludus.core.board import draw
    from ludus.play.picture import write_picture

    lang: Lang = args.lang
    _ = lang.gettext
    if args.at is not None and args.at < 0:
        raise UsageError(_("--at must be 0 or more"))
    if args.record:
        record = GameRecord.load(args.record)
        if args.game != record.game:
            raise UsageError(_("the record {path} is a game of {game}, not of {wanted}").format(
                path=repr(args.record), game=record.game, wanted=args.game))
        digests = None if record.digests is None else record.digests[: args.at]
        upto = record if args.at is None else dataclasses.replace(
            record, actions=record.actions[: args.at], digests=digests, final_digest=None)
        history: list[tuple[Action, list[Event]]] = []
        state = replay(upto, on_action=lambda _n, action, events: history.append((action, events)))
        game = state.game
    else:
        game = configure(args.game, args.players, parse_options(args.option))
        state = game.new_state(args.seed)
        rng = Rng(args.seed)
        history = []
        while len(history) < (args.at or 0) and not state.is_terminal():
            action = rng.choice(state.legal_actions(state.to_move()[0]))
            history.append((action, state.apply(action)))
    seat = args.seat
    if seat is not None and not 0 <= seat < game.players:
        raise UsageError(_("--seat {seat} does not exist in a {players}-player game (0–{last})").format(
            seat=seat, players=game.players, last=game.players - 1))
    mine = [i for i, (action, _events) in enumerate(history) if action.player == seat]
    since = mine[-1] + 1 if mine else max(0, len(history) - 1)
    recent = [event for _action, events in history[since:] for event in events]
    write_picture(draw(state, seat, lang, recent), Path(args.out))
    console.print(_("Wrote {path}.").format(path=args.out), markup=False, highlight=False)
    return 0


# --- bench -------------------------------------------------------------------------------
def cmd_bench(args: argparse.Namespace, console: Console) -> int:
    """Measure random full games/s, actions/s and clones/s per game and player count."""
    from ludus.sim.bench import bench

    lang: Lang = args.lang
    _ = lang.gettext

    if not (math.isfinite(args.seconds) and 0 < args.seconds <= MAX_BENCH_SECONDS):
        raise UsageError(_("--seconds must be a positive number of at most {most}, got {seconds}").format(
            most=f"{MAX_BENCH_SECONDS:g}", seconds=args.seconds))
    ids = args.games or [info.id for info in games()]
    if not ids:
        if args.json:
            print(json.dumps({"results": []}))
        else:
            console.print(_("No games are installed: nothing to benchmark."))
        return 0
    infos = [load(i).info for i in ids]  # validates every id first
    if args.search:
        return _bench_search(args, console, infos)
    results = []
    for info in infos:
        counts = [args.players] if args.players else range(info.min_players, info.max_players + 1)
        for n in counts:
            results.append(bench(info.id, n, args.seconds))
            if not args.json:
                r = results[-1]
                # rates, not counts: "games/s" is a unit, written in a form no language inflects by the number
                line = _("{game} {players}p  {game_rate} games/s  {action_rate} actions/s  {clone_rate} "
                         "clones/s").format(
                    game=f"{r.game:<16}", players=r.players, game_rate=f"{lang.fixed(r.games_per_s, 1):>9}",
                    action_rate=f"{lang.fixed(r.actions_per_s, 0):>10}",
                    clone_rate=f"{lang.fixed(r.clones_per_s, 0):>10}")
                console.print(line, highlight=False, soft_wrap=True)
    if args.json:
        print(json.dumps({"results": [
            {"game": r.game, "players": r.players, "games_per_s": r.games_per_s,
             "actions_per_s": r.actions_per_s, "clones_per_s": r.clones_per_s}
            for r in results
        ]}))
    return 0


def _bench_search(args: argparse.Namespace, console: Console, infos: list[GameInfo]) -> int:
    """``bench --search``: determinizations, evaluate_all calls and ISMCTS iterations per second."""
    from ludus.sim.searchbench import search_bench

    lang: Lang = args.lang
    _ = lang.gettext
    results = []
    for info in infos:
        counts = [args.players] if args.players else range(info.min_players, info.max_players + 1)
        for n in counts:
            r = search_bench(info.id, n, args.seconds)
            results.append(r)
            if not args.json:
                line = _("{game} {players}p  {determinize} determinize/s  {evaluate} evaluate_all/s  "
                         "{iterations} ISMCTS iterations/s").format(
                    game=f"{r.game:<16}", players=r.players,
                    determinize=f"{lang.fixed(r.determinize_per_s, 0):>8}",
                    evaluate=f"{lang.fixed(r.evaluate_all_per_s, 0):>8}",
                    iterations=f"{lang.fixed(r.iterations_per_s, 0):>7}")
                console.print(line, highlight=False, soft_wrap=True)
    if args.json:
        print(json.dumps({"results": [r.to_json() for r in results]}))
    return 0

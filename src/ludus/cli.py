"""The ``ludus`` command: games, play, simulate, replay, bench.

Bad input (an unknown game, a bad option, a malformed record, an illegal or
unparsable action) prints one clear line on stderr and exits with status 2.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import dataclasses
import functools
import json
import math
import re
import secrets
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, NoReturn

from babel.numbers import format_decimal, format_percent
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from ludus.agents import AGENTS, make_agent
from ludus.core.actions import Action
from ludus.core.api import GameInfo
from ludus.core.errors import N_, LudusError, OptionError
from ludus.core.events import Event
from ludus.core.i18n import LANGUAGES, Lang, get_lang, negotiate
from ludus.core.record import SEED_LIMIT, GameRecord, replay
from ludus.core.registry import broken, configure, games, load
from ludus.core.rng import Rng

EXIT_BAD_INPUT = 2
MAX_JOBS = 256
"""The most worker processes ``simulate --jobs`` starts."""
MAX_BENCH_SECONDS = 3600.0
"""The longest ``bench --seconds`` (per game and player count)."""


def escape(text: str) -> str:
    r"""``text`` with every non-printable character (escape sequences, newlines) written as in ``repr``.

    >>> escape("0:play \x1b[2J\n")
    '0:play \\x1b[2J\\n'
    """
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


_SEED_ERROR = N_("a seed must be an integer of at most 64 bits, got {text}")


def _seed(text: str) -> int:
    """argparse type of a seed: an integer of at most 64 bits."""
    try:
        value = int(text) if len(text) <= 30 else None
    except ValueError:
        value = None
    if value is None or not -SEED_LIMIT < value < SEED_LIMIT:
        raise argparse.ArgumentTypeError(_SEED_ERROR.format(text=repr(text[:40])))
    return value


class UsageError(LudusError):
    """A command-line argument that makes no sense."""


# argparse's own messages (it writes them in English), matched and said again in the reader's language.
_ARGPARSE_MESSAGES = [(re.compile(pattern), template) for pattern, template in (
    (r"^the following arguments are required: (?P<names>.*)$", N_("the following arguments are required: {names}")),
    (r"^unrecognized arguments: (?P<args>.*)$", N_("unrecognized arguments: {args}")),
    (r"^one of the arguments (?P<names>.*) is required$", N_("one of the arguments {names} is required")),
    (r"^ambiguous option: (?P<option>\S+) could match (?P<matches>.*)$", N_("ambiguous option: {option} could match {matches}")),
    (r"^argument (?P<argument>[^:]+): (?P<message>.*)$", N_("argument {argument}: {message}")),
    (r"^invalid choice: (?P<value>.*) \(choose from (?P<choices>.*)\)$", N_("invalid choice: {value} (choose from {choices})")),
    (r"^invalid (?P<type>\w+) value: (?P<value>.*)$", N_("invalid {type} value: {value}")),
    (r"^expected one argument$", N_("expected one argument")),
    (r"^expected at least one argument$", N_("expected at least one argument")),
    (r"^not allowed with argument (?P<argument>.*)$", N_("not allowed with argument {argument}")),
    (r"^a seed must be an integer of at most 64 bits, got (?P<text>.*)$", _SEED_ERROR),
)]


def _argparse_message(message: str, lang: Lang) -> str:
    """One of argparse's error messages in ``lang`` (a message it does not know stays as it is)."""
    for pattern, template in _ARGPARSE_MESSAGES:
        found = pattern.match(message)
        if found:
            values = found.groupdict()
            if "message" in values:
                values["message"] = _argparse_message(values["message"], lang)
            return lang.gettext(template).format(**values)
    return message


class _Formatter(argparse.HelpFormatter):
    """argparse's help formatter, with "usage:" in the parser's language."""

    lang: Lang = get_lang("en")

    def add_usage(self, usage: str | None, actions: Iterable[argparse.Action],
                  groups: Iterable[argparse._MutuallyExclusiveGroup], prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, self.lang.gettext("usage: ") if prefix is None else prefix)


class _Parser(argparse.ArgumentParser):
    """An argument parser that speaks ``lang``: its usage, group titles, ``--help`` and errors."""

    lang: Lang = get_lang("en")

    def __init__(self, **kwargs: Any) -> None:
        add_help = kwargs.pop("add_help", True)
        kwargs.setdefault("formatter_class", type("Formatter", (_Formatter,), {"lang": self.lang}))
        super().__init__(**kwargs, add_help=False)
        _ = self.lang.gettext
        self._positionals.title = _("positional arguments")
        self._optionals.title = _("options")
        if add_help:
            self.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS,
                              help=_("show this help message and exit"))

    def error(self, message: str) -> NoReturn:
        """Print the usage and ``message`` in the parser's language; exit with status 2."""
        self.print_usage(sys.stderr)
        text = self.lang.gettext("{prog}: error: {message}").format(prog=self.prog,
                                                                     message=_argparse_message(message, self.lang))
        self.exit(2, text + "\n")


@functools.cache
def _parser_class(lang: Lang) -> type[_Parser]:
    return type("Parser", (_Parser,), {"lang": lang})


def _parse_options(pairs: Sequence[str]) -> dict[str, str]:
    options: dict[str, str] = {}
    for pair in pairs:
        key, eq, value = pair.partition("=")
        if not eq or not key:
            raise OptionError(N_("option {pair!r} must be written KEY=VALUE"), pair=pair)
        options[key.strip()] = value.strip()
    return options


def _no_games(console: Console, lang: Lang) -> bool:
    if games():
        return False
    console.print(lang.gettext("No games are installed: ludus has no game packages registered yet."))
    return True


# --- games ---------------------------------------------------------------------------
def cmd_games(args: argparse.Namespace, console: Console) -> int:
    """List the games with their player counts and options."""
    lang: Lang = args.lang
    _ = lang.gettext
    if _no_games(console, lang):
        return 0
    table = Table(title=_("ludus games"))
    table.add_column(_("id"), no_wrap=True)
    table.add_column(_("title"))
    table.add_column(_("players"), no_wrap=True)
    table.add_column(_("kind"))
    for info in games():
        kind = _("co-op") if info.cooperative else _("competitive")
        table.add_row(info.id, info.title_in(lang.code), f"{info.min_players}–{info.max_players}", kind)
    console.print(table)
    for info in games():
        console.print(Text(_("{game} options (--option KEY=VALUE):").format(game=info.id), style="bold"))
        if not info.options:
            console.print(_("  none"))
        for o in info.options:
            allowed = f" [{'|'.join(map(str, o.choices))}]" if o.choices else ""
            bounds = f" [{o.minimum}..{o.maximum}]" if o.minimum is not None and o.maximum is not None else ""
            console.print(f"  {o.name}={o.default}{allowed}{bounds} — {lang.gettext(o.help, info.id)}", highlight=False, soft_wrap=True, markup=False)
    for game_id, error in sorted(broken().items()):
        console.print(_("{game}: installed but failed to load ({error})").format(game=game_id, error=error),
                      highlight=False, markup=False)
    return 0


# --- play --------------------------------------------------------------------------------
def _choose_game(console: Console, input_fn: Callable[[str], str], lang: Lang) -> GameInfo | None:
    _ = lang.gettext
    infos = games()
    for i, info in enumerate(infos, start=1):
        line = _("{title} ({game}, {low}–{high} players)").format(title=info.title_in(lang.code), game=info.id,
                                                                  low=info.min_players, high=info.max_players)
        console.print(Text(f"{i:>3}  {line}"))
    while True:
        try:
            answer = input_fn(_("Which game? ")).strip()
        except EOFError:
            return None
        if answer in ("q", "quit"):
            return None
        if answer.isascii() and answer.isdigit() and len(answer) < 6 and 1 <= int(answer) <= len(infos):
            return infos[int(answer) - 1]
        for info in infos:
            if answer == info.id:
                return info
        console.print(_("Type a number 1–{last} or a game id (quit to leave).").format(last=len(infos)))


def _choose_table(console: Console, ask: Callable[[str], str], info: GameInfo, args: argparse.Namespace) -> bool:
    """After the game: players, seat, bots and options, each with its default on Enter. False: quit."""
    _ = args.lang.gettext

    def question(prompt: str, check: Callable[[str], str | None]) -> str | None:
        while True:
            try:
                answer = ask(prompt).strip()
            except EOFError:
                return None
            if answer in ("q", "quit"):
                return None
            problem = check(answer)
            if problem is None:
                return answer
            console.print(Text(problem, style="red"))

    low, high = info.min_players, info.max_players
    default = info.default_players or low

    def players_ok(a: str) -> str | None:
        ok = not a or (a.isascii() and a.isdigit() and len(a) < 3 and low <= int(a) <= high)
        return None if ok else _("Type a number {low}–{high} (Enter: {default}).").format(low=low, high=high,
                                                                                           default=default)

    answer = question(_("Players ({low}–{high}, Enter: {default})? ").format(low=low, high=high, default=default),
                      players_ok)
    if answer is None:
        return False
    players = int(answer) if answer else default
    args.players = players

    def seat_ok(a: str) -> str | None:
        ok = not a or a == "all" or (a.isascii() and a.isdigit() and len(a) < 3 and int(a) < players)
        return None if ok else _("Type a seat 0–{last}, or all for hot-seat (Enter: 0).").format(last=players - 1)

    answer = question(_("Your seat (0–{last}, all for hot-seat; Enter: 0)? ").format(last=players - 1), seat_ok)
    if answer is None:
        return False
    args.seat = answer or "0"
    if args.seat != "all" and players > 1:
        def bots_ok(a: str) -> str | None:
            return None if not a or a in AGENTS else _("Bots: {bots} (Enter: greedy).").format(bots=", ".join(sorted(AGENTS)))

        answer = question(_("Bots ({bots}; Enter: greedy)? ").format(bots=", ".join(sorted(AGENTS))), bots_ok)
        if answer is None:
            return False
        args.bots = answer or "greedy"
    if info.options:
        for spec in info.options:
            console.print(f"  {spec.name}={spec.default}  {args.lang.gettext(spec.help, info.id)}", markup=False, highlight=False)

        def options_ok(a: str) -> str | None:
            try:
                configure(info.id, players, _parse_options(a.split()))
            except LudusError as exc:
                return exc.text_in(args.lang)
            return None

        answer = question(_("Options (KEY=VALUE …; Enter: the defaults above)? "), options_ok)
        if answer is None:
            return False
        args.option = answer.split()
    return True


def cmd_play(args: argparse.Namespace, console: Console, input_fn: Callable[[str], str] | None = None) -> int:
    """Play a game in the terminal against bots, or hot-seat; every game is autosaved."""
    from ludus.play.saves import latest_unfinished, new_save_path
    from ludus.play.terminal import PERSON, TerminalSession

    ask = input_fn or console.input
    save_path = None
    lang: Lang = args.lang
    _ = lang.gettext
    load = args.load
    if args.resume:
        if load:
            raise UsageError(_("--resume continues the latest autosaved game: leave out --load"))
        latest = latest_unfinished()
        if latest is None:
            console.print(_("No unfinished game to resume: start one with ludus play."))
            return 0
        save_path = latest[0]
        load = str(save_path)
    if load:
        record = GameRecord.load(load)
        if args.game is not None and args.game != record.game:
            raise UsageError(_("the record {path} is a game of {game}, not of {wanted}").format(
                path=repr(load), game=repr(escape(record.game)), wanted=repr(args.game)))
        if args.players is not None and args.players != record.players:
            raise UsageError(_("the record {path} is a {players}-player game, not {wanted}-player").format(
                path=repr(load), players=record.players, wanted=args.players))
        if args.option:
            raise UsageError(_("--option cannot be used with --load: the record holds the game's options"))
        state = replay(record)
        game = state.game
        seed = record.seed
        record.digests = None
        record.final_digest = None
        if state.is_terminal():
            raise UsageError(_("the game in {path} is over: replay it with ludus replay").format(path=repr(load)))
        console.print(Text(lang.ngettext("{game}, {players} players, seed {seed}: {count} action played so far",
                                         "{game}, {players} players, seed {seed}: {count} actions played so far",
                                         len(record.actions)).format(
            game=game.info.title_in(lang.code), players=game.players, seed=seed, count=len(record.actions))))
    else:
        game_id = args.game
        if game_id is None:
            if _no_games(console, lang):
                return 0
            info = _choose_game(console, ask, lang)
            if info is None or not _choose_table(console, ask, info, args):
                return 0
            game_id = info.id
        game = configure(game_id, args.players, _parse_options(args.option))
        seed = args.seed if args.seed is not None else secrets.randbelow(1 << 32)
        console.print(Text(_("{game}, {players} players, seed {seed} (replay it with --seed {seed})").format(
            game=game.info.title_in(lang.code), players=game.players, seed=seed)))
        state = game.new_state(seed)
        record = GameRecord(game.info.id, game.players, seed, game.option_dict)
    humans, bot_names = _seats(args, record, game.players)
    record.seats = [PERSON if p in humans else bot_names[p] for p in range(game.players)]
    bots = {p: make_agent(bot_names[p], seed * 31 + p + 1) for p in range(game.players) if p not in humans}
    if save_path is None:
        save_path = new_save_path(game.info.id, seed)
    session = TerminalSession(game, state, record, humans, bots, console, input_fn, autosave=save_path, lang=lang)
    session.save_now()
    try:
        session.run()
    except KeyboardInterrupt:
        session.save_now()
        console.print(Text("\n" + _("Interrupted. The game is saved in {path}; continue with: ludus play --resume")
                           .format(path=save_path)))
        return 130
    return 0


def _seats(args: argparse.Namespace, record: GameRecord, players: int) -> tuple[list[int], dict[int, str]]:
    """Who plays each seat: the command line, else the record's ``seats``, else seat 0 against greedy bots."""
    _ = args.lang.gettext
    from ludus.play.terminal import PERSON

    saved = record.seats if record.seats is not None and len(record.seats) == players else None
    if args.seat is None and saved is not None:
        humans = [p for p, who in enumerate(saved) if who == PERSON]
    elif (args.seat or "0") == "all":
        humans = list(range(players))
    else:
        try:
            seat = int(args.seat or "0")
        except ValueError:
            raise UsageError(_("--seat must be a seat number or 'all', got {seat!r}").format(seat=args.seat)) from None
        if not 0 <= seat < players:
            raise UsageError(_("--seat {seat} does not exist in a {players}-player game (0–{last})").format(
                seat=seat, players=players, last=players - 1))
        humans = [seat]
    names: dict[int, str] = {}
    for p in range(players):
        if p in humans:
            continue
        name = args.bots or (saved[p] if saved is not None and saved[p] in AGENTS else "greedy")
        names[p] = name
    return humans, names


# --- simulate ---------------------------------------------------------------------------
def _fixed(value: float, lang: Lang, digits: int = 2) -> str:
    """``value`` with ``digits`` decimals, as ``lang`` writes numbers (``12,50`` in Polish)."""
    return format_decimal(value, format="#,##0." + "0" * digits, locale=lang.locale)


def _percent(value: float, lang: Lang) -> str:
    """A rate as a percentage with one decimal, as ``lang`` writes it (``62,5%``)."""
    return format_percent(value, format="#,##0.0%", locale=lang.locale)


def cmd_simulate(args: argparse.Namespace, console: Console) -> int:
    """Play many bot games and summarise them."""
    from ludus.sim.simulate import Summarizer, run_games

    lang: Lang = args.lang
    _ = lang.gettext

    if args.n < 1:
        raise UsageError(_("-n must be at least 1"))
    if not 1 <= args.jobs <= MAX_JOBS:
        raise UsageError(_("--jobs must be between 1 and {most}, got {jobs}").format(most=MAX_JOBS, jobs=args.jobs))
    if args.max_actions is not None and args.max_actions < 1:
        raise UsageError(_("--max-actions must be at least 1"))
    agents = [a.strip() for a in args.agents.split(",") if a.strip()]
    if not agents:
        raise UsageError(_("--agents must name at least one agent (agents: {known})").format(known=", ".join(AGENTS)))
    for name in agents:
        if name not in AGENTS:
            raise UsageError(_("unknown agent {name!r} (agents: {known})").format(name=name, known=", ".join(AGENTS)))
    if args.out and Path(args.out).suffix not in (".csv", ".jsonl"):
        raise UsageError(_("--out must end in .csv or .jsonl"))
    options = _parse_options(args.option)
    game = configure(args.game, args.players, options)
    import time

    start = time.perf_counter()
    builder = Summarizer(game.players)
    with _result_writer(Path(args.out) if args.out else None) as write, Progress(
        TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
        console=console, transient=True, disable=not console.is_terminal,
    ) as bar:
        task = bar.add_task(f"{args.game} ×{args.n}", total=args.n)
        for result in run_games(
            args.game, args.n, game.players, agents, options, args.jobs, args.seed,
            progress=lambda _r: bar.advance(task), max_actions=args.max_actions,
        ):
            builder.add(result)
            write(result)
    seconds = time.perf_counter() - start
    summary = builder.summary(seconds)
    title = lang.ngettext("{game}: {count} game, {players} players, seed {seed}",
                          "{game}: {count} games, {players} players, seed {seed}", args.n)
    table = Table(title=title.format(game=game.info.title_in(lang.code), count=args.n, players=game.players,
                                     seed=args.seed))
    table.add_column(_("seat"))
    table.add_column(_("agent"))
    table.add_column(_("wins") if not game.info.cooperative else _("team wins"), justify="right")
    table.add_column(_("mean score"), justify="right")
    table.add_column(_("stdev"), justify="right")
    for p in range(game.players):
        if summary.wins:  # empty when every game was capped
            win = summary.coop_win_rate if summary.coop_win_rate is not None else summary.wins[p]
            figures = _percent(win, lang), _fixed(summary.mean_scores[p], lang), _fixed(summary.stdev_scores[p], lang)
        else:
            figures = "–", "–", "–"
        table.add_row(str(p), agents[p % len(agents)], *figures)
    console.print(table)
    parts = [_("mean game length {length} actions").format(length=_fixed(summary.mean_length, lang, 1))
             + (_(" (finished games)") if summary.capped else ""),
             _("{rate} games/s").format(rate=_fixed(summary.games_per_s, lang))]
    if summary.coop_win_rate is not None:
        parts.append(_("co-op win rate {rate}").format(rate=_percent(summary.coop_win_rate, lang)))
    if args.out:
        parts.append(_("results in {path}").format(path=args.out))
    console.print(" · ".join(parts), markup=False, highlight=False)
    ended = lang.join([f"{kind or 'unknown'} {count}" for kind, count in sorted(summary.terminations.items())])
    if ended:
        console.print(_("how the games ended: {ended}").format(ended=ended), markup=False, highlight=False)
    if summary.capped:
        cap = args.max_actions or game.action_cap
        capped = builder.capped
        shown = ", ".join(map(str, capped)) + (", …" if summary.capped > len(capped) else "")
        said = lang.ngettext(
            "{capped} of {games} game reached the cap of {cap} actions and is counted as unfinished (not in the"
            " wins, scores or mean length): game {shown}",
            "{capped} of {games} games reached the cap of {cap} actions and are counted as unfinished (not in"
            " the wins, scores or mean length): game {shown}", summary.capped)
        console.print(said.format(capped=summary.capped, games=summary.games, cap=cap, shown=shown),
                      markup=False, highlight=False)
    return 0


@contextlib.contextmanager
def _result_writer(path: Path | None) -> Iterator[Callable[[Any], None]]:
    """A function writing one result row to ``path`` (CSV or JSONL) as it comes (nothing if None)."""
    if path is None:
        yield lambda _r: None
        return
    try:
        fh = path.open("w", newline="", encoding="utf-8")
    except OSError as exc:
        raise UsageError(N_("cannot write {path}: {reason}"), path=str(path), reason=exc.strerror) from None
    with fh:
        if path.suffix == ".jsonl":
            def write(r: Any) -> None:
                fh.write(json.dumps(r.to_json()) + "\n")
        else:
            writer = csv.writer(fh)
            writer.writerow(["index", "seed", "agents", "scores", "ranking", "winners", "coop_win", "length", "reason", "termination"])

            def write(r: Any) -> None:
                writer.writerow([
                    r.index, r.seed, ";".join(r.agents), ";".join(f"{s:g}" for s in r.scores),
                    ";".join(map(str, r.ranking)), ";".join(map(str, r.winners)),
                    "" if r.cooperative_win is None else int(r.cooperative_win), r.length, r.reason, r.termination,
                ])
        try:
            yield write
        except OSError as exc:
            raise UsageError(N_("cannot write {path}: {reason}"), path=str(path), reason=exc.strerror) from None


# --- replay ------------------------------------------------------------------------------
def cmd_replay(args: argparse.Namespace, console: Console) -> int:
    """Re-execute a record, verify its digests, print the log or the final state."""
    record = GameRecord.load(args.record)  # also checks the version and the number of digests
    lang: Lang = args.lang
    _ = lang.gettext
    log: list[str] = []

    def keep(number: int, action: Action, events: list[Event]) -> None:
        log.extend(f"{number:>5}  {escape(e.text_in(lang))}" for e in events if e.visible_to is None)

    # replay() verifies the digests and supplies the one-option answers older records lack.
    state = replay(record, on_action=keep)
    game = state.game
    if args.log:
        for line in log:
            console.print(line, highlight=False, markup=False)
    else:
        console.print(game.render(state.view(None), None, lang), markup=False, highlight=False)
    verified = _("digests verified") if (record.digests or record.final_digest) else _("no digests to verify")
    status = game.outcome_text(state.outcome(), lang) if state.is_terminal() else _("game not finished")
    done = lang.ngettext("{game}: {count} action replayed, {verified}; {status}.",
                         "{game}: {count} actions replayed, {verified}; {status}.", len(record.actions))
    console.print(done.format(game=game.info.title_in(lang.code), count=len(record.actions), verified=verified,
                              status=status), markup=False, highlight=False)
    return 0


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
        game = configure(args.game, args.players, _parse_options(args.option))
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
    results = []
    for info in infos:
        counts = [args.players] if args.players else range(info.min_players, info.max_players + 1)
        for n in counts:
            results.append(bench(info.id, n, args.seconds))
            if not args.json:
                r = results[-1]
                line = _("{game} {players}p  {games} games/s  {actions} actions/s  {clones} clones/s").format(
                    game=f"{r.game:<16}", players=r.players, games=f"{_fixed(r.games_per_s, lang, 1):>9}",
                    actions=f"{_fixed(r.actions_per_s, lang, 0):>10}", clones=f"{_fixed(r.clones_per_s, lang, 0):>10}")
                console.print(line, highlight=False, soft_wrap=True)
    if args.json:
        print(json.dumps({"results": [
            {"game": r.game, "players": r.players, "games_per_s": r.games_per_s,
             "actions_per_s": r.actions_per_s, "clones_per_s": r.clones_per_s}
            for r in results
        ]}))
    return 0


# --- main --------------------------------------------------------------------------------
def build_parser(lang: Lang | None = None) -> argparse.ArgumentParser:
    """The argument parser of the ``ludus`` command, its help in ``lang`` (default English)."""
    _ = (lang or get_lang("en")).gettext
    parser_class = _parser_class(lang or get_lang("en"))
    language = parser_class(add_help=False)
    language.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS,
                          help=_("language of everything printed (default: LUDUS_LANG, else the system's, else en)"))
    parser = parser_class(
        prog="ludus",
        parents=[language],
        description=_("Roman-era board games with their complete printed rules: play, simulate, replay, bench."),
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("games", parents=[language], help=_("list the games, player counts and options"))
    p.set_defaults(func=cmd_games)

    p = sub.add_parser("play", parents=[language], help=_("play in the terminal against bots (or hot-seat)"))
    p.add_argument("game", nargs="?", help=_("game id (asks when left out)"))
    p.add_argument("--players", type=int, help=_("number of players (default: the game's)"))
    p.add_argument("--seat", default=None,
                   help=_("your seat (0-based), or 'all' for hot-seat (default 0, or the saved game's seats)"))
    p.add_argument("--bots", default=None, choices=sorted(AGENTS),
                   help=_("bots for the other seats (default greedy, or the saved game's bots)"))
    p.add_argument("--seed", type=_seed, default=None,
                   help=_("seed of the game (default: a new random one, printed and kept in the record)"))
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help=_("a game option"))
    p.add_argument("--load", metavar="RECORD", help=_("continue a saved game record"))
    p.add_argument("--resume", action="store_true",
                   help=_("continue the latest unfinished game (every game is autosaved in the user's data directory)"))
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("simulate", parents=[language], help=_("play many bot games and summarise them"))
    p.add_argument("game")
    p.add_argument("-n", type=int, default=100, help=_("number of games (default 100)"))
    p.add_argument("--players", type=int)
    p.add_argument("--agents", default="random", help=_("comma-separated agents cycled over the seats"))
    p.add_argument("--jobs", type=int, default=1, help=_("worker processes (default 1)"))
    p.add_argument("--seed", type=_seed, default=0)
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument("--out", metavar="FILE.csv|FILE.jsonl", help=_("write one row per game"))
    p.add_argument(
        "--max-actions", type=int, metavar="N",
        help=_("stop a game after N actions and count it as unfinished (default: 20× the game's typical length)"),
    )
    p.set_defaults(func=cmd_simulate)

    p = sub.add_parser("replay", parents=[language], help=_("re-execute a game record and verify it"))
    p.add_argument("record")
    p.add_argument("--log", action="store_true", help=_("print the public log instead of the final state"))
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("render", parents=[language], help=_("draw a position as a picture (SVG or PNG)"))
    p.add_argument("game")
    p.add_argument("-o", "--out", required=True, metavar="FILE.svg|FILE.png", help=_("the picture to write"))
    p.add_argument("--seat", type=int, default=None, help=_("the seat whose board it is (default: a spectator's)"))
    p.add_argument("--record", metavar="FILE", help=_("a game record to draw a position of"))
    p.add_argument("--at", type=int, metavar="N",
                   help=_("the position after N actions (default: the record's end, or the opening)"))
    p.add_argument("--seed", type=_seed, default=0, help=_("seed of a random game to draw (default 0)"))
    p.add_argument("--players", type=int, help=_("number of players (default: the game's)"))
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help=_("a game option"))
    p.set_defaults(func=cmd_render)

    p = sub.add_parser("bench", parents=[language], help=_("random games/s, actions/s, clones/s on one core"))
    p.add_argument("games", nargs="*", metavar="GAME")
    p.add_argument("--seconds", type=float, default=2.0, help=_("CPU seconds per game and player count (default 2)"))
    p.add_argument("--players", type=int, help=_("only this player count"))
    p.add_argument("--json", action="store_true", help=_("machine-readable output"))
    p.set_defaults(func=cmd_bench)
    return parser


def _language(argv: Sequence[str] | None) -> Lang:
    """The language of this run: ``--lang`` anywhere on the line, ``LUDUS_LANG``, the system
    locale, else English (an unknown ``--lang`` is said in English, exit 2)."""
    early = argparse.ArgumentParser(add_help=False)
    early.add_argument("--lang")
    known, _ = early.parse_known_args(argv)
    return get_lang(negotiate(known.lang))


def main(argv: Sequence[str] | None = None, console: Console | None = None) -> int:
    """Run the ``ludus`` command; returns the exit status."""
    try:
        lang = _language(argv)
    except LudusError as exc:
        print(f"ludus: error: {escape(str(exc))}", file=sys.stderr)
        return EXIT_BAD_INPUT
    parser = build_parser(lang)
    args = parser.parse_args(argv)
    args.lang = lang
    console = console or Console()
    try:
        status: int = args.func(args, console)
        return status
    except LudusError as exc:
        print(lang.gettext("ludus: error: {error}").format(error=escape(exc.text_in(lang))), file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print(lang.gettext("ludus: interrupted"), file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())

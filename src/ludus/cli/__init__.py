"""The ``ludus`` command: games, play, learn, simulate, tournament, report, replay, review, render, bench,
serve.

Bad input (an unknown game, a bad option, a malformed record, an illegal or
unparsable action) prints one clear line on stderr and exits with status 2.
"""

from __future__ import annotations

import argparse
import secrets
import sys
from collections.abc import Callable, Sequence

from rich.console import Console
from rich.table import Table
from rich.text import Text

from ludus.agents import AGENTS, make_agent
from ludus.cli.arguments import EXIT_BAD_INPUT, UsageError, escape, parse_options, parser_class, seed
from ludus.cli.batch import cmd_bench, cmd_render, cmd_simulate
from ludus.cli.report import add_parser as add_report_parser
from ludus.cli.review import add_parser as add_review_parser
from ludus.cli.serve import cmd_serve
from ludus.cli.tournament import add_parser as add_tournament_parser
from ludus.core.actions import Action
from ludus.core.api import GameInfo
from ludus.core.errors import LudusError
from ludus.core.events import Event
from ludus.core.i18n import LANGUAGES, Lang, get_lang, negotiate
from ludus.core.record import GameRecord, replay
from ludus.core.registry import broken, configure, games


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
            console.print(f"  {o.name}={o.default}{allowed}{bounds} — {lang.gettext(o.help, info.id)}",
                          highlight=False, soft_wrap=True, markup=False)
    for game_id, error in sorted(broken().items()):
        console.print(_("{game}: installed but failed to load ({error})").format(game=game_id, error=error),
                      highlight=False, markup=False)
    return 0


# --- learn -------------------------------------------------------------------------------
def cmd_learn(args: argparse.Namespace, console: Console,
              input_fn: Callable[[str], str] | None = None) -> int:
    """A guided first game of a game (its lesson) in the terminal; without a game, the games
    that have one."""
    from ludus.play.learn import LearnSession
    from ludus.play.lessons import lesson_games

    lang: Lang = args.lang
    if args.game is None:
        known = lesson_games()
        console.print(Text(lang.gettext("Games with a lesson (ludus learn GAME): {games}").format(
            games=", ".join(known) or "-")))
        return 0
    session = LearnSession(args.game, console, input_fn, lang=lang)
    session.learn()
    return 0


# --- play --------------------------------------------------------------------------------
def _choose_game(console: Console, input_fn: Callable[[str], str], lang: Lang) -> GameInfo | None:
    _ = lang.gettext
    infos = games()
    for i, info in enumerate(infos, start=1):
        line = _("{title} ({game}, {low}–{high} players)").format(title=info.title_in(lang.code),
                                                                  game=info.id, low=info.min_players,
                                                                  high=info.max_players)
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


def _choose_table(console: Console, ask: Callable[[str], str], info: GameInfo,
                  args: argparse.Namespace) -> bool:
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

    answer = question(
        _("Players ({low}–{high}, Enter: {default})? ").format(low=low, high=high, default=default),
        players_ok)
    if answer is None:
        return False
    players = int(answer) if answer else default
    args.players = players

    def seat_ok(a: str) -> str | None:
        ok = not a or a == "all" or (a.isascii() and a.isdigit() and len(a) < 3 and int(a) < players)
        return None if ok else _("Type a seat 0–{last}, or all for hot-seat (Enter: 0).").format(
            last=players - 1)

    answer = question(_("Your seat (0–{last}, all for hot-seat; Enter: 0)? ").format(last=players - 1),
                      seat_ok)
    if answer is None:
        return False
    args.seat = answer or "0"
    if args.seat != "all" and players > 1:
        def bots_ok(a: str) -> str | None:
            return None if not a or a in AGENTS else _("Bots: {bots} (Enter: greedy).").format(
                bots=", ".join(AGENTS))

        answer = question(_("Bots ({bots}; Enter: greedy)? ").format(bots=", ".join(AGENTS)), bots_ok)
        if answer is None:
            return False
        args.bots = answer or "greedy"
    if info.options:
        for spec in info.options:
            console.print(f"  {spec.name}={spec.default}  {args.lang.gettext(spec.help, info.id)}",
                          markup=False, highlight=False)

        def options_ok(a: str) -> str | None:
            try:
                configure(info.id, players, parse_options(a.split()))
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
            raise UsageError(
                _("the game in {path} is over: replay it with ludus replay").format(path=repr(load)))
        said = lang.ngettext("{game}, {players} players, seed {seed}: {count} action played so far",
                             "{game}, {players} players, seed {seed}: {count} actions played so far",
                             len(record.actions))
        console.print(Text(said.format(game=game.info.title_in(lang.code), players=game.players, seed=seed,
                                       count=len(record.actions))))
    else:
        game_id = args.game
        if game_id is None:
            if _no_games(console, lang):
                return 0
            info = _choose_game(console, ask, lang)
            if info is None or not _choose_table(console, ask, info, args):
                return 0
            game_id = info.id
        game = configure(game_id, args.players, parse_options(args.option))
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
    session = TerminalSession(game, state, record, humans, bots, console, input_fn, autosave=save_path,
                              lang=lang)
    session.save_now()
    try:
        session.run()
    except KeyboardInterrupt:
        session.save_now()
        said = _("Interrupted. The game is saved in {path}; continue with: ludus play --resume")
        console.print(Text("\n" + said.format(path=save_path)))
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
            raise UsageError(
                _("--seat must be a seat number or 'all', got {seat!r}").format(seat=args.seat)) from None
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
    console.print(
        done.format(game=game.info.title_in(lang.code), count=len(record.actions), verified=verified,
                    status=status), markup=False, highlight=False)
    return 0


# --- main --------------------------------------------------------------------------------
def build_parser(lang: Lang | None = None) -> argparse.ArgumentParser:
    """The argument parser of the ``ludus`` command, its help in ``lang`` (default English)."""
    _ = (lang or get_lang("en")).gettext
    make = parser_class(lang or get_lang("en"))
    language = make(add_help=False)
    language.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS,
                          help=_("language of everything printed (default: LUDUS_LANG, else the system's, "
                                 "else en)"))
    parser = make(
        prog="ludus",
        parents=[language],
        description=_("Roman-era board games with their complete printed rules: play, simulate, replay, "
                      "bench."),
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("games", parents=[language], help=_("list the games, player counts and options"))
    p.set_defaults(func=cmd_games)

    p = sub.add_parser("play", parents=[language], help=_("play in the terminal against bots (or hot-seat)"))
    p.add_argument("game", nargs="?", help=_("game id (asks when left out)"))
    p.add_argument("--players", type=int, help=_("number of players (default: the game's)"))
    p.add_argument("--seat", default=None,
                   help=_(
                       "your seat (0-based), or 'all' for hot-seat (default 0, or the saved game's seats)"))
    p.add_argument("--bots", default=None, choices=list(AGENTS),
                   help=_("bots for the other seats (default greedy, or the saved game's bots)"))
    p.add_argument("--seed", type=seed, default=None,
                   help=_("seed of the game (default: a new random one, printed and kept in the record)"))
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help=_("a game option"))
    p.add_argument("--load", metavar="RECORD", help=_("continue a saved game record"))
    p.add_argument("--resume", action="store_true",
                   help=_("continue the latest unfinished game (every game is autosaved in the user's data "
                          "directory)"))
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("learn", parents=[language],
                       help=_("learn a game: a guided first game, step by step from the rulebook"))
    p.add_argument("game", nargs="?", help=_("game id (leave out to list the games with a lesson)"))
    p.set_defaults(func=cmd_learn)

    p = sub.add_parser("simulate", parents=[language], help=_("play many bot games and summarise them"))
    p.add_argument("game")
    p.add_argument("-n", type=int, default=100,
                   help=_("number of games (default 100); with --rotate-seats, of seeds"))
    p.add_argument("--players", type=int)
    p.add_argument("--agents", default="random", help=_("comma-separated agents cycled over the seats"))
    p.add_argument("--jobs", type=int, default=1, help=_("worker processes (default 1)"))
    p.add_argument("--seed", type=seed, default=0)
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument("--out", metavar="FILE.csv|FILE.jsonl|FILE.parquet",
                   help=_("write one row per game (Parquet needs the scale extra)"))
    p.add_argument("--records", metavar="DIR", help=_("save every game's record in DIR as <index>.json"))
    p.add_argument("--rotate-seats", action="store_true",
                   help=_("play every seed once per seating of the agents (all seatings, or their rotations"
                          " when there are more seatings than seats); -n counts seeds"))
    p.add_argument("--backend", default="local", metavar="local|ray",
                   help=_("where the games run: local processes, or Ray (RAY_ADDRESS, else a local Ray;"
                          " needs the scale extra)"))
    p.add_argument(
        "--max-actions", type=int, metavar="N",
        help=_("stop a game after N actions and count it as unfinished (default: 20× the game's typical "
               "length)"),
    )
    p.set_defaults(func=cmd_simulate)

    add_tournament_parser(sub, language, lang or get_lang("en"))
    add_report_parser(sub, language, lang or get_lang("en"))

    p = sub.add_parser("replay", parents=[language], help=_("re-execute a game record and verify it"))
    p.add_argument("record")
    p.add_argument("--log", action="store_true", help=_("print the public log instead of the final state"))
    p.set_defaults(func=cmd_replay)
    add_review_parser(sub, language, lang or get_lang("en"))

    p = sub.add_parser("render", parents=[language], help=_("draw a position as a picture (SVG or PNG)"))
    p.add_argument("game")
    p.add_argument("-o", "--out", required=True, metavar="FILE.svg|FILE.png", help=_("the picture to write"))
    p.add_argument("--seat", type=int, default=None,
                   help=_("the seat whose board it is (default: a spectator's)"))
    p.add_argument("--record", metavar="FILE", help=_("a game record to draw a position of"))
    p.add_argument("--at", type=int, metavar="N",
                   help=_("the position after N actions (default: the record's end, or the opening)"))
    p.add_argument("--seed", type=seed, default=0, help=_("seed of a random game to draw (default 0)"))
    p.add_argument("--players", type=int, help=_("number of players (default: the game's)"))
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help=_("a game option"))
    p.set_defaults(func=cmd_render)

    p = sub.add_parser("bench", parents=[language], help=_("random games/s, actions/s, clones/s on one core"))
    p.add_argument("games", nargs="*", metavar="GAME")
    p.add_argument("--seconds", type=float, default=2.0,
                   help=_("CPU seconds per game and player count (default 2)"))
    p.add_argument("--players", type=int, help=_("only this player count"))
    p.add_argument("--json", action="store_true", help=_("machine-readable output"))
    p.add_argument("--search", action="store_true",
                   help=_("measure search instead: determinizations, evaluate_all calls and ISMCTS "
                          "iterations per second on mid-game states"))
    p.set_defaults(func=cmd_bench)

    p = sub.add_parser("serve", parents=[language],
                       help=_("play in the browser: the web platform (the web extra)"))
    p.add_argument("--host", default="127.0.0.1", help=_("address to listen on (default 127.0.0.1)"))
    p.add_argument("--port", type=int, default=8000, help=_("port (default 8000)"))
    p.add_argument("--db", metavar="URL",
                   help=_("database URL (default: SQLite in the user's data directory; or "
                          "postgresql+psycopg://user@host/db)"))
    p.add_argument("--allow-origin", action="append", default=[], metavar="ORIGIN",
                   help=_("another origin whose pages may open the WebSockets (e.g. https://example.org)"))
    p.add_argument("--bot-threads", type=int, default=4,
                   help=_("threads that play the bots' moves and the forced moves (default 4)"))
    p.add_argument("--bot-processes", type=int, default=None,
                   help=_("worker processes the bots think in, people's tables first (default: one per "
                          "core, at most 8; 0: threads of the server process)"))
    p.add_argument("--bot-delay", type=float, default=0.6,
                   help=_("seconds a bot waits before it moves, so people can follow (default 0.6)"))
    p.add_argument("--workers", type=int, default=1,
                   help=_("server processes (more than one needs PostgreSQL; default 1)"))
    p.add_argument("--forwarded-allow-ips", default=None, metavar="IPS",
                   help=_("addresses of the reverse proxies whose X-Forwarded-For is trusted (default: "
                          "127.0.0.1)"))
    p.add_argument("--tables-per-minute", type=float, default=6.0,
                   help=_("tables one client address may open a minute, after a burst (default 6)"))
    p.add_argument("--table-burst", type=int, default=20,
                   help=_("tables one client address may open at once (default 20)"))
    p.add_argument("--reads-per-second", type=float, default=20.0,
                   help=_("reading requests (GET) one client address may make a second, after a burst of "
                          "200 (default 20)"))
    p.add_argument("--bot-tables", type=int, default=2,
                   help=_("unfinished tables of bots only one client address may have opened (default 2)"))
    p.add_argument("--idle-days", type=float, default=30.0,
                   help=_("a table nobody has moved at for this many days is stopped (default 30)"))
    p.add_argument("--smtp", metavar="HOST:PORT", default="",
                   help=_("mail people their turn and their games' ends through this SMTP server"))
    p.add_argument("--smtp-from", metavar="ADDRESS", default="",
                   help=_("the mails' sender (default: ludus@HOST)"))
    p.add_argument("--smtp-user", default="", help=_("the user name to log in to the SMTP server with"))
    p.add_argument("--smtp-password-file", metavar="FILE", default="",
                   help=_("a file holding the SMTP server's password"))
    p.add_argument("--smtp-tls", choices=["starttls", "ssl", "none"], default="starttls",
                   help=_("how the connection to the SMTP server is secured (default starttls)"))
    p.add_argument("--public-url", metavar="URL", default="",
                   help=_("the address people open the server at (the mails' links start with it)"))
    p.add_argument("--hint-level", default=None, choices=["easy", "normal", "hard", "expert"],
                   help=_("the budget of a hint at a casual table (default: the strongest level's)"))
    p.add_argument("--review-level", default=None, choices=["easy", "normal", "hard", "expert"],
                   help=_("the budget a game review spends on each decision (default: about the hard "
                          "level's)"))
    p.add_argument("--log-level", default="info", choices=["critical", "error", "warning", "info", "debug"])
    p.set_defaults(func=cmd_serve)
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

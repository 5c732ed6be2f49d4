"""Peer speed comparison: ludus against catanatron, the pure-Python Catan engine.

Run it with ``make bench-peers``: the Makefile installs ``catanatron`` into a scratch
venv (``.peers-venv/``, never a ludus dependency) and runs this script with the
project's own venv, passing the peer venv's python with ``--peer-python``.

Both sides play random games (each decision is a uniform choice among the legal
actions) in a fresh subprocess and count executed actions over the CPU time of that
process (``time.process_time``): catanatron plays the standard 4-player game with
four ``RandomPlayer`` seats and counts one action per ``Game.play_tick()``; ludus
runs its own ``ludus.sim.bench.bench`` (one action per ``State.apply``). Both
sides play whole games for 0.8 x ``--seconds`` of CPU time (ludus's bench spends
the remaining 0.2 timing clones, which are not counted here). The measurements
are interleaved: each round runs one catanatron measurement and then one ludus
measurement per game, so drifts of a shared machine hit both sides alike. The
table gives medians over the rounds and the ratio ludus / catanatron.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_PEER_PYTHON = ROOT / ".peers-venv" / "bin" / "python"
PEER = "catanatron"

# The player count at which each game makes the fewest actions/s (random play), found
# with ``--all-players`` on 2026-11-24 (medians of 3 runs). Fall of Rome (1-5 players)
# and Trajan (2-4) are flat within ~3 %, so their pick is marginal; Glory to Rome's 2
# and Hadrian's Wall's 1 are clear. Override one with ``--players GAME=N``.
SLOWEST_PLAYERS: dict[str, int] = {
    "fall-of-rome": 1,
    "glory-to-rome": 2,
    "hadrians-wall": 1,
    "trajan": 2,
}

# Plays random-vs-random catanatron games (the standard game, 4 RandomPlayer seats) for
# a CPU-time budget and prints one JSON line. One action = one Game.play_tick(), i.e. one
# decision executed by apply_action (which appends it to game.state.actions; checked).
# The loop is Game.play() without its two Game.copy() snapshots for accumulators.
PEER_PROGRAM = textwrap.dedent(
    """
    import json, sys, time
    from importlib.metadata import version
    from catanatron import Color, Game, RandomPlayer
    from catanatron.game import TURNS_LIMIT

    seconds, seed = float(sys.argv[1]), int(sys.argv[2])
    colors = [Color.RED, Color.BLUE, Color.ORANGE, Color.WHITE]
    games = actions = truncated = 0
    start = time.process_time()
    deadline = start + seconds * 0.8
    while games == 0 or time.process_time() < deadline:
        game = Game([RandomPlayer(c) for c in colors], seed=seed + games)
        n = 0
        while game.winning_color() is None and game.state.num_turns < TURNS_LIMIT:
            game.play_tick()
            n += 1
        if n != len(game.state.actions):
            raise SystemExit(f"counted {n} ticks but the game logged {len(game.state.actions)} actions")
        truncated += game.winning_color() is None
        actions += n
        games += 1
    elapsed = time.process_time() - start
    print(json.dumps({
        "version": version("catanatron"), "games": games, "actions": actions,
        "truncated": truncated, "actions_per_s": actions / elapsed,
    }))
    """
)

# Runs ludus's own benchmark for one game and player count and prints one JSON line.
LUDUS_PROGRAM = textwrap.dedent(
    """
    import json, sys
    from ludus.sim.bench import bench

    result = bench(sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), seed=int(sys.argv[4]))
    print(json.dumps(result.to_json()))
    """
)

# Lists the installed games and their player counts: [[id, min, max], ...].
LUDUS_GAMES_PROGRAM = textwrap.dedent(
    """
    import json
    from importlib.metadata import version
    from ludus.core.registry import games

    print(json.dumps({
        "version": version("ludus"),
        "games": [[i.id, i.min_players, i.max_players] for i in games()],
    }))
    """
)


class BenchError(Exception):
    """A failure that ends the run with a one-line message."""

    def __init__(self, message: str, code: int = 1) -> None:
        super().__init__(message)
        self.code = code


@dataclass(slots=True)
class Row:
    """One game at one player count: ludus's and the peer's measurements, one per round."""

    game: str
    players: int
    ludus: list[float] = field(default_factory=list)
    peer: list[float] = field(default_factory=list)

    @property
    def ludus_median(self) -> float:
        return statistics.median(self.ludus)

    @property
    def peer_median(self) -> float:
        return statistics.median(self.peer)

    @property
    def ratio(self) -> float:
        return self.ludus_median / self.peer_median

    @property
    def round_ratios(self) -> list[float]:
        return [a / b for a, b in zip(self.ludus, self.peer, strict=True)]

    def to_json(self) -> dict[str, Any]:
        ratios = self.round_ratios
        return {
            "game": self.game,
            "players": self.players,
            "ludus_actions_per_s": self.ludus_median,
            "peer_actions_per_s": self.peer_median,
            "ratio": self.ratio,
            "ratio_min": min(ratios),
            "ratio_max": max(ratios),
            "ludus_rounds": self.ludus,
            "peer_rounds": self.peer,
        }


def run_json(python: str, program: str, *args: object) -> dict[str, Any]:
    """Run ``program`` with ``python`` in a fresh process and parse its last stdout line."""
    cmd = [python, "-c", program, *map(str, args)]
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        lines = proc.stderr.strip().splitlines() or [f"exit status {proc.returncode}"]
        raise BenchError(f"{' '.join([Path(python).name, *map(str, args)])}: {lines[-1]}")
    try:
        data: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    except (IndexError, ValueError):
        raise BenchError(f"unexpected output from {python}: {proc.stdout.strip()[:200]!r}") from None
    return data


def check_peer(python: Path) -> str:
    """Return the installed catanatron version, or fail (exit 2) if the peer venv is unusable."""
    if not python.is_file():
        raise BenchError(f"peer venv python not found: {python} (create it with `make bench-peers`)", code=2)
    probe = "from importlib.metadata import version; import catanatron; print(version('catanatron'))"
    proc = subprocess.run([str(python), "-c", probe], capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        raise BenchError(
            f"{PEER} is not importable with {python} (reinstall it with `make bench-peers`)", code=2
        )
    return proc.stdout.strip()


def parse_players(specs: Sequence[str]) -> dict[str, list[int]]:
    """``["trajan=4", "glory-to-rome=2,3"]`` → ``{"trajan": [4], "glory-to-rome": [2, 3]}``."""
    result: dict[str, list[int]] = {}
    for spec in specs:
        game, sep, counts = spec.partition("=")
        try:
            if not sep or not game:
                raise ValueError
            result[game] = [int(n) for n in counts.split(",")]
        except ValueError:
            raise BenchError(f"--players expects GAME=N[,N...], got {spec!r}", code=2) from None
    return result


def plan(
    installed: dict[str, tuple[int, int]],
    games: Sequence[str],
    overrides: dict[str, list[int]],
    all_players: bool,
) -> list[Row]:
    """The (game, player count) rows to measure, validated against the installed games."""
    for game in [*games, *overrides]:
        if game not in installed:
            known = ", ".join(sorted(installed)) or "none"
            raise BenchError(f"unknown game {game!r} (installed: {known})", code=2)
    rows: list[Row] = []
    for game in games or sorted(installed):
        low, high = installed[game]
        if game in overrides:
            counts = overrides[game]
        elif all_players:
            counts = list(range(low, high + 1))
        else:
            counts = [SLOWEST_PLAYERS.get(game, low)]
        for n in counts:
            if not low <= n <= high:
                raise BenchError(f"{game} takes {low}-{high} players, not {n}", code=2)
            rows.append(Row(game, n))
    return rows


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="bench_peers.py",
        description=(
            "Compare ludus's random-play speed (actions per CPU second) with catanatron's, "
            "interleaving the measurements. Run it through `make bench-peers`."
        ),
    )
    parser.add_argument("games", nargs="*", metavar="GAME", help="ludus games to measure (default: all)")
    parser.add_argument(
        "--peer-python",
        type=Path,
        default=DEFAULT_PEER_PYTHON,
        help="python of the venv where catanatron is installed (default: %(default)s)",
    )
    parser.add_argument(
        "--ludus-python",
        default=sys.executable,
        help="python that imports ludus (default: this one, %(default)s)",
    )
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default 5)")
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per measurement (default 2)")
    parser.add_argument(
        "--players",
        action="append",
        default=[],
        metavar="GAME=N[,N...]",
        help="player count(s) of a game (default: its slowest, "
        + ", ".join(f"{g}={n}" for g, n in SLOWEST_PLAYERS.items())
        + ")",
    )
    parser.add_argument("--all-players", action="store_true", help="measure every player count of each game")
    parser.add_argument("--json", action="store_true", help="machine-readable output on stdout")
    return parser


def progress(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return run(args)
    except BenchError as error:
        print(f"bench_peers: {error}", file=sys.stderr)
        return error.code
    except KeyboardInterrupt:
        return 130


def run(args: argparse.Namespace) -> int:
    if args.rounds < 1:
        raise BenchError("--rounds must be at least 1", code=2)
    if args.seconds <= 0:
        raise BenchError("--seconds must be positive", code=2)
    peer_python: Path = args.peer_python
    peer_version = check_peer(peer_python)
    try:
        listing = run_json(args.ludus_python, LUDUS_GAMES_PROGRAM)
    except BenchError as error:
        raise BenchError(
            f"ludus is not usable with {args.ludus_python} ({error}); "
            "run `make bench-peers` or pass --ludus-python",
            code=2,
        ) from None
    installed = {g: (low, high) for g, low, high in listing["games"]}
    rows = plan(installed, args.games, parse_players(args.players), args.all_players)
    progress(
        f"ludus {listing['version']} vs {PEER} {peer_version}: {args.rounds} round(s), "
        f"{args.seconds:g} CPU s per measurement, {len(rows) + 1} measurements per round"
    )

    truncated = peer_games = 0
    for r in range(args.rounds):
        seed = 1 + 100_000 * r  # every round draws other games (catanatron treats seed 0 as "none")
        peer = run_json(str(peer_python), PEER_PROGRAM, args.seconds, seed)
        truncated += peer["truncated"]
        peer_games += peer["games"]
        progress(f"round {r + 1}/{args.rounds}  {PEER:<14}    {peer['actions_per_s']:>9,.0f} actions/s")
        for row in rows:
            result = run_json(args.ludus_python, LUDUS_PROGRAM, row.game, row.players, args.seconds, seed)
            row.ludus.append(result["actions_per_s"])
            row.peer.append(peer["actions_per_s"])
            progress(
                f"round {r + 1}/{args.rounds}  {row.game:<14} {row.players}p "
                f"{result['actions_per_s']:>9,.0f} actions/s"
            )

    if truncated:
        progress(f"note: {truncated} of {peer_games} {PEER} games hit its turn limit (counted as played)")
    if args.json:
        print(
            json.dumps(
                {
                    "ludus_version": listing["version"],
                    "peer": {
                        "name": PEER,
                        "version": peer_version,
                        "players": 4,
                        "games": peer_games,
                        "truncated": truncated,
                    },
                    "rounds": args.rounds,
                    "seconds": args.seconds,
                    "results": [row.to_json() for row in rows],
                }
            )
        )
        return 0
    print(
        f"{'game':<14} {'players':>7} {'ludus actions/s':>15} {PEER + ' actions/s':>20} {'ratio':>6}  per "
        "round"
    )
    for row in rows:
        ratios = row.round_ratios
        print(
            f"{row.game:<14} {row.players:>7} {row.ludus_median:>15,.0f} {row.peer_median:>20,.0f} "
            f"{row.ratio:>5.2f}x  {min(ratios):.2f}-{max(ratios):.2f}x"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

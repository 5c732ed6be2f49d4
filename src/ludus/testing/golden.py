"""Golden playthroughs: seeded random games written out step by step.

A playthrough pins a game's behaviour: at every step it lists the legal actions
(in notation) of every seat that has any, marks the seats to move, names the
action a seeded random policy chose, and at the end gives the outcome and the
final digest. The files live in ``tests/games/<game>/playthroughs/`` and a test
regenerates each one and compares it line by line, so a change of rules shows up
as a reviewed diff, never as silence (OpenSpiel's playthroughs, python-chess's
perft files). ``make golden`` rewrites them on purpose.

The random policy is self-contained (it does not use :func:`~ludus.agents.play_game`,
so the driver can change without touching the files): one :class:`Rng` seeded
with the game seed; with probability 1/10 it takes an optional out-of-turn action
of a seat not to move, when one exists; otherwise a uniform legal action of a
uniformly chosen seat to move.

>>> text = playthrough(GoldenCase("glory-to-rome", 2, 1))
>>> text.splitlines()[0]
'# ludus golden playthrough: glory-to-rome, 2 players, seed 1, options {}'
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ludus.core.registry import game_class, house_games, load
from ludus.core.rng import Rng

__all__ = ["CASES", "SEEDS", "VARIANTS", "GoldenCase", "cases_for", "compare", "playthrough", "write_all"]


@dataclass(frozen=True, slots=True)
class GoldenCase:
    """One playthrough: a game, a player count, a seed and options."""

    game: str
    players: int
    seed: int
    options: Mapping[str, Any] = field(default_factory=dict)
    tag: str = ""

    @property
    def filename(self) -> str:
        """``<players>p_seed<seed>[_<tag>].txt``."""
        suffix = f"_{self.tag}" if self.tag else ""
        return f"{self.players}p_seed{self.seed}{suffix}.txt"

    @property
    def package(self) -> str:
        """The game's package name (``glory-to-rome`` → ``glory_to_rome``)."""
        return self.game.replace("-", "_")


VARIANTS: tuple[tuple[str, int, Mapping[str, Any], str], ...] = (
    ("glory-to-rome", 3, {"rules": "classic"}, "classic"),
    ("glory-to-rome", 3, {"simplified": True}, "simplified"),
    ("glory-to-rome", 2, {"concession": True, "start_order": "en"}, "concession"),
    ("trajan", 3, {"starting_markers": "random", "pregame_trajan": "top"}, "random_markers"),
    ("trajan", 2, {"edition": 1, "reshuffle": False, "trajan_face_up": False}, "first_edition"),
    ("fall-of-rome", 1, {"difficulty": "heroic"}, "heroic"),
    ("fall-of-rome", 2, {"roma_caput_mundi": True, "difficulty": "legendary"}, "caput_mundi"),
    ("fall-of-rome", 3, {"roles": "chosen", "first_player": "most_days"}, "chosen"),
    ("hadrians-wall", 1, {"difficulty": "hard", "campaign_fort": 5}, "campaign"),
    ("hadrians-wall", 2, {"difficulty": "normal", "final_pass": True}, "final_pass"),
    ("hadrians-wall", 3, {"resource_passing": False}, "no_passing"),
)
"""Played with options beside the defaults: (game, players, options, tag), seed 1."""

SEEDS = (1, 2, 3)


def cases_for(game_id: str) -> tuple[GoldenCase, ...]:
    """``game_id``'s playthroughs: every player count with :data:`SEEDS`, then its :data:`VARIANTS`."""
    info = game_class(game_id).info
    counts = range(info.min_players, info.max_players + 1)
    out = [GoldenCase(game_id, n, seed) for n in counts for seed in SEEDS]
    out += [GoldenCase(game, n, 1, options, tag) for game, n, options, tag in VARIANTS if game == game_id]
    return tuple(out)


def _cases() -> tuple[GoldenCase, ...]:
    return tuple(case for game_id in house_games() for case in cases_for(game_id))


CASES: tuple[GoldenCase, ...] = _cases()
"""Every committed playthrough: each game of the repository (:func:`~ludus.core.registry.house_games`)
at every player count with seeds 1–3, plus its variants."""


def _lines(case: GoldenCase) -> Iterable[str]:
    game = load(case.game, case.players, **dict(case.options))
    options = json.dumps(dict(case.options), sort_keys=True)
    yield (f"# ludus golden playthrough: {case.game}, {case.players} players, "
           f"seed {case.seed}, options {options}")
    state = game.new_state(case.seed)
    rng = Rng(case.seed)
    step = 0
    while not state.is_terminal():
        step += 1
        movers = state.to_move()
        yield f"step {step} to_move {' '.join(map(str, movers))}"
        legal = {p: state.legal_actions(p) for p in range(case.players)}
        for p, actions in legal.items():
            if actions:
                mark = "*" if p in movers else " "
                yield f" {mark}{p}: " + " | ".join(map(str, actions))
        others = [p for p in range(case.players) if p not in movers and legal[p]]
        if others and rng.randbelow(10) == 0:
            seat = others[rng.randbelow(len(others))]
        else:
            seat = movers[rng.randbelow(len(movers))]
        choice = legal[seat][rng.randbelow(len(legal[seat]))]
        yield f" > {choice}"
        state.apply(choice)
    out = state.outcome()
    yield f"outcome scores {list(out.scores)} ranking {list(out.ranking)} winners {list(out.winners)}"
    yield f"outcome reason {out.reason}"
    yield f"digest {state.digest()}"


def playthrough(case: GoldenCase) -> str:
    """The text of ``case``'s playthrough (one line per step header, seat and choice)."""
    return "\n".join(_lines(case)) + "\n"


def path_of(case: GoldenCase, root: Path) -> Path:
    """Where ``case``'s file lives under the tests folder ``root``."""
    return root / "games" / case.package / "playthroughs" / case.filename


def compare(case: GoldenCase, root: Path) -> str | None:
    """``None`` when the committed file equals a fresh playthrough; else the first difference."""
    expected = path_of(case, root).read_text(encoding="utf-8").splitlines()
    for number, line in enumerate(_lines(case), start=1):
        if number > len(expected):
            return f"{case.filename}:{number}: the game goes on past the file's end: {line!r}"
        if line != expected[number - 1]:
            return f"{case.filename}:{number}: expected {expected[number - 1]!r}, got {line!r}"
    if number < len(expected):
        return f"{case.filename}:{number + 1}: the game ended early; the file goes on"
    return None


def write_all(root: Path, games: Iterable[str] | None = None) -> list[Path]:
    """Rewrite every playthrough (of ``games``, or of :data:`CASES`) under ``root``; return the paths.

    A game named in ``games`` needs only to be registered (a new game's playthroughs are written
    before it is installed: ``scripts/new_game.py``).
    """
    cases = CASES if games is None else tuple(case for game in games for case in cases_for(game))
    written = []
    for case in cases:
        path = path_of(case, root)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(playthrough(case), encoding="utf-8")
        written.append(path)
    return written


if __name__ == "__main__":
    import sys

    for written_path in write_all(Path(sys.argv[1] if len(sys.argv) > 1 else "tests"), sys.argv[2:] or None):
        print(written_path)

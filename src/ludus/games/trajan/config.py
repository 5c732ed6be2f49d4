"""Trajan's options: the schema the Game offers, and :class:`TrajanConfig`, built once.

The rules read ``s.cfg.reshuffle``, never ``options["reshuffle"]``: the options are
validated and typed here once, when the Game is made.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal, cast

from ludus.core.api import OptionSpec, OptionValue
from ludus.core.i18n import N_
from ludus.games.trajan.components import LAP_DEFAULTS

__all__ = ["OPTIONS", "TrajanConfig"]

_LAP = N_("Time track length")
_LAP_EXPLAIN = N_("Spaces in one lap of the time track: a longer lap gives more actions per round.")

OPTIONS = (
    OptionSpec(
        "lap_2p", LAP_DEFAULTS[2],
        N_("time-track lap length with 2 players (UNCONFIRMED; reference default 11, alternative 12)"),
        minimum=4, maximum=40, label=_LAP, explain=_LAP_EXPLAIN, players=(2,),
    ),
    OptionSpec(
        "lap_3p", LAP_DEFAULTS[3],
        N_("time-track lap length with 3 players (UNCONFIRMED; reference default 16, alternative 17)"),
        minimum=4, maximum=40, label=_LAP, explain=_LAP_EXPLAIN, players=(3,),
    ),
    OptionSpec(
        "lap_4p", LAP_DEFAULTS[4],
        N_("time-track lap length with 4 players (UNCONFIRMED; reference default 21, alternative 22)"),
        minimum=4, maximum=40, label=_LAP, explain=_LAP_EXPLAIN, players=(4,),
    ),
    OptionSpec(
        "pregame_trajan", "free",
        N_("pre-game Trajan tiles: any tile of a stack (free) or only the top tile (top)"),
        choices=("free", "top"), label=N_("Trajan tiles before the game"),
        explain=N_("Which tile of a Trajan stack each player may take before the game."),
        value_labels=(("free", N_("any tile of a stack")), ("top", N_("only the top tile"))),
    ),
    OptionSpec(
        "starting_markers", "choice",
        N_("starting action markers: chosen (pairs may match), dealt at random, or chosen with "
        "two different colours per tray"),
        choices=("choice", "random", "different"), label=N_("Starting action markers"),
        explain=N_("How the players get their first action markers, two in each tray."),
        value_labels=(("choice", N_("chosen by the players")), ("random", N_("dealt at random")),
                      ("different", N_("chosen, two different colours in each tray"))),
    ),
    OptionSpec("trajan_face_up", True, N_("the top tile of each Trajan stack is face up"),
               label=N_("Trajan stacks face up"),
               explain=N_("Everyone sees the top tile of each Trajan stack.")),
    OptionSpec("demand_joker_bonus", False, N_("variant: a demand joker counts for bonus tiles B10-B12"),
               label=N_("Demand joker for bonus tiles"),
               explain=N_("Variant: a demand joker counts as bread, games or religion for bonus tiles "
                          "B10–B12.")),
    OptionSpec("reshuffle", True,
               N_("shuffle the discard piles (except their top cards) when the draw pile runs out"),
               label=N_("Reshuffle the discard piles"),
               explain=N_("When the draw pile runs out, the discard piles except their top cards make a new "
                          "one.")),
    OptionSpec(
        "remove_province_senate_tiles", True,
        N_("at quarter end remove every senate tile, those lying on provinces too (ruling 14; false: only "
           "the players')"),
        ruling=True,
    ),
    OptionSpec(
        "final_tiebreak", "final_reset",
        N_("final tie-break: senate stack after the last reset (final_reset) or senate track "
        "position before it (track)"),
        choices=("final_reset", "track"), ruling=True,
    ),
    OptionSpec("edition", 2, N_("2: 1 VP per Trajan tile left on the action circle; 1: first edition"),
               choices=(2, 1), label=N_("Edition"),
               explain=N_("The second edition scores 1 VP for each Trajan tile left on the action circle."),
               value_labels=((2, N_("second edition")), (1, N_("first edition")))),
)
"""The options of ``ludus.load("trajan", ...)`` (see docs/games/trajan.md, "Rulings")."""


@dataclass(frozen=True, slots=True)
class TrajanConfig:
    """The validated options of one game, typed.

    >>> cfg = TrajanConfig.from_options(3, {o.name: o.default for o in OPTIONS})
    >>> cfg.lap, cfg.reshuffle, cfg.starting_markers
    (16, True, 'choice')
    """

    players: int
    lap: int
    """The time-track lap length for this player count (options ``lap_<n>p``)."""
    reshuffle: bool
    trajan_face_up: bool
    starting_markers: Literal["choice", "random", "different"]
    pregame_trajan: Literal["free", "top"]
    demand_joker_bonus: bool
    remove_province_senate_tiles: bool
    final_tiebreak: Literal["final_reset", "track"]
    edition: int
    options: Mapping[str, OptionValue]
    """The options as given (for the view)."""

    @property
    def blind_pregame(self) -> bool:
        """Pre-game picks from face-down stacks, top tile only: the tile is unseen until placed."""
        return self.pregame_trajan == "top" and not self.trajan_face_up

    @classmethod
    def from_options(cls, players: int, o: Mapping[str, OptionValue]) -> TrajanConfig:
        """The config of a ``players``-player game with validated options ``o``."""
        return cls(
            players=players,
            lap=int(o[f"lap_{players}p"]),
            reshuffle=bool(o["reshuffle"]),
            trajan_face_up=bool(o["trajan_face_up"]),
            starting_markers=cast(Literal["choice", "random", "different"], str(o["starting_markers"])),
            pregame_trajan=cast(Literal["free", "top"], str(o["pregame_trajan"])),
            demand_joker_bonus=bool(o["demand_joker_bonus"]),
            remove_province_senate_tiles=bool(o["remove_province_senate_tiles"]),
            final_tiebreak=cast(Literal["final_reset", "track"], str(o["final_tiebreak"])),
            edition=int(o["edition"]),
            options=o,
        )

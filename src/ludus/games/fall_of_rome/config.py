"""The options of a game of Pandemic: Fall of Rome, validated once into :class:`FallOfRomeConfig`.

>>> cfg = FallOfRomeConfig.from_options(2, {"difficulty": "heroic"})
>>> cfg.difficulty, cfg.revolts, cfg.solo
('heroic', 7, False)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ludus.core.api import OptionSpec, OptionValue
from ludus.core.errors import OptionError
from ludus.core.i18n import N_
from ludus.games.fall_of_rome.components import DOMAIN, REVOLTS_CAPUT_MUNDI, REVOLTS_STANDARD

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "difficulty",
        "normal",
        N_("Revolt cards: novice 5, normal 6, heroic 7 (Roma Caput Mundi: 4/5/6, legendary 7)"),
        choices=("novice", "normal", "heroic", "legendary"), label=N_("Difficulty"),
        explain=N_("How many Revolt cards are shuffled into the player deck."),
        value_labels=(("novice", N_("novice")), ("normal", N_("normal")), ("heroic", N_("heroic")),
                      ("legendary", N_("legendary"))),
    ),
    OptionSpec("roma_caput_mundi", False, N_("Roma Caput Mundi challenge (no legions or fort in Roma)"),
               label=N_("Roma Caput Mundi challenge"),
               explain=N_("A harder game: no legions and no fort in Roma.")),
    OptionSpec("roles", "random", N_("Roles dealt at random or chosen by the players"),
               choices=("random", "chosen"), label=N_("Roles"),
               explain=N_("How the players get their roles."),
               value_labels=(("random", N_("dealt at random")), ("chosen", N_("chosen by the players")))),
    OptionSpec(
        "first_player",
        "random",
        N_("First player: random (ruling 1, days to Roma incomplete) or most days on a city card"),
        choices=("random", "most_days"), ruling=True,
    ),
    OptionSpec(
        "vestalis_may_return_revolt",
        False,
        N_("Vestalis may put a drawn Revolt back (ruling 6; default: no, a drawn Revolt is resolved at "
           "once)"),
        ruling=True,
    ),
    OptionSpec(
        "regina_cubes_into_roma",
        False,
        N_("Roma Caput Mundi: Regina Foederata may lead cubes into Roma (ruling 7; default: no)"),
        ruling=True,
    ),
)
"""The option schema (``GameInfo.options``)."""


@dataclass(frozen=True, slots=True)
class FallOfRomeConfig:
    """The validated options (see ``docs/games/fall-of-rome.md``, "Options" and "Rulings")."""

    players: int
    difficulty: str
    roma_caput_mundi: bool
    roles_chosen: bool
    first_player_most_days: bool
    vestalis_may_return_revolt: bool
    regina_cubes_into_roma: bool

    @property
    def solo(self) -> bool:
        """One player: the solitaire challenge (WYZWANIE SAMOTNIKA)."""
        return self.players == 1

    @property
    def revolts(self) -> int:
        """Revolt cards in the player deck for the difficulty (and Roma Caput Mundi)."""
        return (REVOLTS_CAPUT_MUNDI if self.roma_caput_mundi else REVOLTS_STANDARD)[self.difficulty]

    @classmethod
    def from_options(cls, players: int, options: Mapping[str, OptionValue]) -> FallOfRomeConfig:
        """Build the config from a game's coerced options (missing ones take their defaults).

        Raises :class:`OptionError` for ``legendary`` without Roma Caput Mundi.
        """
        o = {spec.name: spec.default for spec in OPTIONS}
        o.update(options)
        cfg = cls(
            players=players,
            difficulty=str(o["difficulty"]),
            roma_caput_mundi=bool(o["roma_caput_mundi"]),
            roles_chosen=o["roles"] == "chosen",
            first_player_most_days=o["first_player"] == "most_days",
            vestalis_may_return_revolt=bool(o["vestalis_may_return_revolt"]),
            regina_cubes_into_roma=bool(o["regina_cubes_into_roma"]),
        )
        if cfg.difficulty == "legendary" and not cfg.roma_caput_mundi:
            raise OptionError(N_("difficulty 'legendary' exists only with roma_caput_mundi=true"),
                              domain=DOMAIN)
        return cfg

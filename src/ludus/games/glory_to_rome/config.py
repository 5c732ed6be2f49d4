"""The validated options of a Glory to Rome game, as one typed object.

>>> cfg = GtrConfig.from_options(3, {"rules": "classic", "simplified": False, "start_order": "pl",
...                                  "latrine_jack": True, "concession": False})
>>> cfg.petition_size, cfg.functions
(3, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ludus.games.glory_to_rome.components import EN_RANK, PL_RANK


@dataclass(frozen=True, slots=True)
class GtrConfig:
    """What the rules read from the options (never ``options["..."]`` in the rules).

    - ``classic``: the classic variant (3-card petitions, the classic Forum);
    - ``functions``: building functions are used (False in the training game);
    - ``petition_size``: Orders in a petition (2, classic 3);
    - ``latrine_jack``: a Latrine may discard a Jack;
    - ``concession``: players may concede;
    - ``rank``: each building's place in the alphabet choosing the start player.
    """

    players: int
    classic: bool
    functions: bool
    petition_size: int
    latrine_jack: bool
    concession: bool
    rank: tuple[int, ...]

    @classmethod
    def from_options(cls, players: int, options: Mapping[str, object]) -> GtrConfig:
        """Build the config from a game's validated options."""
        classic = options["rules"] == "classic"
        return cls(
            players=players,
            classic=classic,
            functions=not options["simplified"],
            petition_size=3 if classic else 2,
            latrine_jack=bool(options["latrine_jack"]),
            concession=bool(options["concession"]),
            rank=PL_RANK if options["start_order"] == "pl" else EN_RANK,
        )

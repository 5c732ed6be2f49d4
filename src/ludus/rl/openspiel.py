"""The ludus games as OpenSpiel (``pyspiel``) Python games.

>>> from ludus.rl.openspiel import register      # doctest: +SKIP
>>> register()                                   # doctest: +SKIP
>>> game = pyspiel.load_game("ludus_trajan", {"players": 3})   # doctest: +SKIP

:func:`register` registers ``ludus_<game id, - as _>`` for every installed game with a
fixed action numbering. Parameters: ``players``, ``deals`` (how many ludus seeds the
opening chance node chooses among, 1024 by default), ``reactions`` (offer
out-of-turn actions, see :mod:`ludus.rl.table`), ``max_actions`` (0: the game's
``action_cap``) and every option of the game with its default.

The ``GameType`` flags, and why:

- dynamics **sequential**, Hadrian's Wall too: its simultaneous phases are played
  seat after seat (the AEC way, :mod:`ludus.rl.table`); each seat's choice is hidden
  from the others by the views, so nothing leaks, and OpenSpiel's Python IS-MCTS
  (which requires sequential games) can play it;
- chance mode **explicit stochastic, one chance node**: the randomness of a ludus game
  lives in its state's own generator, a function of the seed, so a game is the seed
  (drawn uniformly by the one chance node that opens it: ``chance_outcomes`` lists
  the ``deals`` seeds) and then deterministic moves. Sampled stochastic would be the
  natural flag, but OpenSpiel serializes a sampled-stochastic game's RNG in C++,
  which a Python game cannot provide, so ``random_sim_test(serialize=True)`` could
  not pass; the single chance node gives the same games and serializes;
- information **imperfect**, reward model **terminal**;
- utility **identical** for a co-operative game (``returns()`` is the team's
  result), **zero-sum** for a competitive game of two or more seats (each seat's
  ``returns()`` less their mean, which changes nothing but a tie), **general-sum**
  for a competitive solo game.

The information-state string of a seat is JSON: the seat, its canonical view
(``view(seat)``, keys sorted), the numbers of its own past actions, and the turn
order (selected seat, reaction window, seats that declined). It holds nothing the
seat may not see; it is not full perfect recall of every past view, only of the
seat's own actions. The observation string is the same without the own actions; the
observation tensor is :meth:`Game.observe <ludus.core.api.Game.observe>`, its slices
named as in the game's layout. ``resample_from_infostate(seat, sampler)`` is
``determinize(seat, seed)`` with a seed drawn from ``sampler``; in the state it returns
the other seats' action histories are unknown and start empty. Serialization
pickles the wrapper, and the wrapper pickles the state as :meth:`State.to_json
<ludus.core.api.State.to_json>`.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

import ludus
from ludus.core import registry
from ludus.core.api import Game, GameInfo
from ludus.rl.table import Turns, observation

__all__ = ["register", "short_name"]

DEALS = 1024
"""How many seeds the opening chance node chooses among, by default."""
UTILITY_BOUND = 2.0
"""The largest absolute utility (zero-sum returns less their mean stay within it)."""


def short_name(game_id: str) -> str:
    """The OpenSpiel name of ludus game ``game_id``: ``ludus_glory_to_rome``."""
    return "ludus_" + game_id.replace("-", "_")


def _parameters(info: GameInfo) -> dict[str, Any]:
    params: dict[str, Any] = {"players": info.default_players or info.min_players, "deals": DEALS,
                              "reactions": False, "max_actions": 0}
    for spec in info.options:
        if isinstance(spec.default, bool | int | float | str):
            params[spec.name] = spec.default
    return params


def _game_type(info: GameInfo) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=short_name(info.id),
        long_name=f"ludus: {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,  # per player count: see _utility
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(info),
    )


def _utility(game: Game[Any]) -> pyspiel.GameType.Utility:
    if game.info.cooperative:
        return pyspiel.GameType.Utility.IDENTICAL
    if game.players >= 2:
        return pyspiel.GameType.Utility.ZERO_SUM
    return pyspiel.GameType.Utility.GENERAL_SUM


class LudusSpielGame(pyspiel.Game):  # type: ignore[misc]
    """A ludus game and player count as a ``pyspiel.Game``."""

    ludus_id = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        info = registry.game_class(self.ludus_id).info
        values = {**_parameters(info), **(params or {})}
        options = {k: v for k, v in values.items()
                   if k not in {"players", "deals", "reactions", "max_actions"}}
        self.ludus: Game[Any] = ludus.load(self.ludus_id, players=int(values["players"]), **options)
        game = self.ludus
        self.reacting = tuple(range(game.players)) if values["reactions"] else ()
        self.cap = int(values["max_actions"]) or game.action_cap
        self.deals = int(values["deals"])
        self.utility = _utility(game)
        base = _game_type(info)
        game_type = pyspiel.GameType(
            short_name=base.short_name, long_name=base.long_name, dynamics=base.dynamics,
            chance_mode=base.chance_mode, information=base.information, utility=self.utility,
            reward_model=base.reward_model, max_num_players=base.max_num_players,
            min_num_players=base.min_num_players,
            provides_information_state_string=True, provides_information_state_tensor=False,
            provides_observation_string=True, provides_observation_tensor=True,
            parameter_specification=base.parameter_specification)
        n = game.players
        zero_sum = self.utility == pyspiel.GameType.Utility.ZERO_SUM
        game_info = pyspiel.GameInfo(
            num_distinct_actions=game.num_distinct_actions + (1 if self.reacting else 0),
            max_chance_outcomes=self.deals,
            num_players=n,
            min_utility=-UTILITY_BOUND,
            max_utility=UTILITY_BOUND,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=self.cap * (n if self.reacting else 1) + n,
        )
        super().__init__(game_type, game_info, values)

    def new_initial_state(self) -> LudusSpielState:
        """A new game: its first node is the chance node that picks the seed."""
        return LudusSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> LudusObserver:
        """The information-state observer (perfect recall) or the observation observer."""
        perfect = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return LudusObserver(self.ludus, perfect)


class LudusSpielState(pyspiel.State):  # type: ignore[misc]
    """A ``pyspiel.State`` around a :class:`~ludus.rl.table.Turns` (after the opening chance node)."""

    def __init__(self, game: LudusSpielGame) -> None:
        super().__init__(game)
        self._turns_or_none: Turns | None = None
        self._histories: list[list[int]] = [[] for _ in range(game.ludus.players)]

    @classmethod
    def at(cls, game: LudusSpielGame, turns: Turns) -> LudusSpielState:
        """A state of ``game`` at a position already dealt (``turns``, of ``game.ludus``); the seats'
        action histories start empty (a bot searching from a position it was handed)."""
        state = cls(game)
        state._turns_or_none = turns
        return state

    @property
    def turns(self) -> Turns:
        """The ludus state and its turn order (an error before the deal)."""
        if self._turns_or_none is None:
            raise pyspiel.SpielError("the game has not been dealt yet")
        return self._turns_or_none

    def current_player(self) -> int:
        """``CHANCE`` before the deal, then the selected seat, or ``TERMINAL``."""
        if self._turns_or_none is None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = self._turns_or_none.seat
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def is_terminal(self) -> bool:
        """Over, or stopped at the cap."""
        return self._turns_or_none is not None and self._turns_or_none.seat is None

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The opening deal: every seed ``0 … deals - 1``, equally likely."""
        deals = self.get_game().deals
        return [(seed, 1.0 / deals) for seed in range(deals)]

    def _legal_actions(self, player: int) -> list[int]:
        return self.turns.legal_ids(player)

    def _apply_action(self, action: int) -> None:
        if self._turns_or_none is None:
            g = self.get_game()
            self._turns_or_none = Turns(g.ludus, g.ludus.new_state(int(action)), g.reacting, g.cap)
            return
        turns = self.turns
        seat = turns.seat
        turns.play(int(action))
        if seat is not None:
            self._histories[seat].append(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        turns = self.turns
        if turns.reacting and action == turns.pass_id:
            return "pass"
        return turns.game.action_space.decode(int(action), max(player, 0)).notation()

    def returns(self) -> list[float]:
        """Utilities: 0 before the end and when stopped at the cap (see the module's documentation)."""
        turns = self._turns_or_none
        n = self.get_game().ludus.players
        if turns is None or not turns.terminal:
            return [0.0] * n
        values = [float(v) for v in turns.state.returns()]
        if self.get_game().get_type().utility == pyspiel.GameType.Utility.ZERO_SUM:
            mean = sum(values) / n
            values = [v - mean for v in values]
        return values

    def information_state_json(self, player: int, own_actions: bool = True) -> str:
        """The seat's information state as JSON (see the module's documentation)."""
        if self._turns_or_none is None:
            return json.dumps({"seat": player})
        turns = self.turns
        data: dict[str, Any] = {"seat": player, "view": turns.state.view(player),
                                "turn": [turns.seat, turns.window, sorted(turns.asked)]}
        if own_actions:
            data["actions"] = self._histories[player]
        return json.dumps(data, sort_keys=True, separators=(",", ":"))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> LudusSpielState:
        """A state ``player_id`` cannot tell from this one, through ``determinize``."""
        seed = int(probability_sampler() * 2**31) % 2**31
        turns = self.turns.clone()
        turns.state = self.turns.state.determinize(player_id, seed)
        other = LudusSpielState(self.get_game())
        other._turns_or_none = turns
        other._histories = [list(h) if p == player_id else [] for p, h in enumerate(self._histories)]
        return other

    def __str__(self) -> str:
        if self._turns_or_none is None:
            return "(not dealt)"
        return self.turns.game.render(self.turns.state.view(None), None)


class LudusObserver:
    """OpenSpiel's observer interface (``tensor``, ``dict``, ``set_from``, ``string_from``)."""

    def __init__(self, game: Game[Any], perfect_recall: bool) -> None:
        self.game = game
        self.perfect_recall = perfect_recall
        size = 0 if perfect_recall else game.observation_layout.size
        self.tensor = np.zeros(size, np.float32)
        self.dict: dict[str, Any] = {}
        if not perfect_recall:
            for piece in game.observation_layout.slices:
                self.dict[piece.name] = self.tensor[piece.start:piece.stop]

    def set_from(self, state: LudusSpielState, player: int) -> None:
        """Fill :attr:`tensor` with ``player``'s observation."""
        if not self.perfect_recall and state._turns_or_none is not None:
            self.tensor[:] = observation(self.game, state.turns.state, player)

    def string_from(self, state: LudusSpielState, player: int) -> str:
        """``player``'s information-state string, or its observation string."""
        return state.information_state_json(player, own_actions=self.perfect_recall)


def register() -> list[str]:
    """Register every installed ludus game that has a fixed action numbering; return their OpenSpiel names.

    Safe to call again (a game already registered is skipped).
    """
    done: list[str] = []
    known = set(pyspiel.registered_names())
    for info in registry.games():
        game_id = info.id
        if ludus.load(game_id).num_distinct_actions == 0:
            continue
        name = short_name(game_id)
        if name not in known:
            game_class = type(f"Spiel_{name}", (LudusSpielGame,), {"ludus_id": game_id})
            pyspiel.register_game(_game_type(info), game_class)
        done.append(name)
    return done

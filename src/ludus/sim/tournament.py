"""Tournaments between agents: many seeded games with seats rotated, ratings and head-to-head.

Formats (:data:`FORMATS`):

* ``round-robin``: every combination of ``players`` agents from the list meets (with
  two players, every pair);
* ``gauntlet``: the challenger meets every combination of ``players - 1`` of the others.

Each meeting (a *pairing*) is played ``games`` times, rounded up to a multiple of the
player count: the games come in *deals* of ``players`` games that share one seed (the
same shuffle of the cards) and rotate the agents over the seats, so every agent sits
in every seat equally often and the luck of a deal cancels. Deal ``d`` of pairing
``k`` is seeded with :func:`deal_seed` ``(seed, k, d)``: the games are the same
whatever ``jobs`` is.

Every finished game's ranking updates the agents' ratings (openskill's Plackett-Luce
model, the ``tournament`` extra); ties are ties. The ratings are the mean over
:data:`RATING_ORDERS` seeded orders of the games, so they do not depend on which games
happened to come last. A game stopped at the
action cap is counted and reported, never rated. Co-operative games and one-player
tables are refused: a tournament ranks agents against each other.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from itertools import combinations
from typing import Any

from ludus.agents import Agent, make_agent, play_game
from ludus.core.errors import N_, LudusError, OptionError
from ludus.core.registry import configure
from ludus.core.rng import Rng
from ludus.sim.simulate import CAPPED, in_order, stream_pool
from ludus.sim.stats import wilson

__all__ = [
    "FORMATS", "AgentStanding", "Plan", "TournamentError", "TournamentGame", "TournamentResult", "deal_seed",
    "pairings", "plan", "rate_game", "rating_model", "tournament", "wilson",
]

FORMATS = ("round-robin", "gauntlet")
"""The tournament formats."""

RATING_WIDTH = 2.0
"""A rating's interval is ``mu ± RATING_WIDTH × sigma`` (about 95% of the belief about the skill)."""

RATING_ORDERS = 16
"""How many seeded orders of the games the ratings are averaged over."""


class TournamentError(LudusError):
    """A tournament that cannot be held (agents, format, challenger, game)."""


Task = tuple[str, int, dict[str, Any], tuple[str, ...], int, int, int, int, int, int | None]
"""One game for a worker: id, players, options, agents by seat, index, pairing, deal, rotation, seed, cap."""


@dataclass(slots=True)
class TournamentGame:
    """One game of a tournament.

    ``agents`` is the agent in each seat; ``places`` each seat's place (1 = first,
    equal for a tie). A game stopped at the action cap has ``termination``
    :data:`~ludus.sim.simulate.CAPPED` and empty ``scores``, ``places`` and ``winners``.
    """

    index: int
    pairing: int
    deal: int
    rotation: int
    seed: int
    agents: list[str]
    scores: list[float]
    places: list[int]
    winners: list[int]
    length: int
    reason: str
    termination: str

    @property
    def finished(self) -> bool:
        """Whether the game ended by its rules (not stopped at the action cap)."""
        return self.termination != CAPPED

    def to_json(self) -> dict[str, Any]:
        """Return a JSON-ready dict."""
        return asdict(self)


@dataclass(slots=True)
class AgentStanding:
    """One agent's figures over a tournament.

    ``mu`` and ``sigma`` are its rating (openskill, Plackett-Luce: mean and standard
    deviation of the belief about its skill, 25 and 25/3 before any game);
    ``low``–``high`` is ``mu ± 2σ``; ``ordinal`` is ``mu - 3σ``, a conservative rating.
    ``games`` counts its games, ``capped`` those stopped at the action cap; the other
    figures are over its finished games: ``wins`` (a tie for first split between
    the tied), ``win_rate`` and its 95% Wilson interval ``win_low``–``win_high``,
    ``mean_score`` and ``mean_place``.
    """

    agent: str
    mu: float
    sigma: float
    low: float
    high: float
    ordinal: float
    games: int
    capped: int
    wins: float
    win_rate: float | None
    win_low: float | None
    win_high: float | None
    mean_score: float | None
    mean_place: float | None

    def to_json(self) -> dict[str, Any]:
        """Return a JSON-ready dict."""
        return asdict(self)


@dataclass(slots=True)
class TournamentResult:
    """What a tournament found.

    ``standings`` are ordered by rating (``mu``), best first. ``head_to_head[a][b]``
    is ``{"games": n, "share": s}``: of the ``n`` finished games ``a`` and ``b`` both
    played, the share in which ``a`` placed ahead of ``b`` (a tie counts half; None
    if they never met). ``games`` holds every game, in order, unless the tournament
    was run with ``keep_games=False``. ``arguments`` are the call's arguments.
    """

    game: str
    players: int
    format: str
    challenger: str | None
    agents: list[str]
    games_per_pairing: int
    pairings: int
    seed: int
    options: dict[str, Any]
    max_actions: int | None
    standings: list[AgentStanding]
    head_to_head: dict[str, dict[str, dict[str, Any]]]
    total_games: int
    capped: int
    terminations: dict[str, int]
    mean_length: float | None
    seconds: float
    arguments: dict[str, Any] = field(default_factory=dict)
    games: list[TournamentGame] | None = None

    def to_json(self) -> dict[str, Any]:
        """Return a JSON-ready dict with everything (every game too, when kept)."""
        out = asdict(self)
        out["standings"] = [s.to_json() for s in self.standings]
        out["games"] = None if self.games is None else [g.to_json() for g in self.games]
        return out


def deal_seed(seed: int, pairing: int, deal: int) -> int:
    """The seed of deal ``deal`` of pairing ``pairing`` in a tournament run with ``seed`` (63 bits)."""
    digest = hashlib.blake2b(f"ludus-tournament/{seed}/{pairing}/{deal}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def pairings(agents: Sequence[str], players: int, format: str = "round-robin",
             challenger: str | None = None) -> Iterator[tuple[str, ...]]:
    """The meetings of a tournament, each the agents of one table in seat order before rotation.

    >>> list(pairings(["a", "b", "c"], 2))
    [('a', 'b'), ('a', 'c'), ('b', 'c')]
    >>> list(pairings(["a", "b", "c"], 2, "gauntlet", "c"))
    [('c', 'a'), ('c', 'b')]
    """
    if format == "gauntlet":
        assert challenger is not None
        others = [a for a in agents if a != challenger]
        for rest in combinations(others, players - 1):
            yield (challenger, *rest)
    else:
        yield from combinations(agents, players)


@dataclass(slots=True)
class Plan:
    """The shape of a tournament: players per table, the challenger, games per pairing, the tables."""

    players: int
    challenger: str | None
    games_per_pairing: int
    tables: list[tuple[str, ...]]

    @property
    def total(self) -> int:
        """How many games the tournament plays."""
        return self.games_per_pairing * len(self.tables)


def plan(game_id: str, agents: Sequence[str], players: int | None = None, games: int = 10,
         format: str = "round-robin", challenger: str | None = None, options: dict[str, Any] | None = None,
         max_actions: int | None = None, jobs: int = 1) -> Plan:
    """Check a tournament's arguments (one clear :class:`LudusError` for the first that makes no
    sense) and return its :class:`Plan`; see :func:`tournament` for the arguments."""
    options = dict(options or {})
    rating_model()  # the tournament extra is there
    if format == "gauntlet" and challenger is None and agents:
        challenger = agents[0]
    if format not in FORMATS:
        raise TournamentError(N_("unknown tournament format {format!r} (formats: {known})"), format=format,
                              known=", ".join(FORMATS))
    game = configure(game_id, players, options)
    if players is None and game.players < 2:  # a solo game's default: the smallest table with rivals
        game = configure(game_id, 2, options)
    if game.info.cooperative:
        raise TournamentError(N_("a tournament is for competitive games: {game} is co-operative"),
                              game=game_id)
    if game.players < 2:
        raise TournamentError(N_("a tournament needs at least 2 players, got {players}"),
                              players=game.players)
    if len(agents) < 2:
        raise TournamentError(N_("a tournament needs at least 2 agents, got {count}"), count=len(agents))
    for name in agents:
        make_agent(name)  # an unknown agent or a module:Class that does not load: its own error
    twice = sorted({a for a in agents if list(agents).count(a) > 1})
    if twice:
        raise TournamentError(N_("the agent {name!r} is listed more than once"), name=twice[0])
    if format == "round-robin":
        if challenger is not None:
            raise TournamentError(N_("a challenger is for the gauntlet format only"))
        if len(agents) < game.players:
            raise TournamentError(N_("a {players}-player round-robin needs more agents: at least {need}, got "
                                     "{count}"),
                                  players=game.players, need=game.players, count=len(agents))
    else:
        if challenger is None or challenger not in agents:
            raise TournamentError(N_("the challenger {name!r} is not one of the agents ({agents})"),
                                  name=challenger or "", agents=", ".join(agents))
        if len(agents) - 1 < game.players - 1:
            raise TournamentError(N_("a {players}-player gauntlet needs more agents besides the challenger: "
                                     "at least {need}, got {count}"),
                                  players=game.players, need=game.players - 1, count=len(agents) - 1)
    if games < 1:
        raise OptionError(N_("games must be at least 1, got {value}"), value=games)
    if max_actions is not None and max_actions < 1:
        raise OptionError(N_("max_actions must be at least 1, got {value}"), value=max_actions)
    if jobs < 1:
        raise OptionError(N_("jobs must be at least 1, got {value}"), value=jobs)
    n = game.players
    return Plan(n, challenger if format == "gauntlet" else None, -(-games // n) * n,
                list(pairings(agents, n, format, challenger)))


def rating_model() -> Any:
    """openskill's Plackett-Luce model at its defaults (a new rating is ``mu`` 25, ``sigma`` 25/3): the
    tournaments' ratings and the web platform's (the ``tournament`` and ``web`` extras)."""
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        raise TournamentError(N_("ratings need openskill: pip install 'ludus[tournament]'")) from None
    return PlackettLuce()


def rate_game(model: Any, ratings: Sequence[Any], places: Sequence[float]) -> list[Any]:
    """The ratings after one finished game: ``ratings`` (the model's, one per seat, each seat a team of
    one) and each seat's place (1 = first; equal places are a tie), updated by ``model``'s rule."""
    rated = model.rate([[rating] for rating in ratings], ranks=list(places))
    return [team[0] for team in rated]


def _tasks(game_id: str, players: int, opts: dict[str, Any], tables: Sequence[tuple[str, ...]], seed: int,
           per_pairing: int, cap: int | None) -> Iterator[Task]:
    """The games of a tournament, made one at a time as workers take them."""
    index = 0
    for k, table in enumerate(tables):
        for i in range(per_pairing):
            deal, rotation = divmod(i, players)
            seats = tuple(table[(p + rotation) % players] for p in range(players))
            yield game_id, players, opts, seats, index, k, deal, rotation, deal_seed(seed, k, deal), cap
            index += 1


def play_one(task: Task, agents: Sequence[Agent] | None = None) -> TournamentGame:
    """Play one tournament game (runs in a worker process); ``agents`` by seat, by default made from
    the task's names, each seeded ``seed * 31 + seat + 1``."""
    game_id, players, options, seats, index, pairing, deal, rotation, seed, cap = task
    game = configure(game_id, players, options)
    if agents is None:
        agents = [make_agent(name, seed * 31 + p + 1) for p, name in enumerate(seats)]
    state, record = play_game(game.new_state(seed), agents, seed=seed, max_actions=cap)
    common = (index, pairing, deal, rotation, seed, list(seats))
    if record.stopped is not None:
        return TournamentGame(*common, [], [], [], len(record.actions), record.stopped, CAPPED)
    out = state.outcome()
    return TournamentGame(*common, list(out.scores), list(out.ranking), list(out.winners),
                          len(record.actions), out.reason, str(out.termination))


def play_chunk(tasks: list[Task]) -> list[TournamentGame]:
    """Play several tournament games (one round trip to a worker process)."""
    return [play_one(task) for task in tasks]


class _Tally:
    """The figures of a tournament, one game at a time (nothing grows with the number of games)."""

    def __init__(self, agents: Sequence[str], model: Any) -> None:
        self.model = model
        self.ratings = {a: model.rating(name=a) for a in agents}
        """The ratings before any game."""
        self.rated: list[tuple[tuple[str, ...], tuple[float, ...]]] = []
        """(agents by seat, places by seat) of every finished game: a few words each."""
        self.games = dict.fromkeys(agents, 0)
        self.capped = dict.fromkeys(agents, 0)
        self.finished = dict.fromkeys(agents, 0)
        self.wins = dict.fromkeys(agents, 0.0)
        self.score = dict.fromkeys(agents, 0.0)
        self.place = dict.fromkeys(agents, 0.0)
        self.met = {a: dict.fromkeys(agents, 0) for a in agents}
        self.ahead = {a: dict.fromkeys(agents, 0.0) for a in agents}
        self.terminations: dict[str, int] = {}
        self.length = 0
        self.count = 0
        self.capped_games = 0

    def add(self, g: TournamentGame) -> None:
        """Count and rate one game."""
        self.count += 1
        self.terminations[g.termination] = self.terminations.get(g.termination, 0) + 1
        for a in g.agents:
            self.games[a] += 1
        if not g.finished:
            self.capped_games += 1
            for a in g.agents:
                self.capped[a] += 1
            return
        self.length += g.length
        for p, a in enumerate(g.agents):
            self.finished[a] += 1
            self.score[a] += g.scores[p]
            self.place[a] += g.places[p]
            if p in g.winners:
                self.wins[a] += 1.0 / len(g.winners)
            for q, b in enumerate(g.agents):
                if q != p:
                    self.met[a][b] += 1
                    self.ahead[a][b] += (1.0 if g.places[p] < g.places[q] else 0.5
                                         if g.places[p] == g.places[q] else 0.0)
        self.rated.append((tuple(g.agents), tuple(float(place) for place in g.places)))

    def _ratings(self) -> dict[str, tuple[float, float]]:
        """Every agent's (mu, sigma): the mean over :data:`RATING_ORDERS` seeded orders of the games.

        An online rating depends on the order of its updates (the last games weigh most); the
        games of a tournament have no order that matters, so the ratings are averaged over
        several shuffles of them.
        """
        sums = {a: [0.0, 0.0] for a in self.ratings}
        rng = Rng(0x5EED)
        games = sorted(self.rated)  # a function of the results, never of the order they came in
        for _ in range(RATING_ORDERS):
            ratings = dict(self.ratings)
            for seated, places in games:
                rated = rate_game(self.model, [ratings[a] for a in seated], places)
                for a, rating in zip(seated, rated, strict=True):
                    ratings[a] = rating
            for a, r in ratings.items():
                sums[a][0] += float(r.mu)
                sums[a][1] += float(r.sigma)
            rng.shuffle(games)
        return {a: (mu / RATING_ORDERS, sigma / RATING_ORDERS) for a, (mu, sigma) in sums.items()}

    def standings(self) -> list[AgentStanding]:
        """Every agent's figures, best rating first (then by name, for equal ratings)."""
        out = []
        for a, (mu, sigma) in self._ratings().items():
            n = self.finished[a]
            rate = self.wins[a] / n if n else None
            low, high = wilson(self.wins[a], n) if n else (None, None)
            out.append(AgentStanding(
                a, mu, sigma, mu - RATING_WIDTH * sigma, mu + RATING_WIDTH * sigma, mu - 3 * sigma,
                self.games[a], self.capped[a], self.wins[a], rate, low, high,
                self.score[a] / n if n else None, self.place[a] / n if n else None))
        return sorted(out, key=lambda s: (-s.mu, s.agent))

    def head_to_head(self) -> dict[str, dict[str, dict[str, Any]]]:
        """``[a][b]``: the finished games ``a`` and ``b`` met in and the share ``a`` placed ahead."""
        return {
            a: {b: {"games": self.met[a][b],
                    "share": self.ahead[a][b] / self.met[a][b] if self.met[a][b] else None}
                for b in self.met[a] if b != a} for a in self.met}


def tournament(
    game_id: str,
    agents: Sequence[str],
    players: int | None = None,
    games: int = 10,
    format: str = "round-robin",
    challenger: str | None = None,
    options: dict[str, Any] | None = None,
    jobs: int = 1,
    seed: int = 0,
    max_actions: int | None = None,
    progress: Callable[[TournamentGame], None] | None = None,
    keep_games: bool = True,
) -> TournamentResult:
    """Hold a tournament between ``agents`` (names of :data:`~ludus.agents.AGENTS` or ``module:Class``).

    Each pairing (see :func:`pairings`) plays ``games`` games, rounded up to a multiple
    of the player count so that the seats rotate evenly; ``players`` defaults to
    the game's default player count, or 2 for a game played solo by default; ``challenger`` is the
    gauntlet's (default: the first agent). ``jobs`` worker processes play them (a
    ``module:Class`` agent's module must be importable there: on ``sys.path`` or
    ``PYTHONPATH``); the result is the same whatever ``jobs`` is. ``progress`` is
    called with each game as it finishes. A game still going after ``max_actions``
    actions (default: the game's action cap) is stopped, counted and not rated.
    With ``keep_games=False`` the games are not kept (memory independent of their number).
    """
    opts = dict(options or {})
    names = list(agents)
    shape = plan(game_id, names, players, games, format, challenger, opts, max_actions, jobs)
    n, per_pairing, tables = shape.players, shape.games_per_pairing, shape.tables
    tally = _Tally(names, rating_model())
    arguments = {"game": game_id, "agents": names, "players": players, "games": games, "format": format,
                 "challenger": challenger, "options": opts, "jobs": jobs, "seed": seed,
                 "max_actions": max_actions}
    kept: list[TournamentGame] | None = [] if keep_games else None
    total = shape.total
    start = time.perf_counter()
    results = stream_pool(_tasks(game_id, n, opts, tables, seed, per_pairing, max_actions), play_chunk, jobs,
                          max(1, min(total // (jobs * 8), 4)))
    for g in in_order(results, progress):
        tally.add(g)
        if kept is not None:
            kept.append(g)
    seconds = time.perf_counter() - start
    done = tally.count - tally.capped_games
    return TournamentResult(
        game_id, n, format, shape.challenger, names, per_pairing, len(tables), seed, opts,
        max_actions, tally.standings(), tally.head_to_head(), tally.count, tally.capped_games,
        dict(tally.terminations), tally.length / done if done else None, seconds, arguments, kept)

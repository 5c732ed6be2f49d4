"""AlphaZero-style self-play on a ludus game: a search guided by a small policy/value network.

    .venv/bin/python examples/alphazero_selfplay.py --game hadrians-wall --eval 200 --jobs 2 --seed 1

The game is played through the OpenSpiel adapter (``ludus.rl.openspiel``): ``pyspiel`` states,
their legal action numbers, observation tensors and ``returns()``. The pieces:

- **the network** (numpy, on the CPU: torch is not in the ``rl`` extra, so there is no GPU path
  here): the observation, squashed by ``sign(x) log(1 + |x|)``, through one tanh hidden layer
  to a policy head (logits over the action numbers, softmax over the legal ones) and a value
  head (tanh, the expected return of the seat that observes);
- **the search**: PUCT (AlphaZero's selection rule, ``Q + c P sqrt(N) / (1 + n)``) with the
  network's prior and its value at the leaves instead of rollouts;
- **hidden information**: these games hide cards, so the search never sees the real state.
  Each simulation starts from a **determinization at the root**:
  ``state.resample_from_infostate(seat, sampler)``, which the adapter implements with the
  game's ``determinize(seat, seed)`` (the hidden parts re-dealt, consistently with all the
  seat has seen). One tree is shared by all the worlds, its nodes keyed by the actions from
  the root, and a node offers only the actions legal in the current world: single-observer
  information-set MCTS (Cowling, Powley and Whitehouse 2012) with PUCT in place of UCT;
- **self-play**: both seats search; each decision records the seat's observation, its legal
  actions and the root's visit counts; at the end each record gets the seat's return. The
  network is trained on the recent records (cross-entropy to the visit distribution, squared
  error to the return), and the next games use it.

The budget is ``--minutes`` of CPU time for self-play and training (or ``--iterations``).
Then the searcher plays ``--eval`` games against each of ``--against`` (the ``random`` and
``easy`` bots by default), seats rotated, and the script prints its win rate with a Wilson 95%
interval. ``--iterations 0`` measures the untrained network the same way (uniform prior, zero
value: the same search without learning), the baseline.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pyspiel

from ludus.agents import make_agent
from ludus.rl.openspiel import register, short_name

sys.path.insert(0, str(Path(__file__).resolve().parent))
from train_masked_policy import cpu_seconds, wilson  # the sibling example

Array = npt.NDArray[np.float64]


def squash(obs: npt.ArrayLike) -> Array:
    """The observation on a tamer scale: ``sign(x) log(1 + |x|)`` (counts and scores reach the hundreds)."""
    x = np.asarray(obs, dtype=np.float64)
    return np.asarray(np.sign(x) * np.log1p(np.abs(x)))


class Network:
    """One tanh hidden layer, a policy head over the action numbers and a tanh value head."""

    def __init__(self, inputs: int, actions: int, hidden: int, seed: int) -> None:
        rng = np.random.default_rng(seed)
        self.p: dict[str, Array] = {
            "w1": rng.normal(0, 1 / math.sqrt(inputs), (hidden, inputs)), "b1": np.zeros(hidden),
            "wp": np.zeros((actions, hidden)), "bp": np.zeros(actions),  # uniform prior to start
            "wv": np.zeros(hidden), "bv": np.zeros(1)}                   # value 0 to start
        self.m = {k: np.zeros_like(v) for k, v in self.p.items()}
        self.v = {k: np.zeros_like(v) for k, v in self.p.items()}
        self.t = 0

    def predict(self, x: Array, legal: list[int]) -> tuple[Array, float]:
        """The prior over ``legal`` and the value of one squashed observation."""
        p = self.p
        h = np.tanh(p["w1"] @ x + p["b1"])
        logits = p["wp"][legal] @ h + p["bp"][legal]
        e = np.exp(logits - logits.max())
        return e / e.sum(), float(np.tanh(p["wv"] @ h + p["bv"][0]))

    def train(self, x: Array, mask: npt.NDArray[np.bool_], pi: Array, z: Array, rate: float) -> float:
        """One Adam step on a batch; returns the loss (policy cross-entropy + value squared error)."""
        p, n = self.p, len(x)
        h = np.tanh(x @ p["w1"].T + p["b1"])
        logits = np.where(mask, h @ p["wp"].T + p["bp"], -np.inf)
        e = np.exp(logits - logits.max(axis=1, keepdims=True))
        probs = e / e.sum(axis=1, keepdims=True)
        value = np.tanh(h @ p["wv"] + p["bv"][0])
        loss = float(-(pi * np.log(np.where(mask, probs, 1.0))).sum() / n + ((value - z) ** 2).mean())
        d_logits = (probs - pi) / n
        d_value = 2 * (value - z) * (1 - value**2) / n
        d_pre = (d_logits @ p["wp"] + np.outer(d_value, p["wv"])) * (1 - h**2)
        grads = {"wp": d_logits.T @ h, "bp": d_logits.sum(axis=0), "wv": h.T @ d_value,
                 "bv": np.array([d_value.sum()]), "w1": d_pre.T @ x, "b1": d_pre.sum(axis=0)}
        self.t += 1
        for k, g in grads.items():
            self.m[k] = 0.9 * self.m[k] + 0.1 * g
            self.v[k] = 0.999 * self.v[k] + 0.001 * g**2
            step = (self.m[k] / (1 - 0.9**self.t)) / (np.sqrt(self.v[k] / (1 - 0.999**self.t)) + 1e-8)
            p[k] -= rate * step
        return loss


@dataclass
class Node:
    """A node of the shared tree: per action number, the prior, the visits and the total value for the
    seat that chooses here."""

    prior: dict[int, float] = field(default_factory=dict)
    visits: dict[int, int] = field(default_factory=dict)
    total: dict[int, float] = field(default_factory=dict)
    children: dict[int, Node] = field(default_factory=dict)


class Searcher:
    """PUCT over determinizations at the root, guided by ``net`` (see the module's documentation)."""

    def __init__(self, net: Network, simulations: int, seed: int, c_puct: float = 1.5) -> None:
        self.net = net
        self.simulations = simulations
        self.c_puct = c_puct
        self.rng = np.random.default_rng(seed)

    def _expand(self, node: Node, world: pyspiel.State, legal: list[int]) -> float:
        """Give ``node`` the network's prior for the actions legal in ``world``; the value for the mover."""
        prior, value = self.net.predict(squash(world.observation_tensor(world.current_player())), legal)
        for a, q in zip(legal, prior):
            node.prior.setdefault(a, float(q))
        return value

    def _select(self, node: Node, legal: list[int]) -> int:
        counts = [node.visits.get(a, 0) for a in legal]
        root_n = math.sqrt(sum(counts) + 1)
        best, best_score = legal[0], -math.inf
        for a, n in zip(legal, counts):
            q = node.total[a] / n if n else 0.0
            score = q + self.c_puct * node.prior.get(a, 1 / len(legal)) * root_n / (1 + n)
            score += 1e-9 * self.rng.random()  # ties broken at random, not by action number
            if score > best_score:
                best, best_score = a, score
        return best

    def search(self, state: pyspiel.State) -> dict[int, int]:
        """The root's visit count per legal action after ``simulations`` simulations from ``state``."""
        seat = state.current_player()
        root = Node()
        for _ in range(self.simulations):
            world = state.resample_from_infostate(seat, self.rng.random)  # determinization at the root
            node, path = root, list[tuple[Node, int, int]]()
            while not world.is_terminal():
                mover, legal = world.current_player(), world.legal_actions()
                if not node.prior:  # a leaf: the network evaluates it
                    value = self._expand(node, world, legal)
                    if path:  # below the root: back the network's value up
                        values = {mover: value, 1 - mover: -value}  # two seats, zero-sum
                        break
                elif any(a not in node.prior for a in legal):  # this world allows actions unseen here
                    self._expand(node, world, legal)
                action = self._select(node, legal)
                path.append((node, mover, action))
                world.apply_action(action)
                node = node.children.setdefault(action, Node())
            else:
                values = dict(enumerate(world.returns()))
            for parent, mover, action in path:
                parent.visits[action] = parent.visits.get(action, 0) + 1
                parent.total[action] = parent.total.get(action, 0.0) + values[mover]
        return {a: root.visits.get(a, 0) for a in state.legal_actions()}


DEALS = 2**30
"""Self-play deals ludus seeds below it, evaluation the next ``DEALS``: the two never share a deal."""

Record = tuple[Array, list[int], Array, int]
"""One self-play decision: squashed observation, legal numbers, visit distribution, seat."""


def self_play(game: pyspiel.Game, searcher: Searcher, deal: int) -> tuple[list[tuple[Record, float]], int]:
    """One game with both seats searching; each decision with the return of its seat, and the length."""
    state = game.dealt_state(deal)
    records: list[Record] = []
    while not state.is_terminal():
        seat = state.current_player()
        visits = searcher.search(state)
        legal = sorted(visits)
        counts = np.array([visits[a] for a in legal], dtype=np.float64) + 1e-9
        pi = counts / counts.sum()
        records.append((squash(state.observation_tensor(seat)), legal, pi, seat))
        state.apply_action(int(searcher.rng.choice(legal, p=pi)))  # temperature 1: explore
    returns = state.returns()
    return [(r, returns[r[3]]) for r in records], len(records)


def train_net(net: Network, buffer: list[tuple[Record, float]], actions: int, steps: int, batch: int,
              rate: float, rng: np.random.Generator) -> float:
    """``steps`` Adam steps on random batches of ``buffer``; the last loss."""
    loss = math.nan
    for _ in range(steps):
        chosen = rng.choice(len(buffer), size=min(batch, len(buffer)), replace=False)
        x = np.array([buffer[i][0][0] for i in chosen])
        mask = np.zeros((len(chosen), actions), dtype=bool)
        pi = np.zeros((len(chosen), actions))
        for row, i in enumerate(chosen):
            (_, legal, visits, _), _ = buffer[i]
            mask[row, legal] = True
            pi[row, legal] = visits
        z = np.array([buffer[i][1] for i in chosen])
        loss = net.train(x, mask, pi, z, rate)
    return loss


_SHARED: tuple[pyspiel.Game, Network, int, str] | None = None
"""The game, network, simulations and opponent the evaluation's worker processes inherit (forked)."""


def _play(indices: range, seed: int) -> int:
    """Wins in games ``indices`` of an evaluation (see :func:`evaluate`)."""
    assert _SHARED is not None
    game, net, simulations, opponent = _SHARED
    ludus_game = game.ludus
    wins = 0
    for i in indices:
        seat = i % 2
        bot = make_agent(opponent, seed=seed + i)
        searcher = Searcher(net, simulations, seed=seed + i)
        state = game.dealt_state(DEALS + (seed + i) % DEALS)
        while not state.is_terminal():
            if state.current_player() == seat:
                visits = searcher.search(state)
                most = max(visits.values())
                action = int(searcher.rng.choice([a for a, n in visits.items() if n == most]))
            else:  # the bot decides on the ludus state, from its own seat (it determinizes itself)
                mover = state.current_player()
                action = ludus_game.encode_action(bot.act(state.turns.state, mover))
            state.apply_action(action)
        wins += state.returns()[seat] > 0
    return wins


def evaluate(game: pyspiel.Game, net: Network, simulations: int, opponent: str, games: int, seed: int,
             jobs: int = 1) -> int:
    """Wins of the search against the ``opponent`` bot in ``games`` games, seats rotated (game ``i`` in
    seat ``i mod 2``), on seeds ``DEALS … 2 * DEALS - 1`` (self-play deals from ``0 … DEALS - 1``); the
    search's most visited action is played. In ``jobs`` processes, the same results for any ``jobs``."""
    global _SHARED
    _SHARED = (game, net, simulations, opponent)
    if jobs <= 1:
        return _play(range(games), seed)
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        return sum(pool.starmap(_play, [(range(k, games, jobs), seed) for k in range(jobs)]))


def report(label: str, wins: int, games: int) -> str:
    """One line of results."""
    low, high = wilson(wins, games)
    return f"  {label:<34} win rate {wins / games:6.1%}  [{low:.1%}, {high:.1%}]  ({wins}/{games})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog=__doc__.split("\n\n", 1)[1])
    parser.add_argument("--game", default="hadrians-wall", help="a competitive game, played by 2 seats")
    parser.add_argument("--minutes", type=float, default=5.0, help="CPU minutes of self-play and training")
    parser.add_argument("--iterations", type=int, default=None, help="stop after this many iterations")
    parser.add_argument("--games-per-iteration", type=int, default=4)
    parser.add_argument("--simulations", type=int, default=24, help="simulations per self-play decision")
    parser.add_argument("--eval-simulations", type=int, default=8,
                        help="simulations per evaluation decision")
    parser.add_argument("--hidden", type=int, default=64, help="units of the hidden layer")
    parser.add_argument("--train-steps", type=int, default=50, help="Adam steps per iteration")
    parser.add_argument("--rate", type=float, default=0.003, help="Adam step size")
    parser.add_argument("--buffer", type=int, default=20_000, help="decisions kept for training")
    parser.add_argument("--eval", type=int, default=200, help="evaluation games per opponent")
    parser.add_argument("--against", nargs="+", default=["random", "easy"], help="the bots to play")
    parser.add_argument("--jobs", type=int, default=1, help="processes for the evaluation games")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    register()
    game = pyspiel.load_game(short_name(args.game), {"players": 2})
    actions = game.num_distinct_actions()
    net = Network(game.observation_tensor_size(), actions, args.hidden, args.seed)
    rng = np.random.default_rng(args.seed)
    searcher = Searcher(net, args.simulations, args.seed)
    buffer: list[tuple[Record, float]] = []
    start, iteration, games = time.process_time(), 0, 0
    budget = f"{args.minutes:g} CPU min"
    if args.iterations is not None:
        budget += f" or {args.iterations} iterations"
    print(f"{args.game}, 2 seats: self-play for {budget}, {args.simulations} simulations per decision, "
          f"seed {args.seed}", flush=True)
    while time.process_time() - start < 60 * args.minutes and (args.iterations is None
                                                               or iteration < args.iterations):
        lengths, outcomes = [], []
        for _ in range(args.games_per_iteration):
            records, length = self_play(game, searcher, int(rng.integers(DEALS)))  # first half
            buffer.extend(records)
            lengths.append(length)
            outcomes.append(records[-1][1] if records else 0.0)
            games += 1
        del buffer[: max(0, len(buffer) - args.buffer)]
        loss = train_net(net, buffer, actions, args.train_steps, 256, args.rate, rng)
        iteration += 1
        print(f"  iteration {iteration}: {games} games, {len(buffer)} decisions kept, mean length "
              f"{np.mean(lengths):.0f}, loss {loss:.3f}, {time.process_time() - start:.0f} CPU s", flush=True)
    spent = time.process_time() - start
    evaluation = cpu_seconds()
    print(f"evaluating: {args.eval} games per opponent, {args.eval_simulations} simulations per decision, "
          f"seats rotated", flush=True)
    lines = []
    for opponent in args.against:
        wins = evaluate(game, net, args.eval_simulations, opponent, args.eval, 10**6, args.jobs)
        lines.append(report(f"search ({iteration} iterations) vs {opponent}", wins, args.eval))
        print(lines[-1], flush=True)
    print(f"{args.game} 2p: {games} self-play games in {iteration} iterations, {spent / 60:.1f} CPU min; "
          f"evaluation {(cpu_seconds() - evaluation) / 60:.1f} CPU min; Wilson 95% intervals:")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

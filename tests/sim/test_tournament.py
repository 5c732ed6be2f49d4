"""``ludus tournament`` and :func:`ludus.sim.tournament.tournament`: seats rotated over shared deals,
reproducible whatever the jobs, ratings, the JSON, plugged-in agents, and one-line errors."""

from __future__ import annotations

import io
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from ludus.cli import main
from ludus.sim.simulate import CAPPED
from ludus.sim.tournament import TournamentResult, deal_seed, tournament, wilson

pytestmark = pytest.mark.usefixtures("fixture_games")

PLUGIN = "sim.plugin_agent:FirstLegal"
"""A researcher's agent in a module on the path (pytest puts ``tests`` there; workers inherit it)."""


def run(argv: list[str]) -> tuple[int, str]:
    out = io.StringIO()
    status = main(argv, console=Console(file=out, width=160, color_system=None))
    return status, out.getvalue()


def _seat_counts(result: TournamentResult) -> Counter[tuple[str, int]]:
    assert result.games is not None
    return Counter((agent, seat) for g in result.games for seat, agent in enumerate(g.agents))


def test_two_players_every_pair_plays_each_deal_both_ways_round() -> None:
    result = tournament("hadrians-wall", ["random", "greedy", "easy"], games=4, seed=5)
    assert result.players == 2 and result.pairings == 3 and result.games_per_pairing == 4
    assert result.games is not None and result.total_games == len(result.games) == 12
    tables = Counter(frozenset(g.agents) for g in result.games)
    assert tables == {frozenset({"random", "greedy"}): 4, frozenset({"random", "easy"}): 4,
                      frozenset({"greedy", "easy"}): 4}
    # every agent sits in each seat equally often
    assert set(_seat_counts(result).values()) == {4}
    # the two games of a deal share the seed and swap the seats
    for first, second in zip(result.games[::2], result.games[1::2]):
        assert first.seed == second.seed == deal_seed(5, first.pairing, first.deal)
        assert first.agents == second.agents[::-1] and (first.rotation, second.rotation) == (0, 1)
    assert len({g.seed for g in result.games}) == 6
    assert [g.index for g in result.games] == list(range(12))


def test_three_players_rotate_over_every_combination_and_a_gauntlet_meets_the_others() -> None:
    agents = ["random", "greedy", "easy", PLUGIN]
    result = tournament("fixture-draw", agents, players=3, games=4, seed=1)  # rounded up to 6
    assert result.games is not None
    assert result.pairings == 4 and result.games_per_pairing == 6 and result.total_games == 24
    counts = _seat_counts(result)
    assert {counts[a, seat] for a in agents for seat in range(3)} == {6}
    for deal in range(0, 24, 3):
        games = result.games[deal:deal + 3]
        assert len({g.seed for g in games}) == 1
        assert games[1].agents == games[0].agents[1:] + games[0].agents[:1]
    gauntlet = tournament("fixture-draw", agents, players=2, games=2, format="gauntlet", challenger=PLUGIN)
    assert gauntlet.games is not None and gauntlet.challenger == PLUGIN and gauntlet.pairings == 3
    assert all(PLUGIN in g.agents for g in gauntlet.games)
    assert {a for g in gauntlet.games for a in g.agents} == set(agents)
    met = gauntlet.head_to_head["random"]
    assert {b for b in met if met[b]["games"]} == {PLUGIN}  # the others meet the challenger only
    assert met["greedy"] == {"games": 0, "share": None}


def _comparable(result: TournamentResult) -> dict[str, Any]:
    data = result.to_json()
    del data["seconds"], data["arguments"]["jobs"]
    return data


def test_the_same_seed_gives_the_same_tournament_whatever_the_jobs_with_a_plugged_in_agent() -> None:
    agents = ["random", "greedy", PLUGIN]
    alone = tournament("hadrians-wall", agents, games=2, seed=11, jobs=1)
    pooled = tournament("hadrians-wall", agents, games=2, seed=11, jobs=2)
    assert _comparable(alone) == _comparable(pooled)
    assert alone.games is not None and all(g.finished for g in alone.games)
    assert {s.agent for s in alone.standings} == set(agents)
    assert next(s for s in alone.standings if s.agent == PLUGIN).games == 4
    other = tournament("hadrians-wall", agents, games=2, seed=12)
    assert other.games is not None and [g.seed for g in other.games] != [g.seed for g in alone.games]


def test_ratings_put_greedy_above_random_with_separate_intervals() -> None:
    result = tournament("hadrians-wall", ["random", "greedy"], games=20, seed=2, keep_games=False)
    assert result.games is None
    best, worst = result.standings
    assert (best.agent, worst.agent) == ("greedy", "random")
    assert best.low > worst.high and best.mu - 3 * best.sigma == pytest.approx(best.ordinal)
    assert best.games == worst.games == 20 and best.wins + worst.wins == 20
    assert best.win_rate is not None and best.win_low is not None and best.win_high is not None
    assert best.win_low < best.win_rate <= best.win_high and best.win_low > 0.5
    assert best.mean_place is not None and best.mean_place < 1.5
    h2h = result.head_to_head["greedy"]["random"]
    assert h2h["games"] == 20 and h2h["share"] == pytest.approx(best.wins / 20)
    assert result.head_to_head["random"]["greedy"]["share"] == pytest.approx(1 - h2h["share"])


def test_ties_are_split_and_the_wilson_interval_is_the_textbook_one() -> None:
    low, high = wilson(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    assert wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    result = tournament("fixture-draw", ["random", "greedy"], games=40, seed=3)
    assert result.games is not None
    wins: Counter[str] = Counter()
    for g in result.games:
        for seat in g.winners:
            wins[g.agents[seat]] += 1 / len(g.winners)
    assert {s.agent: s.wins for s in result.standings} == pytest.approx(dict(wins))
    assert sum(s.wins for s in result.standings) == pytest.approx(40)


def test_capped_games_with_the_normal_level_are_counted_never_rated() -> None:
    result = tournament("hadrians-wall", ["random", "normal"], games=2, seed=4, max_actions=12)
    assert result.capped == result.total_games == 2 and result.terminations == {CAPPED: 2}
    assert result.games is not None and all(g.length == 12 and not g.scores for g in result.games)
    for s in result.standings:
        assert (s.mu, s.games, s.capped, s.win_rate, s.mean_score) == (25.0, 2, 2, None, None)
    assert result.mean_length is None
    json.dumps(result.to_json())


def test_the_command_prints_the_standings_and_writes_everything_as_json(tmp_path: Path) -> None:
    out = tmp_path / "t.json"
    status, text = run(["tournament", "fixture-draw", "--agents", f"random,greedy,{PLUGIN}", "--games", "3",
                        "--seed", "7", "--json", str(out), "--max-actions", "500"])
    assert status == 0
    assert "fixture-draw" not in text.splitlines()[0] and "Fixture: Draw: round-robin, 12 games" in text
    for word in ("rating μ ± 2σ", "win rate (95% CI)", "mean place", "head to head", PLUGIN,
                 "4 games per pairing, seats rotated", "how the games ended: cards_played 12"):
        assert word in text
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["agents"] == ["random", "greedy", PLUGIN] and data["games_per_pairing"] == 4
    assert data["arguments"]["seed"] == 7 and data["command"]["agents"] == f"random,greedy,{PLUGIN}"
    assert data["command"]["max_actions"] == 500 and data["max_actions"] == 500
    assert data["standings"][0]["agent"] == "greedy"
    assert set(data["standings"][0]) >= {"agent", "mu", "sigma", "low", "high", "ordinal", "games", "capped",
                                         "wins", "win_rate", "win_low", "win_high", "mean_score",
                                         "mean_place"}
    assert set(data["head_to_head"]["greedy"]) == {"random", PLUGIN}
    assert len(data["games"]) == data["total_games"] == 12
    assert set(data["games"][0]) == {"index", "pairing", "deal", "rotation", "seed", "agents", "scores",
                                     "places", "winners", "length", "reason", "termination"}
    assert data["capped"] == 0 and data["terminations"] == {"cards_played": 12}


def test_simulate_takes_a_plugged_in_agent_in_worker_processes() -> None:
    status, text = run(["simulate", "hadrians-wall", "--players", "2", "-n", "2", "--jobs", "2",
                        "--agents", f"{PLUGIN},greedy"])
    assert status == 0 and PLUGIN in text


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--agents", "random,smart"], "unknown agent 'smart'"),
        (["--agents", "random,nowhere:Bot"], "cannot load the agent 'nowhere:Bot'"),
        (["--agents", "greedy"], "a tournament needs at least 2 agents, got 1"),
        (["--agents", " , "], "a tournament needs at least 2 agents, got 0"),
        (["--agents", "greedy", "--format", "gauntlet"], "a tournament needs at least 2 agents, got 1"),
        (["--agents", "random,greedy", "--players", "3"],
         "3-player round-robin needs more agents: at least 3, got 2"),
        (["--agents", "random,greedy,random"], "'random' is listed more than once"),
        (["--agents", "random,greedy", "--format", "swiss"], "unknown tournament format 'swiss'"),
        (["--agents", "random,greedy", "--format", "gauntlet", "--challenger", "hard"],
         "the challenger 'hard' is not one of the agents"),
        (["--agents", "random,greedy", "--challenger", "greedy"], "for the gauntlet format only"),
        (["--agents", "random,greedy", "--players", "1"], "at least 2 players, got 1"),
        (["--agents", "random,greedy", "--games", "0"], "--games must be at least 1"),
        (["--agents", "random,greedy", "--json", "/nonexistent/dir/t.json"],
         "cannot write /nonexistent/dir/t.json"),
    ],
)
def test_bad_tournaments_are_one_line_on_stderr_and_exit_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _ = run(["tournament", "fixture-draw", *argv])
    err = capsys.readouterr().err
    assert status == 2
    assert message in err and err.count("\n") == 1


def test_a_cooperative_game_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    status, _ = run(["tournament", "fall-of-rome", "--agents", "random,greedy", "--players", "2"])
    err = capsys.readouterr().err
    assert status == 2 and err.count("\n") == 1
    assert "a tournament is for competitive games: fall-of-rome is co-operative" in err


def test_ratings_depend_on_the_results_not_on_the_order_the_games_came_in() -> None:
    from ludus.sim.tournament import _Tally, rating_model

    result = tournament("hadrians-wall", ["random", "greedy"], players=2, games=6, seed=4)
    assert result.games is not None
    orders = [result.games, result.games[::-1], result.games[3:] + result.games[:3]]
    standings = []
    for games in orders:
        tally = _Tally(["random", "greedy"], rating_model())
        for g in games:
            tally.add(g)
        standings.append([(s.agent, s.mu, s.sigma) for s in tally.standings()])
    assert standings[0] == standings[1] == standings[2]
    assert standings[0][0][0] == "greedy"

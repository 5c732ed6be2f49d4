"""The ludus command: games, play (driven by scripted input), simulate, replay, bench."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from rich.console import Console

import ludus
from fixtures.typing_in import answers_then_ctrl_c
from ludus.cli import main

pytestmark = pytest.mark.usefixtures("fixture_games")


def run(argv: list[str], stdin: str = "", monkeypatch: pytest.MonkeyPatch | None = None) -> tuple[int, str]:
    out = io.StringIO()
    console = Console(file=out, width=140, color_system=None)
    if monkeypatch is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    status = main(argv, console=console)
    return status, out.getvalue()


def test_games_lists_ids_players_and_option_defaults() -> None:
    status, text = run(["games"])
    assert status == 0
    assert "fixture-draw" in text and "1–3" in text and "cards=12" in text


def test_play_against_bots_with_scripted_input(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    save = tmp_path / "saved.json"
    script = "help\n99\nfly\n" + f"save {save}\n" + "1\n" * 40
    status, text = run(["play", "fixture-draw", "--players", "2", "--seed", "3"], script, monkeypatch)
    assert status == 0
    assert "Type the number of an action" in text  # help
    assert "There is no action 99" in text
    assert "not legal now" in text or "cannot parse" in text
    assert "Game over" in text
    assert save.exists()
    record = ludus.GameRecord.load(save)
    assert record.game == "fixture-draw" and record.seed == 3


def test_play_never_shows_another_seats_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    state = ludus.load("fixture-draw", players=2).new_state(3)
    own, other = state.hands  # type: ignore[attr-defined]
    _, text = run(["play", "fixture-draw", "--seed", "3"], "quit\n", monkeypatch)
    assert "You left the game" in text
    assert f"hands [{own}, 2]" in text.replace("\n", "")  # own cards; the bot's only counted
    assert str(other) not in text


def test_play_by_typed_notation_and_hot_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    status, text = run(["play", "fixture-draw", "--seat", "all", "--seed", "1"],
                       "draw\n0:play 0\n" + "1\n" * 40, monkeypatch)
    assert status == 0
    assert "Player 2's decision" in text and "Game over" in text


def test_play_without_a_game_asks_which(monkeypatch: pytest.MonkeyPatch) -> None:
    status, text = run(["play"], "nonsense\nfixture-draw\n\n\n\n\nquit\n", monkeypatch)
    assert status == 0
    assert "Which game?" in text and "Type a number" in text and "You left the game" in text


def test_the_chooser_asks_players_seat_bots_and_options(monkeypatch: pytest.MonkeyPatch,
                                                        _data_dir: Path) -> None:
    # Issue 11: a chooser that asks for game, players, seat, bots and options (each with a default).
    script = "fixture-draw\n9\n3\n5\n1\nnobody\nrandom\ncards=99\ncards=8\nquit\n"
    status, text = run(["play"], script, monkeypatch)
    assert status == 0
    flat = " ".join(text.split())
    assert "Type a number 1–3" in flat and "Type a seat 0–2" in flat
    assert "Bots: random, greedy, easy, normal, hard, expert, rollout, ismcts" in flat
    assert "cards" in flat and "99" in flat  # the refused option value is named
    (saved,) = (_data_dir / "games").glob("*.json")
    record = ludus.GameRecord.load(saved)
    assert record.players == 3 and record.options["cards"] == 8 and record.seats == [
        "random", "person", "random"]


def test_load_continues_a_saved_game(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    run(["play", "fixture-draw", "--seed", "2"], f"1\nsave {save}\nquit\n", monkeypatch)
    status, text = run(["play", "--load", str(save)], "1\n" * 40, monkeypatch)
    assert status == 0 and "Game over" in text


def test_simulate_summarises_and_writes_rows(tmp_path: Path) -> None:
    out = tmp_path / "runs.csv"
    status, text = run(
        ["simulate", "fixture-draw", "-n", "12", "--agents", "greedy,random", "--seed", "4", "--out",
         str(out)])
    assert status == 0
    assert "mean score" in text and "games/s" in text
    rows = out.read_text().splitlines()
    assert len(rows) == 13 and rows[0].startswith("game,players,options,index,seed")


def test_simulate_is_reproducible_and_parallel(tmp_path: Path) -> None:
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    run(["simulate", "fixture-draw", "-n", "6", "--seed", "8", "--out", str(a)])
    # Worker processes are forked, so they know the test-registered fixture games.
    run(["simulate", "fixture-draw", "-n", "6", "--seed", "8", "--jobs", "2", "--out", str(b)])
    rows = [json.loads(line) | {"duration": 0} for line in a.read_text().splitlines()]
    assert rows == [json.loads(line) | {"duration": 0} for line in b.read_text().splitlines()]
    assert len(rows) == 6


def test_simulate_carries_on_past_capped_games_and_reports_them(tmp_path: Path) -> None:
    out = tmp_path / "runs.jsonl"
    status, text = run(["simulate", "fixture-endless", "-n", "3", "--out", str(out)])
    assert status == 0
    assert "how the games ended: capped 3" in text
    assert "3 of 3 games reached the cap of 100 actions" in text
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["termination"] for r in rows] == ["capped"] * 3
    assert all(r["length"] == 100 and r["scores"] == [] and r["winners"] == [] for r in rows)


def test_simulate_max_actions_caps_some_games_and_summarises_the_rest(tmp_path: Path) -> None:
    from ludus.sim.simulate import CAPPED, simulate, summarize

    full = simulate("fixture-draw", 12, 2, ["random"], seed=4)
    cap = sorted(r.length for r in full)[6]
    results = simulate("fixture-draw", 12, 2, ["random"], seed=4, max_actions=cap - 1)
    capped = [r for r in results if r.termination == CAPPED]
    finished = [r for r in results if r.finished]
    assert capped and finished
    assert [r.to_json() | {"duration": 0} for r in finished] == [
        r.to_json() | {"duration": 0} for r in full if r.length < cap]
    assert all(r.length == cap - 1 and not r.scores and "cap of" in r.reason for r in capped)
    summary = summarize(results, 2, 1.0)
    assert summary.games == 12 and summary.capped == len(capped)
    assert summary.terminations[CAPPED] == len(capped)
    assert sum(summary.wins) == pytest.approx(1.0)  # over the finished games
    status, text = run(["simulate", "fixture-draw", "-n", "12", "--seed", "4", "--max-actions", str(cap - 1)])
    assert status == 0 and f"{len(capped)} of 12 games reached the cap of {cap - 1} actions" in text


def test_simulate_streams_in_index_order_and_summarises_without_keeping_results() -> None:
    # Issue 10: results are yielded as they come (a few wait for a game in flight), the summary
    # is built one result at a time, with the same figures as over the whole list.
    import statistics

    from ludus.sim.simulate import Summarizer, run_games

    builder = Summarizer(2)
    results = []
    for result in run_games("fixture-draw", 24, 2, ["random", "greedy"], seed=3, jobs=2):
        builder.add(result)
        results.append(result)
    assert [r.index for r in results] == list(range(24))
    summary = builder.summary(2.0)
    for p in (0, 1):
        scores = [r.scores[p] for r in results]
        assert summary.mean_scores[p] == pytest.approx(statistics.mean(scores))
        assert summary.stdev_scores[p] == pytest.approx(statistics.stdev(scores))
    assert summary.mean_length == pytest.approx(statistics.mean(r.length for r in results))
    assert summary.games_per_s == pytest.approx(12.0)


def test_replay_verifies_and_prints_the_log(tmp_path: Path) -> None:
    game = ludus.load("fixture-draw", players=2)
    _, record = ludus.agents.play_game(game.new_state(6),
                                       [ludus.agents.RandomAgent(1), ludus.agents.RandomAgent(2)], seed=6,
                                       digests=True)
    path = tmp_path / "r.json"
    record.save(path)
    status, text = run(["replay", str(path), "--log"])
    assert status == 0 and "digests verified" in text and "plays a" in text


def test_bench_json_shape() -> None:
    status, _ = run(["bench", "fixture-draw", "--seconds", "0.2", "--players", "2"])
    assert status == 0


def test_bench_json_prints_results(capsys: pytest.CaptureFixture[str]) -> None:
    main(["bench", "fixture-draw", "--seconds", "0.2", "--json"], console=Console(file=io.StringIO()))
    data = json.loads(capsys.readouterr().out)
    assert [r["players"] for r in data["results"]] == [1, 2, 3]
    assert set(data["results"][0]) == {"game", "players", "games_per_s", "actions_per_s", "clones_per_s"}
    assert all(r["actions_per_s"] > 0 for r in data["results"])


@pytest.mark.parametrize(
    "argv, message",
    [
        (["play", "chess"], "unknown game 'chess'"),
        (["play", "fixture-draw", "--option", "cards=2"], "at least 6"),
        (["play", "fixture-draw", "--option", "cards"], "KEY=VALUE"),
        (["play", "fixture-draw", "--seat", "7"], "--seat 7"),
        (["simulate", "fixture-draw", "--agents", "smart"], "unknown agent"),
        (["simulate", "fixture-draw", "--max-actions", "0"], "--max-actions must be at least 1"),
        (["replay", "/nonexistent/record.json"], "cannot read game record"),
        (["bench", "chess"], "unknown game"),
    ],
)
def test_bad_input_is_one_line_on_stderr_and_exit_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _ = run(argv)
    err = capsys.readouterr().err
    assert status == 2
    assert message in err and err.count("\n") == 1


def test_corrupt_record_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"game": "fixture-draw", "players": 2, "seed": 1, "actions": ["0:fly"]}')
    status, _ = run(["replay", str(path)])
    assert status == 2 and "does not replay" in capsys.readouterr().err


def test_person_is_offered_optional_actions_on_a_bots_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    # Seat 0 acts, then the bot (seat 1) is about to act: seat 0 may cheer out of turn.
    status, text = run(["play", "fixture-draw", "--seed", "5"], "1\n1\nquit\n", monkeypatch)
    assert status == 0
    assert "Player 2 is about to act. Optional actions" in text
    assert "Seat 0 cheers." in text


def test_hot_seat_clears_the_screen_and_waits_between_seats(monkeypatch: pytest.MonkeyPatch) -> None:
    # Issue 10: the previous seat's view and actions (naming its hand) never share a screen with the next.
    out = io.StringIO()
    console = Console(file=out, width=140, force_terminal=True, color_system=None)
    monkeypatch.setattr("sys.stdin", io.StringIO("\n1\n" * 60))
    status = main(["play", "fixture-draw", "--seat", "all", "--seed", "1"], console=console)
    text = out.getvalue()
    assert status == 0 and "Game over" in text
    screens = text.split("\x1b[2J")
    decisions = [s for s in screens if "'s decision" in s]
    assert len(decisions) >= 6
    for screen in decisions:
        shown = {p for p in (0, 1) if f"Player {p + 1}'s decision" in screen}
        assert len(shown) == 1, "two seats' decisions on one screen"
    waits = [s for s in screens if "press Enter" in s]
    assert any("Player 1, press Enter" in s for s in waits) and any("Player 2, press Enter" in s
                                                                    for s in waits)
    for screen in waits:  # the waiting screen shows nothing of anyone's hand
        assert "hands [" not in screen.split("press Enter")[0]
    # the shared end screen: public news only
    assert "Game over" in screens[-1] and "drew a" not in screens[-1]


def test_play_defaults_a_random_printed_seed_greedy_bots_and_loose_notation(monkeypatch: pytest.MonkeyPatch,
                                                                          tmp_path: Path) -> None:
    # Issue 11: every game is a new deal (seed printed and kept), typed notation in any case.
    seeds = set()
    for _ in range(2):
        save = tmp_path / "g.json"
        status, text = run(["play", "glory-to-rome", "--players", "2"], f"save {save}\nquit\n", monkeypatch)
        assert status == 0 and "replay it with --seed" in text
        seed = ludus.GameRecord.load(save).seed
        assert f"seed {seed} " in text
        seeds.add(seed)
    assert len(seeds) == 2
    state = ludus.load("glory-to-rome", 2).new_state(3)
    lead = next(a for a in state.legal_actions(state.to_move()[0]) if a.verb == "lead")
    typed = str(lead).partition(":")[2].upper().replace("_", " ")
    save = tmp_path / "typed.json"
    status, text = run(["play", "glory-to-rome", "--players", "2", "--seed", "3", "--seat", str(lead.player)],
                       f"{typed}\nsave {save}\nquit\n", monkeypatch)
    assert status == 0 and ludus.GameRecord.load(save).actions[0] == str(lead)


def test_every_game_is_autosaved_and_resumes_with_its_bots(monkeypatch: pytest.MonkeyPatch,
                                                           _data_dir: Path) -> None:
    # Issue 11: quit loses nothing; --resume continues the latest unfinished game, same seats and bots.
    status, text = run(
        ["play", "fixture-draw", "--players", "3", "--seat", "1", "--bots", "random", "--seed", "4"],
        "1\nquit\n", monkeypatch)
    assert status == 0 and "continue with: ludus play --resume" in " ".join(text.split())
    saved = list((_data_dir / "games").glob("fixture-draw-*.json"))
    assert len(saved) == 1
    record = ludus.GameRecord.load(saved[0])
    assert record.seats == ["random", "person", "random"] and record.seed == 4 and record.actions
    played = len(record.actions)
    status, text = run(["play", "--resume"], "1\n" * 60, monkeypatch)
    assert status == 0 and "Game over" in text and f"{played} actions played so far" in text
    record = ludus.GameRecord.load(saved[0])
    assert record.final_digest == ludus.replay(record).digest() and len(record.actions) > played
    status, text = run(["play", "--resume"], "", monkeypatch)
    assert status == 0 and "No unfinished game to resume" in text


def test_ctrl_c_saves_and_says_how_to_continue(monkeypatch: pytest.MonkeyPatch, _data_dir: Path) -> None:
    answers_then_ctrl_c(monkeypatch, ["1"])
    status, text = run(["play", "fixture-draw", "--seed", "2"])
    assert status == 130 and "Interrupted. The game is saved in" in " ".join(text.split())
    (saved,) = (_data_dir / "games").glob("*.json")
    assert ludus.GameRecord.load(saved).actions

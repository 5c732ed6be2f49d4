"""GameRecord is versioned JSON; replay re-executes it and verifies digests."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import ludus
from ludus.agents import RandomAgent, play_game
from ludus.core.errors import IllegalActionError, RecordError

pytestmark = pytest.mark.usefixtures("fixture_games")


def played_record() -> tuple[ludus.State, ludus.GameRecord]:
    game = ludus.load("fixture-draw", players=3)
    return play_game(game.new_state(5), [RandomAgent(i) for i in range(3)], seed=5, digests=True)


def test_record_round_trips_through_json(tmp_path: Path) -> None:
    state, record = played_record()
    path = tmp_path / "game.json"
    record.save(path)
    data = json.loads(path.read_text())
    assert data["format"] == 1 and data["game"] == "fixture-draw" and data["version"] == ludus.__version__
    again = ludus.GameRecord.load(path)
    assert again.actions == record.actions and again.digests == record.digests
    assert ludus.replay(again).digest() == state.digest()


def test_replay_detects_a_tampered_digest() -> None:
    _, record = played_record()
    assert record.digests is not None
    record.digests[3] = "0" * 16
    with pytest.raises(RecordError, match="after action 4"):
        ludus.replay(record)


def test_replay_names_an_action_that_does_not_apply() -> None:
    _, record = played_record()
    record.actions[2] = "0:fly away"
    with pytest.raises(RecordError, match="record action 3"):
        ludus.replay(record)


@pytest.mark.parametrize(
    "text, message",
    [
        ("not json", "not valid JSON"),
        ("[]", "JSON object"),
        ('{"game": "fixture-draw"}', "missing the field"),
        ('{"game": "fixture-draw", "players": "two", "seed": 1, "actions": []}', "'players'"),
        ('{"game": "fixture-draw", "players": 2, "seed": 1, "actions": [1]}', "'actions'"),
        ('{"format": 99, "game": "x", "players": 2, "seed": 1, "actions": []}', "format"),
    ],
)
def test_malformed_records_are_rejected_clearly(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        ludus.GameRecord.loads(text)


def test_illegal_action_leaves_the_state_unchanged() -> None:
    state = ludus.load("fixture-draw").new_state(1)
    before = state.digest()
    with pytest.raises(IllegalActionError, match="illegal action 1:draw"):
        state.apply(ludus.Action(1, "draw"))
    assert state.digest() == before


FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "records"


def test_a_record_older_than_0_2_0_gets_its_one_option_answers_supplied() -> None:
    """0.1.0 took a forced answer itself (Glory to Rome: a give with one card, a pass the
    hand decided); 0.2.0 asks for it. Replaying a 0.1.0 record supplies the single legal
    action while the digest differs (or, without digests, before an action that is not
    legal), and every recorded digest verifies."""
    record = ludus.GameRecord.load(FIXTURES / "glory-to-rome_3p_random.json")
    assert record.version == "0.1.0" and record.digests is not None
    applied: list[tuple[int, str]] = []
    state = ludus.replay(record,
                         on_action=lambda number, action, events: applied.append((number, str(action))))
    supplied = len(applied) - len(record.actions)
    assert supplied > 0
    assert {verb for _, a in applied for verb in [a.split(":")[1].split()[0]]} >= {"glory", "pass"}
    assert state.digest() == record.final_digest
    without = ludus.GameRecord.load(FIXTURES / "glory-to-rome_3p_random.json")
    without.digests = None
    assert ludus.replay(without).digest() == state.digest()


def test_a_0_2_0_record_gets_no_answers_supplied() -> None:
    """The same actions claimed by 0.2.0 lack answers 0.2.0 would have written: refused."""
    record = ludus.GameRecord.load(FIXTURES / "glory-to-rome_3p_random.json")
    record.version = "0.2.0"
    with pytest.raises(RecordError, match="does not replay|differs"):
        ludus.replay(record)

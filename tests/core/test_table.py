"""Issue 11: undo the Board Game Arena way, and the warning before a fatal move (ludus.core.table)."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

import ludus
from ludus.agents import RandomAgent
from ludus.core.driver import loses_at_once
from ludus.core.errors import LudusError
from ludus.core.rng import Rng
from ludus.core.table import UndoHistory
from ludus.play.terminal import TerminalSession

pytestmark = pytest.mark.usefixtures("fixture_games")


def test_a_seat_takes_back_its_own_action_that_revealed_nothing() -> None:
    state = ludus.load("glory-to-rome", 2).new_state(3)
    start = state.digest()
    history = UndoHistory()
    history.play(state, state.game.parse_action(state, "1:lead legionary school"))
    assert history.undoable(1) == 1 and history.why_not(1) == ""
    back = history.undo(1)
    assert back.digest() == start and back.legal_actions(1) == state.game.new_state(3).legal_actions(1)


def test_undo_is_refused_across_a_reveal() -> None:
    state = ludus.load("glory-to-rome", 2).new_state(3)
    history = UndoHistory()
    history.play(state, state.game.parse_action(state, "1:think_draw"))  # the drawn cards were seen
    assert history.undoable(1) == 0
    with pytest.raises(LudusError, match="revealed something hidden"):
        history.undo(1)


def test_undo_is_refused_across_another_seats_action() -> None:
    state = ludus.load("glory-to-rome", 2).new_state(3)
    history = UndoHistory()
    history.play(state, state.game.parse_action(state, "1:lead legionary school"))
    follow = state.legal_actions(0)[0]
    history.play(state, follow)
    assert history.undoable(1) == 0 and history.undoable(0) in (0, 1)
    with pytest.raises(LudusError, match="Player 1 has acted since"):
        history.undo(1)


@pytest.mark.parametrize(("game_id", "seed"),
                         [("fall-of-rome", 1), ("hadrians-wall", 2), ("fixture-draw", 3)])
def test_solo_undo_goes_back_to_the_last_reveal(game_id: str, seed: int) -> None:
    # In a solo game every action since the last reveal can be taken back, in order.
    game = ludus.load(game_id, 1)
    state = game.new_state(seed)
    history = UndoHistory()
    rng = Rng(seed)
    digests = [state.digest()]
    undone = 0
    for _ in range(120):
        if state.is_terminal():
            break
        legal = state.legal_actions(0)
        history.play(state, legal[rng.randbelow(len(legal))])
        digests.append(state.digest())
        steps = history.undoable(0)
        if steps >= 2:
            for k in range(steps):
                state = history.undo(0)
                assert state.digest() == digests[-2 - k]
            undone += steps
            digests = digests[: len(digests) - steps]
    assert undone > 0


def _last_card_state(scores: list[int]) -> ludus.State:
    game = ludus.load("fixture-draw", 2)
    return game.state_from_json({"rng": 1, "deck": [], "hands": [[1], []], "scores": scores,
                                 "cheered": [True, True], "turn": 0, "plays": 11})


def test_loses_at_once_on_a_copy() -> None:
    losing = _last_card_state([0, 5])
    before = losing.digest()
    play = losing.legal_actions(0)[0]
    assert loses_at_once(losing, play) and losing.digest() == before
    assert not loses_at_once(_last_card_state([9, 5]), play)  # it ends the game, won
    fresh = ludus.load("fixture-draw", 2).new_state(1)
    assert not any(loses_at_once(fresh, a) for a in fresh.legal_actions(0))  # nothing ends


def _session(state: ludus.State, answers: list[str],
             humans: tuple[int, ...] = (0,)) -> tuple[TerminalSession, str]:
    out = io.StringIO()
    feed = iter(answers)
    console = Console(file=out, width=120, color_system=None)

    def answer(prompt: str) -> str:
        console.print(prompt)  # as Console.input shows it
        return next(feed, "quit")

    bots = {p: RandomAgent(p + 1, 0.0) for p in range(state.game.players) if p not in humans}
    record = ludus.GameRecord(state.game.info.id, state.game.players, 0, state.game.option_dict, [])
    session = TerminalSession(state.game, state, record, humans, bots,
                              console=console, input_fn=answer)
    session.run()
    return session, out.getvalue()


def test_terminal_asks_before_a_fatal_move(monkeypatch: pytest.MonkeyPatch) -> None:
    from fixtures.fixture_games import DrawState

    monkeypatch.setattr(DrawState, "forced", lambda self, player: None)  # the lone card is asked for here
    session, text = _session(_last_card_state([0, 5]), ["1", "no", "1", "yes"])
    assert text.count("ends the game in a loss for you now") == 2
    assert session.state.is_terminal() and "Game over" in text


def test_terminal_undo() -> None:
    state = ludus.load("fixture-draw", 1).new_state(3)
    session, text = _session(state, ["1", "undo", "undo", "draw", "undo", "quit"])
    assert "Taken back: 0:play 0." in text
    assert "Cannot undo: nothing has been played yet." in text
    assert "Cannot undo: your last action revealed something hidden or used chance." in text
    assert session.record.actions == ["0:draw"]


def test_terminal_plays_a_public_forced_move_and_shows_components() -> None:
    # Issue 11: a public one-option prompt is answered for the person (and said); show NAME reads the data.
    session, text = _session(_last_card_state([9, 5]), [])
    assert "Player 1: 0:play 0 (the only move)" in text and session.state.is_terminal()
    _, text = _session(ludus.load("fixture-draw", 1).new_state(2),
                       ["show 4", "show nothing-like-this", "quit"])
    assert "Card 4: worth 4 points when played." in text
    assert "Nothing called “nothing-like-this”" in text


def test_score_sheet_has_categories_totals_places_and_the_co_op_verdict() -> None:
    from ludus.core.api import Outcome
    from ludus.play.terminal import score_sheet

    out = Outcome((12.0, 7.0), (1, 2), (0,), "the deck ran out", details={"sheet": [
        {"category": "cards", "label": "Cards played", "points": [10, 7]},
        {"category": "cheer", "label": "Cheers", "points": [2, 0]}]}, termination="cards_played")
    console = Console(file=io.StringIO(), width=100, color_system=None)
    console.print(score_sheet(ludus.load("fixture-draw", 2), out, (0,)))
    text = console.file.getvalue()  # type: ignore[attr-defined]
    for words in ("Cards played", "Cheers", "total", "place", "Player 1 (you)", "Player 2 (bot)",
                  "the deck ran out", "12"):
        assert words in text
    coop = Outcome((0.0,), (1,), (0,), "all tribes allied", cooperative_win=True, termination="alliances")
    console = Console(file=io.StringIO(), width=100, color_system=None)
    console.print(score_sheet(ludus.load("fixture-draw", 1), coop, (0,)))
    text = console.file.getvalue()  # type: ignore[attr-defined]
    assert "You won together" in text and "place" not in text and "total" not in text


def test_terminal_map_command() -> None:
    # Issue 11: the Fall of Rome map on demand; a game without a map says so.
    state = ludus.load("fall-of-rome", 1).new_state(4)
    _, text = _session(state, ["map", "quit"])
    assert "Roma" in text and "port" in text.lower()
    _, text = _session(ludus.load("fixture-draw", 1).new_state(2), ["map", "quit"])
    assert "has no map to show" in text


def test_the_fatal_move_warning_tells_no_hidden_card() -> None:
    # The warning is judged in worlds re-dealt from the seat's view: a loss that hangs on the
    # hidden deck's order is never announced, whatever the real deck holds.
    from fixtures.fixture_games import DrawGame, DrawState
    from ludus.core.actions import Action
    from ludus.core.api import Outcome
    from ludus.core.events import Event

    class SuddenState(DrawState):
        """Drawing a 6 ends the game at once, lost by the drawer."""

        sudden = -1

        def apply(self, action: Action) -> list[Event]:
            events = super().apply(action)
            if action.verb == "draw" and self.hands[action.player][-1] == 6:
                self.sudden = action.player
            return events

        def is_terminal(self) -> bool:
            return self.sudden >= 0 or super().is_terminal()

        def outcome(self) -> Outcome:
            if self.sudden < 0:
                return super().outcome()
            winner = 1 - self.sudden
            return Outcome((0.0, 0.0), (2, 1) if winner else (1, 2), (winner,), "a 6 was drawn",
                           termination="sudden")

        def clone(self) -> DrawState:
            other = super().clone()
            other.sudden = self.sudden  # type: ignore[attr-defined]
            return other

    class SuddenGame(DrawGame):
        state_class = SuddenState

    game = SuddenGame(2)
    for top in (6, 1):
        deck = [1, 2, 3, 4, 5, 2, 3, top] if top == 6 else [6, 2, 3, 4, 5, 2, 3, top]
        state = game.load_state({"rng": 1, "deck": deck, "hands": [[1], [2]], "scores": [0, 0],
                                 "cheered": [True, True], "turn": 0, "plays": 0})
        draw = next(a for a in state.legal_actions(0) if a.verb == "draw")
        real = state.clone()
        real.apply(draw)
        assert real.is_terminal() == (top == 6)  # the real draw loses only when a 6 is on top
        assert not loses_at_once(state, draw)  # … and the warning says nothing either way


def test_terminal_undo_is_refused_across_another_seats_action() -> None:
    # Hot-seat Glory to Rome: seat 1 leads, seat 0 follows; seat 1 may no longer take its lead back.
    state = ludus.load("glory-to-rome", 2).new_state(3)
    answers = ["", "lead legionary school", "", "1", "", "undo", "quit"]
    session, text = _session(state, answers, humans=(0, 1))
    assert "Cannot undo: Player 1 has acted since." in text and "Taken back" not in text
    assert session.record.actions == ["1:lead legionary school", "0:follow foundry"]

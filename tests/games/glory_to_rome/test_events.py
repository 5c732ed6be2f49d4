"""Events carry a kind and data (ids and numbers); pending decisions are typed and save as 0.1.0 did."""

from __future__ import annotations

from games.glory_to_rome.gtr_table import Table, act
from ludus.games.glory_to_rome.components import (
    BRICK,
    BUILDING_INDEX,
    LEGIONARY,
    MATERIAL_INDEX,
    ROLE_INDEX,
    RUBBLE,
)
from ludus.games.glory_to_rome.decisions import Frame, Give, gives
from ludus.testing.scenario import play


def test_lead_and_a_thinker_draw_are_events_with_ids_and_a_private_draw() -> None:
    t = Table(2, leader=0)
    t.hand(0, "road").hand(1, "academy")
    t.deck_top("bar", "dock", "insula", "latrine")
    s = t.state()
    lead = play(s, "0:lead laborer road")
    assert [(e.kind, e.data) for e in lead] == [
        ("lead", {"seat": 0, "role": ROLE_INDEX["laborer"], "card": s.camp[0][0]}),
    ]
    assert lead[0].text == "Player 1 leads Laborer with Road."
    think = play(s, "1:think_draw")
    public = [e for e in think if e.visible_to is None]
    private = [e for e in think if e.visible_to is not None]
    assert [(e.kind, e.data) for e in public] == [
        ("think_draw", {"seat": 1, "count": 4}),
        ("turn", {"turn": 2, "leader": 1}),  # nothing to gather: the round ends, seat 1 leads
    ]
    assert [(e.kind, e.visible_to) for e in private] == [("draw_cards", frozenset({1}))]
    assert sorted(private[0].data["cards"]) == sorted(s.hands[1][1:])
    assert not private[0].is_visible_to(0) and private[0].is_visible_to(1)


def test_a_demand_is_a_typed_give_decision_saved_as_the_old_list() -> None:
    t = Table(2, leader=0)
    t.hand(0, "academy", "road").hand(1, "bar", "insula")
    s = t.state()
    events = play(s, "0:lead legionary academy", "1:think_jack", "0:demand rubble")
    assert [e.kind for e in events][-2:] == ["reveal", "demand"]
    assert events[-1].data == {"seat": 0, "materials": [RUBBLE]}
    assert [type(g) for g in gives(s)] == [Give] and s.to_move() == (1,)
    assert s.to_json()["gives"] == [[1, RUBBLE, 0, 0]]
    again = s.game.state_from_json(s.to_json())
    assert again.digest() == s.digest() and again.legal_actions() == s.legal_actions()
    events = play(s, "1:give bar")
    assert (events[0].kind, events[0].data) == ("give", {"seat": 1, "material": RUBBLE, "to": 0})
    assert gives(s) == []


def test_a_frame_is_a_typed_decision_saved_as_the_old_list() -> None:
    t = Table(2, leader=0)
    t.clients(0, "legionary")
    t.pool("rubble")
    t.hand(0, "academy", "road", "wall").hand(1, "bar")
    s = t.state()
    act(s, "0:lead legionary academy", "1:think_jack")
    frame = s.pending[-1]
    assert isinstance(frame, Frame) and (frame.who, frame.role, frame.left) == (0, LEGIONARY, 2)
    assert s.to_json()["stack"] == [[0, LEGIONARY, 2, 0, 1, 0, 0]]
    act(s, "0:demand rubble nopool")
    assert s.to_json()["demands"] == [RUBBLE | 8]
    assert s.view(None)["demands"] == ["rubble (not from the pool)"]
    assert MATERIAL_INDEX["brick"] == BRICK and BUILDING_INDEX["bar"] >= 0

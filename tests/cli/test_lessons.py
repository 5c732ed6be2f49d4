"""Guided first games (issue 39): every lesson plays to its end in every language, off-lesson
actions are refused without a change, the learner is shown only its own view, and ``ludus learn``
walks through a lesson driven by scripted input."""

from __future__ import annotations

import dataclasses
import io

import pytest
from rich.console import Console

from ludus.cli import main
from ludus.core.i18n import LANGUAGES, get_lang
from ludus.core.record import replay
from ludus.play.lessons import LessonError, LessonRun, OffLesson, load_lesson, parse_lesson, rehearse

LESSONS = ["glory-to-rome", "hadrians-wall"]


def test_the_lessons_are_listed() -> None:
    from ludus.play.lessons import lesson_games

    assert set(LESSONS) <= set(lesson_games())


@pytest.mark.parametrize("game_id", LESSONS)
def test_each_lesson_is_written_as_the_brief_asks(game_id: str) -> None:
    lesson = load_lesson(game_id)
    assert 12 <= len(lesson.steps) <= 25
    assert any(s.explains for s in lesson.steps) and any(not s.explains for s in lesson.steps)
    for step in lesson.steps:
        assert step.section and step.region in lesson.regions
        assert step.text.count(". ") + step.text.count("! ") + step.text.count(": ") <= 4, step.text


@pytest.mark.parametrize("game_id", LESSONS)
@pytest.mark.parametrize("code", LANGUAGES)
def test_each_lesson_replays_to_its_end_in_every_language(game_id: str, code: str) -> None:
    lang = get_lang(code)
    run = LessonRun(load_lesson(game_id))
    seen = []
    while not run.done:
        shown = run.payload(lang)
        assert shown["text"] and shown["source"].strip() and shown["region_label"] and shown["board"]
        seen.append(shown["step"])
        if shown["explains"]:
            assert shown["actions"] == []
            run.next()
        else:
            assert shown["actions"], f"step {shown['step']} offers nothing"
            run.play_notation(shown["actions"][0]["notation"])
    assert seen == list(range(1, len(run.lesson.steps) + 1))
    end = run.payload(lang)
    assert end["done"] and end["text"] and end["actions"] == [] and not end["source"]
    assert not run.state.is_terminal()  # both lessons end mid-game: it is played on freely
    # the lesson's record is an ordinary record: ludus replay re-executes it to the same position
    assert replay(run.table.record).digest() == run.state.digest()


@pytest.mark.parametrize("game_id", LESSONS)
def test_an_off_lesson_action_is_refused_and_changes_nothing(game_id: str) -> None:
    run = LessonRun(load_lesson(game_id))
    # an explanation step refuses every action
    assert run.step is not None and run.step.explains
    some = run.table.legal(run.seat)[0]
    before = (run.state.digest(), run.index, len(run.table.record.actions))
    with pytest.raises(OffLesson, match="read the step first"):
        run.play(some)
    assert (run.state.digest(), run.index, len(run.table.record.actions)) == before
    # an action step refuses every legal action but its own, saying what to play
    while run.step is not None and run.step.explains:
        run.next()
    allowed = run.allowed()
    others = [a for a in run.table.legal(run.seat) if a not in allowed]
    assert allowed and others
    before = (run.state.digest(), run.index, len(run.table.record.actions))
    with pytest.raises(OffLesson) as refused:
        run.play(others[0])
    said = refused.value.text_in(get_lang("en"))
    assert "\n" not in said and allowed[0].notation().partition(":")[2] in said
    with pytest.raises(OffLesson):
        run.next()
    assert (run.state.digest(), run.index, len(run.table.record.actions)) == before


def test_the_learner_is_shown_only_its_own_view() -> None:
    """Twin positions: the opponent's hidden hand dealt otherwise, the same shown payload."""
    run = LessonRun(load_lesson("glory-to-rome"))
    while run.step is not None and run.step.explains:
        run.next()
    differing = 0
    for k in range(6):
        twin = run.state.determinize(run.seat, 100 + k)
        assert twin.view(run.seat) == run.state.view(run.seat)
        differing += twin.view(1) != run.state.view(1)
        for code in ("en", "pl"):
            assert run.payload(get_lang(code), twin) == run.payload(get_lang(code))
    assert differing, "no twin dealt the hidden cards otherwise"


def test_a_lesson_whose_notation_is_illegal_is_an_error() -> None:
    lesson = load_lesson("glory-to-rome")
    bad = dataclasses.replace(lesson.steps[3], allow=("0:lead patron forum_of_nowhere",))
    broken = dataclasses.replace(lesson, steps=(*lesson.steps[:3], bad, *lesson.steps[4:]))
    with pytest.raises(LessonError, match="step 4"):
        rehearse(broken)
    script = list(lesson.script)
    script[1] = "1:lead patron forum"  # not in seat 1's hand
    with pytest.raises(LessonError, match="lesson script: 1:lead patron forum is not legal"):
        rehearse(dataclasses.replace(lesson, script=tuple(script)))
    with pytest.raises(LessonError, match="unknown region"):
        parse_lesson("glory-to-rome", {"lesson": {"players": 2, "seat": 0, "seed": 1, "end": "x"},
                                       "regions": {"hand": {"label": "hand"}},
                                       "step": [{"text": "t", "section": "s", "region": "sky"}]})
    with pytest.raises(LessonError, match="seed"):
        parse_lesson("glory-to-rome", {"lesson": {"players": 2, "seat": 0, "end": "x"}, "regions": {},
                                       "step": []})


def _learn(argv: list[str], stdin: str, monkeypatch: pytest.MonkeyPatch) -> tuple[int, str]:
    out = io.StringIO()
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    status = main(argv, console=Console(file=out, width=100, color_system=None))
    return status, out.getvalue()


@pytest.mark.parametrize("game_id", LESSONS)
def test_ludus_learn_walks_through_the_lesson(game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    lesson = load_lesson(game_id)
    answers = ["help", "nonsense"]  # the help, then a refusal at the first (explanation) step
    for k, step in enumerate(lesson.steps):
        if not step.explains and k == next(i for i, s in enumerate(lesson.steps) if not s.explains):
            answers += ["menu", "next"]  # an action step: next is refused, the menu lists its action
        answers.append("" if step.explains else "1")
    answers.append("quit")  # the lesson is over: leave instead of playing on
    status, text = _learn(["learn", game_id], "\n".join(answers) + "\n", monkeypatch)
    assert status == 0
    count = len(lesson.steps)
    assert f"Step {count} of {count}" in text and "Rulebook: " in text and "On the board: " in text
    assert "read the step first" in text and "this step asks for a move" in text
    assert "leave the lesson" in text  # the lesson's help
    flat = " ".join(text.split())
    assert " ".join(get_lang("en").gettext(lesson.end, game_id).split()) in flat
    assert "You left the lesson." in text


def test_ludus_learn_in_polish_and_without_a_game(monkeypatch: pytest.MonkeyPatch) -> None:
    status, text = _learn(["learn"], "", monkeypatch)
    assert status == 0 and "glory-to-rome" in text and "hadrians-wall" in text
    status, text = _learn(["learn", "glory-to-rome", "--lang", "pl"], "quit\n", monkeypatch)
    assert status == 0 and "Przebieg rundy" not in text and "Podliczanie punktów" in text
    status, _ = _learn(["learn", "no-such-game"], "", monkeypatch)
    assert status == 2


def test_after_the_lesson_the_game_plays_on(monkeypatch: pytest.MonkeyPatch) -> None:
    lesson = load_lesson("hadrians-wall")
    answers = ["" if step.explains else "1" for step in lesson.steps]
    answers += ["", "end", "quit"]  # play on: end Year 2 at once, then leave at Year 3's choice
    status, text = _learn(["learn", "hadrians-wall"], "\n".join(answers) + "\n", monkeypatch)
    assert status == 0
    assert "Year 3" in text

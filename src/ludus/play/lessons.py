"""Guided first games ("learn to play", issue 39): the lesson model, its loader and its driver.

A **lesson** is a fixed deal of one game walked through the rulebook's turn structure step by
step. It is data: ``src/ludus/games/<package>/data/lesson.toml`` (:func:`load_lesson` reads and
checks it), with

- ``[lesson]``: ``players``, ``seat`` (the learner's), ``seed``, ``options`` (the game's),
  ``rulebook`` (the file under ``shared/rules/`` the steps come from), ``script`` (the other
  seats' moves, fixed notations played in order whenever another seat acts; once they run out
  the greedy bot plays those seats, seeded ``bot_seed`` + seat), ``end`` (the text said when the
  last step is done: the game can then be played on freely);
- ``[regions.NAME]``: the parts of the board a step may be about, each with its ``label`` (a
  board renderer can highlight the region ``NAME`` later; the terminal names its label);
- ``[[step]]``: ``text`` (the step's words: an English msgid of the game's own catalog domain,
  so that it says the edition's terms in every language; extracted through ``babel.cfg``),
  ``section`` and ``page`` (the rulebook section it comes from, its title as printed and its
  printed page), ``region`` and ``allow``: the notations the learner may play at that step
  (``fnmatch`` patterns over the full notation, so ``"0:lead *"`` is "any lead"), or ``moves``:
  several moves of the learner in order, one pattern each (a whole Trajan turn: take a tray,
  sow its markers, take the action); a step with neither is an explanation (*continue*).

:class:`LessonRun` drives one lesson through a :class:`~ludus.core.driver.Table`: the other
seats' moves, the people's forced moves and the learner's out-of-turn offers (declined) are
played until the learner must decide; an action off the step's lesson is refused
(:class:`OffLesson`, one line, nothing changed). Whatever the learner is shown is built from
``state.view(seat)`` and ``legal_actions(seat)`` only (:meth:`LessonRun.payload`).

>>> run = LessonRun(load_lesson("glory-to-rome"))
>>> run.step.allow     # the first step is an explanation
()
>>> run.next()
>>> run.index
1
"""

from __future__ import annotations

import fnmatch
import tomllib
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

import ludus
from ludus.agents.greedy import GreedyAgent
from ludus.core.actions import Action
from ludus.core.api import Game, State
from ludus.core.driver import Table
from ludus.core.errors import N_, LudusError
from ludus.core.i18n import Lang, get_lang
from ludus.core.registry import games, package_of

__all__ = ["READ_FIRST", "Lesson", "LessonError", "LessonRun", "OffLesson", "Region", "ScriptedSeat", "Step",
           "lesson_games", "load_lesson", "parse_lesson", "rehearse"]


READ_FIRST = N_("read the step first: press Enter (or type next) to go on")
"""Said when the learner plays during an explanation step."""


class LessonError(LudusError):
    """A lesson file that cannot be played as written (a bad field, an illegal notation)."""


class OffLesson(LudusError):
    """The learner's action is not the step's: refused, nothing changed."""


@dataclass(frozen=True, slots=True)
class Region:
    """A part of the board a step is about: its ``name`` (for renderers) and ``label`` (msgid)."""

    name: str
    label: str


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a lesson (see the module's docs for the fields)."""

    text: str
    """The step's words: an English msgid of the game's domain."""
    section: str
    """The rulebook section it comes from, its title as printed."""
    page: int | None
    """The rulebook's printed page of the section (None: not known)."""
    region: str
    """The name of the board region it is about (a key of :attr:`Lesson.regions`)."""
    allow: tuple[str, ...] = ()
    """The notations (``fnmatch`` patterns) the learner may play; empty: an explanation step."""
    moves: tuple[str, ...] = ()
    """Several moves in order instead of ``allow``: move ``k`` of the step matches ``moves[k]``."""

    @property
    def explains(self) -> bool:
        """Whether the step is an explanation (the learner continues, plays nothing)."""
        return not self.allow and not self.moves

    @property
    def count(self) -> int:
        """How many of the learner's moves the step takes (0 for an explanation)."""
        return len(self.moves) or (1 if self.allow else 0)

    def allows(self, action: Action, played: int = 0) -> bool:
        """Whether ``action`` is one of the step's (its move ``played``, counted from 0)."""
        notation = action.notation()
        patterns = self.moves[played:played + 1] if self.moves else self.allow
        return any(fnmatch.fnmatchcase(notation, pattern) for pattern in patterns)


@dataclass(frozen=True, slots=True)
class Lesson:
    """A guided first game of one game: a fixed deal and its ordered steps."""

    game: str
    players: int
    seat: int
    seed: int
    steps: tuple[Step, ...]
    regions: dict[str, Region]
    end: str
    """What is said when the last step is done (an English msgid of the game's domain)."""
    rulebook: str = ""
    options: dict[str, Any] = field(default_factory=dict)
    script: tuple[str, ...] = ()
    """The other seats' moves, in order (then the greedy bot plays them)."""
    bot_seed: int = 1

    def new_game(self) -> Game[Any]:
        """The game with the lesson's players and options."""
        return ludus.load(self.game, self.players, **self.options)


def _package(game_id: str) -> str:
    """The package of game ``game_id`` (:func:`~ludus.core.registry.package_of`), whose ``data``
    folder holds its files."""
    if game_id not in {i.id for i in games()}:
        raise LessonError(N_("unknown game {game}"), game=game_id)
    return package_of(game_id)


def lesson_games() -> list[str]:
    """The ids of the games that have a lesson (a ``data/lesson.toml``)."""
    found = []
    for info in games():
        try:
            package = _package(info.id)
            if resources.files(package).joinpath("data", "lesson.toml").is_file():
                found.append(info.id)
        except (LudusError, ModuleNotFoundError):
            continue
    return found


def _field(table: dict[str, Any], key: str, kind: type, where: str) -> Any:
    value = table.get(key)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise LessonError(N_("lesson {where}: {key} is missing or not a {kind}"), where=where, key=key,
                          kind=kind.__name__)
    return value


def parse_lesson(game_id: str, data: dict[str, Any]) -> Lesson:
    """A lesson from the parsed TOML ``data`` of ``game_id`` (its fields checked, not yet played)."""
    head = _field(data, "lesson", dict, game_id)
    regions = {name: Region(name, _field(spec, "label", str, f"{game_id} region {name}"))
               for name, spec in _field(data, "regions", dict, game_id).items()}
    steps = []
    for k, raw in enumerate(_field(data, "step", list, game_id), start=1):
        where = f"{game_id} step {k}"
        region = _field(raw, "region", str, where)
        if region not in regions:
            raise LessonError(N_("lesson {where}: unknown region {region}"), where=where, region=region)
        allow, moves = raw.get("allow", []), raw.get("moves", [])
        for key, value in (("allow", allow), ("moves", moves)):
            if not isinstance(value, list) or not all(isinstance(a, str) for a in value):
                raise LessonError(N_("lesson {where}: {key} must be a list of notations"), where=where,
                                  key=key)
        if allow and moves:
            raise LessonError(N_("lesson {where}: a step has allow or moves, not both"), where=where)
        page = raw.get("page")
        steps.append(Step(_field(raw, "text", str, where), _field(raw, "section", str, where),
                          page if isinstance(page, int) else None, region, tuple(allow), tuple(moves)))
    script = head.get("script", [])
    return Lesson(game=game_id, players=_field(head, "players", int, game_id),
                  seat=_field(head, "seat", int, game_id), seed=_field(head, "seed", int, game_id),
                  steps=tuple(steps), regions=regions, end=_field(head, "end", str, game_id),
                  rulebook=str(head.get("rulebook", "")), options=dict(head.get("options", {})),
                  script=tuple(str(s) for s in script), bot_seed=int(head.get("bot_seed", 1)))


def load_lesson(game_id: str) -> Lesson:
    """The lesson of ``game_id`` (its ``data/lesson.toml``); :class:`LessonError` when it has none."""
    package = _package(game_id)
    path = resources.files(package).joinpath("data", "lesson.toml")
    if not path.is_file():
        raise LessonError(N_("{game} has no lesson yet (lessons: {known})"), game=game_id,
                          known=", ".join(lesson_games()))
    return parse_lesson(game_id, tomllib.loads(path.read_text(encoding="utf-8")))


class ScriptedSeat:
    """Another seat of a lesson: plays the lesson's scripted notations of its seat in order,
    then the greedy bot's moves (seeded: deterministic); never acts out of turn."""

    def __init__(self, script: list[str], seed: int) -> None:
        self.script = script
        """The notations still to play (shared by the lesson's seats; each takes its own)."""
        self.bot = GreedyAgent(seed)

    def act(self, state: State, player: int) -> Action:
        """The next scripted notation of ``player`` if any, else the greedy bot's move."""
        prefix = f"{player}:"
        for k, notation in enumerate(self.script):
            if notation.startswith(prefix):
                del self.script[k]
                action = state.game.parse_action(state, notation)
                if action not in state.legal_actions(player):
                    raise LessonError(N_("lesson script: {notation} is not legal now (legal: {legal})"),
                                      notation=notation,
                                      legal=", ".join(a.notation() for a in state.legal_actions(player)))
                return action
        return self.bot.act(state, player)

    def react(self, state: State, player: int) -> Action | None:
        """Never: a lesson's other seats act only in turn."""
        return None


class LessonRun:
    """One lesson being played: the table, the step the learner is at, the learner's view.

    ``index`` counts the steps done; :attr:`step` is the current one (None once all are done:
    the game then goes on freely, the other seats played by the greedy bot).
    """

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.game = lesson.new_game()
        script = list(lesson.script)
        bots = {p: ScriptedSeat(script, lesson.bot_seed + p)
                for p in range(lesson.players) if p != lesson.seat}
        self.table = Table(self.game.new_state(lesson.seed), bots=bots, seed=lesson.seed)
        """The table the lesson is played at (its record replays with ``ludus replay``)."""
        self.index = 0
        self.played = 0
        """How many of the current step's moves the learner has played (a ``moves`` step)."""
        self.advance()

    @property
    def seat(self) -> int:
        """The learner's seat."""
        return self.lesson.seat

    @property
    def state(self) -> State:
        """The position now."""
        return self.table.state

    @property
    def step(self) -> Step | None:
        """The current step (None: the lesson is over)."""
        return self.lesson.steps[self.index] if self.index < len(self.lesson.steps) else None

    @property
    def done(self) -> bool:
        """Whether every step is done."""
        return self.index >= len(self.lesson.steps)

    def advance(self) -> None:
        """Play the other seats' and the forced moves (declining the learner's out-of-turn offers)
        until the learner must decide or the game ends."""
        table = self.table
        while (turn := table.next_turn()) is not None and turn.kind != "ask":
            if turn.kind == "offer":
                table.decline(turn.seat)
            else:
                table.take_turn(turn)

    def allowed(self) -> list[Action]:
        """The learner's legal actions the step allows (empty for an explanation step)."""
        step = self.step
        if step is None or step.explains or self.seat not in self.state.to_move():
            return []
        return [a for a in self.table.legal(self.seat) if step.allows(a, self.played)]

    def next(self) -> None:
        """Go past an explanation step; :class:`OffLesson` when the step asks for a move."""
        step = self.step
        if step is None:
            return
        if not step.explains:
            raise OffLesson(N_("this step asks for a move: play {moves} (see the step's text)"),
                            moves=self._moves())
        self.index += 1

    def _moves(self) -> str:
        return ", ".join(a.notation().partition(":")[2] for a in self.allowed()) or "-"

    def check(self, action: Action) -> None:
        """Raise :class:`OffLesson` (one line: what the step asks for) unless ``action`` is the step's."""
        step = self.step
        if step is None:
            return
        if step.explains:
            raise OffLesson(READ_FIRST)
        if action.player != self.seat or not step.allows(action, self.played):
            raise OffLesson(N_("{action} is not this step's move: play {moves} (see the step's text)"),
                            action=action.notation(), moves=self._moves())

    def play(self, action: Action) -> None:
        """Play the learner's ``action`` if the step allows it (then the other seats' moves, and
        the next step); :class:`OffLesson` or the table's :class:`IllegalActionError` otherwise,
        nothing changed."""
        self.check(action)
        self.table.move(action)
        step = self.step
        if step is not None:
            self.played += 1
            if self.played >= step.count:
                self.index, self.played = self.index + 1, 0
        self.advance()

    def play_notation(self, notation: str) -> None:
        """Play the learner's move written as notation (its seat may be left out)."""
        text = notation if ":" in notation.split(" ", 1)[0] else f"{self.seat}:{notation}"
        self.play(self.game.parse_action(self.state, text))

    def text(self, lang: Lang | None = None) -> str:
        """The current step's words in ``lang`` (the lesson's end text once it is over)."""
        step = self.step
        message = self.lesson.end if step is None else step.text
        return (lang or get_lang("en")).gettext(message, self.lesson.game)

    def source(self, lang: Lang | None = None) -> str:
        """Where the current step comes from: "Rulebook: section, p. N" (empty once over)."""
        step = self.step
        if step is None:
            return ""
        _ = (lang or get_lang("en")).gettext
        if step.page is None:
            return _("Rulebook: {section}").format(section=step.section)
        return _("Rulebook: {section}, p. {page}").format(section=step.section, page=step.page)

    def region_label(self, lang: Lang | None = None) -> str:
        """The label of the board region the current step is about, in ``lang`` (empty once over)."""
        step = self.step
        if step is None:
            return ""
        return (lang or get_lang("en")).gettext(self.lesson.regions[step.region].label, self.lesson.game)

    def payload(self, lang: Lang | None = None, state: State | None = None) -> dict[str, Any]:
        """What the learner is shown now, built only from its own view and legal actions: the
        step (number, text, source, region and its label), the board drawn from the view, and
        the labels and notations of the actions the step allows. ``state``: another position
        to show at this step (a test's twin of the position, hidden cards dealt otherwise)."""
        lang = lang or get_lang("en")
        step, seat = self.step, self.seat
        state = state or self.state
        allowed = [] if step is None or step.explains or seat not in state.to_move() else [
            a for a in state.legal_actions(seat) if step.allows(a, self.played)]
        return {
            "game": self.lesson.game,
            "seat": seat,
            "step": min(self.index + 1, len(self.lesson.steps)),
            "steps": len(self.lesson.steps),
            "done": step is None,
            "explains": step is not None and step.explains,
            "move": self.played + 1 if step is not None and not step.explains else 0,
            "moves": 0 if step is None else step.count,
            "text": self.text(lang),
            "source": self.source(lang),
            "region": None if step is None else step.region,
            "region_label": self.region_label(lang),
            "board": self.game.render(state.view(seat), seat, lang),
            "actions": [{"notation": a.notation(), "label": self.game.describe(state, a, lang)}
                        for a in allowed],
        }


def rehearse(lesson: Lesson) -> LessonRun:
    """Play ``lesson`` to its last step as a learner would (the first allowed action of every
    move, Enter on every explanation) and return the run; :class:`LessonError` naming the step
    when one cannot be played as written (no legal action matches it, or the game is over)."""
    run = LessonRun(lesson)
    while (step := run.step) is not None:
        if step.explains:
            run.next()
            continue
        allowed = run.allowed()
        if not allowed:
            legal = ", ".join(a.notation() for a in run.table.legal(lesson.seat)) or "-"
            patterns = step.moves[run.played:run.played + 1] if step.moves else step.allow
            raise LessonError(N_("lesson {game} step {number}: none of {moves} is legal (legal: {legal})"),
                              game=lesson.game, number=run.index + 1, moves=", ".join(patterns),
                              legal=legal)
        run.play(allowed[0])
    return run

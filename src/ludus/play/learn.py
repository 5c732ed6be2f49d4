"""``ludus learn GAME``: a guided first game in the terminal (issue 39).

The lesson (:mod:`ludus.play.lessons`) is played at the terminal session's table
(:class:`~ludus.play.terminal.TerminalSession`: its screens, menu, commands and parsing), one
step at a time: the step's text, the rulebook section it comes from ("Rulebook: …"), the part
of the board it is about, then either Enter (an explanation) or the step's action — the menu
lists only the step's actions, and anything else is refused in one line saying what the step
asks for. When the last step is done the person may play the game on to its end (the other
seats played by the greedy bot), as in ``ludus play``.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console
from rich.text import Text

from ludus.core.actions import Action
from ludus.core.api import State
from ludus.core.errors import IllegalActionError, LudusError
from ludus.core.i18n import Lang, get_lang
from ludus.play import commands
from ludus.play.lessons import READ_FIRST, LessonRun, OffLesson, load_lesson
from ludus.play.terminal import TerminalSession

__all__ = ["LearnSession"]


class LearnSession(TerminalSession):
    """A lesson of ``game_id`` played in the terminal by one person (the lesson's seat)."""

    def __init__(self, game_id: str, console: Console | None = None,
                 input_fn: Callable[[str], str] | None = None, lang: Lang | None = None) -> None:
        lesson = load_lesson(game_id)
        self.run_ = LessonRun(lesson)
        """The lesson being played (its table is this session's)."""
        super().__init__(self.run_.game, self.run_.state, self.run_.table.record, [lesson.seat],
                         dict(self.run_.table.bots), console, input_fn, lang=lang or get_lang("en"))
        self.table = self.run_.table
        self.seen_events = 0
        """How many of the table's actions the person has seen the events of."""

    # --- what the session shows ------------------------------------------------------------
    def menu(self, seat: int) -> list[Action]:
        """Only the step's actions while the lesson lasts (then every legal action)."""
        return self.run_.allowed() if not self.run_.done else self.table.legal(seat)

    def show_step(self) -> None:
        """The step: its number, its text, where it comes from in the rulebook and which part of
        the board it is about."""
        run, lang = self.run_, self.lang
        self.console.rule(Text(self._("Step {number} of {count}", number=run.index + 1,
                                      count=len(run.lesson.steps)), style="bold"))
        self.say(run.text(lang), style="bold")
        self.say(run.source(lang), style="dim")
        self.say(self._("On the board: {region}", region=run.region_label(lang)), style="dim")

    def show_area(self, seat: int, whole: bool) -> None:
        """Under an explanation step: the whole table (``whole``, the lesson's first screen) or the
        seat's own area, both drawn from its view."""
        view = self.table.view(seat)
        if whole:
            self.console.rule(self._("{game} — {seat}", game=self.game.info.title_in(self.lang.code),
                                     seat=self.lang.player(seat)))
            self.put(self.paint_block(self.game.render(view, seat, self.lang)))
            self.console.rule()
        else:
            self.put(self.paint_block(self.game.render_seat(view, seat, self.lang) or ""))

    def show_help(self, seat: int, actions: list[Action], words: tuple[str, ...]) -> None:
        """``help`` in a lesson: how to answer and the lesson's commands."""
        if self.run_.done:
            super().show_help(seat, actions, words)
            return
        words = tuple(w for w in commands.LESSON if w != "map" or self.game.render_map(
            self.table.view(seat), self.lang))
        for row in commands.help_rows(self.lang, commands.examples(actions), words, self.width,
                                      commands.LESSON_COMMANDS):
            self.put(Text(row))

    def refuse(self, error: LudusError) -> None:
        """Say in one line why the answer is not the step's."""
        self.console.print(Text(error.text_in(self.lang), style="red"))

    # --- the loop ----------------------------------------------------------------------------
    def learn(self) -> State | None:
        """Walk through the lesson's steps, then offer to play on; the final state when the game
        was played to its end, else None (the person left, or stopped after the lesson)."""
        run, seat = self.run_, self.run_.seat
        first = True
        while not run.done:
            self.show_step()
            if run.step is not None and run.step.explains:
                self.show_area(seat, whole=first)
                first = False
                if not self.wait_next(seat):
                    return None
                continue
            self.unseen[seat][:] = [e for e in self.table.seat_events(seat, self.seen_events)]
            self.seen_events = len(self.table.actions)
            self.show(seat, board=first)
            first = False
            if not self.ask_step(seat):
                return None
        self.console.rule()
        self.say(run.text(self.lang), style="bold")
        try:
            answer = self.input_fn(self._("Enter: play on to the end of the game; quit: leave> ")).strip()
        except EOFError:
            return None
        if answer == "quit":
            self.farewell(self._("You left the lesson."))
            return None
        self.unseen[seat][:] = [e for e in self.table.seat_events(seat, self.seen_events)]
        return self.run()

    def wait_next(self, seat: int) -> bool:
        """An explanation step: Enter or ``next`` goes on, the commands work, anything else is
        refused (the step is read first); False: the person leaves."""
        while True:
            try:
                answer = self.input_fn(self._("Enter: next step> ")).strip()
            except EOFError:
                self.farewell(self._("End of input: leaving the lesson."))
                return False
            if answer in ("", "next"):
                self.run_.next()
                return True
            if self.command(answer, seat):
                continue
            if answer.partition(" ")[0] == "quit":
                return False
            self.refuse(OffLesson(READ_FIRST))

    def ask_step(self, seat: int) -> bool:
        """A step with actions: only they are played; commands work; False: quit."""
        while True:
            try:
                answer = self.input_fn(self._("{seat}> ", seat=self.lang.player(seat))).strip()
            except EOFError:
                self.farewell(self._("End of input: leaving the lesson."))
                return False
            if not answer:
                continue
            if answer == "next":
                try:
                    self.run_.next()
                except OffLesson as exc:
                    self.refuse(exc)
                continue
            if self.command(answer, seat):
                continue
            if answer.partition(" ")[0] == "quit":
                return False
            allowed = self.run_.allowed()
            action = self.parse(answer, seat, allowed)
            if action is None:
                continue
            try:
                self.run_.play(action)
            except (OffLesson, IllegalActionError) as exc:
                self.refuse(exc)
                continue
            return True

    def command(self, answer: str, seat: int) -> bool:
        """Do a lesson command (``help``, ``board``, ``log``, ``show NAME``, ``menu``, ``map``);
        True when ``answer`` was one. ``quit`` says goodbye and is False (the caller leaves)."""
        word, _, rest = answer.partition(" ")
        if word == "quit":
            self.farewell(self._("You left the lesson."))
            return False
        if word == "help":
            self.show_help(seat, self.menu(seat), commands.LESSON)
        elif word == "board":
            self.show(seat, board=True)
        elif word == "log":
            for event in self.table.seat_events(seat):
                self.say(f"  {event.text_in(self.lang)}", 4)
        elif word == "show":
            self.show_component(rest)
        elif word == "menu":
            self.show_menu(self.menu(seat))
        elif word == "map":
            drawn = self.game.render_map(self.table.view(seat), self.lang)
            if drawn:
                self.console.print(self.paint_block(drawn))
        else:
            return False
        return True

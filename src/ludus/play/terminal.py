"""Play in the terminal: one person (or several, hot-seat) against bots.

The person sees only their own view (rendered by the game), the log of what
happened since their last decision, and a numbered list of legal actions. They
answer with a number or with the action's notation, or with ``save FILE``,
``help`` or ``quit``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ludus.agents import Agent
from ludus.agents.analysis import analyse
from ludus.core import driver
from ludus.core.actions import Action
from ludus.core.api import Game, Outcome, State
from ludus.core.errors import IllegalActionError, LudusError
from ludus.core.events import Event
from ludus.core.i18n import Lang, get_lang
from ludus.core.record import GameRecord
from ludus.play import commands
from ludus.play.advice import hint_lines
from ludus.play.colours import Painter, game_palette
from ludus.play.screen import HEIGHT, MIN_WIDTH, decision_screen, paint_rows
from ludus.play.tty import AlternateScreen, erase, measure, typed_ahead


def _loose(text: str) -> str:
    """Notation as a person may type it: any case, spaces or underscores, extra blanks."""
    return " ".join(text.replace("_", " ").casefold().split())



PERSON = "person"
"""A record's ``seats`` entry for a seat a person plays (the others name their bot)."""


class TerminalSession:
    """A game played in a terminal by the seats in ``humans``; bots play the others."""

    def __init__(
        self,
        game: Game[Any],
        state: State,
        record: GameRecord,
        humans: Sequence[int],
        bots: dict[int, Agent],
        console: Console | None = None,
        input_fn: Callable[[str], str] | None = None,
        autosave: Path | None = None,
        lang: Lang | None = None,
    ) -> None:
        self.game = game
        self.lang = lang or get_lang("en")
        """The language of everything the session prints."""
        self.table = driver.Table(state, bots=bots, record=record)
        """The table driver: the state, the record, the events, undo and who moves next."""
        self.humans = tuple(humans)
        self.bots = bots
        self.console = console or Console()
        self.input_fn = input_fn or self.console.input
        self.unseen: dict[int, list[Event | str]] = {p: [] for p in self.humans}
        """What each person has not seen yet: events, and notes of the moves played for them."""
        self.autosave = autosave
        """Where the record is written after every action (and at the end), if anywhere."""
        self.at_screen: int | None = None
        """The seat whose person is at the screen (hot-seat: the screen is cleared between seats)."""
        self.paint = Painter(game_palette(game, self.lang))
        self.seen_board: set[int] = set()
        """Seats that saw the whole table once (shown before their first decision)."""
        self.real_terminal = input_fn is None and self.console.is_terminal
        """Whether answers are typed at a terminal (then type-ahead is refused, see :func:`typed_ahead`)."""
        self.screen = AlternateScreen(self.console)
        """The terminal's alternate screen, where a hot-seat game is played (a real terminal only)."""

    @property
    def state(self) -> State:
        """The position now (the table's)."""
        return self.table.state

    @property
    def record(self) -> GameRecord:
        """The game's record so far (the table's; autosaved after every action)."""
        return self.table.record

    def _(self, message: str, **values: object) -> str:
        """``message`` in the session's language, its ``{names}`` filled in."""
        return self.lang.gettext(message).format(**values)

    @property
    def width(self) -> int:
        """The width the session lays its lines out in: the terminal's now (at least :data:`MIN_WIDTH`)."""
        measure(self.console)
        return max(self.console.width, MIN_WIDTH)

    def say(self, line: str, hang: int | None = None, style: str = "") -> None:
        """Print ``line`` in the game's colours, wrapped at the terminal's width under its text."""
        for row in paint_rows(self.paint, line, self.width, hang, style):
            self.put(row)

    def put(self, row: Text) -> None:
        """Print a row laid out at :attr:`width` as it is (a terminal narrower than
        :data:`MIN_WIDTH` folds it; rich never wraps it again)."""
        self.console.print(row, no_wrap=True, crop=False, overflow="ignore")

    # --- the loop -------------------------------------------------------
    def run(self) -> State | None:
        """Play until the game ends (return the final state) or the person quits (None).

        Who moves next is the table's (``ludus.core.driver.Table.next_turn``): a
        person's public forced move is played for them and said in their news; bots
        move and react; people are asked, and offered their optional out-of-turn
        actions before a bot's turn.
        """
        table = self.table
        if len(self.humans) > 1:  # hot-seat: the game's screens never reach the shell's scrollback
            self.screen.enter()
        try:
            while (turn := table.next_turn()) is not None:
                if turn.kind == "ask":
                    if not self.ask(turn.seat):
                        return None
                elif turn.kind == "offer":
                    if not self.offer(turn.seat):
                        return None
                else:
                    if turn.kind == "forced" and turn.action is not None:  # public and the only move: said
                        self.unseen[turn.seat].append(self._("{seat}: {action} (the only move)",
                                                             seat=self.lang.player(turn.seat),
                                                             action=self.label(turn.action)))
                    if table.take_turn(turn):
                        self.played()
        finally:  # the end, quitting, an error, Ctrl-C: the shell gets its screen back
            self.screen.leave()
        self.show_end()
        return self.state

    def offer(self, p: int) -> bool:
        """Offer person ``p`` their optional actions before a bot moves; False if they quit."""
        optional = self.table.legal(p)
        if not self.hand_over(p):
            return False
        self.console.print(
            Text(
                self._(
                    "{seat}: {other} is about to act. Optional actions:",
                    seat=self.lang.player(p),
                    other=self.lang.player(self.state.to_move()[0]),
                ),
                style="bold",
            )
        )
        for i, action in enumerate(optional, start=1):
            self.say(f"  {i:>3}  {self.label(action)}", 7)
        while True:
            try:
                answer = self.input_fn(self._("{seat} (Enter to pass)> ", seat=self.lang.player(p))).strip()
            except EOFError:
                return False
            if not answer:
                self.table.decline(p)
                return True
            if answer == "quit":
                self.say_left()
                return False
            if answer == "help":
                self.show_help(p, optional, commands.OFFER)
                continue
            if answer.startswith("save"):
                self.save(answer[4:].strip())
                continue
            chosen = self.parse(answer, p, optional)
            if chosen is not None and self.play(chosen):
                return True

    def play(self, action: Action, *, confirm: bool = True) -> bool:
        """Play a person's ``action`` at the table (its one legality check); False, and why,
        when it is not legal now. Without ``confirm``, an action that loses the game at once
        is played only once the person says yes."""
        try:
            self.table.play(action, confirm=confirm)
        except driver.FatalMove:
            if not self.confirmed(action):
                return False
            return self.play(action)
        except IllegalActionError:
            self.console.print(Text(self._("{action} is not legal now: {reason}.", action=str(action),
                                           reason=self.state.why_illegal(action, self.lang)), style="red"))
            return False
        self.played()
        return True

    def played(self) -> None:
        """After an action: autosave, and the news of each person."""
        self.save_now()
        events = self.table.events[-1]
        for p in self.humans:
            self.unseen[p].extend(e for e in events if e.is_visible_to(p))

    # --- one decision -----------------------------------------------------
    def ask(self, seat: int) -> bool:
        """Show ``seat`` their view, ask for a decision and play it; False means quit."""
        console = self.console
        if not self.hand_over(seat):
            return False
        if len(self.humans) > 1:
            console.rule(Text(self._("{seat}'s decision", seat=self.lang.player(seat)), style="bold"))
        self.show(seat, board=seat not in self.seen_board)
        self.seen_board.add(seat)
        actions = self.table.legal(seat)
        if self.real_terminal:
            stale = typed_ahead()
            if stale:
                shown = ", ".join(stale) if len(", ".join(stale)) <= 40 else ", ".join(stale)[:40] + "…"
                console.print(
                    Text(
                        self._("Not played (typed before this menu was shown): {typed}", typed=shown),
                        style="yellow",
                    )
                )
        while True:
            try:
                answer = self.input_fn(self._("{seat}> ", seat=self.lang.player(seat))).strip()
            except EOFError:
                self.farewell(self._("End of input: leaving the game."))
                return False
            if not answer:
                continue
            word, _, rest = answer.partition(" ")
            if word == "quit":
                self.say_left()
                return False
            if word == "help":
                self.show_help(seat, actions, commands.ALL)
                continue
            if word == "log":
                for event in self.table.seat_events(seat):
                    self.say(f"  {event.text_in(self.lang)}", 4)
                continue
            if word == "save":
                self.save(rest.strip())
                continue
            if word == "show":
                self.show_component(rest)
                continue
            if word == "board":
                self.show(seat, board=True)
                continue
            if word == "menu":
                self.show_menu(actions)
                continue
            if word == "map":
                drawn = self.game.render_map(self.table.view(seat), self.lang)
                console.print(
                    self.paint_block(drawn)
                    if drawn
                    else self._("{game} has no map to show.", game=self.game.info.title_in(self.lang.code))
                )
                continue
            if word == "hint":
                self.hint(seat)
                continue
            if word == "undo":
                if self.undo(seat):
                    self.show(seat)
                    actions = self.table.legal(seat)
                continue
            action = self.parse(answer, seat, actions)
            if action is not None and self.play(action, confirm=False):
                return True

    def menu(self, seat: int) -> list[Action]:
        """The actions offered to ``seat`` on its decision screen (all its legal ones; a lesson
        offers only the step's)."""
        return self.table.legal(seat)

    def label(self, action: Action) -> str:
        """The action in words, in the session's language (a game's labels never name the acting seat)."""
        return self.game.describe(self.state, action, self.lang)

    def show_menu(self, actions: list[Action]) -> None:
        """``menu``: every action of the decision, numbered, with its notation."""
        for i, action in enumerate(actions, start=1):
            label = self.label(action)
            self.say(f"{i:>4}  {label}" + (f"  [{action}]" if label != str(action) else ""), 6)

    def show_help(self, seat: int, actions: list[Action], words: tuple[str, ...]) -> None:
        """``help``: how to answer, with two of ``actions`` as examples, and the commands
        ``words`` (``map`` only in a game with a map), wrapped at the terminal's width."""
        if "map" in words and not self.game.render_map(self.table.view(seat), self.lang):
            words = tuple(word for word in words if word != "map")
        for row in commands.help_rows(self.lang, commands.examples(actions), words, self.width):
            self.put(Text(row))

    def show_component(self, name: str) -> None:
        """``show NAME``: what a component is and does, from the game's data."""
        name = name.strip()
        text = self.game.component_text(name, self.lang) if name else None
        if text is None:
            shown = name if len(name) <= 40 else name[:40] + "…"
            self.console.print(
                Text(
                    self._(
                        "Nothing called “{name}” in {game} (show NAME, e.g. a card's name).",
                        name=shown,
                        game=self.game.info.title_in(self.lang.code),
                    ),
                    style="red",
                )
            )
            return
        self.console.print(Panel(Text(text), title=name))

    def hint(self, seat: int) -> None:
        """``hint``: ``seat``'s three best options valued by the strongest level's budget
        (:func:`~ludus.agents.analysis.analyse`: from the seat's view only, seeded by the position)."""
        analysis = analyse(self.state, seat, seed=len(self.record.actions))
        for line in hint_lines(self.state, analysis, self.lang):
            self.say(line, 4)

    def undo(self, seat: int) -> bool:
        """Take back ``seat``'s last choice (with the moves played for it since); False (and
        why) when it may not."""
        table = self.table
        reason = table.why_not_undo(seat, self.lang)
        if reason:
            self.console.print(Text(self._("Cannot undo: {reason}.", reason=reason), style="red"))
            return False
        steps = table.undo_steps(seat)
        taken = ", ".join(self.record.actions[-steps:])
        gone = {id(e) for events in table.events[-steps:] for e in events}
        table.undo(seat)
        self.save_now()
        if gone:  # its events leave the log and the news
            for news in self.unseen.values():
                news[:] = [e for e in news if id(e) not in gone]
        self.console.print(Text(self._("Taken back: {action}.", action=taken)))
        return True

    def confirmed(self, action: Action) -> bool:
        """Ask before an action that loses the game at once; True to play it."""
        label = self.label(action)
        try:
            answer = self.input_fn(
                self._("{action} ends the game in a loss for you now. Type yes to play it> ", action=label)
            )
        except EOFError:
            return False
        return answer.strip().lower() in {"yes", "y", self._("yes").lower()}

    def say_left(self) -> None:
        """The person quits: the game is already saved; say where (on the shell's screen)."""
        self.save_now()
        if self.autosave is not None:
            self.farewell(self._("You left the game. It is saved in {path}; continue with: "
                                 "ludus play --resume", path=str(self.autosave)))
        else:
            self.farewell(self._("You left the game."))

    def farewell(self, said: str) -> None:
        """Leave the alternate screen (if in it) and say ``said`` where it stays: on the shell's screen."""
        self.screen.leave()
        self.console.print(Text(said))

    def hand_over(self, seat: int) -> bool:
        """Hot-seat: before another seat's screen, clear this one and wait for that person.

        Nothing of the previous seat's view or actions stays on screen, and nothing of
        ``seat``'s is shown until its person presses Enter. False when they quit.
        """
        if len(self.humans) < 2 or self.at_screen == seat:
            return True
        erase(self.console)  # the screen and the scrollback: nothing left to scroll back to
        self.at_screen = None
        try:
            answer = self.input_fn(self._("{seat}, press Enter (the other players look away)> ",
                                          seat=self.lang.player(seat))).strip()
        except EOFError:
            self.farewell(self._("End of input: leaving the game."))
            return False
        if answer == "quit":
            self.say_left()
            return False
        erase(self.console)
        self.at_screen = seat
        return True

    def parse(self, answer: str, seat: int, actions: list[Action]) -> Action | None:
        if answer.isdigit():  # also "²" or a 5,000-digit number: told, never int()'d
            index = int(answer) if answer.isascii() and len(answer) <= 9 else 0
            if 1 <= index <= len(actions):
                return actions[index - 1]
            shown = answer if len(answer) <= 12 else answer[:12] + "…"
            self.console.print(Text(self._("There is no action {number}; choose 1–{last}.", number=shown,
                                           last=len(actions)), style="red"))
            return None
        loose = _loose(answer)
        for action in actions:  # "Lead Legionary circus maximus" is "0:lead legionary circus_maximus"
            if _loose(str(action)) == loose or _loose(str(action).partition(":")[2]) == loose:
                return action
        text = answer if ":" in answer.split(" ", 1)[0] else f"{seat}:{answer}"
        try:
            action = self.game.parse_action(self.state, text)
        except LudusError as exc:
            self.console.print(Text(self._("{error} (type help)", error=exc.text_in(self.lang)), style="red"))
            return None
        if action.player != seat:
            self.console.print(
                Text(
                    self._(
                        "You play {seat}, not {other}.",
                        seat=self.lang.player(seat),
                        other=self.lang.player(action.player),
                    ),
                    style="red",
                )
            )
            return None
        return action  # the table judges it (``play``)

    def save_now(self) -> None:
        """Write the record to the autosave file (quietly; a failure is said once)."""
        if self.autosave is None:
            return
        try:
            self.record.save(self.autosave)
        except OSError as exc:
            self.console.print(Text(self._("Cannot autosave to {path}: {error}", path=str(self.autosave),
                                           error=str(exc.strerror)), style="red"))
            self.autosave = None

    def save(self, path: str) -> None:
        if not path:
            self.console.print(Text(self._("save needs a file name: save FILE"), style="red"))
            return
        try:
            self.record.save(path)
        except OSError as exc:
            self.console.print(
                Text(
                    self._("Cannot save to {path}: {error}", path=path, error=str(exc.strerror)), style="red"
                )
            )
            return
        except ValueError as exc:  # e.g. a NUL in the file name
            self.console.print(Text(self._("Cannot save to {path}: {error}", path=repr(path), error=str(exc)),
                                    style="red"))
            return
        count = len(self.record.actions)
        self.console.print(
            Text(
                self.lang.ngettext(
                    "Saved {count} action to {path}.", "Saved {count} actions to {path}.", count
                ).format(count=count, path=path)
            )
        )

    # --- display ------------------------------------------------------------
    def show(self, seat: int, board: bool = False) -> None:
        """The decision screen of ``seat`` (news, its own area, the menu; see
        :func:`~ludus.play.screen.decision_screen`), after the whole table if ``board``."""
        console = self.console
        width = self.width  # the terminal measured: the rules below span it too
        view = self.table.view(seat)
        if board:
            console.rule(
                self._(
                    "{game} — {seat}",
                    game=self.game.info.title_in(self.lang.code),
                    seat=self.lang.player(seat),
                )
            )  # no frame: the table keeps all 80 columns
            self.put(self.paint_block(self.game.render(view, seat, self.lang)))
            console.rule()
        news = [item if isinstance(item, str) else item.text_in(self.lang) for item in self.unseen[seat]]
        self.unseen[seat].clear()
        area = (self.game.render_seat(view, seat, self.lang) or "").splitlines()
        labels = [self.label(action) for action in self.menu(seat)]
        height = console.height if console.is_terminal else HEIGHT
        for line in decision_screen(news, area, labels, width, height, self.paint, self.lang):
            self.put(line)

    def paint_block(self, text: str) -> Text:
        """Several lines of text with the game's colours (a line wider than the terminal wraps
        under its text)."""
        width = self.width
        return Text("\n").join(row for line in text.splitlines()
                               for row in paint_rows(self.paint, line, width))

    def show_end(self) -> None:
        console = self.console
        measure(console)
        viewer = self.humans[0] if len(self.humans) == 1 else None
        if viewer is None:  # hot-seat: one screen for everyone, so only what everyone may see
            erase(self.console)
        shown: set[int] = set()
        for seat in self.humans:
            for item in self.unseen[seat]:  # events everyone (or the one person) may see; forced-move notes
                if isinstance(item, str):  # a move played for that seat: on a shared screen, said by events
                    if viewer is not None:
                        self.say(f"  {item}", 4)
                elif item.is_visible_to(viewer) and id(item) not in shown:
                    shown.add(id(item))
                    self.say(f"  {item.text_in(self.lang)}", 4)
            self.unseen[seat].clear()
        console.rule(self._("Final position"))
        self.put(self.paint_block(self.game.render(self.state.view(viewer), viewer, self.lang)))
        console.rule()
        out = self.state.outcome()
        console.print(score_sheet(self.game, out, self.humans, self.lang))


def score_sheet(game: Game[Any], out: Outcome, humans: Sequence[int] = (), lang: Lang | None = None) -> Group:
    """The end of ``game`` as a table: a row per scoring category (the game's
    ``details["sheet"]``: ``[{"category", "label", "points": [per seat]}, ...]``, labels
    and words translated in the game's domain), the total and the place of every seat,
    and how the game ended; a co-op game shows its result instead of places."""
    lang = lang or get_lang("en")
    _ = lang.gettext
    domain, players = game.info.id, game.players
    ended = game.outcome_text(out, lang)
    if out.cooperative_win is not None:
        verdict = _("You won together") if out.cooperative_win else _("You lost together")
        title = _("Game over — {verdict}: {reason}").format(verdict=verdict, reason=ended)
    else:
        title = _("Game over: {reason}").format(reason=ended)
    table = Table()
    table.add_column("")
    for p in range(players):
        who = _("{seat} (you)") if p in humans else _("{seat} (bot)")
        table.add_column(who.format(seat=lang.player(p)), justify="right")
    for row in out.details.get("sheet", ()):
        points = row.get("points", ())
        table.add_row(
            lang.gettext(str(row.get("label", row.get("category", ""))), domain),
            *(
                lang.number(v) if isinstance(v, (int, float)) else lang.gettext(str(v), domain)
                for v in points
            ),
        )
    if out.cooperative_win is None or any(out.scores):
        table.add_row(
            Text(_("total"), style="bold"), *(Text(lang.number(v), style="bold") for v in out.scores)
        )
    if out.cooperative_win is None:
        table.add_row(_("place"), *(lang.number(r) for r in out.ranking))
    heading = Text(title, style="bold")
    return Group(heading, table) if table.row_count else Group(heading)

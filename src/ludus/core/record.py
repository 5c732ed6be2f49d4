"""GameRecord: a game as versioned JSON, and :func:`replay`.

A record holds what is needed to re-create every state of a game: the game id,
the engine version that played it, the player count, the options, the seed and
the actions in notation, plus optional digests to verify that a replay matches.

Records older than 0.2.0 (:data:`PROMPTS_VERSION`). Since 0.2.0 a game asks a seat a
one-option question where 0.1.0 took the only answer itself (Glory to Rome: a forced
``pass`` whose forcedness depended on the seat's hidden hand, a Legionary give with a
single possible card, issue 10), so a 0.1.0 record lacks those answers. :func:`replay`
supplies them: after each recorded action, while the state's digest differs from the
recorded digest and exactly one action is legal for the seats to move, that action is
applied and the digest compared again; for an action without a recorded digest, the
single legal action is applied, while there is exactly one, before a recorded action
that is not legal (and, at the end, until the final digest matches). A one-option
answer leaves the state byte-identical to what 0.1.0 produced, so every digest of a
0.1.0 record still verifies. Records written by 0.2.0 and later hold every answer and
are replayed action by action.

Split decisions. When a game splits a decision into smaller ones (Fall of Rome 0.3.0:
a march chooses its destination, then its legions), an action of a record older than
the engine is passed through :meth:`Game.upgrade_notation
<ludus.core.api.Game.upgrade_notation>`, which returns the actions it stands for now;
the recorded digest is compared after the last of them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ludus.core.actions import Action, shorten
from ludus.core.api import Game, OptionValue, State
from ludus.core.errors import N_, LudusError, RecordError
from ludus.core.events import Event
from ludus.core.registry import configure

RECORD_FORMAT = 1
ENGINE_VERSION = "0.4.0"
PROMPTS_VERSION = (0, 2, 0)
"""Records of an older version lack the one-option answers (see the module docstring)."""
COMPAT_STEPS = 1000
"""At most this many supplied answers in a row (a guard: each one moves the game on)."""
SEED_LIMIT = 2**64
"""Seeds are integers with ``-SEED_LIMIT < seed < SEED_LIMIT`` (the generator keeps 64 bits)."""

_VERSION = re.compile(r"(\d{1,9})(?:\.(\d{1,9}))*")


def version_key(version: str) -> tuple[int, ...]:
    """The numbers of a version text (``"0.1.0"`` → ``(0, 1, 0)``) for comparing versions.

    Raises :class:`RecordError` when ``version`` does not start with dotted numbers.
    """
    match = _VERSION.match(version) if isinstance(version, str) else None
    if match is None:
        raise RecordError(N_("record field 'version' must be a version like {like!r}, got {version:.60}"),
                          like=ENGINE_VERSION, version=repr(version))
    return tuple(int(part) for part in match.group(0).split("."))


@dataclass(slots=True)
class GameRecord:
    """A played (or partly played) game.

    ``digests``, when present, holds the state digest after each action
    (``digests[i]`` after ``actions[i]``); ``final_digest`` the digest at the end.
    ``stopped`` says why a driver stopped playing before the game ended (e.g.
    :func:`ludus.agents.play_game` at its action cap); it is not saved (the saved
    record is simply an unfinished one).
    """

    game: str
    players: int
    seed: int
    options: dict[str, OptionValue] = field(default_factory=dict)
    actions: list[str] = field(default_factory=list)
    digests: list[str] | None = None
    final_digest: str | None = None
    version: str = ENGINE_VERSION
    seats: list[str] | None = None
    format: int = RECORD_FORMAT
    stopped: str | None = None

    def to_json(self) -> dict[str, Any]:
        """Return the record as a JSON-ready dict."""
        data: dict[str, Any] = {
            "format": self.format,
            "game": self.game,
            "version": self.version,
            "players": self.players,
            "options": dict(self.options),
            "seed": self.seed,
            "actions": list(self.actions),
        }
        if self.seats is not None:
            data["seats"] = list(self.seats)
        if self.digests is not None:
            data["digests"] = list(self.digests)
        if self.final_digest is not None:
            data["final_digest"] = self.final_digest
        return data

    def dumps(self) -> str:
        """Return the record as JSON text."""
        return json.dumps(self.to_json(), indent=1)

    def save(self, path: str | Path) -> None:
        """Write the record to ``path`` as JSON."""
        Path(path).write_text(self.dumps() + "\n", encoding="utf-8")

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GameRecord:
        """Build a record from JSON data; raises :class:`RecordError` when malformed."""
        if not isinstance(data, Mapping):
            raise RecordError(N_("a game record must be a JSON object"))
        try:
            fmt = data.get("format", RECORD_FORMAT)
            if fmt != RECORD_FORMAT:
                raise RecordError(N_("unsupported record format {format!r} (this ludus reads {ours})"),
                                  format=fmt, ours=RECORD_FORMAT)
            game = data["game"]
            players = data["players"]
            seed = data["seed"]
            actions = data["actions"]
        except KeyError as missing:
            raise RecordError(N_("game record is missing the field {name}"), name=missing) from None
        if not isinstance(game, str):
            raise RecordError(N_("record field 'game' must be a string"))
        if not isinstance(players, int) or isinstance(players, bool):
            raise RecordError(N_("record field 'players' must be an integer"))
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RecordError(N_("record field 'seed' must be an integer"))
        if not -SEED_LIMIT < seed < SEED_LIMIT:
            raise RecordError(N_("record field 'seed' must be an integer of at most 64 bits"))
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise RecordError(N_("record field 'actions' must be a list of strings"))
        options = data.get("options", {})
        if not isinstance(options, Mapping):
            raise RecordError(N_("record field 'options' must be an object"))
        if not all(isinstance(name, str) for name in options):
            raise RecordError(N_("record field 'options' must map option names to values"))
        digests = data.get("digests")
        if digests is not None and (
            not isinstance(digests, list) or not all(isinstance(d, str) for d in digests)
        ):
            raise RecordError(N_("record field 'digests' must be a list of strings"))
        if digests is not None and len(digests) > len(actions):
            raise RecordError(N_("the record has more digests than actions (digests: {digests}, actions: "
                                 "{actions})"),
                              digests=len(digests), actions=len(actions))
        final_digest = data.get("final_digest")
        if final_digest is not None and not isinstance(final_digest, str):
            raise RecordError(N_("record field 'final_digest' must be a string"))
        version = data.get("version", ENGINE_VERSION)
        if version_key(version) > version_key(ENGINE_VERSION):
            raise RecordError(
                f"the record was written by ludus {version}, newer than this engine ({ENGINE_VERSION}): "
                "upgrade ludus"
            )
        seats = data.get("seats")
        return cls(
            game=game,
            players=players,
            seed=seed,
            options=dict(options),
            actions=list(actions),
            digests=digests,
            final_digest=final_digest,
            version=version,
            seats=list(seats) if isinstance(seats, list) else None,
        )

    @classmethod
    def loads(cls, text: str) -> GameRecord:
        """Parse a record from JSON text; raises :class:`RecordError`."""
        if not isinstance(text, str):
            raise RecordError(N_("a game record must be text, got {kind}"), kind=type(text).__name__)
        try:
            data = json.loads(text)
        except RecursionError:
            raise RecordError(N_("game record is not valid JSON: nested too deeply")) from None
        except ValueError as exc:  # JSONDecodeError, or an integer over Python's digit limit
            message = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            raise RecordError(N_("game record is not valid JSON: {error}"), error=message) from None
        return cls.from_json(data)

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        """Read a record from a file; raises :class:`RecordError`."""
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise RecordError(N_("cannot read game record {path!r}: {error}"), path=str(path),
                              error=exc.strerror) from None
        except UnicodeDecodeError:
            raise RecordError(N_("game record {path!r} is not UTF-8 text"), path=str(path)) from None
        except ValueError as exc:  # e.g. a path with a NUL character
            raise RecordError(N_("cannot read game record {path!r}: {error}"), path=str(path),
                              error=str(exc)) from None
        return cls.loads(text)


ActionHook = Callable[[int, Action, list[Event]], None]
"""Called by :func:`replay` after each applied action: the record's 1-based action
number it belongs to, the action, its events (a supplied one-option answer carries the
number of the recorded action it precedes or follows)."""


def replay(record: GameRecord, verify: bool = True, on_action: ActionHook | None = None) -> State:
    """Re-execute ``record`` and return the final state.

    With ``verify``, every stored digest is checked. Raises :class:`RecordError`
    naming the first action that cannot be parsed or applied, or the first digest
    that differs. A record older than 0.2.0 gets its one-option answers supplied
    (see the module docstring).
    """
    try:
        game = configure(record.game, record.players, record.options)
    except LudusError as exc:
        raise RecordError(N_("cannot set up the recorded game: {error}"), error=exc) from None
    digests = record.digests
    if verify and digests is not None and len(digests) > len(record.actions):
        raise RecordError(
            N_("the record has more digests than actions (digests: {digests}, actions: {actions})"),
            digests=len(digests), actions=len(record.actions))
    if verify and version_key(record.version) > version_key(ENGINE_VERSION):
        raise RecordError(N_("the record was written by ludus {version}, newer than this engine ({ours})"),
                          version=record.version, ours=ENGINE_VERSION)
    legacy = version_key(record.version) < PROMPTS_VERSION
    state: State = game.new_state(record.seed)

    def apply(number: int, action: Action) -> None:
        events = state.apply(action)
        if on_action is not None:
            on_action(number, action, events)

    def supply(number: int, digest: str | None = None, text: str | None = None) -> None:
        """Apply the single legal action while there is one, until the state has ``digest``
        or ``text`` is legal."""
        for _ in range(COMPAT_STEPS):
            if digest is not None and state.digest() == digest:
                return
            if text is not None and _is_legal(game, state, text):
                return
            only = _single_action(state)
            if only is None:
                return
            apply(number, only)

    older = version_key(record.version) < version_key(ENGINE_VERSION)
    for i, text in enumerate(record.actions):
        recorded = digests[i] if digests is not None and i < len(digests) else None
        try:
            for step in game.upgrade_notation(text, record.version) if older else (text,):
                if legacy and recorded is None:
                    supply(i + 1, text=step)
                apply(i + 1, game.parse_action(state, step))
        except LudusError as exc:
            raise RecordError(N_("record action {number} ({text}) does not replay: {error}"), number=i + 1,
                              text=shorten(text), error=exc) from None
        if recorded is None:
            continue
        if legacy:
            supply(i + 1, digest=recorded)
        if verify and state.digest() != recorded:
            raise RecordError(N_("replay differs from the record after action {number} ({text})"),
                              number=i + 1, text=shorten(text))
    final = record.final_digest
    if final is not None:
        if legacy:
            supply(len(record.actions), digest=final)
        if verify and state.digest() != final:
            raise RecordError(N_("replay's final state differs from the record's final digest"))
    return state


def _single_action(state: State) -> Action | None:
    """The one legal action of the seats to move, if there is exactly one."""
    if state.is_terminal():
        return None
    found: list[Action] = []
    for seat in state.to_move():
        found.extend(state.legal_actions(seat))
        if len(found) > 1:
            return None
    return found[0] if found else None


def _is_legal(game: Game[Any], state: State, text: str) -> bool:
    """Whether ``text`` parses to a legal action now."""
    try:
        action = game.parse_action(state, text)
    except LudusError:
        return False
    return action in state.legal_actions(action.player)

"""Rules at hand (issue 39): a game's rules reference, entry by entry, and which entry explains an action.

A game's reference is data: ``src/ludus/games/<package>/data/reference.toml``, a list of
``[[entry]]`` tables, each with

- ``id``: the entry's name in addresses (``/games/{game}/reference#id``), letters, digits, ``-`` and ``_``;
- ``section`` and ``page``: where it is in the printed rulebook of the game's lesson (the section's
  title as printed in that edition, its printed page; ``page`` may be left out when not known);
- ``title``: a short name of the entry (an English msgid of the game's catalog domain);
- ``text``: a short explanation in our own words, written from the rulebook (an English msgid of the
  game's domain, extracted through ``babel.cfg`` like the lessons' texts);
- ``actions``: the verbs of the game's actions it explains (``lead``, ``follow``…): every verb the
  game may offer is in exactly one entry, so every action a page offers links to its rules;
- ``regions``: the named parts of the board it explains (``"forum"``, ``"hand"``: the regions the
  game's SVG draws, ``Canvas.region``, named in its ``lesson.toml``; ``"table"`` is the whole
  picture): every region is in exactly one entry, so a page can link each part of the board to its
  rules (:meth:`Reference.region_entries`).

Every section a lesson step comes from has an entry (:meth:`Reference.for_section`), so each step
of a guided game links to its rules too.

>>> ref = load_reference("glory-to-rome")
>>> ref.for_action("0:lead craftsman market").id
'lead-follow'
>>> ref.for_region("clientele").id
'clients'
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources

from ludus.core.errors import N_, LudusError
from ludus.core.registry import games, package_of
from ludus.play.lessons import lesson_games, load_lesson

__all__ = ["Entry", "Reference", "ReferenceError", "load_reference", "parse_reference", "reference_games",
           "region_entries"]

_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


class ReferenceError(LudusError):
    """A reference file that cannot be read as written (a bad field, a verb in two entries)."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One entry of a game's rules reference (see the module's docs for the fields)."""

    id: str
    section: str
    page: int | None
    title: str
    text: str
    actions: tuple[str, ...] = ()
    regions: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Reference:
    """A game's rules reference: its entries in order, and the entry of each action verb."""

    game: str
    entries: tuple[Entry, ...]

    def entry(self, entry_id: str) -> Entry | None:
        """The entry named ``entry_id`` (None: no such entry)."""
        return next((e for e in self.entries if e.id == entry_id), None)

    def for_verb(self, verb: str) -> Entry | None:
        """The entry that explains the actions of ``verb`` (None: none does)."""
        return next((e for e in self.entries if verb in e.actions), None)

    def for_action(self, notation: str) -> Entry | None:
        """The entry that explains the action written as ``notation`` (``"0:lead craftsman market"``)."""
        words = notation.partition(":")[2].split() if ":" in notation.split(" ", 1)[0] else notation.split()
        return self.for_verb(words[0]) if words else None

    def for_region(self, region: str) -> Entry | None:
        """The entry that explains the board's region ``region`` (None: none does)."""
        return next((e for e in self.entries if region in e.regions), None)

    def region_entries(self) -> dict[str, str]:
        """Each board region's entry id (``{"forum": "forum", "table": "goal", ...}``)."""
        return {region: e.id for e in self.entries for region in e.regions}

    def for_section(self, section: str) -> Entry | None:
        """The entry of the printed rulebook section titled ``section`` (None: none)."""
        return next((e for e in self.entries if e.section == section), None)


def _package(game_id: str) -> str:
    """The package of game ``game_id`` (:func:`~ludus.core.registry.package_of`), whose ``data``
    folder holds its files."""
    if game_id not in {i.id for i in games()}:
        raise ReferenceError(N_("unknown game {game}"), game=game_id)
    return package_of(game_id)


def _names(item: dict[str, object], key: str, game_id: str, entry_id: str) -> list[str]:
    value = item.get(key, [])
    if not isinstance(value, list) or not all(isinstance(a, str) for a in value):
        raise ReferenceError(N_("reference {game} entry {id}: {key} must be a list of names"), game=game_id,
                             id=entry_id, key=key)
    return value


def parse_reference(game_id: str, text: str, regions: frozenset[str] | None = None) -> Reference:
    """A reference from the TOML ``text`` of ``game_id``, its fields checked; ``regions``: the names
    of the regions the game's board draws (None: not checked)."""
    raw = tomllib.loads(text).get("entry")
    if not isinstance(raw, list) or not raw:
        raise ReferenceError(N_("reference {game}: no [[entry]] tables"), game=game_id)
    entries: list[Entry] = []
    seen: set[str] = set()
    verbs: set[str] = set()
    places: set[str] = set()
    for k, item in enumerate(raw, start=1):
        values = {key: item.get(key) for key in ("id", "section", "title", "text")}
        if not all(isinstance(v, str) and v for v in values.values()):
            raise ReferenceError(
                N_("reference {game} entry {number}: id, section, title and text are needed"), game=game_id,
                number=k)
        entry_id, page = str(values["id"]), item.get("page")
        if not _ID.match(entry_id) or entry_id in seen:
            raise ReferenceError(N_("reference {game} entry {number}: a bad or repeated id {id}"),
                                 game=game_id, number=k, id=entry_id)
        if page is not None and (not isinstance(page, int) or isinstance(page, bool)):
            raise ReferenceError(N_("reference {game} entry {id}: page must be a number"), game=game_id,
                                 id=entry_id)
        actions = _names(item, "actions", game_id, entry_id)
        parts = _names(item, "regions", game_id, entry_id)
        twice = verbs.intersection(actions)
        if twice:
            raise ReferenceError(N_("reference {game} entry {id}: verbs already explained: {verbs}"),
                                 game=game_id, id=entry_id, verbs=", ".join(sorted(twice)))
        twice = places.intersection(parts)
        if twice:
            raise ReferenceError(N_("reference {game} entry {id}: regions already explained: {regions}"),
                                 game=game_id, id=entry_id, regions=", ".join(sorted(twice)))
        unknown = sorted(set(parts) - regions) if regions is not None else []
        if unknown:
            raise ReferenceError(N_("reference {game} entry {id}: the board draws no region {regions}"),
                                 game=game_id, id=entry_id, regions=", ".join(unknown))
        seen.add(entry_id)
        verbs.update(actions)
        places.update(parts)
        entries.append(Entry(entry_id, str(values["section"]), page, str(values["title"]),
                             str(values["text"]), tuple(actions), tuple(parts)))
    return Reference(game_id, tuple(entries))


@cache
def load_reference(game_id: str) -> Reference:
    """The rules reference of ``game_id`` (its ``data/reference.toml``, read once);
    :class:`ReferenceError` when it has none."""
    path = resources.files(_package(game_id)).joinpath("data", "reference.toml")
    if not path.is_file():
        raise ReferenceError(N_("{game} has no rules reference yet"), game=game_id)
    regions = frozenset(load_lesson(game_id).regions) if game_id in lesson_games() else None
    return parse_reference(game_id, path.read_text(encoding="utf-8"), regions)


def region_entries(game_id: str) -> dict[str, str]:
    """Each board region of ``game_id`` and the id of the reference entry that explains it, for a
    page's "rules on the board" (empty: the game has no reference)."""
    return load_reference(game_id).region_entries() if game_id in reference_games() else {}


@cache
def reference_games() -> list[str]:
    """The ids of the games that have a rules reference."""
    found = []
    for info in games():
        try:
            if resources.files(_package(info.id)).joinpath("data", "reference.toml").is_file():
                found.append(info.id)
        except (LudusError, ModuleNotFoundError):
            continue
    return found

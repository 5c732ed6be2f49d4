"""Components of Glory to Rome, loaded from ``data/cards.toml`` and ``data/messages.toml``.

Materials and roles share one index (rubble/laborer = 0 ... marble/patron = 5):
every Order card shows one material and the role of that material.  Order cards
are small integers (card ids); :data:`CARD_BUILDING` gives each card's building.
The enums name the phases, verbs, end triggers and pending-decision kinds; the
module-level aliases (``LEAD``, ``LABORER`` ...) are the same members, bound for
the hot paths.
"""

from __future__ import annotations

import tomllib
import unicodedata
from dataclasses import dataclass
from enum import IntEnum, StrEnum
from importlib import resources
from pathlib import Path
from typing import Any, Final

from ludus.core.actions import Action, Arg
from ludus.core.errors import N_, IllegalActionError
from ludus.core.fields import GamePhase
from ludus.core.i18n import Lang, LangLike, as_lang, register_domain

DOMAIN: Final = "glory-to-rome"
register_domain(DOMAIN, Path(__file__).parent / "locale")


class Material(IntEnum):
    """The six building materials (the index is also the role's index)."""

    RUBBLE = 0
    WOOD = 1
    BRICK = 2
    CONCRETE = 3
    STONE = 4
    MARBLE = 5


class Role(IntEnum):
    """The six roles; ``Role(m)`` is the role printed on cards of material ``m``."""

    LABORER = 0
    CRAFTSMAN = 1
    LEGIONARY = 2
    ARCHITECT = 3
    MERCHANT = 4
    PATRON = 5


THINKER: Final = 6
"""Pseudo-role of a frame of Thinker actions (School)."""

PRISON_ROLE: Final = 7
"""Pseudo-role of the Prison's steal decision."""

# Roles and materials as aliases of the enum members (hot paths).
LABORER, CRAFTSMAN, LEGIONARY, ARCHITECT, MERCHANT, PATRON = Role
RUBBLE, WOOD, BRICK, CONCRETE, STONE, MARBLE = Material


class Phase(GamePhase):
    """The steps of a round (JSON: the int)."""

    LEAD = 0
    FOLLOW = 1
    ACT = 2
    END_OF_TURN = 3
    OVER = 4


LEAD, FOLLOW, ACT, END_OF_TURN, OVER = Phase
PHASE_NAMES: tuple[str, ...] = tuple(p.name.lower() for p in Phase)


class FrameKind(IntEnum):
    """Why a batch of actions (a :class:`~.decisions.Frame`) exists."""

    MAIN = 0  # the role led this turn (lead/follow units + clients)
    BATH = 1  # a client hired under Bath acts at once
    BONUS = 2  # Amphitheatre, Foundry, Garden, School upon completion
    PRISON = 3  # Prison upon completion: the steal decision


MAIN, BATH, BONUS, PRISON = FrameKind


class EndStepKind(IntEnum):
    """End-of-turn decisions (rulings §15: Academy, Sewer, Senate in that order)."""

    ACADEMY = 0
    SEWER = 1
    SENATE = 2


ACADEMY, SEWER, SENATE = EndStepKind
END_NAMES: tuple[str, ...] = tuple(k.name.lower() for k in EndStepKind)

# Vault card visibility (else the seat that knows it).
VIS_PUBLIC: Final = -1
VIS_NOBODY: Final = -2


class Verb(StrEnum):
    """Every verb of the notation, named after the rulebook's actions."""

    LEAD = "lead"
    FOLLOW = "follow"
    PETITION = "petition"
    THINK_JACK = "think_jack"
    THINK_DRAW = "think_draw"
    LATRINE = "latrine"
    VOMITORIUM = "vomitorium"
    DONE = "done"
    CONCEDE = "concede"
    PASS = "pass"
    NEXT = "next"
    HIRE = "hire"
    HIRE_HAND = "hire_hand"
    HIRE_DECK = "hire_deck"
    GATHER = "gather"
    GATHER_HAND = "gather_hand"
    SELL = "sell"
    SELL_DECK = "sell_deck"
    SELL_HAND = "sell_hand"
    DEMAND = "demand"
    LAY = "lay"
    LAY_CONTINUE = "lay_continue"
    BUILD = "build"
    BUILD_POOL = "build_pool"
    STAIRWAY = "stairway"
    STAIRWAY_POOL = "stairway_pool"
    FOUNTAIN = "fountain"
    KEEP = "keep"
    PRISON = "prison"
    GIVE = "give"
    REFUSE = "refuse"
    COLOSSEUM = "colosseum"
    SEWER = "sewer"
    SENATE = "senate"
    GLORY = "glory"
    LEGACY_PETITION = "legacy_petition"


# Verb aliases for the hot paths (an enum's class attribute costs ~90 ns, a global ~10 ns).
(
    V_LEAD,
    V_FOLLOW,
    V_PETITION,
    V_THINK_JACK,
    V_THINK_DRAW,
    V_LATRINE,
    V_VOMITORIUM,
    V_DONE,
    V_CONCEDE,
    V_PASS,
    V_NEXT,
    V_HIRE,
    V_HIRE_HAND,
    V_HIRE_DECK,
    V_GATHER,
    V_GATHER_HAND,
    V_SELL,
    V_SELL_DECK,
    V_SELL_HAND,
    V_DEMAND,
    V_LAY,
    V_LAY_CONTINUE,
    V_BUILD,
    V_BUILD_POOL,
    V_STAIRWAY,
    V_STAIRWAY_POOL,
    V_FOUNTAIN,
    V_KEEP,
    V_PRISON,
    V_GIVE,
    V_REFUSE,
    V_COLOSSEUM,
    V_SEWER,
    V_SENATE,
    V_GLORY,
    V_LEGACY_PETITION,
) = tuple(Verb)


class Termination(StrEnum):
    """Why the game ended (PL "Koniec gry"); ``Outcome.termination``."""

    DECK_EXHAUSTED = "deck_exhausted"
    """The draw deck ran out (see :func:`~.rules.end_of_game.finish_step`)."""
    LAST_SITE = "last_site"
    """The last in-town site was taken (:func:`~.rules.building.lay_foundation`)."""
    CATACOMB = "catacomb"
    """A Catacomb was completed (:func:`~.rules.completion.upon_completion`)."""
    FORUM = "forum"
    """A Forum condition was met (:func:`~.rules.end_of_game.check_forum`)."""
    CONCESSION = "concession"
    """Every other player conceded (:func:`~.rules.end_of_game.concede`)."""


def _load() -> dict[str, Any]:
    text = resources.files("ludus.games.glory_to_rome").joinpath("data/cards.toml").read_text("utf-8")
    return tomllib.loads(text)


DATA: dict[str, Any] = _load()

MATERIAL_NAMES: tuple[str, ...] = tuple(DATA["materials"]["order"])
ROLE_NAMES: tuple[str, ...] = tuple(DATA["materials"][m]["role"] for m in MATERIAL_NAMES)
MATERIAL_EN: tuple[str, ...] = tuple(DATA["materials"][m]["en"] for m in MATERIAL_NAMES)
MATERIAL_PL: tuple[str, ...] = tuple(DATA["materials"][m]["pl"] for m in MATERIAL_NAMES)
ROLE_EN: tuple[str, ...] = tuple(DATA["materials"][m]["role_en"] for m in MATERIAL_NAMES)
ROLE_PL: tuple[str, ...] = tuple(DATA["materials"][m]["role_pl"] for m in MATERIAL_NAMES)
VALUE: tuple[int, ...] = tuple(DATA["materials"][m]["value"] for m in MATERIAL_NAMES)
MATERIAL_INDEX: dict[str, int] = {name: i for i, name in enumerate(MATERIAL_NAMES)}
"""Material index of a material's name (``"brick"`` → 2)."""
ROLE_INDEX: dict[str, int] = {name: i for i, name in enumerate(ROLE_NAMES)}


@dataclass(frozen=True, slots=True)
class Building:
    """One of the 40 building types printed on the Order cards."""

    index: int
    slug: str
    en: str
    pl: str
    pl_rank: int
    material: int
    copies: int

    @property
    def value(self) -> int:
        """Materials needed to complete it (on its own site), influence gained."""
        return VALUE[self.material]

    @property
    def role(self) -> int:
        """The role printed on the card."""
        return self.material


def _buildings() -> tuple[Building, ...]:
    out: list[Building] = []
    for slug, row in DATA["buildings"].items():
        if not isinstance(row, dict):
            continue
        out.append(
            Building(len(out), slug, row["en"], row["pl"], row["pl_rank"], MATERIAL_INDEX[row["material"]],
                     row["copies"]))
    return tuple(out)


BUILDINGS: tuple[Building, ...] = _buildings()
BUILDING_INDEX: dict[str, int] = {b.slug: b.index for b in BUILDINGS}


class B:
    """Building indices, named for readable rules code (``B.PALACE``).

    Plain ``int`` class attributes rather than an enum: the rules test them in
    bit masks on every action, and enum member lookup is several times slower.
    """

    BAR: Final = BUILDING_INDEX["bar"]
    INSULA: Final = BUILDING_INDEX["insula"]
    LATRINE: Final = BUILDING_INDEX["latrine"]
    ROAD: Final = BUILDING_INDEX["road"]
    CIRCUS: Final = BUILDING_INDEX["circus"]
    DOCK: Final = BUILDING_INDEX["dock"]
    MARKET: Final = BUILDING_INDEX["market"]
    PALISADE: Final = BUILDING_INDEX["palisade"]
    ACADEMY: Final = BUILDING_INDEX["academy"]
    ARCHWAY: Final = BUILDING_INDEX["archway"]
    ATRIUM: Final = BUILDING_INDEX["atrium"]
    BATH: Final = BUILDING_INDEX["bath"]
    FOUNDRY: Final = BUILDING_INDEX["foundry"]
    GATE: Final = BUILDING_INDEX["gate"]
    SCHOOL: Final = BUILDING_INDEX["school"]
    SHRINE: Final = BUILDING_INDEX["shrine"]
    AMPHITHEATRE: Final = BUILDING_INDEX["amphitheatre"]
    AQUEDUCT: Final = BUILDING_INDEX["aqueduct"]
    BRIDGE: Final = BUILDING_INDEX["bridge"]
    SENATE: Final = BUILDING_INDEX["senate"]
    STOREROOM: Final = BUILDING_INDEX["storeroom"]
    TOWER: Final = BUILDING_INDEX["tower"]
    VOMITORIUM: Final = BUILDING_INDEX["vomitorium"]
    WALL: Final = BUILDING_INDEX["wall"]
    CATACOMB: Final = BUILDING_INDEX["catacomb"]
    CIRCUS_MAXIMUS: Final = BUILDING_INDEX["circus_maximus"]
    COLOSSEUM: Final = BUILDING_INDEX["colosseum"]
    GARDEN: Final = BUILDING_INDEX["garden"]
    PRISON: Final = BUILDING_INDEX["prison"]
    SCRIPTORIUM: Final = BUILDING_INDEX["scriptorium"]
    SEWER: Final = BUILDING_INDEX["sewer"]
    VILLA: Final = BUILDING_INDEX["villa"]
    BASILICA: Final = BUILDING_INDEX["basilica"]
    FORUM: Final = BUILDING_INDEX["forum"]
    FOUNTAIN: Final = BUILDING_INDEX["fountain"]
    LUDUS_MAGNUS: Final = BUILDING_INDEX["ludus_magnus"]
    PALACE: Final = BUILDING_INDEX["palace"]
    STAIRWAY: Final = BUILDING_INDEX["stairway"]
    STATUE: Final = BUILDING_INDEX["statue"]
    TEMPLE: Final = BUILDING_INDEX["temple"]


def _deck() -> tuple[int, ...]:
    out: list[int] = []
    for b in BUILDINGS:
        out.extend([b.index] * b.copies)
    return tuple(out)


CARD_BUILDING: tuple[int, ...] = _deck()
"""Building index of each Order card id (144 cards)."""

CARD_MATERIAL: tuple[int, ...] = tuple(BUILDINGS[b].material for b in CARD_BUILDING)
"""Material (and role) of each Order card id."""

N_CARDS = len(CARD_BUILDING)
_MATERIALS_IN = tuple(tuple(m for m in range(6) if (mask >> m) & 1) for mask in range(64))
"""``_MATERIALS_IN[mask]``: the materials whose bits are set in ``mask``, sorted."""
N_JACKS: int = DATA["jacks"]["count"]
SITES_PER_MATERIAL: int = DATA["sites"]["per_material"]
MERCHANT_BONUS: int = DATA["merchant_bonus"]["points"]
STARTING_INFLUENCE: int = DATA["limits"]["starting_influence"]
HAND_LIMIT: int = DATA["limits"]["hand_limit"]
STARTING_ORDERS: int = DATA["limits"]["starting_orders"]
CLASSIC_FORUM_COPIES: int = DATA["classic_forum"]["copies"]

# Start-player order: the Polish alphabet (PL α) or English names.
PL_RANK: tuple[int, ...] = tuple(b.pl_rank for b in BUILDINGS)
EN_RANK: tuple[int, ...] = tuple(
    sorted(range(len(BUILDINGS)), key=lambda i: BUILDINGS[i].en).index(i) + 1 for i in range(len(BUILDINGS))
)

SLUGS: tuple[str, ...] = tuple(b.slug for b in BUILDINGS)
BUILDING_MATERIAL: tuple[int, ...] = tuple(b.material for b in BUILDINGS)


# ---------------------------------------------------------------------------
# Cards in a place (hands, pool, stockpiles): small helpers over card ids
# ---------------------------------------------------------------------------


def distinct_buildings(cards: list[int]) -> list[int]:
    """The distinct building indices among ``cards``, in first-seen order."""
    seen = 0
    out = []
    for c in cards:
        b = CARD_BUILDING[c]
        if not (seen >> b) & 1:
            seen |= 1 << b
            out.append(b)
    return out


def distinct_materials(cards: list[int]) -> tuple[int, ...]:
    """The distinct materials among ``cards``, sorted."""
    seen = 0
    for c in cards:
        seen |= 1 << CARD_MATERIAL[c]
    return _MATERIALS_IN[seen]  # (a table, not a comprehension: a hot path)


def of_material(cards: list[int], m: int) -> list[int]:
    """The cards of material ``m`` among ``cards``."""
    return [c for c in cards if CARD_MATERIAL[c] == m]


def take_building(cards: list[int], b: int) -> int:
    """Remove and return the last card of building ``b`` from ``cards``."""
    for i in range(len(cards) - 1, -1, -1):
        if CARD_BUILDING[cards[i]] == b:
            return cards.pop(i)
    raise IllegalActionError(N_("no {name} card there"), domain=DOMAIN, name=SLUGS[b])


def take_material(cards: list[int], m: int) -> int:
    """Remove and return the last card of material ``m`` from ``cards``."""
    for i in range(len(cards) - 1, -1, -1):
        if CARD_MATERIAL[cards[i]] == m:
            return cards.pop(i)
    raise IllegalActionError(N_("no {name} card there"), domain=DOMAIN, name=MATERIAL_NAMES[m])


# ---------------------------------------------------------------------------
# Actions, built once per seat
# ---------------------------------------------------------------------------


class ActionTable:
    """Prebuilt actions of every seat (indexed ``[seat][...]``) and a memo for the rest.

    Legal-action lists are assembled from these ready objects (the engine's
    identity test finds them at once); rarer actions come from :meth:`get`.
    """

    def __init__(self, players: int) -> None:
        self.players = players
        seats = range(players)
        nb = len(BUILDINGS)
        self.lead = [[Action(p, Verb.LEAD, (ROLE_NAMES[BUILDINGS[b].material], SLUGS[b])) for b in range(nb)]
                     for p in seats]
        self.lead_architect = [[Action(p, Verb.LEAD, ("architect", SLUGS[b])) for b in range(nb)]
                               for p in seats]
        self.lead_jack = [[Action(p, Verb.LEAD, (ROLE_NAMES[r], "jack")) for r in range(6)] for p in seats]
        self.follow = [[Action(p, Verb.FOLLOW, (SLUGS[b],)) for b in range(nb)] for p in seats]
        self.follow_jack = [Action(p, Verb.FOLLOW, ("jack",)) for p in seats]
        self.petition = [[Action(p, Verb.PETITION, (ROLE_NAMES[r],)) for r in range(6)] for p in seats]
        self.petition_card = [[Action(p, Verb.PETITION, (SLUGS[b],)) for b in range(nb)] for p in seats]
        self.think_jack = [Action(p, Verb.THINK_JACK) for p in seats]
        self.think_draw = [Action(p, Verb.THINK_DRAW) for p in seats]
        self.pass_ = [Action(p, Verb.PASS) for p in seats]
        self.next = [Action(p, Verb.NEXT) for p in seats]
        self.done = [Action(p, Verb.DONE) for p in seats]
        self.gather = [[Action(p, Verb.GATHER, (MATERIAL_NAMES[m],)) for m in range(6)] for p in seats]
        self.hire = [[Action(p, Verb.HIRE, (ROLE_NAMES[m],)) for m in range(6)] for p in seats]
        self.sell = [[Action(p, Verb.SELL, (MATERIAL_NAMES[m],)) for m in range(6)] for p in seats]
        self.demand = [[Action(p, Verb.DEMAND, (MATERIAL_NAMES[m],)) for m in range(6)] for p in seats]
        self.demand_nopool = [[Action(p, Verb.DEMAND, (MATERIAL_NAMES[m], "nopool")) for m in range(6)]
                              for p in seats]
        self.give = [[Action(p, Verb.GIVE, (SLUGS[b],)) for b in range(nb)] for p in seats]
        self.glory = [Action(p, Verb.GLORY) for p in seats]
        self._memo: dict[tuple[int, str, tuple[Arg, ...]], Action] = {}

    def __reduce__(self) -> tuple[type[ActionTable], tuple[int]]:
        """Pickled as its number of seats (made anew when loaded: the compiled build's class, too)."""
        return ActionTable, (self.players,)

    def get(self, player: int, verb: Verb, *args: Arg) -> Action:
        """The action ``player:verb args`` (built once, then reused; a memo like
        :class:`~ludus.core.actions.ActionMemo`, inlined: this is a hot path)."""
        key = (player, verb, args)
        action = self._memo.get(key)
        if action is None:
            action = self._memo[key] = Action(player, verb, args)
        return action


# ---------------------------------------------------------------------------
# Event templates (data/messages.toml) and the namers they use
# ---------------------------------------------------------------------------


def _messages() -> dict[str, Any]:
    text = resources.files("ludus.games.glory_to_rome").joinpath("data/messages.toml").read_text("utf-8")
    return tomllib.loads(text)


MESSAGES: dict[str, Any] = _messages()
REASONS: dict[Termination, str] = {Termination(k): v for k, v in MESSAGES["reasons"].items()}
"""``Outcome.reason`` of each end trigger (a :meth:`str.format` template)."""


def with_article(word: str, lang: Lang) -> str:
    """``word`` after "a" or "an" as English says it; the bare word in a language without articles.

    >>> with_article("Atrium", as_lang("en")), with_article("Atrium", as_lang("pl"))
    ('an Atrium', 'Atrium')
    """
    if lang.code != "en":
        return word
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def building_name(b: int, lang: Lang) -> str:
    """The name of building ``b`` in ``lang`` (the Polish edition's names in Polish)."""
    return lang.gettext(BUILDINGS[b].en)


def material_name(m: int, lang: Lang) -> str:
    """The name of material ``m`` in ``lang``."""
    return lang.gettext(MATERIAL_EN[m])


def role_name(r: int, lang: Lang) -> str:
    """The name of role ``r`` in ``lang``."""
    return lang.gettext(ROLE_EN[r])


def jack_name(lang: Lang) -> str:
    """The Jack in ``lang`` (the Polish edition's "Senator")."""
    jack: str = DATA["jacks"]["en"]
    return lang.gettext(jack)


def card_name(card: int, lang: Lang) -> str:
    """An Order card's building, or the Jack (``-1``: "a Jack" in English)."""
    return with_article(jack_name(lang), lang) if card < 0 else building_name(CARD_BUILDING[card], lang)


def card_names(cards: list[int], lang: Lang) -> str:
    """The buildings of ``cards`` as the language writes a list ("nothing" when empty)."""
    return lang.join([building_name(CARD_BUILDING[c], lang) for c in cards]) or lang.gettext("nothing")


def players_named(seats: list[int], lang: Lang) -> str:
    """"Player 1 and Player 3" in ``lang`` (the seats' names when the reader knows them)."""
    return lang.players(seats)


def _texts() -> dict[str, Any]:
    text = resources.files("ludus.games.glory_to_rome").joinpath("data/texts.toml").read_text("utf-8")
    return tomllib.loads(text)


TEXTS: dict[str, Any] = _texts()
"""What each building, role, material and the Jack does (data/texts.toml)."""


def _key(name: str) -> str:
    """``name`` as people type it: any case, spaces or underscores, with or without diacritics."""
    plain = unicodedata.normalize("NFKD", name.replace("ł", "l").replace("Ł", "L"))
    plain = "".join(ch for ch in plain if not unicodedata.combining(ch))
    return " ".join(plain.lower().replace("_", " ").replace("-", " ").replace("'", "").split())


COMPONENTS: tuple[tuple[str, int, str, tuple[str, ...]], ...] = (
    *(("building", b.index, b.en, (b.slug, b.pl)) for b in BUILDINGS),
    *(("material", m, MATERIAL_EN[m], (slug, MATERIAL_PL[m])) for m, slug in enumerate(MATERIAL_NAMES)),
    *(("role", m, ROLE_EN[m], (ROLE_NAMES[m], ROLE_PL[m])) for m in range(6)),
    ("jack", -1, DATA["jacks"]["en"], (DATA["jacks"]["pl"], "jacks", "senatorowie")),
)
"""Every component ``show NAME`` explains: kind, index, English name, other names people type."""


def _index(lang: Lang) -> dict[str, tuple[str, int]]:
    found: dict[str, tuple[str, int]] = {}
    for kind, i, en, others in COMPONENTS:
        for name in (en, *others):
            found.setdefault(_key(name), (kind, i))
    for kind, i, en, _others in COMPONENTS:  # the names in ``lang``, after the English and Polish ones
        found.setdefault(_key(lang.gettext(en)), (kind, i))
    return found


_INDEXES: dict[str, dict[str, tuple[str, int]]] = {}


def _effect(kind: str, i: int) -> str:
    """The English effect text of a component (data/texts.toml), a msgid."""
    if kind == "building":
        return str(TEXTS["buildings"][BUILDINGS[i].slug]["en"])
    if kind == "material":
        return str(TEXTS["materials"][MATERIAL_NAMES[i]]["en"])
    if kind == "role":
        return str(TEXTS["roles"][ROLE_NAMES[i]]["en"])
    return str(TEXTS["jack"]["text"]["en"])


def effect_text(kind: str, i: int, lang: Lang) -> str:
    """What a ``building``, ``material``, ``role`` or the ``jack`` does (component ``i``), in ``lang``."""
    return lang.gettext(_effect(kind, i))


def _text(kind: str, i: int, lang: Lang) -> str:
    _ = lang.gettext
    effect = _effect(kind, i)
    if kind == "building":
        b = BUILDINGS[i]
        return _("{name} ({material} building, value {value}, role: {role}): {effect}").format(
            name=building_name(i, lang), material=material_name(b.material, lang), value=lang.number(b.value),
            role=role_name(b.material, lang), effect=_(effect))
    if kind == "material":
        return _("{name} (material): {effect}").format(name=material_name(i, lang), effect=_(effect))
    if kind == "role":
        return _("{name} (role of the {material} cards): {effect}").format(
            name=role_name(i, lang), material=material_name(i, lang), effect=_(effect))
    return _("{name}: {effect}").format(name=jack_name(lang), effect=_(effect))


def component_text(name: str, locale: LangLike = None) -> str | None:
    """What the component called ``name`` (its English, Polish or ``locale``'s name, or id) is and does.

    >>> component_text("LUDUS_magnus").startswith("Ludus Magnus (Marble building, value 3")
    True
    >>> component_text("szkola gladiatorow", "pl").startswith("Szkoła gladiatorów (obiekt: Marmur")
    True
    """
    lang = as_lang(locale).for_domain(DOMAIN)
    index = _INDEXES.get(lang.code)
    if index is None:
        index = _INDEXES[lang.code] = _index(as_lang(lang.code).for_domain(DOMAIN))
    found = index.get(_key(name))
    return None if found is None else _text(*found, lang)

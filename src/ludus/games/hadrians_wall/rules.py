"""Legal actions and transitions of Hadrian's Wall, named after the rulebook's actions.

Every action is one small decision of one player. The Year is simultaneous: every player
who has not ended the Year is to move. A reward that needs a choice (a Cohort icon, a Road
attribute, a Scouting pattern's position) becomes a *pending* decision of that player,
resolved before anything else that player does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludus.core.actions import Action, Arg
from ludus.core.errors import IllegalActionError
from ludus.core.events import Event, private, public

from .board import Board, Phase
from .components import (
    ATTACK_CARDS,
    ATTACK_POTENTIAL,
    ATTRIBUTE_MAX,
    ATTRIBUTE_REWARDS,
    ATTRIBUTES,
    BATHS_APPARITORES,
    BATHS_BOXES,
    BATHS_PER_YEAR,
    BATHS_RESOURCES,
    BUILDER,
    BUILDING_IDS,
    BUILDINGS,
    CIPPI_CHAIN,
    CIPPI_COLUMN,
    CIPPI_REWARDS,
    CITIZEN_BOXES,
    CITIZEN_REWARDS,
    CITIZENS,
    CIVILIAN,
    COHORT_BOXES,
    COHORT_REWARDS,
    COHORTS,
    COURT_APPARITORES,
    COURT_GAIN,
    COURT_PAY,
    DIPLOMAT_COST,
    DIPLOMAT_PATRICIANS,
    FATE_CARDS,
    FORT_COLUMN,
    FORT_REWARDS,
    FORUM_BOXES,
    GLADIATORS,
    GUARD_COLUMN,
    GUARD_REWARDS,
    INFRASTRUCTURE_AT,
    ITEMS,
    LUDUS_DEATH,
    LUDUS_PERFORMERS,
    LUDUS_SURVIVAL,
    MAP_ICONS,
    MARKET_EXTRA,
    MARKET_HEXAGONS,
    MARKET_TRADERS,
    MARKET_UNIQUE_BONUS,
    MINING_COLUMN,
    MINING_REWARDS,
    PLAYER_CARD_INDEX,
    PLAYER_CARDS,
    PRODUCTION_CIRCLES,
    RESOURCE,
    ROW_MASKS,
    SCOUT_PATRICIANS,
    SERVANT,
    SOLDIER,
    TEMPLE_BOXES,
    TEMPLE_IDS,
    THEATRE_BOXES,
    THEATRE_PERFORMERS,
    THEATRE_REWARDS,
    TRAINING_BOXES,
    WALL_REWARDS,
    YEARS,
    Cost,
    placements,
)
from .notation import cells_mask

if TYPE_CHECKING:
    from .game import HadriansWall
    from .state import HadriansWallState

Args = tuple[Arg, ...]

_ITEM_INDEX = {name: i for i, name in enumerate(ITEMS)}
_ATTR_INDEX = {name: i for i, name in enumerate(ATTRIBUTES)}
_CITIZEN_INDEX = {name: i for i, name in enumerate(CITIZENS)}
_BUILDING_INDEX = {name: i for i, name in enumerate(BUILDING_IDS)}
_COHORT_INDEX = {name: i for i, name in enumerate(COHORTS)}
_GLAD_INDEX = {name: i for i, name in enumerate(GLADIATORS)}
_REQ_ATTR = {name: i for i, name in enumerate(ATTRIBUTES)}
_COURT_BOXES = tuple(f"{col}{row + 1}" for col in "LCR" for row in range(3))
MEDIUM_GRANARY = _BUILDING_INDEX["medium_granary"]
LARGE_GRANARY = _BUILDING_INDEX["large_granary"]
HOTELS = (_BUILDING_INDEX["small_hotel"], _BUILDING_INDEX["large_hotel"])
WORKSHOPS = (_BUILDING_INDEX["small_workshop"], _BUILDING_INDEX["large_workshop"])
ROADS = (_BUILDING_INDEX["small_road"], _BUILDING_INDEX["large_road"])
MARKET = _BUILDING_INDEX["market"]
THEATRE = _BUILDING_INDEX["theatre"]
LUDUS = _BUILDING_INDEX["ludus"]
BATHS = _BUILDING_INDEX["baths"]
COURTHOUSE = _BUILDING_INDEX["courthouse"]
TEMPLES = tuple(_BUILDING_INDEX[t] for t in TEMPLE_IDS)
_FORUM_TYPES = (BUILDER, SERVANT, CIVILIAN)
_CHOICES = {"attr": ATTRIBUTES, "pd": ("piety", "discipline"), "rv": ("renown", "valour")}

END = "end"


# ============================================================================
# helpers
# ============================================================================
def granary_level(b: Board) -> int:
    """Open granary columns: 1 (Small only), 2 (+Medium), 3 (+Large)."""
    return 1 + b.built[MEDIUM_GRANARY] + b.built[LARGE_GRANARY]


def infrastructure(b: Board) -> int:
    """Infrastructure level: the infrastructure icons among the filled Fort boxes."""
    return INFRASTRUCTURE_AT[b.fort]


def neighbours(st: HadriansWallState, p: int) -> list[int]:
    """The immediate neighbours of seat ``p`` (the one opponent in a 2-player game)."""
    n = len(st.boards)
    if n == 1:
        return []
    if n == 2:
        return [1 - p]
    return [(p - 1) % n, (p + 1) % n]


def _can_pay(b: Board, cost: Cost) -> bool:
    items = b.items
    return all(items[i] >= cost[i] for i in range(5))


def _pay(b: Board, cost: Cost) -> None:
    for i in range(5):
        b.items[i] -= cost[i]


def _plus_resource(cost: Cost, extra: int) -> Cost:
    if not extra:
        return cost
    return (cost[0], cost[1], cost[2], cost[3], cost[4] + extra)


def building_cost(st: HadriansWallState, key: str) -> Cost:
    """What building ``key`` costs (Solo Campaign Fort 4 adds a Resource to most buildings)."""
    bld = BUILDINGS[key]
    extra = st.game.building_extra if not bld.landmark else 0
    return _plus_resource(bld.cost, extra)


def _draw_fate(st: HadriansWallState, events: list[Event]) -> int:
    """Top card of the Fate deck; an empty deck is rebuilt from the discard pile (ruling)."""
    if not st.fate_deck:
        st.fate_deck = st.fate_discard
        st.fate_discard = []
        st.rng.shuffle(st.fate_deck)
        events.append(public("the Fate deck ran out: the discard pile is shuffled into a new deck", "reshuffle"))
    return st.fate_deck.pop()


def _source_card(st: HadriansWallState, p: int, source: str) -> int:
    """The Prospect card named by ``source`` (``own``, ``p<seat>``, ``n<index>``), or -1."""
    if source == "own":
        return st.boards[p].prospect
    if source[0] == "p":
        return st.boards[int(source[1:])].prospect
    if source[0] == "n":
        return st.neutral[int(source[1:])]
    return -1


def _sources(st: HadriansWallState, p: int, own: bool) -> list[str]:
    out: list[str] = []
    if own and st.boards[p].prospect >= 0:
        out.append("own")
    for q in neighbours(st, p):
        if st.boards[q].prospect >= 0:
            out.append(f"p{q}")
    for i in range(len(st.neutral)):
        out.append(f"n{i}")
    return out


def _pay_source(st: HadriansWallState, p: int, source: str, item: int, events: list[Event]) -> None:
    """Pay one item for a neighbour's or a Neutral Prospect card (own card: to the supply)."""
    st.boards[p].items[item] -= 1
    if source[0] == "p":
        q = int(source[1:])
        if not st.game.resource_passing:
            # Unofficial variant: a neighbour purchase is handled like a Neutral-card purchase.
            st.extra_attack += 1
            return
        target = st.boards[q]
        target.items[item] += 1
        if target.done and st.phase is Phase.ACTIONS and not st.game.final_pass:
            # Ruling: passing is provisional; a passed player who receives an item may act again.
            target.done = 0
            events.append(public(f"seat {q} receives a {ITEMS[item]} and may act again", "reactivate", seat=q))
    elif source[0] == "n":
        st.neutral_items[int(source[1:])] += 1


# ============================================================================
# gains (every chained reward resolves)
# ============================================================================
def gain(st: HadriansWallState, p: int, token: str) -> None:
    """Give player ``p`` one printed reward icon ``token`` (chains resolve at once)."""
    b = st.boards[p]
    i = _ITEM_INDEX.get(token)
    if i is not None:
        b.items[i] += 1
        return
    a = _ATTR_INDEX.get(token)
    if a is not None:
        gain_attribute(st, p, a)
        return
    c = _CITIZEN_INDEX.get(token)
    if c is not None:
        gain_citizen(st, p, c)
        return
    if token == "cohort":
        open_cohorts = [k for k in range(3) if b.cohorts[k] < COHORT_BOXES]
        if len(open_cohorts) == 1:
            fill_cohort(st, p, open_cohorts[0])
        elif open_cohorts:
            b.pending.append("cohort")
        return
    if token == "hammer":
        if b.production < PRODUCTION_CIRCLES:
            b.production += 1
        return
    if token == "piety_or_discipline":
        b.pending.append("pd")
        return
    if token == "renown_or_valour":
        b.pending.append("rv")
        return
    # "infrastructure" is read from the Fort track; nothing to give.


def gain_all(st: HadriansWallState, p: int, tokens: tuple[str, ...]) -> None:
    """Give every reward in ``tokens``."""
    for token in tokens:
        gain(st, p, token)


def gain_items(b: Board, items: Cost) -> None:
    """Add workers and Resources to the player board."""
    for i in range(5):
        b.items[i] += items[i]


def gain_attribute(st: HadriansWallState, p: int, a: int) -> None:
    """Fill the next box of attribute track ``a`` (points above 25 are wasted)."""
    b = st.boards[p]
    if b.attrs[a] >= ATTRIBUTE_MAX:
        return
    b.attrs[a] += 1
    reward = ATTRIBUTE_REWARDS[a][b.attrs[a]]
    if reward is not None:
        gain(st, p, reward)


def gain_citizen(st: HadriansWallState, p: int, c: int) -> None:
    """Fill the next box of citizen track ``c`` (a reward on a full track is wasted)."""
    b = st.boards[p]
    if b.citizens[c] >= CITIZEN_BOXES:
        return
    b.citizens[c] += 1
    gain_all(st, p, CITIZEN_REWARDS[c][b.citizens[c] - 1])


def fill_cohort(st: HadriansWallState, p: int, c: int) -> None:
    """Fill the left-most empty box of Cohort ``c``."""
    b = st.boards[p]
    b.cohorts[c] += 1
    gain_all(st, p, COHORT_REWARDS[b.cohorts[c] - 1])


# ============================================================================
# year structure
# ============================================================================
def setup(st: HadriansWallState) -> None:
    """Shuffle the decks and start Year 1."""
    game = st.game
    st.fate_deck = list(range(len(FATE_CARDS)))
    st.rng.shuffle(st.fate_deck)
    st.boards = []
    for _ in range(game.players):
        b = Board()
        b.deck = list(range(len(PLAYER_CARDS)))
        st.rng.shuffle(b.deck)
        st.boards.append(b)
    if game.neutral_per_year:
        st.neutral_deck = list(range(len(PLAYER_CARDS)))
        st.rng.shuffle(st.neutral_deck)
    start_year(st, [])


def start_year(st: HadriansWallState, events: list[Event]) -> None:
    """Year start: Fate income, sheet income, then everybody draws 2 Player cards."""
    st.year += 1
    st.phase = Phase.CHOOSE
    card = _draw_fate(st, events)
    if st.year == 1 and st.game.year1_soldiers:
        # Solo Campaign Fort 10: keep revealing until the card shows 2 Soldiers.
        while FATE_CARDS[card].income[SOLDIER] != st.game.year1_soldiers:
            st.fate_discard.append(card)
            card = _draw_fate(st, events)
    st.fate_discard.append(card)
    st.year_card = card
    events.append(public(f"Year {st.year}: Fate card {card + 1} is revealed", "year", year=st.year, card=card))
    income = FATE_CARDS[card].income
    for p, b in enumerate(st.boards):
        gain_items(b, income)
        if st.year == 1 and st.game.setup_reward is not None:
            gain_items(b, st.game.setup_reward)
        # Sheet income: production circles, Hotel circles, Workshop circles, Road circles.
        b.items[RESOURCE] += b.production
        b.items[CIVILIAN] += b.built[HOTELS[0]] + b.built[HOTELS[1]]
        b.items[BUILDER] += b.built[WORKSHOPS[0]] + b.built[WORKSHOPS[1]]
        for _ in range(b.built[ROADS[0]] + b.built[ROADS[1]]):
            b.pending.append("attr")
        b.hand = [b.deck.pop(), b.deck.pop()]
        b.choice = -1
        b.done = 0
        events.append(private(p, "you draw " + " and ".join(PLAYER_CARDS[c].id for c in b.hand), "draw"))


def reveal_cards(st: HadriansWallState, events: list[Event]) -> None:
    """Everybody has chosen: reveal Paths and Prospects, Prospect income, Neutral cards."""
    for p, b in enumerate(st.boards):
        other = b.hand[0] if b.hand[1] == b.choice else b.hand[1]
        b.paths.append(b.choice)
        if b.prospect >= 0:
            b.covered.append(b.prospect)
        b.prospect = other
        b.hand = []
        b.choice = -1
        gain_items(b, PLAYER_CARDS[other].income)
        events.append(public(
            f"seat {p} reveals Path {PLAYER_CARDS[b.paths[-1]].id} and Prospect {PLAYER_CARDS[other].id}",
            "reveal", seat=p, path=b.paths[-1], prospect=other,
        ))
    for _ in range(st.game.neutral_per_year):
        card = st.neutral_deck.pop()
        st.neutral.append(card)
        st.neutral_items.append(0)
        events.append(public(f"Neutral Prospect card {PLAYER_CARDS[card].id} is turned up", "neutral", card=card))
    st.phase = Phase.ACTIONS


def attack_size(st: HadriansWallState) -> int:
    """Fate cards in this Year's Pict attack."""
    return (
        ATTACK_CARDS[st.game.difficulty][st.year - 1]
        + sum(st.neutral_items)
        + st.extra_attack
        + st.game.extra_attack_cards
    )


def end_year(st: HadriansWallState, events: list[Event]) -> None:
    """All players stopped: return leftovers, reveal the Pict attack, offer Favours."""
    for b in st.boards:
        b.items = [0, 0, 0, 0, 0]
    # Ruling: an attack never reveals more than the whole Fate deck (only reachable in the
    # unofficial "no resource passing" variant, where neighbour purchases add attack cards).
    n = min(attack_size(st), len(st.fate_deck) + len(st.fate_discard))
    st.attack = [_draw_fate(st, events) for _ in range(n)]
    counts = attack_counts(st)
    events.append(public(
        f"Pict attack of Year {st.year}: {n} cards "
        f"(left {counts[0]}, centre {counts[1]}, right {counts[2]})", "attack", cards=st.attack[:],
    ))
    st.phase = Phase.FAVOUR
    for p, b in enumerate(st.boards):
        b.ignored = [0, 0, 0]
        b.done = 0 if _favour_actions(st, p) else 1
    if all(b.done for b in st.boards):
        pict_attack(st, events)


def attack_counts(st: HadriansWallState) -> list[int]:
    """Revealed attack cards per Cohort."""
    counts = [0, 0, 0]
    for card in st.attack:
        counts[FATE_CARDS[card].attack] += 1
    return counts


def breaches(st: HadriansWallState, p: int, counts: list[int] | None = None) -> int:
    """Unanswered attacks of player ``p``: per Cohort, non-ignored cards beyond its filled boxes."""
    if counts is None:
        counts = attack_counts(st)
    b = st.boards[p]
    return sum(max(0, counts[c] - b.ignored[c] - b.cohorts[c]) for c in range(3))


def pict_attack(st: HadriansWallState, events: list[Event]) -> None:
    """Resolve the attack: Disdain for breaches up to the grey flag, Valour for the rest.

    Rulebook "Koniec Roku": each card needs a filled box of its Cohort; every breach is one
    Disdain up to the Year's Attack Potential, the rest of the potential is Valour.
    """
    counts = attack_counts(st)
    potential = ATTACK_POTENTIAL[st.year - 1]
    for p, b in enumerate(st.boards):
        lost = min(breaches(st, p, counts), potential)
        b.disdain += lost
        for _ in range(potential - lost):
            gain_attribute(st, p, 2)
        b.ignored = [0, 0, 0]
        events.append(public(f"seat {p}: {lost} Disdain, {potential - lost} Valour", "defence", seat=p))
    st.fate_discard.extend(st.attack)
    st.attack = []
    st.neutral_discard.extend(st.neutral)
    st.neutral = []
    st.neutral_items = []
    st.extra_attack = 0
    if st.year >= YEARS:
        st.phase = Phase.OVER
        for b in st.boards:
            # Workers from the Valour track gained in the last attack are lost.
            b.items = [0, 0, 0, 0, 0]
            b.done = 1
        events.append(public("the game ends after the Year-6 attack", "over"))
    else:
        start_year(st, events)


# ============================================================================
# legal actions
# ============================================================================
def legal_actions_for(st: HadriansWallState, p: int) -> list[Action]:
    """Every legal action of seat ``p`` now."""
    phase = st.phase
    b = st.boards[p]
    if phase is Phase.ACTIONS:
        if b.done:
            return []
        if b.pending:
            return _pending_actions(st, p, b)
        out: list[Action] = [st.game.tables[p].end]
        for generate in _GENERATORS:
            generate(st, p, b, out)
        return out
    if phase is Phase.CHOOSE:
        if b.choice >= 0:
            return []
        table = st.game.tables[p]
        return [table.path[c] for c in b.hand]
    if phase is Phase.FAVOUR:
        if b.done:
            return []
        return [*_favour_actions(st, p), st.game.tables[p].defend]
    return []


def is_legal(st: HadriansWallState, action: Action) -> bool:
    """Whether ``action`` is legal now, generating only the actions of its kind."""
    p = action.player
    b = st.boards[p]
    if st.phase is not Phase.ACTIONS or b.done or b.pending:
        return action in legal_actions_for(st, p)
    verb = action.verb
    if verb == "end":
        return not action.args
    generate = _BY_VERB.get(verb)
    if generate is None:
        return False
    out: list[Action] = []
    generate(st, p, b, out)
    return action in out


def _favour_actions(st: HadriansWallState, p: int) -> list[Action]:
    b = st.boards[p]
    table = st.game.tables[p]
    counts = attack_counts(st)
    out: list[Action] = []
    temple = b.temple_favours > b.temple_used
    for c in range(3):
        # Ruling: a Favour may only ignore a card that would otherwise breach that Cohort.
        if counts[c] - b.ignored[c] <= b.cohorts[c]:
            continue
        if temple:
            out.append(table.favour_temple[c])
        for k, served in enumerate(b.diplomats):
            if served == c and b.diplomat_used[k] < 2:
                out.append(table.favour_diplomat[c])
    return out


def _pending_actions(st: HadriansWallState, p: int, b: Board) -> list[Action]:
    kind = b.pending[0]
    table = st.game.tables[p]
    if kind == "cohort":
        return [table.cohort[c] for c in range(3) if b.cohorts[c] < COHORT_BOXES]
    choices = _CHOICES.get(kind)
    if choices is not None:
        return [table.attribute[a] for a in choices]
    # "place:<pattern>"
    used = b.map
    place = table.place
    return [place[m] for m in placements(kind[6:]) if not m & used]


def _gen_tracks(st: HadriansWallState, p: int, b: Board, out: list[Action]) -> None:
    """Mining & Foresting, Wall Guard, Training Grounds, Fort, Wall, Cippi."""
    game = st.game
    table = game.tables[p]
    items = b.items
    # Rulebook "Spichlerze": boxes of the centre/right columns need the Medium/Large Granary,
    # whatever fills them (a Sword from the Training Grounds too, reference §4.2).
    level = 1 + b.built[MEDIUM_GRANARY] + b.built[LARGE_GRANARY]
    if b.mining < 14 and MINING_COLUMN[b.mining] < level and items[SERVANT] >= game.mining_servants:
        out.append(table.mine)
    if b.guard < 18 and GUARD_COLUMN[b.guard] < level:
        if items[SOLDIER]:
            out.append(table.guard)
        if items[BUILDER] and len(b.training) < TRAINING_BOXES and st.year not in b.training:
            out.append(table.train)
    fort = b.fort
    if fort < 21 and FORT_COLUMN[fort] < level:
        if items[BUILDER]:
            out.append(table.fort[0])
        if items[SOLDIER]:
            out.append(table.fort[1])
    # Rulebook "Ostrokół, Mur i Fort": Wall box n is chained to Fort box n, the Cippi boxes to
    # Fort boxes 1, 4, 7, 10, 13, 16, 20 (reference §4.5).
    if items[RESOURCE] and st.year >= game.wall_from_year:
        if b.wall < fort:
            out.append(table.wall)
        if b.cippi < 7 and fort >= CIPPI_CHAIN[b.cippi] and CIPPI_COLUMN[b.cippi] < level:
            out.append(table.cippi)


def _gen_build(st: HadriansWallState, p: int, b: Board, out: list[Action]) -> None:
    """Every building whose order, requirement and cost are met."""
    built = b.built
    s, bl, sv, cv, r = b.items
    levels = (*b.citizens, *b.attrs, INFRASTRUCTURE_AT[b.fort])
    actions = st.game.tables[p].build
    # Most buildings need a Builder: without one only the others are worth checking.
    for k, after, req, least, cost in st.game.build_rows if bl else st.game.build_rows_no_builder:
        if built[k] or (after >= 0 and not built[after]) or levels[req] < least:
            continue
        if s >= cost[0] and bl >= cost[1] and sv >= cost[2] and cv >= cost[3] and r >= cost[4]:
            out.append(actions[k])


def _gen_forum(st: HadriansWallState, p: int, b: Board, out: list[Action]) -> None:
    if len(b.forum) < FORUM_BOXES and st.year not in b.forum:
        items = b.items
        for x, y, _, action in st.game.tables[p].forum:
            if items[x] >= 1 + (x == y) and items[y] >= 1:
                out.append(action)


def _gen_citizen(st: HadriansWallState, p: int, b: Board, out: list[Action]) -> None:
    if b.items[CIVILIAN]:
        actions = st.game.tables[p].citizen
        for c in range(5):
            if b.citizens[c] < CITIZEN_BOXES:
                out.append(actions[c])


def _gen_market(st: HadriansWallState, p: int, b: Board, out: list[Action]) -> None:
    if not b.built[MARKET] or not b.items[RESOURCE]:
        return
    traders = b.citizens[0]
    hexes = [h for h in range(8) if not b.market[h] and traders >= MARKET_TRADERS[h]]
    if not hexes:
        return
    buy = st.game.tables[p].buy
    for source in ("deck", *_sources(st, p, own=False)):
        row = buy[source]
        for h in hexes:
            out.append(row[h])


def _gen_theatre(st: HadriansWallState, p: int, b: Board, out: list[Action]) -> None:
    if b.built[THEATRE] and b.items[RESOURCE] and st.year not in b.theatre:
        performers = b.citizens[1]
        actions = st.game.tables[p].perform
        for k in range(6):
            if not b.theatre[k] and performers >= THEATRE_PERFORMERS[k]:
                out.append(actions[k])


def _gen_ludus(st: HadriansWallState, p: int, b: Board, out: list[Action]) -> None:
    if not b.built[LUDUS]:
        return
    table = st.game.tables[p]
    performers = b.citizens[1]
    for g in range(2):
        if b.dead[g]:
            continue
        s = b.strength[g]
        if s < 6 and performers >= LUDUS_PERFORMERS[s]:
            if b.items[SERVANT]:
                out.append(table.train_gladiator[g][0])
            if b.items[CIVILIAN]:
                out.append(table.train_gladiator[g][1])
        # Ruling: a battle needs at least one circled, unfilled box.
        if s > b.damage[g] and st.year not in b.battles[g]:
            out.append(table.battle[g])


def _gen_temple(st: HadriansWallState, p: int, b: Board, out: list[Action]) -> None:
    # Rulebook "Świątynie": Small, then Medium, then Large; rows top to bottom, left to right.
    if b.temple_filled < len(TEMPLE_BOXES):
        temple, need, _, _ = TEMPLE_BOXES[b.temple_filled]
        if b.built[TEMPLES[temple]] and b.citizens[2] >= need:
            actions = st.game.tables[p].temple
            for w in range(4):
                if b.items[w]:
                    out.append(actions[w])


def _gen_baths(st: HadriansWallState, p: int, b: Board, out: list[Action]) -> None:
    # Rulebook "Łaźnie": only while holding Disdain, at most 2 bribes a Year, boxes in any order.
    if b.built[BATHS] and b.disdain > b.disdain_removed and b.baths.count(st.year) < BATHS_PER_YEAR:
        apparitores = b.citizens[3]
        actions = st.game.tables[p].bribe
        for k in range(6):
            if not b.baths[k] and apparitores >= BATHS_APPARITORES[k] and b.items[RESOURCE] >= BATHS_RESOURCES[k]:
                out.append(actions[k])


def _gen_court(st: HadriansWallState, p: int, b: Board, out: list[Action]) -> None:
    if not b.built[COURTHOUSE]:
        return
    apparitores = b.citizens[3]
    year = st.year
    actions = st.game.tables[p].ruling
    # Rulebook "Sąd": at most one ruling from each column per Year.
    for col in range(3):
        court = b.court[col * 3 : col * 3 + 3]
        if year in court or not _can_pay(b, COURT_PAY[col]):
            continue
        rows = COURT_APPARITORES[col]
        for r in range(3):
            if not court[r] and apparitores >= rows[r]:
                out.append(actions[col * 3 + r])


def _gen_diplomat(st: HadriansWallState, p: int, b: Board, out: list[Action]) -> None:
    k = len(b.diplomats)
    if (
        not st.game.no_diplomats
        and k < len(DIPLOMAT_PATRICIANS)
        and b.citizens[4] >= DIPLOMAT_PATRICIANS[k]
        and _can_pay(b, DIPLOMAT_COST)
    ):
        actions = st.game.tables[p].diplomat
        for c in range(3):
            if c not in b.diplomats:
                out.append(actions[c])


def _gen_scout(st: HadriansWallState, p: int, b: Board, out: list[Action]) -> None:
    if b.scouts < len(SCOUT_PATRICIANS) and b.citizens[4] >= SCOUT_PATRICIANS[b.scouts] and b.items[SOLDIER]:
        actions = st.game.tables[p].scout
        for source in _sources(st, p, own=True):
            pattern = PLAYER_CARDS[_source_card(st, p, source)].pattern
            if any(not m & b.map for m in placements(pattern)):
                out.append(actions[source])


_GENERATORS = (
    _gen_tracks, _gen_build, _gen_forum, _gen_citizen, _gen_market, _gen_theatre, _gen_ludus,
    _gen_temple, _gen_baths, _gen_court, _gen_diplomat, _gen_scout,
)
_BY_VERB = {
    "mine": _gen_tracks, "guard": _gen_tracks, "train": _gen_tracks, "fort": _gen_tracks,
    "wall": _gen_tracks, "cippi": _gen_tracks, "build": _gen_build, "forum": _gen_forum,
    "citizen": _gen_citizen, "buy": _gen_market, "perform": _gen_theatre,
    "train_gladiator": _gen_ludus, "battle": _gen_ludus, "temple": _gen_temple, "bribe": _gen_baths,
    "ruling": _gen_court, "diplomat": _gen_diplomat, "scout": _gen_scout,
}


def building_rows(game: HadriansWall) -> tuple[tuple[int, int, int, int, Cost], ...]:
    """Per building: index, prerequisite index (-1), requirement slot, minimum, cost.

    The requirement slot indexes ``(*citizens, *attributes, infrastructure)``; banned
    buildings (Solo Campaign) are left out.
    """
    rows: list[tuple[int, int, int, int, Cost]] = []
    for k, key in enumerate(BUILDING_IDS):
        bld = BUILDINGS[key]
        if key in game.banned:
            continue
        if bld.requirement == "infrastructure":
            slot = 9
        elif bld.requirement in _CITIZEN_INDEX:
            slot = _CITIZEN_INDEX[bld.requirement]
        else:
            slot = 5 + _REQ_ATTR[bld.requirement]
        after = _BUILDING_INDEX[bld.after] if bld.after else -1
        extra = 0 if bld.landmark else game.building_extra
        rows.append((k, after, slot, bld.at_least, _plus_resource(bld.cost, extra)))
    return tuple(rows)


# ============================================================================
# apply
# ============================================================================
def apply_action(st: HadriansWallState, action: Action) -> list[Event]:
    """Validate and carry out ``action``; raise :class:`IllegalActionError` if it is not legal."""
    p = action.player
    if not isinstance(p, int) or not 0 <= p < len(st.boards):
        raise IllegalActionError(f"illegal action {action}: there is no seat {p}")
    if st.phase is Phase.OVER:
        raise IllegalActionError(f"illegal action {action}: the game is over")
    if not is_legal(st, action):
        raise IllegalActionError(f"illegal action {action}: {_why(st, action)}")
    events: list[Event] = []
    handler = _HANDLERS[action.verb]
    handler(st, p, action.args, events)
    return events


def _why(st: HadriansWallState, action: Action) -> str:
    b = st.boards[action.player]
    if st.phase is Phase.CHOOSE:
        return "every player is choosing Path and Prospect" if b.choice < 0 else "you have already chosen"
    if b.done:
        return "you have ended the Year" if st.phase is Phase.ACTIONS else "you have already defended"
    if b.pending and st.phase is Phase.ACTIONS:
        return f"first resolve the pending choice ({b.pending[0]})"
    return "its requirement or cost is not met now"


def path(st: HadriansWallState, p: int, args: Args, events: list[Event]) -> None:
    """Keep one of the 2 drawn Player cards as Path (the other becomes the Prospect)."""
    b = st.boards[p]
    b.choice = PLAYER_CARD_INDEX[str(args[0])]
    events.append(public(f"seat {p} has chosen", "chosen", seat=p))
    if all(x.choice >= 0 for x in st.boards):
        reveal_cards(st, events)


def end(st: HadriansWallState, p: int, args: Args, events: list[Event]) -> None:
    """Stop acting this Year; the Year ends when every player has stopped."""
    st.boards[p].done = 1
    events.append(public(f"seat {p} ends the Year", "end", seat=p))
    if all(b.done for b in st.boards):
        end_year(st, events)


def cohort(st: HadriansWallState, p: int, args: Args, events: list[Event]) -> None:
    """Resolve a Cohort icon: fill the left-most empty box of the chosen Cohort."""
    st.boards[p].pending.pop(0)
    fill_cohort(st, p, _COHORT_INDEX[str(args[0])])


def attribute(st: HadriansWallState, p: int, args: Args, events: list[Event]) -> None:
    """Resolve an attribute choice (Road income, Road build reward)."""
    st.boards[p].pending.pop(0)
    gain_attribute(st, p, _ATTR_INDEX[str(args[0])])


def mine(st: HadriansWallState, p: int, args: Args, events: list[Event]) -> None:
    """Mining & Foresting: pay Servant(s), fill the next box."""
    b = st.boards[p]
    b.items[SERVANT] -= st.game.mining_servants
    b.mining += 1
    gain_all(st, p, MINING_REWARDS[b.mining - 1])


def fill_wall_guard(st: HadriansWallState, p: int) -> None:
    """Fill the next Wall Guard box."""
    b = st.boards[p]
    b.guard += 1
    gain_all(st, p, GUARD_REWARDS[b.guard - 1])


def guard(st: HadriansWallState, p: int, args: Args, events: list[Event]) -> None:
    """Wall Guard: pay 1 Soldier, fill the next box."""
    st.boards[p].items[SOLDIER] -= 1
    fill_wall_guard(st, p)


def train(st: HadriansWallState, p: int, args: Args, events: list[Event]) -> None:
    """Training Grounds: pay 1 Builder (once per Year); the Sword fills the next Wall Guard box."""
    b = st.boards[p]
    b.items[BUILDER] -= 1
    b.training.append(st.year)
    fill_wall_guard(st, p)


def fort(st: HadriansWallState, p: int, args: Args, events: list[Event]) -> None:
    """Fort: pay 1 Builder or 1 Soldier, fill the next box (Infrastructure may rise)."""
    b = st.boards[p]
    b.items[BUILDER if args[0] == "builder" else SOLDIER] -= 1
    b.fort += 1
    gain_all(st, p, FORT_REWARDS[b.fort - 1])


def wall(st: HadriansWallState, p: int, args: Args, events: list[Event]) -> None:
    """Wall: pay 1 Resource, fill the next box (its chained Fort box must be filled)."""
    b = st.boards[p]
    b.items[RESOURCE] -= 1
    b.wall += 1
    gain_all(st, p, WALL_REWARDS[b.wall - 1])


def cippi(st: HadriansWallState, p: int, args: Args, events: list[Event]) -> None:
    """Cippi: pay 1 Resource, fill the next box (its chained Fort box must be filled)."""
    b = st.boards[p]
    b.items[RESOURCE] -= 1
    b.cippi += 1
    gain_all(st, p, CIPPI_REWARDS[b.cippi - 1])


def build(st: HadriansWallState, p: int, args: Args, events: list[Event]) -> None:
    """Build a building: pay its cost, fill its box, take its rewards."""
    key = str(args[0])
    b = st.boards[p]
    _pay(b, building_cost(st, key))
    b.built[_BUILDING_INDEX[key]] = 1
    gain_all(st, p, BUILDINGS[key].rewards)
    events.append(public(f"seat {p} builds the {BUILDINGS[key].names['en']}", "build", seat=p, building=key))


def forum(st: HadriansWallState, p: int, args: Args, events: list[Event]) -> None:
    """Forum: return 2 workers (no Soldiers), gain 1 worker of another type; once per Year."""
    b = st.boards[p]
    b.items[_ITEM_INDEX[str(args[0])]] -= 1
    b.items[_ITEM_INDEX[str(args[1])]] -= 1
    b.items[_ITEM_INDEX[str(args[2])]] += 1
    b.forum.append(st.year)


def citizen(st: HadriansWallState, p: int, args: Args, events: list[Event]) -> None:
    """Pay 1 Civilian to fill the next box of a citizen track."""
    st.boards[p].items[CIVILIAN] -= 1
    gain_citizen(st, p, _CITIZEN_INDEX[str(args[0])])


def buy(st: HadriansWallState, p: int, args: Args, events: list[Event]) -> None:
    """Market: buy a Trade Good from the Fate deck, a neighbour's or a Neutral Prospect card."""
    b = st.boards[p]
    source, hexagon = str(args[0]), MARKET_HEXAGONS.index(str(args[1]))
    if source == "deck":
        b.items[RESOURCE] -= 1
        card = _draw_fate(st, events)
        st.fate_discard.append(card)
        good = FATE_CARDS[card].good
        events.append(public(f"seat {p} draws Fate card {card + 1}: good {good}", "market", seat=p, card=card))
    else:
        good = PLAYER_CARDS[_source_card(st, p, source)].good
        _pay_source(st, p, source, RESOURCE, events)
    record_good(st, p, hexagon, good)


def record_good(st: HadriansWallState, p: int, hexagon: int, good: int) -> None:
    """Write ``good`` in a Market hexagon; a new distinct good gives the uniqueness bonus."""
    b = st.boards[p]
    new = good not in b.market
    b.market[hexagon] = good
    gain_all(st, p, MARKET_EXTRA[hexagon])
    if new:
        distinct = len({g for g in b.market if g})
        for _ in range(MARKET_UNIQUE_BONUS[distinct - 1]):
            gain_attribute(st, p, 0)


def perform(st: HadriansWallState, p: int, args: Args, events: list[Event]) -> None:
    """Theatre: pay 1 Resource for one performance (once per Year), take the box's reward."""
    b = st.boards[p]
    k = THEATRE_BOXES.index(str(args[0]))
    b.items[RESOURCE] -= 1
    b.theatre[k] = st.year
    gain_all(st, p, THEATRE_REWARDS[k])


def train_gladiator(st: HadriansWallState, p: int, args: Args, events: list[Event]) -> None:
    """Ludus: pay 1 Servant or 1 Civilian, circle the gladiator's next box (+1 Strength)."""
    b = st.boards[p]
    b.items[_ITEM_INDEX[str(args[1])]] -= 1
    b.strength[_GLAD_INDEX[str(args[0])]] += 1


def battle(st: HadriansWallState, p: int, args: Args, events: list[Event]) -> None:
    """Ludus battle: a Fate card's damage fills circled boxes; death or survival reward."""
    b = st.boards[p]
    g = _GLAD_INDEX[str(args[0])]
    b.battles[g].append(st.year)
    card = _draw_fate(st, events)
    st.fate_discard.append(card)
    hits = min(FATE_CARDS[card].damage, b.strength[g] - b.damage[g])
    b.damage[g] += hits
    if b.damage[g] == b.strength[g]:
        b.dead[g] = 1
        gain_all(st, p, LUDUS_DEATH[b.damage[g] - 1])
        fate = "dies"
    else:
        gain_all(st, p, LUDUS_SURVIVAL[b.strength[g] - 1])
        fate = "survives"
    events.append(public(
        f"seat {p}'s {GLADIATORS[g]} gladiator takes {hits} damage (Fate card {card + 1}) and {fate}",
        "battle", seat=p, card=card,
    ))


def temple(st: HadriansWallState, p: int, args: Args, events: list[Event]) -> None:
    """Temples: pay any 1 worker, fill the next Temple box (Piety each row, a Favour per Temple)."""
    b = st.boards[p]
    b.items[_ITEM_INDEX[str(args[0])]] -= 1
    _, _, piety, favour = TEMPLE_BOXES[b.temple_filled]
    b.temple_filled += 1
    if piety:
        gain_attribute(st, p, 1)
    if favour:
        b.temple_favours += 1


def bribe(st: HadriansWallState, p: int, args: Args, events: list[Event]) -> None:
    """Baths: pay the box's Resources, remove 1 Disdain (at most 2 bribes per Year)."""
    b = st.boards[p]
    k = BATHS_BOXES.index(str(args[0]))
    b.items[RESOURCE] -= BATHS_RESOURCES[k]
    b.baths[k] = st.year
    b.disdain_removed += 1


def ruling(st: HadriansWallState, p: int, args: Args, events: list[Event]) -> None:
    """Courthouse: one ruling per column per Year."""
    b = st.boards[p]
    k = _COURT_BOXES.index(str(args[0]))
    col = k // 3
    _pay(b, COURT_PAY[col])
    b.court[k] = st.year
    gain_all(st, p, COURT_GAIN[col])


def diplomat(st: HadriansWallState, p: int, args: Args, events: list[Event]) -> None:
    """Diplomats: pay, +1 Valour and 2 Favours for the chosen Cohort (each a different one)."""
    b = st.boards[p]
    _pay(b, DIPLOMAT_COST)
    b.diplomats.append(_COHORT_INDEX[str(args[0])])
    b.diplomat_used.append(0)
    gain_attribute(st, p, 2)


def scout(st: HadriansWallState, p: int, args: Args, events: list[Event]) -> None:
    """Scout: pay 1 Soldier (to the supply, a neighbour or a Neutral card), then place a pattern."""
    b = st.boards[p]
    source = str(args[0])
    pattern = PLAYER_CARDS[_source_card(st, p, source)].pattern
    if source == "own":
        b.items[SOLDIER] -= 1
    else:
        _pay_source(st, p, source, SOLDIER, events)
    b.scouts += 1
    b.pending.insert(0, "place:" + pattern)


def place(st: HadriansWallState, p: int, args: Args, events: list[Event]) -> None:
    """Place the scouting pattern: covered icons and each completed row's Valour."""
    b = st.boards[p]
    b.pending.pop(0)
    mask = _parse_cells(str(args[0]))
    before = b.map
    b.map |= mask
    for i in range(len(MAP_ICONS)):
        if mask >> i & 1:
            icon = MAP_ICONS[i]
            if icon == "R":
                b.items[RESOURCE] += 1
            elif icon == "S":
                b.items[SERVANT] += 1
    for row in ROW_MASKS:
        if b.map & row == row and before & row != row:
            gain_attribute(st, p, 2)


def _parse_cells(token: str) -> int:
    return cells_mask(token) or 0


def favour(st: HadriansWallState, p: int, args: Args, events: list[Event]) -> None:
    """Spend a Favour to ignore one revealed Pict card (Temple: any; Diplomat: its Cohort)."""
    b = st.boards[p]
    c = _COHORT_INDEX[str(args[1])]
    if args[0] == "temple":
        b.temple_used += 1
    else:
        for k, served in enumerate(b.diplomats):
            if served == c and b.diplomat_used[k] < 2:
                b.diplomat_used[k] += 1
                break
    b.ignored[c] += 1
    b.favours_used += 1
    if not _favour_actions(st, p):
        _defend(st, p, events)


def defend(st: HadriansWallState, p: int, args: Args, events: list[Event]) -> None:
    """Stop spending Favours."""
    _defend(st, p, events)


def _defend(st: HadriansWallState, p: int, events: list[Event]) -> None:
    st.boards[p].done = 1
    if all(b.done for b in st.boards):
        pict_attack(st, events)


_HANDLERS = {
    "path": path,
    "end": end,
    "cohort": cohort,
    "attribute": attribute,
    "mine": mine,
    "guard": guard,
    "train": train,
    "fort": fort,
    "wall": wall,
    "cippi": cippi,
    "build": build,
    "forum": forum,
    "citizen": citizen,
    "buy": buy,
    "perform": perform,
    "train_gladiator": train_gladiator,
    "battle": battle,
    "temple": temple,
    "bribe": bribe,
    "ruling": ruling,
    "diplomat": diplomat,
    "scout": scout,
    "place": place,
    "favour": favour,
    "defend": defend,
}

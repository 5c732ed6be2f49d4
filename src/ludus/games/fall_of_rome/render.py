"""Plain-text rendering of a Fall of Rome view: the board as a table, tracks, hands, the
public discard piles; and the map itself (:func:`render_map`)."""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from typing import Any

from ludus.core.i18n import N_, Lang
from ludus.games.fall_of_rome.components import (
    CITIES,
    COLOURS,
    ENGLISH,
    NEIGHBOURS,
    NODES,
    PORT,
    TOKEN_CITY,
    card_name,
    city_name,
    colour_name,
    tribe_name,
    word,
)
from ludus.games.fall_of_rome.words import COLOUR_INITIALS

_PHASES = {
    "role": N_("choosing roles"),
    "start": N_("starting cities"),
    "actions": N_("Do Actions"),
    "revolt": N_("Revolt"),
    "invade": N_("Invade Cities"),
    "over": N_("end of the game"),
}
_DECIDING = {
    "pay": N_("cards to discard"),
    "legions": N_("legions to take or add"),
    "escort": N_("barbarians to lead along"),
    "remove": N_("barbarians to remove"),
    "alea": N_("battle die faces"),
    "regina": N_("Regina Foederata's legions"),
    "consent": N_("consent of the other players"),
    "putback": N_("a card to put back"),
    "ev": N_("event"),
}


def _cubes(cubes: Mapping[str, int]) -> str:
    return " ".join(f"{COLOUR_INITIALS[c]}{n}" for c, n in cubes.items())


def _names(tokens: list[str], lang: Lang) -> str:
    return ", ".join(word(t, lang) for t in tokens) or "-"


def _city(token: str | None, lang: Lang) -> str:
    return "-" if token is None else city_name(TOKEN_CITY[token], lang)


def _colours(colours: tuple[int, ...], port: bool, lang: Lang) -> str:
    text = "/".join(colour_name(t, lang) for t in colours)
    return text + ", " + lang.gettext("port") if port else text


def _legions(n: int, lang: Lang) -> str:
    return lang.ngettext("{n} legion", "{n} legions", n).format(n=n)


def render(view: Mapping[str, Any], player: int | None, lang: Lang = ENGLISH) -> str:
    """The board as a table of cities (cubes, legions, forts, pawns), then the tracks,
    supplies, alliances, hands, decks and what is being decided, in ``lang``.

    Cube colours: O orange (Anglo-Saxons & Franks), K black (Vandals), G green (Huns),
    W white (Visigoths), B blue (Ostrogoths).
    """
    _ = lang.gettext
    lines: list[str] = []
    title = _("Pandemic: Fall of Rome")
    if view.get("solo"):
        title += " — " + _("solitaire challenge")
    if view.get("roma_caput_mundi"):
        title += " — Roma Caput Mundi"
    lines.append(title)
    role = word(view["current_role"]) if view.get("current_role") else "-"
    lines += textwrap.wrap(
        _("Turn {turn}  phase: {phase}  current: {role}  actions left: {actions}  to move: {seats}").format(
            turn=view["turn"],
            phase=_(_PHASES.get(view["phase"], view["phase"])),
            role=role,
            actions=view["actions_left"],
            seats=", ".join(map(str, view["to_move"])) or "-",
        ),
        80,
        subsequent_indent="    ",
    )
    lines.append("")
    city, barbarians, legions, fort, pawns = _("City"), _("Barbarians"), _("Legions"), _("Fort"), _("Pawns")
    w_city, w_legions, w_fort = max(17, len(city) + 1), max(7, len(legions)), max(5, len(fort))
    lines.append(f"{city:<{w_city}}{barbarians:<22}{legions:>{w_legions}}  {fort:<{w_fort}} {pawns}")
    fort = _("fort")
    for row in view["board"]:
        if not (row["cubes"] or row["legions"] or row["fort"] or row["pawns"]):
            continue
        legions = row["legions"] or ""
        lines.append(
            f"{_city(row['city'], lang):<{w_city}}{_cubes(row['cubes']):<22}{legions:>{w_legions}}  "
            f"{fort if row['fort'] else '':<{w_fort}} {', '.join(word(p) for p in row['pawns'])}"
        )
    legend = ", ".join(
        f"{COLOUR_INITIALS[c]} {colour_name(t, lang)} ({tribe_name(t, lang)})" for t, c in enumerate(COLOURS)
    )
    lines += textwrap.wrap(_("Cubes: {legend}").format(legend=legend), 80, subsequent_indent="    ")
    lines.append("")
    lines.append(
        _(
            "Invasion track {track}/8 (invasion rate {invasion}, recruitment rate {recruitment})   "
            "Decline {decline}/8"
        ).format(
            track=view["invasion_track"],
            invasion=view["invasion_rate"],
            recruitment=view["recruitment_rate"],
            decline=view["decline"],
        )
    )
    supply = "  ".join(f"{COLOUR_INITIALS[c]} {n}" for c, n in view["supply"].items())
    lines.append(
        _("Supply: {supply} · legions: {legions} · forts: {forts}").format(
            supply=supply, legions=view["legion_reserve"], forts=view["fort_supply"]
        )
    )
    allied = ", ".join(word(c, lang) for c in view["allied"]) or _("none")
    lines.append(_("Alliances: {tribes}").format(tribes=allied))
    lines.append("")
    for i, pawn in enumerate(view["pawns"]):
        marker = ">" if i == view["current_pawn"] else " "
        where = (
            _("{seat} in {city}").format(seat=lang.player(pawn["seat"]), city=_city(pawn["city"], lang))
            if pawn["city"]
            else lang.player(pawn["seat"])
        )
        lines.append(f"{marker} {word(pawn['role']):<19} {where}")
    for seat, hand in enumerate(view["hands"]):
        template = (
            _("Hand of {seat} (you) [{n}]: {cards}") if player == seat else _("Hand of {seat} [{n}]: {cards}")
        )
        lines.append(template.format(seat=lang.player(seat), n=len(hand), cards=_names(hand, lang)))
    if view["treasury"]:
        lines.append(_("Treasury: {cards}").format(cards=_names(view["treasury"], lang)))
    deck = view["player_deck"]
    line = _("Player deck {size} (piles {piles}, Revolts {revolts})").format(
        size=deck["size"], piles=deck["piles"], revolts=deck["revolts"]
    )
    if deck["known_top"]:
        line += ", " + _("known top: {cards}").format(cards=_names(deck["known_top"], lang))
    lines.append(line)
    # public: "Gracze mogą w dowolnej chwili przeglądać każdy ze stosów kart odrzuconych"
    lines.append(
        _("Player discard [{n}]: {cards}").format(
            n=len(view["player_discard"]), cards=_names(view["player_discard"], lang)
        )
    )
    bsize = sum(seg["size"] for seg in view["barbarian_deck"])
    lines.append(
        _("Barbarian deck {size}; discard [{n}]: {cards}").format(
            size=bsize, n=len(view["barbarian_discard"]), cards=_names(view["barbarian_discard"], lang)
        )
    )
    if view["vestalis_deck"]:
        lines.append(_("Vestalis's event deck: {n}").format(n=view["vestalis_deck"]))
    for p in view["pending"]:
        what = _(_DECIDING.get(p["k"], p["k"]))
        if p["k"] == "ev":
            what += f" ({card_name(int(p['e']), lang)})"
        lines.append(_("Deciding: {what}, {seat}").format(what=what, seat=lang.player(p["who"])))
    if view["result"]:
        lines.append("")
        result = _("the players win!") if view["result"] == "win" else _("the players lose.")
        lines.append(_("Result: {result}").format(result=result))
    return "\n".join(lines)


def _path_colours(lang: Lang) -> tuple[str, ...]:
    """Each tribe's colour as the word said of its migration path, which some languages inflect
    (Polish: a path, "ścieżka", is feminine: "pomarańczowa"); in the order of ``COLOURS``."""
    words = {
        "black": lang.pgettext("migration path", "black"),
        "blue": lang.pgettext("migration path", "blue"),
        "green": lang.pgettext("migration path", "green"),
        "orange": lang.pgettext("migration path", "orange"),
        "white": lang.pgettext("migration path", "white"),
    }
    return tuple(words[colour] for colour in COLOURS)


def render_map(view: Mapping[str, Any], lang: Lang = ENGLISH, width: int = 80) -> str:
    """The map as a compact listing in ``lang``: each city with its colours, whether it is a port
    (Sail goes from any port to any other), its roads, the migration paths into it (tribe colour
    from the previous city, or from the tribe's supply space) and, from ``view``, what stands
    there now.
    """
    _ = lang.gettext
    rows = {row["city"]: row for row in view.get("board", ())}
    lines = textwrap.wrap(
        _(
            "Map: roads; a port sails to every other port; paths in: a tribe's colour from the "
            "city before it on the path (or from its supply space)."
        ),
        width,
    )
    path_colours = _path_colours(lang)
    for c, city in enumerate(CITIES):
        paths = ", ".join(
            _("{colour} from {city}").format(colour=path_colours[n.tribe], city=city_name(n.parent, lang))
            if n.parent >= 0
            else _("{colour} from its supply").format(colour=path_colours[n.tribe])
            for n in NODES
            if n.city == c
        )
        row = rows.get(city.name.replace(" ", "_"), {})
        here = [_cubes(row["cubes"])] if row.get("cubes") else []
        here += [_legions(row["legions"], lang)] if row.get("legions") else []
        here += [_("fort")] if row.get("fort") else []
        here += [word(p) for p in row.get("pawns", ())]
        text = _("{city} [{colours}]{here}: roads {roads}; paths {paths}").format(
            city=city_name(c, lang),
            colours=_colours(city.colours, PORT[c], lang),
            here=" (" + ", ".join(here) + ")" if here else "",
            roads=", ".join(city_name(n, lang) for n in NEIGHBOURS[c]),
            paths=paths or "-",
        )
        lines += textwrap.wrap(text, width, subsequent_indent="    ")
    return "\n".join(lines)


_CITY = {city.name.replace(" ", "_"): city for city in CITIES}


def render_seat(view: Mapping[str, Any], player: int, lang: Lang = ENGLISH) -> str:
    """What the seat needs at every decision, in ``lang``: the turn and tracks, its pawn's city
    (pieces, roads, port), its hand, and the other pawns with their hands (hands are open in this
    co-operative game); the whole table is :func:`render`, the map ``render_map``."""
    _ = lang.gettext
    role = word(view["current_role"]) if view.get("current_role") else "-"
    left = lang.ngettext("{n} action left", "{n} actions left", view["actions_left"]).format(
        n=view["actions_left"]
    )
    lines = textwrap.wrap(
        _("Turn {turn} · {phase} · {role}, {left} · invasion {track}/8 · decline {decline}/8").format(
            turn=view["turn"],
            phase=_(_PHASES.get(view["phase"], view["phase"])),
            role=role,
            left=left,
            track=view["invasion_track"],
            decline=view["decline"],
        ),
        80,
        subsequent_indent="    ",
    )
    rows = {row["city"]: row for row in view["board"]}
    for pawn in view["pawns"]:
        if pawn["seat"] != player or pawn["city"] is None:
            continue
        city = _CITY[pawn["city"]]
        row = rows[pawn["city"]]
        here = [_cubes(row["cubes"]) or _("no barbarians"), _legions(row["legions"], lang)]
        here += [_("fort")] if row["fort"] else []
        marker = ">" if view["pawns"].index(pawn) == view["current_pawn"] else " "
        text = _("{role} in {city} [{colours}]: {here}; roads to {roads}").format(
            role=word(pawn["role"]),
            city=city_name(city.index, lang),
            colours=_colours(city.colours, city.port, lang),
            here=", ".join(here),
            roads=", ".join(city_name(n, lang) for n in NEIGHBOURS[city.index]),
        )
        lines += textwrap.wrap(f"{marker} {text}", 80, subsequent_indent="    ")
    hand = view["hands"][player]
    lines += textwrap.wrap(
        _("Your hand [{n}]: {cards}").format(n=len(hand), cards=_names(hand, lang)),
        80,
        subsequent_indent="    ",
    )
    for pawn in view["pawns"]:
        if pawn["seat"] != player:
            template = (
                _("{seat}: {role} in {city}; hand {cards}")
                if pawn["city"]
                else _("{seat}: {role}; hand {cards}")
            )
            lines += textwrap.wrap(
                template.format(
                    seat=lang.player(pawn["seat"]),
                    role=word(pawn["role"]),
                    city=_city(pawn["city"], lang),
                    cards=_names(view["hands"][pawn["seat"]], lang),
                ),
                80,
                subsequent_indent="    ",
            )
    return "\n".join(lines)

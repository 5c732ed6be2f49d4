"""Plain-text rendering of a Glory to Rome view for the terminal, in a language.

Every word is a message of the game's domain (``glory-to-rome``): the Polish edition's
terms in Polish (``Pula``, ``Skład budowlany``, ``Skarbiec`` …), our translations in
Hungarian and Ukrainian (data/glossary.toml).
"""

from __future__ import annotations

import textwrap
import unicodedata
from collections import Counter
from collections.abc import Mapping
from typing import Any

from ludus.core.errors import N_
from ludus.core.i18n import Lang, as_lang
from ludus.games.glory_to_rome.components import (
    BUILDING_INDEX,
    DOMAIN,
    MATERIAL_INDEX,
    ROLE_INDEX,
    VALUE,
    building_name,
    material_name,
    role_name,
)
from ludus.games.glory_to_rome.scoring import reason_text

_PHASES = {
    "lead": N_("lead"),
    "follow": N_("follow"),
    "act": N_("actions"),
    "end_of_turn": N_("end of the turn"),
    "over": N_("game over"),
}
_PSEUDO_ROLES = {"thinker": N_("Thinker (School)"), "prison": N_("Prison")}


def _name(slug: str, lang: Lang) -> str:
    """A building, material or role id in ``lang``."""
    if slug in BUILDING_INDEX:
        return building_name(BUILDING_INDEX[slug], lang)
    if slug in MATERIAL_INDEX:
        return material_name(MATERIAL_INDEX[slug], lang)
    if slug in ROLE_INDEX:
        return role_name(ROLE_INDEX[slug], lang)
    if slug in _PSEUDO_ROLES:
        return lang.gettext(_PSEUDO_ROLES[slug])
    return slug


_LAST = "\U0010ffff"
_LETTERS = str.maketrans(
    {
        "ł": "l" + _LAST,
        "ґ": "г" + _LAST,
        "є": "е" + _LAST,
        "і": "и" + _LAST,
        "ї": "и" + _LAST * 2,
        "й": "и" + _LAST * 3,
    }
)


def collation_key(name: str) -> str:
    """A key sorting names in the alphabet's order: a letter with a diacritic after its base
    letter's words (Polish "Łuk" after "Latryna", Ukrainian "Інсула" after "Вілла").

    >>> sorted(["Ściek", "Świątynia", "Szkoła", "Łuk triumfalny", "Latryna"], key=collation_key)
    ['Latryna', 'Łuk triumfalny', 'Szkoła', 'Ściek', 'Świątynia']
    """
    plain = unicodedata.normalize("NFKD", name.casefold().translate(_LETTERS))
    return "".join(_LAST if unicodedata.combining(ch) else ch for ch in plain)


def _counted(items: list[str], lang: Lang) -> str:
    if not items:
        return "-"
    named = Counter(_name(i, lang) for i in items)
    return ", ".join(
        f"{name}×{named[name]}" if named[name] > 1 else name for name in sorted(named, key=collation_key)
    )


def _jacks(count: int, lang: Lang) -> str:
    if not count:
        return ""
    return " + " + lang.ngettext("{n} Jack", "{n} Jacks", count).format(n=count)


def _building(b: Mapping[str, Any], lang: Lang) -> str:
    _ = lang.gettext
    need = VALUE[MATERIAL_INDEX[b["site"]]]
    if b["complete"]:
        status = _("complete, public") if b["public"] else _("complete")
    else:
        status = f"{len(b['materials'])}/{need}"
    site = _name(b["site"], lang)
    where = _("out-of-town site: {material}") if b["out_of_town"] else _("site: {material}")
    mats = f" [{', '.join(_name(m, lang) for m in b['materials'])}]" if b["materials"] else ""
    return f"{_name(b['name'], lang)} ({where.format(material=site)}, {status}){mats}"


def _sites(counts: Mapping[str, int], lang: Lang) -> str:
    return ", ".join(f"{_name(m, lang)} {k}" for m, k in counts.items())


def _demand(text: str, lang: Lang) -> str:
    material, _sep, rest = text.partition(" ")
    name = _name(material, lang)
    return lang.gettext("{material} (not from the pool)").format(material=name) if rest else name


def render(view: Mapping[str, Any], player: int | None, lang: Lang | None = None) -> str:
    """Text showing ``view`` as seen by ``player`` (``None`` = spectator) in ``lang`` (None: English).

    >>> import ludus.games.glory_to_rome as gtr
    >>> s = gtr.GAME(players=2).new_state(seed=3)
    >>> "Pool:" in render(s.view(0), 0), "Pula:" in render(s.view(0), 0, as_lang("pl"))
    (True, True)
    """
    lang = (lang or as_lang(None)).for_domain(DOMAIN)
    _ = lang.gettext
    w_pool, w_leader, w_hand = _("Pool"), _("Leader"), _("Hand")
    w_clientele, w_stockpile, w_vault = _("Clientele"), _("Stockpile"), _("Vault")
    lines = []
    head = _("Glory to Rome — turn {turn}, leader: {leader}").format(
        turn=view["turn"] + 1, leader=lang.player(view["leader"])
    )
    if view["role"]:
        head += _(", role: {role}").format(role=_name(view["role"], lang))
    lines.append(head)
    if view["over"]:
        lines.append(
            _("Game over: {reason}").format(
                reason=reason_text(view["end_reason"], view["forum_winners"], lang)
            )
        )
    else:
        phase = _PHASES[view["phase"]]
        lines.append(
            _("Phase: {phase}; to move: {seats}").format(phase=_(phase), seats=lang.players(view["to_move"]))
        )
    lines.append(f"{w_pool}: {_counted(view['pool'], lang)}")
    lines.append(
        _("Deck: {cards}; Jacks in the pile: {jacks}").format(
            cards=lang.ngettext("{n} card", "{n} cards", view["deck_size"]).format(n=view["deck_size"]),
            jacks=view["jack_pile"],
        )
    )
    lines.append(_("Sites in town: {sites}").format(sites=_sites(view["sites_in_town"], lang)))
    lines.append(_("Sites out of town: {sites}").format(sites=_sites(view["sites_out_of_town"], lang)))
    if view["demands"]:
        lines.append(
            _("Rome demands: {materials}").format(
                materials=", ".join(_demand(d, lang) for d in view["demands"])
            )
        )
    if view["fountain"]:
        card = view["fountain"]["card"]
        lines.append(
            _("Fountain card of {seat}: {card}").format(
                seat=lang.player(view["fountain"]["owner"]), card=_name(card, lang)
            )
        )
    for p, pv in enumerate(view["players"]):
        lines.append("")
        who = _("{seat} (you)").format(seat=lang.player(p)) if p == player else lang.player(p)
        lead = f" [{w_leader}]" if p == view["leader"] else ""
        lines.append(who + lead + _(": influence {influence}").format(influence=pv["influence"]))
        if "hand" in pv:
            lines.append(
                f"  {w_hand} ({pv['hand_size']}/{pv['hand_limit']}): {_counted(pv['hand'], lang)}"
                + _jacks(pv["hand_jacks"], lang)
            )
        else:
            lines.append(
                f"  {w_hand}: "
                + _("{cards} ({jacks})").format(
                    cards=lang.ngettext("{n} card", "{n} cards", pv["hand_size"]).format(n=pv["hand_size"]),
                    jacks=lang.ngettext("{n} Jack", "{n} Jacks", pv["hand_jacks"]).format(n=pv["hand_jacks"]),
                )
            )
        lines.append(
            "  "
            + _("Camp (played): {cards}").format(cards=_counted(pv["camp"], lang))
            + _jacks(pv["camp_jacks"], lang)
        )
        lines.append(
            f"  {w_clientele} ({len(pv['clientele'])}/{pv['clientele_limit']}): "
            f"{_counted(pv['clientele'], lang)}"
        )
        lines.append(f"  {w_stockpile}: {_counted(pv['stockpile'], lang)}")
        known = [m for m in pv["vault"] if m != "?"]
        lines.append(
            f"  {w_vault} ({pv['vault_count']}/{pv['vault_limit']}): "
            + _("known {materials}").format(materials=_counted(known, lang))
        )
        for b in pv["buildings"]:
            lines.append(f"  - {_building(b, lang)}")
    return "\n".join(lines)


def render_seat(view: Mapping[str, Any], player: int, lang: Lang | None = None) -> str:
    """What the seat needs at every decision in ``lang``: the turn, the pool, its own area and a
    line per opponent, wrapped to 80 columns (the whole table is :func:`render`)."""
    lang = (lang or as_lang(None)).for_domain(DOMAIN)
    _ = lang.gettext
    head = _("Turn {turn} · leader: {leader}").format(
        turn=view["turn"] + 1, leader=lang.player(view["leader"])
    )
    if view["role"]:
        head += " · " + _("role: {role}").format(role=_name(view["role"], lang))
    head += " · " + _("deck {cards} · Jacks {jacks}").format(cards=view["deck_size"], jacks=view["jack_pile"])
    w_pool = _("Pool")
    lines = [head, f"{w_pool}: {_counted(view['pool'], lang)}"]
    me = view["players"][player]
    lines.append(
        _("Your hand ({size}/{limit}): {cards}").format(
            size=me["hand_size"], limit=me["hand_limit"], cards=_counted(me["hand"], lang)
        )
        + _jacks(me["hand_jacks"], lang)
    )
    known = [m for m in me["vault"] if m != "?"]
    lines.append(
        _(
            "Influence {influence} · clientele ({size}/{limit}): {clients} · stockpile: {materials} · "
            "vault {vault}/{vault_limit}"
        ).format(
            influence=me["influence"],
            size=len(me["clientele"]),
            limit=me["clientele_limit"],
            clients=_counted(me["clientele"], lang),
            materials=_counted(me["stockpile"], lang),
            vault=me["vault_count"],
            vault_limit=me["vault_limit"],
        )
        + (f" ({_counted(known, lang)})" if known else "")
    )
    if me["buildings"]:
        lines.append(
            _("Buildings: {buildings}").format(
                buildings="; ".join(_building(b, lang) for b in me["buildings"])
            )
        )
    for p, pv in enumerate(view["players"]):
        if p != player:
            built = ", ".join(_name(b["name"], lang) for b in pv["buildings"]) or "-"
            lines.append(
                _(
                    "{seat}: influence {influence}, hand {hand}, clientele {clients}, stockpile "
                    "{stockpile}; built {buildings}"
                ).format(
                    seat=lang.player(p),
                    influence=pv["influence"],
                    hand=pv["hand_size"],
                    clients=_counted(pv["clientele"], lang),
                    stockpile=len(pv["stockpile"]),
                    buildings=built,
                )
            )
    return "\n".join(wrapped for line in lines for wrapped in textwrap.wrap(line, 80, subsequent_indent="  "))


def render_map(view: Mapping[str, Any], lang: Lang | None = None) -> None:
    """No map: the table of :func:`render` is the whole game (the ``map`` command says so)."""
    return None

"""Glory to Rome actions in words: :func:`describe`.

Every action is a :class:`ludus.core.actions.Action` in the generic
``<seat>:<verb> <args>`` notation (no parsing beyond it is needed); the frequent
ones are prebuilt once per game (:class:`~.components.ActionTable`).
"""

from __future__ import annotations

from ludus.core.actions import Action, Arg
from ludus.core.errors import N_
from ludus.core.i18n import Lang, as_lang
from ludus.core.info import Outcome
from ludus.core.record import version_key
from ludus.games.glory_to_rome.components import (
    BUILDING_INDEX,
    BUILDINGS,
    DOMAIN,
    MATERIAL_INDEX,
    ROLE_INDEX,
    V_LEGACY_PETITION,
    V_PETITION,
    building_name,
    component_text,
    jack_name,
    material_name,
    role_name,
)
from ludus.games.glory_to_rome.components import with_article as _article
from ludus.games.glory_to_rome.decisions import GtrData
from ludus.games.glory_to_rome.scoring import reason_text
from ludus.games.glory_to_rome.words import PALETTE

SPLIT_VERSION = "0.4.0"
"""The engine version whose petitions choose the role, then the cards one by one (issue 11)."""

_PHRASES = {
    "think_jack": N_("think: take a Jack"),
    "think_draw": N_("think: draw cards"),
    "pass": N_("pass (forgo the remaining actions)"),
    "next": N_("finish this action"),
    "done": N_("stop playing cards (Palace)"),
    "fountain": N_("draw the top card (Fountain)"),
    "keep": N_("keep the Fountain card in hand"),
    "hire_deck": N_("hire the top card of the deck (Bar)"),
    "sell_deck": N_("put the top card of the deck into the vault (Atrium)"),
    "vomitorium": N_("discard the whole hand (Vomitorium)"),
    "sewer": N_("move the played Orders to the stockpile (Sewer)"),
    "refuse": N_("refuse to give (Glory to Rome!)"),
    "glory": N_("Glory to Rome! (no card of the demanded material)"),
    "lay_continue": N_("finish laying the out-of-town foundation"),
}
_VERBS = {
    "hire": N_("hire {0} client"),
    "hire_hand": N_("hire {0} from hand (Aqueduct)"),
    "gather": N_("take {0} from the pool"),
    "gather_hand": N_("put {0} from hand into the stockpile (Dock)"),
    "sell": N_("put {0} into the vault"),
    "sell_hand": N_("put {0} from hand into the vault (Basilica)"),
    "give": N_("give {0}"),
    "latrine": N_("discard {0} (Latrine)"),
    "senate": N_("take the Jack of {0} (Senate)"),
    "prison": N_("take {1} from {0} (Prison)"),
    "colosseum": N_("take the {1} client of {0} (Colosseum)"),
}


def with_article(word: str) -> str:
    """``word`` after "a" or "an" as English says it.

    >>> with_article("Atrium"), with_article("Bar")
    ('an Atrium', 'a Bar')
    """
    return _article(word, as_lang("en"))


def _word(arg: Arg, lang: Lang) -> str:
    if isinstance(arg, int):
        return lang.player(arg)
    if arg in BUILDING_INDEX:
        return building_name(BUILDING_INDEX[arg], lang)
    if arg in MATERIAL_INDEX:
        return material_name(MATERIAL_INDEX[arg], lang)
    if arg in ROLE_INDEX:
        return role_name(ROLE_INDEX[arg], lang)
    if arg == "jack":
        return _article(jack_name(lang), lang)
    return arg


def describe(action: Action, state: GtrData | None = None, lang: Lang | None = None) -> str:
    """A label in ``lang`` (None: English), e.g. ``"lead Laborer with Road"`` (the label does not
    depend on ``state``, the position it is played in).

    >>> describe(Action(0, "lead", ("laborer", "road")))
    'lead Laborer with Road'
    >>> describe(Action(0, "lead", ("laborer", "road")), None, as_lang("pl"))
    'rozegraj rolę Tragarz (karta: Ulica)'
    """
    lang = (lang or as_lang(None)).for_domain(DOMAIN)
    _ = lang.gettext
    verb, args = action.verb, action.args
    if verb in _PHRASES:
        return _(_PHRASES[verb])
    words = [_word(a, lang) for a in args]
    if verb == "lead":
        return _("lead {role} with {card}").format(role=words[0], card=words[1])
    if verb == "follow":
        return _("follow with {card}").format(card=words[0])
    if verb == V_PETITION:
        if args[0] in ROLE_INDEX:
            return _("petition for {role} (choose its cards next)").format(role=words[0])
        return _("play {card} in the petition").format(card=words[0])
    if verb == V_LEGACY_PETITION:
        return _("petition for {role}: play {card}").format(role=words[0], card=words[1])
    if verb == "lay":
        where = lang.gettext("in town") if args[2] == "in" else lang.gettext("out of town")
        return _("lay {building} foundation on {material} site {where}").format(
            building=_article(words[0], lang), material=_article(words[1], lang), where=where
        )
    if verb == "build":
        if args[1] in BUILDING_INDEX:
            material = material_name(BUILDINGS[BUILDING_INDEX[str(args[1])]].material, lang)
            return _("add {card} ({material}) from hand to {building}").format(
                card=words[1], material=material, building=words[0]
            )
        return _("add {material} from the stockpile to {building}").format(
            material=words[1], building=words[0]
        )
    if verb == "build_pool":
        return _("add {material} from the pool to {building} (Archway)").format(
            material=words[1], building=words[0]
        )
    if verb == "stairway":
        return _("add {material} to {building} of {owner} (Stairway)").format(
            material=words[2], building=words[1], owner=words[0]
        )
    if verb == "stairway_pool":
        return _("add {material} from the pool to {building} of {owner} (Stairway)").format(
            material=words[2], building=words[1], owner=words[0]
        )
    if verb == "demand":
        if len(args) > 1:
            return _("demand {material} (leave the pool card)").format(material=words[0])
        return _("demand {material}").format(material=words[0])
    if verb == "hire":
        words[0] = _article(words[0], lang)
    if verb in _VERBS:
        return _(_VERBS[verb]).format(*words)
    return str(action)


def upgrade(text: str, version: str) -> list[str]:
    """The actions that ``text`` of a record written by ludus ``version`` stands for now.

    Before :data:`SPLIT_VERSION` a petition card was ``<seat>:petition <role> <card>``;
    it is read as ``<seat>:legacy_petition <role> <card>`` (see :func:`~.rules.petitions.legacy_legal`).

    >>> upgrade("0:petition laborer storeroom", "0.1.0")
    ['0:legacy_petition laborer storeroom']
    >>> upgrade("0:petition laborer", "0.4.0")
    ['0:petition laborer']
    """
    if version_key(version) >= version_key(SPLIT_VERSION):
        return [text]
    seat, colon, rest = text.partition(":")
    words = rest.split()
    if not colon or len(words) != 3 or words[0] != V_PETITION:
        return [text]
    return [f"{seat}:{V_LEGACY_PETITION} {words[1]} {words[2]}"]


def outcome_text(outcome: Outcome, lang: Lang) -> str:
    """Why the game ended, in ``lang`` (``outcome.reason`` is the English, kept in records; the
    Forum's winners are named from the outcome's details)."""
    return reason_text(outcome.reason, list(outcome.details.get("forum_winners", ())), lang)


__all__ = ["PALETTE", "component_text", "describe", "outcome_text", "upgrade", "with_article"]

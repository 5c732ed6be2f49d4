"""Pandemic: Fall of Rome in four languages (issue 12): every text a person reads comes from the
fall-of-rome catalogs, with the Polish edition's terms ("Upadek Rzymu") and the glossary's."""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

import pytest

import ludus
from ludus.core.i18n import LANGUAGES, get_lang
from ludus.games.fall_of_rome.components import (
    CARD_TOKENS,
    CITIES,
    CITY_TOKEN,
    COLOURS,
    DOMAIN,
    EVENTS,
    NT,
    REVOLT,
    ROLES,
    TRIBES,
    card_name,
    city_name,
    colour_name,
    tribe_name,
)
from ludus.testing.i18n import CheckedLang, problems, read_everything
from ludus.testing.terminal import Prompt, play_in_terminal

GLOSSARY: dict[str, dict[str, object]] = tomllib.loads(
    (Path(ludus.__file__).parent / "games" / "fall_of_rome" / "data" / "glossary.toml").read_text()
)["terms"]


def allowed(code: str) -> set[str]:
    """Words of the glossary's terms that are the same in English and in ``code`` (Latin names)."""
    return {w for t in GLOSSARY.values() if t["en"] == t[code]
            for w in str(t["en"]).replace(",", " ").split()}


GAMES = [  # (players, seed, options): every player count, the solitaire challenge and the options
    (1, 2, {"roma_caput_mundi": True, "difficulty": "legendary"}),
    (2, 3, {}),
    (3, 6, {"roles": "chosen"}),
    (4, 5, {"vestalis_may_return_revolt": True}),
    (5, 7, {}),
]


@pytest.mark.parametrize("code", LANGUAGES)
def test_everything_a_person_reads_is_in_the_language(code: str) -> None:
    for players, seed, options in GAMES:
        texts, lang = read_everything(ludus.load(DOMAIN, players, **options), seed, code, views=4)
        assert len(texts) > 200
        assert problems(texts, lang, allowed(code)) == [], (players, seed)


KEY_TERMS = ("Roma", "revolt", "fort", "actions", "orange", "anglo_saxons_franks", "vandals", "huns",
             "visigoths", "ostrogoths")
"""Ten central terms: Rome, the Revolt cards, forts, the Do Actions phase, and the five tribes
(with a colour): each is on the board of every game."""


@pytest.mark.parametrize("code", LANGUAGES)
def test_ten_key_terms_are_the_glossary_s_and_are_read_in_a_game(code: str) -> None:
    lang = get_lang(code).for_domain(DOMAIN)
    texts, _ = read_everything(ludus.load(DOMAIN, 2), 3, code, views=4)
    read = "\n".join(text for _, text in texts).casefold()
    for key in KEY_TERMS:
        term = GLOSSARY[key]
        assert lang.gettext(str(term["en"])) == term[code], (key, code)
        assert str(term[code]).casefold() in read, (key, code)


def test_the_polish_names_of_the_data_files_and_the_glossary_are_the_catalog_s() -> None:
    pl = get_lang("pl").for_domain(DOMAIN)
    for t in range(NT):
        assert tribe_name(t, pl) == TRIBES[t].name_pl
        assert colour_name(t, pl) == TRIBES[t].colour_pl
    for role in ROLES:
        assert [pl.gettext(a) for a in role.abilities] == list(role.abilities_pl), role.id
        assert pl.gettext(role.special) == role.special_pl, role.id
    assert city_name(next(c.index for c in CITIES if c.name == "Roma"), pl) == "Rzym (Roma)"
    for code in ("pl", "hu", "uk"):
        lang = get_lang(code).for_domain(DOMAIN)
        for t, key in enumerate(("anglo_saxons_franks", "vandals", "huns", "visigoths", "ostrogoths")):
            assert tribe_name(t, lang) == GLOSSARY[key][code]
            assert colour_name(t, lang) == GLOSSARY[COLOURS[t]][code]
        assert lang.gettext("Revolt") == GLOSSARY["revolt"][code]


def _components() -> list[str]:
    return [*CARD_TOKENS, *CITY_TOKEN, *COLOURS, *(r.id for r in ROLES), *(t.name for t in TRIBES),
            *(e.id for e in EVENTS), "Revolt"]


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_component_is_named_and_explained_in_the_language(code: str) -> None:
    game = ludus.load(DOMAIN, 3)
    lang = CheckedLang(code)
    texts = []
    for name in _components():
        text = game.component_text(name, lang)
        assert text, name
        texts.append((name, text))
    assert problems(texts, lang, allowed(code)) == []
    domain = get_lang(code).for_domain(DOMAIN)
    for event in EVENTS:  # the whole effect text, in the language
        text = game.component_text(event.id, code) or ""
        assert domain.gettext(event.normal) in text and domain.gettext(event.meaning) in text
        assert not event.has_destabilizing or domain.gettext(event.destabilizing) in text
    # found by its name in the language, too
    for t in range(NT):
        assert game.component_text(tribe_name(t, domain), code) == game.component_text(TRIBES[t].name, code)
        assert game.component_text(colour_name(t, domain), code) == game.component_text(COLOURS[t], code)
    for card in (0, 17, 48, REVOLT):
        assert game.component_text(card_name(card, domain).upper(), code) == game.component_text(
            card_name(card), code)
    roma = next(c.index for c in CITIES if c.name == "Roma")
    assert game.component_text(city_name(roma, domain), code) == game.component_text("Roma", code)


def test_component_text_in_polish_uses_the_rulebook_s_wording() -> None:
    game = ludus.load(DOMAIN, 2)
    vestalis = game.component_text("Vestalis", "pl") or ""
    assert "Usuń 1 znacznik legionisty z miasta, w którym się znajdujesz." in vestalis
    assert (game.component_text("Wandalowie", "pl") or "").startswith("Wandalowie — plemię")
    assert (game.component_text("bunt", "pl") or "").startswith("Bunt — ")


def test_end_reasons_and_the_score_sheet_are_said_in_the_language() -> None:
    from ludus.core.api import Outcome

    game = ludus.load(DOMAIN, 2)
    lost = Outcome((0.0, 0.0), (1, 1), (), "no black cubes left in the supply", termination="out_of_cubes")
    assert game.outcome_text(lost) == "no black cubes left in the supply"
    assert game.outcome_text(lost, "pl") == "brak znaczników (czarny) w rezerwie"
    assert game.outcome_text(lost, "uk") == "у запасі скінчилися кубики (чорний)"
    sacked = Outcome((0.0, 0.0), (1, 1), (), "Roma was sacked", termination="roma_sacked")
    assert game.outcome_text(sacked, "pl") == GLOSSARY["roma_sacked"]["pl"]
    assert game.outcome_text(sacked, "hu") == GLOSSARY["roma_sacked"]["hu"]
    won = Outcome((1.0, 1.0), (1, 1), (0, 1), "every tribe is allied or gone", True,
                  termination="all_tribes_subdued")
    assert game.outcome_text(won, "uk") == GLOSSARY["all_tribes_subdued"]["uk"]
    hu = get_lang("hu").for_domain(DOMAIN)
    for key in ("tribes_subdued", "tribes_cleared", "alliances", "turns"):
        assert hu.gettext(str(GLOSSARY[key]["en"])) == GLOSSARY[key]["hu"]


def test_labels_count_in_each_language_s_plural_forms() -> None:
    from ludus.core.actions import Action

    game = ludus.load(DOMAIN, 2)
    state = game.new_state(1)
    forms = {n: game.describe(state, Action(0, "add", (n,)), "pl") for n in (1, 2, 5, 22)}
    assert forms == {1: "umieść 1 znacznik legionisty", 2: "umieść 2 znaczniki legionistów",
                     5: "umieść 5 znaczników legionistów", 22: "umieść 22 znaczniki legionistów"}
    assert game.describe(state, Action(0, "legions", (1,)), "uk") == "взяти з собою 1 легіон"
    assert game.describe(state, Action(0, "legions", (2,))) == "take 2 legions along"


@pytest.mark.parametrize("count", [1, 2, 5, 22])
def test_the_board_s_counts_take_the_plural_form_of_the_language(count: int) -> None:
    """Issue 36: a number before a noun is a plural message ("przymierze: 2 karty", not "2 kart")."""
    cards = {1: "karta", 2: "karty", 5: "kart", 22: "karty"}[count]
    cubes = {1: "znacznik", 2: "znaczniki", 5: "znaczników", 22: "znaczniki"}[count]
    karty = {1: "карта", 2: "карти", 5: "карт", 22: "карти"}[count]
    pl, uk = get_lang("pl").for_domain(DOMAIN), get_lang("uk").for_domain(DOMAIN)
    assert pl.ngettext("alliance: {cards} card", "alliance: {cards} cards", count).format(
        cards=count) == f"przymierze: {count} {cards}"
    assert pl.ngettext("supply: {cubes} cube", "supply: {cubes} cubes", count).format(
        cubes=count) == f"rezerwa: {count} {cubes}"
    assert uk.ngettext("Barbarian deck: {size} card", "Barbarian deck: {size} cards", count).format(
        size=count) == f"Колода варварів: {count} {karty}"


def test_the_map_names_a_path_s_colour_as_the_path_s_adjective() -> None:
    """Polish: a migration path ("ścieżka") is feminine, so its colour is "pomarańczowa", never the
    colour's own masculine word glued to it ("ścieżki pomarańczowy z miasta Genua")."""
    from ludus.games.fall_of_rome.render import render_map

    text = " ".join(render_map({}, get_lang("pl").for_domain(DOMAIN), 10_000).split())
    assert "ścieżki migracji: pomarańczowa z miasta Genua" in text
    assert "czarna z pola rezerwy barbarzyńców" in text
    assert "pomarańczowy z miasta" not in text and "ścieżki pomarańczowy" not in text
    english = " ".join(render_map({}, get_lang("en").for_domain(DOMAIN), 10_000).split())
    assert "paths orange from Genua" in english


def test_an_option_error_is_said_in_the_language() -> None:
    from ludus.core.errors import OptionError

    with pytest.raises(OptionError) as error:
        ludus.load(DOMAIN, 2, difficulty="legendary")
    assert "roma_caput_mundi=true" in str(error.value)
    assert get_lang("pl").error_text(error.value).startswith("poziom 'legendary' (legendarny)")


def test_a_person_plays_in_polish_in_a_terminal(tmp_path: Path) -> None:
    script = ["1", "1", "1", "map", "log", "1", "quit"]

    def respond(prompt: Prompt, n: int) -> str:
        answer = script[n] if n < len(script) else "quit"
        if answer.isdigit():
            numbers = prompt.menu()
            return str(numbers[0]) if numbers else "quit"
        return answer

    argv = [sys.executable, "-m", "ludus", "--lang", "pl", "play", DOMAIN, "--players", "2", "--seed", "3",
            "--bots", "random"]
    run = play_in_terminal(argv, respond, 80, 24, env={"LUDUS_DATA_DIR": str(tmp_path)})
    assert run.exit_code == 0, run.plain[-2000:]
    text = run.plain
    # the board, the menu, the log and the map in Polish, with the edition's terms
    for words in ("Upadek Rzymu", "Tura 0", "Miasto", "Barbarzyńcy", "Rzym (Roma)", "Wandalowie",
                  "Gracz 1 (ty) — karty", "Stos kart gry", "karty buntów", "zacznij w mieście", "faza akcji",
                  "marsz do miasta", "zakończ akcje i dobierz 2 karty gry", "maszeruje do miasta",
                  "Mapa: drogi", "Gracz 1> "):
        assert words in text, words
    english = ("Player 1>", "Turn ", "Your hand", "march to", "Player deck", "Since your last decision",
               "start in", "the players", " with ", " legions")
    assert not [phrase for phrase in english if phrase in text]

"""Issue 12: Hadrian's Wall in English, Polish, Hungarian and Ukrainian.

Every text a person reads comes from the game's catalogs (no English fallback), the key
terms are the editions' (Polish "Mur Hadriana", Ukrainian "Адріанів вал"; Hungarian ours,
from the glossary), every component is described in every language, and ``ludus --lang uk``
and ``--lang pl`` play the game in a real terminal.
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

from ludus import Rng, svg
from ludus.core.i18n import LANGUAGES, get_lang
from ludus.core.registry import load
from ludus.games.hadrians_wall.components import BUILDING_INDEX, PLAYER_CARDS, TEXTS, lang_of
from ludus.games.hadrians_wall.notation import component_names, describe_component
from ludus.testing.i18n import CheckedLang, problems, read_everything
from ludus.testing.terminal import Prompt, play_in_terminal

DATA = Path(__file__).parents[3] / "src" / "ludus" / "games" / "hadrians_wall" / "data"
GLOSSARY: dict[str, dict[str, Any]] = tomllib.loads((DATA / "glossary.toml").read_text())["terms"]


def allowed(code: str) -> list[str]:
    """The glossary's proper names that are the same in English and in ``code`` (their words)."""
    return [word for term in GLOSSARY.values() if term["en"] == term[code] for word in term["en"].split()]


# --- 1. no English fallback -------------------------------------------------------------------
GAMES = [(1, 1, {}), (2, 2, {}), (4, 3, {}), (1, 4, {"campaign_fort": 3})]


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize(("players", "seed", "options"), GAMES)
def test_everything_a_person_reads_is_in_the_language(code: str, players: int, seed: int,
                                                      options: dict[str, Any]) -> None:
    texts, lang = read_everything(load("hadrians-wall", players, **options), seed, code, views=2)
    assert any(where == "outcome" for where, _ in texts), "the game was played to its end"
    assert problems(texts, lang, allowed(code)) == []


# --- 2. ten key terms from the editions ---------------------------------------------------------
KEY_TERMS = ("soldier", "builder", "servant", "resource", "renown", "piety", "valour", "discipline",
             "disdain", "wall_guard")
"""Central terms every game shows (on every board): the workers, the attributes, Disdain, the Wall Guard."""


@pytest.mark.parametrize("code", LANGUAGES)
def test_ten_key_terms_are_the_glossary_s_and_a_person_reads_them(code: str) -> None:
    lang = lang_of(code)
    texts, _ = read_everything(load("hadrians-wall", 2), 5, code, views=1)
    read = "\n".join(text for _, text in texts).casefold()
    for key in KEY_TERMS:
        term = GLOSSARY[key]
        # the data and the glossary write the Ukrainian sheet names with or without a capital
        assert lang.gettext(term["en"]).casefold() == term[code].casefold(), (key, code)
        assert term[code].casefold() in read, (key, code)


def test_the_edition_names_in_the_data_are_the_catalogs_translations() -> None:
    def named(node: Any) -> list[dict[str, str]]:
        if isinstance(node, list):
            return [n for item in node for n in named(item)]
        if isinstance(node, dict):
            found = [node] if isinstance(node.get("en"), str) and ("pl" in node or "uk" in node) else []
            return found + [n for k, v in node.items() if k != "meta" for n in named(v)]
        return []

    names = [n for f in ("sheets.toml", "player_cards.toml", "year.toml")
             for n in named(tomllib.loads((DATA / f).read_text()))]
    assert len(names) >= 80
    for code in ("pl", "uk"):
        lang = lang_of(code)
        for name in names:
            # one msgid, one translation: an area and its building may differ in a capital only
            assert lang.gettext(name["en"]).casefold() == name[code].casefold(), (code, name)
    pl = lang_of("pl")
    for card in PLAYER_CARDS:
        entry = TEXTS["cards"][card.id]
        assert pl.gettext(entry["en"]) == entry["pl"], card.id  # the Path texts word for word (KARTY ŚCIEŻKI)


# --- 3. every component, in every language --------------------------------------------------------
@pytest.mark.parametrize("code", LANGUAGES)
def test_every_component_is_described_in_the_language_and_found_by_its_name(code: str) -> None:
    game = load("hadrians-wall", 2)
    lang = CheckedLang(code)
    local = component_names(lang_of(code))
    texts = []
    for component, name in local.items():
        text = game.component_text(name, lang)
        assert text is not None and describe_component(component, lang_of(code)) in text, (component, name)
        texts.append((component, text))
        assert game.component_text(component_names()[component], code) is not None  # the English name too
    assert problems(texts, lang, allowed(code)) == []
    if code != "en":
        assert game.component_text("Targ" if code == "pl" else local["building:market"], code) is not None


def test_show_finds_the_polish_and_ukrainian_names() -> None:
    game = load("hadrians-wall", 2)
    pl = game.component_text("mała świątynia", "pl") or ""
    assert pl.startswith("Mała Świątynia (Budowla prawego Arkusza")
    uk = game.component_text("Сторожа стіни", "uk") or ""
    assert uk.startswith("Сторожа стіни: заплатіть 1 солдата")
    forager = game.component_text("Forager", "pl") or ""
    assert forager.startswith("Zbieracz (karta Gracza). Zdobywasz 1, 2 lub 3 PZ")


# --- board letters from the catalogs (issue 36) ----------------------------------------------------
MAP_LETTERS = {"en": "RS", "pl": "SŁ", "uk": "РС", "hu": "NS"}
"""The Scouting map's Resource and Servant icons as letters (pl Surowiec/sŁuga, uk ресурс/слуга, hu
Nyersanyag/Szolga)."""
COLUMN_LETTERS = {"en": "LCR", "pl": "LŚP", "uk": "ЛЦП", "hu": "BKJ"}
"""The left/centre/right column letters of each language (pl lewa/środkowa/prawa, uk лівий/центральний/
правий, as the editions name the columns and Cohorts; hu bal/közép/jobb)."""


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_translated_board_has_no_english_column_letters(code: str) -> None:
    """The Theatre, Baths and Courthouse boxes (text board and the SVG's box tips) and the Courthouse
    legend name their columns with the language's letters, never the English L/C/R; the Scouting
    map's icons are the language's letters too, with their key."""
    game = load("hadrians-wall", 2)
    state = game.new_state(3)
    rng = Rng(3)
    while state.phase.name != "ACTIONS":
        state.apply(rng.choice(state.legal_actions(state.to_move()[0])))
    sheet = state.boards[0]  # the three areas built and affordable: their boxes are clickable, with tips
    for key in ("theatre", "baths", "courthouse"):
        sheet.built[BUILDING_INDEX[key]] = 1
    sheet.citizens, sheet.items, sheet.disdain = [9] * 5, [5] * 5, 3
    lang = lang_of(code)
    left, centre, right = COLUMN_LETTERS[code]
    english = {"L", "C", "R"} - set(COLUMN_LETTERS[code])  # pl keeps L: lewa
    lines = game.render(state.view(0), 0, code).splitlines()
    areas = {lang.gettext(name): name for name in ("Theatre", "Baths", "Courthouse")}
    found = {areas[name]: n for n, line in enumerate(lines) for name in areas
             if line.strip().startswith(name + " ")}
    assert set(found) == {"Theatre", "Baths", "Courthouse"}, lines
    for area, n in found.items():
        letters = {letter for letter, _ in re.findall(r"(\S)(\d):", lines[n])}
        columns = f"{left}{centre}{right}" if area == "Courthouse" else f"{left}{right}"
        assert letters == set(columns), lines[n]
    legend = lines[found["Courthouse"] + 1].strip()
    assert legend.startswith(f"({left}: +1 ") and f"; {centre}: " in legend and f"; {right}: " in legend
    assert not any(f"{e}:" in legend for e in english), legend
    resource, servant = MAP_LETTERS[code]  # the Scouting map's icons, and the key beside it
    first = lines.index(next(line for line in lines if line.startswith("            1 ")))
    cells = "".join(line.split()[1] for line in lines[first:first + 4])
    assert set(cells) == {".", resource, servant}, cells
    assert lines[first].endswith(lang.gettext("{resource} = Resource, {servant} = Servant").format(
        resource=resource, servant=servant))
    picture = svg(state, 0, code)._repr_svg_()
    box = lang.gettext("{area}, box {box}: {rewards}").split("{box}")[0].split("}")[-1]  # ", box "
    tips = re.findall(re.escape(box) + r"(\w)\d:", picture)
    assert len(tips) == 6 + 6 + 9 and set(tips) == {left, centre, right}, tips


# --- errors, reasons, option help -----------------------------------------------------------------
def test_errors_reasons_and_option_help_are_translated() -> None:
    from ludus.core.errors import OptionError

    with pytest.raises(OptionError) as caught:
        load("hadrians-wall", 2, campaign_fort=3)
    assert get_lang("pl").error_text(caught.value).startswith("campaign_fort to opcja gry solo")
    game = load("hadrians-wall", 1, campaign_fort=3)
    st = game.new_state(1)
    while not st.is_terminal():
        st.apply(st.legal_actions(st.to_move()[0])[0])
    outcome = st.outcome()
    assert game.outcome_text(outcome) == outcome.reason
    assert game.outcome_text(outcome, "uk").startswith("Соло-кампанія, форт 3 Condercum: мету")
    two = load("hadrians-wall", 2)
    st2 = two.new_state(2)
    action = st2.legal_actions(0)[0]
    st2.apply(action)
    assert st2.why_illegal(action, "hu") == "már választottál"
    helps = {spec.name: spec.help for spec in two.info.options}
    assert lang_of("pl").gettext(helps["difficulty"]) == "siła ataku Piktów (kart na Rok)"


# --- 4. the edition languages in a real terminal -----------------------------------------------------
EDITION_TERMS = {
    "uk": ("Гравець 1>", "Рік 1", "солдат", "будівельник", "ресурс", "слава", "Сторожа стіни", "Форт",
           "карту шляху"),
    "pl": ("Gracz 1>", "Rok 1", "Legionista", "Budowniczy", "Surowiec", "Sława", "Straż", "Fort",
           "kartę Ścieżki"),
}


@pytest.mark.parametrize("code", ["uk", "pl"])
def test_the_terminal_plays_the_game_in_the_edition_language(code: str, tmp_path: Path) -> None:
    def respond(prompt: Prompt, n: int) -> str:
        return "1" if n < 3 else "quit"

    argv = [sys.executable, "-m", "ludus", "--lang", code, "play", "hadrians-wall", "--players", "2",
            "--seed", "3", "--bots", "random"]
    run = play_in_terminal(argv, respond, 80, 24, env={"LUDUS_DATA_DIR": str(tmp_path)})
    assert run.exit_code == 0, run.plain[-2000:]
    screens = "\n".join(prompt.text() for prompt in run.prompts)
    for term in EDITION_TERMS[code]:
        assert term in screens, (code, term)
    lang = CheckedLang(code)
    found = problems([(f"screen {n}", p.text()) for n, p in enumerate(run.prompts)], lang, allowed(code))
    assert found == [], found
    assert "seat" not in screens and "Year" not in screens and "Soldier" not in screens

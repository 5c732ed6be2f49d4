"""Issue 12: Glory to Rome in Polish (the edition "Na chwałę Rzymu"), Hungarian, Ukrainian and English.

Every text a person reads goes through the game's catalogs (locale/): no English fallback in
a played game, the edition's terms (data/glossary.toml) in the catalogs and on the table, every
component's name and effect text, end reasons, errors and option help, and a person playing
``ludus --lang pl play glory-to-rome`` in a real terminal.
"""

from __future__ import annotations

import re
import sys
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import ludus
from ludus.core.i18n import get_lang
from ludus.core.rng import Rng
from ludus.testing.i18n import ENGLISH_WORDS, CheckedLang, problems, read_everything
from ludus.testing.terminal import Prompt, play_in_terminal

GAME_ID = "glory-to-rome"
PACKAGE = Path(ludus.__file__).parent / "games" / "glory_to_rome"
LANGS = ("en", "pl", "hu", "uk")
KEY_TERMS = ("jack", "pool", "stockpile", "vault", "clientele", "hand", "leader", "laborer", "rubble",
             "marble")
"""Ten central terms, read in every game: the Jack, the places of the table, a role and two materials."""


@cache
def glossary() -> dict[str, dict[str, Any]]:
    terms: dict[str,
                dict[str, Any]] = tomllib.loads((PACKAGE / "data/glossary.toml").read_text("utf-8"))["terms"]
    return terms


@cache
def data(name: str) -> dict[str, Any]:
    return tomllib.loads((PACKAGE / "data" / name).read_text("utf-8"))


def allowed(code: str) -> list[str]:
    """The words of the glossary's terms that are the same in English and in ``code`` (proper names)."""
    same = [t["en"] for t in glossary().values() if t["en"] == t[code]]
    return [word for term in same for word in re.findall(r"[A-Za-z]+", term)]


@cache
def played(code: str, players: int, seed: int) -> tuple[list[tuple[str, str]], CheckedLang]:
    return read_everything(ludus.load(GAME_ID, players), seed, code, views=3)


@pytest.mark.parametrize("code", LANGS)
@pytest.mark.parametrize(("players", "seed"), [(2, 1), (4, 2)])
def test_a_played_game_has_no_english_fallback(code: str, players: int, seed: int) -> None:
    texts, lang = played(code, players, seed)
    assert any(where == "outcome" for where, _ in texts) and any(where == "sheet" for where, _ in texts)
    assert problems(texts, lang, allowed(code)) == []


def test_the_allowed_words_are_proper_names_only() -> None:
    assert not {w.casefold() for code in LANGS[1:] for w in allowed(code)} & ENGLISH_WORDS
    assert "Vomitorium" in allowed("pl") and "Insula" in allowed("hu") and allowed("uk") == []


@pytest.mark.parametrize("code", LANGS)
def test_ten_key_terms_are_the_glossary_s_in_the_catalog_and_on_the_table(code: str) -> None:
    lang = get_lang(code).for_domain(GAME_ID)
    texts, _ = played(code, 2, 1)
    read = "\n".join(text for _, text in texts).casefold()
    for key in KEY_TERMS:
        term = glossary()[key]
        assert lang.gettext(term["en"]) == term[code], (key, code)
        assert term[code].casefold() in read, (key, code)


@pytest.mark.parametrize("code", LANGS[1:])
def test_component_names_in_the_catalogs_are_the_data_s_and_the_glossary_s(code: str) -> None:
    lang = get_lang(code).for_domain(GAME_ID)
    cards = data("cards.toml")
    by_en = {t["en"]: t for t in glossary().values()}
    names = [(b["en"], b.get(code)) for b in cards["buildings"].values() if isinstance(b, dict)]
    for m in cards["materials"]["order"]:
        row = cards["materials"][m]
        names += [(row["en"], row.get(code)), (row["role_en"], row.get(f"role_{code}"))]
    names.append((cards["jacks"]["en"], cards["jacks"].get(code)))
    for en, in_data in names:
        assert lang.gettext(en) == by_en[en][code], (en, code)
        if in_data is not None:  # the Polish names kept in cards.toml
            assert lang.gettext(en) == in_data, (en, code)
    if code == "pl":  # a building's Polish effect text is the rulebook's own wording (texts.toml)
        for slug, entry in data("texts.toml")["buildings"].items():
            assert lang.gettext(entry["en"]) == entry["pl"], slug


@pytest.mark.parametrize("code", LANGS)
def test_every_component_has_its_name_and_effect_in_every_language(code: str) -> None:
    from ludus.games.glory_to_rome.components import COMPONENTS

    game = ludus.load(GAME_ID, 3)
    lang = CheckedLang(code)
    domain = get_lang(code).for_domain(GAME_ID)
    for _kind, _index, en, others in COMPONENTS:
        text = game.component_text(en, lang)
        assert text is not None and text.startswith(domain.gettext(en)), (en, code)
        localised = domain.gettext(en)
        assert game.component_text(localised, code) == text, (localised, code)
        assert game.component_text(localised.upper(), code) == text
        for other in others:  # the id and the Polish name are understood in every language
            assert game.component_text(other, code) == text, (other, code)
    assert lang.misses == set()
    assert game.component_text("no such card", code) is None


def test_a_localised_name_is_found_in_its_language() -> None:
    game = ludus.load(GAME_ID, 2)
    assert game.component_text("Kincstár", "hu") is None  # a term, not a component
    assert game.component_text("Szökőkút", "hu") == game.component_text("fountain", "hu")
    assert game.component_text("Фонтан", "uk") == game.component_text("Fountain", "uk")
    text = game.component_text("Szkola gladiatorow", "pl")
    assert text is not None and text.startswith("Szkoła gladiatorów (obiekt: Marmur, wartość 3, rola: "
                                                "Patron): ")
    assert "Możesz traktować każdego kupca" in text


@pytest.mark.parametrize("code", LANGS[1:])
@pytest.mark.parametrize("count", [1, 2, 5, 22])
def test_counted_messages_take_the_plural_form_of_the_language(code: str, count: int) -> None:
    from ludus.core.events import public

    word = {"pl": {1: "kartę", 2: "karty", 5: "kart", 22: "karty"},
            "hu": {1: "lapot", 2: "lapot", 5: "lapot", 22: "lapot"},
            "uk": {1: "карту", 2: "карти", 5: "карт", 22: "карти"}}[code][count]
    text = public("think_draw", GAME_ID, seat=1, count=count).text_in(code)
    assert re.search(rf"\b{count} {word}\b", text), text


ENDS = {
    "the draw deck ran out": {"pl": "skończyły się karty rozkazów w talii", "hu": "elfogyott a húzópakli",
                              "uk": "закінчилася колода"},
    "player 2 completed the Catacomb": {"pl": "gracz 2 ukończył Katakumby",
                                        "hu": "játékos 2 befejezte a Katakombát",
                                        "uk": "гравець 2 завершив Катакомби"},
    "Forum: player(s) 0, 2 met the Forum condition": {"pl": "Plac miejski: warunek spełniony (gracze: 0 i 2)",
                                                      "hu": "Fórum: a feltétel teljesült (játékosok: 0 és 2)",
                                                      "uk": "Форум: умову виконано (гравці: 0 і 2)"},
    "every other player conceded to player 1": {"pl": "wszyscy pozostali gracze poddali partię graczowi 1",
                                                "hu": "minden más játékos feladta játékos 1 javára",
                                                "uk": "усі інші гравці здали партію гравцеві 1"},
}


@pytest.mark.parametrize("code", LANGS[1:])
def test_every_end_reason_is_said_in_the_language_with_its_data(code: str) -> None:
    from ludus.core.api import Outcome
    from ludus.games.glory_to_rome.scoring import termination_of

    game = ludus.load(GAME_ID, 3)
    for reason, said in ENDS.items():
        winners = [0, 2] if reason.startswith("Forum") else []
        outcome = Outcome((0.0,) * 3, (1, 2, 3), (0,), reason, None, {"forum_winners": winners},
                          termination_of(reason) or "")
        assert game.outcome_text(outcome, code) == said[code]
        assert game.outcome_text(outcome) == reason  # English: Outcome.reason word for word


def test_a_finished_board_says_why_the_game_ended() -> None:
    game = ludus.load(GAME_ID, 2)
    state = game.new_state(1)
    rng = Rng(1)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    board = game.render(state.view(None), None, "pl")
    assert "Koniec gry: " + game.outcome_text(state.outcome(), "pl") in board


def test_errors_and_option_help_are_translated() -> None:
    from ludus.core.errors import LudusError
    from ludus.games.glory_to_rome.components import B, take_building

    with pytest.raises(LudusError) as raised:
        take_building([], B.ROAD)
    assert get_lang("pl").error_text(raised.value) == "brak tam karty: road" and str(
        raised.value) == "no road card there"
    with pytest.raises(LudusError) as unfinished:
        ludus.load(GAME_ID, 2).new_state(0).outcome()
    assert get_lang("uk").error_text(unfinished.value) == "гра ще не закінчилася"
    for code in LANGS[1:]:
        lang = get_lang(code).for_domain(GAME_ID)
        for spec in ludus.load(GAME_ID, 2).info.options:
            assert lang.gettext(spec.help) != spec.help, (code, spec.name)


def test_the_score_sheet_labels_are_messages_of_the_domain() -> None:
    from ludus.games.glory_to_rome.components import MATERIAL_EN, VALUE
    from ludus.games.glory_to_rome.scoring import _VAULT_LABELS

    assert tuple(f"Vault: {MATERIAL_EN[m]} ({VALUE[m]} each)" for m in range(6)) == _VAULT_LABELS
    pl = get_lang("pl").for_domain(GAME_ID)
    assert [pl.gettext(label) for label in _VAULT_LABELS[:2]] == ["Skarbiec: Gruz (po 1)",
                                                                  "Skarbiec: Drewno (po 1)"]
    assert pl.gettext("Merchant bonuses") == glossary()["merchant_bonus"]["pl_plural"]


@pytest.mark.parametrize("count", [1, 2, 5, 22])
def test_the_vault_s_count_takes_the_plural_form_of_the_language(count: int) -> None:
    """Issue 36: "Skarbiec: 2 karty", never a count glued to "kart"."""
    word = {"pl": {1: "karta", 2: "karty", 5: "kart", 22: "karty"},
            "uk": {1: "карта", 2: "карти", 5: "карт", 22: "карти"}}
    for code, head in (("pl", "Skarbiec"), ("uk", "Скарбниця")):
        lang = get_lang(code).for_domain(GAME_ID)
        text = lang.ngettext("Vault: {count} card, known:", "Vault: {count} cards, known:", count)
        assert text.format(count=count).startswith(f"{head}: {count} {word[code][count]},")


def test_ukrainian_labels_speak_in_the_vy_form() -> None:
    """The Ukrainian imperatives are the "ви" form (as the Ukrainian rulebook of Hadrian's Wall:
    "залиште"), never the informal "додай", "скинь", "візьми"."""
    uk = get_lang("uk").for_domain(GAME_ID)
    assert uk.gettext("think: draw cards") == "розміркуйте: доберіть карти"
    assert uk.gettext("lead {role} with {card}").startswith("розіграйте роль")
    assert uk.gettext("discard the whole hand (Vomitorium)").startswith("скиньте")
    assert uk.gettext("you have no Jack in hand") == "у вас на руці немає Сенатора"


def test_the_palette_words_are_messages_of_the_domain() -> None:
    game = ludus.load(GAME_ID, 2)
    for code in LANGS[1:]:
        lang = get_lang(code).for_domain(GAME_ID)
        assert all(lang.gettext(word) != word or word == "Patron" for word in game.palette), code


def test_labels_do_not_start_with_the_seat() -> None:
    game = ludus.load(GAME_ID, 3)
    for code in LANGS:
        texts, _ = played(code, 2, 1)
        assert not [t for where, t in texts if where.startswith("label")
                    and re.match(r"(seat|gracz|játékos|гравець) \d:", t)]
    state = game.new_state(0)
    assert game.describe(state, state.legal_actions()[0], "hu") != game.describe(state,
                                                                                 state.legal_actions()[0])


@pytest.mark.parametrize("code", LANGS[1:])
def test_the_board_picture_speaks_the_language(code: str) -> None:
    import html

    from ludus.core.board import board_view

    game = ludus.load(GAME_ID, 3)
    state = game.new_state(4)
    rng = Rng(4)
    lang = CheckedLang(code)
    step = 0
    words: set[str] = set()
    while True:
        if step % 40 == 0 or state.is_terminal():
            for seat in (*range(game.players), None):
                picture = game.svg(board_view(state, seat), seat, lang) or ""
                shown = html.unescape(
                    " ".join(re.findall(r">([^<>]+)<", picture) + re.findall(r'title="([^"]*)"', picture)))
                words |= {w for w in re.findall(r"[A-Za-z]+", shown) if w.casefold() in ENGLISH_WORDS}
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
        step += 1
    assert lang.misses == set()
    assert words == set(), words


# ---------------------------------------------------------------------------
# A person plays in Polish in a real terminal
# ---------------------------------------------------------------------------

POLISH_TERMS = ("Pula", "Skład budowlany", "Skarbiec", "Klientela", "Senator", "Przywódca", "Talia", "Gruz",
                "Marmur", "rozegraj rolę", "pomyśl: dobierz karty", "Bliskie place budowy")


def test_a_person_plays_in_polish_in_a_terminal(tmp_path: Path) -> None:
    def respond(prompt: Prompt, n: int) -> str:
        numbers = prompt.menu()
        return str(numbers[0]) if n < 4 and numbers else "quit"

    argv = [sys.executable, "-m", "ludus", "--lang", "pl", "play", GAME_ID, "--players", "2", "--seed", "3",
            "--bots", "random"]
    run = play_in_terminal(argv, respond, 80, 24, env={"LUDUS_DATA_DIR": str(tmp_path)})
    assert run.exit_code == 0, run.plain[-2000:]
    screen = run.plain
    for term in POLISH_TERMS:
        assert term in screen, term
    assert "Gracz 0 rozgrywa rolę" in screen or "Gracz 1 rozgrywa rolę" in screen  # the log
    assert len(run.prompts) == 5
    board_and_menus = screen[: screen.rindex("Gracz 1> quit")]
    english = {w for w in re.findall(r"[A-Za-z]+", board_and_menus) if w.casefold() in ENGLISH_WORDS}
    assert english == set(), english
    assert "Glory to Rome: Na chwałę Rzymu" in screen

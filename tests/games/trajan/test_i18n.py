"""Issue 12, Trajan in English, Polish, Hungarian and Ukrainian: no text falls back to English,
the edition's terms (the Hungarian rulebook's, our glossary's for Polish and Ukrainian) are what a
person reads, every component is explained in every language, and ``ludus --lang hu play trajan``
shows the game in Hungarian in a real terminal."""

from __future__ import annotations

import re
import sys
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

import ludus
from ludus.core.i18n import LANGUAGES, get_lang
from ludus.games.trajan import notation
from ludus.games.trajan.components import DOMAIN
from ludus.testing.i18n import ENGLISH_WORDS, CheckedLang, problems, read_everything
from ludus.testing.terminal import Prompt, play_in_terminal

PACKAGE = Path(ludus.__file__).resolve().parent / "games" / "trajan"
_GLOSSARY = tomllib.loads((PACKAGE / "data" / "glossary.toml").read_text())
GLOSSARY: dict[str, dict[str, Any]] = _GLOSSARY["terms"]
NAMES: dict[str, dict[str, Any]] = _GLOSSARY["names"]
"""The names of components the edition shows as pictures only (ours in every language)."""
OTHERS = ("pl", "hu", "uk")


def _data(name: str) -> dict[str, Any]:
    return tomllib.loads((PACKAGE / "data" / name).read_text())


@cache
def catalog(code: str) -> dict[str, str | tuple[str, ...]]:
    """msgid → translation of Trajan's ``code`` catalog."""
    with open(PACKAGE / "locale" / code / "LC_MESSAGES" / f"{DOMAIN}.po", "rb") as f:
        messages = read_po(f, locale=code)
    return {(m.id[0] if isinstance(m.id, tuple) else m.id): m.string for m in messages if m.id}


def allowed(code: str) -> list[str]:
    """Words that are the same in ``code`` as in English: the glossary's terms whose translation
    is the English term (the Latin province names, the title in Polish)."""
    return [word for term in GLOSSARY.values() if term[code] == term["en"] for word in term["en"].split()]


# --- 1. nothing falls back to English ---------------------------------------------------------------
@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_a_random_game_reads_wholly_in_the_language(code: str, players: int, seed: int) -> None:
    texts, lang = read_everything(ludus.load("trajan", players), seed, code, views=3)
    assert any(where == "outcome" for where, _ in texts)  # the game was played to its end
    assert problems(texts, lang, allowed(code)) == []
    boards = [line for where, text in texts if where.startswith("render") for line in text.splitlines()]
    assert max(map(len, boards)) <= 80  # the board fits a terminal in every language


# --- 2. the data files' and the glossary's names are the catalogs' translations ------------------------
def _hungarian_names() -> list[tuple[str, str]]:
    """(English, Hungarian) of every name the data files give in both languages."""
    board, tiles = _data("board.toml"), _data("tiles.toml")
    trajan, texts = _data("trajan_tiles.toml"), _data("texts.toml")
    pairs = [(texts["actions"][key]["title"], hu)
             for key, hu in zip(board["actions"]["order"], board["actions"]["hu"], strict=True)]
    pairs += list(zip(board["colours"]["en"], board["colours"]["hu"], strict=True))
    pairs += list(zip(board["demands"]["kinds_en"], board["demands"]["kinds_hu"], strict=True))
    pairs += list(zip(tiles["commodities"]["en"], tiles["commodities"]["hu"], strict=True))
    for table in (board["provinces"], board["ships"], tiles["forum_tiles"]["kinds"],
                  tiles["construction_tiles"]["types"], tiles["bonus_tiles"]["tiles"], trajan["categories"]):
        pairs += [(item["en"], item["hu"]) for item in table]
    return pairs


def test_the_hungarian_names_of_the_data_files_are_the_catalog_s() -> None:
    pairs = _hungarian_names()
    assert len(pairs) >= 80
    assert [(en, catalog("hu")[en], hu) for en, hu in pairs if catalog("hu")[en] != hu] == []


def test_every_glossary_term_that_is_a_message_is_translated_as_the_glossary_says() -> None:
    wanted: dict[tuple[str, str], set[str]] = {}
    for term in [*GLOSSARY.values(), *NAMES.values()]:
        for code in OTHERS:
            wanted.setdefault((term["en"], code), set()).update(
                term[key] for key in (code, f"{code}_short") if key in term)
    checked = [(en, code) for en, code in wanted if en in catalog(code)]
    assert len(checked) >= 3 * 55
    wrong = [(en, code, catalog(code)[en]) for en, code in checked
             if catalog(code)[en] not in wanted[en, code]]
    assert wrong == []


# --- 3. ten key terms: the glossary's, in the catalogs and on the table -------------------------------
KEY_TERMS = ("vp", "trajan_tile", "forum_tile", "military_camp", "category_laurel", "demand", "coloured_side",
             "worker", "colour_green", "ship_identical")
"""Ten central terms of Trajan (glossary keys), each shown in every game: the board, the labels or the log."""


def _term(key: str, code: str) -> tuple[str, str]:
    """The glossary's English term of ``key`` (for a category: its short word) and its ``code`` term."""
    term = GLOSSARY[key]
    if key.startswith("category_"):
        return term["en"].removesuffix(" (Trajan tile)"), term[code].split(" (")[0]
    return term["en"], term[code]


@pytest.mark.parametrize("code", LANGUAGES)
def test_ten_key_terms_are_the_glossary_s_and_a_person_reads_them(code: str) -> None:
    texts, _ = read_everything(ludus.load("trajan", 2), 4, code, views=2)
    read = " ".join(" ".join(text.split()) for _, text in texts).casefold()
    assert len(KEY_TERMS) == 10
    for key in KEY_TERMS:
        english, word = _term(key, code)
        if code != "en":
            assert catalog(code)[english] == word, (key, code)
        assert word.casefold() in read, (key, code, word)


# --- 3b. the marker initials on an action circle are the language's, never English ------------------
ENGLISH_INITIALS = ("Y", "O", "G", "W", "P", "B")


def _mid_game(players: int, seed: int, steps: int = 40) -> Any:
    """A position ``steps`` random actions into a game: every action circle holds markers."""
    from ludus.core.rng import Rng

    rng = Rng(seed)
    state = ludus.load("trajan", players).new_state(seed)
    for _ in range(steps):
        state.apply(rng.choice(state.legal_actions(state.to_move()[0])))
    return state


@pytest.mark.parametrize("code", OTHERS)
def test_a_translated_board_shows_the_language_s_marker_initials(code: str) -> None:
    from ludus.games.trajan.components import SLOT_NAMES, action_name
    from ludus.games.trajan.words import lang_of, marker_initials

    initials = marker_initials(lang_of(code))
    assert sorted(initials) == sorted(marker_initials(lang_of("en")))
    assert all(len(letter) == 1 for letter in initials.values()) and len(set(initials.values())) == 6
    assert not set(initials.values()) & {"I", "V"}  # never read as a slot numeral beside it
    english = set(ENGLISH_INITIALS) - set(initials.values())  # pl shares P and B, for other colours
    assert english and list(initials.values()) != list(ENGLISH_INITIALS)
    game = ludus.load("trajan", 2)
    state = _mid_game(2, 7)
    lang = get_lang(code).for_domain(DOMAIN)
    for seat in (0, 1):
        view = state.view(seat)
        shown = game.render_seat(view, seat, code) or ""
        letters = set(re.findall(r"(?<![\w+])[^\W\d_](?![\w+])", shown))
        assert letters & set(initials.values()), (code, shown)  # the circle shows markers
        assert not letters & english, (code, letters & english)
        assert letters <= set(initials.values()) | {"I", "V"}, (code, letters)
        rows = 0
        for line in game.render(view, seat, code).splitlines():
            words = line.split()
            if len(words) >= 3 and words[0] in SLOT_NAMES and words[1] == action_name(
                    SLOT_NAMES.index(words[0]), lang):
                rows += 1
                assert words[2] == "." or set(words[2]) <= set(initials.values()), (code, line)
        assert rows == 12  # six trays of each seat's circle


# --- 4. every component, in every language ------------------------------------------------------
@pytest.mark.parametrize("code", LANGUAGES)
def test_every_component_is_explained_in_every_language(code: str) -> None:
    game = ludus.load("trajan", 2)
    lang = CheckedLang(code).for_domain(DOMAIN)
    assert isinstance(lang, CheckedLang)
    entries = list(notation._entries(lang))
    assert len(entries) > 150 and lang.misses == set()
    texts = []
    for names, text in entries:
        local = names[-1]  # the component's name in the language
        assert game.component_text(local, code) == text, (code, local)
        assert game.component_text(names[0], code) is not None  # its id finds it (or a namesake: senate)
        assert game.component_text(names[1], code) is not None  # and its English name
        # the Hungarian rulebook's own words are quoted as they are (in Hungarian and English only);
        # problems() reads words as runs of ASCII letters, and "látható" would read as "that"
        texts.append((local, text.split(QUOTE[code])[0]))
        assert code in ("en", "hu") or "„" not in text  # no Hungarian quote for a Polish or Ukrainian reader
    assert problems(texts, lang, allowed(code)) == []


QUOTE = {"en": "\n  (rulebook, HU:", "hu": "\n  (szabálykönyv:", "pl": "\n  (instrukcja",
         "uk": "\n  (угорські"}
"""How a component text quotes the Hungarian rulebook (pl and uk texts do not quote it)."""


def test_a_localised_name_finds_its_component() -> None:
    game = ludus.load("trajan", 2)
    hu = game.component_text("kikötőakció", "hu")
    assert hu is not None and hu.startswith("kikötőakció: Válassz egyet") and "szabálykönyv" in hu
    assert game.component_text("Seaport action", "hu") == hu
    pl = game.component_text("płytka bonusu: religia", "pl")
    assert pl is not None and pl.startswith("płytka bonusu: religia: 9 (żółta strona)")
    assert game.component_text("religion bonus tile", "pl") == pl and "HU" not in pl
    uk = game.component_text("корабель однакових карт", "uk")
    assert uk == game.component_text("identical", "uk") and uk is not None and "ПО" in uk
    assert game.component_text("no such thing", "uk") is None


def test_errors_and_option_help_are_translated() -> None:
    from ludus.core.errors import IllegalActionError
    from ludus.games.trajan.config import OPTIONS
    from ludus.games.trajan.rules.forum import remove_kind

    with pytest.raises(IllegalActionError) as caught:
        remove_kind([], 0)
    assert get_lang("hu").error_text(caught.value) == "nincs ilyen lapkád: szenátuslapka: 2 szavazat"
    assert str(caught.value) == "no 2-vote senate tile held"
    hu = get_lang("hu").for_domain(DOMAIN)
    for option in OPTIONS:
        assert hu.gettext(option.help) != option.help, option.name


def test_plural_forms_of_the_log() -> None:
    from ludus.core.events import Event

    def take(code: str, n: int) -> str:
        return Event("take_tray", {"seat": 1, "markers": n, "tray": 2}, None, DOMAIN).text_in(code)

    assert [take("en", n) for n in (1, 2)] == ["Player 2 takes 1 marker from the Military tray",
                                              "Player 2 takes 2 markers from the Military tray"]
    assert [take("pl", n).split()[4] for n in (1, 2, 5, 22)] == ["znacznik", "znaczniki", "znaczników",
                                                                 "znaczniki"]
    assert [take("uk", n).split()[4] for n in (1, 2, 5, 22)] == ["маркер", "маркери", "маркерів", "маркери"]
    assert take("hu", 5) == "2. játékos elvesz 5 akciójelzőt a tálcáról: katonai"


def test_the_outcome_reason_stays_english_and_reads_in_the_language() -> None:
    game = ludus.load("trajan", 2)
    state = game.new_state(5)
    texts, _ = read_everything(game, 5, "hu", views=1)
    reason = dict(texts)["outcome"]
    assert reason == ("lezajlott a négy negyedév; a legtöbb GyP-vel rendelkező játékos nyer, holtverseny "
                      "esetén a szenátusban magasabban álló")
    assert not state.is_terminal()


# --- 5. ludus --lang hu play trajan, in a real terminal ------------------------------------------------
HUNGARIAN_TERMS = ("Traianuslapka", "GyP", "akciójelző", "katonai tábor", "fórumlapka", "kikötő",
                   "építésterület")


def test_the_hungarian_edition_plays_in_a_terminal(tmp_path: Path) -> None:
    def respond(prompt: Prompt, n: int) -> str:
        if n >= 40:  # the markers placed, the starting cards taken, a few turns played
            return "quit"
        numbers = prompt.menu()
        return str(numbers[0]) if numbers else "quit"

    argv = [sys.executable, "-m", "ludus", "--lang", "hu", "play", "trajan", "--players", "2", "--seed", "3",
            "--bots", "random"]
    run = play_in_terminal(argv, respond, 80, 24, env={"LUDUS_DATA_DIR": str(tmp_path)})
    assert run.exit_code == 0, run.plain[-2000:]
    text = run.plain
    assert len(run.prompts) >= 5
    for term in HUNGARIAN_TERMS:
        assert term in text, term
    assert "TRAIANUS  negyedév 1/4" in text  # the board
    assert "tegyél kezdő akciójelzőt a következő tálcába" in text  # the menu
    # the log
    assert "2. játékos köre" in text and re.search(r"[12]\. játékos elvesz \d+ akciójelzőt a tálcáról", text)
    screens = "\n".join(prompt.text() for prompt in run.prompts)  # not the file name of the saved game
    english = sorted({w for w in re.findall(r"[A-Za-z]+", screens) if w.casefold() in ENGLISH_WORDS}
                     - set(allowed("hu")))
    assert english == [], english

"""Issue 12 (platform domain): gettext catalogs managed with Babel, complete and compiled,
with the right plural forms; the language comes from --lang, LUDUS_LANG or the system."""

from __future__ import annotations

import gettext
import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

import ludus
from ludus.cli import main
from ludus.core.errors import LanguageError
from ludus.core.i18n import LANGUAGES, domains, get_lang, localedir, negotiate
from ludus.core.registry import games

ROOT = Path(__file__).resolve().parents[2]
PLACEHOLDER = re.compile(r"\{(\w*)[^{}]*\}")
PLURALS = {"en": 2, "pl": 3, "hu": 2, "uk": 3}
"""Forms per language: Polish and Ukrainian have three, Hungarian and English two."""


def _catalog(lang: str, domain: str = "ludus"):  # type: ignore[no-untyped-def]
    with open(localedir(domain) / lang / "LC_MESSAGES" / f"{domain}.po", "rb") as f:
        return read_po(f, locale=lang)


def _domains() -> list[str]:
    """The platform's domain and every game's that registers its catalogs."""
    games()  # imports every installed game, and so registers its domain
    return list(domains())


def _extracted(domain: str) -> set[str]:
    """``domain``'s messages as pybabel extracts them today (its babel.cfg; the platform leaves out the
    games)."""
    if domain == "ludus":
        source, config = ROOT / "src" / "ludus", ROOT / "babel.cfg"
    else:
        source = localedir(domain).parent
        config = source / "babel.cfg"
    with open(config, encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f)
    if domain == "ludus":
        method_map.insert(0, ("**/games/**", "ignore"))
    found: set[str] = set()
    for _file, _line, message, _comments, _context in extract_from_dir(str(source), method_map, options_map):
        found.add(message[0] if isinstance(message, tuple) else message)
    return found


@pytest.mark.parametrize("domain", _domains())
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_is_translated_and_compiled(lang: str, domain: str) -> None:
    catalog = _catalog(lang, domain)
    assert catalog.num_plurals == PLURALS[lang]
    with open(localedir(domain) / lang / "LC_MESSAGES" / f"{domain}.mo", "rb") as mo:
        compiled = gettext.GNUTranslations(mo)
    ids: set[str] = set()
    for message in catalog:
        if not message.id:
            continue
        key = message.id[0] if isinstance(message.id, tuple) else message.id
        ids.add(key)
        assert "fuzzy" not in message.flags, key
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert len(strings) == (PLURALS[lang] if isinstance(message.id, tuple) else 1), key
        for text in strings:
            assert text, f"untranslated in {lang}: {key!r}"
            assert set(PLACEHOLDER.findall(text)) <= set(PLACEHOLDER.findall(key)), (key, text)
        # the .mo says the same as the .po: a .po edited without `make i18n` fails here
        if isinstance(message.id, tuple):
            for n in (1, 2, 5):
                assert compiled.ngettext(message.id[0], message.id[1], n) in strings
        elif message.context:
            assert compiled.pgettext(message.context, key) == message.string, (message.context, key)
        else:
            assert compiled.gettext(key) == message.string, key
    missing = _extracted(domain) - ids
    assert not missing, f"messages not in the {lang} {domain} catalog (run make i18n): {sorted(missing)[:5]}"


@pytest.mark.parametrize("domain", _domains())
@pytest.mark.parametrize(("lang", "forms"),
                         [("pl", (0, 1, 2, 1)), ("uk", (0, 1, 2, 1)), ("hu", (0, 1, 1, 1))])
def test_each_catalog_picks_the_plural_form_for_1_2_5_and_22(lang: str, forms: tuple[int, ...],
                                                             domain: str) -> None:
    # one (1), few (2, 22), many (5) in Polish and Ukrainian; Hungarian's second form after any other number
    with open(localedir(domain) / lang / "LC_MESSAGES" / f"{domain}.mo", "rb") as mo:
        compiled = gettext.GNUTranslations(mo)
    assert tuple(compiled.plural(n) for n in (1, 2, 5, 22)) == forms  # type: ignore[attr-defined]


@pytest.mark.parametrize(("lang", "forms"), [
    ("pl", ["akcję", "akcje", "akcji", "akcje"]), ("uk", ["дію", "дії", "дій", "дії"]),
    ("hu", ["lépés"] * 4), ("en", ["action to", "actions", "actions", "actions"]),
])
def test_plural_forms_for_1_2_5_and_22(lang: str, forms: list[str]) -> None:
    lang_ = get_lang(lang)
    for n, form in zip((1, 2, 5, 22), forms):
        text = lang_.ngettext("Saved {count} action to {path}.", "Saved {count} actions to {path}.", n)
        assert form in text.format(count=n, path="x.json"), (n, text)


def test_the_language_comes_from_lang_then_ludus_lang_then_the_system() -> None:
    assert negotiate("pl", {"LUDUS_LANG": "hu", "LANG": "uk_UA.UTF-8"}) == "pl"
    assert negotiate(None, {"LUDUS_LANG": "hu", "LANG": "uk_UA.UTF-8"}) == "hu"
    assert negotiate(None, {"LANG": "uk_UA.UTF-8"}) == "uk"
    assert negotiate(None, {"LANG": "de_DE.UTF-8"}) == "en"
    with pytest.raises(LanguageError, match="unknown language 'de'"):
        negotiate("de", {})


def test_two_languages_at_once_share_nothing() -> None:
    pl, hu = get_lang("pl"), get_lang("hu")
    assert pl.gettext("Final position") == "Stan końcowy" and hu.gettext("Final position") == "Végállás"
    assert get_lang("en").gettext("Final position") == "Final position"


@pytest.mark.parametrize(("lang", "words"),
                         [("pl", "gry ludus"), ("hu", "ludus játékok"), ("uk", "ігри ludus")])
def test_ludus_games_in_each_language(lang: str, words: str, capsys: pytest.CaptureFixture[str]) -> None:
    from rich.console import Console

    console = Console(width=200, color_system=None)
    assert main(["--lang", lang, "games"], console) == 0
    assert words in capsys.readouterr().out


def test_an_unknown_language_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "xx", "games"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "unknown language 'xx'" in err


def test_help_is_translated(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["play", "--lang", "pl", "--help"])
    assert "liczba graczy (domyślnie: jak w grze)" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["--lang", "pl", "--help"])
    assert "graj w terminalu przeciw botom" in capsys.readouterr().out


def test_the_terminal_speaks_the_chosen_language() -> None:
    import io

    from rich.console import Console

    from ludus.agents import RandomAgent
    from ludus.play.terminal import TerminalSession

    state = ludus.load("glory-to-rome", 2).new_state(3)
    out = io.StringIO()
    console = Console(file=out, width=80, color_system=None)
    answers = iter(["1", "undo", "quit"])
    record = ludus.GameRecord("glory-to-rome", 2, 3, state.game.option_dict, [])
    TerminalSession(state.game, state, record, [0], {1: RandomAgent(1, 0.0)}, console,
                    lambda prompt: (console.print(prompt), next(answers, "quit"))[1],
                    lang=get_lang("pl")).run()
    text = out.getvalue()
    assert "Gracz 1> " in text and "Opuszczasz grę." in text
    assert "Since your last decision" not in text and "Player 1>" not in text


def test_argparse_speaks_the_language_too(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--lang", "pl", "play", "--players", "x"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(
        "użycie: ludus play") and "ludus play: błąd: argument --players: nieprawidłowa wartość" in err
    with pytest.raises(SystemExit):
        main(["--lang", "hu", "simulate"])
    assert "a következő argumentumok kötelezők: game" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["--lang", "uk", "--help"])
    out = capsys.readouterr().out
    assert "використання: ludus" in out and "показати цю довідку й вийти" in out and "usage:" not in out


def test_errors_are_said_in_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    from ludus.core.actions import Action
    from ludus.core.errors import NotationError

    assert main(["--lang", "uk", "play", "no-such-game"]) == 2
    known = ", ".join(info.id for info in games())  # the registered games (scripts/new_game.py adds one)
    assert capsys.readouterr().err == f"ludus: помилка: невідома гра 'no-such-game' (ігри: {known})\n"
    with pytest.raises(NotationError) as error:
        Action.from_notation("0:")
    assert str(error.value) == "cannot parse action '0:': no verb after the player"
    assert get_lang("pl").error_text(
        error.value) == "nie można odczytać akcji '0:': brak czasownika po graczu"
    state = ludus.load("glory-to-rome", 2).new_state(1)
    assert state.why_illegal(Action(7, "x"), "hu") == "nincs 7. játékos"


def test_simulate_and_bench_write_numbers_the_locale_way(capsys: pytest.CaptureFixture[str]) -> None:
    from rich.console import Console

    console = Console(width=120, color_system=None)
    assert main(["--lang", "pl", "simulate", "glory-to-rome", "-n", "2", "--seed", "4"], console) == 0
    out = capsys.readouterr().out
    assert "2 gry, graczy: 3, ziarno 4" in out and "średni wynik" in out and "gier/s" in out
    assert re.search(r"\d+,\d%", out)  # 50,0%: a decimal comma


def test_a_bad_record_is_refused_in_the_language(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "ludus-record/1", "game": "trajan", "players": 2, "seed": "x"}',
                   encoding="utf-8")
    assert main(["--lang", "pl", "replay", str(bad)]) == 2
    assert capsys.readouterr().err.startswith("ludus: błąd: ")
    assert main(["--lang", "hu", "replay", str(tmp_path / "missing.json")]) == 2
    assert "játszmafeljegyzés nem olvasható" in capsys.readouterr().err

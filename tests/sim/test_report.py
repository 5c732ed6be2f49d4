"""Issue 20: ``ludus report``, the self-contained HTML balance report, from result rows of real
seeded games written in the three formats of the result row (JSONL, CSV, Parquet)."""

from __future__ import annotations

import csv
import json
import math
import re
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

import ludus
from fixtures.scripts import load_script
from ludus.agents import make_agent, play_game
from ludus.cli import main
from ludus.sim.report import build_report, render_report, write_report
from ludus.sim.report_data import Aggregate, ReportError, read_rows, wilson

SCALARS = (str, int, float, bool)


# --- rows of real games, in the result row's shape ------------------------------------------
def play_row(game_id: str, players: int, options: dict[str, Any], agents: list[str], batch_seed: int,
             index: int, max_actions: int | None = None) -> dict[str, Any]:
    """The result row of one game played by ``agents`` (seeded as ``ludus simulate`` seeds it)."""
    game = ludus.load(game_id, players=players, **options)
    seed = batch_seed * 1_000_003 + index
    bots = [make_agent(name, seed * 31 + p + 1) for p, name in enumerate(agents)]
    state, record = play_game(game.new_state(seed), bots, seed=seed, max_actions=max_actions)
    row: dict[str, Any] = {
        "game": game_id, "players": players, "options": dict(options), "index": index, "seed": seed,
        "batch_seed": batch_seed, "rotation": 0, "agents": list(agents), "length": len(record.actions),
        "duration": round(0.001 * len(record.actions), 6),
    }
    if record.stopped is not None:
        return row | {"finished": False, "scores": [], "ranking": [], "winners": [], "cooperative_win": None,
                      "reason": record.stopped, "termination": "capped", "breakdown": {}, "details": {}}
    out = state.outcome()
    return row | {
        "finished": True, "scores": [float(s) for s in out.scores], "ranking": list(out.ranking),
        "winners": list(out.winners), "cooperative_win": out.cooperative_win, "reason": out.reason,
        "termination": str(out.termination),
        "breakdown": {s["category"]: list(s["points"]) for s in out.details["sheet"]},
        "details": {k: v for k, v in out.details.items() if isinstance(v, SCALARS)},
    }


def error_row(like: dict[str, Any], index: int) -> dict[str, Any]:
    """Game ``index`` of ``like``'s run, whose play raised (``termination: "error"``), as ``ludus simulate``
    records it."""
    return like | {"index": index, "seed": like["batch_seed"] * 1_000_003 + index, "finished": False,
                   "scores": [], "ranking": [], "winners": [], "cooperative_win": None,
                   "reason": "RuntimeError: boom", "termination": "error", "breakdown": {}, "details": {}}


def write_jsonl(rows: list[dict[str, Any]], path: Path) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def _categories(rows: list[dict[str, Any]]) -> list[str]:
    return sorted({c for r in rows for c in r["breakdown"]})


PLAIN = ["game", "players", "index", "seed", "batch_seed", "rotation", "finished", "cooperative_win",
         "length", "duration", "reason", "termination"]


def write_csv(rows: list[dict[str, Any]], path: Path) -> Path:
    categories = _categories(rows)
    with path.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow([*PLAIN, "options", "agents", "scores", "ranking", "winners", "details",
                         *(f"breakdown.{c}" for c in categories)])
        for r in rows:
            writer.writerow([
                *("" if r[k] is None else str(r[k]).lower() if isinstance(r[k], bool) else r[k]
                  for k in PLAIN),
                json.dumps(r["options"]), ";".join(r["agents"]), ";".join(f"{s:g}" for s in r["scores"]),
                ";".join(map(str, r["ranking"])), ";".join(map(str, r["winners"])), json.dumps(r["details"]),
                *(";".join(f"{v:g}" for v in r["breakdown"][c]) if c in r["breakdown"] else ""
                  for c in categories),
            ])
    return path


def write_parquet(rows: list[dict[str, Any]], path: Path, row_group_size: int = 3) -> Path:
    import pyarrow as pa
    import pyarrow.parquet as pq

    columns: dict[str, Any] = {k: [r[k] for r in rows] for k in PLAIN}
    columns["options"] = [json.dumps(r["options"]) for r in rows]
    columns["details"] = [json.dumps(r["details"]) for r in rows]
    for k in ("agents", "scores", "ranking", "winners"):
        columns[k] = [r[k] for r in rows]
    columns["scores"] = pa.array(columns["scores"], pa.list_(pa.float64()))
    for c in _categories(rows):
        columns[f"breakdown.{c}"] = pa.array(
            [[float(v) for v in r["breakdown"][c]] if c in r["breakdown"] else None
             for r in rows], pa.list_(pa.float64()))
    # a few rows per row group, so the reader goes through several batches
    pq.write_table(pa.table(columns), path, row_group_size=row_group_size)
    return path


WRITERS = {".jsonl": write_jsonl, ".csv": write_csv, ".parquet": write_parquet}


@pytest.fixture(scope="module")
def trajan_rows() -> list[dict[str, Any]]:
    rows = [play_row("trajan", 2, {}, ["greedy", "random"], 1, i) for i in range(4)]
    rows += [play_row("trajan", 3, {}, ["random"] * 3, 2, i) for i in range(3)]
    rows.append(play_row("trajan", 2, {}, ["greedy", "random"], 1, 4, max_actions=30))  # capped
    rows.append(error_row(rows[0], 5))
    return rows


def test_an_option_at_its_default_is_the_group_without_it(wall_rows: list[dict[str, Any]]) -> None:
    agg = Aggregate()
    solo = [r for r in wall_rows if r["players"] == 1]
    agg.extend(
        [solo[0] | {"options": {}}, solo[1] | {"options": {"difficulty": "easy", "campaign_fort": "0"}}])
    assert [(g.options, g.games) for g in agg.groups.values()] == [({}, 2)]


@pytest.fixture(scope="module")
def rome_rows() -> list[dict[str, Any]]:
    return [play_row("fall-of-rome", players, {"difficulty": level}, ["random"] * players, 3, i)
            for level in ("novice", "normal") for players in (1, 2) for i in range(3)]


@pytest.fixture(scope="module")
def wall_rows() -> list[dict[str, Any]]:
    rows = [play_row("hadrians-wall", 1, {"difficulty": level}, ["greedy"], 4, i)
            for level in ("easy", "hard") for i in range(2)]
    return rows + [play_row("hadrians-wall", 2, {}, ["greedy", "random"], 5, i) for i in range(2)]


# --- reading the page ---------------------------------------------------------------------
class Page(HTMLParser):
    """The report's sections: headings, table cells (per table) and captions."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.headings: list[str] = []
        self.tables: list[list[list[str]]] = []
        self.captions: list[str] = []
        self.urls: list[str] = []
        self._in: str | None = None
        self._text = ""
        self.feed(text)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.urls += [v for k, v in attrs if k in ("src", "href") and v and not v.startswith(("#", "data:"))]
        if tag == "table":
            self.tables.append([])
        elif tag == "tr":
            self.tables[-1].append([])
        elif tag in ("td", "th", "h2", "figcaption"):
            self._in, self._text = tag, ""

    def handle_data(self, data: str) -> None:
        if self._in:
            self._text += data

    def handle_endtag(self, tag: str) -> None:
        if tag != self._in:
            return
        if tag in ("td", "th"):
            self.tables[-1][-1].append(self._text)
        elif tag == "h2":
            self.headings.append(self._text)
        else:
            self.captions.append(self._text)
        self._in = None


def figures(text: str) -> int:
    return text.count("<svg") + text.count("data:image/png")


# --- the numbers --------------------------------------------------------------------------
@pytest.mark.parametrize(("k", "n", "low", "high"), [
    (0, 10, 0.0, 0.27753), (5, 10, 0.23659, 0.76341), (10, 10, 0.72247, 1.0), (1, 2, 0.09453, 0.90547),
])
def test_wilson_interval_known_values(k: int, n: int, low: float, high: float) -> None:
    got = wilson(k, n)
    assert got == pytest.approx((low, high), abs=1e-5)


def test_wilson_interval_against_its_formula() -> None:
    z = 1.959963984540054
    for k, n in [(3, 7), (2.5, 9), (40, 41)]:
        p = k / n
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        assert wilson(k, n) == pytest.approx((centre - half, centre + half))


# --- the report ---------------------------------------------------------------------------
def test_competitive_report_has_every_section_with_the_right_numbers(
        trajan_rows: list[dict[str, Any]], tmp_path: Path) -> None:
    source = write_jsonl(trajan_rows, tmp_path / "trajan.jsonl")
    out = write_report([source], tmp_path / "report.html")
    text = out.read_text(encoding="utf-8")
    page = Page(text)
    assert page.headings == ["Win rate by seat", "Score distributions per seat and per agent",
                             "Score breakdown by category", "Game length", "How the games ended"]
    assert page.urls == []  # self-contained: no external URL
    # two groups × three per-group sections, one length figure, one termination figure
    assert figures(text) == len(page.captions) == 2 * 3 + 2
    for caption in page.captions:
        assert "ludus simulate trajan" in caption and "(seed " in caption
    assert any("--players 2 --agents greedy,random -n 6 --seed 1 --out trajan.jsonl" in c
               for c in page.captions)
    assert any("--players 3 --agents random -n 3 --seed 2" in c for c in page.captions)
    # win rate of 2p seat 0 (greedy): counted from the rows, interval computed here
    finished = [r for r in trajan_rows if r["players"] == 2 and r["finished"]]
    wins = sum(1 / len(r["winners"]) for r in finished if 0 in r["winners"])
    n = len(finished)
    p = wins / n
    z = 1.959963984540054
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    seat0 = page.tables[0][1]
    assert seat0[:4] == ["0", "greedy", f"{wins:.1f}", str(n)]
    assert seat0[5] == f"{100 * max(0, centre - half):.1f}% – {100 * min(1, centre + half):.1f}%"
    assert seat0[6] == "2"  # one capped and one error game, counted as unfinished
    # how the games ended: the capped and the error game are there, labelled
    ended = page.tables[-1]
    assert ended[0][-3:] == ["capped (unfinished)", "error (unfinished)", "unfinished"]
    assert [row[-3:] for row in ended[1:]] == [["1", "1", "2"], ["0", "0", "0"]]
    # breakdown: the mean track points of seat 1 in the 2-player games
    breakdown = page.tables[4]
    track = next(row for row in breakdown if row[0] == "track")
    assert track[2] == f"{sum(r['breakdown']['track'][1] for r in finished) / n:.2f}"


def test_co_op_report_has_the_difficulty_grid(rome_rows: list[dict[str, Any]], tmp_path: Path) -> None:
    novice = [r for r in rome_rows if r["options"]["difficulty"] == "novice"]
    normal = [r for r in rome_rows if r["options"]["difficulty"] == "normal"]
    files = [write_parquet(novice, tmp_path / "novice.parquet"), write_csv(normal, tmp_path / "normal.csv")]
    text = write_report(files, tmp_path / "rome.html").read_text(encoding="utf-8")
    page = Page(text)
    assert page.headings[-1] == "Win rate by difficulty and player count"
    # + the grid and the solo scores by difficulty
    assert figures(text) == len(page.captions) == 4 * 3 + 2 + 2
    grid = page.tables[-2]
    assert grid[0] == ["difficulty", "1 player", "2 players"]
    assert [row[0] for row in grid[1:]] == ["novice", "normal"]  # the game's order of difficulties
    for row, level in zip(grid[1:], ("novice", "normal")):
        for cell, players in zip(row[1:], (1, 2)):
            games = [r for r in rome_rows if r["options"]["difficulty"] == level and r["players"] == players]
            won = sum(bool(r["cooperative_win"]) for r in games)
            low, high = wilson(won, len(games))
            share = f"{100 * won / len(games):.1f}% [{100 * low:.1f}% – {100 * high:.1f}%]"
            assert cell == f"{won}/{len(games)} = {share}"
    caption = page.captions[-2]
    assert "--option difficulty=novice" in caption and "--out novice.parquet" in caption
    assert "--out normal.csv" in caption and "--seed 3" in caption


def test_hadrians_wall_solo_rank_distribution(wall_rows: list[dict[str, Any]], tmp_path: Path) -> None:
    text = write_report([write_jsonl(wall_rows, tmp_path / "hw.jsonl")], tmp_path / "hw.html").read_text()
    page = Page(text)
    ranks = page.tables[-2]
    assert ranks[0] == ["rank", "easy", "hard"]
    from ludus.games.hadrians_wall.components import SOLO_RANKS

    assert [row[0] for row in ranks[1:]] == [names["en"] for _m, names in SOLO_RANKS]
    for j, level in enumerate(("easy", "hard"), start=1):
        seen = [r["details"]["rank"] for r in wall_rows if r["options"].get("difficulty") == level]
        assert {row[0]: int(row[j]) for row in ranks[1:] if int(row[j])} == {k: seen.count(k)
                                                                             for k in set(seen)}
    assert "Solo score distribution by difficulty" in page.captions[-1]


def test_the_three_formats_give_the_same_report(trajan_rows: list[dict[str, Any]], tmp_path: Path) -> None:
    tables = []
    for suffix, write in WRITERS.items():
        path = write(trajan_rows, tmp_path / f"r{suffix}")
        agg = Aggregate()
        agg.extend(read_rows(path), "r")
        tables.append(Page(build_report(agg)).tables)
    assert tables[0] == tables[1] == tables[2]
    rows = list(read_rows(tmp_path / "r.parquet"))
    assert rows[0] | {"breakdown": {}} == trajan_rows[0] | {"breakdown": {}}
    assert rows[0]["breakdown"] == {k: [float(v) for v in vs]
                                    for k, vs in trajan_rows[0]["breakdown"].items()}


def test_report_in_polish_is_translated_where_the_catalog_has_the_words(
        wall_rows: list[dict[str, Any]], tmp_path: Path) -> None:
    source = write_jsonl(wall_rows[:2], tmp_path / "hw.jsonl")
    assert main(["report", str(source), "-o", str(tmp_path / "pl.html"), "--lang", "pl", "--title", "T"]) == 0
    text = (tmp_path / "pl.html").read_text(encoding="utf-8")
    assert '<html lang="pl">' in text and "<title>T</title>" in text
    assert ">partie<" in text  # "games", an axis label the catalog already translates


# --- the command --------------------------------------------------------------------------
def test_cli_writes_the_report(trajan_rows: list[dict[str, Any]], tmp_path: Path,
                               capsys: pytest.CaptureFixture[str]) -> None:
    source = write_csv(trajan_rows, tmp_path / "t.csv")
    assert main(["report", str(source), "-o", str(tmp_path / "t.html")]) == 0
    assert (tmp_path / "t.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert "t.html" in capsys.readouterr().out


def _one_line_error(argv: list[str], capsys: pytest.CaptureFixture[str], words: str) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err, err


def test_cli_errors_are_one_line_and_exit_2(trajan_rows: list[dict[str, Any]],
                                            wall_rows: list[dict[str, Any]], tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    out = str(tmp_path / "x.html")
    _one_line_error(["report", str(tmp_path / "missing.jsonl"), "-o", out], capsys, "no result file")
    (tmp_path / "empty.jsonl").write_text("")
    _one_line_error(["report", str(tmp_path / "empty.jsonl"), "-o", out], capsys, "holds no result rows")
    mixed = [write_jsonl(trajan_rows[:2], tmp_path / "a.jsonl"),
             write_jsonl(wall_rows[:1], tmp_path / "b.jsonl")]
    _one_line_error(["report", *map(str, mixed), "-o", out], capsys,
                    "several games (trajan and hadrians-wall)")
    (tmp_path / "bad.jsonl").write_text('{"game": "trajan"}\n')
    _one_line_error(["report", str(tmp_path / "bad.jsonl"), "-o", out], capsys, "row 1 is not a result row")
    write_jsonl(trajan_rows[:2], tmp_path / "broken.jsonl")
    with (tmp_path / "broken.jsonl").open("a") as fh:
        fh.write('{"game": "trajan", "players\n')
    _one_line_error(["report", str(tmp_path / "broken.jsonl"), "-o", out], capsys,
                    "row 3 is not a result row")
    (tmp_path / "broken.csv").write_text("game,players,agents\ntrajan,two,a;b\n")
    _one_line_error(["report", str(tmp_path / "broken.csv"), "-o", out], capsys, "row 1 is not a result row")
    (tmp_path / "broken.parquet").write_text("not parquet")
    _one_line_error(["report", str(tmp_path / "broken.parquet"), "-o", out], capsys, "not a Parquet file")
    _one_line_error(["report", str(tmp_path / "missing.jsonl"), "-o", out, "--lang", "pl"], capsys,
                    "missing.jsonl")
    assert not Path(out).exists()
    with pytest.raises(ReportError):
        write_report([tmp_path / "x.txt"], out)


def test_every_figure_is_inline(trajan_rows: list[dict[str, Any]], tmp_path: Path) -> None:
    agg = Aggregate()
    agg.extend(trajan_rows, "t.jsonl")
    text = build_report(agg)
    assert "http://" not in re.sub(r'xmlns(:\w+)?="[^"]*"', "", text).replace("http://www.w3.org", "")
    ids = re.findall(r'\bid="([^"]+)"', text)
    assert len(ids) == len(set(ids))  # the figures' SVG ids do not collide


def test_aggregate_memory_does_not_grow_with_the_rows(trajan_rows: list[dict[str, Any]]) -> None:
    def sizes(agg: Aggregate) -> list[int]:
        per_group = [[*map(len, g.scores), len(g.lengths), len(g.terminations), len(g.breakdown), len(g.runs)]
                     for g in agg.groups.values()]
        return [len(agg.groups), len(agg.runs), *(n for group in per_group for n in group)]

    once, many = Aggregate(), Aggregate()
    once.extend(trajan_rows, "t.jsonl")
    for _ in range(100):
        many.extend(trajan_rows, "t.jsonl")
    assert many.rows == 100 * once.rows and sizes(many) == sizes(once)
    first, hundred = Page(build_report(once)).tables[0], Page(build_report(many)).tables[0]
    assert [row[4] for row in first] == [row[4] for row in hundred]  # the same win rates, over 100× the games
    assert [row[3] for row in hundred[1:]] == [str(100 * int(row[3])) for row in first[1:]]


def test_rotated_seats_make_a_group_per_seating_and_say_rotate_seats(
        trajan_rows: list[dict[str, Any]], tmp_path: Path) -> None:
    straight = [r for r in trajan_rows if r["players"] == 2 and r["finished"]][:2]
    turned = [play_row("trajan", 2, {}, ["random", "greedy"], 1, r["index"]) | {"rotation": 1}
              for r in straight]
    agg = Aggregate()
    agg.extend(straight + turned, "rot.jsonl")
    text = build_report(agg)
    page = Page(text)
    assert [t[1][:2] for t in page.tables[:2]] == [["0", "greedy"], ["0", "random"]]
    assert page.tables[0][1][3] == page.tables[1][2][3] == "2"  # each seating has its own n
    for caption in page.captions:
        assert "--agents greedy,random -n 2 --seed 1 --rotate-seats --out rot.jsonl" in caption
    pooled = page.tables[2]  # after the two seatings: every seating pooled, seat by seat
    assert "<caption>2 players · every seating pooled</caption>" in text
    both = straight + turned
    for p in (0, 1):
        wins = sum(1 / len(r["winners"]) for r in both if p in r["winners"])
        assert pooled[p + 1][:4] == [str(p), "any", f"{wins:.1f}", "4"]
    assert "Seats rotated" in page.captions[2]


# --- the figures as files -----------------------------------------------------------------
def test_figures_folder_holds_every_figure_of_the_page_with_its_caption(
        trajan_rows: list[dict[str, Any]], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import xml.etree.ElementTree as ET

    path = write_jsonl(trajan_rows, tmp_path / "t.jsonl")
    out, folder = tmp_path / "r.html", tmp_path / "figs"
    assert main(["report", str(path), "-o", str(out), "--figures", str(folder)]) == 0
    assert "Wrote the figures in" in capsys.readouterr().out
    text = out.read_text(encoding="utf-8")
    index = json.loads((folder / "figures.json").read_text(encoding="utf-8"))
    entries = index["figures"]
    assert index["game"] == "trajan" and len(entries) == figures(text) > 5
    assert sorted(p.name for p in folder.glob("*.svg")) == [e["file"] for e in entries]
    assert [e["number"] for e in entries] == list(range(1, len(entries) + 1))
    assert entries[0]["file"] == "01-win-rate-by-seat.svg"
    assert entries[0]["group"] == "2 players · greedy, random"
    assert {e["slug"] for e in entries} >= {"win-rate-by-seat", "scores", "score-breakdown", "game-length",
                                            "how-the-games-ended"}
    for e in entries:
        assert re.fullmatch(rf"{e['number']:02d}-{e['slug']}\.svg", e["file"])
        assert ET.parse(folder / e["file"]).getroot().tag == "{http://www.w3.org/2000/svg}svg"
    # the caption as plain text: the page's own, with the command and seed that make the games
    assert [e["caption"] for e in entries] == Page(text).captions
    command = "ludus simulate trajan --players 2 --agents greedy,random -n 6 --seed 1 --out t.jsonl"
    assert command in entries[0]["caption"]
    assert entries[0]["seeds"] == ["1"] and entries[0]["caption"].endswith("(seed 1).")


def test_figures_are_byte_identical_for_the_same_results_and_stale_ones_go(
        wall_rows: list[dict[str, Any]], tmp_path: Path) -> None:
    solo = write_jsonl([r for r in wall_rows if r["players"] == 1], tmp_path / "solo.jsonl")
    duo = write_jsonl([r for r in wall_rows if r["players"] == 2], tmp_path / "duo.jsonl")
    write_report([solo], tmp_path / "a.html", figures=tmp_path / "a")
    write_report([solo], tmp_path / "b.html", figures=tmp_path / "b")
    names = sorted(p.name for p in (tmp_path / "a").iterdir())
    assert any(n.endswith("-solo-ranks.svg") for n in names) and "figures.json" in names
    assert names == sorted(p.name for p in (tmp_path / "b").iterdir())
    for name in names:
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()
    # a report with fewer figures into the same folder: the earlier report's extra files are removed
    write_report([duo], tmp_path / "c.html", figures=tmp_path / "a")
    entries = json.loads((tmp_path / "a" / "figures.json").read_text(encoding="utf-8"))["figures"]
    assert len(entries) < len(names) - 1
    assert sorted(p.name for p in (tmp_path / "a").glob("*.svg")) == [e["file"] for e in entries]



def test_solo_grids_are_per_agent(wall_rows: list[dict[str, Any]]) -> None:
    solo = [r for r in wall_rows if r["players"] == 1]
    rand = [play_row("hadrians-wall", 1, {"difficulty": "easy"}, ["random"], 7, i) for i in range(2)]
    agg = Aggregate()
    agg.extend(solo + rand, "solo.jsonl")
    text, files = render_report(agg)
    grids = [f for f in files if f.slug == "win-rate-by-difficulty"]
    # a random bot's games are not pooled with greedy's
    assert [f.group for f in grids] == ["greedy", "random"]
    assert [f.group for f in files if f.slug == "solo-ranks"] == ["greedy", "random"]
    assert "<caption>greedy</caption>" in text and "<caption>random</caption>" in text
    grid = [t for t in Page(text).tables if t[0][:2] == ["difficulty", "1 player"]][1]
    assert grid[1][0] == "easy" and grid[1][1].startswith(f"{sum(0 in r['winners'] for r in rand)}/2 = ")


# --- the balance study script -------------------------------------------------------------
def _study() -> Any:
    return load_script("balance_study")


def test_study_plans_count_games_and_fix_each_run_seed() -> None:
    study = _study()
    full = {r.name: r for r in study.plan("trajan")}
    assert list(full) == ["greedy-2p", "greedy-3p", "greedy-4p", "hard-2p"]
    assert [r.seed for r in full.values()] == [1, 2, 3, 4]
    # self-play has one seating: the 10,000-game run is 10,000 seeds
    assert full["greedy-2p"].games == 10_000 and full["greedy-2p"].seeds() == 10_000
    assert full["greedy-2p"].command("trajan", Path("d/greedy-2p.parquet"), 2) == [
        "simulate", "trajan", "--players", "2", "--agents", "greedy", "-n", "10000", "--seed", "1", "--jobs",
        "2", "--out", "d/greedy-2p.parquet"]  # self-play: one seating, so no --rotate-seats
    mixed = study.Run("x", 3, ("greedy", "hard"), 30, 9, {}, True)
    assert mixed.seatings() == 3 and mixed.seeds() == 10
    assert mixed.command("trajan", Path("x.parquet"), 1)[-1] == "--rotate-seats"
    rome = {r.name: r for r in study.plan("fall-of-rome", quick=True)}
    assert len(rome) == 17 and rome["random-normal-1p"].games == 200 and rome["greedy-heroic-5p"].games == 1
    assert rome["greedy-heroic-5p"].options == {"difficulty": "heroic"}
    wall = {r.name: r.games for r in study.plan("hadrians-wall", scale=0.1)}
    assert wall["greedy-2p"] == 1000 and wall["greedy-6p"] == 120 and wall["solo-greedy-hard"] == 30


def test_study_quick_run_writes_parquet_report_figures_and_summary(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    study = _study()
    argv = ["hadrians-wall", "--quick", "--games-scale", "0.5", "--jobs", "1", "--only", "solo-greedy-easy",
            "--root", str(tmp_path)]
    assert study.main(argv) == 0
    data = tmp_path / "docs" / "balance" / "data" / "hadrians-wall"
    assert [p.name for p in sorted(data.iterdir())] == ["runs.json", "solo-greedy-easy.parquet"]
    rows = list(read_rows(data / "solo-greedy-easy.parquet"))
    assert len(rows) == 3 and {r["options"]["difficulty"] for r in rows} == {"easy"}
    assert [r["seed"] for r in rows] == [6 * 1_000_003 + i for i in range(3)]  # the run's seed: its place + 1
    measured = json.loads((data / "runs.json").read_text(encoding="utf-8"))["solo-greedy-easy"]
    assert measured["exit"] == 0 and measured["games"] == 3 and measured["peak_rss_mib"] > 10
    assert measured["command"] == ("ludus simulate hadrians-wall --players 1 --agents greedy -n 3 --seed 6 "
                                   "--jobs 1 --out solo-greedy-easy.parquet --option difficulty=easy")
    html_text = (tmp_path / "docs" / "balance" / "hadrians-wall.html").read_text(encoding="utf-8")
    figures_dir = tmp_path / "docs" / "images" / "balance" / "hadrians-wall"
    entries = json.loads((figures_dir / "figures.json").read_text(encoding="utf-8"))["figures"]
    assert len(entries) == figures(html_text) == len(list(figures_dir.glob("*.svg")))
    summary = capsys.readouterr().out
    assert summary.startswith("# Hadrian's Wall: balance study")
    assert f"| solo-greedy-easy | `{measured['command']}` | 3 | 0 |" in summary
    ranks = Counter(r["details"]["rank"] for r in rows)
    for rank, count in ranks.items():
        assert f"| {rank} | {count} ({100 * count / 3:.1f}%) |" in summary
    wins = sum(0 in r["winners"] for r in rows)  # solo: the game names the player a winner or not
    assert f"| easy | {wins}/3 = " in summary
    assert "](../images/balance/hadrians-wall/01-win-rate-by-seat.svg)" in summary

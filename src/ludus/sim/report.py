"""The balance report: one self-contained HTML page of tables and matplotlib figures.

:func:`write_report` reads result files (the rows of ``ludus simulate``) through
:mod:`ludus.sim.report_data` and writes a page with, for each group of games (players,
options, agents per seat): win rate by seat with 95% Wilson intervals, score distributions per
seat and agent, the score breakdown by category; then game length, how the games ended, and
for co-op or solo games the win rate by difficulty and player count (Hadrian's Wall solo: the
rank distribution). Figures are inline SVG; every caption gives the ``ludus simulate`` command
and seed that produce its games; :func:`write_figures` also writes each as its own SVG file.
matplotlib is imported only here (the report extra).
"""

from __future__ import annotations

import html
import math
import shlex
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from string import Template
from typing import Any

from ludus.core.errors import N_, LudusError
from ludus.core.i18n import Lang, get_lang
from ludus.sim.figures import FigureFile, _svg, write_figures
from ludus.sim.report_data import (
    CAPPED,
    ERROR,
    Aggregate,
    GroupStats,
    ReportError,
    Run,
    aggregate,
    mean_stdev,
    pool_seatings,
    quantile,
    wilson,
)

__all__ = ["FigureFile", "build_report", "render_report", "simulate_command", "write_figures", "write_report"]

PAGE = Template("""<!DOCTYPE html>
<html lang="$lang"><head><meta charset="utf-8"><title>$title</title>
<style>
body{font-family:system-ui,sans-serif;margin:2em;color:#222;max-width:1400px}
h1{font-size:1.6em}h2{border-bottom:1px solid #ccc;padding-top:.5em}
.pair{display:flex;flex-wrap:wrap;gap:2em;align-items:flex-start;margin:1em 0 2em}
table{border-collapse:collapse;font-size:.9em}th,td{border:1px solid #ccc;padding:.2em .5em;text-align:right}
th{background:#f3f3f3}caption{font-weight:600;text-align:left;padding:.3em 0}td.l,th.l{text-align:left}
figure{margin:0;max-width:720px}
figure svg{max-width:100%;height:auto}figcaption{font-size:.85em;color:#444}code{font-size:.95em}
</style></head><body>
<h1>$title</h1>
$body
</body></html>
""")
COLOURS = ["#4c72b0", "#dd8452", "#55a868", "#c44e52", "#8172b3", "#937860", "#da8bc3", "#8c8c8c", "#ccb974",
           "#64b5cd"]


# --- the numbers as words -----------------------------------------------------------------
def _periodic(agents: Sequence[str]) -> list[str]:
    """The shortest list of agents that, cycled over the seats, gives ``agents`` (``--agents``).

    >>> _periodic(["greedy", "random", "greedy", "random"])
    ['greedy', 'random']
    """
    for k in range(1, len(agents) + 1):
        if all(a == agents[i % k] for i, a in enumerate(agents)):
            return list(agents[:k])
    return list(agents)


def simulate_command(game: str, run: Run, defaults: dict[str, Any] | None = None) -> str:
    """The ``ludus simulate`` command that plays ``run``'s games again (options at their default left out).

    >>> simulate_command("trajan", Run("out/r.parquet", 2, {}, 1, ("greedy", "hard"), 500))
    'ludus simulate trajan --players 2 --agents greedy,hard -n 500 --seed 1 --out r.parquet'
    """
    words = ["ludus", "simulate", game, "--players", str(run.players), "--agents",
             ",".join(_periodic(run.agents)), "-n", str(run.seeds)]
    if run.batch_seed is not None:
        words += ["--seed", str(run.batch_seed)]
    for key, value in sorted(run.options.items()):
        if defaults is None or key not in defaults or str(defaults[key]) != str(value):
            words += ["--option", f"{key}={str(value).lower() if isinstance(value, bool) else value}"]
    if run.rotated:
        words.append("--rotate-seats")
    if run.path:
        words += ["--out", Path(run.path).name]
    return " ".join(shlex.quote(w) for w in words)


def _figure(width: float = 6.4, height: float = 3.6) -> Any:
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), layout="constrained")


def _box(counts: Counter[float], label: str) -> dict[str, Any]:
    """The box-plot statistics of scores given as counts (whiskers at the minimum and maximum)."""
    return {"label": label, "med": quantile(counts, 0.5), "q1": quantile(counts, 0.25),
            "q3": quantile(counts, 0.75), "whislo": min(counts), "whishi": max(counts),
            "mean": mean_stdev(counts)[0], "fliers": []}


# --- the page -----------------------------------------------------------------------------
class _Page:
    """The page being written: sections of tables and figures."""

    def __init__(self, agg: Aggregate, lang: Lang) -> None:
        self.agg = agg
        self.lang = lang
        self._ = lang.gettext
        self.game = agg.game or ""
        self.parts: list[str] = []
        self.figures = 0
        self.files: list[FigureFile] = []
        self.section, self.slug = "", ""
        self.title, self.cooperative, self.defaults, self.choices = self.game, False, {}, {}
        try:
            from ludus.core.registry import load

            info = load(self.game).info
            self.title, self.cooperative = info.title_in(lang.code), info.cooperative
            self.defaults = {o.name: o.default for o in info.options}
            self.choices = {o.name: [str(c) for c in o.choices or ()] for o in info.options}
        except LudusError:  # a game this ludus does not have: the report still stands on the rows
            pass

    def label(self, g: GroupStats, agents: str | None = None) -> str:
        """The group's name: players, agents (as ``--agents`` cycles them), options not at their default."""
        words = [self.lang.ngettext("{count} player", "{count} players", g.players).format(count=g.players),
                 ", ".join(_periodic(g.agents)) if agents is None else agents]
        words += [f"{k}={v}" for k, v in sorted(g.options.items())
                  if str(self.defaults.get(k, object())) != str(v)]
        return " · ".join(words)

    def caption(self, text: str, runs: Iterable[Any]) -> tuple[str, list[str], list[str]]:
        """The caption's text, and the commands and seeds that play its games (``runs``)."""
        commands = sorted({simulate_command(self.game, self.agg.runs[r], self.defaults) for r in runs})
        return text, commands, sorted({str(self.agg.runs[r].batch_seed) for r in runs},
                                      key=lambda s: (len(s), s))

    def pair(self, table: str, fig: Any, caption: tuple[str, list[str], list[str]], group: str = "",
             part: tuple[str, str] | None = None) -> None:
        """A table beside its figure, the caption saying how to make its games again; ``part`` (title, slug)
        names a figure that is not the section's own."""
        self.figures += 1
        svg, document = _svg(fig, self.figures)
        text, commands, seeds = caption
        said = self._("Made by {commands} (seed {seeds}).")
        words = html.escape(said).format(
            commands="; ".join(f"<code>{html.escape(c)}</code>" for c in commands),
            seeds=html.escape(", ".join(seeds)))
        plain = f"{text} {said.format(commands='; '.join(commands), seeds=', '.join(seeds))}"
        section, slug = part or (self.section, self.slug)
        self.files.append(
            FigureFile(self.figures, slug, section, group, plain, tuple(commands), tuple(seeds), document))
        self.parts.append(f'<div class="pair">{table}<figure>{svg}<figcaption>{html.escape(text)} {words}'
                          '</figcaption></figure></div>')

    def heading(self, text: str, slug: str) -> None:
        """A section: its heading, and ``slug`` (English) names its figures' files."""
        self.section, self.slug = text, slug
        self.parts.append(f"<h2>{html.escape(text)}</h2>")

    def table(self, head: Sequence[str], rows: Iterable[Sequence[str]], left: int = 1,
              title: str = "") -> str:
        def cells(tag: str, values: Sequence[str]) -> str:
            return "".join(f'<{tag}{" class=l" if i < left else ""}>{html.escape(v)}</{tag}>'
                           for i, v in enumerate(values))

        body = "".join(f"<tr>{cells('td', r)}</tr>" for r in rows)
        caption = f"<caption>{html.escape(title)}</caption>" if title else ""
        return f"<table>{caption}<thead><tr>{cells('th', head)}</tr></thead><tbody>{body}</tbody></table>"

    # 1. win rate by seat
    def win_rates(self) -> None:
        _ = self._
        self.heading(_("Win rate by seat"), "win-rate-by-seat")
        for g in self.agg.groups.values():
            self.win_rate(g, self.label(g), g.agents)
        for pooled in pool_seatings(self.agg.groups.values(),
                                    {k for k, run in self.agg.runs.items() if run.rotated}):
            label = self.label(pooled, _("every seating pooled"))
            self.win_rate(pooled, label, tuple(_("any") for _seat in pooled.agents))

    def win_rate(self, g: GroupStats, label: str, agents: Sequence[str]) -> None:
        _ = self._
        n, wins = g.win_games(), g.win_counts()
        rows, rates = [], []
        errors: list[list[float]] = [[], []]
        for p in range(g.players):
            rate = wins[p] / n if n else math.nan
            low, high = wilson(wins[p], n)
            rows.append([str(p), agents[p], self.lang.fixed(wins[p], 1), str(n),
                         self.lang.percent(rate) if n else "–",
                         f"{self.lang.percent(low)} – {self.lang.percent(high)}", str(g.unfinished)])
            rates.append(0.0 if not n else rate)
            errors[0].append(0.0 if not n else max(0.0, rate - low))
            errors[1].append(0.0 if not n else max(0.0, high - rate))
        table = self.table([_("seat"), _("agent"), _("wins"), _("games"), _("win rate"), _("95% CI"),
                            _("unfinished")], rows, 2, label)
        fig = _figure()
        ax = fig.subplots()
        ax.bar([f"{p}: {a}" for p, a in enumerate(agents)], rates, yerr=errors, capsize=4,
               color=COLOURS[: g.players] if g.players <= len(COLOURS) else COLOURS[0])
        if g.players > 1 and not g.coop_games:
            ax.axhline(1 / g.players, color="#888", linestyle="--", linewidth=1)
        ax.set_ylim(0, 1)
        ax.set_ylabel(_("win rate (95% Wilson interval)"))
        ax.set_title(label)
        text = _("Win rate of each seat over the finished games, ties split between the winners; "
                 "co-op and solo games: the team's win rate.")
        if agents != g.agents:
            text += " " + _("Seats rotated: every seating of the agents pooled, so a seat's advantage "
                            "is not its agent's.")
        self.pair(table, fig, self.caption(text, g.runs), label)

    # 2. score distributions
    def scores(self) -> None:
        _ = self._
        self.heading(_("Score distributions per seat and per agent"), "scores")
        for g in self.agg.groups.values():
            if not g.finished:
                continue
            per_agent: dict[str, Counter[float]] = {}
            for p, agent in enumerate(g.agents):
                per_agent.setdefault(agent, Counter()).update(g.scores[p])
            rows = []
            boxes = []
            for name, counts in [(f"{p}: {g.agents[p]}", g.scores[p]) for p in range(g.players)] + [
                    (_("agent {agent}").format(agent=a), c) for a, c in per_agent.items()]:
                mean, stdev = mean_stdev(counts)
                rows.append(
                    [name, str(sum(counts.values())), self.lang.fixed(mean, 1), self.lang.fixed(stdev, 1),
                     self.lang.fixed(min(counts), 1), self.lang.fixed(quantile(counts, 0.5), 1),
                     self.lang.fixed(max(counts), 1)])
                boxes.append(_box(counts, name))
            table = self.table([_("seat or agent"), _("games"), _("mean"), _("stdev"), _("min"), _("median"),
                                _("max")], rows, title=self.label(g))
            fig = _figure()
            ax = fig.subplots()
            ax.bxp(boxes, showmeans=True)
            ax.set_ylabel(_("score"))
            ax.set_title(self.label(g))
            ax.tick_params(axis="x", labelrotation=20)
            text = _("Final scores of the finished games: box from the first to the third quartile, the "
                     "median, the mean (triangle), whiskers at the minimum and the maximum.")
            self.pair(table, fig, self.caption(text, g.runs), self.label(g))

    # 3. breakdown by category
    def breakdown(self) -> None:
        _ = self._
        self.heading(_("Score breakdown by category"), "score-breakdown")
        for g in self.agg.groups.values():
            means = g.mean_breakdown()
            if not means:
                continue
            seats = [f"{p}: {a}" for p, a in enumerate(g.agents)]
            rows = [[c, *(self.lang.fixed(v, 2) for v in values)] for c, values in means.items()]
            table = self.table([_("category"), *seats], rows, title=self.label(g))
            fig = _figure()
            ax = fig.subplots()
            up, down = [0.0] * g.players, [0.0] * g.players
            for i, (category, values) in enumerate(means.items()):
                bottom = [up[p] if v >= 0 else down[p] for p, v in enumerate(values)]
                ax.bar(seats, values, bottom=bottom, label=category, color=COLOURS[i % len(COLOURS)],
                       hatch="//" if i >= len(COLOURS) else None)
                for p, v in enumerate(values):
                    if v >= 0:
                        up[p] += v
                    else:
                        down[p] += v
            ax.axhline(0, color="#444", linewidth=0.8)
            ax.set_ylabel(_("mean points"))
            ax.set_title(self.label(g))
            ax.legend(fontsize="small", loc="center left", bbox_to_anchor=(1, 0.5))
            text = _("Mean points per category of the score sheet, per seat, over the finished games "
                     "(negative categories below zero).")
            self.pair(table, fig, self.caption(text, g.runs), self.label(g))

    # 4. game length
    def lengths(self) -> None:
        _ = self._
        self.heading(_("Game length"), "game-length")
        groups = list(self.agg.groups.values())
        rows = []
        columns = min(3, len(groups))
        lines = -(-len(groups) // columns)
        fig = _figure(6.4 if columns < 3 else 9.0, 0.6 + (3.0 if lines == 1 else 1.9 * lines))
        axes = fig.subplots(lines, columns, sharex=True, squeeze=False).flat
        for i, (g, ax) in enumerate(zip(groups, axes)):
            mean, stdev = mean_stdev(g.lengths)
            duration = g.durations / g.timed if g.timed else math.nan
            rows.append([self.label(g), str(g.finished), self.lang.fixed(mean, 1), self.lang.fixed(stdev, 1),
                         self.lang.fixed(min(g.lengths, default=math.nan), 0),
                         self.lang.fixed(max(g.lengths, default=math.nan), 0), self.lang.fixed(duration, 3)])
            if g.lengths:
                values = sorted(g.lengths)
                ax.hist(values, weights=[g.lengths[v] for v in values], bins=min(30, len(values)),
                        color=COLOURS[i % len(COLOURS)])
            if len(groups) > 1:
                ax.set_title(self.label(g), fontsize="x-small")
        for ax in axes:  # the grid's empty places
            ax.set_visible(False)
        fig.supxlabel(_("actions per game"), fontsize="medium")
        fig.supylabel(_("games"), fontsize="medium")
        table = self.table(
            [_("group"), _("finished games"), _("mean actions"), _("stdev"), _("min"), _("max"),
             _("mean duration (s)")], rows)
        text = _("Length of the finished games in actions; the duration is the wall time per game, every "
                 "game.")
        self.pair(table, fig, self.caption(text, {r for g in groups for r in g.runs}))

    # 5. termination reasons
    def terminations(self) -> None:
        _ = self._
        self.heading(_("How the games ended"), "how-the-games-ended")
        total: Counter[str] = Counter()
        for g in self.agg.groups.values():
            total.update(g.terminations)
        reasons = sorted(total, key=lambda r: (r in (CAPPED, ERROR), r))
        names = {CAPPED: _("capped (unfinished)"), ERROR: _("error (unfinished)")}
        rows = [[self.label(g), *(str(g.terminations.get(r, 0)) for r in reasons), str(g.unfinished)]
                for g in self.agg.groups.values()]
        table = self.table([_("group"), *(names.get(r, r) for r in reasons), _("unfinished")], rows)
        fig = _figure(6.4, 0.6 + 0.45 * len(reasons))
        ax = fig.subplots()
        colours = ["#c44e52" if r in (CAPPED, ERROR) else COLOURS[0] for r in reasons]
        bars = ax.barh([names.get(r, r) for r in reasons], [total[r] for r in reasons], color=colours)
        ax.bar_label(bars, padding=2)
        ax.invert_yaxis()
        ax.set_xlabel(_("games"))
        text = _("How every game ended, unfinished games (stopped at the action cap, or by an error) "
                 "included.")
        self.pair(table, fig, self.caption(text, {r for g in self.agg.groups.values() for r in g.runs}))

    # 6. co-op and solo: by difficulty and player count
    def difficulty(self) -> None:
        _ = self._
        groups = [g for g in self.agg.groups.values() if self.cooperative or g.coop_games or g.players == 1]
        if not groups:
            return
        self.heading(_("Win rate by difficulty and player count"), "win-rate-by-difficulty")
        by_agents: dict[str, list[GroupStats]] = {}
        for g in groups:  # one grid per agent: a hard bot's games are not pooled with a greedy bot's
            by_agents.setdefault(", ".join(_periodic(g.agents)), []).append(g)
        for agents, members in by_agents.items():
            self.grid(members, agents, agents if len(by_agents) > 1 else "")

    def grid(self, groups: list[GroupStats], agents: str, title: str) -> None:
        """The win-rate grid of one agent's co-op or solo groups, then its solo ranks and scores."""
        _ = self._
        default = self.defaults.get("difficulty")
        cells: dict[tuple[str, int], list[Any]] = {}
        for g in groups:
            cell = cells.setdefault((str(g.options.get("difficulty", default)), g.players),
                                    [0.0, 0, set(), []])
            cell[0] += g.win_counts()[0]
            cell[1] += g.win_games()
            cell[2].update(g.runs)
            cell[3].append(g)
        order = self.choices.get("difficulty", [])
        levels = sorted({d for d, _p in cells},
                        key=lambda d: (order.index(d) if d in order else len(order), d))
        counts = sorted({p for _d, p in cells})
        runs = {r for c in cells.values() for r in c[2]}

        def said(d: str, p: int) -> str:
            if (d, p) not in cells:
                return ""
            k, n = cells[(d, p)][0], cells[(d, p)][1]
            low, high = wilson(k, n)
            rate = self.lang.percent(k / n) if n else "–"
            return (f"{self.lang.fixed(k, 0)}/{n} = {rate} [{self.lang.percent(low)} – "
                    f"{self.lang.percent(high)}]")

        head = [_("difficulty"), *(self.lang.ngettext("{count} player", "{count} players", p).format(count=p)
                                   for p in counts)]
        table = self.table(head, [[d, *(said(d, p) for p in counts)] for d in levels], title=title)
        fig = _figure()
        ax = fig.subplots()
        for i, p in enumerate(counts):
            xs = [j for j, d in enumerate(levels) if (d, p) in cells and cells[(d, p)][1]]
            ks = [cells[(levels[j], p)][0] / cells[(levels[j], p)][1] for j in xs]
            bounds = [wilson(cells[(levels[j], p)][0], cells[(levels[j], p)][1]) for j in xs]
            ax.errorbar([x + 0.06 * (i - len(counts) / 2) for x in xs], ks, capsize=4, marker="o",
                        yerr=[[max(0.0, k - b[0]) for k, b in zip(ks, bounds)],
                              [max(0.0, b[1] - k) for k, b in zip(ks, bounds)]],
                        label=self.lang.ngettext("{count} player", "{count} players", p).format(count=p),
                        color=COLOURS[i % len(COLOURS)])
        ax.set_xticks(range(len(levels)), levels)
        ax.set_xlim(-0.5, len(levels) - 0.5)  # one level too: its point above its tick
        ax.set_ylim(0, 1)
        ax.set_xlabel(_("difficulty"))
        ax.set_ylabel(_("win rate (95% Wilson interval)"))
        ax.legend(fontsize="small")
        if title:
            ax.set_title(title)
        text = _("Win rate of the finished games by difficulty and player count: wins/games = rate [95% CI].")
        self.pair(table, fig, self.caption(text, runs), agents)
        solo = {d: [g for g in cells[(d, 1)][3]] for d in levels if (d, 1) in cells}
        if any(g.ranks for gs in solo.values() for g in gs):
            self.ranks(solo, agents, title)
        if any(g.finished for gs in solo.values() for g in gs):
            self.solo_scores(solo, agents, title)

    def ranks(self, solo: dict[str, list[GroupStats]], agents: str, title: str) -> None:
        _ = self._
        by: dict[str, Counter[str]] = {d: sum((g.ranks for g in gs), Counter()) for d, gs in solo.items()}
        lowest: dict[str, float] = {}
        for gs in solo.values():
            for g in gs:
                for rank, score in g.rank_scores.items():
                    lowest[rank] = min(lowest.get(rank, score), score)
        ranks = _rank_order(self.game, lowest)
        levels = list(by)
        rows = [[self.lang.gettext(r, self.game), *(str(by[d][r]) for d in levels)] for r in ranks]
        table = self.table([_("rank"), *levels], rows, title=title)
        fig = _figure()
        ax = fig.subplots()
        width = 0.8 / max(1, len(levels))
        for i, d in enumerate(levels):
            n = sum(by[d].values()) or 1
            ax.bar([j + i * width for j in range(len(ranks))], [by[d][r] / n for r in ranks], width, label=d,
                   color=COLOURS[i % len(COLOURS)])
        ax.set_xticks([j + 0.4 - width / 2 for j in range(len(ranks))],
                      [self.lang.gettext(r, self.game) for r in ranks], rotation=25, ha="right")
        ax.set_ylabel(_("share of games"))
        ax.legend(title=_("difficulty"), fontsize="small")
        if title:
            ax.set_title(title)
        text = _("Solo rank distribution by difficulty (ranks from the lowest to the highest).")
        self.pair(table, fig, self.caption(text, {r for gs in solo.values() for g in gs for r in g.runs}),
                  agents, (_("Solo rank distribution"), "solo-ranks"))

    def solo_scores(self, solo: dict[str, list[GroupStats]], agents: str, title: str) -> None:
        _ = self._
        by = {d: sum((g.scores[0] for g in gs), Counter()) for d, gs in solo.items()}
        by = {d: c for d, c in by.items() if c}
        rows = []
        for d, counts in by.items():
            mean, stdev = mean_stdev(counts)
            rows.append([d, str(sum(counts.values())), self.lang.fixed(mean, 1), self.lang.fixed(stdev, 1),
                         self.lang.fixed(min(counts), 1), self.lang.fixed(quantile(counts, 0.5), 1),
                         self.lang.fixed(max(counts), 1)])
        table = self.table(
            [_("difficulty"), _("games"), _("mean"), _("stdev"), _("min"), _("median"), _("max")], rows,
            title=title)
        fig = _figure()
        ax = fig.subplots()
        ax.bxp([_box(c, d) for d, c in by.items()], showmeans=True)
        ax.set_xlabel(_("difficulty"))
        ax.set_ylabel(_("score"))
        if title:
            ax.set_title(title)
        text = _("Solo score distribution by difficulty (finished games).")
        self.pair(table, fig, self.caption(text, {r for gs in solo.values() for g in gs for r in g.runs}),
                  agents, (_("Solo score distribution"), "solo-scores"))


def _rank_order(game: str, lowest: dict[str, float]) -> list[str]:
    """The ranks in the game's order (lowest first): the game's list, else by the lowest score seen."""
    known: list[str] = []
    if game == "hadrians-wall":
        from ludus.games.hadrians_wall.components import SOLO_RANKS

        known = [names["en"] for _minimum, names in SOLO_RANKS]
    return known + sorted((r for r in lowest if r not in known), key=lambda r: (lowest[r], r))


def render_report(agg: Aggregate, lang: Lang | None = None, title: str | None = None,
                  sources: Sequence[str] = ()) -> tuple[str, list[FigureFile]]:
    """The HTML page of the report of ``agg`` in ``lang`` (default English), and its figures in page order."""
    lang = lang or get_lang("en")
    page = _Page(agg, lang)
    _ = lang.gettext
    unfinished = sum(g.unfinished for g in agg.groups.values())
    heading = title or _("{game}: balance report").format(game=page.title)
    intro = _("{rows} games from {files}; {unfinished} unfinished (counted in the termination reasons, "
              "left out of wins and scores).").format(rows=agg.rows, files=", ".join(sources) or "–",
                                                       unfinished=unfinished)
    page.parts.append(f"<p>{html.escape(intro)}</p>")
    sections: list[Callable[[], None]] = [page.win_rates, page.scores, page.breakdown, page.lengths,
                                          page.terminations, page.difficulty]
    for section in sections:
        section()
    text = PAGE.substitute(lang=html.escape(lang.code), title=html.escape(heading),
                           body="\n".join(page.parts))
    return text, page.files


def build_report(agg: Aggregate, lang: Lang | None = None, title: str | None = None,
                 sources: Sequence[str] = ()) -> str:
    """The HTML page of the report of ``agg`` in ``lang`` (default English)."""
    return render_report(agg, lang, title, sources)[0]


def write_report(paths: Sequence[str | Path], out: str | Path, lang: Lang | None = None,
                 title: str | None = None, figures: str | Path | None = None) -> Path:
    """Read the result files ``paths`` (one game) and write the HTML report to ``out``; with ``figures``,
    every figure as an SVG file in that folder too (:func:`write_figures`)."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise ReportError(N_("the report needs matplotlib: pip install 'ludus[report]'")) from None
    agg = aggregate(paths)
    text, files = render_report(agg, lang, title, [Path(p).name for p in paths])
    target = Path(out)
    try:
        target.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise ReportError(N_("cannot write {path}: {reason}"), path=str(target),
                          reason=exc.strerror) from None
    if figures is not None:
        write_figures(files, figures, agg.game or "")
    return target

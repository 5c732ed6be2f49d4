"""The ``ludus report`` command: the HTML balance report of ``ludus simulate`` result files."""

from __future__ import annotations

import argparse
from typing import Any

from rich.console import Console

from ludus.core.i18n import Lang

__all__ = ["add_parser", "cmd_report"]


def add_parser(sub: Any, language: argparse.ArgumentParser, lang: Lang) -> None:
    """Add the ``report`` sub-command to ``sub`` (the ``ludus`` command's sub-parsers)."""
    _ = lang.gettext
    p = sub.add_parser("report", parents=[language],
                       help=_("an HTML balance report (tables and plots) of simulate result files (the "
                              "report extra)"))
    p.add_argument("results", nargs="+", metavar="RESULTS",
                   help=_(
                       "result files of one game written by ludus simulate --out (.jsonl, .csv, .parquet)"))
    p.add_argument("-o", "--out", required=True, metavar="REPORT.html", help=_("the HTML file to write"))
    p.add_argument("--title", help=_("the report's title (default: the game's name)"))
    p.add_argument("--figures", metavar="DIR",
                   help=_("also write every figure as DIR/<nn>-<section>.svg, with their captions in "
                          "DIR/figures.json"))
    p.set_defaults(func=cmd_report)


def cmd_report(args: argparse.Namespace, console: Console) -> int:
    """Write the HTML report of the result files."""
    from ludus.sim.report import write_report

    lang: Lang = args.lang
    path = write_report(args.results, args.out, lang, args.title, args.figures)
    console.print(lang.gettext("Wrote {path}.").format(path=path), markup=False, highlight=False)
    if args.figures:
        console.print(lang.gettext("Wrote the figures in {path}.").format(path=args.figures), markup=False,
                      highlight=False)
    return 0

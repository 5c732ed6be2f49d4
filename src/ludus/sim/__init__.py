"""Batch simulation and benchmarks."""

from ludus.sim.bench import BenchResult, bench
from ludus.sim.results import read_results
from ludus.sim.simulate import GameResult, Summary, simulate, summarize

__all__ = ["BenchResult", "GameResult", "Summary", "bench", "read_results", "simulate", "summarize"]

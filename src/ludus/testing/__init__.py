"""The conformance suite every game must pass (DESIGN §4)."""

from ludus.testing.conformance import CheckReport, check_game

__all__ = ["CheckReport", "check_game"]

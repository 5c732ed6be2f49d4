"""Hadrian's Wall (Garphill Games, 2021) — ``ludus.load("hadrians-wall", players=1..6)``."""

from __future__ import annotations

from ludus.games.hadrians_wall.game import HadriansWall

GAME = HadriansWall

__all__ = ["GAME", "HadriansWall"]

"""Trajan (Stefan Feld, Ammonit Spiele 2011), 2nd edition, for 2-4 players.

>>> import ludus
>>> game = ludus.load("trajan", players=2)
>>> state = game.new_state(seed=1)
>>> state.to_move()
(0,)
"""

from __future__ import annotations

from ludus.games.trajan.game import TrajanGame

GAME = TrajanGame

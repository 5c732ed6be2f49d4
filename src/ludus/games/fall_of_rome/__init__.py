"""Pandemic: Fall of Rome (Z-Man Games, 2018; Matt Leacock and Paolo Mori).

Cooperative, 1–5 players: defend the Empire against five barbarian tribes by
battle, fortification and alliance. One player plays the solitaire challenge
(three roles, one hand, the treasury); Roma Caput Mundi is an option.
"""

from ludus.games.fall_of_rome.game import FallOfRome

GAME = FallOfRome

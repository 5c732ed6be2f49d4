"""Glory to Rome (Polish edition "Glory to Rome: Na chwałę Rzymu") for ludus.

>>> import ludus.games.glory_to_rome as gtr
>>> state = gtr.GAME(players=3).new_state(seed=1)
>>> len(state.card_places())
144
"""

from ludus.games.glory_to_rome.game import GloryToRome

GAME = GloryToRome

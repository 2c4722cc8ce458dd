"""Judtho: chess for two (Duo), three (Trio) or four (Quattro) with alliances.

`GAME` is the registered engine; `PLUGIN.ai` (also `rules.judtho.ai.choose`) picks an action for a
computer-controlled seat. Modules:

- `board`: `load_board("quattro"|"duo")` -> `Board` (squares, `kingdoms`, `neutral`, `kingdom_of`),
  `Position(board, {square: (colour, piece)})`, `initial_relation`, `relation_from_table`,
  `pawn_forward`, `promotion_rank`, `square_is_dark`, `placement_squares`, `default_setup`.
- `moves`: `legal_moves(position, colour, relation, options)`, `moves_from`, `apply_move`,
  `knight_attacks`, `perft`.
- `notation`: `Move`, `Place`, `Pass` and `parse(text, board=None)` (section 10).
- `pieces`: the army, notation letters and promotion choices.
- `alliances`: relationships, Conquests and points (sections 5, 6).
- `scoring`, `engine`, `state`, `view`, `present`, `evaluate`, `search`, `ai`.
"""

from rules.plugin import Plugin

from .ai import choose, playout_choose
from .commands import COMMANDS
from .engine import GAME, Judtho
from .words import WORDS

PLUGIN = Plugin(GAME, WORDS, COMMANDS, ai=choose,
                renderer="renderer.judtho", playout=playout_choose)
"""Gavel's plug-in for this game (listed in `rules.registry`)."""

__all__ = ["GAME", "PLUGIN", "Judtho", "choose"]

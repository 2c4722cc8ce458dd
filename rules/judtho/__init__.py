"""Judtho: chess for two, three or four with alliances (issue 4). Foundations only so far; the
game is not registered yet.

- `board`: `load_board("quattro"|"duo")` -> `Board` (squares, `kingdoms`, `neutral`, `kingdom_of`),
  `Position(board, {square: (colour, piece)})`, `initial_relation`, `relation_from_table`,
  `pawn_forward`, `promotion_rank`, `square_is_dark`, `placement_squares`, `default_setup`.
- `moves`: `legal_moves(position, colour, relation, options)`, `moves_from`, `apply_move`,
  `knight_attacks`, `perft`.
- `notation`: `Move`, `Place`, `Pass` and `parse(text, board=None)` (§10).
- `pieces`: the army, notation letters and promotion choices.
- `alliances`: relationships, Conquests and points (§5, §6).
"""

"""Judtho: chess for two, three or four with alliances (issue 4). Foundations only so far —
the board, the moves of the pieces and the notation; the game is not registered yet."""

"""How Judtho's actions read to players in any language: the menu's steps and labels, token
names, prompt summaries and refusal hints, read by both front-ends (`rules.plugin.Words`)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rules.plugin import Speech, Words

from .pieces import LETTERS

_SQUARE = r"[a-l](?:1[0-2]|[1-9])"
_ORIGIN = re.compile(rf"[KQRBNPS]?({_SQUARE})[-x]")
_PLACE = re.compile(rf"@([KQRBNPS]?)({_SQUARE})")
_MOVE = re.compile(rf"([KQRBNPS]?{_SQUARE}[-x])({_SQUARE}\S*)")
_DISTANT = re.compile(rf"([KQRBNPS]?{_SQUARE}x)\{{{_SQUARE}(?:,{_SQUARE})*\}}")
_PIECE = re.compile(r"([KQRBNPS])[a-l]")
LETTER_ORDER = "KQPSRNB"
"""The letters as the names line gives them: the army's order (1.2.2), as the Assembly offers them."""
PLACES_LISTED = 6
"""Up to this many placements are listed one by one (a Conquest's King back on one of a few squares)."""


@dataclass(frozen=True)
class JudthoWords(Words):
    """Judtho's words."""

    def summary(self, actions: Sequence[str], say: Speech) -> tuple[list[str], str] | None:
        """Judtho's actions as a newcomer can read them: an Assembly turn offers every piece on
        every empty square of the Kingdom (about 190 `@Ka1`…), said once as "@ + K/Q/P/S/R/N/B
        (none for a Pawn) + one of the 24 empty squares of a1–f4"; moves are grouped by piece and
        square (`Qb2-c2/d2/e2`), a Knight's distant captures as the largest set (J10 allows any
        part of it); the names line names the letters (J29). Other actions (`@rest`, `resign`,
        `draw accept`) as they are."""
        placed: dict[str, list[str]] = {}
        moves: dict[str, list[str]] = {}
        distant: dict[str, list[str]] = {}
        items: list[str] = []
        at: dict[str, int] = {}

        def slot(key: str) -> None:
            if key not in at:
                at[key] = len(items)
                items.append(key)

        for action in actions:
            verb, _, word = action.rpartition(" ")
            prefix = f"{verb} " if verb else ""
            if (m := _PLACE.fullmatch(word)) and not verb:
                placed.setdefault(m[1], []).append(m[2])
                slot("@")
            elif m := _DISTANT.fullmatch(word):
                distant.setdefault(prefix + m[1], []).append(action)
                slot(prefix + m[1])
            elif m := _MOVE.fullmatch(word):
                moves.setdefault(prefix + m[1], []).append(m[2])
                slot(prefix + m[1])
            else:
                slot(action)
        shown: list[str] = []
        for key in items:
            if key == "@":
                shown += placements(placed, say)
            elif key in moves:
                shown.append(key + "/".join(moves[key]))
            elif key in distant:
                largest = max(distant[key], key=len)
                shown.append(largest if len(distant[key]) == 1 else say.text("console.some_of", move=largest))
            else:
                shown.append(key)
        letters = dict.fromkeys(m[1] for a in actions if (m := _PLACE.fullmatch(a) or _PIECE.match(a.split()[-1])))
        pieces = {letter: piece for piece, letter in LETTERS.items()}
        named = [f"{letter} {say.text(f'judtho.piece.{pieces[letter]}')}" for letter in LETTER_ORDER
                 if letter in letters]
        if "@rest" in actions:
            named.append(say.text("console.judtho_rest"))
        return shown, say.text("console.names", names=" · ".join(named)) if named else ""

    def hint(self, refused: str, legal: Sequence[str], say: Speech) -> str | None:
        """After a refused move: the legal moves of the piece it started from (`c3-c5` refused →
        "From c3: Nc3-d5/e2/d1/b5"), when there are some; a newcomer learns how that piece moves."""
        m = _ORIGIN.match(refused.split()[-1]) if refused.split() else None
        if m is None:
            return None
        mine = [a for a in legal if (o := _ORIGIN.match(a)) and o[1] == m[1]]
        if not mine:
            return None
        shown = self.summary(mine, say)
        assert shown is not None
        return say.text("console.from_square", square=m[1], moves=", ".join(shown[0]))


def placements(placed: dict[str, list[str]], say: Speech) -> list[str]:
    """Placements grouped by the squares they may go to: a few as they are (`@Pc2`), many as
    "@ + K/Q/R (none for a Pawn) + one of the 22 empty squares of a1–f4 (e.g. @Kc2, @c2)"."""
    by_squares: dict[tuple[str, ...], list[str]] = {}
    for letter, to in placed.items():
        by_squares.setdefault(tuple(to), []).append(letter)
    out: list[str] = []
    for squares, letters in by_squares.items():
        if len(squares) * len(letters) <= PLACES_LISTED:
            out += [f"@{letter}{square}" for letter in letters for square in squares]
            continue
        pieces = "/".join(letter for letter in letters if letter)
        if "" in letters:
            pieces = say.text("console.judtho_pawn" if pieces else "console.judtho_pawn_only", pieces=pieces)
        middle = squares[len(squares) // 2]
        example = ", ".join(f"@{letter}{middle}" for letter in (letters[0], "" if "" in letters[1:] else None)
                            if letter is not None)
        out.append(say.text("console.judtho_place", pieces=pieces, n=len(squares), area=area(squares),
                            example=example))
    return out


def area(squares: Iterable[str]) -> str:
    """The rectangle of the board holding these squares: `a1–f4`."""
    files = [s[0] for s in squares]
    ranks = [int(s[1:]) for s in squares]
    low, high = f"{min(files)}{min(ranks)}", f"{max(files)}{max(ranks)}"
    return low if low == high else f"{low}–{high}"


WORDS = JudthoWords(key="judtho")

"""How Judtho's actions read to players in any language: the menu's steps and labels, token
names, prompt summaries and refusal hints, read by both front-ends (`rules.plugin.Words`).

Judtho's actions are the notation of section 10, one word each (`@Qc2`, `Nb1-c3`, `e11-e12=Q`,
`Sd4xd5xd7`, `Nc3x{b5,e4}`, `pass`, `@rest`), plus `draw offer|accept|decline`, `void offer`
(J24), `resign` and the Trio's `suggest <move>`. The menu is two steps, piece then destination
(`split`); the other words are named by `judtho.verb.*`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from rules.core import BadActionText
from rules.plugin import Combined, Speech, Words

from .notation import Move, Place, parse, square_key
from .pieces import LETTERS, PIECES

ACTION_WORDS = ("pass", "resign", "draw", "void", "suggest", "offer", "accept", "decline", "@rest")
"""Action words that are not notation: shown by `judtho.verb.<word>`."""
REST = "rest"
"""`/judtho place piece:rest`: the Assembly's "place the rest for me" (`@rest`)."""
PICK = "x{?}"
"""`/judtho move to:` ending so (`Nc3x{?}`): choose the Knight's distant targets on a menu."""
CHOICES_MAX = 25


def notation(text: str) -> Move | Place | None:
    """The Move or Place an action text writes, None for any other action."""
    try:
        action = parse(text)
    except BadActionText:
        return None
    return action if isinstance(action, (Move, Place)) else None


def piece_name(piece: str, say: Speech) -> str:
    key = f"judtho.piece.{piece}"
    return say.text(key) if say.has(key) else piece


def square_of(text: str) -> str:
    return text.strip().lower().replace(" ", "")


def letter_of(text: str, say: Speech) -> str | None:
    """The notation letter of a piece named by its letter (`N`), its English key (`knight`) or
    its name in any of our languages (`Knight`, `騎士`); `""` for a pawn; None if no piece."""
    typed = text.strip()
    if typed.upper() in LETTERS.values():
        return typed.upper()
    for piece in [*LETTERS, "pawn"]:
        names = {piece, *(other.text(f"judtho.piece.{piece}").lower() for other in say.every())}
        if typed.lower() in names:
            return LETTERS.get(piece, "")
    return None


_SQ = r"[a-l](?:1[0-2]|[1-9])"
_PLACE = re.compile(rf"@([KQRBNPS]?)({_SQ})")
_DISTANT = re.compile(rf"(N{_SQ})(x\{{)({_SQ}(?:,{_SQ})*\}})")
_MOVE = re.compile(rf"([KQRBNPS]?{_SQ})([-x][^ ]+)")
_ORIGIN = re.compile(rf"([KQRBNPS]?)({_SQ})")
DISTANT = "x{"
"""The menu token of a Knight's distant capture (J10): one choice, "Distant capture", whose
next step is "All" and one multi-select of the pieces it may remove (4.7, `JudthoWords.combined`)."""


def split(text: str) -> list[str] | None:
    """A notation word as the steps of the menu: the piece (`Nb1`, `@Q`, a pawn `e11` or
    `@`), then where it goes (`-c3`, `c2`, `-e12=Q`, `xd5xd7`): a sweep and a promotion are
    each one choice of the second step, so that no action is a prefix of another. A Knight's
    distant capture `Nc3x{b5,e4}` is three steps, `Nc3`, `x{`, `b5,e4}`: up to 255 sets of
    targets (J10) would otherwise bury the Knight's moves. None for anything else (`draw
    offer`, `pass`, a prefix with a space)."""
    if m := _PLACE.fullmatch(text):
        return ["@" + m.group(1), m.group(2)]
    if m := _DISTANT.fullmatch(text):
        return [m.group(1), m.group(2), m.group(3)]
    if m := _MOVE.fullmatch(text):
        return [m.group(1), m.group(2)]
    return None


def everything(texts: Iterable[str]) -> set[str]:
    """The distant captures (J10) that remove every piece their Knight attacks, "all" of 4.7:
    from each square, the one with the most captures, when it has more than one."""
    best: dict[str, Move] = {}
    for text in texts:
        move = notation(text)
        if isinstance(move, Move) and move.distant and len(move.captures) > len(getattr(best.get(move.origin),
                                                                                         "captures", ())):
            best[move.origin] = move
    return {str(m) for m in best.values() if len(m.captures) > 1}


@dataclass(frozen=True)
class JudthoWords(Words):
    """The menu's first step names a piece (`Knight b1`, `Queen` to place; a piece with one
    move, the move: `Rook a1 → a2`), the second the action in notation (`Nb1-c3`, `@Qc2`) or
    "Distant capture", whose step is "All: …" and a multi-select of the targets (4.7,
    `combined`); `draw`, `resign`, `pass`, `@rest` and the draw answers by `judtho.verb.*`."""

    full: frozenset[str] = frozenset()
    """The distant captures of every target among the actions offered (`everything`), set by `menu`."""
    kinds: dict[str, str] = field(default_factory=dict)
    """{square: piece} of this table's board, set by `at`: a target reads "Rook d5"."""
    proposal: str | None = None
    """The proposal standing (J24: `draw` or `void`), set by `at`: `draw accept` answers a void
    proposal too (E7), and its button then reads "Void game"."""

    # ---- one table
    def facts(self, public: Mapping[str, Any], names: Sequence[str]) -> dict[str, Any]:
        """In play: the board's {square: piece} and the proposal standing; nothing before."""
        if public.get("phase") != "play":
            return {}
        kinds = {square: held[-1] for square, held in (public.get("board") or {}).items()}
        return {"kinds": kinds, "proposal": public.get("proposal")}

    def at(self, facts: Mapping[str, Any]) -> JudthoWords:
        return replace(self, kinds=dict(facts.get("kinds") or {}), proposal=facts.get("proposal"))

    def menu(self, legal: Sequence[str]) -> JudthoWords:
        return replace(self, full=frozenset(everything(legal)))

    # ---- the menu
    def steps(self, text: str) -> list[str]:
        return split(text) or text.split()

    def label(self, tokens: Sequence[str], depth: int, say: Speech) -> str:
        """A piece whose one move is played from the first step reads as that move from the
        piece: `Rook a1 → a2`, `Prince d4 × d5 × d7`, `Pawn e11 → e12=Q`, `Queen c2` (to place)."""
        if depth != 0 or len(tokens) != 2 or tokens[1] == DISTANT or split("".join(tokens)) != list(tokens):
            return super().label(tokens, depth, say)
        piece = self.part(tokens, 0, say)
        if tokens[0].startswith("@"):
            return f"{piece} {tokens[1]}"
        steps = re.findall(r"([-x])([^-x]+)", tokens[1])
        return " ".join([piece, *(("→ " if sign == "-" else "× ") + square for sign, square in steps)])

    def combined(self, legal: Sequence[str], prefix: Sequence[str], say: Speech) -> Combined | None:
        """4.7, J10: the step after "Distant capture" is any non-empty set of the Knight's
        targets, chosen on one multi-select (min 1, max all) and played as `Nc3x{b5,e4}` in
        board order, beside "All" (`everything`); never up to 255 sets, one per button."""
        if len(prefix) != 2 or prefix[1] != DISTANT:
            return None
        full = everything(a for a in legal if a.startswith(prefix[0] + DISTANT))
        if len(full) != 1:
            return None
        knight = prefix[0]
        targets = notation(full.pop()).captures  # type: ignore[union-attr]

        def join(squares: Sequence[str]) -> str:
            return f"{knight}x{{{','.join(sorted(set(squares), key=square_key))}}}"

        return Combined(options=tuple((sq, self.square_label(sq, say)) for sq in targets), join=join,
                        placeholder=say.text("judtho.ui.targets"))

    def square_label(self, square: str, say: Speech) -> str:
        """A target by its piece and square (`Rook d5`), or its square where the board is unknown."""
        kind = self.kinds.get(square)
        return say.text("judtho.ui.action", piece=piece_name(kind, say), text=square) if kind else square

    def word(self, token: str, say: Speech) -> str:
        if token == "draw" and self.proposal == "void":  # E7: the answers to a void proposal
            token = "void"
        key = f"judtho.verb.{token.lstrip('@')}"
        if token in ACTION_WORDS and say.has(key):
            return say.text(key)
        return token

    def part(self, tokens: Sequence[str], index: int, say: Speech) -> str:
        token = tokens[index]
        if index == 0 and token.startswith("@") and token != "@rest":
            return piece_name(PIECES.get(token[1:], "pawn"), say)
        if index == 0 and (m := _ORIGIN.fullmatch(token)):
            return say.text("judtho.ui.action", piece=piece_name(PIECES.get(m.group(1), "pawn"), say),
                            text=m.group(2))
        if index == 1 and token == DISTANT:
            return say.text("judtho.ui.distant")
        if index > 0 and split(whole := "".join(tokens[: index + 1])) is not None:
            return say.text("judtho.ui.all", text=whole) if whole in self.full else whole
        return self.word(token, say)

    # ---- the commands' options
    def choices(self, command: str, option: str, chosen: Mapping[str, str], typed: str,
                legal: Sequence[str], say: Speech) -> list[tuple[str, str]] | None:
        """`place piece|square` and `move from|to`, from the player's legal actions: a piece by
        its name (and "rest"), a square narrowed by the piece, a piece to move by its square,
        and where it goes in notation, a distant capture of every target first as "All: …" (4.7)
        with, after each, the entry that opens the menu to choose some of them (`PICK`)."""
        if command == "place" and option == "piece":
            return self._place_pieces(typed.strip().lower(), legal, say)
        if command == "place" and option == "square":
            letter = letter_of(chosen.get("piece") or "", say)
            piece = None if letter is None else PIECES.get(letter, "pawn")
            out = []
            for text in legal:
                action = notation(text)
                if isinstance(action, Place) and not (piece and action.piece != piece) \
                        and square_of(typed) in action.square:
                    out.append((text, action.square))
            return out
        if command == "move" and option == "from":
            seen: set[str] = set()
            found = []
            for text in legal:
                action = notation(text)
                if not isinstance(action, Move) or action.origin in seen or square_of(typed) not in action.origin:
                    continue
                seen.add(action.origin)
                found.append((f"{piece_name(action.piece, say)} {action.origin}", action.origin))
            return found
        if command == "move" and option == "to":
            return self._destinations(square_of(chosen.get("from") or ""), typed.strip().lower(), legal, say)
        return None

    def _place_pieces(self, typed: str, legal: Sequence[str], say: Speech) -> list[tuple[str, str]]:
        out: list[tuple[str, str]] = []
        seen: set[str] = set()
        for text in legal:
            action = notation(text)
            if not isinstance(action, Place) or action.piece in seen:
                continue
            name = piece_name(action.piece, say)
            if typed and typed not in action.piece and typed not in name.lower():
                continue
            seen.add(action.piece)
            out.append((name, action.piece))
        rest = self.word("@rest", say)
        if "@rest" in legal and (not typed or typed in REST or typed in rest.lower()):
            out.append((rest, REST))
        return out

    def _destinations(self, origin: str, typed: str, legal: Sequence[str], say: Speech) -> list[tuple[str, str]]:
        texts = [t for t in legal if isinstance(m := notation(t), Move)
                 and (not origin or m.origin == origin) and typed in t.lower()]
        full = everything(texts)
        texts.sort(key=lambda t: t not in full)
        out = [(say.text("judtho.ui.all", text=t) if t in full else t, t) for t in texts]
        for i, text in enumerate(sorted(full)):  # after each "All", the menu to choose some of them
            move = notation(text)
            assert move is not None
            pick = say.text("judtho.ui.pick_some", piece=piece_name("knight", say), square=move.origin)  # type: ignore[union-attr]
            out.insert(2 * i + 1, (pick, f"N{move.origin}{PICK}"))  # type: ignore[union-attr]
        return out


WORDS = JudthoWords(key="judtho")

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

from .commands import piece_letter, square_of
from .describe import describe
from .notation import SQUARE, Move, Place, parse, square_key
from .pieces import LETTERS, PIECES

_FROM = re.compile(rf"[KQRBNPS]?({SQUARE})[-x]")
"""A move's start (for a hint): the square it leaves."""
_MOVED = re.compile(rf"([KQRBNPS]?{SQUARE}[-x])({SQUARE}\S*)")
"""A move as where it starts (`Nb1-`) and the rest (`c3`), for the summary's `Nb1-c3/d2`."""
_ALL = re.compile(rf"([KQRBNPS]?{SQUARE}x)\{{{SQUARE}(?:,{SQUARE})*\}}")
"""A distant capture as its Knight (`Nc3x`) and its set, for the summary."""
_PIECE = re.compile(r"([KQRBNPS])[a-l]")
LETTER_ORDER = "KQPSRNB"
"""The letters as the names line gives them: the army's order (1.2.2), as the Assembly offers them."""
PLACES_LISTED = 6
"""Up to this many placements are listed one by one (a Conquest's King back on one of a few squares)."""

ACTION_WORDS = ("pass", "resign", "draw", "void", "suggest", "offer", "accept", "decline", "@rest")
"""Action words that are not notation: shown by `judtho.verb.<word>`."""
REST = "rest"
"""`/judtho place piece:rest`: the Assembly's "place the rest for me" (`@rest`)."""
PICK = "x{?}"
"""`/judtho move to:` ending so (`Nc3x{?}`): choose the Knight's distant targets on a menu."""
CHOICES_MAX = 25
SUGGEST = "suggest "
"""The Trio partner's action (`suggest Nb1-c3`): `/judtho suggest move:` offers the moves after it."""


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


_PLACE = re.compile(rf"@([KQRBNPS]?)({SQUARE})")
_DISTANT = re.compile(rf"(N{SQUARE})(x\{{)({SQUARE}(?:,{SQUARE})*\}})")
_MOVE = re.compile(rf"([KQRBNPS]?{SQUARE})([-x][^ ]+)")
_ORIGIN = re.compile(rf"([KQRBNPS]?)({SQUARE})")
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


CONFIRMED = frozenset({"resign", "draw offer", "void offer"})
"""The actions a player confirms before they are played (`JudthoWords.confirm`)."""


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
    reads_facts = True

    def facts(self, public: Mapping[str, Any], names: Sequence[str]) -> dict[str, Any]:
        """In play: the board's {square: piece} and the proposal standing; nothing before."""
        if public.get("phase") != "play":
            return {}
        kinds = {square: held[-1] for square, held in (public.get("board") or {}).items()}
        return {"kinds": kinds, "proposal": public.get("proposal")}

    def at(self, facts: Mapping[str, Any]) -> JudthoWords:
        return replace(self, kinds=dict(facts.get("kinds") or {}), proposal=facts.get("proposal"))

    def describe(self, view: Mapping[str, Any], names: Sequence[str], say: Speech) -> str:
        """Whose move, each army's pieces by square in short form, the Kings under attack
        (`rules.judtho.describe`): an open game, so the same for everyone."""
        return describe(view, names, say)

    def menu(self, legal: Sequence[str]) -> JudthoWords:
        return replace(self, full=frozenset(everything(legal)))

    def confirm(self, text: str) -> bool:
        """Resigning (J17) and proposing a draw or a void game (J24, E7) ask "Are you sure?" first."""
        return text.strip() in CONFIRMED

    # ---- the menu
    def steps(self, text: str) -> list[str]:
        return split(text) or text.split()

    def label(self, tokens: Sequence[str], depth: int, say: Speech) -> str:
        """A piece whose one move is played from the first step reads as that move from the
        piece: `Rook a1 → a2`, `Prince d4 × d5 × d7`, `Pawn e11 → e12=Q`, `Queen c2` (to place).
        A Pawn's move on the second step reads so too (`Pawn a4 → a5`): its notation has no
        piece letter, and a button's first letter in capitals would make it `A4-a5`."""
        pawn_step = depth == 1 and bool(re.fullmatch(r"[a-l]\d+", tokens[0] if tokens else ""))
        if (depth != 0 and not pawn_step) or len(tokens) != 2 or tokens[1] == DISTANT \
                or split("".join(tokens)) != list(tokens):
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
        move = notation(full.pop())
        assert isinstance(move, Move)  # what `everything` answers is a distant capture's text
        targets = move.captures

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
        """`place piece|square`, `move from|to` and `suggest move`, from the player's legal
        actions: a piece by its name (and "rest"), a square narrowed by the piece, a piece to move
        by its square, and where it goes in notation, a distant capture of every target first as
        "All: …" (4.7) with, after each, the entry that opens the menu to choose some of them
        (`PICK`); the moves the Trio's partner may suggest, in notation."""
        if command == "place" and option == "piece":
            return self._place_pieces(typed.strip().lower(), legal, say)
        if command == "place" and option == "square":
            letter = piece_letter(chosen.get("piece") or "", say)
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
        if command == "suggest" and option == "move":
            return self._suggestions(typed.strip().lower(), legal)
        return None

    @staticmethod
    def _suggestions(typed: str, legal: Sequence[str]) -> list[tuple[str, str]]:
        """Section 4, E4: the moves this seat may suggest, read from its legal actions (the
        partner's `suggest <move>`, offered whoever is asked, once a turn), each in notation."""
        moves = [text.split(" ", 1)[1] for text in legal if text.startswith(SUGGEST)]
        return [(move, move) for move in moves if typed in move.lower()]

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
            assert isinstance(move, Move)  # what `everything` answers is a distant capture's text
            pick = say.text("judtho.ui.pick_some", piece=piece_name("knight", say), square=move.origin)
            out.insert(2 * i + 1, (pick, f"N{move.origin}{PICK}"))
        return out

    def summary(self, actions: Sequence[str], say: Speech) -> tuple[list[str], str] | None:
        """Judtho's actions as a newcomer can read them: an Assembly turn offers every piece on
        every empty square of the Kingdom (about 190 `@Ka1`…), said once as "@ + K/Q/P/S/R/N/B
        (none for a Pawn) + one of the 24 empty squares of a1–f4"; moves are grouped by piece and
        square (`Qb2-c2/d2/e2`), a Knight's distant captures as the largest set (J10 allows any
        part of it), the pieces of one kind together in the army's order (`LETTER_ORDER`, Pawns
        last), so that the list reads piece by piece; the names line names the letters (J29).
        Other actions (`@rest`, `resign`, `draw accept`) as they are."""
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
            elif m := _ALL.fullmatch(word):  # keyed `Ne6x{`: `Ne6xf8`, a plain capture, is keyed `Ne6x`
                distant.setdefault(prefix + m[1] + "{", []).append(action)
                slot(prefix + m[1] + "{")
            elif m := _MOVED.fullmatch(word):
                moves.setdefault(prefix + m[1], []).append(m[2])
                slot(prefix + m[1])
            else:
                slot(action)
        shown: list[str] = []
        for key in sorted(items, key=_by_piece):
            if key == "@":
                shown += placements(placed, say)
            elif key in moves:
                shown.append(key + "/".join(moves[key]))
            elif key in distant:
                largest = max(distant[key], key=len)
                shown.append(largest if len(distant[key]) == 1 else say.text("judtho.console.some_of", move=largest))
            else:
                shown.append(key)
        letters = dict.fromkeys(m[1] for a in actions if (m := _PLACE.fullmatch(a) or _PIECE.match(a.split()[-1])))
        pieces = {letter: piece for piece, letter in LETTERS.items()}
        named = [f"{letter} {say.text(f'judtho.piece.{pieces[letter]}')}" for letter in LETTER_ORDER
                 if letter in letters]
        if "@rest" in actions:
            named.append(say.text("judtho.console.rest"))
        return shown, say.text("console.names", names=" · ".join(named)) if named else ""

    def hint(self, refused: str, legal: Sequence[str], say: Speech) -> str | None:
        """After a refused move: the legal moves of the piece it started from (`c3-c5` refused →
        "From c3: Nc3-d5/e2/d1/b5"), when there are some; a newcomer learns how that piece moves."""
        m = _FROM.match(refused.split()[-1]) if refused.split() else None
        if m is None:
            return None
        mine = [a for a in legal if (o := _FROM.match(a)) and o[1] == m[1]]
        if not mine:
            return None
        shown = self.summary(mine, say)
        assert shown is not None
        return say.text("judtho.console.from_square", square=m[1], moves=", ".join(shown[0]))


def _by_piece(key: str) -> tuple[int, str, int]:
    """Where a summary's entry goes: placements, then moves by their piece's letter in the army's
    order (Pawns, with no letter, last), a suggestion's after its own moves; then the other
    actions (`draw offer`, `resign`) as they came (the sort is stable)."""
    verb, _, word = key.rpartition(" ")
    if key == "@":
        return 0, "", -1
    if m := _ORIGIN.match(word):
        return 0, verb, LETTER_ORDER.index(m[1]) if m[1] else len(LETTER_ORDER)
    return 1, "", 0


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
            pieces = say.text("judtho.console.pawn" if pieces else "judtho.console.pawn_only", pieces=pieces)
        middle = squares[len(squares) // 2]
        example = ", ".join(f"@{letter}{middle}" for letter in (letters[0], "" if "" in letters[1:] else None)
                            if letter is not None)
        out.append(say.text("judtho.console.place", pieces=pieces, n=len(squares), area=area(squares),
                            example=example))
    return out


def area(squares: Iterable[str]) -> str:
    """The rectangle of the board holding these squares: `a1–f4`."""
    files = [s[0] for s in squares]
    ranks = [int(s[1:]) for s in squares]
    low, high = f"{min(files)}{min(ranks)}", f"{max(files)}{max(ranks)}"
    return low if low == high else f"{low}–{high}"


WORDS = JudthoWords(key="judtho")

"""The computer seats' move choice: a paranoid alpha-beta search over the turn order.

**Paranoid search.** The searching army and its Allies maximise `evaluate` from the searching
army's side; every other army — Opponent or Rival — is assumed to minimise it. With four armies
a max-n search (each army maximising its own score) is more faithful but cannot prune; paranoid
search allows alpha-beta and is the safe assumption for a King that can be knatched (J11) from
two squares away. The plies follow `order`, one army per ply (the mover, then the next colour
in `order`, …), so a Triple Alliance's interleaved order (6.3) is searched as it will be played.

**Rivals pass** (`rivals_pass`, an option; no level of `ai.LEVELS` uses it). A Rival can neither capture nor
knatch the searching army's side (1.1.3, 2.1, J11), so its turn changes that side's fortunes
only indirectly; searched as a minimiser it costs a ply that reaches no threat. With
`rivals_pass` the Rivals' turns are searched as passes (left out of the plies), so three plies
from White in the opening relations are White, Red and Black — the second Opponent's reply,
a Rival's turn earlier, is seen. The leaves are still read against the real turn order, the
Rivals included (King safety, hanging material). Measured against the two-ply seat it was no
stronger than three plies over the Rivals (15 wins to 18 over 33 games of `bench/judtho_ai.py
strength --opponent two_ply`): a leaf where the searching army moves next counts nothing it
hangs, so a fork or two threats at once against its King read as harmless there.

**Conquests inside the search** (1.1.6, 5.1). A move that captures an Opponent's King
(Regicide) or leaves one attacked by an Opponent's Knight (knatch, J11 — including a King that
walks onto such a square) conquers that army. The search stops there and scores the position:
what follows a Conquest (placements, new alliances, §6) is the engine's business and changes
the relationships the search was given. Relationships are otherwise fixed during the search.

**Node budget, no clock.** Iterative deepening from one ply up to `depth`, within `node_budget`
positions visited (every position expanded or evaluated, the root excepted; all iterations
together). The budget, not the clock, stops a search, so one position always gives the same
move, on any machine and under any load (`rules/` never reads the clock). When the budget runs
out inside an iteration, the answer is the best of the root moves that iteration did finish:
the previous iteration's best is searched first, so it is among them and is only replaced by a
move that the deeper look finds better (none finished: the previous iteration's answer). Past
`SURE_DEPTH` plies no iteration starts that would likely not finish within what is left of the
budget (`GROWTH`). A Knight's distant captures are searched as "all" and each single one (§4.7:
what a computer seat considers).

**Evaluation** (`evaluate`): material by side, Conquests, King safety and hanging material,
each read against the turn order from the leaf's next mover (`upcoming`): a King that an
Opponent moving first can conquer next move (a Knight two jumps away, J11, or a piece that can
take it) is nearly lost — this is how two plies see the armies they do not reach.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules.judtho.board import Position, Relation
from rules.judtho.evaluate import evaluate, knatched_kings, memo
from rules.judtho.moves import DISTANT_ALL_AND_SINGLES, apply_move, geometry, legal_moves
from rules.judtho.notation import Move, Pass
from rules.judtho.scoring import values as value_table

NODE_BUDGET = 10000
"""Positions one search may visit (see `search`). Three plies (with killer moves and history)
take a median of about 3400 on Quattro mid-game positions of games of the two-ply seat; 39
searches in 40 finish them within 10000 (36 within 6000), and the others answer from the root
moves the third ply did finish. A node costs about 0.1 ms of CPU on a busy machine (the
evaluation reads captures only, `captures.py`, and asks only the pieces in reach of a King
whether they attack it), so a decision takes a median of about 0.35 s and at most about 0.95 s
there (0.55 s and 1.05 s with 6000 nodes before that King scan, measured side by side).
Grouping the pieces by army once per evaluation (`evaluate._Sides`, `_Zone`) then took about 40%
off (on a quiet machine, 59 to 35 us a node: a median decision of 0.18 s became 0.10 s);
`bench/judtho_ai.py plies` and `figures` measure it."""
MAX_DEPTH = 64
GROWTH = 20
"""How many times more nodes a third or later ply is assumed to take than the one before
(measured on Quattro mid-games: the third costs 20-45 times the second)."""
SURE_DEPTH = 2
"""Plies always tried whatever `GROWTH` says (at least two; the budget still stops them)."""


class _OutOfNodes(Exception):
    """The node budget ran out in the middle of an iteration."""


@dataclass(frozen=True)
class SearchResult:
    """What one search found: the move, its score (from the mover's side), the deepest finished
    iteration (plies; the move may come from the unfinished one after it, see the module
    docstring) and the nodes visited (never more than the budget)."""

    move: Move | Pass
    score: float
    depth: int
    nodes: int


def turn_sequence(colour: str, order: Sequence[str], present: Collection[str]) -> list[str]:
    """The movers from `colour` on, one per ply, read cyclically from `order` starting at the
    first `colour` in it (1.2.3; 6.3 for an interleaved Triple order); armies with no piece on
    the board are skipped (they can only pass)."""
    order = [c for c in order if c in present or c == colour]
    if colour not in order:
        order = [colour, *order]
    start = order.index(colour)
    return order[start:] + order[:start]


def _starts(real: Sequence[str], searched: Sequence[str]) -> list[int]:
    """Where in `real` (one turn order cycle) each of `searched` (the same cycle, some of its
    entries left out) stands."""
    out: list[int] = []
    i = 0
    for colour in searched:
        while real[i] != colour:
            i += 1
        out.append(i)
        i += 1
    return out


def without_rivals(sequence: Sequence[str], colour: str, relation: Relation) -> list[str]:
    """The turn order `sequence` (from `colour` on) without `colour`'s Rivals (1.1.3: a Rival can
    neither capture nor knatch `colour`'s side, so `RIVALS_PASS` searches its turn as a pass)."""
    return [c for c in sequence if c == colour or relation(colour, c) != "rival"]


def settle(position: Position, relation: Relation) -> tuple[Position, bool]:
    """Remove every King attacked by an Opponent's Knight (knatched, J11) for the search's sake;
    return the position and whether any was."""
    lost = knatched_kings(position, relation)
    if not lost:
        return position, False
    after = position.copy()
    for sq, (owner, piece) in list(after.pieces.items()):
        if piece == "king" and owner in lost:
            del after.pieces[sq]
    return after, True


class _Searcher:
    def __init__(
        self,
        root: str,
        relation: Relation,
        sequence: list[str],
        values: Mapping[str, int],
        options: Collection[str],
        budget: int,
        heuristics: bool = True,
        real_order: list[str] | None = None,
    ) -> None:
        self.root = root
        self.relation = relation
        self.sequence = sequence
        self.values = values
        self.options = (*options, DISTANT_ALL_AND_SINGLES)
        self.budget = budget
        self.nodes = 0
        self.heuristics = heuristics
        self.killers: dict[int, list[Move]] = {}
        """Ply -> up to two quiet moves that cut the search off there (killer moves)."""
        self.history: dict[tuple[str, str, str, str], int] = {}
        """(mover, piece, origin, destination) -> how often (weighed by the plies left) that quiet
        move cut the search off anywhere (the history heuristic)."""
        self.finished: list[tuple[Move | Pass, float]] = []
        """The root moves the current iteration has finished, with their scores."""
        self.friends = {c for c in sequence if relation(root, c) in ("self", "ally")}
        real = sequence if real_order is None else real_order
        starts = _starts(real, sequence)
        self.upcoming = [real[i:] + real[:i] for i in starts]
        """Ply -> the real turn order from that ply's mover on (who moves before whom, for King
        safety; the armies the search skips included)."""

    def tick(self) -> None:
        """Count one more position, or stop the iteration when the budget is spent."""
        if self.nodes >= self.budget:
            raise _OutOfNodes
        self.nodes += 1

    def moves(self, position: Position, mover: str, ply: int = 0) -> list[Move | Pass]:
        """Legal moves (§4.8), best-looking first: King captures and knatches above all, then
        captures by victim value less a tenth of the attacker's (MVV-LVA), then promotions, then
        (with `heuristics`) the killer moves of this `ply` and the quiet moves by their history,
        then the rest; a King walking onto a knatch square last (J11). Ties keep the generator's
        order."""
        moves = legal_moves(position, mover, self.relation, self.options)
        pieces = position.pieces
        knights = geometry(position.board).knight
        relation = self.relation
        values = self.values

        def enemy_king(sq: str) -> bool:
            occupant = pieces.get(sq)
            return occupant is not None and occupant[1] == "king" and relation(mover, occupant[0]) == "opponent"

        def walks_into_knight(sq: str) -> bool:
            for j in knights[sq]:
                occupant = pieces.get(j)
                if occupant and occupant[1] == "knight" and relation(occupant[0], mover) == "opponent":
                    return True
            return False

        def key(move: Move | Pass) -> float:
            if isinstance(move, Pass):
                return 0.0
            score = 0.0
            for sq in move.captures:
                victim = pieces[sq][1]
                score += 10000.0 if victim == "king" else 10.0 * values.get(victim, 0) + 1.0
            if move.captures:
                score -= values.get(move.piece, 0) / 10.0
            if move.promote:
                score += 5.0 * values.get(move.promote, 0)
            if (move.piece == "knight" or move.promote == "knight") and not move.distant:
                if any(enemy_king(j) for j in knights[move.to]):
                    score += 9000.0
            if move.piece == "king" and walks_into_knight(move.to):
                score -= 5000.0
            return score

        if not self.heuristics:
            keyed = sorted(enumerate(moves), key=lambda item: (-key(item[1]), item[0]))
            return [m for _, m in keyed]
        killers = self.killers.get(ply, ())
        history = self.history

        def quiet(move: Move | Pass) -> float:
            """Below every capture (at least 10) and promotion, above the plain quiet moves."""
            if isinstance(move, Pass) or move.captures:
                return 0.0
            if move in killers:
                return 2.0 - killers.index(move) * 0.5
            seen = history.get((mover, move.piece, move.origin, move.to), 0)
            return seen / (seen + 1.0)

        keyed2 = sorted(enumerate(moves), key=lambda item: (-(key(item[1]) + quiet(item[1])), item[0]))
        return [m for _, m in keyed2]

    def cut_off(self, move: Move | Pass, mover: str, ply: int, depth: int) -> None:
        """Remember a quiet `move` that cut the search off at `ply` (killer and history)."""
        if not self.heuristics or isinstance(move, Pass) or move.captures:
            return
        killers = self.killers.setdefault(ply, [])
        if move not in killers:
            killers.insert(0, move)
            del killers[2:]
        key = (mover, move.piece, move.origin, move.to)
        self.history[key] = self.history.get(key, 0) + depth * depth

    def child(self, position: Position, move: Move | Pass) -> tuple[Position, bool]:
        """The position after `move`, with knatched Kings removed; and whether a Conquest happened."""
        king_taken = isinstance(move, Move) and any(position.pieces[sq][1] == "king" for sq in move.captures)
        after = apply_move(position, move)
        if isinstance(move, Move) and (move.piece in ("king", "knight") or move.promote == "knight"):
            after, knatch = settle(after, self.relation)
            return after, king_taken or knatch
        return after, king_taken

    def leaf(self, position: Position, ply: int) -> float:
        """The evaluation of a position whose next mover is the one of `ply`."""
        upcoming = self.upcoming[ply % len(self.upcoming)]
        return evaluate(position, self.root, self.relation, self.values, upcoming)

    def value(self, position: Position, ply: int, depth: int, alpha: float, beta: float, ended: bool = False) -> float:
        """The score of `position`, whose next mover is the one of `ply`, searched `depth` plies
        more (none when a Conquest `ended` the search there)."""
        self.tick()
        if depth == 0 or ended:
            return self.leaf(position, ply)
        mover = self.sequence[ply % len(self.sequence)]
        maximising = mover in self.friends
        best = -float("inf") if maximising else float("inf")
        for move in self.moves(position, mover, ply):
            after, conquest = self.child(position, move)
            score = self.value(after, ply + 1, depth - 1, alpha, beta, conquest)
            if maximising:
                best = max(best, score)
                alpha = max(alpha, score)
            else:
                best = min(best, score)
                beta = min(beta, score)
            if alpha >= beta:
                self.cut_off(move, mover, ply, depth)
                break
        return best

    def root_search(self, position: Position, moves: list[Move | Pass], depth: int) -> None:
        """One iteration at the root (the root's mover maximises); each finished root move goes
        to `finished` at once, so that a budget spent halfway still leaves what was learnt."""
        self.finished = []
        alpha = -float("inf")
        for move in moves:
            after, conquest = self.child(position, move)
            score = self.value(after, 1, depth - 1, alpha, float("inf"), conquest)
            self.finished.append((move, score))
            alpha = max(alpha, score)


def _best(finished: list[tuple[Move | Pass, float]]) -> tuple[Move | Pass, float]:
    """The highest score; on a tie the move searched first (the better-looking one)."""
    best = finished[0]
    for move, score in finished[1:]:
        if score > best[1]:
            best = (move, score)
    return best


def search(
    position: Position,
    colour: str,
    relation: Relation,
    order: Sequence[str],
    *,
    depth: int = 2,
    node_budget: int = NODE_BUDGET,
    options: Collection[str] = (),
    values: Mapping[str, int] | None = None,
    heuristics: bool = True,
    growth: float = GROWTH,
    sure_depth: int = SURE_DEPTH,
    rivals_pass: bool = False,
) -> SearchResult:
    """The best move of `colour` by iterative deepening up to `depth` plies within `node_budget`
    nodes (see the module docstring); with its score, the depth finished and the nodes visited.
    `heuristics` orders the moves by killer moves and history too, and the root moves by the
    previous iteration's scores; `growth` and `sure_depth` are `GROWTH` and `SURE_DEPTH` (see
    `Level` for the computer seat's settings). The same arguments always give the same result."""
    if node_budget < 1:
        raise ValueError(f"node_budget must be at least 1 (one position looked at), not {node_budget}")
    table = values if values is not None else value_table(position.board.name)
    present = {c for c, _ in position.pieces.values()}
    related = memo(relation)
    real = turn_sequence(colour, order, present)
    sequence = without_rivals(real, colour, related) if rivals_pass else real
    searcher = _Searcher(colour, related, sequence, table, options, node_budget, heuristics, real)
    moves = searcher.moves(position, colour)
    if len(moves) == 1:
        return SearchResult(moves[0], 0.0, 0, 0)
    best_move, best_score, finished = moves[0], -float("inf"), 0
    for d in range(1, min(depth, MAX_DEPTH) + 1):
        before = searcher.nodes
        try:
            searcher.root_search(position, moves, d)
        except _OutOfNodes:
            if searcher.finished:  # the previous best was searched first: it is among them
                best_move, best_score = _best(searcher.finished)
            break
        best_move, best_score = _best(searcher.finished)
        finished = d
        if heuristics:  # best first, then the others by score (ties keep their order)
            scored = sorted(enumerate(searcher.finished), key=lambda item: (-item[1][1], item[0]))
            moves = [m for _, (m, _score) in scored]
        else:
            moves = [best_move, *(m for m in moves if m != best_move)]  # the best so far is searched first next time
        spent = searcher.nodes - before
        if d >= sure_depth and spent * growth > node_budget - searcher.nodes:
            break  # the next iteration would very likely not finish: answer now
    return SearchResult(best_move, best_score, finished, searcher.nodes)


def best_move(position: Position, colour: str, relation: Relation, order: Sequence[str],
              **settings: Any) -> Move | Pass:
    """The move a computer seat playing `colour` makes: `search(...).move`, `settings` being
    `search`'s keywords. `order` is the turn order (a list of colours, read cyclically from
    `colour`); `options` the ruleset options that change the moves (`pawn_any_diagonal`)."""
    return search(position, colour, relation, order, **settings).move

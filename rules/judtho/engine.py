"""The Judtho rules engine: the contract of rules.core over board, moves, alliances and scoring.

The flow of a game (rulebook 1.2, 1.3; rulings J11–J13, J20–J24):
- **Assembly** (1.2, J23): one piece per turn in turn order W, R, Y, B, on an empty square of
  one's own Kingdom (`@Qc2`). Placing a Prince or Princess is the choice; the other stays in
  reserve. After 14 pieces without either, only they are left, so the 15th is one of them.
  `@rest` fills the player's remaining pieces from the default set-up. Then White moves first.
- **Play**: the mover's legal moves under the current relations (2.1, J19), minus those that
  repeat a position (J21); none left, a pass (J20). After a move the captures are credited
  (1.4.1, J16) and Conquests applied in J12's order — Regicides in path order, then
  Annihilations (J13), then knatches (J11) — each through `alliances.conquest`.
- **Placement**: the placements a Conquest owes (bonus piece, then a captured King, J22) are
  made by their placers, one action each; knatches are tested again after each; then the turn
  ends (`alliances.end_turn`).
- **Endings**: the Conquest that ends the game (Third in Quattro, first in Duo and Trio, J28),
  `resign` (J17), `depart` (J18, for the table: leaving, or `depart timeout`), `draw
  offer|accept|decline` and `void offer` (J24, unanimous), the optional turn cap (J26, off by default).

Engine rulings of ours (tests named after them):
- E1. Knatches found together are applied with the Knight owners in turn order from the mover,
  then the Kings' colours in turn order from the mover (J12 leaves the order open).
- E2. A draw is offered by the player to move, on their turn; while the offer stands, the
  players who have not agreed are asked (accept or decline) before play goes on.
- E3. Resignation is taken on one's own turn; `depart` (J18) from any seat at any time before the
  end (the table applies it through `leave_action` when a player leaves); it is never offered
  in `legal_actions`.
- E4. The Trio suggestion (Section 4): the partner of the Partnership army to move may send one
  `suggest <move>` per turn; it is not in `to_act` (nobody waits for it) but offered to the
  partner whoever is asked (`anytime_actions`). The move goes to the
  mover alone (a private event); the channel learns only that a suggestion was sent, and the
  action is a `secret_action` (its log line hides the move; no export while the game is on).
- E5. A position for J21 is the board, the relations (who moves next included) and the
  placements owed; a move is refused if it leads back to a position met before in play.
- E6. With a move clock (the table's), a seat to move whose time runs out departs (J18:
  `depart timeout`); a seat asked to answer a draw or void proposal whose time runs out declines.
- E7. A void game (J24, section 7) is proposed like a draw (`void offer`, on one's own turn, E2)
  and answered like one (`draw accept|decline`); unanimity ends it with no winner (`outcome`).
  1.4.2 item 2's void agreed by the others *after* a Departure is not offered: J18 ends the game
  at once, so players who would void it agree before anyone leaves.
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from rules.core import (
    Action,
    BadActionText,
    Chance,
    Decision,
    Event,
    Game,
    GameInfo,
    GameOver,
    IllegalAction,
    Msg,
    NotYourTurn,
    Outcome,
    Seat,
)
from rules.judtho import alliances as al
from rules.judtho import refusals
from rules.judtho.board import COLOURS, Position, Relation, default_setup, placement_squares
from rules.judtho.moves import apply_move, knight_attacks, legal_moves, moves_from
from rules.judtho.notation import Move, Pass, Place, parse
from rules.judtho.pieces import ARMY
from rules.judtho.scoring import material, material_score, standings
from rules.judtho.state import JudthoState

VARIANTS = (
    "duo",
    "trio",
    "trio_dark",
    "stable_2v2",
    "bonus_to_conqueror",
    "t2c_four",
    "pawn_any_diagonal",
    "prince_b",
    "prince_c",
)
SEATS_OF = {"quattro": 4, "duo": 2, "trio": 3, "trio_dark": 3}
MOVE_OPTIONS = ("pawn_any_diagonal", "prince_b", "prince_c")
"""The ruleset options that change how pieces move (J15, J8); the others change alliances or seats."""
EXCLUSIVE = (("prince_b", "prince_c"), ("duo", "trio", "trio_dark"))
"""Options of which at most one may be chosen: one Prince (J8); Duo, Trio or Trio with the Dark pair (J28)."""
CHOICE = ("prince", "princess")
TURN_CAP_DEFAULT = 150
"""J26: moves per player when the adjudication cap is switched on."""


# --------------------------------------------------------------------------- actions of this module


@dataclass(frozen=True)
class PlaceRest(Action):
    """Assembly: place all my remaining pieces with the default set-up (`data/judtho/setup.toml`)."""

    verb: ClassVar[str] = "rest"

    def __str__(self) -> str:
        return "@rest"


@dataclass(frozen=True)
class Draw(Action):
    """`draw offer`, `draw accept`, `draw decline` (1.4.3, J24)."""

    verb: ClassVar[str] = "draw"
    answer: str


@dataclass(frozen=True)
class Resign(Action):
    """Resignation (J17)."""

    verb: ClassVar[str] = "resign"

    def __str__(self) -> str:
        return "resign"


@dataclass(frozen=True)
class Void(Action):
    """`void offer` (1.4.3 section 7, J24): propose that the game be declared void; the others
    answer with `draw accept|decline`, as for a draw (one proposal at a time, E2)."""

    verb: ClassVar[str] = "void"

    def __str__(self) -> str:
        return "void offer"


DEPART_REASONS = ("departure", "timeout")
"""Why a seat departs (J18): it left (`depart`), or its move's time ran out (`depart timeout`)."""


@dataclass(frozen=True)
class Depart(Action):
    """Departure (1.4.2, J18): the seat leaves the game, at any time before the end. Not offered in
    `legal_actions` (nobody should click it by accident); the table applies it when a player
    leaves (`leave_action`) or their move's time runs out (`time_up_action`: `depart timeout`,
    which ends the game as "timeout"), so the game's log replays it."""

    verb: ClassVar[str] = "depart"
    reason: str = "departure"

    def __str__(self) -> str:
        return "depart" if self.reason == "departure" else f"depart {self.reason}"


@dataclass(frozen=True)
class Suggest(Action):
    """Trio: the Partnership's one suggested move per turn, sent privately to the mover (Section 4)."""

    verb: ClassVar[str] = "suggest"
    move: str

    def __str__(self) -> str:
        return f"suggest {self.move}"


def army_list() -> list[str]:
    """The 16 pieces an army starts with in reserve: the 15 of 1.2.2 plus both Prince and Princess."""
    out: list[str] = []
    for piece, n in ARMY.items():
        out += list(CHOICE) if piece == "prince_or_princess" else [piece] * n
    return out


# --------------------------------------------------------------------------- the game


class Judtho(Game[JudthoState]):
    info = GameInfo(
        key="judtho",
        names={"en": "Judtho", "zh-TW": "Judtho 多人西洋棋"},
        min_seats=2,
        max_seats=4,
        variants=VARIANTS,
        default_timeout=0.0,  # no card-play window: J18's move clock is the table's time control (/judtho new time:)
        variant_seats={"duo": (2, 2), "trio": (3, 3), "trio_dark": (3, 3)},
        highlights=frozenset({"conquest"}),  # a colour conquered (by regicide, knatch or annihilation)
    )
    state_type = JudthoState

    # ------------------------------------------------------------------ set-up

    def new_game(self, config: dict[str, Any], seats: int, chance: Chance) -> JudthoState:
        """Quattro with 4 seats, Duo with 2 (Section 3), Trio with 3 (Section 4, J28: seat 0 is the
        Single Player with a Rival pair — White and Yellow, or under `trio_dark` Red and Black —
        and seats 1 and 2 the Partnership, one army each of the other pair)."""
        options = self._variants(config)
        variant = {2: "duo", 3: "trio", 4: "quattro"}.get(seats)
        if variant is None:
            raise ValueError(f"Judtho is for 2-4 players, not {seats}")
        for named in ("duo", "trio", "trio_dark"):
            if named in options and seats != SEATS_OF[named]:
                raise ValueError(f"{named} needs {SEATS_OF[named]} seats, not {seats}")
        single = ("red", "black") if "trio_dark" in options else ("white", "yellow")
        rel = al.initial(
            variant,
            "stable_2v2" if "stable_2v2" in options else "default",
            bonus_to_conqueror="bonus_to_conqueror" in options,
            t2c_points=4 if "t2c_four" in options else 8,
            single=single,
        )
        seat_colours = {
            "quattro": [[c] for c in COLOURS],
            "duo": [["white"], ["red"]],
            "trio": [list(single), *([c] for c in COLOURS if c not in single)],
        }[variant]
        cap = config.get("turn_cap") or 0
        state = JudthoState(
            variant=variant,
            options=options,
            seat_colours=seat_colours,
            reserve={c: army_list() for c in rel.colours},
            captured={c: [] for c in rel.colours},
            turn_cap=TURN_CAP_DEFAULT if cap is True else int(cap),
        )
        state.set_rel(rel)
        return state

    def _variants(self, config: dict[str, Any]) -> list[str]:
        named = set(self.info.variants_in(config, plain="quattro"))
        for group in EXCLUSIVE:
            if len(named & set(group)) > 1:
                raise ValueError(f"choose at most one of {group}")
        return sorted(named)

    # ------------------------------------------------------------------ whose decision

    def acting_colour(self, state: JudthoState) -> str | None:
        """The colour whose action the game waits for (None when over or during a draw offer)."""
        if state.phase == "over":
            return None
        if state.phase == "assembly":
            return state.assembly_to_move
        if state.phase == "placement":
            return state.owed[0][0]
        return state.rel().to_move

    def to_act(self, state: JudthoState) -> set[Seat]:
        if state.phase == "over":
            return set()
        rel = state.rel()
        if rel.proposal is not None:  # E2: everyone who has not agreed answers first
            return {state.seat_of(c) for c in rel.colours if c not in rel.agreed}
        colour = self.acting_colour(state)
        return {state.seat_of(colour)} if colour else set()

    def turn_order(self, state: JudthoState) -> list[Seat] | None:
        """In play: the seats of the armies to move, from the one to move now, as the turn order
        of the alliances has them (1.2.3, 6.3); a seat of two armies counts once, at its first."""
        rel = state.rel()
        if state.phase in ("over", "assembly", "placement") or rel.proposal is not None or rel.over:
            return None
        order: list[Seat] = []
        for colour in [rel.to_move, *al.move_order(rel, rel.to_move, len(rel.colours))]:
            if state.seat_of(colour) not in order:
                order.append(state.seat_of(colour))
        return order

    def _legal_actions(self, state: JudthoState, seat: Seat) -> list[Action]:
        rel = state.rel()
        if rel.proposal is not None:
            return [Draw("accept"), Draw("decline")]
        colour = self.acting_colour(state)
        assert colour is not None
        if state.phase == "assembly":
            return [*assembly_places(state, colour), PlaceRest(), Resign()]
        if state.phase == "placement":
            return list(owed_places(state))
        actions: list[Action] = list(play_moves(state, colour))
        actions += restore_places(state, colour)
        if self._may_offer_draw(state, rel):
            actions.append(Draw("offer"))
        actions.append(Void())  # J24: "unless all agree to void", with no Trio material condition
        return [*actions, Resign()]

    def _may_offer_draw(self, state: JudthoState, rel: al.Relations) -> bool:
        if rel.variant != "trio":
            return True
        mat = on_board_material(state)
        return len({sum(mat.get(c, 0) for c in side) for side in rel.sides}) == 1

    # ------------------------------------------------------------------ the Trio suggestion (E4)

    def partner(self, state: JudthoState) -> Seat | None:
        """Trio: the Partnership seat that may suggest a move to the Partnership army to move."""
        if state.variant != "trio" or state.phase != "play" or state.suggested:
            return None
        rel = state.rel()
        if rel.proposal is not None:
            return None
        side = next(s for s in rel.sides if rel.to_move in s)
        if len(side) != 2 or state.seat_of(side[0]) == state.seat_of(side[1]):
            return None
        other = side[1] if side[0] == rel.to_move else side[0]
        return state.seat_of(other)

    def suggestions(self, state: JudthoState, seat: Seat) -> list[Suggest]:
        """What `seat` may suggest now (empty unless it is the partner of the mover)."""
        if self.partner(state) != seat:
            return []
        return [Suggest(str(m)) for m in play_moves(state, state.rel().to_move) if isinstance(m, Move)]

    def anytime_actions(self, state: JudthoState, seat: Seat) -> list[Action]:
        """E4: the partner's one suggestion per turn, whoever is asked (nobody waits for it). Read
        from public facts only: the variant, whose turn it is, whether one was sent, the mover's
        legal moves."""
        return list(self.suggestions(state, seat))

    def why_not_asked(self, state: JudthoState, seat: Seat, action: Action) -> IllegalAction:
        """A suggestion outside Trio, a second one in a turn, or a move the partner may not suggest
        says so; anything else from a seat nobody asks is `NotYourTurn`."""
        if isinstance(action, Suggest):
            if state.variant != "trio":
                return IllegalAction("judtho_suggest_trio_only")
            if state.suggested and self._partner_of_mover(state) == seat:
                return NotYourTurn("judtho_one_suggestion")  # still not asked: said with its rule
            if self.partner(state) == seat:
                return IllegalAction("judtho_bad_suggestion", move=action.move, moves=refusals.shown(
                    [s.move for s in self.suggestions(state, seat)]))
            return NotYourTurn("judtho_suggest_partner_only")
        return NotYourTurn()

    def _partner_of_mover(self, state: JudthoState) -> Seat | None:
        """`partner`, whether or not this turn's suggestion was sent."""
        if not state.suggested:
            return self.partner(state)
        state.suggested = False
        try:
            return self.partner(state)
        finally:
            state.suggested = True

    def decision(self, state: JudthoState) -> Decision:
        """Every decision is plain (the turn line says it) and on the move clock, the table's time
        control, when the table has one (E6): the seat to move, to place or to answer a proposal.
        A proposal's answers are one decision until it is settled (an acceptance leaves the
        others' question as it was); everything else but a suggestion (E4: nobody waits for it)
        opens the next (`asked_at`). No seat is on a window clock (`clocked`)."""
        asked = frozenset(self.to_act(state))
        return Decision(asked, key=("judtho", state.asked_at) if asked else None)

    def why_illegal(self, state: JudthoState, seat: Seat, action: Action) -> IllegalAction:
        """The rule that refuses `action` and what is possible instead (refusals.py): no offer to
        answer, a Trio draw with unequal material, a placement outside the Kingdom or of the piece
        not chosen, a move into a Rival's Kingdom or off the board, a repetition."""
        colour = self.acting_colour(state) or ""
        rel = state.rel()
        legal = self._legal_actions(state, seat)
        rivals = [c for c in rel.colours if c != colour and al.relation(rel, colour, c) == "rival"]
        if isinstance(action, Draw) and action.answer in ("accept", "decline") and rel.proposal is None:
            return IllegalAction("judtho_no_offer")
        if isinstance(action, (Draw, Void)) and rel.proposal is not None:
            return IllegalAction("judtho_proposal_pending", proposal=rel.proposal)
        if isinstance(action, Draw) and action.answer == "offer" and state.phase == "play":
            mat = on_board_material(state)
            sides = [sum(mat.get(c, 0) for c in side) for side in rel.sides]
            return IllegalAction("judtho_trio_draw_needs_equal_material", material=" – ".join(map(str, sides)))
        if isinstance(action, Place) and state.phase in ("assembly", "placement"):
            chosen = next((p for p in CHOICE if p not in state.reserve.get(colour, [])), None)
            return refusals.place_refusal(state, colour, action, legal, rivals,
                                          reserve=state.reserve.get(colour, []),
                                          chosen=chosen if state.phase == "assembly" else None)
        if isinstance(action, Place) and state.phase == "play":
            if colour not in rel.restore_rights:
                return IllegalAction("judtho_no_restore_right")
            return refusals.place_refusal(state, colour, action, legal, rivals, reserve=["queen", "knight", "rook"],
                                          chosen=None)
        if isinstance(action, Move) and state.phase == "play":
            outside = refusals.off_board(state.board(), [action.origin, action.to, *action.captures])
            if outside is not None:
                return outside
            own = state.pieces.get(action.origin)
            if own is not None and own[0] != colour:
                return IllegalAction("judtho_not_your_army", square=action.origin, piece=refusals.piece(own[1]),
                                     owner=refusals.colour(own[0]), army=refusals.colour(colour))
            if own is None:
                return IllegalAction("judtho_not_your_piece", square=action.origin)
            if action.bare() in legal_moves(state.position(), colour, self._relation(state), self._gen(state)):
                return IllegalAction("judtho_repetition", text=str(action))
            return refusals.move_refusal(state, colour, action, legal, rivals)
        if isinstance(action, Pass) and state.phase == "play":
            return refusals.pass_refusal(legal)
        return refusals.fallback(action, legal)

    def _quick_legal(self, state: JudthoState, seat: Seat, action: Action) -> bool:
        """A plain move is checked by itself (`plainly_legal_move`: that one piece's moves and one
        repetition test), not by listing every legal action again (the caller most often listed
        them just before)."""
        return isinstance(action, Move) and plainly_legal_move(state, seat, action)

    # ------------------------------------------------------------------ parsing

    def parse_action(self, text: str) -> Action:
        s = text.strip()
        words = s.split()
        if s == "@rest":
            return PlaceRest()
        if s == "resign":
            return Resign()
        if words and words[0] == "depart" and len(words) <= 2:
            reason = words[1] if len(words) == 2 else "departure"
            if reason not in DEPART_REASONS:
                raise BadActionText(text=text)
            return Depart(reason)
        if words == ["void", "offer"]:
            return Void()
        if len(words) == 2 and words[0] == "draw" and words[1] in ("offer", "accept", "decline"):
            return Draw(words[1])
        if len(words) == 2 and words[0] == "suggest":
            move = parse(words[1])
            if not isinstance(move, Move):
                raise BadActionText(text=text)
            return Suggest(str(move))
        return parse(s)

    # ------------------------------------------------------------------ applying

    def _apply(self, state: JudthoState, seat: Seat, action: Action, chance: Chance) -> list[Event]:
        events = self._act(state, seat, action, chance)
        accepted = isinstance(action, Draw) and action.answer == "accept" and state.rel().proposal is not None
        if not (isinstance(action, Suggest) or accepted):
            state.asked_at = state.version + 1  # the version this action makes: the next decision opens
        return events

    def _act(self, state: JudthoState, seat: Seat, action: Action, chance: Chance) -> list[Event]:
        if isinstance(action, Suggest):
            mover = state.rel().to_move
            state.suggested = True
            return [Event("suggestion_sent", {"seat": seat}),  # the channel learns only that one was sent
                    Event("suggestion", {"move": action.move, "seat": seat, "colour": mover},
                          to=(state.seat_of(mover),))]
        if isinstance(action, Draw):
            return self._draw(state, seat, action.answer)
        if isinstance(action, Resign):
            return self._resign(state, seat)
        if isinstance(action, Depart):
            return self._depart(state, seat, action.reason)
        if isinstance(action, Void):
            return self._draw(state, seat, "offer", "void")
        colour = self.acting_colour(state)
        assert colour is not None
        if state.phase == "assembly":
            return self._assemble(state, colour, action)
        if state.phase == "placement":
            assert isinstance(action, Place)
            return self._owed_placement(state, colour, action)
        if isinstance(action, Place):
            return self._restore(state, colour, action)
        assert isinstance(action, (Move, Pass))
        return self._move(state, colour, action)

    def _restore(self, state: JudthoState, colour: str, action: Place) -> list[Event]:
        """6.5: the one-time right to return a captured Queen, Knight or Rook, used instead of a move."""
        state.set_rel(al.use_restore_right(state.rel(), colour))
        state.reserve[colour].append(action.piece)
        put(state, colour, action.piece, action.square)
        state.mover = colour
        state.suggested = False
        state.moves_made += 1
        state.last_move = None
        events = [Event("placed", {"colour": colour, "piece": action.piece, "square": action.square})]
        events += self._knatches(state)
        return events + self._after_action(state)

    # ---- Assembly (1.2, J23)

    def _assemble(self, state: JudthoState, colour: str, action: Action) -> list[Event]:
        events: list[Event] = []
        if isinstance(action, PlaceRest):
            placed = place_rest(state, colour)
            events.append(Event("rest_placed", {"colour": colour, "count": len(placed)}))
        else:
            assert isinstance(action, Place)
            put(state, colour, action.piece, action.square)
            events.append(Event("placed", {"colour": colour, "piece": action.piece, "square": action.square}))
        waiting = [c for c in state.rel().colours if not assembled(state, c)]
        if not waiting:
            state.phase = "play"
            state.seen = [position_digest(state)]
            events.append(Event("assembly_done", {}))
            return events + self._turn_prompt(state)
        order = list(state.rel().colours)
        i = order.index(colour)
        state.assembly_to_move = next(order[(i + k) % len(order)] for k in range(1, len(order) + 1)
                                      if order[(i + k) % len(order)] in waiting)
        return events

    # ---- Play

    def _move(self, state: JudthoState, colour: str, action: Move | Pass) -> list[Event]:
        before = state.position()
        state.suggested = False
        state.moves_made += 1
        if isinstance(action, Pass):
            state.last_move = None
            events = [Event("passed", {"colour": colour})]
            state.mover = colour
            return events + self._finish_turn(state)
        events = []
        victims = [(sq, *before.pieces[sq]) for sq in action.captures]
        for _, vc, vp in victims:
            state.captured[colour].append([vc, vp])
        state.set_position(apply_move(before, action))
        state.mover = colour
        # J12: Regicides in path order, then Annihilations, then knatches.
        pending: list[tuple[str, str, str]] = [(colour, vc, "regicide") for _, vc, vp in victims if vp == "king"]
        hit = []
        for _, vc, vp in victims:
            if vc not in hit and vp != "king":
                hit.append(vc)
        pending += [(colour, vc, "annihilation") for vc in hit if annihilated(state, vc)]
        for _, vc, vp in victims:
            if vp == "king":
                state.reserve[vc].append("king")
        suffix: list[str] = []
        for conqueror, conquered, how in pending:
            if state.rel().over:
                break
            if al.relation(state.rel(), conqueror, conquered) != "opponent":
                if how == "regicide":  # no Conquest, but the King still goes back (J22)
                    state.owed.append([conquered, "king"])
                continue
            events += self._conquer(state, conqueror, conquered, how)
            suffix.append({"regicide": "K", "annihilation": "A", "knatch": "N"}[how])
        events += self._knatches(state, suffix)
        state.last_move = dataclasses.replace(action, conquests=tuple(suffix)).to_view()
        events.insert(0, Event("moved", {"colour": colour, "text": state.last_move["text"], "captures": len(victims)}))
        return events + self._after_action(state)

    def _conquer(self, state: JudthoState, conqueror: str, conquered: str, how: str) -> list[Event]:
        rel, awards, placements = al.conquest(state.rel(), conqueror, conquered, how)
        state.set_rel(rel)
        events = [Event("conquest", {"conqueror": conqueror, "conquered": conquered, "how": how})]
        events += [Event("award", {"colour": a.colour, "points": a.points, "reason": a.reason}) for a in awards]
        for p in placements:
            if p.kind == "bonus_again":
                events += self._bonus_again(state, p.placer)
            else:
                state.owed.append([p.placer, p.kind])
                events.append(Event("owed", {"colour": p.placer, "kind": p.kind}))
        return events

    def _bonus_again(self, state: JudthoState, placer: str) -> list[Event]:
        """6.5 (1.3.5 item 3): the missing Prince/Princess, else a captured Queen/Knight/Rook, else a
        right kept for later (`restore_places`)."""
        on_board = [p for c, p in state.pieces.values() if c == placer]
        lost = [p for caps in state.captured.values() for c, p in caps if c == placer]
        what, choices = al.bonus_again(on_board, lost)
        if what == "later":
            state.set_rel(al.grant_restore_right(state.rel(), placer))
            return [Event("restore_right", {"colour": placer})]
        for piece in choices:
            if piece not in state.reserve[placer]:
                state.reserve[placer].append(piece)
        state.owed.append([placer, "bonus_again"])
        return [Event("owed", {"colour": placer, "kind": "bonus_again"})]

    def _knatches(self, state: JudthoState, suffix: list[str] | None = None) -> list[Event]:
        """J11: any King attacked by an Opponent's Knight is knatched, one at a time (J12, E1)."""
        events: list[Event] = []
        while not state.rel().over:
            found = find_knatches(state, state.mover or "white")
            if not found:
                break
            knight, king = found[0]
            events += self._conquer(state, knight, king, "knatch")
            if suffix is not None:
                suffix.append("N")
        return events

    def _after_action(self, state: JudthoState) -> list[Event]:
        """After a move or an owed placement: placements still owed, the end, or the next turn."""
        if state.rel().over:
            return self._game_over(state)
        while state.owed and not owed_places(state):  # nothing to place, nowhere to place it
            state.owed.pop(0)
        if state.owed:
            state.phase = "placement"
            return []
        return self._finish_turn(state)

    def _finish_turn(self, state: JudthoState) -> list[Event]:
        state.phase = "play"
        rel = al.end_turn(state.rel(), state.mover or "white")
        state.set_rel(rel)
        state.mover = None
        state.seen.append(position_digest(state))
        if state.turn_cap and state.moves_made >= state.turn_cap * len(rel.colours):
            state.set_rel(al.adjudicate(rel))
            return self._game_over(state)
        return self._turn_prompt(state)

    def _turn_prompt(self, state: JudthoState) -> list[Event]:
        return [Event("to_move", {"colour": state.rel().to_move})]

    def _owed_placement(self, state: JudthoState, colour: str, action: Place) -> list[Event]:
        placer, kind = state.owed.pop(0)
        put(state, placer, action.piece, action.square)
        events = [Event("placed", {"colour": placer, "piece": action.piece, "square": action.square, "kind": kind})]
        if kind == "bonus_again":  # the other offered pieces stay where they were
            for piece in ("prince", "princess", "queen", "knight", "rook"):
                if piece in state.reserve[placer] and not _may_wait(state, placer, piece):
                    state.reserve[placer].remove(piece)
        events += self._knatches(state)
        return events + self._after_action(state)

    # ---- Endings

    def _draw(self, state: JudthoState, seat: Seat, answer: str, kind: str = "draw") -> list[Event]:
        """J24, E2: a draw or void proposal (`kind`), or an answer to the one standing (whichever
        it is: `draw accept|decline` answer a void proposal too); unanimity ends the game."""
        rel = state.rel()
        mine = state.seat_colours[seat]
        if answer == "offer":
            rel = al.offer(rel, mine, kind, on_board_material(state))
        else:
            kind = rel.proposal or kind
            rel = al.accept(rel, mine) if answer == "accept" else al.decline(rel, mine)
        state.set_rel(rel)
        events = [Event(f"{kind}_{answer}", {"seat": seat})]
        if rel.over:
            events += self._game_over(state)
        return events

    def _resign(self, state: JudthoState, seat: Seat) -> list[Event]:
        """J17: a Departure in Quattro (awards to the others), a loss in Duo and Trio."""
        colour = state.seat_colours[seat][0]
        rel, awards = al.resign(state.rel(), colour)
        state.set_rel(rel)
        events = [Event("resigned", {"seat": seat, "colour": colour})]
        events += [Event("award", {"colour": a.colour, "points": a.points, "reason": a.reason}) for a in awards]
        return events + self._game_over(state)

    def time_up_action(self, state: JudthoState, seat: Seat) -> Action | None:
        """J18, "a timeout counts as Departure": a seat the game waits on whose move's time runs out
        departs (`depart timeout`, the game ends as "timeout"); E6: a seat asked to answer a draw
        or void proposal that lets its time run out declines (J24 needs everyone's agreement,
        and silence is none). None for the seats not to act (nobody waits for them) and once
        the game is over. The move clock is the table's time control (`/judtho new time:`);
        Judtho has no window clock (`timeout_action` is None)."""
        if state.phase == "over" or seat not in self.to_act(state):
            return None
        return Draw("decline") if state.rel().proposal is not None else Depart("timeout")

    def leave_action(self, state: JudthoState, seat: Seat) -> Action | None:
        """J18: a player who leaves the table departs (the table applies `Depart` for the seat, so the
        others are awarded and the game ends, and the log replays it); None once the game is over."""
        return None if state.phase == "over" or not 0 <= seat < len(state.seat_colours) else Depart()

    def depart(self, state: JudthoState, seat: Seat, reason: str = "departure") -> list[Event]:
        """J18 outside the action log (e.g. `reason="timeout"`): as `Depart`, with the state's version bumped."""
        events = self._depart(state, seat, reason)
        state.version += 1
        return events

    def _depart(self, state: JudthoState, seat: Seat, reason: str = "departure") -> list[Event]:
        """J18: `seat` leaves the game (or its time ran out): the others are awarded and the game ends."""
        if state.phase == "over":
            raise GameOver()
        colour = state.seat_colours[seat][0]
        rel, awards = al.depart(state.rel(), colour, reason)
        state.set_rel(rel)
        events = [Event("departed", {"seat": seat, "colour": colour})]
        events += [Event("award", {"colour": a.colour, "points": a.points, "reason": a.reason}) for a in awards]
        return events + self._game_over(state)

    def _game_over(self, state: JudthoState) -> list[Event]:
        state.phase = "over"
        state.owed = []
        rel = state.rel()
        return [Event("game_over", {"end": rel.end, "winners": list(rel.winners or ())})]

    # ------------------------------------------------------------------ results

    def outcome(self, state: JudthoState) -> Outcome | None:
        """Winners: the winning side, or (departure, adjudication) the first in the standings by
        points then Material Score (J25); an agreed draw and a void game have none (the scores still
        give the places). Scores: each seat's points
        (Quattro) or Material Score (Duo, Trio, which have no points)."""
        if state.phase != "over":
            return None
        rel = state.rel()
        scores = material_scores(state)
        if rel.winners:
            win_colours = set(rel.winners)
        elif rel.end in ("void", "draw"):  # J24: an agreed draw has no winner; the scores give the places
            win_colours = set()
        else:
            table = standings(rel, scores)
            win_colours = {c for s in table if s.rank == 1 for c in s.colours}
        winners = tuple(sorted({state.seat_of(c) for c in win_colours}))
        if state.variant == "quattro":
            per_seat = {s: sum(rel.points.get(c, 0) for c in cs) for s, cs in enumerate(state.seat_colours)}
        else:
            per_seat = {s: sum(scores.get(c, 0) for c in cs) for s, cs in enumerate(state.seat_colours)}
        return Outcome(winners=winners, reason=rel.end or "over", scores=per_seat)

    def view(self, state: JudthoState, seat: Seat | None) -> dict[str, Any]:
        from rules.judtho.view import view

        return view(self, state, seat)

    def undoable(self, before: JudthoState, seat: Seat, action: Action) -> bool:
        """Judtho has no chance and nothing hidden on the board: a move, a pass, a piece placed
        (Assembly, an owed placement, a restored piece: 6.5) or the rest placed at once may be
        taken back before the next player acts. What others have already been told cannot be:
        a Trio suggestion (E4, private to the partner), a draw or void proposal and its answers
        (1.4.3, J24), a resignation (J17) and a departure (J18)."""
        if not isinstance(action, (Move, Pass, Place, PlaceRest)):
            return False
        # Such an action draws nothing and tells every seat the same (its events are all public):
        # whether it may be taken on `before` is all there is to ask, not a trial on a copy
        # (tests/rules/judtho/test_undoable_check.py holds both answers the same).
        try:
            self.check(before, seat, action)
        except IllegalAction:
            return False
        return True

    def rating_teams(self, state: JudthoState, seats: int) -> list[tuple[Seat, ...]]:
        """The sides as the game ended (J2): Trio's Single Player against the Partnership, in
        Quattro each alliance standing at the end and each single, in Duo each seat alone. A void
        game (J24) counts for nothing: no sides, not rated."""
        rel = state.rel()
        if rel.end == "void":
            return []
        out: list[tuple[Seat, ...]] = []
        for team in rel.teams():
            members = tuple(sorted({state.seat_of(c) for c in team if c in state.colours()}))
            if members and not any(set(members) & set(m) for m in out):
                out.append(members)
        out += [(s,) for s in range(seats) if not any(s in m for m in out)]
        return out

    def secret_action(self, action: Action) -> bool:
        """E4: a Trio suggestion is for the partner's eyes only."""
        return isinstance(action, Suggest)

    def describe(self, event: Event) -> Msg:
        from rules.judtho.present import describe

        return describe(event)

    def label(self, action: Action) -> Msg:
        from rules.judtho.present import label

        return label(action)

    # ------------------------------------------------------------------ helpers

    @staticmethod
    def _relation(state: JudthoState) -> Relation:
        rel = state.rel()
        return lambda a, b: al.relation(rel, a, b)

    @staticmethod
    def _gen(state: JudthoState) -> tuple[str, ...]:
        """The ruleset options the move generator needs (J15's Pawn, J8's Prince)."""
        return move_options(state)


GAME = Judtho()


# --------------------------------------------------------------------------- rules helpers


def put(state: JudthoState, colour: str, piece: str, square: str) -> None:
    state.reserve[colour].remove(piece)
    state.pieces[square] = [colour, piece]
    state.pieces = dict(sorted(state.pieces.items()))


def chosen(state: JudthoState, colour: str) -> bool:
    """1.2.2: the Prince/Princess choice is made once one of them is no longer in reserve."""
    return any(p not in state.reserve[colour] for p in CHOICE) or any(
        c == colour and p in CHOICE for c, p in state.pieces.values()
    )


def assembled(state: JudthoState, colour: str) -> bool:
    """A colour has placed its 15 pieces: only the unchosen Prince/Princess is left (1.2.2)."""
    return chosen(state, colour) and len(state.reserve[colour]) == 1


def assembly_places(state: JudthoState, colour: str) -> list[Place]:
    """1.2.6, J23: any piece still to place, on an empty square of one's own Kingdom. Once one of
    Prince/Princess is placed the other is no longer offered; after 14 pieces without either,
    they are all that is left, so the 15th is one of them."""
    pieces = list(dict.fromkeys(state.reserve[colour]))
    if chosen(state, colour):
        pieces = [p for p in pieces if p not in CHOICE]
    squares = placement_squares(state.position(), colour)
    return [Place(p, sq) for p in pieces for sq in squares]


def place_rest(state: JudthoState, colour: str) -> list[str]:
    """The Assembly's "place the rest for me": the default set-up (`board.default_setup`) on the squares
    still empty, the chosen Prince/Princess (Princess if none yet); leftovers on the first empty
    squares of the Kingdom."""
    todo = [p for p in state.reserve[colour] if p not in CHOICE]
    if chosen(state, colour):
        choice = next(p for p in CHOICE if p not in state.reserve[colour])
    else:
        choice = "princess"
        todo.append(choice)
    placed = []
    for sq, piece in default_setup(state.board(), colour, choice).items():
        if sq not in state.pieces and piece in todo:
            todo.remove(piece)
            put(state, colour, piece, sq)
            placed.append(sq)
    for piece in list(todo):
        sq = placement_squares(state.position(), colour)[0]
        put(state, colour, piece, sq)
        placed.append(sq)
    return placed


def owed_places(state: JudthoState) -> Iterable[Place]:
    """J22: the bonus piece (the unchosen Prince/Princess, or under 6.5 the piece offered), then a
    captured King, each on an empty square of the placer's Kingdom, or Neutral Territory if full."""
    placer, kind = state.owed[0]
    squares = placement_squares(state.position(), placer, neutral_if_full=True)
    if kind == "king":
        pieces = ["king"]
    elif kind == "bonus_piece":
        pieces = [p for p in CHOICE if p in state.reserve[placer]]
    else:
        pieces = [p for p in dict.fromkeys(state.reserve[placer]) if p != "king"]
    return [Place(p, sq) for p in pieces for sq in squares]


def restore_places(state: JudthoState, colour: str) -> list[Place]:
    """6.5 (1.3.5 item 3): with the right kept, a captured Queen, Knight or Rook of one's own army may
    be placed in one's own Kingdom (Neutral Territory if full) on one's turn, instead of a move."""
    if colour not in state.rel().restore_rights:
        return []
    lost = {p for caps in state.captured.values() for c, p in caps if c == colour}
    pieces = [p for p in ("queen", "knight", "rook") if p in lost]
    squares = placement_squares(state.position(), colour, neutral_if_full=True)
    return [Place(p, sq) for p in pieces for sq in squares]


def _may_wait(state: JudthoState, colour: str, piece: str) -> bool:
    """After a 6.5 placement, the unchosen Prince/Princess stays in reserve; other offered pieces go back."""
    return piece in CHOICE


def annihilated(state: JudthoState, colour: str) -> bool:
    """J13: an army with no piece left on the board but its King."""
    return not any(c == colour and p != "king" for c, p in state.pieces.values())


def find_knatches(state: JudthoState, mover: str) -> list[tuple[str, str]]:
    """J11: (Knight owner, King colour) for every King attacked by an Opponent's Knight, in the
    order of E1 (Knight owners from the mover in turn order, then Kings likewise)."""
    rel = state.rel()
    position = state.position()
    order = list(rel.colours)
    start = order.index(mover) if mover in order else 0
    rank = {c: (order.index(c) - start) % len(order) for c in order}
    kings = {sq: c for sq, (c, p) in position.pieces.items() if p == "king"}
    found = set()
    for sq, (c, p) in position.pieces.items():
        if p != "knight":
            continue
        for target in knight_attacks(position, sq):
            victim = kings.get(target)
            if victim is not None and al.relation(rel, c, victim) == "opponent":
                found.add((c, victim))
    return sorted(found, key=lambda kv: (rank[kv[0]], rank[kv[1]]))


POSITION_KEY_PREFIX = "z"
"""A position key written into `JudthoState.seen` starts with this letter (and 16 hex digits);
a key written before the incremental keys is 16 hex digits alone (`legacy_digest`)."""

_PIECE_KEYS: dict[tuple[str, str, str], int] = {}


def piece_key(square: str, colour: str, piece: str) -> int:
    """The 64-bit Zobrist number of `colour`'s `piece` on `square`: fixed for ever (it is read from a
    hash of the three names, not drawn at random), since position keys are saved with the game."""
    key = (square, colour, piece)
    value = _PIECE_KEYS.get(key)
    if value is None:
        value = _PIECE_KEYS[key] = int.from_bytes(
            hashlib.blake2b(f"{square}:{colour}:{piece}".encode(), digest_size=8).digest(), "big")
    return value


def pieces_key(pieces: Mapping[str, Sequence[str]]) -> int:
    """The XOR of the `piece_key` of every piece on the board: a move changes it by two or three
    XORs (`repeats`), so a candidate move's position is never hashed whole."""
    key = 0
    known = _PIECE_KEYS
    for sq, (c, p) in pieces.items():
        value = known.get((sq, c, p))
        key ^= piece_key(sq, c, p) if value is None else value
    return key


def context_key(rel: al.Relations, owed: list[list[str]]) -> int:
    """The 64-bit number of what a position holds beside the board (E5): the relations (who moves
    next included) and the placements owed; the same for every candidate move of a turn."""
    text = repr(rel.key()) + repr(owed)
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


def key_text(key: int) -> str:
    """A position key as `JudthoState.seen` holds it."""
    return f"{POSITION_KEY_PREFIX}{key:016x}"


def position_digest(state: JudthoState, pieces: Mapping[str, Sequence[str]] | None = None,
                    rel: al.Relations | None = None) -> str:
    """E5, J21: the key of the board, the relations (who moves next included) and the owed
    placements: `pieces_key` XOR `context_key` (`key_text`)."""
    items = pieces if pieces is not None else state.pieces
    return key_text(pieces_key(items) ^ context_key(rel or state.rel(), state.owed))


def legacy_digest(state: JudthoState, pieces: Mapping[str, Sequence[str]] | None = None,
                  rel: al.Relations | None = None) -> str:
    """The position digest games saved before the incremental keys hold in `seen` (a hash of the
    whole position's text): kept so that such a game, loaded, still refuses its old positions."""
    items = pieces if pieces is not None else state.pieces
    rel = rel or state.rel()
    text = ";".join(f"{sq}{c[0]}{p}" for sq, (c, p) in sorted(items.items())) + repr(rel.key()) + repr(state.owed)
    return hashlib.sha1(text.encode()).hexdigest()[:16]


def seen_keys(state: JudthoState) -> tuple[set[int], set[str]]:
    """The positions met in play (`seen`): the keys as numbers, and the digests of a game saved before
    the incremental keys (`legacy_digest`). Kept beside the fields (never saved) with a copy of the
    entries read, and brought up to date by reading only the entries appended since (the engine
    only appends); a new list, or one changed otherwise, is read again whole."""
    seen = state.seen
    memo = state.__dict__.get("_seen_memo")
    if memo is not None and memo[0] is seen and seen[:len(memo[1])] == memo[1]:
        _, read, keys, legacy = memo
        new = seen[len(read):]
    else:
        keys, legacy, new = set(), set(), seen
    for entry in new:
        if entry.startswith(POSITION_KEY_PREFIX):
            keys.add(int(entry[1:], 16))
        else:
            legacy.add(entry)
    state.__dict__["_seen_memo"] = (seen, list(seen), keys, legacy)
    return keys, legacy


def repeats(state: JudthoState, position: Position, after_rel: al.Relations) -> Callable[[Move], bool]:
    """J21, E5: whether a move without captures (a capture never repeats a position: the pieces are
    fewer) leads to a position met before in play, `after_rel` being the relations after the turn.
    The key of the position after the move is the key before it changed by the moving piece
    (`piece_key` out of its origin, in on its destination, promoted or not); a game saved with
    whole-position digests (`legacy_digest`) is also checked against those."""
    keys, legacy = seen_keys(state)
    base = pieces_key(position.pieces) ^ context_key(after_rel, state.owed)
    pieces = position.pieces
    known = _PIECE_KEYS

    def repeated(move: Move) -> bool:
        c, p = pieces[move.origin]
        out = known.get((move.origin, c, p)) or piece_key(move.origin, c, p)
        arrive = move.promote or p
        into = known.get((move.to, c, arrive)) or piece_key(move.to, c, arrive)
        if base ^ out ^ into in keys:
            return True
        return bool(legacy) and legacy_digest(state, apply_move(position, move).pieces, after_rel) in legacy

    return repeated


def move_options(state: JudthoState) -> tuple[str, ...]:
    """The ruleset options that change the pieces' moves (J15 `pawn_any_diagonal`, J8 `prince_b`/`prince_c`)."""
    return tuple(o for o in MOVE_OPTIONS if o in state.options)


def play_moves(state: JudthoState, colour: str) -> list[Move | Pass]:
    """§4.8: the legal moves under the current relations, minus repetitions (J21); else a pass (J20)."""
    rel = state.rel()
    position = state.position()
    moves = legal_moves(position, colour, lambda a, b: al.relation(rel, a, b), move_options(state))
    if isinstance(moves[0], Pass):
        return moves
    repeated = repeats(state, position, al.end_turn(rel, colour))
    out: list[Move | Pass] = [m for m in moves if isinstance(m, Move) and (m.captures or not repeated(m))]
    return out or [Pass()]


def plainly_legal_move(state: JudthoState, seat: Seat, move: Move) -> bool:
    """Whether `move` is certainly among `seat`'s legal actions now (`Judtho.check`'s quick answer):
    in play, no proposal standing, the seat's army to move, its piece on the origin, the move one
    of that piece's (`moves_from`) and no repetition (J21). False says nothing: the full check
    decides (and gives the reason)."""
    if state.phase != "play" or move.conquests:
        return False
    rel = state.rel()
    colour = rel.to_move
    if rel.proposal is not None or state.seat_of(colour) != seat:
        return False
    own = state.pieces.get(move.origin)
    if own is None or own[0] != colour or own[1] != move.piece:
        return False
    position = state.position()
    if move not in moves_from(position, move.origin, lambda a, b: al.relation(rel, a, b), move_options(state)):
        return False
    return bool(move.captures) or not repeats(state, position, al.end_turn(rel, colour))(move)


def on_board_material(state: JudthoState) -> dict[str, int]:
    """Table-1 value of each colour's pieces on the board (the Trio draw condition, J28)."""
    out: dict[str, int] = {}
    for c, p in state.pieces.values():
        out[c] = out.get(c, 0) + material([p], state.variant)
    return out


def material_scores(state: JudthoState) -> dict[str, int]:
    """1.4.1, J16: own pieces on the board + Opponents' pieces captured, per colour."""
    return {
        c: material_score([p for cc, p in state.pieces.values() if cc == c],
                          [p for _, p in state.captured.get(c, [])], state.variant)
        for c in state.rel().colours
    }

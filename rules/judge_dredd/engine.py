"""The Judge Dredd rules engine: the contract of rules.core over the flow of turn.py.

Whose decision it is (`to_act`), in this priority: a seat holding more than six cards discards
first (R15); then, in an open card-play window (R7), every seat still in it (a seat that said
`skip` is passed by itself for the rest of the Game Turn, except where `turn.still_asked`); then
the Judge whose Move is awaited, the Judge choosing which Crime to attempt, or the next player
placing a Judge.

The Action Cards themselves (which may be played, and what they do) are cards.py's; this module
only routes `play`, `block`, `tipoff` and `answer` there and keeps the window's passes.

Rulings of the engine beyond R1-R26 (all of them in docs/rulings/judge_dredd.md; tests named after them):
- E1. Nothing waits for a choice that does not exist: a Judge who can only stay, or who must leave
  the ICU for the Hospital (R9), moves by itself; a missed Move is skipped with an event (R18).
- E2. "All Judges present at a Crime" (R8) are those in its Sector who must attempt it: not yet
  attempted, not bound to a Block Mania fight. With two or more targets in a Sector (Crimes, or a
  Crime and the Alien Creature), when the first Judge there is due every Judge there who must
  attempt chooses in Arrest order ("he/she may choose which one to try and arrest"; a Judge in a
  stand-off must retry that Perp); then each target is fought by the Judges who chose it together
  (R8), when the first of them is due: the group of the first Judge due fights first.
- E3. A Judge starting the Move in ICU moves into the Hospital even with a Miss Move waiting; the
  Miss Move then costs the next Move (R9 keeps ICU a one-turn penalty).
- E4. The Judge Dredd card settles the Arrest without dice: the Judge arrests, fellow Judges at
  the Crime have used their attempt and nothing else happens to them (R17).
- E5. `skip` passes the window and every later card-play window of the Game Turn, so a player
  need not answer ~8 windows a turn; it is public and reveals nothing (the seat is passed whatever
  it holds). Still asked: an answer window where it is the target (R7), the window before a fight
  its own Judge is in, the issue window (discards). It ends when the next Game Turn starts.
- E6. A Judge who fails an Arrest (or loses a fight) in a Quarantined Sector still goes to the
  ICU: the Arrest Rules say the Judge "must be placed immediately in the Intensive Care Unit", and
  a Quarantine that kept them there would turn a lost fight into no penalty. Quarantine ("cannot
  leave it by any means whatsoever") governs Moves and cards (Barney, Outdoor Boing: R13).
- E7. When the table's time control runs out on a decision with no clock of its own, the Judge
  stays, or takes the first option listed where staying is not one (`time_up_action`).
"""

from __future__ import annotations

from typing import Any

from rules.core import (
    Action,
    Chance,
    Decision,
    Event,
    Game,
    GameInfo,
    IllegalAction,
    Msg,
    NotYourTurn,
    Outcome,
    Seat,
    revealed_nothing,
)

from . import cards, present, turn
from .actions import Answer, Arrest, Block, Discard, Done, Move, Pass, Place, Play, Skip, Stay, TipOff, parse_action
from .content import load_board
from .hands import discard, over_limit
from .movement import move_paths, path_refusal, sector_list, walk_refusal
from .state import COLOURS, HAND_LIMIT, ICU, DreddState, Judge, order
from .view import revealed, view

QUIET = frozenset({"placed", "moved", "stayed", "passed", "skipped", "window", "window_closed", "move_missed",
                   "turn_start_passed"})
"""The events that show nobody anything new (`undoable`): any other (a Perp turned up, a Crime
reported, cards drawn, a fight) does, or may."""

CARD_ACTIONS = (Play, Block, TipOff, Answer)
"""The verbs whose legality is cards.py's."""
VARIANTS = ("dredd_plus_ten", "no_tipoff_into_protected")


class JudgeDredd(Game[DreddState]):
    info = GameInfo(
        key="judge_dredd",
        names={"en": "Judge Dredd", "zh-TW": "特警判官"},
        min_seats=2,
        max_seats=6,
        variants=VARIANTS,
        hidden_information=True, has_secrets=True,
        timed=True,
        highlights=frozenset({"arrested", "dredd_arrest"}),  # a perp arrested
    )
    state_type = DreddState

    # ------------------------------------------------------------------ set-up

    def new_game(self, config: dict[str, Any], seats: int, chance: Chance) -> DreddState:
        """Preparation: every pack shuffled face down. Starting the Game: the Turn Start Card is
        dealt at random (R3); then the holder places a Judge first."""
        if not self.info.min_seats <= seats <= self.info.max_seats:
            raise ValueError(f"Judge Dredd is for 2-6 players, not {seats}")
        from .content import full_deck, load_crimes, load_perps

        state = DreddState(seats=seats, variants=self.info.variants_in(config))
        state.judges = [Judge(colour=COLOURS[s]) for s in range(seats)]
        state.turn_start = chance.randint(0, seats - 1)
        state.stock = chance.shuffle(full_deck())
        state.sector_pack = chance.shuffle(load_board().card_sectors)
        state.perp_pack = chance.shuffle(list(load_perps()))
        state.crime_pack = chance.shuffle(list(load_crimes()))
        return state

    # ------------------------------------------------------------------ whose decision, what is legal

    def to_act(self, state: DreddState) -> set[Seat]:
        if state.phase == "over":
            return set()
        heavy = over_limit(state)
        if heavy is not None:
            return {heavy}
        if state.window is not None:
            return set(turn.window_seats(state))
        if state.mover is not None:
            return {state.mover}
        if state.chooser is not None:
            return {state.chooser}
        if state.phase == "place":
            return {turn.order(state)[state.cursor]}
        return set()

    def turn_order(self, state: DreddState) -> list[Seat] | None:
        """The Place and Movement Rounds: the seats still to place or move this round, in the
        round's order (R3); the seats that have moved already wait for the next Game Turn, whose
        order the Turn Start Card decides then. No order in the other rounds."""
        if state.phase not in ("place", "movement"):
            return None
        return order(state)[state.cursor:] or None

    def _legal_actions(self, state: DreddState, seat: Seat) -> list[Action]:
        hand = state.judges[seat].hand
        if over_limit(state) == seat:
            return [Discard(card) for card in sorted(set(hand))]
        window = state.window
        if window is not None:
            if window.kind == "issue":
                return [*(Discard(card) for card in sorted(set(hand))), Done()]
            plays = [*cards.card_plays(state, seat), Pass()]
            return plays if turn.still_asked(state, seat) else [*plays, Skip()]
        if state.mover == seat:
            # every legal path (R24): one per destination first (menus open with those), then the others
            paths = move_paths(state, seat)
            moves: list[Action] = [Move("-".join(ways[0])) for ways in paths.values()]
            moves += [Move("-".join(way)) for ways in paths.values() for way in ways[1:]]
            return [Stay(), *moves] if state.judges[seat].at != ICU else moves
        if state.chooser == seat:
            from .arrest import targets

            return [Arrest(t) for t in targets(state, seat)]
        if state.phase == "place":
            return [Place(code) for code in turn.free_starting_sectors(state)]
        return []

    def _quick_legal(self, state: DreddState, seat: Seat, action: Action) -> bool:
        """Whether `action` is among `_legal_actions`, answered without listing them all (the
        caller most often listed them just before), in the same order of precedence: a discard
        down to six first, then the open window (a card action is listed exactly when
        `cards.reason` accepts it: the listing is made by that check, and
        tests/rules/judge_dredd/test_card_plays_listing.py holds the two together), then the
        moving Judge's `stay` and paths. False says nothing: the full list decides."""
        hand = state.judges[seat].hand
        heavy = over_limit(state)
        if heavy is not None:
            return heavy == seat and isinstance(action, Discard) and action.card in hand
        window = state.window
        if window is not None:
            if window.kind == "issue":
                return isinstance(action, Done) or (isinstance(action, Discard) and action.card in hand)
            if isinstance(action, Pass):
                return True
            if isinstance(action, Skip):
                return not turn.still_asked(state, seat)
            if isinstance(action, CARD_ACTIONS) and (window.kind == "answer" or window.kind in cards.PLAY_WINDOWS):
                return cards.reason(state, seat, action) is None
            return False
        if state.mover == seat:
            if isinstance(action, Stay):
                return state.judges[seat].at != ICU
            if isinstance(action, Move):
                steps = action.steps
                return steps in move_paths(state, seat).get(steps[-1], [])
        return False

    def why_not_asked(self, state: DreddState, seat: Seat, action: Action) -> IllegalAction:
        """A seat that is not asked now is told why (still `NotYourTurn`)."""
        return _not_asked(state, seat)

    def why_illegal(self, state: DreddState, seat: Seat, action: Action) -> IllegalAction:
        """The precise reason: a card in the wrong window, the Movement Rule a Move breaks, or
        (for anything else) that it is not the moment for that kind of action."""
        heavy = over_limit(state)
        if heavy == seat and not isinstance(action, Discard):
            return IllegalAction("dredd_discard_first", count=len(state.judges[seat].hand) - HAND_LIMIT)
        if isinstance(action, CARD_ACTIONS) and heavy is None:
            return cards.refusal(state, seat, action)
        if isinstance(action, Place) and state.phase == "place":
            return _place_refusal(action.sector)
        if isinstance(action, Arrest) and state.chooser == seat:
            # Two or More Crimes in a Sector: "he/she may choose which one to try and arrest".
            return IllegalAction("dredd_not_a_target", crime=present.crime_name(action.crime))
        if isinstance(action, (Move, Stay)) and state.window is not None and state.window.kind != "issue":
            return IllegalAction("dredd_window_first")
        allowed = ", ".join(sorted({a.verb for a in self._legal_actions(state, seat)}))  # a hand is secret: verbs only
        if isinstance(action, Stay) and state.mover == seat:
            return walk_refusal(state, seat, []) or IllegalAction("dredd_cannot", action=str(action), allowed=allowed)
        if isinstance(action, Move) and state.mover == seat:
            return path_refusal(state, seat, action.steps) or IllegalAction(
                "dredd_cannot_move", action=str(action), sectors=sector_list(move_paths(state, seat)))
        if isinstance(action, Discard):
            if heavy != seat and (state.window is None or state.window.kind != "issue"):
                return IllegalAction("dredd_discard_when")
            return IllegalAction("dredd_not_in_hand", card=action.card)
        verbs = {a.verb for a in self._legal_actions(state, seat)}
        if action.verb not in verbs:
            # Say what may be done instead (at issue, `pass` is not one: "discard, done").
            return IllegalAction("dredd_not_now", action=str(action), allowed=", ".join(sorted(verbs)))
        return IllegalAction("dredd_cannot", action=str(action), allowed=allowed)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def undoable(self, before: DreddState, seat: Seat, action: Action) -> bool:
        """Few things: a Judge placed at set-up (but not the last, after which Crimes are turned
        up and hands dealt), a Move or a stay that turned up no Perp (R2) and led to nothing that
        shows anything, a `pass` or `skip` of a card-play window. Every card played, answered,
        blocked, discarded, every arrest (dice) and the issue (cards drawn) show something or
        draw, so never. What follows the action counts too: it must be only windows opening and
        closing, Judges moving and staying (`QUIET`)."""
        if not isinstance(action, (Place, Move, Stay, Pass, Skip)):
            return False
        return revealed_nothing(self, before, seat, action, quiet=QUIET)

    def timeout_action(self, state: DreddState, seat: Seat) -> Action | None:
        """Inside a window the clock passes for the player (`done` at issue); nothing else has one."""
        if state.window is None or seat not in turn.window_seats(state) or over_limit(state) is not None:
            return None
        return Done() if state.window.kind == "issue" else Pass()

    def time_up_action(self, state: DreddState, seat: Seat) -> Action | None:
        """E7: when the table's time control runs out on a decision with no clock of its own (a
        window's is `timeout_action`: pass, or `done` at issue), the Judge stays put (`stay`), or
        takes the first option listed where staying is not one: the first Starting Sector free,
        the first target in the Sector, the first Move out of the ICU, the first card of the hand
        (in the order the hand is listed) when it must discard down to six (R15). No card is ever
        played. A table of absent players still ends: by the Perp pack or, failing it, by R26."""
        if self.outcome(state) is not None or seat not in self.to_act(state):
            return None
        timeout = self.timeout_action(state, seat)
        if timeout is not None:
            return timeout
        hand = state.judges[seat].hand
        if over_limit(state) == seat and hand:  # the hand as listed, not the menu's alphabetical order
            return Discard(hand[0])
        legal = self._legal_actions(state, seat)
        if Stay() in legal:
            return Stay()
        return legal[0] if legal else None

    def decision(self, state: DreddState) -> Decision:
        """In a card-play window (R7): the seats still to answer, each on the table's clock; what
        the window is for and who passed (or passes for the rest of the Game Turn, E5), in public
        words; the same decision while only passes happen (`asked_at`: a card played, a discard or
        the window closing opens the next). Any other decision (a Move, a target, a placement, the
        discard down to six) is plain and has no clock. A window names its Judge's turn
        (`Decision.turn`)."""
        if self.outcome(state) is not None:
            return Decision(frozenset())
        asked = frozenset(self.to_act(state))
        if over_limit(state) is not None:
            return Decision(asked)
        if state.window is None:
            return Decision(asked)
        # The windows of one Judge's turn (around a placement, a Move or an Arrest choice) call
        # each player once: a seat mentioned at one window is not pinged at the next.
        one_turn = ("turn", state.turn, state.phase, state.cursor, state.chooser)
        public = self.view(state, None)
        window, skipping = public["window"], set(public["skipping"])
        passed = [s for s in range(state.seats) if s not in asked and (s in window["passed"] or s in skipping)]
        return Decision(asked, about=present.moment(public, passed), passed=frozenset(passed), clocked=asked,
                        key=("window", state.asked_at), turn=one_turn)

    def secret_action(self, action: Action) -> bool:
        """A discard names a card of the hand, which only its player may know (R15, R19: the
        channel hears only that a card was discarded, `discarded`); its label, which the table's
        log shows, names no card (present.label)."""
        return isinstance(action, Discard)

    def secrets(self, state: DreddState, seat: Seat) -> list[Msg]:
        """The seat's hand, one line per card."""
        return cards.hand_lines(state, seat)

    # ------------------------------------------------------------------ applying actions

    def _apply(self, state: DreddState, seat: Seat, action: Action, chance: Chance) -> list[Event]:
        window = state.window
        events = self._act(state, seat, action, chance)
        if not (isinstance(action, (Pass, Done, Skip)) and window is not None and state.window is window):
            state.asked_at = state.version + 1  # the version this action makes: the next decision opens
        return events

    def _act(self, state: DreddState, seat: Seat, action: Action, chance: Chance) -> list[Event]:
        events: list[Event] = []
        window = state.window
        if isinstance(action, Discard):
            discard(state, seat, action.card)
            events += [
                Event("discarded", {"seat": seat}),
                Event("discarded_card", {"seat": seat, "card": action.card}, to=(seat,)),
            ]
        elif isinstance(action, (Pass, Done)):
            assert window is not None
            window.passed.append(seat)
            events.append(Event("passed", {"seat": seat, "window": window.kind, "for": window.for_seat}))
        elif isinstance(action, Skip):
            events += turn.skip(state, seat)
        elif isinstance(action, Answer):
            assert window is not None
            events += cards.play_card(state, seat, action, chance)
            state.window = turn.resume(window)
        elif isinstance(action, (Play, Block, TipOff)):
            assert window is not None
            window.passed = []  # a card played: the window closes only when all pass in a row
            events += cards.play_card(state, seat, action, chance)
        elif isinstance(action, Move):
            events += turn.make_move(state, seat, action.steps)  # the path given is the one recorded (R24)
        elif isinstance(action, Stay):
            events += turn.make_move(state, seat, [])
        elif isinstance(action, Arrest):
            events += turn.choose_target(state, seat, action.crime, chance)
        elif isinstance(action, Place):
            events += turn.place_judge(state, seat, action.sector, chance)
        return events + turn.advance(state, chance)

    # ------------------------------------------------------------------ views and results

    def outcome(self, state: DreddState) -> Outcome | None:
        if state.phase != "over" or state.winner is None:
            return None
        cadet = state.last_fight is not None and state.last_fight.kind == "cadet"
        quiet = turn.quiet_turns(state) >= turn.QUIET_LIMIT  # R26 ended it, not the Perp pack
        reason = "cadets_right" if cadet else "no_arrests" if quiet else "highest_score"
        return Outcome(winners=(state.winner,), reason=reason, scores=turn.scores(state))

    def view(self, state: DreddState, seat: Seat | None) -> dict[str, Any]:
        return view(self, state, seat)

    def _revealed_view(self, state: DreddState, seats: int) -> dict[str, Any]:
        """Every face-down Perp turned up, and every hand (`view.revealed`)."""
        return revealed(self, state)

    def describe(self, event: Event) -> Msg:
        """Card events (`card_*`) are described by cards.py, the rest by present.py."""
        return cards.describe(event) or present.describe(event)

    def label(self, action: Action) -> Msg:
        return present.label(action)


def _place_refusal(sector: str) -> IllegalAction:
    """Starting the Game: a Judge is placed "in an unoccupied Starting Sector"."""
    name = Msg(f"judge_dredd.sector.{sector}")
    if not load_board().sectors[sector].start:
        return IllegalAction("dredd_not_a_starting_sector", sector=name)
    return IllegalAction("dredd_starting_sector_taken", sector=name)


def _not_asked(state: DreddState, seat: Seat) -> NotYourTurn:
    """Why `seat` is not asked now: someone must discard down to six first (R15); in a card-play
    window, it has passed (until a card is played), said `skip` (E5), holds no card, or the window
    is another player's answer (R7); otherwise it is simply another player's decision."""
    if over_limit(state) is not None:
        return NotYourTurn("dredd_wait_discard")
    window = state.window
    if window is not None:
        if window.kind == "answer":
            return NotYourTurn("dredd_wait_answer")
        if not state.judges[seat].hand:
            return NotYourTurn("dredd_no_cards")
        if seat in state.skipping:
            return NotYourTurn("dredd_skipping")
        if seat in window.passed:
            return NotYourTurn("dredd_already_passed")
    return NotYourTurn()

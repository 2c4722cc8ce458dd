"""The City of Judgement (審判之城) rules engine: the contract of rules.core over the flow of turn.py.

Whose decision it is (`to_act`): the seats the top frame still asks (frames.py: an Order card's
answer, the rescue window, where to go after a 7 ...); else, in the pick phase, every seat that has
not picked; in the start-roll phase, the seat whose throw is awaited (or the next tied seat,
ruling 4); in a turn, the active seat at its start step (its `roll`). Nothing else ever waits:
turn.py carries every other step on by itself.

What is legal: the top frame's kind says (frames.KINDS), or the step's: `roll`, 翩躚's `go`s and
the turn-start skills at the start step. In every decision of the turn phase the seat asked may
also take its "any time" actions (e2: `reveal` while face down, 禱告, 掘墓 ...; skills.py). And
every living face-down seat may `reveal` at every moment of the turn phase, asked or not (ruling 7,
`anytime_actions`): the platform offers it in that seat's private panel and accepts it from a seat
nobody asks, and nobody new is asked by it (but see 雷咒 below).

Rulings of the engine beyond the rulebook and rulings 1-15 (tests named after them):
- e1. Uniform questions: a question whose existence depends on a secret is asked whatever the
  secret (an Order card's recipient always answers; the identity cards always ask the drawer; the
  rescue window opens unless a rescue is publicly impossible; the counter window opens for every
  attacked survivor who could publicly be the 傭兵). A pause or a prompt shows nothing.
- e2. The any-time skills (禱告, 掘墓) are offered in every decision of your own turn and in every
  window you are asked in (rescue, counter, order answer), never in another player's plain step
  (`check` refuses them from a seat that is not asked). The reveal is wider (ruling 7): offered to
  every living face-down seat at every moment of the turn phase, asked or not. Who is offered it
  depends on public facts alone (alive, face down), so offering it leaks nothing; a dead seat is
  face up already (ruling 8). Before the first turn nothing is revealed (the characters are still
  being picked, or the start rolls are thrown): `judgement_not_before_turns`.
- Ruling (ours), with ruling 7: a reveal out of one's own decisions leaves the question open as it
  was (the same seats asked, the same answers offered). An on-reveal skill still fires at once
  (ruling 7: "fire then"): 宮廷術士's 雷咒 asks its owner whom to strike (or `pass`) on top of the
  open question, which waits beneath it and is asked again, unchanged, once the strike is settled.
  A character the strike brings to dying dies only once every open question is settled (death.run
  waits while a frame does).
- e3. No waiting on a non-choice: a decision waits only when it is a real choice or hidden by e1.
  With 8-9 seats the one character dealt is picked by itself; 大聖堂 and 埋骨之地 draw by
  themselves; a move with one destination is made at once.
- e4. Damage modifiers, in order: base, then bonuses, then 聖袍 -1 (ruling 6); then 守護天使/鐵壁
  (attacks become 0); then 護身符/幸運胸針 (those sources become 0). Healing floors at 0.
- e5. Dice draw order: always the d4 first, then the d6 (`--dice` scripts depend on it).
- e6. Deaths queue in seat order from the active player (ruling 10); one death pipeline at a time.
- e7. A tied start roll is thrown again only to break the tie (ruling 4): the piece stays where
  the first throw put it.
- e8. 翩躚 is used instead of the throw (ruling 3); the location step follows as after any move,
  also when 白妖精 stays (c18: the effect of the location you are on is compulsory).
- e9. Clocks: the pick (the first character dealt), the start roll (`roll`, and its `go` after a 7:
  the first location) and every frame whose kind names a timeout. The turn's own steps have none.
- e10. Time up: when the table's time control runs out on a decision with no clock (e9), the seat
  takes the simplest answer that keeps the game going, on public facts alone (time_up.py).
"""

from __future__ import annotations

import copy
from typing import Any

from rules.core import (
    Action,
    Chance,
    Decision,
    Event,
    Game,
    GameInfo,
    IllegalAction,
    Listed,
    Msg,
    NotYourTurn,
    Outcome,
    Seat,
    SeatName,
    revealed_nothing,
)

from . import history, movement, present, setup, skills, time_up, turn, view
from .actions import Decline, End, Go, Pass, Pick, Reveal, Roll, UseSkill, parse_action
from .frames import KINDS, asked
from .state import COLOURS, Frame, JudgementState, seats_named, top

GAME_KEY = "judgement"
QUIET = frozenset({"moved", "stayed", "location_declined", "choose_location", "turn_started", "skill_passed",
                   "nobody_in_range", "no_attack", "shield_ended"})
"""The events that show nobody anything new (`undoable`); any other does, or may."""


class Judgement(Game[JudgementState]):
    info = GameInfo(
        key=GAME_KEY,
        names={"en": "The City of Judgement", "zh-TW": "審判之城"},
        min_seats=4,
        max_seats=9,
        variants=setup.VARIANTS,
        hidden_information=True, has_secrets=True,
        timed=True,
        highlights=frozenset({"died", "revealed", "identity_shown"}),  # a death, a character or identity shown
    )
    state_type = JudgementState

    # ------------------------------------------------------------------ set-up

    def new_game(self, config: dict[str, Any], seats: int, chance: Chance) -> JudgementState:
        """遊戲準備 (setup.py): shuffles, the deal, then the picks or the start rolls."""
        return setup.new_game(config, seats, chance)

    # ------------------------------------------------------------------ whose decision, what is legal

    def to_act(self, state: JudgementState) -> set[Seat]:
        if state.phase == "over":
            return set()
        frame = top(state)
        if frame is not None:
            return set(asked(frame))
        if state.phase == "pick":
            return {s for s, p in enumerate(state.players) if p.character is None}
        if state.phase == "start_roll":
            seat = setup.roller(state)
            return {seat} if seat is not None else set()
        if state.phase == "turn" and state.step in ("start", "move"):
            return {state.active}
        return set()

    def turn_order(self, state: JudgementState) -> list[Seat] | None:
        """During the turns: the living seats in turn order from the one whose turn it is (c14)."""
        if state.phase != "turn" or not state.players[state.active].alive:
            return None
        order = [state.active]
        following = turn.next_living(state, state.active)
        while following is not None and following not in order:
            order.append(following)
            following = turn.next_living(state, following)
        return order

    def _legal_actions(self, state: JudgementState, seat: Seat) -> list[Action]:
        frame = top(state)
        if frame is not None:
            actions = list(KINDS[frame.kind].legal(state, seat))
        elif state.phase == "pick":
            return [Pick(c) for c in state.players[seat].options]
        elif state.phase == "start_roll":
            return [Roll()]
        else:
            actions = self._step_actions(state, seat)
        if state.phase == "turn":
            actions += [a for a in _any_time(state, seat) if a not in actions]  # e2
        return actions

    def anytime_actions(self, state: JudgementState, seat: Seat) -> list[Action]:
        """Ruling 7: a living face-down character may be turned up at every moment of the turn
        phase, whoever is asked: the `reveal` among e2's any-time actions (skills.any_time offers
        it on public facts only: alive, face down); the any-time skills stay e2's."""
        if state.phase != "turn":
            return []
        return [a for a in skills.any_time(state, seat) if isinstance(a, Reveal)]

    def _step_actions(self, state: JudgementState, seat: Seat) -> list[Action]:
        """The start step: throw to move, or 翩躚 (ruling 3), or a turn-start skill."""
        if state.phase != "turn" or state.step != "start" or seat != state.active:
            return []
        actions: list[Action] = [Roll(), *(Go(loc) for loc in movement.flit_options(state, seat))]
        return actions + [a for a in skills.timed(state, seat, "turn_start") if a not in actions]

    def why_not_asked(self, state: JudgementState, seat: Seat, action: Action) -> IllegalAction:
        """A seat that is not asked now is told why: a `reveal` it may not take by its reason (face
        up already, not before the turns), anything else by `NotYourTurn`."""
        return _reveal_refusal(state, seat) if isinstance(action, Reveal) else _not_asked(state, seat)

    def why_illegal(self, state: JudgementState, seat: Seat, action: Action) -> IllegalAction:
        """The precise reason a legal-looking action is refused."""
        legal = self._legal_actions(state, seat)
        verbs = sorted({a.verb for a in legal})
        frame = top(state)
        colour = getattr(action, "colour", None)
        if isinstance(colour, str) and colour in COLOURS and COLOURS.index(colour) >= len(state.players):
            return IllegalAction("judgement_no_such_player", colour=colour,
                                 players=seats_named(list(range(len(state.players)))))
        if isinstance(action, Pick) and state.phase == "pick":
            return IllegalAction("judgement_not_your_option", character=Msg(f"judgement.char.{action.character}"))
        refusal = _go_refusal(state, seat, action) if isinstance(action, Go) else None
        if refusal is not None:
            return refusal
        if isinstance(action, Roll) and frame is not None and frame.kind == "go":
            return IllegalAction("judgement_choose_location")
        kind = KINDS[frame.kind] if frame is not None else None
        if kind is not None and kind.why is not None and not isinstance(action, (Reveal, UseSkill)):
            return kind.why(state, seat, action)  # the frame's owner knows its own reasons
        if isinstance(action, Reveal) and state.players[seat].revealed:
            return IllegalAction("judgement_already_revealed")
        if isinstance(action, (Reveal, UseSkill)) and state.phase != "turn":
            return IllegalAction("judgement_not_before_turns")
        if isinstance(action, UseSkill) and action.verb in verbs:
            return skills.skill_refusal(state, seat, action.skill)
        if action.verb not in verbs:
            return IllegalAction("judgement_not_now", action=str(action), allowed=", ".join(verbs))
        # the verbs only: a seat's actions may name what it alone knows (its characters, its cards)
        return IllegalAction("judgement_not_an_option", action=str(action), allowed=", ".join(verbs))

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def undoable(self, before: JudgementState, seat: Seat, action: Action) -> bool:
        """Very little: nearly everything throws dice, draws a card or shows a secret. A location
        chosen (`go`: after a 7, 星盤's rolls, 翩躚), a location's effect declined (`decline`), a
        step ended (`end`) or a frame passed (`pass`) may be taken back while what it led to
        is only moving, staying, a new turn and passes (`QUIET`): a location whose effect then
        draws a card, a turn whose start shows anything, a frame that resolves into damage or
        a death, are not. The pick, the start roll, the moves' rolls, every card, attack, skill,
        reveal and declaration never."""
        if not isinstance(action, (Go, Decline, End, Pass)):
            return False
        return revealed_nothing(self, before, seat, action, quiet=QUIET)

    def timeout_action(self, state: JudgementState, seat: Seat) -> Action | None:
        """e9: the frame's own clock (frames.py), the pick (the first character dealt) and the
        start roll; the turn's plain steps have no clock."""
        if self.outcome(state) is not None or seat not in self.to_act(state):
            return None
        frame = top(state)
        if frame is not None:
            kind = KINDS[frame.kind]
            return kind.timeout(state, seat) if kind.timeout is not None else None
        if state.phase == "pick":
            return Pick(state.players[seat].options[0])
        if state.phase == "start_roll":
            return Roll()
        return None

    def time_up_action(self, state: JudgementState, seat: Seat) -> Action | None:
        """e10 (time_up.py): the clock's own answer where the decision has one (e9); else, when the
        table's time control runs out on a turn's own step, the simplest answer that keeps the game
        going, read from public facts alone: pass or end where offered, roll, attack the first
        character in range, heal yourself at 煉金塔, the first option otherwise; never a reveal."""
        if self.outcome(state) is not None or seat not in self.to_act(state):
            return None
        timeout = self.timeout_action(state, seat)
        if timeout is not None:
            return timeout
        return time_up.choose(self._legal_actions(state, seat), state, seat)

    def decision(self, state: JudgementState) -> Decision:
        """The seats asked (`to_act`), those on a clock (e9), and what they are asked in public
        words: the top frame's question, read from the PUBLIC view (who gives, who answers, who
        is dying ..., never an Order card, a pick's options or a pose), with who passed it; the
        set-up's pick and start roll; None for the turn's own steps. The same decision while
        only passes (and, in the pick, other seats' picks) happen (`asked_at`)."""
        if self.outcome(state) is not None:
            return Decision(frozenset())
        asked = frozenset(self.to_act(state))
        frame = top(state)
        clocked = frozenset(s for s in asked if self.timeout_action(state, s) is not None)
        return Decision(asked, about=self._moment(state), passed=frozenset(frame.passed) if frame else frozenset(),
                        clocked=clocked, key=("judgement", state.asked_at))

    def _moment(self, state: JudgementState) -> Msg | None:
        frame = view.public_frame(state)  # the public view's `frame`, without building the rest
        if not frame:  # the set-up's questions: the pick (c5) and the start roll say what they are
            phase = state.phase
            return Msg(f"judgement.moment.phase.{phase}") if phase in ("pick", "start_roll") else None
        params = {k: v for k, v in frame.items() if k not in ("kind", "asked", "passed")}
        described = self.describe(Event(frame["kind"], params)).params
        moment = Msg(f"judgement.moment.{frame['kind']}", {k: _coloured(v) for k, v in described.items()})
        passed = frame.get("passed") or []
        if passed and len(frame.get("asked") or []) + len(passed) > 1:
            return Msg("judgement.moment.passed", {"moment": moment, "players": Listed.of(_seat(s) for s in passed)})
        return moment

    def own_question(self, state: JudgementState, seat: Seat) -> Msg | None:
        """The Order card this seat must give or answer now, by name and text: what its OWN view
        shows as `me.order` (c30: only its giver and recipient see its text)."""
        if self.outcome(state) is not None:
            return None
        card, frame = view.order_in_hand(state, seat), top(state)  # what its own view shows, read directly
        if not card or frame is None or frame.kind not in ("give", "obey") or seat not in asked(frame):
            return None
        return Msg("judgement.own.order", {"card": Msg(f"judgement.card.{card}"),
                                           "text": Msg(f"judgement.card_text.{card}")})

    def rating_teams(self, state: JudgementState, seats: int) -> list[tuple[Seat, ...]]:
        """The factions (遊戲結束): the 侍衛 together, the 刺客 together (a faction wins or
        loses as one, its dead members too), and each 平民 alone (each has a goal of its own)."""
        factions: dict[str, list[Seat]] = {}
        out: list[tuple[Seat, ...]] = []
        for seat, player in enumerate(state.players[:seats]):
            if player.identity in ("guard", "assassin"):
                factions.setdefault(player.identity, []).append(seat)
            else:
                out.append((seat,))
        return [tuple(members) for members in factions.values()] + out

    def secret_action(self, action: Action) -> bool:
        """The pick names the secret character; 隱女's 「隱」 pose names the identity she plays
        (present.py, whose labels of them name nothing)."""
        return present.secret_action(action)

    def secrets(self, state: JudgementState, seat: Seat) -> list[Msg]:
        return view.secret_lines(state, seat)

    # ------------------------------------------------------------------ applying actions

    def _apply(self, state: JudgementState, seat: Seat, action: Action, chance: Chance) -> list[Event]:
        frame, phase = top(state), state.phase
        passing = frame is not None and seat in asked(frame) and action == self.timeout_action(state, seat)
        before = (list(asked(frame)), copy.deepcopy(frame.data)) if frame is not None and passing else None
        events = self._act(state, seat, action, chance)
        picked = phase == "pick" == state.phase and isinstance(action, Pick)  # the others still pick
        if not (_only_passed(state, frame, seat, before) or picked):
            state.asked_at = state.version + 1  # the version this action makes: the next decision opens
        return events

    def _act(self, state: JudgementState, seat: Seat, action: Action, chance: Chance) -> list[Event]:
        frame = top(state)
        events: list[Event] = []
        if frame is not None and seat in asked(frame) and action in KINDS[frame.kind].legal(state, seat):
            events += KINDS[frame.kind].apply(state, seat, action, chance)
        elif isinstance(action, Pick):
            events += setup.pick(state, seat, action.character)
        elif isinstance(action, Roll) and state.phase == "start_roll":
            events += setup.start_roll(state, seat, chance)
        elif isinstance(action, Roll):
            turn.begin_move(state)
            events += movement.move(state, seat, chance)
        elif isinstance(action, Go):
            turn.begin_move(state)
            events += movement.flit(state, seat, action.location)
        else:  # e2's any-time actions (ruling 7's reveal, asked or not) and the turn-start skills
            events += skills.apply(state, seat, action, chance)
        events += turn.advance(state, chance)
        history.record(state, events)  # the public evidence about identities (AI), public events only
        return events

    # ------------------------------------------------------------------ views and results

    def outcome(self, state: JudgementState) -> Outcome | None:
        if state.phase != "over":
            return None
        return Outcome(winners=tuple(sorted(state.winners)), reason=state.reason)

    def view(self, state: JudgementState, seat: Seat | None) -> dict[str, Any]:
        return view.view(self, state, seat)

    def _revealed_view(self, state: JudgementState, seats: int) -> dict[str, Any]:
        """Every identity and character turned up (`view.revealed`)."""
        return view.revealed(self, state)

    def describe(self, event: Event) -> Msg:
        return present.describe(event)

    def label(self, action: Action) -> Msg:
        return present.label(action)

    def catalogue(self, lang: str) -> dict[str, str]:
        """The names the content files hold in both languages (present.py)."""
        return present.catalogue(lang)


def _only_passed(state: JudgementState, frame: Frame | None, seat: Seat,
                 before: tuple[list[Seat], Any] | None) -> bool:
    """Whether `seat`'s answer to `frame` was a pass that left the same question to the others:
    the frame still on top, its data as it was, only `seat` gone from those it asks."""
    if before is None or frame is None or top(state) is not frame:
        return False
    was, data = before
    return frame.data == data and asked(frame) == [s for s in was if s != seat]


def _seat(seat: Seat) -> Msg | SeatName:
    """A seat as the table's words name it at this game: its colour and its player (`present.seat_words`)."""
    return present.seat_words(seat)


def _coloured(value: Any) -> Any:
    """A message parameter with every `SeatName` in it named by `_seat`."""
    if isinstance(value, SeatName):
        return _seat(value.seat)
    if isinstance(value, Msg) and value.key == "judgement.ui.seat":  # named already
        return value
    if isinstance(value, Msg):
        return Msg(value.key, {k: _coloured(v) for k, v in value.params.items()})
    if isinstance(value, Listed):
        return Listed.of(_coloured(v) for v in value.items)
    if isinstance(value, (list, tuple)):
        return type(value)(_coloured(v) for v in value)
    return value


def _any_time(state: JudgementState, seat: Seat) -> list[Action]:
    """e2: reveal and the skills usable at any time, for a seat asked in the turn phase."""
    return list(skills.any_time(state, seat))


def _go_refusal(state: JudgementState, seat: Seat, action: Go) -> IllegalAction | None:
    """Why `go <location>` is refused: not among the destinations the dice gave, 翩躚 too far, or
    no 翩躚 to use (the move is thrown)."""
    frame = top(state)
    where = Msg(f"judgement.loc.{action.location}")
    if frame is not None and frame.kind == "go":
        options = frame.data.get("options", [])
        if frame.data.get("why") == "seven" and action.location == state.players[seat].at:
            return IllegalAction("judgement_must_leave", location=where)  # c17
        if action.location not in options:
            return IllegalAction("judgement_not_a_destination", location=where,
                                 locations=Listed.of(Msg(f"judgement.loc.{o}") for o in options))
    if state.phase == "turn" and state.step == "start" and frame is None:
        if not movement.flit_options(state, seat):
            return IllegalAction("judgement_roll_to_move")  # c15
        return IllegalAction("judgement_flit_too_far", location=where)  # ruling 3
    return None


def _reveal_refusal(state: JudgementState, seat: Seat) -> IllegalAction:
    """Why a seat nobody asks may not `reveal` (ruling 7 offers it whenever it may): its card is
    face up already (the dead's too, ruling 8), or the turns have not begun."""
    if state.phase != "turn":
        return IllegalAction("judgement_not_before_turns")
    return IllegalAction("judgement_already_revealed")


def _not_asked(state: JudgementState, seat: Seat) -> NotYourTurn:
    """Why `seat` is not asked now: it has picked already (the others are picking), it has passed
    this window, or it is simply someone else's decision."""
    frame = top(state)
    if frame is not None:
        if seat in frame.passed:
            return NotYourTurn("judgement_already_answered")
        return NotYourTurn("judgement_not_asked")
    if state.phase == "pick" and state.players[seat].character is not None:
        return NotYourTurn("judgement_already_picked")
    return NotYourTurn()


GAME = Judgement()

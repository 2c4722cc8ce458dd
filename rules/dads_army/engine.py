"""The Dad's Army rules engine: set-up, the turn (D8-D24) and the Top Secret cards.

Every ruling cited here (D1-D30, R1-R8, V1-V2) is written out in docs/rulings/dads_army.md.

A turn is a small state machine driven by the `phase` field: `roll` (optionally `lay` a kept
Union Jack first) -> `move` -> (a WD base draws a card) -> the card's own phases (`push`,
`hodge`, `shelter`, `bomb`, `jack`, or a second `roll`/`move`) -> the next seat. Whatever
needs no choice (a lost turn, a card with no effect, a man with no room in a shelter) is
done inside `_apply` and reported as an event, so players only ever face real decisions.
Every die and card drawn is in the events' params, so the log tells the whole story.

D29 (the board stays winnable) filters the options of the bomb, hodge, shelter and push phases
through winnable.py: `_options` is what the other rules allow, `_legal_actions` that less
what D29 refuses, and `why_illegal` says which of the two refused an action. D30 (three full
rounds of lost turns end the game drawn) counts `idle_turns`; the draw is phase `over` with no
winner, outcome reason `stalled`.

Rulings of ours beyond D1-D30 (each has a test named after it in tests/rules):
- R1. Dealing references (D20): a pair that is refused goes back under the packs; when a
  whole turn of the packs gives no good pair, both packs are reshuffled.
- R2. A man may stop on the Union Jack lying on his own reference even when it is part of
  a longer run of Union Jacks (D19's one optional jump).
- R3. A bomb marker replaced by a Union Jack goes back to the supply; a kept Union Jack
  leaves the supply when it is kept.
- R4. A kept Union Jack is laid only before the ordinary roll of its holder's turn, not
  before the roll for a second go, a push, bombs or Union Jacks.
- R5. A second go (D13) that cannot move exactly the number thrown is lost, like a turn
  (D24), and the card is discarded.
- R6. Nothing waits for a choice that does not exist: placing Union Jacks ends by itself,
  without a `done`, when no bomb is left to replace and no Union Jack can be kept (the
  rest are lost, D18).
- R7. A bomb may not be dropped on a Union Jack (D16 names bombed squares; a square holds
  one marker, and a Union Jack is the antidote, not a target).
- R8. When the table's time control runs out on a decision, the player throws, moves nearest
  home and answers a card with its least harmful option (time_up.py).

Variant `redraw_bombed_reference` (D26, off by default; the table passes it in the config
as `{"variant": ...}`, or a list as `{"variants": [...]}`):
- V1. A turn counts when it ends with the player's reference bombed; a turn that ends with
  it clear starts the count again. After 10 such turns in a row, while the reference is
  still bombed, he is offered `redraw` before he rolls (before or after laying a kept
  Union Jack); the redraw costs nothing and he then rolls as usual.
- V2. The new pair is dealt by D20 from the Order cards no player holds, shuffled, with his
  old pair under them: a building square, another player's reference or a bombed square
  is refused (a bombed new reference would leave him as stuck as before). It is offered
  only when such a pair exists.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.core import Action, Chance, Event, Game, GameInfo, IllegalAction, Msg, Outcome, Seat, revealed_nothing

from . import moves, present, refusals, time_up, winnable
from .actions import Bomb, Done, Hodge, Jack, Keep, Lay, Move, Push, Roll, Shelter, parse_action
from .board import MAN_CODES, load_board
from .cards import card_kind, card_man, load_supply
from .state import DadsArmyState, LastMove, Man, Player, Square
from .variant_actions import Redraw

DRAWN = frozenset({"card_drawn", "card_redrawn", "deck_refilled", "rolled", "reference_redrawn"})
"""The events that show something nobody knew: a card turned up from the deck, a die thrown."""

DIE = 6
REDRAW = "redraw_bombed_reference"
"""Variant (D26): a player whose reference stays bombed may redraw it."""
REDRAW_AFTER = 10
"""His turns in a row that must end with his reference bombed before he may redraw (D26)."""
STALL_ROUNDS = 3
"""Full rounds of lost turns, no man moved, after which the game ends drawn (D30)."""


def _sq(sq: Square) -> list[int]:
    return [sq[0], sq[1]]


class DadsArmy(Game[DadsArmyState]):
    info = GameInfo(
        key="dads_army",
        names={"en": "Dad's Army", "zh-TW": "老爸上戰場"},
        min_seats=2,
        max_seats=4,
        variants=(REDRAW,),
        hidden_information=False,
        highlights=frozenset({"arrived"}),  # a man home on his map reference: a leg of the race won
    )
    state_type = DadsArmyState

    # ------------------------------------------------------------------ set-up

    def new_game(self, config: dict[str, Any], seats: int, chance: Chance) -> DadsArmyState:
        """Teams in seat order (D4), men and Hodges on their start squares (D6), first player
        by chance (D5), map references dealt from the two Order packs (D20), deck shuffled."""
        if not self.info.min_seats <= seats <= self.info.max_seats:
            raise ValueError(f"Dad's Army is for 2-4 players, not {seats}")
        variants = self.info.variants_in(config)
        board, supply = load_board(), load_supply()
        first = chance.randint(0, seats - 1)
        references = deal_references(seats, chance)
        state = DadsArmyState(
            hodges=board.start["hodges"],
            bombs_left=supply.bombs,
            jacks_left=supply.union_jacks,
            first=first,
            turn=first,
            turns=1,
            variants=variants,
        )
        for seat in range(seats):
            team, men = board.teams[seat]
            state.players.append(Player(team=team, men=list(men), reference=references[seat]))
            for man in men:
                state.men[man] = Man(square=board.start[man])
        state.deck = chance.shuffle(supply.deck)
        return state

    # ------------------------------------------------------------------ whose turn, what is legal

    def to_act(self, state: DadsArmyState) -> set[Seat]:
        if state.phase == "over":
            return set()
        if state.phase == "shelter":
            return {state.shelter_queue[0]}
        return {state.turn}

    def turn_order(self, state: DadsArmyState) -> list[Seat] | None:
        """Round the table from the seat whose turn it is (a shelter's queue answers apart)."""
        if state.phase in ("over", "shelter"):
            return None
        n = len(state.players)
        return [(state.turn + i) % n for i in range(n)]

    def _legal_actions(self, state: DadsArmyState, seat: Seat) -> list[Action]:
        """The rules' options (`_options`) less those D29 refuses."""
        if state.phase == "bomb":
            refused = winnable.refused_bombs(state)
            return [a for a in self._options(state, seat) if isinstance(a, Bomb) and a.at not in refused]
        return [a for a in self._options(state, seat) if self._strands(state, a) is None]

    def _options(self, state: DadsArmyState, seat: Seat) -> list[Action]:
        """What the rules allow now before D29 is asked: why_illegal tells the two apart."""
        phase = state.phase
        player = state.players[seat]
        if phase == "roll":
            lay: list[Action] = []
            if state.roll_for == "move" and player.kept_jack:
                lay = [Lay(sq) for sq in sorted(state.bombs)]
            redraw: list[Action] = [Redraw()] if self.may_redraw(state, seat) else []
            return [*redraw, *lay, Roll()]
        if phase == "move":
            assert state.roll is not None
            men = self._movers(state, seat)
            return [Move(man, to) for man in men for to in sorted(moves.move_options(state, man, state.roll))]
        if phase == "push":
            assert state.focus and state.roll is not None
            return [Push(to) for to in sorted(moves.push_options(state, state.focus, state.roll))]
        if phase == "hodge":
            return [Hodge(man) for man in state.men if not state.men[man].arrived]
        if phase == "shelter":
            return [Shelter(man, n) for man in self._to_shelter(state, seat) for n in moves.shelter_options(state, man)]
        if phase == "bomb":
            return [Bomb(sq) for sq in moves.bomb_squares(state)]
        if phase == "jack":
            acts: list[Action] = [Jack(sq) for sq in sorted(state.bombs)] if state.jacks_left else []
            if state.jacks_left and not player.kept_jack:
                acts.append(Keep())
            return [*acts, Done()]
        return []

    def _quick_legal(self, state: DadsArmyState, seat: Seat, action: Action) -> bool:
        """Cheaper than listing every option, and the same answer: a throw is always among the
        roll phase's options (`_options`), and a move is legal exactly when its man may move
        (`_movers`) and his throw takes him to its square (`moves.move_path`, which agrees with
        `moves.move_options`): ways to that square alone are searched, not every man's squares
        (D29 never refuses a move: `_strands`)."""
        if isinstance(action, Roll):
            return state.phase == "roll"
        if isinstance(action, Move) and state.phase == "move" and state.roll is not None:
            return action.man in self._movers(state, seat) and \
                moves.move_path(state, action.man, state.roll, action.to) is not None
        return False

    def undoable(self, before: DadsArmyState, seat: Seat, action: Action) -> bool:
        """What may be taken back before anyone else acts: whatever drew no card and threw no die.
        A roll and a redrawn reference never (chance); a move that reaches a W&D base draws a card
        (D11), so not that one; any other move, a kept Union Jack laid, a push or a Hodges swap
        (the card is already face up), a man put in a shelter, a bomb dropped, a Union Jack laid,
        kept or stopped are the player's own choices on an open board, and undoable."""
        if isinstance(action, (Roll, Redraw)):
            return False
        return revealed_nothing(self, before, seat, action, reveals=DRAWN)

    def why_illegal(self, state: DadsArmyState, seat: Seat, action: Action) -> IllegalAction:
        """Which rule refuses `action`: D29 for an option it would strand a man with, else the
        rule the option breaks, with what is possible instead (refusals.py)."""
        options = self._options(state, seat)
        if action in options and (man := self._strands(state, action)) is not None:
            return IllegalAction("dads_army_would_strand", action=str(action), man=present.man_name(man))
        legal = [a for a in options if self._strands(state, a) is None] if state.phase != "bomb" else options
        return refusals.refusal(state, seat, action, legal, self._movers(state, seat))

    @staticmethod
    def _strands(state: DadsArmyState, action: Action) -> str | None:
        """D29: the man this bomb, swap, shelter or push would cut off for good, or None.
        Asked of the rules' own options only (the square or man is a real one)."""
        if isinstance(action, Bomb):
            return winnable.refused_bombs(state).get(action.at)
        if isinstance(action, Hodge):
            man, to = action.man, state.hodges
        elif isinstance(action, Shelter):
            man, to = action.man, load_board().shelters[action.n]
        elif isinstance(action, Push) and state.focus:
            man, to = state.focus, action.to
        else:
            return None
        return man if winnable.stranded_by_placing(state, man, to) else None

    def _shelters(self, state: DadsArmyState, man: str) -> list[int]:
        """The shelters `man` may go to now: room for him (D15) and not cutting him off (D29)."""
        return [n for n in moves.shelter_options(state, man) if self._strands(state, Shelter(man, n)) is None]

    def _pushes(self, state: DadsArmyState, man: str, roll: int) -> list[Square]:
        """The squares a push of `man` may end on (D13) that do not cut him off (D29)."""
        return [to for to in moves.push_options(state, man, roll) if self._strands(state, Push(to)) is None]

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def time_up_action(self, state: DadsArmyState, seat: Seat) -> Action | None:
        """Ruling R8 (time_up.py): when the table's time control runs out on a player's decision,
        he throws, moves his man nearest home, and answers a card with its least harmful option."""
        if seat not in self.to_act(state):
            return None
        return time_up.choose(self._legal_actions(state, seat), state, seat)

    @staticmethod
    def _movers(state: DadsArmyState, seat: Seat) -> list[str]:
        """The men a roll may move: the named man on a second go (D13), else either of his."""
        return [state.focus] if state.roll_for == "second_go" and state.focus else state.players[seat].men

    @staticmethod
    def may_redraw(state: DadsArmyState, seat: Seat) -> bool:
        """Variant D26 (rulings V1, V2): before his ordinary roll, a player whose reference is
        bombed and has ended his last 10 turns bombed may redraw it, if a new one can be dealt."""
        player = state.players[seat]
        return (
            REDRAW in state.variants
            and state.phase == "roll"
            and state.roll_for == "move"
            and player.reference in state.bombs
            and player.bombed_turns >= REDRAW_AFTER
            and any(not refused for refused in _redraw_squares(state, seat).values())
        )

    # ------------------------------------------------------------------ applying actions

    def _apply(self, state: DadsArmyState, seat: Seat, action: Action, chance: Chance) -> list[Event]:
        ev: list[Event] = []
        if isinstance(action, Roll):
            self._roll(state, seat, chance, ev)
        elif isinstance(action, Move):
            self._move(state, seat, action, chance, ev)
        elif isinstance(action, Lay):
            self._replace_bomb(state, action.at)
            state.players[seat].kept_jack = False
            ev.append(Event("kept_jack_laid", {"seat": seat, "square": _sq(action.at)}))
        elif isinstance(action, Push):
            self._push(state, seat, action, ev)
        elif isinstance(action, Hodge):
            man = state.men[action.man]
            was = man.square
            man.square, state.hodges = state.hodges, was
            ev.append(Event("hodged", {"seat": seat, "man": action.man, "from": _sq(was), "to": _sq(man.square)}))
            self._finish_card(state)
        elif isinstance(action, Shelter):
            state.men[action.man].square = load_board().shelters[action.n]
            state.sheltered.append(action.man)
            ev.append(Event("sheltered", {"seat": seat, "man": action.man, "shelter": action.n}))
            self._next_shelterer(state, ev)
        elif isinstance(action, Bomb):
            state.bombs.append(action.at)
            state.bombs_left -= 1
            state.pending = (state.pending or 0) - 1
            ev.append(Event("bombed", {"seat": seat, "square": _sq(action.at)}))
            self._more_bombs(state, ev)
        elif isinstance(action, Jack):
            self._replace_bomb(state, action.at)
            state.jacks_left -= 1
            state.pending = (state.pending or 0) - 1
            ev.append(Event("jack_laid", {"seat": seat, "square": _sq(action.at)}))
            self._more_jacks(state, ev)
        elif isinstance(action, Keep):
            state.players[seat].kept_jack = True
            state.jacks_left -= 1
            state.pending = (state.pending or 0) - 1
            ev.append(Event("jack_kept", {"seat": seat}))
            self._more_jacks(state, ev)
        elif isinstance(action, Done):
            ev.append(Event("jacks_done", {"seat": seat, "count": state.pending or 0}))
            self._finish_card(state)
        elif isinstance(action, Redraw):
            self._redraw(state, seat, chance, ev)
        return ev

    def _redraw(self, state: DadsArmyState, seat: Seat, chance: Chance, ev: list[Event]) -> None:
        """D26: a new reference dealt by D20 (ruling V2); the turn goes on to the roll."""
        player = state.players[seat]
        old, turns = player.reference, player.bombed_turns
        player.reference = redeal_reference(state, seat, chance)
        player.bombed_turns = 0
        new = player.reference
        ev.append(Event("reference_redrawn", {"seat": seat, "from": _sq(old), "to": _sq(new), "pink": new[0],
                                              "black": new[1], "turns": turns}))

    def _roll(self, state: DadsArmyState, seat: Seat, chance: Chance, ev: list[Event]) -> None:
        value = chance.roll(DIE)
        state.roll = value
        purpose = state.roll_for
        ev.append(Event("rolled", {"seat": seat, "roll": value, "for": purpose}))
        if purpose in ("move", "second_go"):
            if any(moves.can_move(state, man, value) for man in self._movers(state, seat)):
                state.phase = "move"
                return
            if purpose == "second_go":  # ruling R5
                ev.append(Event("second_go_lost", {"seat": seat, "man": state.focus, "roll": value}))
            else:
                ev.append(Event("turn_lost", {"seat": seat, "roll": value}))  # D24
                state.idle_turns += 1
            self._discard(state)
            self._end_turn(state)
            if state.idle_turns >= STALL_ROUNDS * len(state.players):  # D30
                state.phase = "over"
                ev.append(Event("stalled", {"rounds": STALL_ROUNDS}))
        elif purpose == "push":
            assert state.focus
            options = self._pushes(state, state.focus, value)
            if not options:
                ev.append(Event("push_blocked", {"seat": seat, "man": state.focus, "roll": value}))
                self._finish_card(state)
                return
            state.phase = "push"
            state.pending = len(moves.push_options(state, state.focus, value)[options[0]])
        elif purpose == "bombs":
            state.phase = "bomb"
            state.pending = value
            self._more_bombs(state, ev)
        elif purpose == "jacks":
            state.phase = "jack"
            state.pending = value
            self._more_jacks(state, ev)

    def _move(self, state: DadsArmyState, seat: Seat, action: Move, chance: Chance, ev: list[Event]) -> None:
        assert state.roll is not None
        path = moves.move_path(state, action.man, state.roll, action.to)
        assert path is not None  # checked legal: the way `move_options` gives there
        man = self._relocate(state, seat, action.man, action.to, path, "moved", ev)
        self._discard(state)  # a second go uses up its character card (D13)
        if action.to == state.players[seat].reference:
            man.arrived = True  # move_options only ends here after calling in (D12, D22)
            ev.append(Event("arrived", {"seat": seat, "man": action.man, "square": _sq(action.to)}))
            if all(state.men[m].arrived for m in state.players[seat].men):  # D23
                state.winner = seat
                state.phase = "over"
                ev.append(Event("won", {"seat": seat}))
                return
            self._end_turn(state)
        elif action.to in load_board().wd_bases:
            man.called_in = True
            self._draw(state, seat, action.man, chance, ev)
        else:
            self._end_turn(state)

    def _push(self, state: DadsArmyState, seat: Seat, action: Push, ev: list[Event]) -> None:
        assert state.focus and state.roll is not None
        path = moves.push_options(state, state.focus, state.roll)[action.to]
        kind = "pushed" if len(path) == state.roll else "pushed_short"  # D13: the longest push left
        self._relocate(state, seat, state.focus, action.to, path, kind, ev)
        self._finish_card(state)

    @staticmethod
    def _relocate(state: DadsArmyState, seat: Seat, name: str, to: Square, path: list[Square], kind: str,
                  ev: list[Event]) -> Man:
        """Walk `name` along `path` to `to`, for a move or a push alike, so that `last_move` (the
        renderer's trail) and the event that tells it (`kind`) can never disagree."""
        man = state.men[name]
        start = man.square
        man.square = to
        state.idle_turns = 0  # a man moved (D30)
        state.last_move = LastMove(name, start, to, [start, *path])
        params = {"seat": seat, "man": name, "from": _sq(start), "to": _sq(to), "path": [_sq(sq) for sq in path],
                  "roll": state.roll}
        ev.append(Event(kind, params))
        return man

    # ------------------------------------------------------------------ cards

    def _draw(self, state: DadsArmyState, seat: Seat, caller: str, chance: Chance, ev: list[Event]) -> None:
        """Draw the top card at once and start resolving it (D11, D28)."""
        state.focus = None
        while True:
            if not state.deck:
                state.deck = chance.shuffle(state.discards)
                state.discards = []
                ev.append(Event("deck_refilled", {"count": len(state.deck)}))
            card = state.deck.pop(0)
            state.card = card
            kind, named = card_kind(card), card_man(card)
            ev.append(Event("card_drawn", {"seat": seat, "man": caller, "card": kind, "named": named}))
            if kind == "character" and named not in state.men:
                ev.append(Event("card_redrawn", {"seat": seat, "named": named}))  # D13: absent man
                self._discard(state)
                continue
            break
        if kind == "character":
            assert named
            state.focus = named
            if state.men[named].arrived:
                ev.append(Event("card_void", {"seat": seat, "named": named}))
                self._finish_card(state)
            elif moves.owner(state, named) == seat:
                ev.append(Event("second_go", {"seat": seat, "man": named}))
                state.phase, state.roll_for = "roll", "second_go"
            else:
                state.phase, state.roll_for = "roll", "push"
        elif kind == "hodges":
            state.phase = "hodge"
            if not self._legal_actions(state, seat):  # D29 refuses every swap
                ev.append(Event("hodge_refused", {"seat": seat}))
                self._finish_card(state)
        elif kind == "air_raid":
            n = len(state.players)
            state.shelter_queue = [(seat + i) % n for i in range(n)]
            state.sheltered = []
            state.phase = "shelter"
            ev.append(Event("air_raid", {"seat": seat}))
            self._next_shelterer(state, ev)
        else:
            state.phase, state.roll_for = "roll", "jacks"

    @staticmethod
    def _to_shelter(state: DadsArmyState, seat: Seat) -> list[str]:
        """The men `seat` has still to put in shelters in this raid (not those at home, D15)."""
        return [m for m in state.players[seat].men if m not in state.sheltered and not state.men[m].arrived]

    def _next_shelterer(self, state: DadsArmyState, ev: list[Event]) -> None:
        """Pass the air raid to the next seat with a man to shelter; a man who finds no room
        stays where he is (D15). When everyone is done, the drawer rolls for bombs."""
        while state.shelter_queue:
            seat = state.shelter_queue[0]
            left = self._to_shelter(state, seat)
            if any(self._shelters(state, m) for m in left):
                return
            for m in left:
                state.sheltered.append(m)
                kind = "shelter_refused" if moves.shelter_options(state, m) else "no_shelter"  # D29, D15
                ev.append(Event(kind, {"seat": seat, "man": m}))
            state.shelter_queue.pop(0)
        state.sheltered = []
        state.phase, state.roll_for = "roll", "bombs"

    def _more_bombs(self, state: DadsArmyState, ev: list[Event]) -> None:
        """Stop dropping bombs when the roll is used up, the supply is empty or no square is
        left (D16), or every square left is refused by D29 (then the raid drops nothing more)."""
        pending = state.pending or 0
        free = moves.bomb_squares(state)
        if pending and state.bombs_left and set(free) - set(winnable.refused_bombs(state)):
            return
        if pending:
            kind = "bombs_refused" if state.bombs_left and free else "bombs_unused"
            ev.append(Event(kind, {"seat": state.turn, "count": pending}))
        self._finish_card(state)

    def _more_jacks(self, state: DadsArmyState, ev: list[Event]) -> None:
        """Stop placing Union Jacks when the roll is used up or nothing can be done with the
        rest: no bomb left to replace and no keeping (D18; the surplus is lost)."""
        pending = state.pending or 0
        can_keep = not state.players[state.turn].kept_jack
        if pending and state.jacks_left and (state.bombs or can_keep):
            return
        if pending:
            ev.append(Event("jacks_unused", {"seat": state.turn, "count": pending}))
        self._finish_card(state)

    def _replace_bomb(self, state: DadsArmyState, at: Square) -> None:
        state.bombs.remove(at)
        state.bombs_left += 1  # the bomb marker goes back to the supply
        state.jacks.append(at)

    def _discard(self, state: DadsArmyState) -> None:
        """The card in play, if any, goes to the discards (safe with none: callers need not ask)."""
        if state.card is not None:
            state.discards.append(state.card)
        state.card = None

    def _finish_card(self, state: DadsArmyState) -> None:
        self._discard(state)
        self._end_turn(state)

    def _end_turn(self, state: DadsArmyState) -> None:
        if REDRAW in state.variants:  # D26, ruling V1: count the turns that end bombed
            player = state.players[state.turn]
            player.bombed_turns = player.bombed_turns + 1 if player.reference in state.bombs else 0
        state.turn = (state.turn + 1) % len(state.players)
        state.turns += 1
        state.phase, state.roll_for = "roll", "move"
        state.roll = state.pending = state.focus = None
        state.shelter_queue, state.sheltered = [], []

    # ------------------------------------------------------------------ views and results

    def outcome(self, state: DadsArmyState) -> Outcome | None:
        if state.winner is not None:
            return Outcome(winners=(state.winner,), reason="both_men_home")
        if state.phase == "over":  # D30: no man moved for 3 full rounds
            return Outcome(winners=(), reason="stalled")
        return None

    def own_question(self, state: DadsArmyState, seat: Seat) -> Msg | None:
        """Whom `seat` plays, at the top of its private menu: its colour with its two men and the
        codes their tokens show on the board (what a command takes): "You play Red: Captain
        Mainwaring (Mw) and Sergeant Wilson (Wi)." Nothing secret (every view shows it)."""
        if state.phase == "over" or not 0 <= seat < len(state.players):
            return None
        player = state.players[seat]
        first, second = player.men
        return Msg("dads_army.own", {
            "team": Msg(f"dads_army.team.{player.team}"),
            "first": present.man_name(first), "first_code": MAN_CODES[first],
            "second": present.man_name(second), "second_code": MAN_CODES[second],
        })

    def view(self, state: DadsArmyState, seat: Seat | None) -> dict[str, Any]:
        """Everything is public except the order of the deck, which is only counted."""
        acting = sorted(self.to_act(state))
        team_of = load_board().team_of
        card = state.card
        return {
            "game": self.info.key,
            "version": state.version,
            "seat": seat,
            "turn": acting[0] if acting else None,
            "drawer": state.turn if state.phase != "over" else None,
            "first": state.first,
            "phase": state.phase,
            "variants": list(state.variants),
            "roll_for": state.roll_for if state.phase == "roll" else None,
            "roll": state.roll,
            "players": [
                {
                    "seat": i,
                    "team": p.team,
                    "men": list(p.men),
                    "reference": _sq(p.reference),
                    "kept_jack": p.kept_jack,
                    "arrived": sum(state.men[m].arrived for m in p.men),
                    "bombed_turns": p.bombed_turns,
                }
                for i, p in enumerate(state.players)
            ],
            "men": {
                name: {"square": _sq(m.square), "team": team_of[name], "called_in": m.called_in, "arrived": m.arrived}
                for name, m in state.men.items()
            },
            "hodges": _sq(state.hodges),
            "bombs": [_sq(sq) for sq in state.bombs],
            "jacks": [_sq(sq) for sq in state.jacks],
            "bombs_left": state.bombs_left,
            "jacks_left": state.jacks_left,
            "deck": len(state.deck),
            "discards": len(state.discards),
            "card": {"kind": card_kind(card), "man": card_man(card)} if card else None,
            "pending": state.pending,
            "last_move": (
                {
                    "man": state.last_move.man,
                    "from": _sq(state.last_move.start),
                    "to": _sq(state.last_move.to),
                    "path": [_sq(sq) for sq in state.last_move.path],
                }
                if state.last_move
                else None
            ),
            "winner": state.winner,
        }

    # ------------------------------------------------------------------ presentation

    def describe(self, event: Event) -> Msg:
        return present.describe(event)

    def label(self, action: Action) -> Msg:
        return present.label(action)


def deal_references(seats: int, chance: Chance) -> list[Square]:
    """One pink (column) and one black (row) Order card per player, in seat order (D20).

    A pair that points into a building, or at another player's reference, goes back under
    the packs and a new pair is dealt (ruling R1 for what happens when none is good).
    """
    board, supply = load_board(), load_supply()
    pink = chance.shuffle(range(1, supply.pink + 1))
    black = chance.shuffle(range(1, supply.black + 1))
    references: list[Square] = []
    for _ in range(seats):
        references.append(deal_pair(pink, black, lambda sq: board.in_building(sq) or sq in references, chance))
    return references


def deal_pair(pink: list[int], black: list[int], refused: Callable[[Square], bool], chance: Chance) -> Square:
    """Deal one pair off the tops of the two packs (D20), putting refused pairs back under them.

    Because both packs then turn in step, a whole turn of the packs without a good pair would
    repeat forever, so the packs are reshuffled then (ruling R1; with 12 + 12 cards it is very
    rare). The packs are lists, top first, changed in place. The caller makes sure a good
    pair exists among the cards.
    """
    misses = 0
    while True:
        sq = (pink.pop(0), black.pop(0))
        if not refused(sq):
            return sq
        pink.append(sq[0])
        black.append(sq[1])
        misses += 1
        if misses >= len(pink):
            pink[:], black[:], misses = chance.shuffle(pink), chance.shuffle(black), 0


def _other_references(state: DadsArmyState, seat: Seat) -> list[Square]:
    return [p.reference for i, p in enumerate(state.players) if i != seat]


def _redraw_refused(state: DadsArmyState, seat: Seat) -> Callable[[Square], bool]:
    """D20's refusals for a redraw, plus bombed squares (ruling V2)."""
    board = load_board()
    others = set(_other_references(state, seat))
    bombs = set(state.bombs)
    return lambda sq: board.in_building(sq) or sq in others or sq in bombs


def _redraw_packs(state: DadsArmyState, seat: Seat) -> tuple[list[int], list[int]]:
    """The Order cards nobody else holds (each reference is one pink and one black card), in
    order, his own old pair included."""
    supply = load_supply()
    others = _other_references(state, seat)
    held_pink, held_black = {sq[0] for sq in others}, {sq[1] for sq in others}
    pink = [n for n in range(1, supply.pink + 1) if n not in held_pink]
    black = [n for n in range(1, supply.black + 1) if n not in held_black]
    return pink, black


def _redraw_squares(state: DadsArmyState, seat: Seat) -> dict[Square, bool]:
    """Every square a redraw could deal, and whether D20 (ruling V2) refuses it."""
    pink, black = _redraw_packs(state, seat)
    refused = _redraw_refused(state, seat)
    return {(c, r): refused((c, r)) for c in pink for r in black}


def redeal_reference(state: DadsArmyState, seat: Seat, chance: Chance) -> Square:
    """D26 by D20 (ruling V2): shuffle the cards nobody else holds, with his old pair put back
    under them, and deal until a pair is not refused."""
    old = state.players[seat].reference
    pink, black = _redraw_packs(state, seat)

    def pack(cards: list[int], mine: int) -> list[int]:
        return [*chance.shuffle([n for n in cards if n != mine]), *([mine] if mine in cards else [])]

    return deal_pair(pack(pink, old[0]), pack(black, old[1]), _redraw_refused(state, seat), chance)

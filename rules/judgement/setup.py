"""遊戲準備 (set-up) and 人物登場 (the start rolls) of The City of Judgement.

`new_game` draws, in this order (P3; `--dice` scripts and replays depend on it):
1. the turn order: the seats shuffled (ruling 1: "clockwise" is the next seat in it);
2. the six location cards shuffled onto the ring's slots (遊戲準備 1, ruling 2, c2);
3. the 15 characters shuffled and dealt in blocks of ⌊15/N⌋ in seat order; the rest leave the
   game unseen (遊戲準備 4, c5);
4. the identity cards of the 身份分配表 for N shuffled and dealt, one to each seat, in private
   (遊戲準備 5, c6); an accidental exposure cannot happen, so there is no redeal (ruling 5);
5. the 聖卡, 暗卡 and 指令卡 decks, each shuffled face down (遊戲準備 2, c3).
Every life marker starts on "unhurt", 0 (遊戲準備 3, c4).

Then each seat picks one of its characters in secret (`pick`, a secret action); with a single
option (8-9 seats) the pick is made by itself (e3). Then 人物登場: each seat in turn order throws
d4+d6 and puts its piece on the location of that number WITHOUT the location's effect, a 7 on any
location (c7); the highest throw starts (c8); if the highest throws tie, only the tied seats throw
again, in turn order (ruling 4). A re-throw only breaks the tie: the pieces stay where the first
throw put them (e7).
"""

from __future__ import annotations

from typing import Any

from rules.core import Chance, Event, Seat, named_variants

from . import movement
from .content import PACKS, load
from .state import COLOURS, JudgementState, Player

VARIANTS = ("pairs", "declare_button")
"""`pairs`: three fixed pairs instead of the ring (ruling 2, c44); `declare_button`: Commoners
declare their goal themselves (ruling 14)."""


def variants_of(config: dict[str, Any]) -> list[str]:
    """The variants a table's config names (`variant` as the table passes it, or `variants`)."""
    return named_variants(config, VARIANTS, game="The City of Judgement")


def new_game(config: dict[str, Any], seats: int, chance: Chance) -> JudgementState:
    """A new game, dealt and shuffled, waiting for the picks (or, at 8-9 seats, the start rolls)."""
    content = load()
    low, high = content.players
    if not low <= seats <= high:
        raise ValueError(f"The City of Judgement is for {low}-{high} players, not {seats}")  # c1
    state = JudgementState(seats=seats, variants=variants_of(config))
    state.players = [Player(colour=COLOURS[s]) for s in range(seats)]
    state.turn_order = chance.shuffle(list(range(seats)))
    state.ring = chance.shuffle(list(content.locations))
    characters = chance.shuffle(list(content.characters))
    each = content.characters_each(seats)
    for seat, player in enumerate(state.players):
        player.options = characters[seat * each : (seat + 1) * each]
    identities = chance.shuffle(list(content.identities_for(seats)))
    for player, identity in zip(state.players, identities, strict=True):
        player.identity = identity
    for pack in PACKS:
        setattr(state, pack, chance.shuffle(list(content.deck(pack))))
    state.phase = "pick"
    if each == 1:  # e3: a pick with one option is no choice
        for player in state.players:
            choose(player, player.options[0])
        begin_start_rolls(state)
    return state


def choose(player: Player, character: str) -> None:
    """Keep `character`; the other options leave the game unseen (c5)."""
    player.character = character
    player.options = []


def pick(state: JudgementState, seat: Seat, character: str) -> list[Event]:
    """`pick <character>`: the choice is private; the table learns only that the seat has picked."""
    choose(state.players[seat], character)
    events = [
        Event("picked", {"seat": seat}),
        Event("picked_card", {"seat": seat, "character": character}, to=(seat,)),
    ]
    if all(p.character is not None for p in state.players):
        events += begin_start_rolls(state)
    return events


def begin_start_rolls(state: JudgementState) -> list[Event]:
    """人物登場: every seat throws in turn order (ruling 4)."""
    state.phase = "start_roll"
    state.roll_cursor = 0
    state.tied = []
    state.start_rolls = {}
    return [Event("start_rolls", {"order": list(state.turn_order)})]


def rollers(state: JudgementState) -> list[Seat]:
    """Who throws in this round of start rolls: everyone in turn order, or the tied seats."""
    return list(state.tied) if state.tied else list(state.turn_order)


def roller(state: JudgementState) -> Seat | None:
    """The seat whose start roll is awaited, or None when this round is over."""
    order = rollers(state)
    return order[state.roll_cursor] if state.roll_cursor < len(order) else None


def start_roll(state: JudgementState, seat: Seat, chance: Chance) -> list[Event]:
    """`roll` in the start-roll phase. The first throw places the piece on the location of the
    total without its effect, a 7 anywhere (c7: a `go` frame over all six); a tie re-throw only
    counts for who starts (ruling 4, e7)."""
    retie = bool(state.tied)
    total, events = movement.throw(state, seat, chance, "start_tie" if retie else "start")
    state.start_rolls[seat] = total
    state.roll_cursor += 1
    if retie:
        return events
    location = load().location_for_roll(total)
    if location is None:
        return events + movement.open_go(state, seat, list(state.ring), "start")
    return events + movement.place(state, seat, location.id)


def settle_start(state: JudgementState) -> list[Event]:
    """Once a round of start rolls is thrown: the single highest starts (c8); tied highest seats
    throw again, only they (ruling 4). Returns [] while throws are awaited."""
    order = rollers(state)
    if state.roll_cursor < len(order):
        return []
    best = max(state.start_rolls[s] for s in order)
    tied = [s for s in order if state.start_rolls[s] == best]
    if len(tied) > 1:
        state.tied = tied
        state.roll_cursor = 0
        return [Event("start_tie", {"seats": tied, "total": best})]
    state.tied = []
    state.phase = "turn"
    state.active = tied[0]
    return [Event("first_player", {"seat": tied[0], "total": best})]

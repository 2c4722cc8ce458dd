"""Dad's Army variant `redraw_bombed_reference` (D26; rulings V1, V2 in engine.py): a player
whose map reference stays bombed for 10 of his turns may redraw it before rolling."""

from __future__ import annotations

import pytest

from gavel.tables.service import Player, TableService
from rules.core import IllegalAction, ScriptedChance, SeededChance
from rules.dads_army import GAME
from rules.dads_army.board import load_board
from rules.dads_army.cards import load_supply
from rules.dads_army.engine import REDRAW, REDRAW_AFTER
from rules.dads_army.state import DadsArmyState
from rules.dads_army.variant_actions import Redraw

from .dads_army_kit import act, kinds, position, roll, shuffle_script, texts

BOARD = load_board()
REFS = [(3, 12), (9, 11)]  # as D20 deals them: no pink or black card shared


def bombed_position(variant: bool = True) -> DadsArmyState:
    """Two players, seat 0's reference bombed, both men of each seat free to step to and fro."""
    state = position(refs=REFS, mainwaring=(12, 3), wilson=(12, 4), vicar=(1, 5), verger=(1, 6))
    state.variants = [REDRAW] if variant else []
    state.bombs, state.bombs_left = [REFS[0]], 23
    return state


def pass_turn(state: DadsArmyState, seat: int) -> None:
    """Roll a 1 and step the first man to his first square (never a base), ending the turn."""
    assert "redraw" not in texts(state, seat) or state.players[seat].bombed_turns >= REDRAW_AFTER
    roll(state, 1, seat)
    move = next(t for t in texts(state, seat) if tuple(map(int, t.split()[2].split(","))) not in BOARD.wd_bases)
    act(state, move, seat)
    assert state.phase == "roll" and state.turn == 1 - seat


def rounds(state: DadsArmyState, n: int) -> None:
    for _ in range(n):
        pass_turn(state, 0)
        pass_turn(state, 1)


def test_redraw_bombed_reference_is_a_registered_variant_off_by_default() -> None:
    assert GAME.info.variants == (REDRAW,) == ("redraw_bombed_reference",)
    assert GAME.new_game({}, 2, SeededChance(1)).variants == []
    assert GAME.new_game({"variant": REDRAW}, 2, SeededChance(1)).variants == [REDRAW]
    assert GAME.new_game({"variants": [REDRAW]}, 2, SeededChance(1)).variants == [REDRAW]
    with pytest.raises(ValueError):
        GAME.new_game({"variant": "no_such_variant"}, 2, SeededChance(1))


async def test_redraw_bombed_reference_reaches_the_engine_through_the_table_service() -> None:
    svc = TableService(":memory:")
    host = Player(1, "Ann")
    await svc.create(None, 10, "dads_army", host, variant=REDRAW, seed=5)
    await svc.add_ai(10, host)
    await svc.start(10, host)
    table = svc.table(10)
    assert table is not None and table.state.variants == [REDRAW]
    assert GAME.view(table.state, None)["variants"] == [REDRAW]


def test_redraw_counts_his_turns_that_end_with_the_reference_bombed() -> None:
    state = bombed_position()
    rounds(state, 3)
    assert state.players[0].bombed_turns == 3 and state.players[1].bombed_turns == 0
    state.bombs.remove(REFS[0])  # a Union Jack replaces it: the next turn that ends clear resets
    state.jacks.append(REFS[0])
    pass_turn(state, 0)
    assert state.players[0].bombed_turns == 0


def test_redraw_is_offered_only_after_10_bombed_turns() -> None:
    state = bombed_position()
    rounds(state, REDRAW_AFTER - 1)
    assert state.players[0].bombed_turns == REDRAW_AFTER - 1 and "redraw" not in texts(state)
    rounds(state, 1)
    assert texts(state) == ["redraw", "roll"]
    assert "redraw" not in texts(state, 1) and GAME.legal_actions(state, 1) == []


def test_redraw_is_offered_only_with_the_variant_on() -> None:
    state = bombed_position(variant=False)
    rounds(state, REDRAW_AFTER + 2)
    assert state.players[0].bombed_turns == 0 and texts(state) == ["roll"]
    with pytest.raises(IllegalAction) as refused:
        act(state, "redraw")
    assert refused.value.code == "dads_army_not_now"


def test_redraw_is_offered_only_before_the_ordinary_roll_and_while_still_bombed() -> None:
    state = bombed_position()
    state.players[0].bombed_turns = REDRAW_AFTER
    state.players[0].kept_jack, state.jacks_left = True, 23
    assert texts(state) == ["redraw", "lay 3,12", "roll"]
    roll(state, 1)
    assert "redraw" not in texts(state)
    state = bombed_position()
    state.players[0].bombed_turns = REDRAW_AFTER
    state.players[0].kept_jack, state.jacks_left = True, 23
    act(state, "lay 3,12")  # his kept Union Jack clears it: nothing left to redraw
    assert texts(state) == ["roll"]


def test_redraw_follows_d20_from_the_cards_nobody_holds_with_his_old_pair_under_them() -> None:
    state = bombed_position()
    state.players[0].bombed_turns = REDRAW_AFTER
    # Seat 1 holds pink 9 and black 11; seat 0 gives back pink 3 and black 12.
    pink = [n for n in range(1, 13) if n not in (9, 3)]
    black = [n for n in range(1, 13) if n not in (11, 12)]
    want_pink = [1, 4, *[n for n in pink if n not in (1, 4)]]
    want_black = [1, 3, *[n for n in black if n not in (1, 3)]]
    chance = ScriptedChance(shuffle_script(pink, want_pink) + shuffle_script(black, want_black), all_draws=True)
    events = GAME.apply(state, 0, "redraw", chance)
    # 1,1 is the Vicarage: refused and put back under the packs; 4,3 (the EWS tank) is dealt.
    assert kinds(events) == ["reference_redrawn"]
    assert events[0].params == {"seat": 0, "from": [3, 12], "to": [4, 3], "pink": 4, "black": 3,
                                "turns": REDRAW_AFTER}
    assert state.players[0].reference == (4, 3) and state.players[0].bombed_turns == 0
    assert chance.record and chance.remaining == []
    assert state.phase == "roll" and state.roll_for == "move" and texts(state) == ["roll"]


def test_redraw_never_deals_a_building_a_shared_or_a_bombed_reference() -> None:
    for seed in range(40):
        state = bombed_position()
        state.bombs += [(c, 5) for c in range(1, 13) if (c, 5) not in BOARD.wd_bases]
        state.players[0].bombed_turns = REDRAW_AFTER
        chance = SeededChance(seed)
        GAME.apply(state, 0, "redraw", chance)
        new = state.players[0].reference
        assert not BOARD.in_building(new) and new not in state.bombs
        assert new[0] != REFS[1][0] and new[1] != REFS[1][1]  # seat 1's cards stay with him
        assert chance.record


def test_redraw_text_round_trips_and_junk_is_refused() -> None:
    assert GAME.parse_action("redraw") == Redraw() and str(Redraw()) == "redraw"
    assert GAME.label(Redraw()).key == "dads_army.action.redraw"
    with pytest.raises(IllegalAction):
        GAME.parse_action("redraw 3,4")


def _air_raid_on_top() -> list[int]:
    """Set-up draws for 2 seats: seat 0 first, packs in order (references 3,3 and 5,5 by
    D20), the deck with an Air Raid card on top."""
    identity = list(range(11, 0, -1))
    deck = list(load_supply().deck)
    top = [deck[deck.index("air_raid")], *[c for i, c in enumerate(deck) if i != deck.index("air_raid")]]
    return [0, *identity, *identity, *shuffle_script(deck, top)]


def test_redraw_game_replays_to_the_same_state() -> None:
    config = {"variant": REDRAW}
    setup = _air_raid_on_top()
    state = GAME.new_game(config, 2, ScriptedChance(setup, all_draws=True))
    assert [p.reference for p in state.players] == [(3, 3), (5, 5)] and state.deck[0] == "air_raid"
    log: list[tuple[int, str, list[int]]] = []

    def play(seat: int, text: str, *dice: int) -> None:
        chance = ScriptedChance(dice, fallback=SeededChance(len(log)))
        GAME.apply(state, seat, text, chance)
        log.append((seat, text, list(chance.record)))

    play(0, "roll", 4)
    play(0, "move mainwaring 8,1")  # WD base B: the Air Raid card
    for seat, text in ((0, "shelter mainwaring 1"), (0, "shelter wilson 2"), (1, "shelter vicar 3"),
                       (1, "shelter verger 4")):
        play(seat, text)
    play(0, "roll", 1)
    play(0, "bomb 5,5")  # seat 1's reference
    while "redraw" not in texts(state, state.turn):
        seat = state.turn
        play(seat, "roll", 1)
        play(seat, next(t for t in texts(state, seat)
                        if tuple(map(int, t.split()[2].split(","))) not in BOARD.wd_bases))
        assert state.players[1].reference in state.bombs and state.turns < 40
    assert state.turn == 1 and state.players[1].bombed_turns == REDRAW_AFTER
    play(1, "redraw")
    play(1, "roll", 2)
    assert state.players[1].reference != (5, 5)
    replayed = GAME.replay(config, 2, setup, log)
    assert replayed.to_json() == state.to_json()


def test_redraw_has_its_messages_in_both_languages() -> None:
    from gavel.tables import i18n

    state = bombed_position()
    state.players[0].bombed_turns = REDRAW_AFTER
    (event,) = GAME.apply(state, 0, "redraw", SeededChance(2))
    for lang in i18n.LANGUAGES:
        for key in ("dads_army.action.redraw", "dads_army.verb.redraw", "dads_army.event.reference_redrawn"):
            assert i18n.has(key, lang), (lang, key)
        text = i18n.render(GAME.describe(event), lang, seat_name=lambda s: "Ann")
        assert "{" not in text and "3,12" in text and "Ann" in text
    assert i18n.render(GAME.describe(event), "en", seat_name=lambda s: "Ann").startswith(
        "Ann's map reference at 3,12 has stayed bombed for 10 of their turns: Ann draws a new one")


def test_rules_summary_names_every_variant_in_both_languages() -> None:
    from gavel.tables import i18n

    for lang in i18n.LANGUAGES:
        text = i18n.gettext("dads_army.rules", lang)
        assert all(variant in text for variant in GAME.info.variants), lang

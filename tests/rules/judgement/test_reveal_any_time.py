"""Ruling 7: a living face-down character may be revealed at any time of play, in other players'
turns and windows too, without changing who is asked; 雷咒 fires at once, on top of the open
question (the engine's ruling beside ruling 7); e2: the any-time skills stay within one's own
decisions."""

from __future__ import annotations

import pytest

from rules.core import IllegalAction, NotYourTurn, SeededChance
from rules.judgement import cards
from rules.judgement.actions import Pass, Reveal, Target, UseSkill
from rules.judgement.engine import GAME
from rules.judgement.state import JudgementState, top

from .cards_kit import BLUE, GREEN, RED, YELLOW, dice, stack, table
from .test_leaks import registered_game  # noqa: F401  (fixture: the game in the table service's registry)
from .test_turn import started

NO_DICE = SeededChance(0)


def snapshot(state: JudgementState) -> tuple[object, ...]:
    """Who is asked now, what each asked seat may answer, and the open question (kind, seats, passes)."""
    frame = top(state)
    asked_now = sorted(GAME.to_act(state))
    return (asked_now, {s: GAME._legal_actions(state, s) for s in asked_now},
            (frame.kind, list(frame.seats), list(frame.passed)) if frame else None)


def obey_window() -> JudgementState:
    """Red (active) has given an Order card to Blue: Blue alone is asked; Green and Yellow are not."""
    state = table()
    stack(state, "order", "slap")
    cards.draw(state, RED, "order", dice())
    GAME.apply(state, RED, "give blue", dice())
    assert top(state).kind == "obey" and GAME.to_act(state) == {BLUE}
    return state


def test_r7_reveal_in_another_players_plain_step() -> None:
    state = started()
    active = state.active
    other = next(s for s in range(5) if s != active and state.players[s].character != "court_sorcerer")
    assert other not in GAME.to_act(state)
    assert GAME.legal_actions(state, other) == [Reveal()]  # offered, though nobody asks it
    before = snapshot(state)
    events = GAME.apply(state, other, "reveal", NO_DICE)
    assert [(e.kind, e.params) for e in events] == [("revealed", {"seat": other,
                                                                  "character": state.players[other].character})]
    assert state.players[other].revealed
    assert snapshot(state) == before  # the active seat still throws, offered the same
    assert GAME.legal_actions(state, other) == []
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, other, "reveal", NO_DICE)
    assert refused.value.code == "judgement_already_revealed"


def test_r7_reveal_in_another_players_window_leaves_the_question_open() -> None:
    state = obey_window()
    before = snapshot(state)
    assert GAME.legal_actions(state, GREEN) == [Reveal()]
    GAME.apply(state, GREEN, "reveal", NO_DICE)
    assert state.players[GREEN].revealed and snapshot(state) == before
    assert top(state).data["card"] == "slap"  # the same card, still waiting on Blue
    GAME.apply(state, BLUE, "obey", dice())
    assert top(state) is None or top(state).kind != "obey"


def test_r7_other_actions_out_of_turn_still_refused() -> None:
    state = obey_window()
    with pytest.raises(NotYourTurn) as refused:
        GAME.apply(state, GREEN, "obey", NO_DICE)
    assert refused.value.code == "judgement_not_asked"
    with pytest.raises(NotYourTurn):
        GAME.apply(state, GREEN, "pass", NO_DICE)


def test_r7_not_when_dead_or_face_up() -> None:
    state = obey_window()
    state.players[GREEN].revealed = True
    state.players[YELLOW].alive = False
    state.players[YELLOW].revealed = True  # ruling 8: the dead lie face up
    for seat in (GREEN, YELLOW):
        assert GAME.legal_actions(state, seat) == []
        with pytest.raises(IllegalAction) as refused:
            GAME.apply(state, seat, "reveal", NO_DICE)
        assert refused.value.code == "judgement_already_revealed"
    state.players[YELLOW].revealed = False  # even a dead seat whose card were down may not act
    assert GAME.legal_actions(state, YELLOW) == []
    with pytest.raises(IllegalAction):
        GAME.apply(state, YELLOW, "reveal", NO_DICE)


def test_r7_not_before_the_turns() -> None:
    state = GAME.new_game({}, 5, SeededChance(2))
    GAME.apply(state, 0, f"pick {state.players[0].options[0]}", NO_DICE)
    assert GAME.legal_actions(state, 0) == []
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, "reveal", NO_DICE)
    assert refused.value.code == "judgement_not_before_turns"


def test_r7_thunder_hex_fires_at_once_then_the_question_is_asked_again() -> None:
    """The engine's ruling with ruling 7: 雷咒 asks its owner first, on top of Blue's Order card;
    once the strike is settled, Blue is asked again exactly as before."""
    state = table(chars=["duelist", "blood_count", "swordswoman", "court_sorcerer"])
    stack(state, "order", "slap")
    cards.draw(state, RED, "order", dice())
    GAME.apply(state, RED, "give blue", dice())
    before = snapshot(state)
    assert GAME.legal_actions(state, YELLOW) == [Reveal()]
    GAME.apply(state, YELLOW, "reveal", NO_DICE)
    frame = top(state)
    assert frame.kind == "skill_target" and frame.data["skill"] == "thunder_hex"
    assert GAME.to_act(state) == {YELLOW} and Pass() in GAME.legal_actions(state, YELLOW)
    assert BLUE not in GAME.to_act(state)
    GAME.apply(state, YELLOW, Target("green"), dice(4))
    assert state.players[GREEN].damage == 4
    assert snapshot(state) == before


def test_r7_thunder_hex_passed_in_another_players_start_step() -> None:
    state = started()
    active = state.active
    other = next(s for s in range(5) if s != active)
    state.players[other].character = "court_sorcerer"
    GAME.apply(state, other, "reveal", NO_DICE)
    assert GAME.to_act(state) == {other} and top(state).kind == "skill_target"
    GAME.apply(state, other, "pass", NO_DICE)
    assert top(state) is None and GAME.to_act(state) == {active} and state.step == "start"
    assert "roll" in [str(a) for a in GAME.legal_actions(state, active)]


def test_e2_any_time_skills_stay_within_ones_own_decisions() -> None:
    """禱告 (any time) is offered to the asked seat only; from a seat nobody asks it is refused."""
    state = obey_window()
    state.players[GREEN].character = "sister_of_mercy"
    state.players[GREEN].revealed = True
    state.players[GREEN].damage = 3
    assert UseSkill("prayer") not in GAME.legal_actions(state, GREEN)
    with pytest.raises(NotYourTurn):
        GAME.apply(state, GREEN, "skill prayer", NO_DICE)
    state.players[BLUE].character = "sister_of_mercy"
    state.players[BLUE].damage = 3
    state.players[BLUE].revealed = True
    assert UseSkill("prayer") in GAME.legal_actions(state, BLUE)  # asked: e2 offers it


def test_r7_out_of_turn_reveal_replays() -> None:
    """A reveal logged from a seat nobody asked folds back to the same state (`Game.replay`)."""
    setup = SeededChance(1)
    state = GAME.new_game({}, 5, setup)
    log: list[tuple[int, str, list[int]]] = []

    def play(seat: int, text: str) -> None:
        chance = SeededChance(100 + len(log))
        GAME.apply(state, seat, text, chance)
        log.append((seat, text, chance.record))

    while state.phase != "turn":
        seat = min(GAME.to_act(state))
        play(seat, str(GAME.legal_actions(state, seat)[0]))
    other = next(s for s in range(5) if s not in GAME.to_act(state)
                 and state.players[s].character != "court_sorcerer")
    play(other, "reveal")
    play(state.active, "roll")
    assert GAME.replay({}, 5, setup.record, log).to_json() == state.to_json()


# --------------------------------------------------------------------------- through the table service


def calm(game: object, state: JudgementState, seat: int) -> str:
    """A policy that keeps the game moving and never reveals unless it must (the AI seats' and the
    humans' here), so that face-down humans are left to reveal out of turn."""
    legal = [str(a) for a in GAME.legal_actions(state, seat)]
    plain = [t for t in legal if t != "reveal" and not t.startswith("skill")] or legal
    return next((t for t in plain if t.startswith("attack")), None) or ("pass" if "pass" in plain else plain[0])


async def test_r7_a_human_reveals_during_an_ai_players_turn(registered_game: None) -> None:  # noqa: F811
    """Two humans, two AI seats: at a moment of an AI seat's turn where one human is asked (an
    Order card to answer, a window), the other human, asked nothing, reveals through the service.
    The AI seats do not move (nobody new is asked), the asked human is asked the same, and the
    channel hears the reveal."""
    from gavel.tables.service import Player, TableService

    svc = TableService(":memory:", renderers={"judgement": None}, ais={"judgement": calm})
    players = [Player(81, "alice"), Player(82, "bob")]
    await svc.create(5, 800, "judgement", players[0], seed="r7", sit=True)
    await svc.join(800, players[1])
    for _ in range(2):
        await svc.add_ai(800, players[0])
    await svc.start(800, players[0])
    table = svc.table(800)
    for _ in range(500):
        state = table.state
        asked_humans = table.humans_to_act()
        idle = [s for s in (0, 1) if s not in asked_humans and state.players[s].alive
                and not state.players[s].revealed and state.players[s].character != "court_sorcerer"]
        if state.phase == "turn" and table.seats[state.active].is_ai and asked_humans and idle:
            break
        await svc.act(800, players[asked_humans[0]], calm(GAME, state, asked_humans[0]))
    else:
        pytest.fail("no AI turn asked one human while the other waited")
    seat, version = idle[0], table.version
    before = snapshot(table.state)
    assert svc.legal_for(800, players[seat]) == ["reveal"]
    notices = await svc.act(800, players[seat], "reveal")
    assert table.state.players[seat].revealed
    assert table.version == version + 1  # the reveal alone: no AI seat was asked, none moved
    assert snapshot(table.state) == before
    assert "judgement.event.revealed" in [m.key for m in notices[0].lines]
    assert svc.legal_for(800, players[seat]) == []

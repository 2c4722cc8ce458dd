"""The public evidence record (history.py, `JudgementState.history`, the view's `history`) and what
the computer seats infer from it (P6's evidence table: guards and assassins infer
likely identities from public effects): it keeps public events only, holds no secret, is the same
for every seat, survives JSON and replay, and moves the belief as P6 says."""

from __future__ import annotations

import copy
import itertools
import json
import random

import pytest

from rules.core import Event, ScriptedChance, SeededChance
from rules.judgement import ai, history, orders, turn
from rules.judgement.actions import AttackAction, Give, Obey
from rules.judgement.ai_belief import Belief
from rules.judgement.content import IDENTITIES
from rules.judgement.engine import GAME
from rules.judgement.state import COLOURS, JudgementState

from .characters_kit import make
from .test_leaks import counterfactual, public_leaks, reveals

SIX = ["gravedigger", "apothecary", "executioner", "inquisitor", "court_sorcerer", "white_fairy"]
"""Six face-up characters whose skills neither answer an attack nor ask anything at its end."""


def attack_through_engine(state: JudgementState, attacker: int, target: int, d4: int, d6: int) -> None:
    """`attacker`'s attack step (攻擊階段) on `target`, through the engine (GAME.apply records)."""
    state.frames.clear()
    state.active, state.step, state.step_begun, state.attack = attacker, "attack", False, None
    turn.advance(state, ScriptedChance([]))  # attack.begin opens the attack frame
    GAME.apply(state, attacker, AttackAction(COLOURS[target]), ScriptedChance([d4, d6], fallback=SeededChance(1)))


def test_history_attacks_on_a_known_guard_make_the_attacker_a_likely_assassin() -> None:
    """Seat 1 attacks seat 2, a shown 侍衛, in two turns: the 侍衛 at seat 0 (of 7: 3 侍衛, 3 刺客,
    1 平民) believes more after each that seat 1 is a 刺客 (the first attack is remembered once its
    turn is over)."""
    state = make([*SIX, "master_thief"], ["guard", "assassin", "guard", "commoner", "assassin", "guard", "assassin"])
    state.players[2].identity_shown = True
    before = Belief.of(GAME.view(state, 0)).p(1, "assassin")
    attack_through_engine(state, 1, 2, 1, 3)
    assert state.players[2].damage == 2 and state.history[-2:] == [["attacks", 1, [2]], ["hurt", 2, 1, 2, "attack"]]
    once = Belief.of(GAME.view(state, 0)).p(1, "assassin")
    attack_through_engine(state, 1, 2, 1, 4)
    view = GAME.view(state, 0)
    assert view["attack"] is None  # the turn is over: only the history remembers the attacks
    assert [e for e in view["history"] if e["kind"] == "attacks"] == [
        {"kind": "attacks", "params": {"seat": 1, "targets": [2]}}
    ] * 2
    twice = Belief.of(view).p(1, "assassin")
    assert before < once < twice
    assert Belief.of(view, []).p(1, "assassin") == pytest.approx(before)  # without the history: nothing learned


LIKELIHOOD = {
    "hurt": (5.5 / 16, 5.5 / 16, 3.5 / 16),
    "nothing": (7 / 16, 7 / 16, 9 / 16),
}
"""P6: P(public result | identity) = Σ_c n_c/16 · [c gives that result], a card with two
possible results (an HP bet on an unknown HP, pay or damage, heal or damage) sharing its weight.
Worked by hand from the 16 Order cards: e.g. `hurt` for a 侍衛: 勒索 2·½ + 憤怒 2·½ + 掌摑 2 + 援助 ½ +
嚴懲 ½ + 欺凌 ½ = 5.5."""


def posterior(likelihood: tuple[float, float, float]) -> tuple[float, ...]:
    """Seat 1's identity as seat 0 (a 侍衛 of 6 seats) may reckon it: the other five share 1 侍衛,
    2 刺客, 2 平民, seat 1's assignment weighed by `likelihood` (by brute force)."""
    weights = [0.0, 0.0, 0.0]
    for deal in set(itertools.permutations(["guard", "assassin", "assassin", "commoner", "commoner"])):
        g = IDENTITIES.index(deal[0])
        weights[g] += likelihood[g]
    total = sum(weights)
    return tuple(w / total for w in weights)


@pytest.mark.parametrize(("recipient", "result"), [("assassin", "hurt"), ("commoner", "nothing")])
def test_history_public_order_result_moves_an_observer_as_plan_6_says(recipient: str, result: str) -> None:
    """Seat 3 gives 指認令 (bets 刺客) to seat 1: the public sees only `order_<result>`; seat 0's
    belief about seat 1 is P6's posterior; the giver knows exactly (its own note)."""
    state = make(SIX, ["guard", recipient, "guard", "assassin", "assassin" if recipient == "commoner" else "commoner",
                       "commoner"], active=3)
    state.step, state.step_begun = "location", True
    prior = Belief.of(GAME.view(state, 0)).marginals[1]
    orders.open_give(state, 3, "accusation")
    GAME.apply(state, 3, Give(COLOURS[1]), ScriptedChance([]))
    GAME.apply(state, 1, Obey(), ScriptedChance([], fallback=SeededChance(2)))
    assert state.history == [[f"order_{result}", 3, 1, 1] if result == "hurt" else [f"order_{result}", 3, 1]]
    belief = Belief.of(GAME.view(state, 0))
    assert belief.marginals[1] == pytest.approx(posterior(LIKELIHOOD[result]))
    commoner = IDENTITIES.index("commoner")
    assert (belief.marginals[1][commoner] < prior[commoner]) == (result == "hurt")
    assert Belief.of(GAME.view(state, 3)).known(1) == (recipient if result == "hurt" else None)


def test_history_keeps_public_evidence_only() -> None:
    """A private event is never looked at; public ones nobody chose (a self-heal, 天雷) are left out;
    an identity card drawn is kept, another card drawn is not."""
    hurt = {"seat": 2, "n": 2, "by": 1, "source": "attack", "damage": 2}
    assert history.entry(Event("hurt", hurt)) == ["hurt", 2, 1, 2, "attack"]
    assert history.entry(Event("hurt", hurt, to=(1, 2))) is None
    assert history.entry(Event("order_spied", {"by": 1, "to": 2, "identity": "guard"}, to=(1, 2))) is None
    assert history.entry(Event("order_text", {"by": 1, "to": 2, "card": "slap"}, to=(1, 2))) is None
    assert history.entry(Event("healed", {"seat": 1, "n": 2, "by": 1, "source": "holy_water", "damage": 0})) is None
    assert history.entry(Event("hurt", {**hurt, "source": "heavens_thunder"})) is None
    assert history.entry(Event("card_drawn", {"seat": 1, "deck": "holy", "card": "mirror_of_truth"})) == [
        "card_drawn", 1, "mirror_of_truth"]
    assert history.entry(Event("card_drawn", {"seat": 1, "deck": "holy", "card": "holy_water"})) is None
    assert history.entry(Event("revealed", {"seat": 1, "character": "duelist"})) is None


def ai_steps(seats: int, seed: str, steps: int = 5000):
    """A whole AI game, step by step: (state before, seat, action, chance seed, events, state after)."""
    state = GAME.new_game({}, seats, SeededChance(seed))
    for step in range(steps):
        if GAME.outcome(state) is not None:
            return
        seat = min(GAME.to_act(state))
        action = ai.choose(GAME, state, seat)
        before = copy.deepcopy(state)
        events = GAME.apply(state, seat, action, SeededChance(f"{seed}:{step}"))
        yield before, seat, action, f"{seed}:{step}", events, state


@pytest.mark.parametrize(("seats", "seed"), [(9, "hist9"), (6, "hist6")])
def test_leak_history_holds_no_secret(seats: int, seed: str) -> None:
    """At every step of a whole AI game: the rows added are exactly those of the step's PUBLIC
    events; the history names no Order card, no character never face up, no identity not shown;
    every seat and a spectator see the same history; a counterfactual of what the acting seat does
    not know adds the same rows (until a secret is made public); and the state survives JSON."""
    rng = random.Random(seed)
    for i, (before, seat, action, chance, events, after) in enumerate(ai_steps(seats, seed)):
        added = after.history[len(before.history):]
        assert after.history[: len(before.history)] == before.history
        assert added == [row for e in events if e.to is None for row in [history.entry(e)] if row is not None]
        for row in history.public(after):
            assert public_leaks(Event(row["kind"], row["params"]), after) == [], (i, row)
        shown = GAME.view(after, None)["history"]
        assert shown == history.public(after)
        assert all(GAME.view(after, s)["history"] == shown for s in range(seats))
        if i % 4 == 0 and not any(reveals(e) for e in events):
            other = counterfactual(before, seat, rng.randrange(1 << 30), characters="all", decks=False)
            again = GAME.apply(other, seat, action, SeededChance(chance))
            if not any(reveals(e) for e in again):
                assert other.history == after.history, (i, seat, action)
    assert after.history and GAME.load(json.loads(json.dumps(after.to_json()))).history == after.history


def test_history_replays_identically() -> None:
    """Derived from the events, the record is rebuilt by folding the log (GAME.replay)."""
    config: dict[str, object] = {}
    setup_chance = SeededChance("replay")
    state = GAME.new_game(config, 7, setup_chance)
    log = []
    for step in range(400):
        if GAME.outcome(state) is not None:
            break
        seat = min(GAME.to_act(state))
        action = ai.choose(GAME, state, seat)
        chance = SeededChance(f"replay:{step}")
        GAME.apply(state, seat, action, chance)
        log.append((seat, str(action), list(chance.record)))
    assert len(state.history) > 10
    assert GAME.replay(config, 7, list(setup_chance.record), log).history == state.history

"""e10: what a seat does when the table's time control runs out on a decision with no clock of its
own (e9). The contract test checks the answer is legal at every position of many games and that a
table of absent players ends; these check the choices, and that they read public facts alone."""

from __future__ import annotations

import random

from rules.core import ScriptedChance, SeededChance
from rules.judgement import attack, cards, locations
from rules.judgement.actions import AttackAction, End, Heal, Pass, Reveal, Roll, Target
from rules.judgement.engine import GAME
from rules.judgement.state import top

from .cards_kit import BLUE, GREEN, RED, YELLOW, stack, table
from .characters_kit import make
from .test_leaks import counterfactual


def test_e10_the_turn_starts_with_a_roll_never_a_reveal() -> None:
    state = make(["white_fairy", "mercenary", "duelist", "executioner"], revealed=False)
    state.step = "start"
    legal = GAME.legal_actions(state, 0)
    assert Reveal() in legal and Roll() in legal
    assert GAME.timeout_action(state, 0) is None  # the turn's own step has no clock (e9)
    assert GAME.time_up_action(state, 0) == Roll()
    assert GAME.time_up_action(state, 1) is None  # nobody asks seat 1


def test_e10_the_attack_step_attacks_the_first_character_in_range() -> None:
    state = make(["white_fairy", "mercenary", "duelist", "executioner"],
                 at=["tavern", "ossuary", "market_square", "black_market"])
    attack.begin(state, 0, ScriptedChance([]))
    assert top(state).kind == "attack"
    assert GAME.legal_actions(state, 0)[-1] == End()
    assert GAME.time_up_action(state, 0) == AttackAction("green")  # market square before black market


def test_e10_the_alchemist_tower_heals_its_visitor() -> None:
    state = table(at=["alchemist_tower", "tavern", "tavern", "tavern"])
    state.players[BLUE].damage = 3
    locations.enter(state, RED, ScriptedChance([]))
    assert top(state).kind == "alchemy"
    assert GAME.time_up_action(state, RED) == Heal("red")


def test_e10_first_aid_goes_to_the_most_damaged_character() -> None:
    state = table()
    state.players[GREEN].damage = 9
    state.players[YELLOW].damage = 9
    stack(state, "holy", "first_aid")
    cards.draw(state, RED, "holy", ScriptedChance([]))
    assert top(state).kind == "card_target"
    assert GAME.time_up_action(state, RED) == Target("green")  # 9 -> 7: a heal; ties in seat order


def test_e10_a_harmful_item_is_never_aimed_at_its_drawer() -> None:
    state = table()
    stack(state, "dark", "venom_spider")
    cards.draw(state, RED, "dark", ScriptedChance([]))
    assert top(state).kind == "card_target"
    assert GAME.legal_actions(state, RED)[0] == Target("red")
    assert GAME.time_up_action(state, RED) == Target("blue")


def test_e10_a_vanish_passes_on_to_the_location() -> None:
    state = table(chars=["veiled_lady", "duelist", "blood_count", "swordswoman"],
                  at=["ossuary", "tavern", "tavern", "tavern"], revealed=True)
    stack(state, "dark", "cleaver")
    locations.enter(state, RED, ScriptedChance([]))
    assert top(state).kind == "vanish"
    assert GAME.time_up_action(state, RED) == Pass()


def test_e10_the_answer_reads_only_public_facts() -> None:
    """Wherever the time control (not a clock of the game's) answers, the answer is the same
    whatever the identities, the face-down characters, the decks and the Order cards."""
    rng = random.Random(2)
    for seats, seed in ((5, 2), (7, 3)):
        state = GAME.new_game({}, seats, SeededChance(seed))
        for step in range(400):
            if GAME.outcome(state) is not None:
                break
            seat = rng.choice(sorted(GAME.to_act(state)))
            if GAME.timeout_action(state, seat) is None:
                other = counterfactual(state, None, step, characters="same_hp")
                if GAME.to_act(other) == GAME.to_act(state):
                    assert GAME.time_up_action(other, seat) == GAME.time_up_action(state, seat)
            legal = GAME.legal_actions(state, seat)
            action = GAME.time_up_action(state, seat) if rng.random() < 0.5 else rng.choice(legal)
            GAME.apply(state, seat, action, SeededChance(rng.randrange(1 << 30)))

"""The computer seats (P6): they read only their view, infer identities exactly, play their
faction's or their Commoner goal, answer every question the engine asks, and finish games."""

from __future__ import annotations

import copy
import importlib.util
import random
from pathlib import Path
from typing import Any

import pytest

from rules.core import SeededChance
from rules.judgement import ai, ai_belief, attack, frames, orders
from rules.judgement.actions import (
    AttackAction,
    Counter,
    End,
    Give,
    Go,
    Heal,
    Hurt,
    Keep,
    Obey,
    Pass,
    Pose,
    Rescue,
    Show,
    UseSkill,
)
from rules.judgement.ai_belief import Belief, assignments
from rules.judgement.engine import GAME
from rules.judgement.state import COLOURS, OrderNote

from .characters_kit import make
from .test_view import swapped

BENCH = Path(__file__).resolve().parents[3] / "bench" / "judgement_ai.py"


def bench() -> Any:
    """bench/judgement_ai.py (the harness of the strength figures), loaded as a module."""
    spec = importlib.util.spec_from_file_location("judgement_ai_bench", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def ai_game(seats: int, seed: int | str, steps: int = 5000) -> tuple[Any, list[tuple[Any, int]]]:
    """AI seats play; returns the end state and (state copy, seat) at decisions with a choice.
    (The decisions' time is measured by bench/judgement_ai.py, not asserted here.)"""
    state = GAME.new_game({}, seats, SeededChance(seed))
    decisions: list[tuple[Any, int]] = []
    for step in range(steps):
        if GAME.outcome(state) is not None:
            break
        seat = min(GAME.to_act(state))
        if len(GAME.legal_actions(state, seat)) > 1:
            decisions.append((GAME.load(state.to_json()), seat))  # a copy (a third of deepcopy's cost)
        action = ai.choose(GAME, state, seat)
        GAME.apply(state, seat, action, SeededChance(f"{seed}:{step}"))
    return state, decisions


# --------------------------------------------------------------------------- reading only the view


class Spy:
    """The game, recording what the AI asks of it."""

    def __init__(self) -> None:
        self.asked: list[tuple[str, Any]] = []

    def __getattr__(self, name: str) -> Any:
        real = getattr(GAME, name)

        def call(*args: Any, **kwargs: Any) -> Any:
            self.asked.append((name, args[1] if len(args) > 1 else None))
            return real(*args, **kwargs)

        return call


def test_ai_reads_only_its_view() -> None:
    """The AI asks the game for its own view and its own legal actions, nothing else; and two
    states differing only in what the seat cannot see (identities it has not seen, face-down
    characters, deck orders: test_view.swapped) get the same choice, at every decision of a game."""
    _, decisions = ai_game(6, "view", steps=400)
    assert len(decisions) > 40
    for i, (state, seat) in enumerate(decisions):
        spy = Spy()
        chosen = ai.choose(spy, state, seat)
        assert {name for name, _ in spy.asked} <= {"view", "legal_actions"}
        assert all(s == seat for _, s in spy.asked)
        other = swapped(state, seat, seed=i)
        assert GAME.view(other, seat) == GAME.view(state, seat)
        assert ai.choose(GAME, other, seat) == chosen, (i, seat)


# --------------------------------------------------------------------------- belief


def test_belief_enumerates_every_assignment() -> None:
    assert len(assignments((3, 3, 3))) == 1680
    assert len(set(assignments((2, 3, 3)))) == 560


def six_seats_guard_view(card: str, result: str) -> dict[str, Any]:
    """Seat 0 (a 侍衛) gave `card` to seat 2 (face up, not 隱女) and saw `result`."""
    state = make(["duelist", "swordswoman", "blood_count", "apothecary", "mercenary", "gravedigger"],
                 ["guard", "assassin", "assassin", "commoner", "guard", "commoner"], revealed=True)
    note = OrderNote(card=card, giver=0, recipient=2, result=result)
    state.players[0].orders.append(note)
    state.players[2].orders.append(copy.copy(note))
    return GAME.view(state, 0)


def test_belief_order_result_that_proves_an_identity_is_exact() -> None:
    """指認令 bets 刺客 (c32): hurt proves it; nothing leaves the exact count of the other cards."""
    hurt = Belief.of(six_seats_guard_view("accusation", "hurt"))
    assert hurt.marginals[2] == pytest.approx((0.0, 1.0, 0.0))
    assert hurt.known(2) == "assassin"
    nothing = Belief.of(six_seats_guard_view("accusation", "nothing"))
    # 5 unknown seats share 1 guard, 2 assassins, 2 commoners; seat 2 is a guard in 6 of the
    # 18 assignments left (4!/(2!2!)) and a commoner in 12 (4!/(1!2!1!)).
    assert nothing.marginals[2] == pytest.approx((1 / 3, 0.0, 2 / 3))
    assert sum(nothing.marginals[3]) == pytest.approx(1.0)
    assert nothing.p(1, "assassin") == pytest.approx(2 * 12 / 18 / 4 + 2 * 6 / 18 / 4)


def test_belief_a_possible_veiled_lady_may_have_lied() -> None:
    """Ruling 13: 隱女's 「隱」 may answer as any identity, so a face-down recipient's answer is
    strong evidence, not proof."""
    view = six_seats_guard_view("accusation", "hurt")
    view["players"][2].update(revealed=False, character=None, hp=None)
    belief = Belief.of(view)
    assert 0.8 < belief.p(2, "assassin") < 1.0


def test_belief_public_history_weighs_attacks_and_identity_cards() -> None:
    """Soft evidence (P6): an attack on a shown 侍衛 makes the attacker less likely a 侍衛;
    照妖鏡 drawn and no identity shown makes a 刺客 unlikely."""
    state = make(["duelist", "swordswoman", "blood_count", "apothecary", "mercenary", "gravedigger"],
                 ["commoner", "assassin", "guard", "commoner", "guard", "assassin"])
    state.players[2].identity_shown = True
    view = GAME.view(state, 0)
    prior = Belief.of(view)
    attacked = Belief.of(view, [{"kind": "attacks", "params": {"seat": 1, "targets": [2]}}])
    assert attacked.p(1, "guard") < prior.p(1, "guard")
    mirror = Belief.of(view, [{"kind": "card_drawn", "params": {"seat": 3, "deck": "holy", "card": "mirror_of_truth"}}])
    assert mirror.p(3, "assassin") < prior.p(3, "assassin") / 5


def _plain_posterior(n: int, fixed: dict[int, int], unknown: list[int], left: list[int],
                     like: dict[int, list[float]]) -> Any:
    """The posterior as the plain loop over the deals sums it: each deal's weight the product of
    the rows in seat order, added to the total and to each seat's marginal deal after deal."""
    rows = [like.get(s, (1.0, 1.0, 1.0)) for s in unknown]
    k = len(unknown)
    sums = [[0.0, 0.0, 0.0] for _ in range(k)]
    total = 0.0
    deals = assignments((left[0], left[1], left[2])) if sum(left) == k else ai_belief._free(k)
    for deal in deals if k else ():
        w = 1.0
        for i, g in enumerate(deal):
            w *= rows[i][g]
        if w == 0.0:
            continue
        total += w
        for i, g in enumerate(deal):
            sums[i][g] += w
    if k and total <= 0:
        return None
    out: list[tuple[float, ...]] = [(1 / 3, 1 / 3, 1 / 3)] * n
    for s, g in fixed.items():
        out[s] = tuple(1.0 if h == g else 0.0 for h in range(3))
    for i, s in enumerate(unknown):
        out[s] = (sums[i][0] / total, sums[i][1] / total, sums[i][2] / total)
    return tuple(out)


def test_belief_posterior_is_the_plain_loops_to_the_last_bit() -> None:
    """`_posterior` (rows without evidence skipped, the weights added by seat, answers kept) gives
    the plain loop's marginals exactly, asked once and asked again: random seats, counts (some not
    adding up), and likelihoods with 0, 1 and the evidence table's values."""
    rng = random.Random(7)
    for _ in range(300):
        n = rng.randint(1, 9)
        seats = rng.sample(range(n), n)
        cut = rng.randint(0, n)
        fixed = {s: rng.randrange(3) for s in seats[:cut]}
        unknown = sorted(seats[cut:])
        left = [0, 0, 0]
        for _ in unknown:
            left[rng.randrange(3)] += 1
        if rng.random() < 0.15:
            left = [rng.randint(0, 3) for _ in range(3)]
        values = [0.0, 1.0, 0.05, 0.1, 0.5, 0.6, 1.5, rng.random()]
        like = {s: [rng.choice(values) for _ in range(3)] for s in unknown if rng.random() < 0.6}
        plain = repr(_plain_posterior(n, fixed, unknown, left, like))
        assert repr(ai_belief._posterior(n, fixed, unknown, left, like)) == plain, (n, fixed, unknown, left, like)
        assert repr(ai_belief._posterior(n, fixed, unknown, left, like)) == plain


def test_belief_at_nine_seats_is_one_walk_over_the_1680_deals(monkeypatch) -> None:
    # The work, not the seconds: each pass enumerates the deals the counts allow (9!/(3!3!3!)),
    # never every identity for every seat (3^9 = 19,683, the fallback for a view whose counts do
    # not add up).
    state = GAME.new_game({}, 9, SeededChance(4))
    view = GAME.view(state, None)
    walked: list[int] = []
    real = ai_belief.assignments
    depth = [0]

    def counted(counts: tuple[int, int, int]) -> tuple[tuple[int, ...], ...]:
        # `assignments` recurses through the module's name: on a cold cache (this test run
        # alone) its own calls for fewer cards come here as well. Only the outermost call is a
        # question the belief asks; the ones it makes itself are how it answers.
        depth[0] += 1
        try:
            table = real(counts)
        finally:
            depth[0] -= 1
        if not depth[0]:
            walked.append(len(table))
        return table

    def free(k: int) -> Any:
        raise AssertionError(f"every identity for {k} seats enumerated")

    monkeypatch.setattr(ai_belief, "assignments", counted)
    monkeypatch.setattr(ai_belief, "_free", free)
    ai_belief._posterior_of.cache_clear()  # an answer kept from another test walks nothing
    ai_belief._layout.cache_clear()
    belief = Belief.of(view)
    assert walked and len(walked) <= 2 and set(walked) == {1680}
    assert belief.marginals[0] == pytest.approx((1 / 3, 1 / 3, 1 / 3))


# --------------------------------------------------------------------------- guards, assassins, commoners


def test_ai_guard_attacks_known_assassin() -> None:
    """A 侍衛 with a shown 刺客 and a shown 侍衛 in range attacks the 刺客 (P6)."""
    state = make(["mercenary", "duelist", "apothecary", "gravedigger"], ["guard", "guard", "assassin", "assassin"],
                 at=["tavern", "tavern", "tavern", "ossuary"], revealed=False)
    state.ring = ["tavern", "market_square", "cathedral", "ossuary", "alchemist_tower", "black_market"]
    state.players[1].identity_shown = True
    state.players[2].identity_shown = True
    attack.begin(state, 0, SeededChance(1))
    assert {AttackAction("blue"), AttackAction("green"), End()} <= set(GAME.legal_actions(state, 0))
    assert ai.choose(GAME, state, 0) == AttackAction("green")


def test_ai_guard_does_not_attack_its_only_ally() -> None:
    state = make(["mercenary", "duelist", "apothecary", "gravedigger"], ["guard", "guard", "assassin", "assassin"],
                 at=["tavern", "tavern", "ossuary", "ossuary"], revealed=False)
    state.players[1].identity_shown = True
    attack.begin(state, 0, SeededChance(1))
    assert ai.choose(GAME, state, 0) == End()


def test_ai_commoner_thief_prefers_black_market() -> None:
    """神偷 (a 平民: own 5 equipment) goes to 黑市 after a 7 when others hold equipment; a 侍衛 in
    the same place, hurt, would rather heal at 大聖堂."""
    chars = ["master_thief", "duelist", "apothecary", "gravedigger", "mercenary"]
    state = make(chars, ["commoner", "guard", "assassin", "assassin", "guard"],
                 at=["tavern", "cathedral", "cathedral", "ossuary", "ossuary"], revealed=False)
    state.step = "move"
    state.players[0].damage = 5
    state.players[1].equipment = ["cleaver", "holy_vestment"]
    state.players[3].equipment = ["astrolabe"]
    options = [loc for loc in state.ring if loc != "tavern"]
    frames.open_frame(state, "go", [0], options=options, why="seven")
    assert ai.choose(GAME, state, 0) == Go("black_market")
    state.players[0].identity = "guard"
    state.players[4].identity = "commoner"
    assert ai.choose(GAME, state, 0) != Go("black_market")


def test_ai_veiled_lady_poses_to_avoid_damage_but_not_to_the_spy() -> None:
    """Ruling 13: 隱女 answers 掌摑令 (bets 侍衛: 1 damage) as another identity; to 密探令 she
    cannot lie, so she obeys."""
    state = make(["veiled_lady", "duelist", "apothecary", "gravedigger"], ["guard", "assassin", "guard", "assassin"],
                 revealed=False)
    orders.give(state, 1, "slap", 0)
    choice = ai.choose(GAME, state, 0)
    assert isinstance(choice, Pose) and choice.identity != "guard"
    frames.close(state, state.frames[-1])
    orders.give(state, 1, "spys_order", 0)
    assert ai.choose(GAME, state, 0) == Obey()


def test_ai_gives_damaging_order_to_likely_enemy() -> None:
    """驅逐令 (bets 刺客: 2 damage) goes to the shown 刺客, not to the shown 侍衛 nor to the seats
    that are a 刺客 or the 平民 at even odds."""
    state = make(["mercenary", "duelist", "apothecary", "gravedigger", "swordswoman"],
                 ["guard", "guard", "commoner", "assassin", "assassin"], revealed=False)
    state.players[1].identity_shown = True
    state.players[4].identity_shown = True
    frames.open_frame(state, "give", [0], card="banishment", giver=0)
    assert ai.choose(GAME, state, 0) == Give(COLOURS[4])
    frames.close(state, state.frames[-1])
    state.players[1].damage = 3
    frames.open_frame(state, "give", [0], card="succour", giver=0)  # 援助令: heals a hurt 侍衛
    assert ai.choose(GAME, state, 0) == Give(COLOURS[1])


# --------------------------------------------------------------------------- whole games


@pytest.mark.parametrize(("seats", "seed"), [(9, 1), (9, 2), (4, 1)])  # the most seats twice, the fewest once
def test_ai_nine_seats_finish_a_game(seats: int, seed: int) -> None:
    """Every seat an AI: the game ends (a faction or a Commoner wins)."""
    state, decisions = ai_game(seats, f"finish{seed}")
    assert GAME.outcome(state) is not None
    assert state.winners
    assert decisions


def test_ai_beats_random_seats_as_a_faction() -> None:
    """The AI on one faction's seats, uniformly random seats elsewhere, six seats, six seeds per
    faction: it wins more often than not (measured: about 9 in 10; bench/judgement_ai.py strength)."""
    harness = bench()
    wins = 0
    games = 0
    for faction in ("guard", "assassin"):
        for seed in range(6):
            tag = f"beat:{seed}"
            dealt = GAME.new_game({}, 6, SeededChance(tag))
            policies = {s: harness.ai_policy if p.identity == faction else harness.random_policy
                        for s, p in enumerate(dealt.players)}
            wins += harness.faction_won(harness.play(policies, 6, tag), faction)
            games += 1
    assert wins > games * 0.6, f"{wins}/{games}"


def test_ai_answers_every_frame_kind_it_meets() -> None:
    """Over a few whole games the AI meets most frame kinds the engine registers, and always
    answers with one of the legal actions (choose picks among them)."""
    met: set[str] = set()
    for seats, seed in [(9, "k1"), (7, "k2"), (6, "k3"), (5, "k4")]:
        state = GAME.new_game({}, seats, SeededChance(seed))
        rng = random.Random(seed)
        for step in range(5000):
            if GAME.outcome(state) is not None:
                break
            seat = min(GAME.to_act(state))
            if state.frames:
                met.add(state.frames[-1].kind)
            action = ai.choose(GAME, state, seat, rng)
            assert action in GAME.legal_actions(state, seat)
            GAME.apply(state, seat, action, SeededChance(f"{seed}:{step}"))
    assert {"attack", "give", "obey", "go"} <= met
    assert met <= set(frames.KINDS)


# --------------------------------------------------------------------------- windows and cards


def test_ai_flower_girl_rescues_an_ally_not_an_enemy() -> None:
    """贈花 (a 侍衛 賣花女, face up): the dying shown 侍衛 is saved, the dying shown 刺客 is not."""
    state = make(["flower_girl", "duelist", "apothecary", "gravedigger"], ["guard", "guard", "assassin", "assassin"])
    state.players[1].identity_shown = True
    state.players[2].identity_shown = True
    frames.open_frame(state, "rescue", [0, 1, 2, 3], seat=1)
    assert ai.choose(GAME, state, 0) == Rescue()
    frames.close(state, state.frames[-1])
    frames.open_frame(state, "rescue", [0, 1, 2, 3], seat=2)
    assert ai.choose(GAME, state, 0) == Pass()


def test_ai_sister_prays_when_dying() -> None:
    """禱告 in the rescue window of her own death (P6: reveal when a skill pays now)."""
    state = make(["sister_of_mercy", "duelist", "apothecary", "gravedigger"], revealed=True)
    state.players[0].damage = 8
    frames.open_frame(state, "rescue", [0, 1, 2, 3], seat=0)
    assert ai.choose(GAME, state, 0) == UseSkill("prayer")


def test_ai_alchemist_tower_hurts_a_known_enemy_or_heals_itself() -> None:
    """煉金塔: 2 damage to the shown 刺客; badly hurt and no known enemy, heal itself."""
    state = make(["mercenary", "duelist", "apothecary", "gravedigger"], ["guard", "guard", "assassin", "assassin"],
                 revealed=False)
    state.players[3].identity_shown = True
    frames.open_frame(state, "alchemy", [0], location="alchemist_tower")
    assert ai.choose(GAME, state, 0) == Hurt(COLOURS[3])
    state.players[3].identity_shown = False
    state.players[0].damage = 11
    assert ai.choose(GAME, state, 0) == Heal(COLOURS[0])


def test_ai_shows_royal_summons_only_when_the_heal_pays() -> None:
    """王命 (r12): a 侍衛 badly hurt shows and heals all; unhurt, it keeps its identity hidden."""
    state = make(["mercenary", "duelist", "apothecary", "gravedigger"], ["guard", "guard", "assassin", "assassin"],
                 revealed=False)
    frames.open_frame(state, "show", [0], card="royal_summons", by=0, item=True)
    assert ai.choose(GAME, state, 0) == Keep()
    state.players[0].damage = 10
    assert ai.choose(GAME, state, 0) == Show()


def test_ai_mercenary_counters_its_attacker() -> None:
    """反擊: the 傭兵 (a 刺客) hits back at a shown 侍衛 who attacked it."""
    state = make(["mercenary", "duelist", "apothecary", "gravedigger"], ["assassin", "guard", "assassin", "guard"],
                 revealed=False)
    state.players[1].identity_shown = True
    frames.open_frame(state, "counter", [0], by=1)
    assert ai.choose(GAME, state, 0) == Counter()


def test_ai_scores_every_verb_of_the_game() -> None:
    """Every verb the engine can offer (actions.ALL) has its own scorer in ai.Seen."""
    from rules.judgement.actions import ALL

    missing = [cls.verb for cls in ALL if not hasattr(ai.Seen, f"_v_{cls.verb}")]
    assert not missing

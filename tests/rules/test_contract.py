"""The engine contract, checked for every registered game by seeded playouts to the end.

At every step: some seat can act unless the game is over; every legal action's text
round-trips; pieces and cards are conserved. At every position of one game per seat count (and
per variant, at its largest seat count), on a sample of the positions of the others (`SAMPLED`):
a seat nobody asks is offered (and may take) its `anytime_actions` only, and is refused anything
else; an illegal action raises IllegalAction and leaves the state as it was; the state survives
JSON; views are JSON and keep the game's secrets; every seat asked has a legal `time_up_action`
wherever its decision has no `timeout_action`. At the end: folding the log (`replay`) gives the
same state. And a game where every seat only ever takes its `time_up_action` (every player walked
away) ends.

Every registered variant of every game is played out too (one seed per seat count), with the
variant passed in the config as the table passes it (`{"variant": name}`).

Games may register extra checks below (`SECRETS`, `CONSERVED`); a game without them still
gets every generic check.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from rules import registry
from rules.core import BadActionText, Game, IllegalAction, NotYourTurn, SeededChance


def games() -> dict[str, Game]:
    """Every game, from the one list of games (`rules.registry`)."""
    return {key: plugin.game for key, plugin in registry.plugins().items()}


def _dads_army_secrets(game: Game, state: Any, viewer: int | None) -> None:
    """The deck order is the only secret: a view must not change when the deck is reshuffled."""
    other = game.load(state.to_json())
    other.deck = list(reversed(other.deck))
    assert game.view(other, viewer) == game.view(state, viewer)


def _dads_army_conserved(state: Any) -> None:
    assert len(state.deck) + len(state.discards) + (state.card is not None) == 48
    assert state.bombs_left + len(state.bombs) == 24
    kept = sum(p.kept_jack for p in state.players)
    assert state.jacks_left + len(state.jacks) + kept == 24
    assert not set(state.bombs) & set(state.jacks)
    assert len(state.men) == 2 * len(state.players)


def _judge_dredd_secrets(game: Game, state: Any, viewer: int | None) -> None:
    """Pack orders, the other hands and the face-down Perps this seat has not peeked at must not
    change its view (tests/rules/judge_dredd/kit.py)."""
    from tests.rules.judge_dredd.kit import hide_check

    if state.version % 10 == 0:  # every tenth state: the check copies the whole game
        hide_check(state, viewer)


def _judge_dredd_conserved(state: Any) -> None:
    from tests.rules.judge_dredd.kit import conserved

    conserved(state)


def _judgement_secrets(game: Game, state: Any, viewer: int | None) -> None:
    """Identities, face-down characters, deck orders and Order cards this seat does not know,
    permuted, must not change its view or who is asked (tests/rules/judgement/test_leaks.py)."""
    from tests.rules.judgement.test_leaks import counterfactual

    if state.version % 10 == 0 and game.outcome(state) is None:  # at the end everything is shown
        other = counterfactual(state, viewer, state.version, reading=True)  # shares what it keeps
        assert game.view(other, viewer) == game.view(state, viewer)
        assert game.to_act(other) == game.to_act(state)


SECRETS: dict[str, Callable[[Game, Any, int | None], None]] = {
    "dads_army": _dads_army_secrets,
    "judge_dredd": _judge_dredd_secrets,
    "judgement": _judgement_secrets,
}
CONSERVED: dict[str, Callable[[Any], None]] = {"dads_army": _dads_army_conserved, "judge_dredd": _judge_dredd_conserved}


def _judtho_playout_ai(game: Game, state: Any, seat: int) -> Any:
    """Judtho's quick playout player (`rules.judtho.ai.playout_choose`: it takes a King when it
    can, else the most valuable capture, else any legal action), picking by a generator seeded
    by the position, so the same position gets the same action. It plays purposefully enough to
    reach what the search reaches (Regicides, knatches, Annihilations, Conquest and Third-Conquest
    ends, awards, resignations, voided offers) at a tenth of a one-ply search's cost;
    tests/rules/judtho/test_ai_*.py test the real search."""
    from rules.judtho.ai import playout_choose

    return playout_choose(game, state, seat, random.Random(f"{state.version}:{seat}"))


PLAYOUT_AI: dict[str, Callable[[Game, Any, int], Any]] = {"judtho": _judtho_playout_ai}
"""A cheaper computer player for the playouts below (and tests/tables/test_standings.py), for games
whose own AI is a costly search."""
MAX_ACTIONS = 1500
PARTIAL: dict[str, int] = {"judge_dredd": 120}
"""Games whose whole games are far longer than MAX_ACTIONS (Judge Dredd: 1000-3500 actions even
when played well): every check here runs over their first N actions; their own tests play whole
games to the end (tests/rules/judge_dredd/test_flow_playouts.py)."""


def playout(game: Game, seats: int, seed: int, variant: str | None = None, *, every: int = 1,
            length: int | None = None) -> None:
    """One seeded game through every check of the module's docstring. The checks that hold of one
    position whatever the rest of the game (refusals, the seats nobody asks, time-up actions, the
    state through JSON, the views and the game's secrets) run on every position with `every=1`,
    on about one position in `every` otherwise (picked by their own seeded generator: the game is
    the same either way). What holds of the whole game (some seat can act, every legal action's
    text round-trips, pieces are conserved, the end, the replay) is checked on every game. `length`
    stops the game after that many actions (a short playout: no end to reach)."""
    rng = random.Random(seed)
    config: dict[str, Any] = {"variant": variant} if variant else {}
    setup = SeededChance(seed)
    state = game.new_game(config, seats, setup)
    log: list[tuple[int, str, list[int]]] = []
    seen: set[str] = set()
    key = game.info.key
    ai = PLAYOUT_AI.get(key, registry.plugin(key).ai)
    parsed: dict[str, Any] = {}
    sample = random.Random(f"checks:{seed}")  # picks what is checked on a sample, not the game's moves
    for step in range(length or PARTIAL.get(key, MAX_ACTIONS)):
        if game.outcome(state) is not None:
            break
        actors = sorted(game.to_act(state))
        assert actors, "nobody can act in a game that is not over"
        seat = rng.choice(actors)
        legal = game.legal_actions(state, seat)
        assert legal, f"seat {seat} must act but has no legal action"
        texts = [str(a) for a in legal]
        for action, text in zip(legal, texts, strict=True):
            # reading a text depends on the text alone: a text met before is read as it was then
            if text not in parsed:
                parsed[text] = game.parse_action(text)
                assert str(parsed[text]) == text
            assert parsed[text] == action
        seen |= set(texts)
        checked = every == 1 or step == 0 or sample.randrange(every) == 0
        if checked:
            stale = sorted(seen - set(texts))
            position_keeps_the_contract(game, state, seats, seat, actors, texts, stale, parsed, sample)

        action = ai(game, state, seat) if ai is not None and rng.random() < 0.8 else rng.choice(legal)
        chance = SeededChance(rng.randrange(1 << 30))
        events = game.apply(state, seat, action, chance)
        log.append((seat, str(action), list(chance.record)))
        json.dumps([e.to_json() for e in events])
        for event in events:
            game.describe(event)

        if checked or game.outcome(state) is not None:
            data = state.to_json()
            assert game.load(json.loads(json.dumps(data))).to_json() == data
            for viewer in [None, *range(seats)]:
                json.dumps(game.view(state, viewer))
                if key in SECRETS:
                    SECRETS[key](game, state, viewer)
        if key in CONSERVED:
            CONSERVED[key](state)
    ended = game.outcome(state) is not None or key in PARTIAL or length is not None
    assert ended, f"{key} with {seats} seats did not end in {MAX_ACTIONS} actions"
    replayed = game.replay(config, seats, list(setup.record), log)
    assert replayed.to_json() == state.to_json()


def position_keeps_the_contract(game: Game, state: Any, seats: int, seat: int, actors: list[int], texts: list[str],
                                stale: list[str], parsed: dict[str, Any], sample: random.Random) -> None:
    """The checks of one position where `seat` (of `actors`, offered `texts`) is about to act:
    actions offered before and not now (`stale`) are refused, so is nonsense; a seat nobody asks
    is offered its `anytime_actions` alone, may take them, and is refused the asked seat's answers;
    every seat's `time_up_action` keeps its contract; and no refusal changed the state."""
    before = json.dumps(state.to_json(), sort_keys=True)
    for wrong in sample.sample(stale, min(3, len(stale))):
        with pytest.raises(IllegalAction):
            game.apply(state, seat, wrong, SeededChance(0))
    anytime_now = [a for s in range(seats) for a in game.anytime_actions(state, s)]
    others_refused = [t for t in texts if parsed[t] not in anytime_now]
    for other in range(seats):
        if other not in actors:
            # a seat nobody asks is offered its `anytime_actions` alone, and may take them
            anytime = game.anytime_actions(state, other)
            assert game.legal_actions(state, other) == anytime
            for action in sample.sample(anytime, min(2, len(anytime))):  # each `check` lists them all again
                assert game.check(state, other, action) == action
            if others_refused:  # the asked seat's answers (an any-time one may be refused otherwise)
                with pytest.raises(NotYourTurn):
                    game.apply(state, other, others_refused[0], SeededChance(0))
    for asked in range(seats):
        time_up_keeps_the_contract(game, state, asked, asked in actors)
    with pytest.raises(BadActionText):
        game.apply(state, seat, "xyzzy 99,99", SeededChance(0))
    assert json.dumps(state.to_json(), sort_keys=True) == before, "a refused action changed the state"


def time_up_keeps_the_contract(game: Game, state: Any, seat: int, is_asked: bool) -> None:
    """`time_up_action`: what a seat does when the table's time control runs out on a decision it is
    asked. Wherever the decision has no `timeout_action` of its own (a turn, a target, a placement)
    there must be one, legal now (`check`, and among `legal_actions`: no menu hides it); where there
    is a `timeout_action` it must be legal too; a seat nobody asks has none. Asking twice gives the
    same answer (no hidden randomness); the playout's state check shows that asking changes nothing."""
    action = game.time_up_action(state, seat)
    if not is_asked:
        assert action is None, f"seat {seat} is not asked, yet its time-up action is {action}"
        return
    timeout = game.timeout_action(state, seat)
    if timeout is None:
        assert action is not None, f"seat {seat} is asked with no clock of its own and no time-up action"
        leave = game.leave_action(state, seat)  # a departure the rules define (J18) is on no menu, as leaving
        departs = leave is not None and type(action) is type(leave)
        assert departs or action in game.legal_actions(state, seat), f"time-up action {action} is not offered"
    if action is not None:
        assert game.check(state, seat, action) == action
        assert game.time_up_action(state, seat) == action


WALK_AWAY_BOUND = 3000
"""Actions within which a game whose every seat always takes its `time_up_action` must end (the
longest, The City of Judgement with nine seats, takes about 500)."""


def walk_away(game: Game, seats: int, seed: int, variant: str | None = None) -> int:
    """A game where every seat, from the set-up on, does only what the time control does for it
    (`time_up_action`): the table whose players all walked away. It must end within
    `WALK_AWAY_BOUND` actions, and replay from its log. Returns the number of actions."""
    rng = random.Random(seed)
    config: dict[str, Any] = {"variant": variant} if variant else {}
    setup = SeededChance(seed)
    state = game.new_game(config, seats, setup)
    log: list[tuple[int, str, list[int]]] = []
    while game.outcome(state) is None:
        assert len(log) < WALK_AWAY_BOUND, f"{game.info.key} with {seats} seats walked away did not end"
        actors = sorted(game.to_act(state))
        assert actors, "nobody can act in a game that is not over"
        seat = rng.choice(actors)
        action = game.time_up_action(state, seat)
        assert action is not None, f"seat {seat} is asked and has no time-up action"
        chance = SeededChance(rng.randrange(1 << 30))
        game.apply(state, seat, action, chance)
        log.append((seat, str(action), list(chance.record)))
    assert game.replay(config, seats, list(setup.record), log).to_json() == state.to_json()
    return len(log)


SAMPLED = 4
"""The second seed's games, and a variant's games at all but its largest seat count, check the
checks of one position on about one position in `SAMPLED` (`playout(every=...)`): every game
still plays to its end and replays, and one game per seat count and variant checks them all."""
CASES = [
    (key, seats, seed, 1 if seed == 0 else SAMPLED)
    for key, game in sorted(games().items())
    for seats in range(game.info.min_seats, game.info.max_seats + 1)
    for seed in range(2)
]
"""Two seeded games at every seat count of every game: the first checks every position, the
second plays another whole game to the end under a sample of the checks (a third seed at the same
seat count would replay the same checks on more of the same positions; tests/rules/test_properties.py
adds games at random seeds and seat counts)."""
VARIANT_CASES = [
    (key, variant, seats, seed, 1 if seats == max(game.info.seats_for(variant)) else SAMPLED)
    for key, game in sorted(games().items())
    for variant in game.info.variants
    for seats in game.info.seats_for(variant)
    for seed in (100,)
]
"""One seeded game per seat count of every variant: the variant's own rules are what it adds to
CASES, and one whole game at each of its seat counts runs them (under every check at its largest
seat count, where most of them are in play; under a sample at the others)."""


@pytest.mark.parametrize(("key", "seats", "seed", "every"), CASES)
def test_seeded_playout_keeps_the_contract(key: str, seats: int, seed: int, every: int) -> None:
    playout(games()[key], seats, seed, every=every)


@pytest.mark.parametrize(("key", "variant", "seats", "seed", "every"), VARIANT_CASES)
def test_seeded_playout_of_every_variant_keeps_the_contract(key: str, variant: str, seats: int, seed: int,
                                                            every: int) -> None:
    playout(games()[key], seats, seed, variant, every=every)


WALK_AWAY_CASES = [
    (key, variant, seats, seed)
    for key, game in sorted(games().items())
    for variant in (None, *game.info.variants)
    for seats in game.info.seats_for(variant)
    for seed in (range(2) if variant is None else (0,))
]
"""Every seat count of every game and variant walked away: two seeds of the game itself, one of
each variant (what a variant changes is played out at every seat count; a second seed of it walks
the same time-up actions through other deals)."""


@pytest.mark.parametrize(("key", "variant", "seats", "seed"), WALK_AWAY_CASES)
def test_a_table_whose_every_player_walked_away_still_ends(key: str, variant: str | None, seats: int,
                                                            seed: int) -> None:
    assert walk_away(games()[key], seats, seed, variant) > 0


def test_every_variant_of_every_game_is_played_out() -> None:
    played = {(key, variant) for key, variant, *_ in VARIANT_CASES}
    assert played == {(key, v) for key, game in games().items() for v in game.info.variants}
    assert ("dads_army", "redraw_bombed_reference") in played


def test_every_game_is_registered_with_names_in_both_languages() -> None:
    assert "dads_army" in games()
    for game in games().values():
        assert set(game.info.names) >= {"en", "zh-TW"}

"""Seeded games where the players play cards eagerly: every legal card action applies, the 54
cards are all somewhere, and no public card event names a face-down Perp or a card in a hand."""

from __future__ import annotations

import random

import pytest

from rules.core import SeededChance
from rules.judge_dredd import GAME, cards
from rules.judge_dredd.state import DreddState

CARD_VERBS = ("play", "block", "tipoff", "answer")


def cards_everywhere(state: DreddState) -> int:
    held = sum(len(j.hand) for j in state.judges) + len(state.stock) + len(state.discards)
    return held + (state.quarantine is not None) + (state.alien is not None)


@pytest.mark.parametrize(("seats", "seed"), [(2, 1), (3, 2), (4, 3), (5, 4), (6, 5)])
def test_eager_card_players_keep_every_card_and_every_secret(seats: int, seed: int) -> None:
    state = GAME.new_game({}, seats, SeededChance(seed))
    pick = random.Random(seed)
    played = 0
    for step in range(600):
        if GAME.outcome(state) is not None:
            break
        seat = min(GAME.to_act(state))
        actions = GAME.legal_actions(state, seat)
        plays = [a for a in actions if a.verb in CARD_VERBS]
        action = pick.choice(plays) if plays and pick.random() < 0.4 else pick.choice(actions)
        hidden = {c.perp for c in state.crimes if not c.revealed}
        hands = {card for j in state.judges for card in j.hand}
        events = GAME.apply(state, seat, action, SeededChance(f"{seed}-{step}"))
        played += action.verb in CARD_VERBS
        assert cards_everywhere(state) == 54, (step, str(action))
        for event in events:
            if event.public and event.kind.startswith(cards.CARD_EVENT):
                text = str(event.params)
                assert not any(p in text for p in hidden - {c.perp for c in state.crimes if c.revealed}), event
                named = {event.params.get("card")}
                strings = {v for v in event.params.values() if isinstance(v, str)}
                assert not (hands - named) & strings, event
    assert played >= 10


def test_every_card_event_of_a_game_reads_in_both_languages() -> None:
    from gavel.tables import i18n

    state = GAME.new_game({}, 4, SeededChance(11))
    pick = random.Random(11)
    seen: dict[str, str] = {}
    for step in range(800):
        if GAME.outcome(state) is not None:
            break
        seat = min(GAME.to_act(state))
        actions = GAME.legal_actions(state, seat)
        plays = [a for a in actions if a.verb in CARD_VERBS]
        action = pick.choice(plays) if plays and pick.random() < 0.5 else pick.choice(actions)
        for event in GAME.apply(state, seat, action, SeededChance(f"11-{step}")):
            msg = GAME.describe(event)
            for lang in ("en", "zh-TW"):
                text = i18n.render(msg, lang, seat_name=lambda s: f"P{s}")
                assert "judge_dredd." not in text and "{" not in text, (event, text)
            if event.kind.startswith(cards.CARD_EVENT):
                seen[event.kind] = text
    assert {"card_played", "card_played_sector", "card_played_crime", "card_tipoff", "card_peeked"} <= set(seen)

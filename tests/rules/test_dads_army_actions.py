"""Dad's Army action texts (every form reads back to itself; junk is refused) and their messages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gavel.tables import i18n
from rules.core import Action, BadActionText, Msg
from rules.dads_army import GAME, choose
from rules.dads_army.actions import MEN, Bomb, Done, Hodge, Jack, Keep, Lay, Move, Push, Roll, Shelter
from rules.dads_army.cards import card_kind, load_supply

FORMS = {
    "roll": Roll(),
    "move pike 3,4": Move("pike", (3, 4)),
    "lay 12,1": Lay((12, 1)),
    "push 1,12": Push((1, 12)),
    "hodge vicar": Hodge("vicar"),
    "shelter godfrey 4": Shelter("godfrey", 4),
    "bomb 7,7": Bomb((7, 7)),
    "jack 10,2": Jack((10, 2)),
    "keep": Keep(),
    "done": Done(),
}


@pytest.mark.parametrize(("text", "action"), FORMS.items())
def test_action_text_round_trips(text: str, action: object) -> None:
    assert GAME.parse_action(text) == action
    assert str(action) == text


def test_action_text_is_read_case_and_space_insensitively() -> None:
    assert GAME.parse_action("  MOVE  Pike 3,4 ") == Move("pike", (3, 4))


@pytest.mark.parametrize(
    "junk",
    ["", "fly", "roll 3", "move pike", "move hodges 3,4", "move pike 13,1", "move pike 0,5", "move pike 3;4",
     "move pike a,b", "shelter pike 5", "shelter pike x", "bomb", "keep now", "hodge 3,4", "lay 1,2,3"],
)
def test_junk_text_is_refused(junk: str) -> None:
    with pytest.raises(BadActionText):
        GAME.parse_action(junk)


@pytest.mark.parametrize("action", FORMS.values())
def test_every_action_has_a_label_message(action: Action) -> None:
    msg = GAME.label(action)
    assert msg.key == f"dads_army.action.{action.verb}"
    assert all(isinstance(v, (str, int, Msg)) for v in msg.params.values())


def test_every_event_kind_and_name_has_a_message_in_both_languages() -> None:
    source = (Path(__file__).resolve().parents[2] / "rules" / "dads_army" / "engine.py").read_text(encoding="utf-8")
    event_kinds = set(re.findall(r'Event\(\s*"([a-z_]+)"', source))
    assert len(event_kinds) > 15
    keys = {f"dads_army.event.{kind}" for kind in event_kinds}
    keys |= {f"dads_army.man.{man}" for man in (*MEN, "hodges")}
    keys |= {f"dads_army.card.{card_kind(card)}" for card in load_supply().deck}
    keys |= {f"dads_army.roll_for.{p}" for p in ("move", "second_go", "push", "bombs", "jacks")}
    keys |= {f"dads_army.phase.{p}" for p in ("roll", "move", "push", "hodge", "shelter", "bomb", "jack", "over")}
    keys |= {"dads_army.rules", "game.dads_army"}
    for lang in i18n.LANGUAGES:
        assert sorted(k for k in keys if not i18n.has(k, lang)) == [], lang


def test_every_event_of_seeded_games_reads_as_a_whole_sentence_in_both_languages() -> None:
    """Every parameter an event carries is used by its message, and every field the message
    wants is there: nothing is left as `{field}` or as a raw message id."""
    import random

    from rules.core import SeededChance

    seen: set[str] = set()
    for seats, seed in ((2, 1), (3, 2), (4, 3), (4, 44)):
        rng = random.Random(seed)
        state = GAME.new_game({}, seats, SeededChance(seed))
        while GAME.outcome(state) is None:
            seat = min(GAME.to_act(state))
            for event in GAME.apply(state, seat, choose(GAME, state, seat), SeededChance(rng.randrange(1 << 30))):
                seen.add(event.kind)
                for lang in i18n.LANGUAGES:
                    text = i18n.render(GAME.describe(event), lang, seat_name=lambda s: f"P{s}")
                    assert "{" not in text and "dads_army." not in text, (lang, text)
    assert len(seen) >= 15

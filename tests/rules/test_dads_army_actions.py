"""Dad's Army action texts: every form of the brief reads back to itself; junk is refused."""

from __future__ import annotations

import pytest

from rules.core import BadActionText, Msg
from rules.dads_army import GAME
from rules.dads_army.actions import Bomb, Done, Hodge, Jack, Keep, Lay, Move, Push, Roll, Shelter

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
def test_every_action_has_a_label_message(action: object) -> None:
    msg = GAME.label(action)  # type: ignore[arg-type]
    assert msg.key == f"dads_army.action.{action.verb}"  # type: ignore[attr-defined]
    assert all(isinstance(v, (str, int, Msg)) for v in msg.params.values())

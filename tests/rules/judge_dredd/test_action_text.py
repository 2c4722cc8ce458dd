"""Each Judge Dredd action writes its own text: the words `Action.__str__` writes from its fields."""

from __future__ import annotations

import dataclasses

from rules.core import Action
from rules.judge_dredd import actions


def test_each_action_writes_the_text_its_fields_give() -> None:
    kinds = [k for k in vars(actions).values()
             if isinstance(k, type) and issubclass(k, Action) and k is not Action and dataclasses.is_dataclass(k)]
    assert len(kinds) == 12
    for kind in kinds:
        fields = dataclasses.fields(kind)
        action = kind(*(f"{f.name}_{i}" for i, f in enumerate(fields)))
        assert kind.__str__ is not Action.__str__, kind
        assert str(action) == Action.__str__(action), kind
        assert str(actions.parse_action("move rob-hos")) == "move rob-hos"

"""The outbox's form of a notice (`to_record`, `from_record`): compact (a prompt's fields at their
defaults left out, a `Public`'s prompt without the table and names its notice holds, a message
without parameters as its key alone), read back equal, and a row written in the older full form
still read."""

from __future__ import annotations

import json
from typing import Any

import pytest

from gavel.tables.notices import Private, Prompt, Public, SeatName, from_record, to_record
from gavel.tables.store import dumps
from rules.core import Msg

NAMES = ("Ada", "美玲", "Kit")


def prompt(**given: Any) -> Prompt:
    fields: dict[str, Any] = {"table_id": 7, "version": 12, "seat": 1, "user_id": 42, "actions": ["roll", "pass"],
                              "game": "judge_dredd", "names": NAMES, "users": (41, 42, None), **given}
    return Prompt(**fields)


RICH = prompt(private=True, about=Msg("judge_dredd.window.issue", {"seat": SeatName(0)}), own=Msg("x.own"),
              asked=(0, 1), passed=(0,), deadline=30.0, timed=True, facts={"colours": ["red"]},
              labels={"roll": "A"}, made=1000.5, ping=True, undo=True)

PUBLICS = [
    Public(7, [Msg("table.your_turn", {"player": SeatName(1)}), Msg("table.board")], None, prompt(), names=NAMES),
    Public(7, [Msg("judge_dredd.event.moved", {"n": 3})], None, RICH, names=NAMES, over=True, away=True,
           undo=(1, 12), version=12, highlight=True),
    Public(7, [], None, prompt(names=()), names=NAMES),  # a prompt without the names its notice has
    Public(7, [], None, prompt(names=("Other",), table_id=8), names=NAMES),
    Public(None, [Msg("table.board")], names=()),
]


@pytest.mark.parametrize("notice", PUBLICS)
def test_a_public_notice_reads_back_equal(notice: Public) -> None:
    record = json.loads(dumps(to_record(notice)))
    again = from_record(record)
    assert again == notice
    assert isinstance(again, Public) and again.prompt == notice.prompt
    if notice.prompt is not None:
        assert again.prompt is not None and again.prompt.made == notice.prompt.made  # compared by hand: not in ==
        assert again.prompt.ping == notice.prompt.ping


@pytest.mark.parametrize("notice", [prompt(), RICH, prompt(actions=[], users=())])
def test_a_prompt_reads_back_equal_with_its_moment_and_ping(notice: Prompt) -> None:
    again = from_record(json.loads(dumps(to_record(notice))))
    assert again == notice
    assert isinstance(again, Prompt) and (again.made, again.ping) == (notice.made, notice.ping)


def test_a_private_notice_reads_back_equal() -> None:
    notice = Private(7, 2, 43, [Msg("judge_dredd.secret.hand", {"cards": ["a", "b"]}), Msg("x.none")],
                     names=NAMES, shows="board")
    assert from_record(json.loads(dumps(to_record(notice)))) == notice


def test_the_record_is_compact() -> None:
    plain = to_record(prompt())
    assert set(plain) == {"kind", "table", "version", "seat", "user", "actions", "game", "names", "users"}
    public = to_record(PUBLICS[0])
    assert set(public["prompt"]) == {"version", "seat", "user", "actions", "game", "users"}  # the rest: the notice
    assert public["lines"][1] == {"$msg": "table.board"}  # no parameters: the key alone
    third = to_record(PUBLICS[2])
    assert third["prompt"]["names"] == []  # differs from the notice's: said


def test_a_row_in_the_older_full_form_is_still_read() -> None:
    full = {"lines": [{"$msg": "table.board", "params": {}}], "names": list(NAMES), "table": 7, "kind": "public",
            "prompt": {**RICH.to_json(), "about": {"$msg": "judge_dredd.window.issue",
                                                   "params": {"seat": {"$seat": 0}}}}}
    again = from_record(full)
    assert isinstance(again, Public) and again.prompt == RICH and again.lines == [Msg("table.board")]

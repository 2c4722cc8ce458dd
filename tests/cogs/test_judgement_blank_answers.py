"""Blank options of the `/judgement` commands: a blank `/judgement obey answer:` (the full-width space
U+3000 a Chinese input method types, other Unicode spaces, invisible format characters) is the plain
`obey`; a blank required option (`give`, `skill`, `take`, `go`, `attack` ...) gets a clear refusal
that says what the user may name, or why not now, and changes nothing. The console reads the same."""

from __future__ import annotations

import pytest

from gavel.tables import i18n
from rules.core import IllegalAction, NotYourTurn
from rules.judgement.commands import clean, command_text, obey_text, pick_text, read_obey, read_skill
from rules.judgement.state import COLOURS
from tests.cogs.conftest import refusals
from tests.cogs.test_judgement_cog import (  # noqa: F401  (fixtures: world4, service, seeded)
    members,
    open_game,
    pick_all,
    roll_all,
    script_start,
    seeded,
    service,
    shown,
    world4,
)

BLANKS = ["", " ", "\u3000", "\u3000\u3000", "\u00a0", "\u2003\u2009", "\u200b", "\ufeff\u3000", "\t\n"]
"""Nothing, a space, the full-width space (one and two), a no-break space, an em and a thin space,
a zero-width space, a byte-order mark with a full-width space, a tab and a newline."""


@pytest.mark.parametrize("blank", [None, *BLANKS])
def test_a_blank_obey_answer_is_the_plain_obey(blank: str | None) -> None:
    assert clean(blank) == ""
    assert obey_text(blank, ["obey", "pay amulet"]) == "obey"
    assert read_obey({"answer": blank} if blank is not None else {}, ["obey"], i18n.speech("en")) == "obey"


def test_an_answer_among_unicode_spaces_is_read_as_typed() -> None:
    legal = ["obey", "pay amulet", "pose guard"]
    assert obey_text("\u3000Pay\u3000amulet\u200b ", legal) == "pay amulet"
    assert obey_text("\u3000amulet", legal) == "pay amulet"
    assert obey_text("guard\u00a0", legal) == "pose guard"
    assert obey_text("nonsense", legal) == "obey nonsense"  # the game refuses it with its own reason


@pytest.mark.parametrize("blank", [None, *BLANKS])
def test_a_blank_required_option_is_refused_with_what_may_be_named(blank: str | None) -> None:
    legal = ["give blue", "give green", "reveal"]
    with pytest.raises(IllegalAction) as refused:
        command_text("give", [blank], legal)
    assert refused.value.code == "judgement_blank_option" and refused.value.params["actions"] == "give blue, give green"
    with pytest.raises(IllegalAction) as refused:
        command_text("take", ["red", blank], legal)  # one of two options blank
    assert refused.value.code == "judgement_not_now" and refused.value.params["allowed"] == "give, reveal"
    with pytest.raises(NotYourTurn):
        command_text("go", [blank], [])
    with pytest.raises(IllegalAction) as refused:
        read_skill({"name": blank} if blank is not None else {}, ["skill prayer"], i18n.speech("en"))
    assert refused.value.code == "judgement_blank_option"
    assert read_skill({"name": "prayer", "target": blank}, [], i18n.speech("en")) == ["skill prayer"]
    if blank is not None:
        with pytest.raises(IllegalAction) as refused:
            pick_text(blank, ["pick duelist", "pick mercenary"])
        assert refused.value.code == "judgement_pick_which"


def test_options_among_unicode_spaces_are_read_as_typed() -> None:
    assert command_text("take", ["\u3000Red", "amulet\u200b"], []) == "take red amulet"
    assert command_text("go", ["Cathedral\u3000"], []) == "go cathedral"


def test_the_blank_refusal_reads_in_both_languages() -> None:
    for lang in ("en", "zh-TW"):
        assert i18n.has("error.judgement_blank_option", lang)
        assert "give blue" in i18n.gettext("error.judgement_blank_option", lang, actions="give blue")


async def test_blank_options_on_discord_get_a_clear_reply_and_change_nothing(world4, service):  # noqa: F811
    """The drawer of an Order card sends blank options to `give`, `attack`, `go`, `take`, `skill`
    and `draw` (each refused with its reason, the game unchanged), then gives the card; the
    recipient answers `/judgement obey answer:` with a full-width space, which obeys."""
    w = world4
    table = await open_game(w, service, [w.alice, w.bob, w.carol], ai=1)
    giver = next(s for s in table.state.turn_order if not table.seats[s].is_ai)
    script_start(table, giver, [1, 1])  # the giver's move: 1 + 1 = 2, the Tavern
    await pick_all(w, table)
    await roll_all(w, table)
    by_seat = {s: members(w)[table.seats[s].user_id] for s in range(3)}
    await by_seat[giver].slash(w.channel, "judgement roll")
    recipient = next(s for s in range(3) if s != giver)
    version = table.version
    give = await by_seat[giver].slash(w.channel, "judgement give", target="\u3000")
    assert shown(give).ephemeral and f"give {COLOURS[recipient]}" in shown(give).content
    for command, options in (("judgement attack", {"target": "\u3000"}), ("judgement go", {"location": " "}),
                             ("judgement take", {"target": "red", "card": "\u00a0"}),
                             ("judgement skill", {"name": "\u200b"}), ("judgement draw", {"pack": "\u3000"})):
        await by_seat[giver].slash(w.channel, command, **options)
    assert table.version == version  # nothing was played
    assert refusals(w.env) == ["judgement_blank_option", *["judgement_not_now"] * 5]
    await by_seat[giver].slash(w.channel, "judgement give", target=COLOURS[recipient])
    assert table.state.frames[-1].kind == "obey"
    await by_seat[recipient].slash(w.channel, "judgement obey", answer="\u3000")
    assert not any(f.kind == "obey" for f in table.state.frames)  # obeyed
    assert refusals(w.env) == []  # (it raised IndexError before)

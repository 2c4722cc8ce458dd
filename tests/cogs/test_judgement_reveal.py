"""Ruling 7 on the simulated Discord: a player may reveal their character at any time, and the bot
always offers it in their private panel (My options, `/judgement options`), also when the question
open now is someone else's; `/judgement reveal` works in another player's turn; `/judgement role`
says what they may do whenever they like."""

from __future__ import annotations

from gavel.tables import i18n
from rules.judgement.state import COLOURS
from tests.cogs.conftest import buttons, refusals
from tests.cogs.test_judgement_cog import (  # noqa: F401  (fixtures: world4, service, seeded)
    OPTIONS,
    Scanner,
    choose,
    members,
    open_game,
    options_message,
    pick_all,
    roll_all,
    script_start,
    seeded,
    service,
    shown,
    world4,
)

REVEAL = i18n.gettext("judgement.verb.reveal")
QUIET = ("duelist", "blood_count", "swordswoman", "gravedigger", "mercenary", "executioner")


async def test_r7_my_options_of_a_seat_nobody_asks_offers_reveal(world4, service):  # noqa: F811
    """An Order card waits on one human; a third human, asked nothing, opens My options: Reveal
    alone is there, and clicking it turns the card up without closing the Order card's question.
    Then the giver, whose turn it is but who is not asked now, reveals by `/judgement reveal`."""
    w = world4
    table = await open_game(w, service, [w.alice, w.bob, w.carol], ai=1)
    scanner = Scanner(w.channel, table)
    giver = next(s for s in table.state.turn_order if not table.seats[s].is_ai)
    script_start(table, giver, [1, 1])  # the giver's move: 1 + 1 = 2, the Tavern
    await pick_all(w, table)
    await roll_all(w, table)
    by_seat = {s: members(w)[table.seats[s].user_id] for s in range(3)}
    await by_seat[giver].slash(w.channel, "judgement roll")
    recipient, third = [s for s in range(3) if s != giver]
    await by_seat[giver].slash(w.channel, "judgement give", target=COLOURS[recipient])
    assert table.state.frames[-1].kind == "obey" and table.humans_to_act() == [recipient]
    # characters whose reveal fires nothing (so nobody new is asked), held by nobody else
    free = [c for c in QUIET if c not in {p.character for p in table.state.players}]
    table.state.players[third].character, table.state.players[giver].character = free[:2]
    scanner.scan()

    menu = await by_seat[third].click(options_message(w.channel), label=OPTIONS)
    assert shown(menu).ephemeral
    assert [b["label"] for b in buttons(shown(menu))] == [REVEAL]
    await choose(by_seat[third], menu, lambda items: next(i for i in items if i.label == REVEAL))
    assert table.state.players[third].revealed
    assert table.state.frames[-1].kind == "obey" and table.humans_to_act() == [recipient]
    revealed = i18n.gettext(f"judgement.char.{free[0]}")
    assert any(revealed in m.content for m in w.channel.history()[-2:])
    scanner.scan()

    options = await by_seat[giver].slash(w.channel, "judgement options")
    assert shown(options).ephemeral and [b["label"] for b in buttons(shown(options))] == [REVEAL]
    role = shown(await by_seat[giver].slash(w.channel, "judgement role"))
    assert i18n.gettext("table.me_anytime", actions=REVEAL) in role.content
    await by_seat[giver].slash(w.channel, "judgement reveal")
    assert table.state.players[giver].revealed
    assert table.state.frames[-1].kind == "obey" and table.humans_to_act() == [recipient]
    scanner.scan()

    again = await by_seat[third].slash(w.channel, "judgement reveal")  # face up now: a clear refusal
    assert shown(again).ephemeral
    assert shown(again).content == i18n.gettext("error.judgement_already_revealed")
    await by_seat[third].slash(w.channel, "judgement options")
    assert refusals(w.env) == ["judgement_already_revealed", "not_your_turn"]

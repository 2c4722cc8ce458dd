"""A whole four-player game of Dad's Army on the real bot (simcord) where one player walks away,
the AI plays for them, the bot restarts in the middle, and the player comes back.

alice, bob and carol choose with the game's own AI policy and play it through the bot: slash
commands (`/dadsarmy roll`, `/dadsarmy move`), else the turn prompt's buttons and menus (a
bomb, a Union Jack); dave says nothing. The live clock (simcord's virtual time,
`env.advance_time`) runs out on him twice: the channel hears it, and the second time the AI takes
his seat with a "Take my seat back" button. A new service and bot on the same database file
keep the away seat and the time left; dave takes his seat back with `/table sit` and plays the
end of the game himself. The result is his, and rated."""

from __future__ import annotations

import discord
import pytest

import gavel.tables.lobby
from gavel.tables import check, i18n
from gavel.tables.ai import choose
from gavel.tables.service import TableService
from rules import registry
from tests.cogs.conftest import as_player, buttons, make_bot, refusals
from tests.cogs.test_time_controls import on_env_time

LIVE = 300
MAX_STEPS = 600


@pytest.fixture(autouse=True)
def seeded(monkeypatch):
    """The table's seed is fixed, so the dice (and this game) repeat exactly."""
    monkeypatch.setattr(gavel.tables.lobby.secrets, "token_hex", lambda n: "wa1k")


def dads_service(db_path: str) -> TableService:
    """The real game and its real AI; no board images (not what is checked, and a whole game
    stays quick)."""
    return TableService(db_path, renderers={"dads_army": None})


@pytest.fixture
def service(db_path) -> TableService:
    return dads_service(db_path)


def said(w) -> str:
    return "\n".join(m.content for m in w.channel.history())


async def play(w, service: TableService, member) -> None:
    """`member` plays the action the game's AI would choose, by slash command where there is one,
    else by its button."""
    table = service.table(w.channel.id)
    seat = table.seat_of(member.id)
    text = choose(table.game, table.state, seat, registry.plugin("dads_army").ai)
    before = table.version
    if text == "roll":
        await member.slash(w.channel, "dadsarmy roll")
    elif text.startswith("move "):
        _, man, to = text.split()
        await member.slash(w.channel, "dadsarmy move", man=man, to=to)
    else:  # a bomb's or a Union Jack's answer (keep, push 3,6, hodge jones ...): its buttons
        await click_through(w, member, text, table)
    assert service.table(w.channel.id) is None or table.version > before, text


async def click_through(w, member, text: str, table) -> None:
    """Play `text` on the turn prompt, step by step through its menus (a man, then a square): a
    button whose action so far begins `text`, or the option of a select menu that does (turning
    a long menu's pages to find it)."""
    message, before = w.channel.last_message, table.version
    turned: set[str] = set()
    for _ in range(12):
        offered = {b["custom_id"].split(":", 4)[4]: b["custom_id"] for b in buttons(message)
                   if (b["custom_id"] or "").startswith("gv:a:")}
        shown = message if isinstance(message, discord.Message) else message.message
        for row in shown.components:
            for menu in getattr(row, "children", [row]):
                if (menu.custom_id or "").startswith("gv:s:"):
                    prefix = menu.custom_id.split(":", 5)[5]
                    offered.update({f"{prefix} {o.value}".strip(): (menu.custom_id, o.value) for o in menu.options})
        fits = [arg for arg in offered if text == arg or text.startswith(arg + " ")]
        pages = [b["custom_id"] for b in buttons(shown) if (b["custom_id"] or "").startswith("gv:p:")
                 and b["custom_id"] not in turned]
        if not fits and pages:  # a long menu: turn its page
            turned.add(pages[0])
            step = await member.click(message, custom_id=pages[0])
            message = step.followups[-1] if step.followups else step.response
            continue
        assert fits, (text, offered)
        choice = offered[max(fits, key=len)]
        if isinstance(choice, tuple):
            step = await member.select(message, [choice[1]], custom_id=choice[0])
        else:
            step = await member.click(message, custom_id=choice)
        if table.version > before:
            return
        message = step.followups[-1] if step.followups else step.response
    pytest.fail(f"no button played {text}")


async def steps(w, service: TableService, present, until, silent=None) -> None:
    """Play on (present players act, the silent one's clock runs out) until `until()`."""
    for _ in range(MAX_STEPS):
        table = service.table(w.channel.id)
        if until() or table is None:
            return
        movers = [m for m in present if service.legal_for(w.channel.id, as_player(m))]
        if movers:
            await play(w, service, movers[0])
        else:
            assert silent is not None and table.humans_to_act() == [table.seat_of(silent.id)]
            await w.env.advance_time(LIVE + 1)
    pytest.fail("the game did not get there")


async def test_a_player_walks_away_the_ai_plays_for_him_through_a_restart_and_he_sits_back(world, service, db_path):
    w = world
    dave = w.guild.add_member(w.env.create_user("dave"))
    on_env_time(service, w.env)
    await w.alice.slash(w.channel, "dadsarmy new", time="live")
    lobby = w.channel.last_message
    for member in (w.bob, w.carol, dave):
        await member.click(lobby, label=i18n.gettext("cogs.button.join"))
    await w.alice.click(lobby, label=i18n.gettext("cogs.button.start"))
    table = service.table(w.channel.id)
    assert table.game_key == "dads_army" and table.time == LIVE and len(table.seats) == 4
    seat = table.seat_of(dave.id)
    present = (w.alice, w.bob, w.carol)

    # dave never answers: twice in a row his time runs out, and the AI takes his seat
    await steps(w, service, present, lambda: table.seats[seat].away, silent=dave)
    assert i18n.gettext("table.time_up", players="dave") in said(w)
    takeover = next(m for m in reversed(w.channel.history())
                    if i18n.gettext("table.away_twice", player="dave") in m.content)
    sit = next(b for b in buttons(takeover) if b["label"] == i18n.gettext("cogs.button.sit"))
    assert sit["custom_id"] == f"gv:sit:{table.id}" and sit["label"] == "Take my seat back"
    assert table.seats[seat].is_ai and table.seats[seat].user_id == dave.id
    away_at = len(service.store.actions(table.id))
    timed = [a for a in service.store.actions(table.id) if a["seat"] == seat]
    assert len(timed) >= 2 and all(a["user_id"] is None for a in timed)

    # the others play on; the AI plays dave's turns
    def ai_played() -> bool:
        return any(a["seat"] == seat for a in service.store.actions(table.id)[away_at:])

    await steps(w, service, present, ai_played)
    assert table.status == "active", "the game ended before the restart: choose another seed"

    # a restart while someone is on the clock: the seat stays the AI's, the time left stays
    await w.env.advance_time(100)
    fresh = on_env_time(dads_service(db_path), w.env)
    await w.env.restart_bot(make_bot(fresh, eager=True))  # every table loaded, its timers armed
    table = fresh.table(w.channel.id)
    assert table.seats[seat].away and table.seats[seat].is_ai and table.seats[seat].user_id == dave.id
    assert fresh.store.seats(table.id)[seat]["away"] == 1
    assert fresh.deadline(w.channel.id).seconds == pytest.approx(LIVE - 100, abs=2)
    refused = await dave.slash(w.channel, "dadsarmy roll")  # not his to play while the AI has it
    assert (refused.followups[-1] if refused.followups else refused.response).content == i18n.gettext(
        "error.away_seat")
    assert refusals(w.env) == ["away_seat"]

    # dave is back: /table sit, and he plays the rest of the game himself
    await dave.slash(w.channel, "table sit")
    assert i18n.gettext("table.sat_back", player="dave") in said(w)
    assert not table.seats[seat].away and not table.seats[seat].is_ai
    back_at = len(fresh.store.actions(table.id))
    await steps(w, fresh, (*present, dave), lambda: table.status != "active")
    log = fresh.store.actions(table.id)
    assert table.status == "finished" and fresh.store.table_row(table.id)["status"] == "finished"
    mine = [a for a in log[back_at:] if a["seat"] == seat]
    assert mine and all(a["user_id"] == dave.id for a in mine)  # he played the end himself
    assert fresh.replay(table.id).to_json() == table.state.to_json()
    assert check.check(db_path).ok  # `bot.py --check-db`
    result = fresh.store.results(table.id)[seat]
    assert result["user_id"] == dave.id and result["ai"] is None and result["rating_after"] is not None
    assert [r["games"] for r in fresh.store.ratings(w.guild.id, "dads_army", dave.id)] == [1]
    assert refusals(w.env) == []

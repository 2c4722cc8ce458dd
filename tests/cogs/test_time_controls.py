"""Time controls and walk-aways on the real bot (simcord): `/<game> new time:`, the deadline in
the turn prompt and `/table status`, a live clock running out (the time-up action, then the AI
taking the seat of a player away twice in a row, "Take my seat back" and `/table sit`), the vote
(`/table away`), a restart in the middle, and the daily control.

The service's clocks follow simcord's virtual time (`on_env_time`), so that a restart's new
service sees the time that passed, and `env.advance_time` moves everything together."""

from __future__ import annotations

import pytest

from cogs.bot import GavelBot
from cogs.delivery import Resender
from gavel.tables import i18n
from gavel.tables.decisions import Decisions, deadline_lines
from gavel.tables.service import Player, TableService
from rules.core import Msg
from tests.cogs import toy
from tests.cogs.conftest import buttons, make_bot, make_service, refusals

LIVE, DAILY = 300, 86400


def on_env_time(service: TableService, env) -> TableService:
    """The service's clock and wall clock are simcord's virtual time (before any table opens)."""
    def now() -> float:
        return env.now().timestamp()

    service.wall = now
    service.decisions = Decisions(now)
    return service


async def started(w, service, time: str | None = "live", *others):
    on_env_time(service, w.env)
    options = {"time": time} if time else {}
    await w.alice.slash(w.channel, "race new", **options)
    lobby = w.channel.last_message
    for member in others or (w.bob,):
        await member.click(lobby, label=i18n.gettext("cogs.button.join"))
    await w.alice.click(lobby, label=i18n.gettext("cogs.button.start"))
    return lobby, service.table(w.channel.id)


def toy_player(member) -> Player:
    return Player(member.id, member.name)


def said(w) -> str:
    return "\n".join(m.content for m in w.channel.history())


def actions(service, table) -> list[tuple[int, str]]:
    return [(a["seat"], a["action"]) for a in service.store.actions(table.id)]


# --------------------------------------------------------------------------- the option
@pytest.mark.parametrize("group", ["dadsarmy", "dredd", "judtho", "judgement"])
async def test_every_game_s_new_offers_the_time_control_in_both_languages(world, group):
    synced = [r for r in world.env.http_requests if r.method == "PUT" and r.path.endswith("/commands")][-1].json
    new = next(o for o in next(c for c in synced if c["name"] == group)["options"] if o["name"] == "new")
    time = next(o for o in new["options"] if o["name"] == "time")
    assert [c["value"] for c in time["choices"]] == ["none", "live", "daily"]
    assert time["name_localizations"]["zh-TW"] == i18n.gettext("cogs.option.time.name", "zh-TW")
    assert time["description_localizations"]["zh-TW"] == i18n.gettext("cogs.option.time.description", "zh-TW")
    assert not time.get("required")
    for choice in time["choices"]:
        key = f"cogs.time.{choice['value']}"
        assert choice["name"] == i18n.gettext(key, "en")
        assert choice["name_localizations"]["zh-TW"] == i18n.gettext(key, "zh-TW") != choice["name"]
    assert "timeout" not in [o["name"] for o in new["options"]] or group in ("dredd", "judgement")


async def test_the_lobby_announces_the_time_control_and_none_is_the_default(world, service):
    w = world
    await w.alice.slash(w.channel, "race new", time="daily")
    table = service.table(w.channel.id)
    assert table.time == DAILY
    control = i18n.gettext("table.time_control", control=i18n.gettext("table.time.daily"))
    assert control in w.channel.last_message.content
    await w.alice.slash(w.channel, "table cancel")
    await w.alice.slash(w.channel, "race new")
    assert service.table(w.channel.id).time == 0
    assert i18n.gettext("table.time.live") not in w.channel.last_message.content
    assert refusals(w.env) == []


# --------------------------------------------------------------------------- running out, walking away
async def test_a_live_clock_runs_out_twice_the_ai_takes_the_seat_and_sit_gives_it_back(world, service):
    w = world
    _lobby, table = await started(w, service)
    prompt = w.channel.last_message
    before, after = i18n.gettext("cogs.prompt.time", when="{when}").split("{when}")
    assert w.alice.mention in prompt.content and before in prompt.content and after in prompt.content
    ends = int(w.env.now().timestamp()) + LIVE
    assert f"<t:{ends}:R>" in prompt.content
    status = await w.bob.slash(w.channel, "table status")
    shown = (status.followups[-1] if status.followups else status.response).content
    assert i18n.gettext("table.runs_out_at", at=ends) in shown and "table.runs_out" not in shown

    await w.env.advance_time(LIVE - 1)
    assert table.version == 0
    await w.env.advance_time(2)  # alice's roll ran out: the bot rolls for her
    assert actions(service, table) == [(0, "roll")]
    assert i18n.gettext("table.time_up", players="alice") in said(w)
    assert table.seats[0].timeouts == 1 and not table.seats[0].away
    assert service.store.seats(table.id)[0]["timeouts"] == 1
    await w.env.advance_time(LIVE + 1)  # her move too, with no action of hers between: she is away
    assert [a for _, a in actions(service, table)][1].startswith("move")
    takeover = next(m for m in reversed(w.channel.history())
                    if i18n.gettext("table.away_twice", player="alice") in m.content)
    assert table.seats[0].away and table.seats[0].is_ai and table.seats[0].user_id == w.alice.id
    assert table.to_act() == [1]  # bob's turn now
    sit = next(b for b in buttons(takeover) if b["label"] == i18n.gettext("cogs.button.sit"))
    assert sit["custom_id"] == f"gv:sit:{table.id}"

    # the AI plays alice's turns while she is away
    await w.bob.slash(w.channel, "race roll")
    move = service.legal_for(w.channel.id, toy_player(w.bob))[0]
    await w.bob.slash(w.channel, "race move", man=move.split()[1], to=move.split()[2])
    assert [s for s, _ in actions(service, table)][-2:] == [0, 0] and table.to_act() == [1]
    refused = await w.alice.slash(w.channel, "race roll")  # not hers to play while away
    assert (refused.followups[-1] if refused.followups else refused.response).content == i18n.gettext(
        "error.away_seat")
    stranger = await w.bob.click(takeover, label=i18n.gettext("cogs.button.sit"))
    assert (stranger.followups[-1] if stranger.followups else stranger.response).content == i18n.gettext(
        "error.not_away")
    assert "away_seat" in refusals(w.env)

    await w.alice.click(takeover, label=i18n.gettext("cogs.button.sit"))  # she is back
    seat = service.table(w.channel.id).seats[0]
    assert not seat.away and not seat.is_ai and seat.timeouts == 0
    assert i18n.gettext("table.sat_back", player="alice") in said(w)
    again = await w.alice.slash(w.channel, "table sit")
    assert (again.followups[-1] if again.followups else again.response).content == i18n.gettext("error.not_away")
    assert refusals(w.env) == ["not_away"]


async def test_acting_in_between_resets_the_count(world, service):
    w = world
    _lobby, table = await started(w, service)
    await w.env.advance_time(LIVE + 1)  # alice's roll runs out
    assert table.seats[0].timeouts == 1
    move = service.legal_for(w.channel.id, toy_player(w.alice))[0]
    await w.alice.slash(w.channel, "race move", man=move.split()[1], to=move.split()[2])  # she acts herself
    assert table.seats[0].timeouts == 0 and service.store.seats(table.id)[0]["timeouts"] == 0
    assert refusals(w.env) == []


# --------------------------------------------------------------------------- the vote
async def test_a_majority_of_the_other_players_hands_a_silent_seat_to_the_ai(world, service):
    w = world
    dave = w.guild.add_member(w.env.create_user("dave"))
    _lobby, table = await started(w, service, None, w.bob, w.carol)
    assert table.to_act() == [0]  # alice is silent
    refused = await w.bob.slash(w.channel, "table away", player=w.alice)  # too soon: she just got her turn
    shown = (refused.followups[-1] if refused.followups else refused.response)
    assert shown.ephemeral and shown.content == i18n.gettext("error.away_too_soon", player="alice",
                                                             wait=i18n.ngettext("table.duration.minutes", 5, amount=5))
    assert "about 5 minutes" in shown.content
    assert refusals(w.env) == ["away_too_soon"] and service.store.seats(table.id)[0]["away_votes"] is None
    await w.env.advance_time(301)
    await w.bob.slash(w.channel, "table away", player=w.alice)
    assert i18n.gettext("table.away_vote", voter="bob", player="alice", n=1, needed=2) in said(w)
    assert not table.seats[0].away and service.store.seats(table.id)[0]["away_votes"] == f"[{w.bob.id}]"
    for member, target, code in ((w.bob, w.alice, "away_voted"), (w.bob, w.bob, "away_self"),
                                 (dave, w.alice, "not_seated"), (w.bob, dave, "away_not_seated")):
        refused = await member.slash(w.channel, "table away", player=target)
        shown = (refused.followups[-1] if refused.followups else refused.response)
        assert shown.ephemeral and refusals(w.env) == [code]
    await w.carol.slash(w.channel, "table away", player=w.alice)
    assert i18n.gettext("table.away_voted", player="alice", n=2, needed=2) in said(w)
    assert table.seats[0].away and actions(service, table) == []  # she has a minute to come back
    await w.env.advance_time(61)  # the bot's clock lets the AI play on then
    assert actions(service, table)[0][0] == 0  # the AI played alice's turn
    refused = await w.bob.slash(w.channel, "table away", player=w.alice)
    assert refusals(w.env) == ["away_ai"]


async def test_no_majority_while_the_seat_acts_in_between(world, service):
    w = world
    _lobby, table = await started(w, service, None, w.bob, w.carol)
    await w.env.advance_time(301)
    await w.bob.slash(w.channel, "table away", player=w.alice)
    await w.alice.slash(w.channel, "race roll")  # she is here after all: the votes are cleared
    assert table.seats[0].votes == () and service.store.seats(table.id)[0]["away_votes"] is None
    await w.env.advance_time(301)
    await w.carol.slash(w.channel, "table away", player=w.alice)
    assert i18n.gettext("table.away_vote", voter="carol", player="alice", n=1, needed=2) in said(w)
    assert not table.seats[0].away and not table.seats[0].is_ai
    assert refusals(w.env) == []


async def test_at_a_table_of_two_players_a_vote_is_refused_with_the_reason(world, service):
    w = world
    _lobby, table = await started(w, service)  # alice and bob, live
    await w.env.advance_time(LIVE - 5)
    refused = await w.bob.slash(w.channel, "table away", player=w.alice)
    shown = (refused.followups[-1] if refused.followups else refused.response)
    assert shown.ephemeral and shown.content == i18n.gettext("error.away_two_humans", player="alice")
    assert refusals(w.env) == ["away_two_humans"]
    assert not table.seats[0].away and actions(service, table) == []
    refused = await w.alice.slash(w.channel, "table away", player=w.bob)  # bob is not asked: nobody waits for him
    assert refusals(w.env) == ["away_two_humans"]


# --------------------------------------------------------------------------- restarts, daily
async def test_a_restart_keeps_the_time_left_and_the_count(world, service, db_path):
    w = world
    _lobby, table = await started(w, service)
    await w.env.advance_time(LIVE + 1)  # alice ran out once
    assert table.seats[0].timeouts == 1
    await w.env.advance_time(200)  # 200 of her 300 seconds to move are gone
    fresh = on_env_time(make_service(db_path), w.env)  # a new process on the same database
    await w.env.restart_bot(make_bot(fresh, eager=True))  # every table loaded, its timers armed
    table = fresh.table(w.channel.id)
    assert table.seats[0].timeouts == 1  # the count came back from the database
    assert fresh.deadline(w.channel.id).seconds == pytest.approx(LIVE - 200, abs=2)  # no fresh clock
    await w.env.advance_time(LIVE - 200 - 5)
    assert table.seats[0].is_ai is False and len(actions(fresh, table)) == 1
    await w.env.advance_time(10)
    assert table.seats[0].away and i18n.gettext("table.away_twice", player="alice") in said(w)
    assert refusals(w.env) == []


async def test_after_a_lazy_restart_the_database_runs_the_clock_out_at_a_table_nobody_touched(
        world, service, db_path):
    w = world
    _lobby, table = await started(w, service)
    await w.env.advance_time(LIVE + 1)  # alice ran out once
    await w.env.advance_time(200)
    fresh = on_env_time(make_service(db_path), w.env)  # a new process, started lazily (the default)
    bot = make_bot(fresh)
    bot.watches = True  # the database's clock, polled on the tests' virtual time
    await w.env.restart_bot(bot)
    assert fresh.table(w.channel.id) is None and not bot.clock.armed(w.channel.id)  # nothing loaded
    await w.env.advance_time(LIVE - 200 - 30)
    assert fresh.table(w.channel.id) is None  # not due yet: still only in the database
    await w.env.advance_time(40)
    table = fresh.table(w.channel.id)  # loaded by its clock running out
    assert table is not None and table.seats[0].away
    assert i18n.gettext("table.away_twice", player="alice") in said(w)
    assert refusals(w.env) == []


async def test_the_daily_control_runs_out_after_24_hours(world, service, monkeypatch):
    w = world
    # The outbox is looked at again every 30 s: 5,760 wake-ups over these two days for an outbox
    # that stays empty (every notice here goes out at once). Once a day is enough.
    monkeypatch.setattr(Resender, "IDLE", float(DAILY))
    monkeypatch.setattr(GavelBot, "HEARTBEAT", float(DAILY))  # likewise the heartbeat (no outage: 3 missed)
    _lobby, table = await started(w, service, "daily")
    assert f"<t:{int(w.env.now().timestamp()) + DAILY}:R>" in w.channel.last_message.content
    await w.env.advance_time(23 * 3600)
    assert table.version == 0
    await w.env.advance_time(3600 + 1)
    assert actions(service, table) == [(0, "roll")] and table.seats[0].timeouts == 1
    await w.env.advance_time(DAILY + 1)
    assert table.seats[0].away
    assert refusals(w.env) == []


async def test_no_time_control_no_deadline(world, service):
    w = world
    _lobby, table = await started(w, service, None)
    assert ":R>" not in w.channel.last_message.content and not w.env.bot.clock.armed(w.channel.id)
    await w.env.advance_time(2 * LIVE)
    assert table.version == 0 and toy.KEY == table.game_key


async def test_a_daily_table_says_its_lengths_in_hours_not_minutes(world, service):
    """On a daily table a vote asked for at once waits half the day: "about 12 hours" (zh-TW
    "約 12 小時"), never "about 720 min"; a day's decision runs out "in about 24 hours"."""
    w = world
    _lobby, table = await started(w, service, "daily", w.bob, w.carol)
    refused = await w.bob.slash(w.channel, "table away", player=w.alice)
    shown = (refused.followups[-1] if refused.followups else refused.response).content
    assert "about 12 hours" in shown and "min" not in shown
    assert "12 小時" in i18n.render(Msg("error.away_too_soon", {"player": "alice", "wait": i18n.duration(12 * 3600)}),
                                  "zh-TW")
    status = await service.status(w.channel.id)  # Discord counts down to the moment itself...
    assert "<t:" in status.text("en")[-1]
    [runs_out] = deadline_lines(table, DAILY, 0.0)  # ...local play says the time left: never "about 1440 min"
    assert i18n.render(runs_out, "en") == "This decision runs out in about 24 hours."
    assert "24 小時" in i18n.render(runs_out, "zh-TW") and "1440" not in i18n.render(runs_out, "zh-TW")
    assert refusals(w.env) == ["away_too_soon"]

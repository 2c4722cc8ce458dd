"""`/table vacation` and `/table settings sleep: tz:` on the simulated Discord, in both
languages: answered privately, bad input refused with nothing changed, and a vacation that
stops a daily clock on simcord's virtual time; every game's `new` offers `pauses:`."""

from __future__ import annotations

import pytest

from cogs.bot import GavelBot
from cogs.delivery import Resender
from gavel.tables import i18n
from tests.cogs.conftest import refusals
from tests.cogs.test_time_controls import DAILY, actions, started


def answer(result):
    """What a deferred command finally said (its first follow-up replaces the "thinking" message)."""
    return result.followups[-1] if result.followups else result.response


@pytest.mark.parametrize("group", ["dadsarmy", "dredd", "judtho", "judgement"])
async def test_every_game_s_new_offers_pauses_in_both_languages(world, group):
    synced = [r for r in world.env.http_requests if r.method == "PUT" and r.path.endswith("/commands")][-1].json
    new = next(o for o in next(c for c in synced if c["name"] == group)["options"] if o["name"] == "new")
    option = next(o for o in new["options"] if o["name"] == "pauses")
    assert [c["value"] for c in option["choices"]] == ["none", "some", "any"] and not option.get("required")
    assert option["name_localizations"]["zh-TW"] == i18n.gettext("cogs.option.pauses.name", "zh-TW")
    for choice in option["choices"]:
        key = f"cogs.option.pauses.{choice['value']}"
        assert choice["name"] == i18n.gettext(key, "en")
        assert choice["name_localizations"]["zh-TW"] == i18n.gettext(key, "zh-TW") != choice["name"]


async def test_table_vacation_shows_takes_and_refuses_privately(world, service):
    w = world
    shown = answer(await w.bob.slash(w.channel, "table vacation"))
    assert shown.ephemeral and i18n.render(i18n.Msg("table.vacation.left", {"days": 14, "allowance": 14}, count=14),
                                           "en") in shown.content
    taken = answer(await w.bob.slash(w.channel, "table vacation", days=3))
    assert taken.ephemeral and "Vacation: 3 days from now" in taken.content and "11 of 14" in taken.content
    refused = await w.bob.slash(w.channel, "table vacation", days=20)
    assert refusals(w.env) == ["vacation_too_long"]
    assert "at most 13 days" in answer(refused).content  # 11 left, and the 2 whole days not begun of this one
    assert "11 of 14" in answer(await w.bob.slash(w.channel, "table vacation")).content  # unchanged
    assert refusals(w.env) == []
    assert not [m for m in w.channel.history() if "acation" in m.content]  # nothing in public


async def test_table_settings_sleep_and_time_zone(world, service):
    w = world
    said = answer(await w.bob.slash(w.channel, "table settings", sleep="23-07", tz="Asia/Taipei"))
    assert said.ephemeral and "23:00-07:00" in said.content and "Asia/Taipei" in said.content
    refused = answer(await w.bob.slash(w.channel, "table settings", sleep="23-07", tz="Moon/Base"))
    assert refusals(w.env) == ["bad_tz"] and "Moon/Base" in refused.content
    found = await service.settings(w.bob.id)
    assert (found["sleep"], found["tz"]) == ("23:00-07:00", "Asia/Taipei")  # nothing changed
    answer(await w.bob.slash(w.channel, "table settings", sleep="all night"))
    assert refusals(w.env) == ["bad_sleep"]
    zh = i18n.render(i18n.Msg("error.bad_sleep", {"sleep": "all night", "max": 12}), "zh-TW")
    assert "all night" in zh and "12" in zh


async def test_a_vacation_stops_a_daily_clock_on_discord(world, service, monkeypatch):
    w = world
    monkeypatch.setattr(Resender, "IDLE", float(DAILY))  # an empty outbox looked at once a day
    monkeypatch.setattr(GavelBot, "HEARTBEAT", float(DAILY))  # likewise the heartbeat
    _lobby, table = await started(w, service, "daily")
    await w.alice.slash(w.channel, "table vacation", days=1)  # alice is asked first: her clock stops a day
    await w.env.advance_time(DAILY + 60)
    assert actions(service, table) == []  # not run out: her vacation stopped it
    await w.env.advance_time(DAILY)
    assert actions(service, table) == [(0, "roll")] and table.seats[0].timeouts == 1
    assert refusals(w.env) == []

"""Restarts, Discord's 3-second deadline and errors nobody expected."""

from __future__ import annotations

import asyncio
import logging

import pytest

from gavel.tables import i18n
from tests.cogs.conftest import as_player, buttons, make_bot, make_service
from tests.cogs.test_flow import started


async def test_buttons_keep_working_after_a_restart(world, service, db_path):
    w = world
    _table, prompt = await started(w, service)
    fresh = make_service(db_path)  # a new process: everything comes back from the database
    await w.env.restart_bot(make_bot(fresh))
    assert fresh.table(w.channel.id) is None  # a lazy start-up: the table is loaded by the click

    await w.alice.click(prompt, label="Roll")
    assert fresh.table(w.channel.id).version == 1
    men = w.channel.last_message
    assert [b["label"] for b in buttons(men)][:2] == ["Ann", "Bob"]
    result = await w.bob.click(men, label="Ann")  # a refusal still works too
    assert result.response.content == i18n.gettext("error.not_your_prompt")


async def test_a_table_the_sweep_dropped_while_idle_answers_its_buttons_again(world, db_path):
    w = world
    now = [1000.0]
    fresh = make_service(db_path, clock=lambda: now[0])
    bot = make_bot(fresh, idle=600)
    await w.env.restart_bot(bot)
    table, prompt = await started(w, fresh)
    assert bot.sweep() == 0  # just used
    now[0] += 600
    assert bot.sweep() == 1 and fresh.table(w.channel.id) is None and not bot.clock.armed(w.channel.id)
    await w.alice.click(prompt, label="Roll")  # loaded again by the click, and played
    again = fresh.table(w.channel.id)
    assert again is not None and again is not table and again.version == 1
    assert [b["label"] for b in buttons(w.channel.last_message)][:2] == ["Ann", "Bob"]


async def slow(monkeypatch, service, name: str, seconds: float = 5.0) -> None:
    """Make one service call take longer than Discord's 3 seconds (virtual time)."""
    original = getattr(service, name)

    async def slowed(*args, **kwargs):
        await asyncio.sleep(seconds)
        return await original(*args, **kwargs)

    monkeypatch.setattr(service, name, slowed)


async def test_a_slow_board_render_is_deferred_within_three_seconds(world, service, monkeypatch):
    w = world
    await started(w, service)
    await slow(monkeypatch, service, "board")
    result = await w.alice.slash(w.channel, "table board")
    assert result.deferred and not result.ephemeral  # acknowledged at once, publicly
    await w.env.advance_time(6)
    board = result.response
    assert [a.filename for a in board.attachments] == ["board.png"]
    assert w.alice.mention in board.content
    assert [b["label"] for b in buttons(board)] == ["Roll", "My info"]


async def test_a_slow_move_by_button_is_deferred_within_three_seconds(world, service, monkeypatch):
    w = world
    table, prompt = await started(w, service)
    await slow(monkeypatch, service, "act")
    result = await w.alice.click(prompt, label="Roll")
    assert result.acknowledged
    await w.env.advance_time(6)
    assert table.version == 1
    assert [a.filename for a in w.channel.last_message.attachments] == ["board.webp"]


async def test_an_unexpected_error_is_logged_and_the_user_told_nothing_changed(world, service, monkeypatch, caplog):
    w = world
    table, prompt = await started(w, service)

    async def broken(*args, **kwargs):
        raise RuntimeError("database on fire")

    monkeypatch.setattr(service, "act", broken)
    with caplog.at_level(logging.ERROR, logger="gavel.cogs"):
        by_slash = await w.alice.slash(w.channel, "race roll")
        by_button = await w.alice.click(prompt, label="Roll")
    sorry = i18n.gettext("cogs.error.unexpected")
    assert by_slash.ephemeral and by_slash.response.content == sorry
    assert [f.content for f in by_button.followups if f.ephemeral] == [sorry]
    logged = [r for r in caplog.records if r.exc_info and "database on fire" in str(r.exc_info[1])]
    assert len(logged) == 2
    assert table.version == 0
    with pytest.raises(ExceptionGroup):
        w.env.raise_errors()  # simcord saw the slash command's error too: acknowledge it


MISSING_ACCESS = {"status": 403, "code": 50013, "message": "Missing Permissions"}


async def test_a_move_played_but_not_posted_is_not_called_unchanged(world, service, caplog):
    """Discord refuses the channel post after the move was applied (the bot lost a permission):
    the player must not hear "nothing was changed" (trying again would play a second move)."""
    w = world
    table, prompt = await started(w, service)
    w.env.inject_error("*", f"/channels/{w.channel.id}/messages*", **MISSING_ACCESS, times=None)
    with caplog.at_level(logging.ERROR, logger="gavel.cogs"):
        by_button = await w.alice.click(prompt, label="Roll")
    assert table.version == 1  # the move stands
    told = [f.content for f in by_button.followups if f.ephemeral]
    assert told == [i18n.gettext("cogs.error.undelivered")]
    assert i18n.gettext("cogs.error.unexpected") not in told
    assert any(r.exc_info for r in caplog.records)  # still logged with its traceback

    man, to = service.legal_for(w.channel.id, as_player(w.alice))[0].split()[1:]
    by_slash = await w.alice.slash(w.channel, "race move", man=man, to=to)
    assert table.version == 2
    texts = [by_slash.response.content if by_slash.response else "", *(f.content for f in by_slash.followups)]
    assert i18n.gettext("cogs.error.undelivered") in texts
    assert i18n.gettext("cogs.error.unexpected") not in texts
    with pytest.raises(ExceptionGroup):
        w.env.raise_errors()  # simcord saw the slash command's error too: acknowledge it

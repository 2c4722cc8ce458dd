"""A button or select whose custom id no handler claims (a message from an older Gavel, another
bot's id, a garbled one) is answered, privately and in the clicker's language, not left to fail.

The messages are posted by the bot with plain components and the view is stopped at once, as a
message from before a restart: nothing in this process listens to their custom ids.
"""

from __future__ import annotations

import discord
import pytest

from cogs import components
from gavel.tables import i18n
from tests.cogs.conftest import buttons, refusals
from tests.cogs.test_flow import open_table

FOREIGN = ["poll:vote:3", "gv:me:99999999999999999999", "gv:hand:٣",  # numbers no database column holds
           "gv:x:1:2", "gv:a:notanumber:0:", "gv:l:1:dance", "gv:me:", "gv:hand:1:extra", "x" * 100]


async def post_old_message(bot: discord.Client, channel_id: int, custom_id: str, *, select: bool = False):
    """A bot message with one component that this process does not listen to."""
    view = discord.ui.View(timeout=None)
    if select:
        view.add_item(discord.ui.Select(custom_id=custom_id, options=[discord.SelectOption(label="A", value="a")]))
    else:
        view.add_item(discord.ui.Button(label="Old", custom_id=custom_id))
    channel = bot.get_channel(channel_id)
    message = await channel.send("an old message", view=view)
    view.stop()  # as after a restart: the message stays, nobody listens to it
    return message


@pytest.mark.parametrize("custom_id", FOREIGN)
async def test_an_unclaimed_button_is_answered_privately(world, simcord_bot, custom_id: str) -> None:
    w = world
    await post_old_message(simcord_bot, w.channel.id, custom_id)
    message = w.channel.last_message
    assert buttons(message)[0]["custom_id"] == custom_id
    result = await w.alice.click(message, custom_id=custom_id)
    assert result.acknowledged and result.ephemeral
    assert result.response.content == i18n.gettext("cogs.error.unknown_button", "en")
    assert refusals(w.env) == []


async def test_an_unclaimed_select_is_answered_too(world, simcord_bot) -> None:
    w = world
    await post_old_message(simcord_bot, w.channel.id, "old-select", select=True)
    result = await w.alice.select(w.channel.last_message, ["a"], custom_id="old-select")
    assert result.ephemeral and result.response.content == i18n.gettext("cogs.error.unknown_button", "en")


async def test_the_answer_is_in_the_clickers_language(world, simcord_bot, locales) -> None:
    w = world
    locales[w.bob.id] = "zh-TW"
    await post_old_message(simcord_bot, w.channel.id, "poll:vote:3")
    result = await w.bob.click(w.channel.last_message, custom_id="poll:vote:3")
    assert result.ephemeral and result.response.content == i18n.gettext("cogs.error.unknown_button", "zh-TW")
    assert result.response.content != i18n.gettext("cogs.error.unknown_button", "en")


async def test_a_claimed_button_is_still_answered_by_its_own_handler_alone(world, simcord_bot, service) -> None:
    """A lobby's Join of a table that is gone: its handler refuses it (`stale_button`), once; the
    catch-all does not answer it a second time (simcord would record the double answer)."""
    w = world
    await open_table(w)
    stale = components.lobby_id(999, "join")
    await post_old_message(simcord_bot, w.channel.id, stale)
    result = await w.bob.click(w.channel.last_message, custom_id=stale)
    # acknowledged before the table is read, then refused privately: one answer, no second
    [refusal] = result.followups
    assert result.deferred and refusal.ephemeral
    assert refusal.content == i18n.gettext("error.stale_button", "en")
    assert [s.name for s in service.table(w.channel.id).seats] == ["alice"]
    assert refusals(w.env) == []


async def test_a_garbled_menu_index_is_refused_not_a_crash(world, simcord_bot, service) -> None:
    """`#².1` passes `str.isdigit` but not `int()`: the step is refused like any stale one."""
    w = world
    await open_table(w)
    await w.bob.click(w.channel.last_message, label="Join")
    await w.alice.click(w.channel.last_message, label="Start")
    table = service.table(w.channel.id)
    garbled = f"gv:a:{table.id}:{table.version}:#².1"
    await post_old_message(simcord_bot, w.channel.id, garbled)
    result = await w.alice.click(w.channel.last_message, custom_id=garbled)
    assert result.ephemeral
    assert result.response.content == i18n.gettext("error.not_your_prompt", "en")
    assert refusals(w.env) == []


def test_every_id_the_bot_makes_is_claimed_and_the_foreign_ones_are_not() -> None:
    made = [components.lobby_id(7, "join"), components.info_id(7), components.hand_id(7),
            components.action_id(7, 3, ("move", "ann"), ["move ann 1,2"])]
    assert all(components.claimed(c) for c in made)
    assert not any(components.claimed(c) for c in FOREIGN)

"""The bot as one of several processes on one database (`GAVEL_SHARED`): another service on the
same file stands for another bot process. A command finds a table the bot never held, and a
button made before the other process moved the table on is refused, never applied to the new
position."""

from __future__ import annotations

from cogs.bot import create_bot
from gavel.tables import i18n
from tests.cogs import toy
from tests.cogs.conftest import as_player, make_service, private_answer, race_commands, refusals
from tests.cogs.test_flow import started


async def test_a_shared_bot_plays_tables_another_process_opened_or_moved(world, service, db_path):
    w = world
    bot = create_bot(service, sync=True, shared=True)
    bot.watches = False  # as `make_bot`: the tests' virtual time would run its poll every second
    bot.tree.add_command(race_commands())
    await w.env.restart_bot(bot)
    await w.env.settle()
    table, prompt = await started(w, service)
    other = make_service(db_path)  # another bot process on the same database
    await other.act(w.channel.id, as_player(w.alice), "roll")
    refused = await w.alice.click(prompt, label="Roll")  # made at version 0: that position is gone
    assert private_answer(refused).content == i18n.gettext("error.stale_button")
    assert [a["action"] for a in service.store.actions(table.id)] == ["roll"]

    second = w.guild.create_text_channel("more-games")
    await other.create(w.guild.id, second.id, toy.KEY, as_player(w.alice))
    await other.join(second.id, as_player(w.bob))
    await other.start(second.id, as_player(w.alice))
    assert service.table(second.id) is None  # this process never held it
    done = await w.alice.slash(second, "race roll")
    assert done.ephemeral and done.response.content == "Done."
    opened = other.table(second.id)
    assert [a["action"] for a in service.store.actions(opened.id)] == ["roll"]
    assert refusals(w.env) == []  # and nothing went wrong on the way

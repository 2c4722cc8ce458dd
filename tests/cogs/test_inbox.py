"""The turn inbox on the simulated Discord: `/table settings inbox:on` posts one DM listing the
tables waiting for the player, a change edits it in place (no new DM), and `/games` lists the
same privately with a link button to each table's channel. The window toy of the reminders'
tests stands for any game."""

from __future__ import annotations

from cogs.delivery import channel_link
from tests.cogs.test_reminders import (  # noqa: F401 (the reminders' fixtures: the window toy on virtual time)
    answer,
    clock,
    hand_line,
    on_virtual_time,
    service,
    simcord_bot,
    start,
)


def inbox(member) -> list:
    """The inbox messages in a member's DMs (its hand DMs are not), oldest first."""
    dm = member.user.dm_channel
    found = [m for m in dm.history() if "waiting for you" in m.content] if dm is not None else []
    return sorted(found, key=lambda m: m.id)


async def test_the_inbox_is_one_dm_edited_as_the_table_moves_and_games_lists_it(world, service):  # noqa: F811
    w = world
    said = answer(await w.alice.slash(w.channel, "table settings", inbox="on"))
    assert "Turn inbox by DM" in said.content
    assert inbox(w.alice) == []  # nothing waits yet: no message
    await start(w, service, timeout=None)  # the first window asks alice and bob
    [message] = inbox(w.alice)
    link = channel_link(w.guild.id, w.channel.id)
    assert "1 table is waiting for you" in message.content and link in message.content
    assert "1 other seat is asked too" in message.content  # bob is asked in the same window
    assert inbox(w.bob) == []  # bob never turned it on
    await w.alice.slash(w.channel, "wtoy pass")
    await w.bob.slash(w.channel, "wtoy pass")  # the window closed: alice is asked to go, the list changed
    [again] = inbox(w.alice)
    assert again.id == message.id and "other seat" not in again.content  # edited in place
    listed = answer(await w.alice.slash(w.channel, "games"))
    assert link in listed.content and "1 table is waiting for you" in listed.content
    urls = [c["url"] for row in (listed.components or []) for c in row.get("components", []) if c.get("url")]
    assert urls == [link]
    nobody = answer(await w.bob.slash(w.channel, "games"))
    assert "No table is waiting for you." in nobody.content


def test_games_links_the_tables_asking_the_player_and_not_those_coming_up() -> None:
    from cogs.inbox import games_view
    from gavel.tables.inbox import Wait
    asked = Wait(1, 7, 100, "toy", 0, None, ("A", "B"), None, 0)
    coming = Wait(2, 7, 200, "toy", 1, None, ("A", "B"), None, 0, ahead=1)
    assert games_view([coming], "en") is None
    view = games_view([coming, asked], "en")
    assert view is not None and [b.url for b in view.children] == [channel_link(7, 100)]  # type: ignore[attr-defined]

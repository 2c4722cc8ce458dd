"""A whole table on the simulated Discord: lobby, join, AI seat, start, turns by buttons
and by slash commands, refusals of the wrong user and of stale buttons."""

from __future__ import annotations

from gavel.tables import i18n
from tests.cogs.conftest import as_player, buttons, private_answer, refusals

MISSING_ACCESS = {"status": 403, "code": 50013, "message": "Missing Permissions"}


async def open_table(w):
    result = await w.alice.slash(w.channel, "race new")
    assert result.ephemeral
    lobby = w.channel.last_message
    assert [b["label"] for b in buttons(lobby)] == ["Join", "Leave", "Add AI", "Start"]
    return lobby


async def test_lobby_join_add_ai_start_then_turns_by_buttons_and_slash(world, service):
    w = world
    lobby = await open_table(w)
    await w.bob.click(lobby, label="Join")
    await w.alice.click(lobby, label="Add AI")
    lobby = w.channel.last_message
    table = service.table(w.channel.id)
    assert [s.name for s in table.seats] == ["alice", "bob", "AI 1"]
    assert "bob" in lobby.content and "AI 1" in lobby.content

    await w.alice.click(lobby, label="Start")
    prompt = w.channel.last_message
    assert table.status == "active"
    assert w.alice.mention in prompt.content
    assert [a.filename for a in prompt.attachments] == ["board.webp"]
    assert [b["label"] for b in buttons(prompt)] == ["Roll", "My info"]

    # alice rolls with the button, then moves in two steps: man, then square
    await w.alice.click(prompt, label="Roll")
    after_roll = w.channel.last_message
    assert table.version == 1
    labels = [b["label"] for b in buttons(after_roll)]
    assert labels == ["Ann", "Bob", "My info"]  # a label starts with a capital
    step = await w.alice.click(after_roll, label="Ann")
    assert step.ephemeral
    squares = [b["label"] for b in buttons(step.response)]
    assert len(squares) == 2  # right or down by the roll
    await w.alice.click(step.response, label=squares[0])
    assert table.version == 2
    assert step.response.content == "Done."

    # bob's turn: by slash commands this time
    assert w.bob.mention in w.channel.last_message.content
    result = await w.bob.slash(w.channel, "race roll")
    assert result.ephemeral and result.response.content == "Done."
    move = service.legal_for(w.channel.id, as_player(w.bob))[0]
    _, man, to = move.split()
    await w.bob.slash(w.channel, "race move", man=man, to=to)
    # the AI seat played on its own; it is alice's turn again
    assert table.version == 6
    assert w.alice.mention in w.channel.last_message.content
    assert refusals(w.env) == []



async def started(w, service):
    lobby = await open_table(w)
    await w.bob.click(lobby, label="Join")
    await w.alice.click(lobby, label="Start")
    return service.table(w.channel.id), w.channel.last_message


async def test_a_click_by_someone_else_is_refused_privately_and_changes_nothing(world, service):
    w = world
    lobby = await open_table(w)
    await w.bob.click(lobby, label="Join")
    refused = await w.bob.click(lobby, label="Start")  # only the host starts
    note = refused.followups[-1]
    assert note.ephemeral and note.content == i18n.gettext("error.not_host")
    table = service.table(w.channel.id)
    assert table.status == "lobby"

    await w.alice.click(lobby, label="Start")
    prompt = w.channel.last_message
    count = len(w.channel.history())
    for intruder in (w.bob, w.carol):  # a seated player out of turn, a passer-by
        result = await intruder.click(prompt, label="Roll")
        assert result.ephemeral
        assert result.response.content == i18n.gettext("error.not_your_prompt")
    assert table.version == 0
    assert len(w.channel.history()) == count
    assert refusals(w.env) == []  # answered by the handler, nothing unexpected


async def test_a_stale_click_is_refused_and_changes_nothing(world, service):
    w = world
    table, prompt = await started(w, service)
    await w.alice.click(prompt, label="Roll")
    menu = w.channel.last_message  # the men, for version 1
    # Discord refuses to edit it (a lost permission): its buttons stay on screen, and go stale
    w.env.inject_error("PATCH", f"/channels/{w.channel.id}/messages/{menu.id}", **MISSING_ACCESS, times=None)
    step = await w.alice.click(menu, label="Ann")
    await w.alice.click(step.response, label=next(b["label"] for b in buttons(step.response)))
    assert table.version == 2
    count = len(w.channel.history())

    result = await w.alice.click(menu, label="Bob")  # still on screen, but the game moved on
    assert result.ephemeral
    assert result.response.content == i18n.gettext("error.stale_button")
    assert table.version == 2
    assert len(w.channel.history()) == count


async def test_a_click_on_a_closed_tables_button_is_refused_without_reading_the_database(world, service, monkeypatch):
    """Checks before the deferral stay cheap (Discord's 3 seconds): an old button is judged by
    the open table of its channel, not by loading a finished game from the database."""
    w = world
    table, prompt = await started(w, service)
    await w.alice.slash(w.channel, "table cancel")
    assert service.table(w.channel.id) is None

    def no_database(*args, **kwargs):
        raise AssertionError("read the database before deferring")

    monkeypatch.setattr(service.store, "table_row", no_database)
    for label in ("Roll", "My info"):
        result = await w.alice.click(prompt, label=label)
        assert private_answer(result).content == i18n.gettext("error.stale_button"), label
    assert table.version == 0

"""Every interaction is acknowledged before anything that may wait: Discord gives 3 seconds.

Each slash command of the bot's tree, each autocomplete, and each kind of persistent component
(`DynamicItem`) is run once against a game in play (and every command once more in a channel with
no table). The service's waits are recorded as they are entered, each with the interaction it
serves: a change run under a table's lock (`Access.on_table`), any call on the store (every read
or write, in a worker thread or not) and any drawing. So is the interaction's first response
(a deferral, a message, an edit, autocomplete's choices). The test asserts the order of the
two, never a duration: no wait comes before the response; autocomplete, which cannot defer,
waits on nothing at all.
"""

from __future__ import annotations

import asyncio
import contextvars
from typing import Any

import discord
import pytest
from discord import app_commands

from cogs import components
from gavel.tables.service import TableService
from tests.cogs import toy
from tests.cogs.conftest import PNG, refusals
from tests.cogs.test_flow import started
from tests.tables.toy_game import fake_renderer

SERVING: contextvars.ContextVar[int | None] = contextvars.ContextVar("serving", default=None)
"""The interaction the code running now serves (copied into worker threads and new tasks)."""

Events = list[tuple[str, str, int]]
"""(what: "ack" or "wait", detail, the interaction's id), in the order they happened."""


def record(events: Events, what: str, detail: str) -> None:
    serving = SERVING.get()
    if serving is not None:
        events.append((what, detail, serving))


@pytest.fixture
def events() -> Events:
    return []


@pytest.fixture
def service(db_path, events) -> TableService:
    """The toy game's service, its drawings recorded."""
    def render(view: dict[str, Any], **_: Any) -> bytes:
        record(events, "wait", "draw")
        return PNG

    return TableService(db_path, renderers={toy.KEY: fake_renderer(render)}, ais={toy.KEY: toy.ai_first})


@pytest.fixture(autouse=True)
def recorded(monkeypatch, service, events) -> None:
    """Each interaction's context marked; its responses, the table's lock and the store recorded."""
    call = app_commands.CommandTree._call

    async def serve_command(tree: Any, interaction: discord.Interaction) -> None:
        SERVING.set(interaction.id)  # this task's context only
        await call(tree, interaction)

    monkeypatch.setattr(app_commands.CommandTree, "_call", serve_command)
    callback = components._Routed.callback

    async def serve_click(item: Any, interaction: discord.Interaction) -> None:
        SERVING.set(interaction.id)
        await callback(item, interaction)

    monkeypatch.setattr(components._Routed, "callback", serve_click)
    for name in ("defer", "send_message", "edit_message", "autocomplete", "send_modal"):
        real = getattr(discord.InteractionResponse, name)

        async def answer(response: Any, *args: Any, _real: Any = real, _name: str = name, **kwargs: Any) -> Any:
            record(events, "ack", _name)
            return await _real(response, *args, **kwargs)

        monkeypatch.setattr(discord.InteractionResponse, name, answer)
    on_table = service.access.on_table

    async def locked(channel_id: int, change: Any) -> Any:
        record(events, "wait", "lock")
        return await on_table(channel_id, change)

    monkeypatch.setattr(service.access, "on_table", locked)
    store = service.store
    for name in dir(type(store)):
        if name.startswith("_") or not callable(getattr(type(store), name, None)):
            continue
        real = getattr(store, name)

        def stored(*args: Any, _real: Any = real, _name: str = name, **kwargs: Any) -> Any:
            record(events, "wait", f"store.{_name}")
            return _real(*args, **kwargs)

        monkeypatch.setattr(store, name, stored)


async def post_component(bot: discord.Client, channel_id: int, custom_id: str, value: str | None) -> None:
    """A bot message with one component: a button, or a select offering `value`."""
    view = discord.ui.View(timeout=None)
    if value is None:
        view.add_item(discord.ui.Button(label="B", custom_id=custom_id))
    else:
        view.add_item(discord.ui.Select(custom_id=custom_id, options=[discord.SelectOption(label="V", value=value)]))
    channel = bot.get_channel(channel_id)
    assert isinstance(channel, discord.TextChannel)
    await channel.send("a component", view=view)
    view.stop()  # answered by the bot's dynamic items alone, as after a restart


def waited_first(events: Events) -> dict[str, list[str]]:
    """Per interaction (by the response it gave first, or "no answer"): the waits that came
    before its first response."""
    out: dict[str, list[str]] = {}
    answered: set[int] = set()
    for what, detail, serving in events:
        if what == "ack":
            answered.add(serving)
        elif serving not in answered:
            out.setdefault(str(serving), []).append(detail)
    return out


def option_values(command: app_commands.Command[Any, ..., Any], w: Any) -> dict[str, Any]:
    """A value for each required option: its first choice, its least number, a member, text."""
    values: dict[str, Any] = {}
    for p in command.parameters:
        if not p.required:
            continue
        if p.choices:
            values[p.display_name] = p.choices[0].value
        elif p.type in (discord.AppCommandOptionType.integer, discord.AppCommandOptionType.number):
            values[p.display_name] = int(p.min_value or 1)
        elif p.type is discord.AppCommandOptionType.boolean:
            values[p.display_name] = False
        elif p.type in (discord.AppCommandOptionType.user, discord.AppCommandOptionType.mentionable):
            values[p.display_name] = w.bob
        else:
            values[p.display_name] = "1"
    return values


def slash_commands(bot: Any) -> list[app_commands.Command[Any, ..., Any]]:
    """Every slash command of the tree, the ones that end a table (cancel, leave) last."""
    found = [c for c in bot.tree.walk_commands() if isinstance(c, app_commands.Command)]
    assert len(found) > 20  # the shared /table commands and every game's group
    return sorted(found, key=lambda c: (c.qualified_name in ("table cancel", "table leave"), c.qualified_name))


def routed_kinds() -> set[str]:
    """Every kind of persistent component the bot answers (each `DynamicItem` class's `kind`)."""
    kinds: set[str] = set()
    todo = [components._Routed]
    while todo:
        cls = todo.pop()
        todo += cls.__subclasses__()
        if cls.kind:
            kinds.add(cls.kind)
    return kinds


@pytest.mark.parametrize("shared", [False, True])
async def test_every_command_and_autocomplete_answers_before_it_waits(world, service, simcord_bot, events,
                                                                      monkeypatch, shared):
    """`shared`: as when processes share the database, every table read from the store."""
    w = world
    await started(w, service)
    monkeypatch.setattr(simcord_bot, "shared", shared)
    empty = w.guild.create_text_channel("empty")
    for channel in (w.channel, empty):
        for command in slash_commands(simcord_bot):
            values = option_values(command, w)
            await w.alice.slash(channel, command.qualified_name, **values)
            for p in command.parameters:
                if p.autocomplete:
                    filled = {k: v for k, v in values.items() if k != p.display_name}
                    await w.alice.autocomplete(channel, command.qualified_name, p.display_name, "", **filled)
    refusals(w.env)
    assert {detail for what, detail, _ in events if what == "wait"}, "nothing was recorded: the test sees nothing"
    assert waited_first(events) == {}


async def test_autocomplete_reads_memory_only(world, service, simcord_bot, events):
    """Autocomplete cannot defer: it answers from what the process holds, and never waits."""
    w = world
    await started(w, service)
    events.clear()  # the game's start
    completed = 0
    for command in slash_commands(simcord_bot):
        for p in command.parameters:
            if p.autocomplete:
                await w.alice.autocomplete(w.channel, command.qualified_name, p.display_name, "")
                completed += 1
    assert completed >= 3
    assert [e for e in events if e[0] == "wait"] == []
    assert len([e for e in events if e[0] == "ack"]) == completed


async def test_every_component_answers_before_it_waits(world, service, simcord_bot, events, monkeypatch):
    w = world
    table, _prompt = await started(w, service)
    version, legal = table.version, ["roll"]
    made = {  # kind -> (custom id, a select's value or None)
        "lobby": (components.lobby_id(table.id, "join"), None),
        "info": (components.info_id(table.id), None),
        "hand": (components.hand_id(table.id), None),
        "sit": (components.sit_id(table.id), None),
        "take": (components.take_id(table.id, 0), None),
        "again": (components.again_id(table.id), None),
        "undo": (components.undo_id(table.id, version), None),
        "history": ("gv:hist:0", str(table.id)),
        "action": (components.action_id(table.id, version, [], legal), None),
        "select": (components.select_id(table.id, version, 0, [], legal), "roll"),
        "multi": (components.multi_id(table.id, version, [], legal), "roll"),
        "page": (components.page_id(table.id, version, 1, [], legal), None),
        "confirm": (components.confirm_id(table.id, version, "act", "roll") or "", None),
        "cancel": (f"gv:no:{table.id}", None),
        "replay_step": (f"gv:rp:{table.id}:0:next", None),
        "replay_pick": (f"gv:rps:{table.id}", "1"),
        "replay_open": (f"gv:rpo:{table.id}", None),
    }
    assert set(made) == routed_kinds(), "a new kind of component: add it here"
    for shared in (False, True):  # processes sharing the database judge every click by the stored table
        monkeypatch.setattr(simcord_bot, "shared", shared)
        for user in (w.alice, w.carol):
            for custom_id, value in made.values():
                await post_component(simcord_bot, w.channel.id, custom_id, value)
                found = w.channel.last_message
                if value is None:
                    await user.click(found, custom_id=custom_id)
                else:
                    await user.select(found, [value], custom_id=custom_id)
    refusals(w.env)
    assert {serving for what, _, serving in events if what == "ack"}
    assert waited_first(events) == {}


async def test_table_me_answers_while_another_change_holds_the_table(world, service, simcord_bot):
    """`/table me` (and the board, and a status) while a change holds the table's lock (an AI
    seat thinking, a drawing, a write): answered in full, without waiting for the change."""
    w = world
    table, _prompt = await started(w, service)
    release = asyncio.Event()
    holding = asyncio.Event()

    async def hold(_table: Any) -> None:
        holding.set()
        await release.wait()

    holder = asyncio.create_task(service.access.on_table(w.channel.id, hold))
    await holding.wait()
    assert table.lock.locked()
    try:
        mine = await w.alice.slash(w.channel, "table me")
        assert mine.ephemeral and "alice" in mine.response.content
        assert not release.is_set() and table.lock.locked()  # answered while the change still held the table
        board = await w.bob.slash(w.channel, "table board")
        assert board.response is not None and board.response.attachments
        status = await w.carol.slash(w.channel, "table status")
        assert "alice" in status.response.content
        assert not holder.done()
    finally:
        release.set()
        await holder
    assert refusals(w.env) == []

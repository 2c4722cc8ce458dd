"""The real bot on simcord, with a TableService on a temporary database.

The service gets a toy game (tests/cogs/toy.py) and a stand-in renderer that returns a
small real PNG, so these tests check the Discord layer, not the rules or the drawing.
`simcord` always reports the `en-US` locale; `locales` sets a user's client language.
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest
import simcord.actors as sim_actors
import simcord.builders as sim_builders
import simcord.interactions as sim_interactions
import simcord.results as sim_results
from discord import app_commands
from PIL import Image

from cogs.bot import create_bot
from cogs.errors import unwrap
from cogs.flows import act, open_lobby, time_option
from gavel.tables import i18n
from gavel.tables.service import Player, TableService
from gavel.tables.store import Store
from rules.core import IllegalAction
from tests.cogs import toy
from tests.tables.toy_game import fake_renderer


def as_player(member) -> Player:
    """The TableService's Player for a simcord member (as `cogs.flows.player_of` makes it)."""
    return Player(member.id, member.name)


async def confirmed(member, channel, command: str, **options: Any) -> Any:
    """A command that asks "Are you sure?" first (resigning, a Judtho draw offer), answered by
    the Confirm button under the question: the click's result."""
    asked = await member.slash(channel, command, **options)
    assert asked.ephemeral and i18n.gettext("cogs.button.confirm") in [b["label"] for b in buttons(asked.response)], \
        asked.response.content
    return await member.click(asked.response, label=i18n.gettext("cogs.button.confirm"))


def walked_away(service: TableService, table: Any, seat: int) -> None:
    """The seat's player walked away: the AI plays it (in memory and in the database alike)."""
    table.seats[seat].away, table.seats[seat].ai = True, "normal"
    service.store.update_seat(table.id, seat, {"away": 1, "ai": "normal"})


def tiny_png() -> bytes:
    out = io.BytesIO()
    Image.new("P", (4, 4)).save(out, format="PNG")
    return out.getvalue()


PNG = tiny_png()


def fake_render(view: dict[str, Any], *, highlight: Any = None, **_: Any) -> bytes:
    return PNG


def make_service(db_path: str, **options: Any) -> TableService:
    return TableService(db_path, renderers={toy.KEY: fake_renderer(fake_render)}, ais={toy.KEY: toy.ai_first},
                        **options)


def _dynamic_only(view: Any) -> bool:
    """Whether every item of `view` that Discord can send back is a `DynamicItem` (answered by its
    custom id, whatever view sent it) and the view does nothing of its own when it expires."""
    items = list(view.walk_children())
    return (type(view).on_timeout is discord.ui.View.on_timeout
            and all(isinstance(i, discord.ui.DynamicItem) or not i.is_dispatchable() for i in items))


@pytest.fixture(autouse=True)
def menus_without_expiry_timers(monkeypatch) -> None:
    """discord.py gives the view of every ephemeral message a 15-minute expiry: a task that sleeps
    until then and takes the view out of its store. A view of dynamic items alone (Gavel's menus)
    is in no store, and its expiry does nothing, but simcord's settle looks at every pending
    timer at every step, so over a long game each menu clicked made every later step slower. Here
    such a view starts no expiry; a view with an item of its own, or an `on_timeout`, keeps it."""
    base = discord.ui.view.BaseView
    start = base._start_listening_from_store

    def start_listening(view: Any, store: Any) -> None:
        if view.timeout is not None and _dynamic_only(view):
            view.timeout = None
        start(view, store)

    monkeypatch.setattr(base, "_start_listening_from_store", start_listening)


@pytest.fixture(autouse=True)
def messages_read_once(monkeypatch) -> None:
    """simcord builds a fresh `discord.Message` (a deep copy of the stored message, then parsed)
    every time a test reads one, and `channel.history()` (so `last_message` too) builds every
    message of the channel: a test that reads the channel at each step of a whole game built
    each early message hundreds of times. Here the message built from a stored message is kept,
    with the exact payload it was built from, and given again while the stored message's payload
    is still the same (an edit makes a new one); `last_message` builds the last message alone.
    What a test reads is what simcord would have built, from the same payload."""
    build = sim_results.to_discord_message
    kept: dict[tuple[int, int], tuple[Any, discord.Message]] = {}

    def read(env: Any, message: Any) -> discord.Message:
        payload = sim_results.serializers.message_payload(env.backend, message)
        key = (id(env), message.id)
        hit = kept.get(key)
        if hit is None or hit[0] != payload:
            hit = kept[key] = (copy.deepcopy(payload), build(env, message))
        return hit[1]

    def last_message(self: Any) -> discord.Message | None:
        stored = sorted(self._env.backend.messages.get(self.id, {}).values(), key=lambda m: m.id)
        last = next((m for m in reversed(stored) if m.visible_to(None)), None)
        return None if last is None else read(self._env, last)

    for module in (sim_results, sim_builders, sim_actors):
        monkeypatch.setattr(module, "to_discord_message", read)
    monkeypatch.setattr(sim_builders.ChannelHandle, "last_message", property(last_message))


_TRANSLATED: dict[tuple[type, str, str], str] = {}
"""Each top-level command's (or group's) translated payload as JSON, by the translator's class,
the command's name (its catalogue keys follow it) and its untranslated payload as JSON (names,
descriptions, options, choices, subcommands: all the strings it translates)."""


@pytest.fixture
def uncached_translation() -> None:
    """Asked by a test that must see the translator run over every locale (no kept payloads)."""


@pytest.fixture(autouse=True)
def translated_commands_kept(request, monkeypatch) -> None:
    """Every bot here syncs its slash commands at start-up, and discord.py asks the translator for
    each string of each command in every one of Discord's ~30 locales: about a tenth of these
    tests' time, and the same answer every time, as every bot is built from the same code and
    catalogues. Here a command's translated payload is kept for the session by what it would
    translate and given again (a copy) to the next bot whose command reads the same, so each
    test still syncs the same commands with the same localisations. A test that asks for
    `uncached_translation` goes through the translator itself."""
    if "uncached_translation" in request.fixturenames:
        return
    for cls in (app_commands.Command, app_commands.Group, app_commands.ContextMenu):
        real = cls.get_translated_payload

        async def kept(self: Any, tree: Any, translator: Any, _real: Any = real) -> dict[str, Any]:
            if getattr(self, "parent", None) is not None:  # a subcommand: within its group's payload, kept whole
                return await _real(self, tree, translator)
            key = (type(translator), self.qualified_name, json.dumps(self.to_dict(tree), sort_keys=True, default=str))
            if key not in _TRANSLATED:
                _TRANSLATED[key] = json.dumps(await _real(self, tree, translator))
            return json.loads(_TRANSLATED[key])  # a fresh copy

        monkeypatch.setattr(cls, "get_translated_payload", kept)


@pytest.fixture(scope="session")
def migrated_db(tmp_path_factory) -> Path:
    """An empty SQLite store with every migration applied (and in WAL mode), made once: each
    test's database starts as a copy of it, the same file a first start would leave, so the
    migrations run once a session here (the store's own tests run them on fresh files)."""
    path = tmp_path_factory.mktemp("migrated") / "gavel.sqlite3"
    Store(str(path)).close()
    return path


@pytest.fixture
def db_path(tmp_path, migrated_db) -> str:
    target = tmp_path / "gavel.sqlite3"
    shutil.copyfile(migrated_db, target)
    return str(target)


@pytest.fixture
def service(db_path) -> TableService:
    return make_service(db_path)


def race_commands() -> app_commands.Group:
    """`/race new|roll|move`: the toy game's commands, through the same helpers as `/dadsarmy`."""
    race = app_commands.Group(name="race", description="A toy race", guild_only=True)

    @race.command(name="new", description="Open a lobby")
    @time_option
    async def new(interaction: discord.Interaction, time: str | None = None) -> None:
        await open_lobby(interaction.client, interaction, toy.KEY, time=time)  # type: ignore[arg-type]

    @race.command(name="roll", description="Roll")
    async def roll(interaction: discord.Interaction) -> None:
        await act(interaction.client, interaction, "roll")  # type: ignore[arg-type]

    @race.command(name="move", description="Move")
    async def move(interaction: discord.Interaction, man: str, to: str) -> None:
        await act(interaction.client, interaction, f"move {man} {to}")  # type: ignore[arg-type]

    return race


def make_bot(service: TableService, **options: Any):
    """The bot as it starts by default (lazily), with the race commands. The database's watch
    is not set: it polls every second, and the tests' virtual time would run it at every
    second they skip; a test of the watch sets `watches` (the service's tests fire the store's
    clocks through `WindowClock.poll_once`)."""
    bot = create_bot(service, sync=True, **options)
    bot.watches = False
    bot.tree.add_command(race_commands())
    return bot


@pytest.fixture
def simcord_bot(service):
    return make_bot(service)


@pytest.fixture
def locales(monkeypatch) -> dict[int, str]:
    """user id -> Discord locale sent with that user's interactions."""
    chosen: dict[int, str] = {}
    original = sim_interactions.base_payload

    def with_locale(*args: Any, **kwargs: Any):
        record, payload = original(*args, **kwargs)
        user = kwargs.get("user_id")
        if user in chosen:
            payload["locale"] = chosen[user]
        return record, payload

    monkeypatch.setattr(sim_interactions, "base_payload", with_locale)
    return chosen


@pytest.fixture
def world(simcord_env) -> SimpleNamespace:
    env = simcord_env
    guild = env.create_guild("Walmington")
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    carol = guild.add_member(env.create_user("carol"))
    return SimpleNamespace(env=env, guild=guild, channel=channel, alice=alice, bob=bob, carol=carol)


def refusals(env) -> list[str]:
    """Codes of the IllegalActions the bot reported since the last call; acknowledges them
    (simcord records every error the tree's handler saw, even the ones we answer)."""
    start = getattr(env, "_gavel_cursor", 0)
    errors = env.errors_since(start)
    env._gavel_cursor = env.error_cursor
    with contextlib.suppress(BaseExceptionGroup):
        env.raise_errors()
    unexpected = [e for e in errors if not isinstance(unwrap(e), IllegalAction)]
    assert not unexpected, unexpected
    return [unwrap(e).code for e in errors]


def public_answer(result):
    """The public message a command deferred privately answered with (`flows.answer_in_public`):
    its private "thinking" message is gone, and the answer is the one public follow-up."""
    assert result.response is None, result
    [message] = [m for m in result.followups if not m.ephemeral]
    return message


def private_answer(result):
    """What an interaction answered its user privately: its response (a private deferral filled,
    or a private message), else its one private follow-up (a click acknowledged first by a
    deferred update, then answered: `interaction.response.defer()`)."""
    if result.ephemeral:
        return result.response
    assert result.deferred, result
    [message] = [m for m in result.followups if m.ephemeral]
    return message


def buttons(message) -> list[dict[str, Any]]:
    """Every component of a channel message or an interaction response, in order."""
    if not isinstance(message, discord.Message):
        message = message.message
    out = []
    for row in message.components:
        for c in getattr(row, "children", [row]):
            out.append({"label": getattr(c, "label", None), "custom_id": getattr(c, "custom_id", None),
                        "type": c.type.value})
    return out


@contextlib.contextmanager
def no_new_messages(channel) -> Iterator[None]:
    before = len(channel.history())
    yield
    assert len(channel.history()) == before

"""Each reader in their language: refusals follow the user's client, the channel follows the
server, and the slash commands themselves are localised for zh-TW."""

from __future__ import annotations

from gavel.tables import i18n
from gavel.tables.notices import Private, Public
from rules.core import IllegalAction, Msg
from tests.cogs.conftest import refusals
from tests.cogs.test_flow import started


async def test_a_zh_tw_user_gets_a_zh_tw_error(world, locales):
    w = world
    locales[w.bob.id] = "zh-TW"
    result = await w.bob.slash(w.channel, "dadsarmy roll")  # no table here yet
    assert result.ephemeral
    assert result.response.content == i18n.gettext("error.no_table", "zh-TW")
    assert result.response.content != i18n.gettext("error.no_table", "en")
    english = await w.alice.slash(w.channel, "dadsarmy roll")
    assert english.response.content == i18n.gettext("error.no_table", "en")
    assert refusals(w.env) == ["no_table", "no_table"]


async def test_a_refused_click_is_answered_in_the_clickers_language(world, service, locales):
    w = world
    _, prompt = await started(w, service)
    locales[w.bob.id] = "zh-TW"
    result = await w.bob.click(prompt, label="Roll")
    assert result.response.content == i18n.gettext("error.not_your_prompt", "zh-TW")


async def test_channel_messages_follow_the_servers_language(simcord_env, service):
    env = simcord_env
    guild = env.create_guild("台北", preferred_locale="zh-TW")
    channel = guild.create_text_channel("遊戲")
    alice = guild.add_member(env.create_user("alice"))
    await alice.slash(channel, "race new")
    lobby = channel.last_message
    assert [b.label for b in lobby.components[0].children] == [
        i18n.gettext(f"cogs.button.{op}", "zh-TW") for op in ("join", "leave", "ai", "start")
    ]
    assert i18n.gettext("table.lobby_hint", "zh-TW", min=2, max=4) in lobby.content


async def test_slash_commands_are_localised_for_zh_tw(uncached_translation, world):
    w = world
    synced = [r for r in w.env.http_requests if r.method == "PUT" and r.path.endswith("/commands")][-1].json
    by_name = {c["name"]: c for c in synced}
    group = by_name["dadsarmy"]
    assert group["name_localizations"]["zh-TW"] == i18n.gettext("cmd.dadsarmy.name", "zh-TW")
    roll = next(o for o in group["options"] if o["name"] == "roll")
    assert roll["description_localizations"]["zh-TW"] == i18n.gettext("cmd.dadsarmy.roll.description", "zh-TW")
    move = next(o for o in group["options"] if o["name"] == "move")
    man = next(o for o in move["options"] if o["name"] == "man")
    assert man["name_localizations"]["zh-TW"] == i18n.gettext("cmd.dadsarmy.move.man.name", "zh-TW")
    assert "zh-CN" not in group.get("name_localizations", {})  # Traditional Chinese only where it is read
    table = by_name["table"]
    assert table["description_localizations"]["zh-TW"] == i18n.gettext("cmd.table.description", "zh-TW")


async def test_direct_messages_are_written_in_the_players_language(world, service, locales):
    w = world
    locales[w.alice.id] = "zh-TW"
    table, _ = await started(w, service)  # alice's clicks tell the bot her language
    bot = w.env.bot
    await bot.delivery.deliver([Private(table.id, 0, w.alice.id, [Msg("cogs.done")])],
                               channel=bot.get_channel(w.channel.id))
    await w.env.settle()
    assert w.alice.user.dm_channel.history()[-1].content == i18n.gettext("cogs.done", "zh-TW")


async def test_a_lobby_takes_the_servers_language_for_its_board_images(simcord_env, service):
    env = simcord_env
    taipei = env.create_guild("台北", preferred_locale="zh-TW")
    london = env.create_guild("London", preferred_locale="en-GB")
    for guild in (taipei, london):
        channel = guild.create_text_channel("games")
        alice = guild.add_member(env.create_user(f"alice-{guild.name}"))
        await alice.slash(channel, "race new")
        assert service.table(channel.id).lang == ("zh-TW" if guild is taipei else "en")


def _options(node: dict, path: list[str]):
    """Every option of a synced command tree, with its catalogue path (`cmd.<group>.<sub>.<option>`)."""
    for option in node.get("options") or []:
        here = [*path, option["name"]]
        yield here, option
        yield from _options(option, here)


async def test_a_renamed_option_is_localised_by_the_name_users_see(world):
    """`/judtho move from:` is the Python parameter `origin` (`from` is a keyword) renamed: its
    zh-TW name and description are `cmd.judtho.move.from.*`, as the catalogue has them."""
    w = world
    synced = [r for r in w.env.http_requests if r.method == "PUT" and r.path.endswith("/commands")][-1].json
    judtho = next(c for c in synced if c["name"] == "judtho")
    move = next(o for o in judtho["options"] if o["name"] == "move")
    origin = next(o for o in move["options"] if o["name"] == "from")
    assert origin["name_localizations"]["zh-TW"] == i18n.gettext("cmd.judtho.move.from.name", "zh-TW") == "起點"
    assert origin["description_localizations"]["zh-TW"] == i18n.gettext("cmd.judtho.move.from.description",
                                                                        "zh-TW")
    missing = []
    for command in synced:
        for path, option in _options(command, [command["name"]]):
            for what in ("name", "description"):
                key = f"cmd.{'.'.join(path)}.{what}"
                if i18n.has(key, "zh-TW") and (option.get(f"{what}_localizations") or {}).get("zh-TW") != \
                        i18n.gettext(key, "zh-TW"):
                    missing.append(key)
    assert missing == []  # every option the catalogue names is localised, renamed or not


async def test_counted_words_take_their_plural_form_on_discord(world, service, locales, monkeypatch):
    """A line with a count (`Msg.count`) and a refusal with one (`IllegalAction.counted`) read in
    the plural form of the number, in the reader's language, on Discord as at the console."""
    w = world
    table, _ = await started(w, service)
    bot = w.env.bot
    winners = Msg("table.winner", {"names": i18n.Listed.of(["alice", "bob"])}, count=2)
    await bot.delivery.deliver([Public(table.id, [winners], names=table.names)], channel=bot.get_channel(w.channel.id))
    await w.env.settle()
    assert w.channel.last_message.content.startswith("Game over. Winners: alice, bob!")

    async def too_far(*args, **kwargs):
        raise IllegalAction("dredd_too_far", steps=1, sectors="ghj").counted(1)

    monkeypatch.setattr(service, "act", too_far)
    result = await w.alice.slash(w.channel, "race roll")
    assert result.response.content == "Your Judge may move at most 1 Sector this Move. Within reach: ghj."
    locales[w.bob.id] = "zh-TW"
    result = await w.bob.slash(w.channel, "race roll")
    assert result.response.content == i18n.ngettext("error.dredd_too_far", 1, "zh-TW", steps=1, sectors="ghj")
    assert refusals(w.env) == ["dredd_too_far", "dredd_too_far"]

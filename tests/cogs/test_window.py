"""The card-play window UI on the simulated Discord, against a toy windowed game
(tests/cogs/toy_window.py): one channel message for everyone to act, one "My options"
button opening each clicker's own choices privately, hands only by DM, the clock."""

from __future__ import annotations

import discord
import pytest
from discord import app_commands

import gavel.tables.lobby
from cogs.flows import act, open_lobby, token_choices
from gavel.tables import i18n
from gavel.tables.service import TableService
from tests.cogs import toy_window
from tests.cogs.conftest import as_player, buttons, fake_render, make_bot, refusals
from tests.tables.toy_game import fake_renderer

OPTIONS = i18n.gettext("cogs.button.play")
HAND_LINE = "Hand: {cards}"


@pytest.fixture(autouse=True)
def seeded(monkeypatch):
    monkeypatch.setattr(gavel.tables.lobby.secrets, "token_hex", lambda n: "5eed")
    monkeypatch.setitem(i18n.catalogue("en"), f"{toy_window.KEY}.hand", HAND_LINE)


def window_service(db_path: str) -> TableService:
    """The toy with a stand-in renderer that also draws hands, and AI seats that pass."""
    def render_hand(view, **_):
        return fake_render(view)

    renderer = fake_renderer(fake_render, render_hand)
    return TableService(db_path, renderers={toy_window.KEY: renderer}, ais={toy_window.KEY: toy_window.ai_pass})


@pytest.fixture
def service(db_path) -> TableService:
    return window_service(db_path)


def window_commands() -> app_commands.Group:
    """`/wtoy new|pass|play`: the toy's commands, through the shared flows."""
    group = app_commands.Group(name="wtoy", description="A toy with windows", guild_only=True)

    @group.command(name="new", description="Open a lobby")
    async def new(interaction: discord.Interaction, timeout: int | None = None) -> None:
        await open_lobby(interaction.client, interaction, toy_window.KEY, timeout=timeout)  # type: ignore[arg-type]

    @group.command(name="pass", description="Pass")
    async def pass_(interaction: discord.Interaction) -> None:
        await act(interaction.client, interaction, "pass")  # type: ignore[arg-type]

    @group.command(name="play", description="Play a card")
    async def play(interaction: discord.Interaction, card: str, option: str, target: str) -> None:
        await act(interaction.client, interaction, f"play {card} {option} {target}")  # type: ignore[arg-type]

    @play.autocomplete("card")
    async def card_(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return token_choices(interaction.client, interaction, "play", 1, current)  # type: ignore[arg-type]

    return group


@pytest.fixture
def simcord_bot(service):
    bot = make_bot(service)
    bot.tree.add_command(window_commands())
    return bot


async def start(w, service, *, others=None, ai: int = 0, timeout: int | None = None):
    await w.alice.slash(w.channel, "wtoy new", **({"timeout": timeout} if timeout is not None else {}))
    lobby = w.channel.last_message
    for member in others or (w.bob,):
        await member.click(lobby, label="Join")
    for _ in range(ai):
        await w.alice.click(lobby, label="Add AI")
    before = len(w.channel.history())
    await w.alice.click(lobby, label="Start")
    table = service.table(w.channel.id)
    assert table.status == "active"
    return table, w.channel.history()[before:]


def every_card_in_hands(table) -> list[str]:
    return [card for hand in table.state.hands for card in hand]


async def test_a_window_is_one_message_mentioning_everyone_with_one_options_button(world, service):
    w = world
    table, posted = await start(w, service)
    assert len(posted) == 1  # never one message per player
    message = posted[0]
    assert w.alice.mention in message.content and w.bob.mention in message.content
    assert [b["label"] for b in buttons(message)] == [OPTIONS, "My hand", "My info"]
    assert [a.filename for a in message.attachments] == ["board.webp"]
    shown = message.content + " ".join(b["custom_id"] or "" for b in buttons(message))
    assert not [card for card in every_card_in_hands(table) if card in shown]
    options = next(b for b in buttons(message) if b["label"] == OPTIONS)
    assert options["custom_id"] == f"gv:a:{table.id}:{table.version}:"  # no action, no seat in it
    assert refusals(w.env) == []


async def test_hands_go_by_dm_with_the_hand_image_never_to_the_channel(world, service):
    w = world
    table, _ = await start(w, service)
    for member, seat in ((w.alice, 0), (w.bob, 1)):
        dms = member.user.dm_channel.history()
        assert [m.content for m in dms] == [HAND_LINE.format(cards=", ".join(table.state.hands[seat]))]
        assert [a.filename for a in dms[0].attachments] == ["hand.png"]
    everything = " ".join(m.content for m in w.channel.history())
    assert not [card for card in every_card_in_hands(table) if card in everything]


async def test_my_options_shows_the_clickers_own_choices_privately(world, service):
    w = world
    table, (message,) = await start(w, service)
    for member in (w.alice, w.bob):
        menu = await member.click(message, label=OPTIONS)
        assert menu.ephemeral
        labels = [b["label"] for b in buttons(menu.response)]
        assert labels == ["Pass", "Play"]
        step = await member.click(menu.response, label="Play")
        cards = {b["label"].split()[0].lower() for b in buttons(step.response)}  # `Bell main blue`: one way
        seat = table.seat_of(member.id)
        assert cards == set(table.state.hands[seat])
    assert table.version == 0
    assert refusals(w.env) == []


async def test_a_card_is_played_from_the_private_menu_card_then_option_then_target(world, service):
    w = world
    table, (message,) = await start(w, service, others=(w.bob, w.carol))
    hand = list(table.state.hands[0])
    card = next(c for c in hand if c not in toy_window.ONLY_MAIN)
    menu = await w.alice.click(message, label=OPTIONS)
    step = await w.alice.click(menu.response, label="Play")
    step = await w.alice.click(step.response, label=card.capitalize())
    assert sorted(b["label"] for b in buttons(step.response)) == ["Main", "Or"]
    step = await w.alice.click(step.response, label="Or")
    assert [b["label"] for b in buttons(step.response)] == ["Blue", "Green"]  # the other seats' colours
    await w.alice.click(step.response, label="Green")
    assert table.version == 1 and card not in table.state.hands[0]
    assert table.state.played == [card]
    assert refusals(w.env) == []


async def test_a_player_asked_again_at_once_finds_their_next_options_in_the_spent_menu(world, service):
    """A card played clears the passes, so the window asks its player again: the private menu
    they played from says "Done." and shows their options as they are now (no "My options" to
    open again), with the board already told in the channel; the others' menus are not touched."""
    w = world
    table, (message,) = await start(w, service, others=(w.bob, w.carol))
    card = next(c for c in table.state.hands[0] if c not in toy_window.ONLY_MAIN)
    menu = await w.alice.click(message, label=OPTIONS)
    step = await w.alice.click(menu.response, label="Play")
    step = await w.alice.click(step.response, label=card.capitalize())
    step = await w.alice.click(step.response, label="Or")
    played = await w.alice.click(step.response, label="Green")
    assert table.version == 1 and 0 in table.decision().asked
    shown = played.followups[-1] if played.followups else played.response
    assert shown.ephemeral and shown.content.startswith(i18n.gettext("cogs.done"))
    assert [b["label"] for b in buttons(shown)][:2] == ["Pass", "Play"]
    again = await w.alice.click(shown, label="Pass")  # the next menu answers the new decision
    assert table.state.passed == [0] and again.response.content == i18n.gettext("cogs.done")
    assert refusals(w.env) == []


async def test_a_pass_click_applies_and_the_channel_then_waits_for_the_others(world, service):
    w = world
    table, (message,) = await start(w, service)
    menu = await w.alice.click(message, label=OPTIONS)
    before = len(w.channel.history())
    await w.alice.click(menu.response, label="Pass")
    assert table.version == 1 and table.state.passed == [0]
    assert menu.response.content == i18n.gettext("cogs.done")
    assert len(w.channel.history()) == before  # the window's message is edited: bob was pinged already
    edited = w.channel.last_message
    assert edited.id == message.id
    assert w.bob.mention in edited.content and w.alice.mention not in edited.content
    assert [b["label"] for b in buttons(edited)] == [OPTIONS, "My hand", "My info"]
    assert refusals(w.env) == []


async def bob_plays_a_card(w, service) -> None:
    """Bob plays a card: the passes are cleared and everyone is asked again (a new decision)."""
    play = next(a for a in service.legal_for(w.channel.id, as_player(w.bob)) if a.startswith("play"))
    _, card, option, target = play.split()
    await w.bob.slash(w.channel, "wtoy play", card=card, option=option, target=target)


async def test_a_click_by_someone_not_seated_or_stale_is_refused_privately(world, service):
    w = world
    table, (message,) = await start(w, service, others=(w.bob, w.carol))
    count = len(w.channel.history())
    dave = w.guild.add_member(w.env.create_user("dave"))
    refused = await dave.click(message, label=OPTIONS)
    assert refused.ephemeral and refused.response.content == i18n.gettext("error.not_your_prompt")
    menu = await w.carol.click(message, label=OPTIONS)  # opened before bob plays a card
    await bob_plays_a_card(w, service)
    version = table.version
    stale = await w.carol.click(menu.response, label="Pass")
    assert stale.response.content.startswith(i18n.gettext("error.stale_button"))
    assert table.version == version  # refused; the menu now holds carol's options as they are
    await w.alice.slash(w.channel, "wtoy pass")
    old = await w.alice.click(message, label=OPTIONS)  # alice passed: nothing to show her
    assert old.ephemeral and old.response.content == i18n.gettext("error.not_your_prompt")
    assert table.version == version + 1 and table.state.passed == [0]
    assert len(w.channel.history()) == count  # bob's card and alice's pass: the window's message, edited
    assert refusals(w.env) == []


async def test_a_pass_in_the_same_window_keeps_an_open_menu_valid(world, service):
    w = world
    table, (message,) = await start(w, service)
    menu = await w.bob.click(message, label=OPTIONS)  # opened before alice passes
    await w.alice.slash(w.channel, "wtoy pass")
    await w.bob.click(menu.response, label="Pass")  # the same window: still bob's decision
    assert table.state.passed == [0, 1] and not table.state.window  # both passed: the window closed
    assert refusals(w.env) == []


async def test_a_private_menu_gone_stale_offers_the_options_as_they_are_now(world, service):
    w = world
    table, (message,) = await start(w, service, others=(w.bob, w.carol))
    menu = await w.carol.click(message, label=OPTIONS)
    await bob_plays_a_card(w, service)
    stale = await w.carol.click(menu.response, label="Pass")
    assert stale.response.ephemeral
    assert stale.response.content.split("\n")[0] == i18n.gettext("error.stale_button")
    assert [b["label"] for b in buttons(stale.response)] == ["Pass", "Play"]
    assert all(f":{table.version}:" in b["custom_id"] for b in buttons(stale.response))
    await w.carol.click(stale.response, label="Pass")
    assert table.state.passed == [2]
    assert refusals(w.env) == []


async def test_six_players_in_one_window_get_one_message(world, service):
    w = world
    dave = w.guild.add_member(w.env.create_user("dave"))
    table, posted = await start(w, service, others=(w.bob, w.carol, dave), ai=2)
    assert len(table.seats) == 6 and len(posted) == 1
    assert all(m.mention in posted[0].content for m in (w.alice, w.bob, w.carol, dave))
    assert sum(b["label"] == OPTIONS for b in buttons(posted[0])) == 1
    assert refusals(w.env) == []


async def test_the_clock_passes_everyone_who_did_not_answer(world, service):
    w = world
    table, _ = await start(w, service, timeout=30)
    assert w.env.bot.clock.armed(w.channel.id)
    await w.env.advance_time(29)
    assert table.version == 0
    await w.env.advance_time(2)
    assert not table.state.window and sorted(table.state.passed) == [0, 1]
    last = w.channel.last_message
    assert i18n.gettext("table.timed_out", players="alice, bob") in last.content
    assert w.alice.mention in last.content  # alice's turn: she says `go`, no clock for that
    assert not w.env.bot.clock.armed(w.channel.id)
    assert refusals(w.env) == []


async def test_a_change_rearms_the_clock_for_the_next_window(world, service):
    w = world
    table, _ = await start(w, service, timeout=30)
    await w.env.advance_time(20)
    await w.alice.slash(w.channel, "wtoy pass")  # a change: bob's window starts its 30 s again
    await w.env.advance_time(20)
    assert table.state.passed == [0] and table.state.window
    await w.env.advance_time(11)
    assert not table.state.window
    assert refusals(w.env) == []


async def test_autocomplete_narrows_to_the_users_own_cards(world, service):
    w = world
    table, _ = await start(w, service)
    mine = await w.alice.autocomplete(w.channel, "wtoy play", "card", "")
    assert sorted(c["value"] for c in mine) == sorted(table.state.hands[0])
    assert await w.carol.autocomplete(w.channel, "wtoy play", "card", "") == []
    bobs = await w.bob.autocomplete(w.channel, "wtoy play", "card", "")
    assert sorted(c["value"] for c in bobs) == sorted(table.state.hands[1])


async def test_after_a_restart_the_open_window_runs_out_again(world, service, db_path):
    w = world
    await start(w, service, timeout=30)
    fresh = window_service(db_path)  # a new process: the table comes back from the database
    bot = make_bot(fresh, eager=True)  # every table loaded, its timers armed
    bot.tree.add_command(window_commands())
    await w.env.restart_bot(bot)
    assert bot.clock.armed(w.channel.id)
    await w.env.advance_time(31)
    table = fresh.table(w.channel.id)
    assert not table.state.window and sorted(table.state.passed) == [0, 1]
    assert i18n.gettext("table.timed_out", players="alice, bob") in w.channel.last_message.content
    assert refusals(w.env) == []


async def test_my_hand_button_shows_the_clickers_hand_privately(world, service):
    w = world
    table, (message,) = await start(w, service)
    result = await w.bob.click(message, label="My hand")
    shown = result.followups[-1] if result.followups else result.response
    assert shown.ephemeral and shown.content == HAND_LINE.format(cards=", ".join(table.state.hands[1]))
    assert [a.filename for a in shown.attachments] == ["hand.png"]
    stranger = await w.carol.click(message, label="My hand")
    refused = stranger.followups[-1] if stranger.followups else stranger.response
    assert refused.ephemeral and refused.content == i18n.gettext("error.not_seated")
    assert refusals(w.env) == []


async def test_passes_edit_the_window_message(world, service):
    """Four humans: the passes edit the window's one message (its lines grow, the mention and
    the button follow), down to the last player left, who was pinged when the window opened."""
    w = world
    dave = w.guild.add_member(w.env.create_user("dave"))
    table, (message,) = await start(w, service, others=(w.bob, w.carol, dave))
    count = len(w.channel.history())
    await w.alice.slash(w.channel, "wtoy pass")
    await w.bob.slash(w.channel, "wtoy pass")
    assert len(w.channel.history()) == count
    edited = w.channel.history()[-1]
    assert edited.id == message.id
    assert w.alice.mention not in edited.content and w.bob.mention not in edited.content
    assert w.carol.mention in edited.content and dave.mention in edited.content
    assert edited.content.count(f"{toy_window.KEY}.event.passed") == 2
    assert [a.filename for a in edited.attachments] == ["board.webp"]
    options = next(b for b in buttons(edited) if b["label"] == OPTIONS)
    assert options["custom_id"] == f"gv:a:{table.id}:{table.version}:"
    menu = await dave.click(edited, label=OPTIONS)
    assert [b["label"] for b in buttons(menu.response)] == ["Pass", "Play"]

    await w.carol.slash(w.channel, "wtoy pass")
    assert len(w.channel.history()) == count
    last = w.channel.history()[-1]
    assert last.id == message.id and dave.mention in last.content and w.carol.mention not in last.content
    assert refusals(w.env) == []


async def test_a_card_played_asks_everyone_again_in_the_windows_message(world, service):
    """The passes are cleared: everyone may act again, named in the window's message; each was
    pinged when the window opened, so nobody is pinged again and the message is edited."""
    w = world
    dave = w.guild.add_member(w.env.create_user("dave"))
    _table, (message,) = await start(w, service, others=(w.bob, w.carol, dave))
    await w.alice.slash(w.channel, "wtoy pass")
    count = len(w.channel.history())
    play = next(a for a in service.legal_for(w.channel.id, as_player(w.bob)) if a.startswith("play"))
    _, card, option, target = play.split()
    await w.bob.slash(w.channel, "wtoy play", card=card, option=option, target=target)
    assert len(w.channel.history()) == count and w.channel.last_message.id == message.id
    assert all(m.mention in w.channel.last_message.content for m in (w.alice, w.bob, w.carol, dave))
    assert refusals(w.env) == []


def test_a_live_message_is_edited_only_by_a_newer_quiet_notice_of_its_channel():
    from cogs.live import LIVE_FOR, why_new
    from gavel.tables.notices import LivePost

    post = LivePost(1, 7, 99, 10, (0, 1, 2, 3), ("opened",), posted=1000.0, buttons=True)
    quiet = {"channel_id": 7, "version": 11, "pings": False, "highlight": False, "over": False, "text": "a pass",
             "now": 1000.0}
    assert why_new(post, **quiet) is None  # a pass, a card played, the AI's moves
    assert why_new(post, **{**quiet, "version": 10}) is None  # the same moment, told again
    assert why_new(post, **{**quiet, "version": 9}) == "stale"  # older: never put back a stale button
    assert why_new(post, **{**quiet, "pings": True}) == "ping"
    assert why_new(post, **{**quiet, "highlight": True}) == "highlight"
    assert why_new(post, **{**quiet, "over": True}) == "over"
    assert why_new(post, **{**quiet, "channel_id": 8}) == "channel"
    assert why_new(post, **{**quiet, "now": 1000.0 + LIVE_FOR + 1}) == "old"
    assert why_new(post, **{**quiet, "text": "x" * 2001}) == "long"
    assert why_new(None, **quiet) == "none"


async def test_a_private_menu_says_what_was_chosen_so_far(world, service):
    """Even the level skipped because every choice shares it (a card with only a main option)."""
    w = world
    table, (message,) = await start(w, service, others=(w.bob, w.carol))
    card = next(c for c in table.state.hands[0] if c in toy_window.ONLY_MAIN)
    menu = await w.alice.click(message, label=OPTIONS)
    step = await w.alice.click(menu.response, label="Play")
    assert step.response.content.splitlines()[0] == "Play"
    step = await w.alice.click(step.response, label=card.capitalize())
    assert step.response.content.splitlines()[0] == f"Play › {card.capitalize()} › Main"
    assert [b["label"] for b in buttons(step.response)] == ["Blue", "Green"]

"""A Judge Dredd card-play window message says what the window is for, who has passed (or
passes for the rest of the Game Turn) and when it closes by itself; one player left in a window
is not told "it is your turn"; a hand reaches its player as `hand.png`, never as a board."""

from __future__ import annotations

import re

from gavel.tables import i18n
from gavel.tables.i18n import Listed
from rules.core import Event, Msg, SeatName
from rules.judge_dredd import GAME
from tests.cogs.conftest import buttons, refusals
from tests.cogs.test_judge_dredd_cog import OPTIONS, open_game, place_all, service  # noqa: F401  (fixture)


def window_name(table) -> Msg:
    """The engine's name of the open window (no fight here)."""
    window = GAME.view(table.state, None)["window"]
    return GAME.describe(Event("window", {"window": window["kind"], "seat": window["for"]})).params["window"]


def window_line(table, lang: str = "en") -> str:
    """The window in the words of the decision open (`Decision.about`), before anyone passed."""
    return i18n.render(Msg("judge_dredd.moment", {"window": window_name(table)}), lang, table.seat_name)


def passed_line(table, passed: list[int], skipping: tuple[int, ...] = ()) -> str:
    """The window and who passed (or passes for the rest of the Game Turn: `skipping`)."""
    names = [Msg("judge_dredd.moment.skipping", {"player": SeatName(s)}) if s in skipping else SeatName(s)
             for s in passed]
    return i18n.render(Msg("judge_dredd.moment_passed", {"window": window_name(table), "players": Listed.of(names)}),
                       "en", table.seat_name)


async def test_the_window_message_says_before_whose_move_and_who_passed(world, service):  # noqa: F811
    w = world
    table = await open_game(w, service)
    await place_all(w, service, table)
    view = GAME.view(table.state, None)
    assert view["window"]["kind"] == "before_move"
    message = w.channel.last_message
    assert window_line(table) in message.content
    assert passed_line(table, [2]) in message.content  # the AI passed
    await w.alice.slash(w.channel, "dredd pass")
    last = w.channel.last_message.content
    assert window_line(table) in last
    assert passed_line(table, [0, 2]) in last
    mention = i18n.gettext("cogs.prompt.window_one", mentions=w.bob.mention)
    assert mention in last and i18n.gettext("cogs.prompt.turn_private", mentions=w.bob.mention) not in last
    assert refusals(w.env) == []


async def test_a_seat_that_skips_is_named_as_passing_for_the_rest_of_the_turn(world, service):  # noqa: F811
    w = world
    table = await open_game(w, service)
    await place_all(w, service, table)
    await w.alice.slash(w.channel, "dredd skip")
    name = i18n.render(Msg("judge_dredd.moment.skipping", {"player": SeatName(0)}), "en", table.seat_name)
    assert name in w.channel.last_message.content
    assert refusals(w.env) == []


async def test_the_window_message_counts_down_its_clock(world, service):  # noqa: F811
    w = world
    table = await open_game(w, service, timeout=30)
    await place_all(w, service, table)
    before, after = i18n.gettext("cogs.prompt.clock", when="\0").split("\0")
    assert re.search(re.escape(before) + r"<t:\d+:R>" + re.escape(after), w.channel.last_message.content)
    assert refusals(w.env) == []


async def test_a_window_without_clock_has_no_countdown(world, service):  # noqa: F811
    w = world
    table = await open_game(w, service, timeout=0)
    await place_all(w, service, table)
    assert not re.search(r"<t:\d+:R>", w.channel.last_message.content)
    assert refusals(w.env) == []


async def test_a_hand_is_sent_as_hand_png_and_the_private_board_as_board_png(world, service):  # noqa: F811
    w = world
    table = await open_game(w, service)
    await place_all(w, service, table)
    dms = w.bob.user.dm_channel.history()
    assert [a.filename for a in dms[-1].attachments] == ["hand.png"]
    result = await w.bob.slash(w.channel, "dredd board")
    shown = result.followups[-1] if result.followups else result.response
    assert [a.filename for a in shown.attachments] == ["board.png"]
    assert len(table.state.judges[1].hand) == 6


async def test_my_options_attach_the_own_board_only_at_a_step_with_marked_sectors(world, service):  # noqa: F811
    """A window's first step ("Play a card", "Pass") comes without a picture; Quarantine's
    Sectors ("A · Resyk", …) come with the player's own board, which marks them."""
    w = world
    table = await open_game(w, service)
    await place_all(w, service, table)
    table.state.judges[1].hand[0] = "quarantine"
    menu = await w.bob.click(w.channel.last_message, label=OPTIONS)
    first = menu.followups[-1] if menu.followups else menu.response
    assert first.ephemeral and first.attachments == []
    step = first
    for label in (i18n.gettext("judge_dredd.verb.play"), i18n.gettext("judge_dredd.cardname.quarantine")):
        clicked = await w.bob.click(step, label=next(b["label"] for b in buttons(step) if b["label"] == label))
        step = clicked.followups[-1] if clicked.followups else clicked.response
    labels = [o.label for row in step.message.components for c in row.children for o in getattr(c, "options", [])]
    labels += [b["label"] or "" for b in buttons(step)]
    assert any(" · " in label for label in labels), labels
    assert [a.filename for a in step.message.attachments] == ["board.png"]
    assert refusals(w.env) == []


async def test_my_options_say_what_the_window_is_for_above_the_choices(world, service):  # noqa: F811
    w = world
    table = await open_game(w, service)
    await place_all(w, service, table)
    menu = await w.bob.click(w.channel.last_message, label=OPTIONS)
    shown = menu.followups[-1] if menu.followups else menu.response
    assert shown.ephemeral and shown.content.startswith(window_line(table))
    assert refusals(w.env) == []

"""Secrets travel privately when they change; a window is one public notice that hides every hand."""

from __future__ import annotations

import json

from gavel.tables.notices import Notice, Private, Prompt, Public
from gavel.tables.service import Player, TableService
from tests.tables.conftest import ALICE, BOB, CAROL, CHANNEL, DAVE, EVE
from tests.tables.test_window_clock import open_window, window_service, window_table

FRANK = Player(6, "frank")
SIX = (ALICE, BOB, CAROL, DAVE, EVE, FRANK)


def privates(notices: list[Notice]) -> list[Private]:
    return [n for n in notices if isinstance(n, Private)]


def hand_line(notice: Private) -> list[int]:
    """The cards in the `toy_window.hand` line of a private notice."""
    lines = [m for m in notice.lines if m.key == "toy_window.hand"]
    assert len(lines) == 1
    return [int(c) for c in lines[0].params["cards"].split()]


async def test_the_start_sends_each_human_their_hand_with_its_image_and_no_ai_gets_one() -> None:
    svc = window_service()
    notices = await window_table(svc, ALICE, BOB, ai=1)
    hands = svc.table(CHANNEL).state.hands
    mine = privates(notices)
    assert [(p.seat, p.user_id) for p in mine] == [(0, ALICE.user_id), (1, BOB.user_id)]
    for p in mine:
        assert hand_line(p) == hands[p.seat]
        assert json.loads(p.image) == {"hand": hands[p.seat], "seat": p.seat}  # the seat's own view


async def test_unchanged_secrets_are_not_sent_again() -> None:
    svc = window_service()
    await window_table(svc, ALICE, BOB)
    await open_window(svc)
    notices = await svc.act(CHANNEL, BOB, "pass")
    assert privates(notices) == []


async def test_a_private_event_and_the_new_hand_arrive_in_one_private_notice() -> None:
    svc = window_service()
    await window_table(svc, ALICE, BOB)
    notices = await svc.act(CHANNEL, ALICE, "draw")
    hand = svc.table(CHANNEL).state.hands[0]
    [mine] = privates(notices)
    assert mine.user_id == ALICE.user_id
    assert [m.key for m in mine.lines] == ["toy_window.event.drew", "toy_window.hand"]
    assert hand_line(mine) == hand and mine.image is not None


async def test_playing_a_card_sends_the_smaller_hand() -> None:
    svc = window_service()
    await window_table(svc, ALICE, BOB)
    await open_window(svc)
    card = svc.table(CHANNEL).state.hands[1][0]
    notices = await svc.act(CHANNEL, BOB, f"play {card}")
    [mine] = privates(notices)
    assert mine.seat == 1 and card not in hand_line(mine)


async def test_after_a_restart_nothing_is_sent_until_it_changes(tmp_path) -> None:
    db = str(tmp_path / "secrets.sqlite3")
    svc = window_service(db)
    await window_table(svc, ALICE, BOB)
    again = window_service(db)
    await again.restore()
    notices = await again.act(CHANNEL, ALICE, "draw")
    assert [p.seat for p in privates(notices)] == [0]  # Alice's hand changed; Bob's did not
    notices = await again.act(CHANNEL, BOB, "pass")
    assert privates(notices) == []


async def test_me_shows_the_secrets_first_then_private_events_then_the_actions() -> None:
    svc = window_service()
    await window_table(svc, ALICE, BOB)
    await open_window(svc)
    me = await svc.me(CHANNEL, ALICE)
    assert [m.key for m in me.lines] == ["table.me_seat", "toy_window.hand", "toy_window.event.drew",
                                         "table.me_to_act"]
    assert hand_line(me) == svc.table(CHANNEL).state.hands[0]


async def test_hand_shows_only_the_secrets_and_the_hand_image() -> None:
    svc = window_service()
    await window_table(svc, ALICE, BOB)
    hand = await svc.hand(CHANNEL, BOB)
    assert isinstance(hand, Private) and hand.user_id == BOB.user_id and hand.seat == 1
    assert [m.key for m in hand.lines] == ["toy_window.hand"]
    assert json.loads(hand.image)["hand"] == svc.table(CHANNEL).state.hands[1]


async def test_a_renderer_without_render_hand_costs_the_image_only() -> None:
    from tests.tables import toy_game

    svc = TableService(":memory:", renderers={"toy_window": toy_game.Renderer()})
    notices = await window_table(svc, ALICE, BOB)
    assert [p.image for p in privates(notices)] == [None, None]
    assert (await svc.hand(CHANNEL, ALICE)).image is None


async def test_a_window_of_six_is_one_public_notice_naming_who_may_act() -> None:
    svc = window_service()
    await window_table(svc, *SIX)
    notices = await svc.act(CHANNEL, ALICE, "draw")
    public = [n for n in notices if isinstance(n, Public)]
    prompts = [n for n in notices if isinstance(n, Prompt)]
    assert len(public) == 1
    [line] = [text for text in public[0].text("en") if text.startswith("Waiting for")]
    assert line == "Waiting for: alice, bob, carol, dave, eve, frank."
    assert not any(m.key == "table.your_turn" for m in public[0].lines)
    # Everyone is prompted (so a pause reveals nothing), privately: the first rides on the Public.
    everyone = [public[0].prompt, *prompts]
    assert [p.seat for p in everyone] == list(range(6)) and all(p.private for p in everyone)
    assert all("pass" in p.actions for p in everyone)
    hands = svc.table(CHANNEL).state.hands
    shown = repr(public[0].lines) + "".join(public[0].text("en")) + "".join(public[0].text("zh-TW"))
    assert not [c for hand in hands for c in hand if str(c) in shown]
    assert "hand" not in json.loads(public[0].image)["board"] or json.loads(public[0].image)["board"]["hand"] is None


async def test_whole_games_never_show_a_held_card_in_public_nor_a_private_to_the_wrong_user() -> None:
    svc = window_service()
    users = {p.user_id: i for i, p in enumerate((ALICE, BOB, CAROL))}
    for game in range(3):
        channel = CHANNEL + game
        notices = await window_table(svc, ALICE, BOB, CAROL, ai=1, timeout=1, channel=channel)
        for _ in range(100):
            table = svc.table(channel)
            if table is None:
                break
            hands = [c for hand in table.state.hands for c in hand]
            for n in notices:
                if isinstance(n, Public):
                    shown = repr(n.lines) + "".join(n.text("en")) + "".join(n.text("zh-TW"))
                    assert not [c for c in hands if str(c) in shown]
                    assert n.prompt is None or n.prompt.private  # its actions are shown to its player only
                elif isinstance(n, Private):
                    assert users[n.user_id] == n.seat
                    assert not [c for s, h in enumerate(table.state.hands) if s != n.seat for c in h
                                if str(c) in repr(n.lines)]
            humans = table.humans_to_act()
            if game and table.state.window:  # games 1 and 2 let the clock pass the humans
                notices = await svc.expire(channel, table.version)
            else:
                player = (ALICE, BOB, CAROL)[humans[0]]
                legal = svc.legal_for(channel, player)
                notices = await svc.act(channel, player, legal[-1])
        assert svc.table(channel) is None, "the game finished"


async def test_the_status_names_everyone_in_a_window_in_one_line() -> None:
    svc = window_service()
    await window_table(svc, *SIX)
    await open_window(svc)
    status = await svc.status(CHANNEL)
    assert [m.key for m in status.lines].count("table.may_act") == 1
    assert not [m for m in status.lines if m.key == "table.your_turn"]


async def test_a_table_closing_leaves_what_another_tables_seats_were_sent() -> None:
    """What each table's seats were sent is the table's own: one table ending (cancelled) does not
    make another send its players their unchanged hands again."""
    svc = window_service()
    other = CHANNEL + 1
    await window_table(svc, ALICE, BOB)
    await window_table(svc, CAROL, DAVE, channel=other)
    await svc.cancel(CHANNEL, ALICE)
    await svc.act(other, CAROL, "draw")
    notices = await svc.act(other, DAVE, "pass")
    assert privates(notices) == []

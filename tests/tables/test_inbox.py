"""The turn inbox below Discord, on both database backends: a change notes who its table waits
on (public words only) and the inbox of a player is read from the database alone, so two services
on one database (two processes) and a restarted one edit the same message; a new message only
after a quiet period; no line ever says a secret of another seat."""

from __future__ import annotations

import asyncio
import io
import json
from pathlib import Path

import pytest

from gavel.tables import i18n
from gavel.tables.console import LocalOptions, run
from gavel.tables.inbox import DIGEST_EVERY, POSTING, QUIET, Wait, inbox_lines, plan
from gavel.tables.notices import Notice, Waiting, from_record, to_record
from gavel.tables.service import Player, TableService
from rules import registry
from rules.core import IllegalAction, Msg
from tests.tables import toy_game
from tests.tables.backends import Backend
from tests.tables.conftest import ALICE, BOB, CAROL, DAVE, EVE
from tests.tables.test_shared_clock import Wall

SERVER_A, SERVER_B = 7, 8
ONE, TWO, THREE = 100, 200, 300
"""Three channels: ONE and TWO on server A, THREE on server B."""


class Discord:
    """The DMs as a fake Discord keeps them: every post and edit, by message id."""

    def __init__(self) -> None:
        self.messages: dict[int, tuple[int, str]] = {}
        self.posts: list[tuple[int, int]] = []
        self.edits: list[int] = []
        self._next = 5000

    async def post(self, user_id: int, text: str) -> tuple[int, int] | None:
        self._next += 1
        self.messages[self._next] = (user_id, text)
        self.posts.append((user_id, self._next))
        return 900 + user_id, self._next

    async def edit(self, channel_id: int, message_id: int, text: str) -> bool:
        if message_id not in self.messages:
            return False
        self.messages[message_id] = (self.messages[message_id][0], text)
        self.edits.append(message_id)
        return True

    def of(self, user: Player) -> list[int]:
        return [m for u, m in self.posts if u == user.user_id]

    def text(self, message: int) -> str:
        return self.messages[message][1]


def text_of(user: int, waits: list[Wait]) -> str:
    return "\n".join(inbox_lines(waits, "en", link=lambda w: f"#{w.channel_id}", when=lambda t: f"<t:{int(t)}:R>"))


def service(db: str, wall: Wall) -> TableService:
    svc = TableService(db, renderers={"toy": toy_game.Renderer()}, ais={"toy": toy_game.choose}, clock=wall)
    svc.wall = wall
    svc.inbox.enabled = True
    return svc


async def deliver(svc: TableService, notices: list[Notice], discord: Discord) -> dict[int, list[str]]:
    """What the front-end does with a change's notices, for the inbox alone."""
    done: dict[int, list[str]] = {}
    for notice in notices:
        if isinstance(notice, Waiting):
            done.update(await svc.show_waits(notice, discord, text_of))
    return done


async def table(svc: TableService, guild: int, channel: int, *players: Player, discord: Discord) -> None:
    await svc.create(guild, channel, "toy", players[0], seed=f"s{channel}")
    for p in players[1:]:
        await svc.join(channel, p)
    await deliver(svc, await svc.start(channel, players[0]), discord)


async def turn(svc: TableService, channel: int, player: Player, discord: Discord) -> dict[int, list[str]]:
    """The player rolls and moves (their whole turn)."""
    done = await deliver(svc, await svc.act(channel, player, "roll"), discord)
    roll = svc.table(channel).state.roll
    for user, steps in (await deliver(svc, await svc.act(channel, player, f"move {roll}"), discord)).items():
        done.setdefault(user, []).extend(steps)
    return done


# --------------------------------------------------------------------------- the parts
def test_a_waiting_travels_through_the_outbox() -> None:
    wait = Wait(3, SERVER_A, ONE, "toy", 1, Msg("x.about", {"seat": 0}), ("A", "B"), 1200.0, 2)
    notice = Waiting(3, ONE, 9, {ALICE.user_id: wait.to_json(), BOB.user_id: None})
    again = from_record(to_record(notice))
    assert again == notice
    assert isinstance(again, Waiting) and Wait.from_json(again.waits[ALICE.user_id]) == wait
    # A window asking six players keeps the table's words once; players' own seats and clocks each.
    names = tuple("ABCDEF")
    six = {u: Wait(3, SERVER_A, ONE, "toy", u, Msg("x.about", {"seat": 0}), names, 1200.0 + (u == 2), 5).to_json()
           for u in range(6)}
    window = Waiting(3, ONE, 9, {**six, 99: None})
    record = to_record(window)
    assert from_record(record) == window and "common" in record
    assert len(json.dumps(record)) < len(json.dumps(six)) / 2
    odd = Waiting(3, ONE, 9, {0: six[0], 1: {**six[1], "others": 4}})  # words that differ: kept whole
    assert from_record(to_record(odd)) == odd


def test_an_inbox_reads_in_both_languages_one_sentence_after_another() -> None:
    asked = Msg("judge_dredd.moment", {"window": "x"})
    waits = [Wait(1, SERVER_A, ONE, "toy", 0, None, ("A", "B"), 1_000_000.0, 0),
             Wait(2, SERVER_B, THREE, "toy", 1, asked, ("A", "B"), None, 2)]
    found = {lang: inbox_lines(waits, lang, link=lambda w: f"#{w.channel_id}", when=lambda t: f"<t:{int(t)}:R>")
             for lang in ("en", "zh-TW")}
    assert found["en"] == ["2 tables are waiting for you:",
                           "• Toy race (#100): Your move. Time runs out <t:1000000:R>.",
                           "• Toy race (#300): Card-play window: x. 2 other seats are asked too."]
    assert found["zh-TW"] == ["有 2 張牌桌在等你：", "• Toy race（#100）：輪到你。<t:1000000:R>時間到。",
                              f"• Toy race（#300）：{i18n.render(asked, 'zh-TW')}另有 2 個座位也要行動。"]
    assert inbox_lines([], "zh-TW", link=str, when=str) == ["目前沒有牌桌在等你。"]


def test_the_plan_posts_first_edits_after_and_posts_again_only_after_a_quiet_period() -> None:
    assert plan(None, "d1", False, 0.0, "on") == "post"
    assert plan(None, "d1", True, 0.0, "on") == "none"  # nothing to say, no message yet
    row = {"message": 11, "digest": "d1", "posted": 0.0, "idle": None}
    assert plan(row, "d1", False, 10.0, "on") == "none"  # the same list
    assert plan(row, "d2", False, 10.0, "on") == "edit"
    assert plan(row, "d0", True, 10.0, "on") == "edit"  # nothing waits any more: said by an edit
    idle = {**row, "idle": 100.0}
    assert plan(idle, "d3", False, 100.0 + QUIET - 1, "on") == "edit"
    assert plan(idle, "d3", False, 100.0 + QUIET, "on") == "post"
    assert plan(row, "d2", False, 10.0, "off") == "none"
    held = {**row, "message": 0, "posted": 50.0}  # another process is posting it
    assert plan(held, "d2", False, 50.0 + POSTING - 1, "on") == "none"
    assert plan(held, "d2", False, 50.0 + POSTING, "on") == "post"
    assert plan(None, "d1", False, 0.0, "digest") == "post"
    assert plan(row, "d2", False, DIGEST_EVERY - 1, "digest") == "none"
    assert plan(row, "d2", False, DIGEST_EVERY, "digest") == "post"
    assert plan(row, "d2", True, DIGEST_EVERY, "digest") == "none"


def test_both_stores_keep_waits_by_version_and_inboxes_by_compare_and_swap(backend: Backend) -> None:
    store = service(backend.location(), Wall()).store
    row = {"guild": SERVER_A, "channel": ONE, "game": "toy", "variant": "", "status": "active", "seed": "s",
           "config": "{}", "version": 0, "created": "now"}
    first, second = store.insert_table(dict(row)), store.insert_table({**row, "channel": TWO})
    assert store.inbox_wait(first, 5, {1: '{"t": 1}', 2: None}) == [1]
    assert store.inbox_wait(first, 4, {1: None, 2: '{"t": 0}'}) == []  # older: the newer stays
    assert store.inbox_wait(first, 6, {1: '{"t": 1}', 2: '{"t": 2}'}) == [2]  # 1 reads the same
    assert store.inbox_wait(second, 1, {1: '{"t": 9}'}) == [1]
    assert [(r["table_id"], r["wait"]) for r in store.inbox_waiting(1)] == [(first, '{"t": 1}'), (second, '{"t": 9}')]
    store.update_table(second, status="finished")
    assert [r["table_id"] for r in store.inbox_waiting(1)] == [first]  # a game over waits on nobody
    assert store.inbox_row(1) is None
    kept = {"user_id": 1, "channel": 91, "message": 5, "digest": "d", "posted": 10.0, "idle": None}
    assert store.inbox_keep(kept, 0) and not store.inbox_keep(kept, 0)
    assert store.inbox_keep({**kept, "message": 6}, 1) and not store.inbox_keep({**kept, "message": 7}, 1)
    found = store.inbox_row(1)
    assert found is not None and found["message"] == 6 and found["rev"] == 2


async def test_settings_take_the_inbox_on_off_or_digest_and_refuse_anything_else() -> None:
    svc = service(":memory:", Wall())
    assert (await svc.settings(ALICE.user_id))["inbox"] == "off"
    notice = await svc.settings_notice(ALICE.user_id, inbox="digest")
    assert (await svc.settings(ALICE.user_id))["inbox"] == "digest"
    assert Msg("table.settings.inbox", {"value": Msg("table.settings.digest")}) in notice.lines
    for bad in ("yes", "ON"):
        with pytest.raises(IllegalAction):
            await svc.settings_notice(ALICE.user_id, inbox=bad)
    assert (await svc.settings(ALICE.user_id))["inbox"] == "digest"
    for lang in ("en", "zh-TW"):
        assert "{" not in "\n".join(i18n.render(line, lang) for line in notice.lines)


# --------------------------------------------------------------------------- across servers and processes
async def test_one_message_across_two_servers_and_two_processes_edited_not_posted(backend: Backend) -> None:
    db, wall, discord = backend.location(), Wall(), Discord()
    here, there = service(db, wall), service(db, wall)  # two processes on one database
    await here.set_settings(ALICE.user_id, inbox="on")
    await table(here, SERVER_A, ONE, ALICE, BOB, discord=discord)  # Alice is asked first here
    [message] = discord.of(ALICE)
    assert "1 table is waiting" in discord.text(message) and "#100" in discord.text(message)
    await table(there, SERVER_B, THREE, CAROL, ALICE, discord=discord)  # Carol first: not Alice yet
    assert discord.of(ALICE) == [message]
    await turn(there, THREE, CAROL, discord)  # now Alice is asked on the other server too
    assert discord.of(ALICE) == [message] and message in discord.edits
    assert "2 tables are waiting" in discord.text(message) and "#300" in discord.text(message)
    await turn(here, ONE, ALICE, discord)
    assert discord.of(ALICE) == [message] and "#100" not in discord.text(message)
    assert discord.posts == [(ALICE.user_id, message)]  # Bob and Carol never turned it on
    restarted = service(db, wall)  # a restart: the same message
    await restarted.restore()
    await turn(there, THREE, ALICE, discord)
    assert discord.of(ALICE) == [message] and "No table is waiting" in discord.text(message)
    edits = len(discord.edits)
    await turn(restarted, ONE, BOB, discord)
    assert discord.of(ALICE) == [message] and len(discord.edits) == edits + 1  # not quiet for long yet
    assert "#100" in discord.text(message)
    assert [w.table_id for w in await restarted.games(ALICE.user_id)] == [restarted.table(ONE).id]


async def test_a_move_that_moves_no_wait_notes_nothing_and_an_older_note_never_undoes_a_newer(
        backend: Backend) -> None:
    db, wall, discord = backend.location(), Wall(), Discord()
    svc = service(db, wall)
    await svc.set_settings(ALICE.user_id, inbox="on")
    await table(svc, SERVER_A, ONE, ALICE, BOB, discord=discord)
    [first] = discord.of(ALICE)
    assert not [n for n in await svc.act(ONE, ALICE, "roll") if isinstance(n, Waiting)]  # still asked
    late = [n for n in await svc.act(ONE, ALICE, f"move {svc.table(ONE).state.roll}") if isinstance(n, Waiting)]
    assert [n.waits[ALICE.user_id] for n in late] == [None]
    await turn(svc, ONE, BOB, discord)  # Alice is asked again: delivered before the older note
    assert "#100" in discord.text(first)
    assert await deliver(svc, late, discord) == {}  # the older note changes nothing
    assert "#100" in discord.text(first) and discord.of(ALICE) == [first]
    assert [w.table_id for w in await svc.games(ALICE.user_id)] == [svc.table(ONE).id]


async def test_a_quiet_period_posts_a_new_message_which_pings_the_player(backend: Backend) -> None:
    db, wall, discord = backend.location(), Wall(), Discord()
    svc = service(db, wall)
    await svc.set_settings(ALICE.user_id, inbox="on")
    await table(svc, SERVER_A, ONE, ALICE, BOB, discord=discord)
    [first] = discord.of(ALICE)
    await turn(svc, ONE, ALICE, discord)
    assert "No table is waiting" in discord.text(first)
    wall.now += QUIET - 10
    await turn(svc, ONE, BOB, discord)  # back within the quiet period: an edit
    assert discord.of(ALICE) == [first]
    await turn(svc, ONE, ALICE, discord)
    wall.now += QUIET + 10
    await turn(svc, ONE, BOB, discord)  # after it: a new message
    assert len(discord.of(ALICE)) == 2


async def test_a_deleted_message_is_posted_again_and_off_stops_every_message() -> None:
    wall, discord = Wall(), Discord()
    svc = service(":memory:", wall)
    await svc.set_settings(ALICE.user_id, inbox="on")
    await table(svc, SERVER_A, ONE, ALICE, BOB, discord=discord)
    [first] = discord.of(ALICE)
    del discord.messages[first]
    await turn(svc, ONE, ALICE, discord)
    assert len(discord.of(ALICE)) == 2
    await svc.set_settings(ALICE.user_id, inbox="off")
    posts, edits = len(discord.posts), len(discord.edits)
    await turn(svc, ONE, BOB, discord)
    assert (len(discord.posts), len(discord.edits)) == (posts, edits)


# --------------------------------------------------------------------------- no secret in a line
async def test_no_inbox_line_ever_shows_a_secret_of_any_seat() -> None:
    """A City of Judgement table of five humans played by its AI's choices: at every change, each
    wait says what the decision asks in public (`Decision.about`), and no inbox, in either
    language, shows a role, a hand or the Order card a seat alone has read (`own_question`)."""
    players = (ALICE, BOB, CAROL, DAVE, EVE)
    svc = TableService(":memory:", renderers={"judgement": None})
    svc.inbox.enabled = True
    plugin = registry.plugin("judgement")
    await svc.create(SERVER_A, ONE, "judgement", ALICE, seed="inbox")
    for p in players[1:]:
        await svc.join(ONE, p)
    notices = await svc.start(ONE, ALICE)
    table_id = svc.table(ONE).id
    owns = checked = 0
    for _ in range(400):
        current = svc.table(ONE) or svc.get(table_id)
        assert current is not None
        secrets: list[str] = []
        for seat in range(len(players)):
            own = current.game.own_question(current.state, seat) if current.status == "active" else None
            owns += own is not None
            secrets += [i18n.render(m, lang) for lang in ("en", "zh-TW") for m in ([own] if own else [])]
            secrets += [i18n.render(m, lang) for lang in ("en", "zh-TW")
                        for m in current.game.secrets(current.state, seat)]
        for notice in notices:
            if not isinstance(notice, Waiting):
                continue
            assert notice.version == current.version
            for data in notice.waits.values():
                if data is not None and not data.get("ahead"):  # a table coming up asks nothing yet
                    assert Wait.from_json(data).about == current.decision().about
            waits = [Wait.from_json(w) for w in notice.waits.values() if w is not None]
            for lang in ("en", "zh-TW"):
                text = "\n".join(inbox_lines(waits, lang, link=lambda w: "#", when=str))
                assert not any(secret in text for secret in secrets if len(secret) > 3), text
                checked += 1
        if current.status != "active":
            break
        seat = current.humans_to_act()[0]
        action = plugin.ai(current.game, current.state, seat) if plugin.ai else None
        notices = await svc.act(ONE, players[seat], str(action))
    assert checked > 20 and owns > 0  # the check ran, and Order cards were in hand meanwhile


async def test_local_play_lists_the_tables_waiting_on_each_player_and_sets_the_inbox(tmp_path: Path) -> None:
    svc = TableService(":memory:", renderers={"toy": toy_game.Renderer()}, ais={"toy": toy_game.choose})
    out = io.StringIO()
    opts = LocalOptions(game="toy", images=str(tmp_path / "img"), seats=2)
    code = await run(opts, service=svc, stdin=io.StringIO("games\nsettings inbox:digest\n/table games\n"), out=out)
    text = out.getvalue()
    assert code == 0, text
    assert text.count("waiting for you:") == 2 and "(this table): Your move." in text
    assert "no table is waiting for you." in text and "Turn inbox by DM" in text and "a daily digest" in text
    assert (await svc.settings(ALICE.user_id))["inbox"] == "digest"


async def test_a_game_cancelled_leaves_the_inbox() -> None:
    wall, discord = Wall(), Discord()
    svc = service(":memory:", wall)
    await svc.set_settings(ALICE.user_id, inbox="on")
    await table(svc, SERVER_A, ONE, ALICE, BOB, discord=discord)
    [first] = discord.of(ALICE)
    assert "#100" in discord.text(first)
    await deliver(svc, await svc.cancel(ONE, ALICE, can_manage=True), discord)
    assert "No table is waiting" in discord.text(first) and discord.of(ALICE) == [first]
    assert await svc.games(ALICE.user_id) == []


class SlowDiscord(Discord):
    """A Discord whose first post waits until the test lets it go (`release`), having said it
    started (`posting`): whatever else runs meanwhile finds that post in progress."""

    def __init__(self) -> None:
        super().__init__()
        self.posting, self.release = asyncio.Event(), asyncio.Event()

    async def post(self, user_id: int, text: str) -> tuple[int, int] | None:
        if not self.posting.is_set():
            self.posting.set()
            await self.release.wait()
        return await super().post(user_id, text)


async def test_two_processes_showing_one_inbox_at_once_post_one_message(backend: Backend) -> None:
    db, wall, discord = backend.location(), Wall(), Discord()
    here, there = service(db, wall), service(db, wall)
    await table(here, SERVER_A, ONE, ALICE, BOB, discord=discord)  # noted while her inbox was off
    await table(there, SERVER_B, THREE, ALICE, CAROL, discord=discord)
    await here.set_settings(ALICE.user_id, inbox="on")
    slow = SlowDiscord()
    first = asyncio.ensure_future(here.refresh_inbox(ALICE.user_id, slow, text_of))
    await slow.posting.wait()  # one process is posting her inbox...
    assert await there.refresh_inbox(ALICE.user_id, slow, text_of) == []  # ...the other leaves it
    slow.release.set()
    assert await first == ["post"]
    [message] = slow.of(ALICE)
    assert "2 tables are waiting" in slow.text(message)


# --------------------------------------------------------------------------- tables coming up
def test_the_tables_coming_up_follow_the_tables_waiting_in_both_languages() -> None:
    waits = [Wait(1, SERVER_A, ONE, "toy", 0, None, ("A", "B"), None, 0, ahead=2),
             Wait(2, SERVER_B, THREE, "toy", 1, None, ("A", "B"), None, 0, ahead=1)]
    assert Wait.from_json(waits[0].to_json()) == waits[0]
    found = {lang: inbox_lines(waits, lang, link=lambda w: f"#{w.channel_id}", when=str) for lang in ("en", "zh-TW")}
    assert found["en"] == ["No table is waiting for you.", "Coming up:",
                           "• Toy race (#300): 1 seat acts before you.",
                           "• Toy race (#100): 2 seats act before you."]
    assert found["zh-TW"] == ["目前沒有牌桌在等你。", "即將輪到你：",
                              "• Toy race（#300）：你之前還有 1 個座位要行動。",
                              "• Toy race（#100）：你之前還有 2 個座位要行動。"]
    asked = Wait(3, SERVER_A, TWO, "toy", 0, None, ("A", "B"), None, 0)
    assert inbox_lines([waits[0], asked], "en", link=lambda w: f"#{w.channel_id}", when=str) == [
        "1 table is waiting for you:", "• Toy race (#200): Your move.", "Coming up:",
        "• Toy race (#100): 2 seats act before you."]


async def test_each_player_sees_how_many_seats_act_before_them_and_a_quiet_inbox_is_only_edited(
        backend: Backend) -> None:
    """Dad's Army, three humans: at the start the seat asked has no seat before it, the next
    one seat and the last two. Alice's inbox is posted when she is asked, then edited as the
    turns come round (two seats before her, then one), never posted again for a table coming
    up, even after a quiet period; when she is asked again after it, a new message tells her."""
    db, wall, discord = backend.location(), Wall(), Discord()
    svc = TableService(db, renderers={"dads_army": None}, clock=wall)
    svc.wall = wall
    svc.inbox.enabled = True
    await svc.set_settings(ALICE.user_id, inbox="on")
    players = (ALICE, BOB, CAROL)
    await svc.create(SERVER_A, ONE, "dads_army", ALICE, seed="a3")  # a seed where Alice goes first
    for p in players[1:]:
        await svc.join(ONE, p)
    await deliver(svc, await svc.start(ONE, ALICE), discord)
    current = svc.table(ONE)
    assert current is not None
    waits = svc.inbox.waits(current)
    [first] = current.game.to_act(current.state)
    assert [(waits[p.user_id].seat, waits[p.user_id].ahead) for p in players] == [
        (seat, (seat - first) % 3) for seat in range(3)]
    assert (len(discord.of(ALICE)) == 1) == (first == 0)  # posted once she is asked, not before
    policy = registry.plugin("dads_army").ai

    async def play_until(seat: int) -> None:
        """The seats play (by their AI's choice) until `seat`'s turn comes."""
        for _ in range(200):
            state = current.state
            if current.game.to_act(state) == {seat} and current.game.turn_order(state) is not None:
                return
            acting = sorted(current.game.to_act(state))[0]
            await deliver(svc, await svc.act(ONE, players[acting], str(policy(current.game, state, acting))), discord)
        pytest.fail(f"seat {seat}'s turn never came")

    await play_until(0)
    [message] = discord.of(ALICE)
    assert "1 table is waiting" in discord.text(message)
    await play_until(1)
    assert discord.of(ALICE) == [message] and "2 seats act before you" in discord.text(message)
    wall.now += QUIET + 10  # a quiet period: what comes up is edited in, never posted
    await play_until(2)
    assert discord.of(ALICE) == [message] and "1 seat acts before you" in discord.text(message)
    await play_until(0)
    assert len(discord.of(ALICE)) == 2 and "1 table is waiting" in discord.text(discord.of(ALICE)[-1])
    assert [w.ahead for w in await svc.games(BOB.user_id)] == [1]
    svc.close()

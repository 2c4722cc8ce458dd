"""Substitutes: a new player takes an away seat and is briefed with exactly that seat's knowledge.

The briefing (`gavel.tables.briefing`, `TableService.briefing`) is folded from the log. It is
checked against what the seat's player actually received: a whole seeded game of every installed
game is played through the service by human seats only (each choosing with the game's own AI
policy), every `Private` notice kept per seat, and every few calls each seat's briefing must be
the private event lines it was sent, in order, and the secrets it holds now (the last ones sent).
No line of another seat's secrets that the seat was never sent may appear in it.

Then the flow: `want` (host only, an away seat only), the away vote offering the seat by itself,
`take` (not by a seated player, only a wanted seat), the briefing sent first, the seat's new
player and its holders stored (both stores), `/games open` from the database, and the end of
the game crediting each holder for their share (results, ratings, record)."""

from __future__ import annotations

from collections import defaultdict
from functools import partial
from typing import Any

import pytest

from gavel.tables import i18n
from gavel.tables.ai import choose
from gavel.tables.away import VOTE_AFTER
from gavel.tables.notices import Notice, Private, Public
from gavel.tables.service import Player, Table, TableService
from gavel.tables.table import engine_config
from gavel.tables.undo import _take_back
from rules import registry
from rules.core import IllegalAction, Msg
from rules.judtho import ai as judtho_ai
from tests.tables.backends import Backend
from tests.tables.test_time_controls import ALICE as TC_ALICE
from tests.tables.test_time_controls import BOB as TC_BOB
from tests.tables.test_time_controls import CAROL as TC_CAROL
from tests.tables.test_time_controls import CHANNEL as TC_CHANNEL
from tests.tables.test_time_controls import race
from tests.tables.test_time_controls import service as race_service
from tests.tables.test_undo import CHANNEL as UNDO_CHANNEL
from tests.tables.test_undo import PLAYERS as UNDO_PLAYERS
from tests.tables.test_undo import a_move
from tests.tables.test_undo import judtho as undo_judtho
from tests.tables.test_walk_away_games import Wall

ALICE, BOB, CAROL, DAVE, ERIN = (Player(i, n) for i, n in enumerate(("alice", "bob", "carol", "dave", "erin"), 1))
FOUR = (ALICE, BOB, CAROL, DAVE)
CHANNEL, GUILD = 400, 11
MAX_CALLS = 3000
EVERY = 15
"""How often (in calls) every seat's briefing is checked against what it received."""

QUICK = {"judtho": partial(judtho_ai.choose, node_budget=40)}
SEEDS = {"dads_army": "s3", "judge_dredd": "d5", "judgement": "s1", "judtho": "q1"}
"""Seeds of short games; a game not named here plays the `OTHER` seed."""
OTHER = "b1"
GAMES = sorted(key for key, plugin in registry.plugins().items() if plugin.ai is not None)
"""Every game with an AI of its own: every game that ships, and a plug-in's (not the tests' own
toys, which other test modules register, without one, as they are imported)."""


def service(db: str = ":memory:") -> tuple[TableService, Wall]:
    wall = Wall()
    svc = TableService(db, renderers={key: None for key in registry.plugins()}, clock=wall, ais=dict(QUICK))
    svc.wall = wall
    return svc, wall


def words(lines: list[Msg], table: Table) -> list[str]:
    return [i18n.render(m, lang, table.seat_name) for m in lines for lang in i18n.LANGUAGES]


class Received:
    """What each seat's player was sent: the private event lines, in order, apart from the
    secrets that came after them in the same notice (`Secrets.changed`, recorded as it answers)."""

    def __init__(self, svc: TableService) -> None:
        self.told: dict[int, list[Msg]] = defaultdict(list)
        self.everything: dict[int, list[Msg]] = defaultdict(list)
        self._secrets: dict[int, list[list[Msg]]] = defaultdict(list)
        self._used: dict[int, int] = defaultdict(int)
        changed = svc.secrets.changed

        def recorded(table: Table, seat: int) -> list[Msg]:
            lines = changed(table, seat)
            if lines:
                self._secrets[seat].append(lines)
            return lines

        svc.secrets.changed = recorded  # type: ignore[method-assign]

    def take(self, notices: list[Notice]) -> None:
        for n in notices:
            if not isinstance(n, Private):
                continue
            lines = list(n.lines)
            self.everything[n.seat] += lines
            pending = self._secrets[n.seat]
            used = self._used[n.seat]
            if used < len(pending) and lines[len(lines) - len(pending[used]):] == pending[used]:
                lines = lines[:len(lines) - len(pending[used])]
                self._used[n.seat] += 1
            self.told[n.seat] += lines

    def all_matched(self) -> bool:
        return all(self._used[s] == len(p) for s, p in self._secrets.items())


async def check_briefings(svc: TableService, table: Table, got: Received) -> None:
    assert got.all_matched()
    game, state = table.game, table.state
    assert state is not None
    for seat in range(len(table.seats)):
        briefing = await svc.briefing(CHANNEL, seat)
        assert briefing.told == got.told[seat], f"{table.game_key} seat {seat}"
        held = list(game.secrets(state, seat)) if game.info.has_secrets else []
        assert briefing.secrets == held
        # nothing of another seat's secrets that this seat was never sent
        mine = set(words(got.everything[seat], table))
        shown = set(words(briefing.lines, table))
        for other in range(len(table.seats)):
            if other != seat and game.info.has_secrets:
                theirs = set(words(list(game.secrets(state, other)), table))
                assert not (theirs & shown) - mine, (seat, other)


@pytest.mark.parametrize("key", GAMES)
async def test_the_briefing_is_what_the_seat_was_sent(key: str) -> None:
    svc, _ = service()
    got = Received(svc)
    info = registry.plugin(key).game.info
    seats = info.seats_for(None)
    players = FOUR if 4 in seats else FOUR[:min(seats)]
    await svc.create(GUILD, CHANNEL, key, players[0], seed=SEEDS.get(key, OTHER))
    for p in players[1:]:
        got.take(await svc.join(CHANNEL, p))
    got.take(await svc.start(CHANNEL, players[0]))
    table = svc.table(CHANNEL)
    assert table is not None and table.status == "active"
    policy = QUICK.get(key) or registry.plugin(key).ai
    assert policy is not None
    calls = 0
    for calls in range(1, MAX_CALLS):
        present = [p for p in players if svc.legal_for(CHANNEL, p)]
        assert present, "nobody may act in a game of humans only"
        player = present[0]
        seat = table.seat_of(player.user_id)
        assert seat is not None and table.state is not None
        if calls % EVERY == 0:
            await check_briefings(svc, table, got)
        got.take(await svc.act(CHANNEL, player, choose(table.game, table.state, seat, policy)))
        if table.status != "active":
            break
    else:
        pytest.fail(f"{key}: no end after {MAX_CALLS} calls")
    assert calls >= EVERY  # the briefings were checked at least once
    if info.hidden_information:
        assert any(got.everything.values()), "a hidden-information game told no seat anything alone"


async def heard(svc: TableService, notices: list[Any]) -> None:
    """Every notice reached Discord (its outbox row done): a time-up is then the player's own,
    which counts toward a walk-away (a notice still owed would be the platform's fault)."""
    await svc.delivered(n.outbox for n in notices if getattr(n, "outbox", None) is not None)


# --------------------------------------------------------------------------- the flow
async def four_humans_one_away(svc: TableService, wall: Wall, key: str = "judge_dredd", seed: str = "d5") -> Table:
    """A game of four humans where Dave let his time run out twice: the AI plays his seat."""
    await svc.create(GUILD, CHANNEL, key, ALICE, seed=seed, time="live")
    for p in FOUR[1:]:
        await svc.join(CHANNEL, p)
    await heard(svc, await svc.start(CHANNEL, ALICE))
    table = svc.table(CHANNEL)
    assert table is not None
    policy = registry.plugin(key).ai
    for _ in range(MAX_CALLS):
        if table.seats[3].away:
            return table
        present = [p for p in FOUR[:3] if svc.legal_for(CHANNEL, p)]
        if present:
            seat = table.seat_of(present[0].user_id)
            assert seat is not None and table.state is not None
            await heard(svc, await svc.act(CHANNEL, present[0], choose(table.game, table.state, seat, policy)))
            continue
        deadline = svc.deadline(CHANNEL)
        assert deadline is not None
        wall.now += deadline.seconds + 1
        await heard(svc, await svc.expire(CHANNEL, deadline.version))
    pytest.fail("Dave was never handed to the AI")


async def test_the_host_offers_an_away_seat_and_a_newcomer_takes_it(tmp_path) -> None:
    svc, wall = service(str(tmp_path / "gavel.db"))
    table = await four_humans_one_away(svc, wall)
    with pytest.raises(IllegalAction) as refused:
        await svc.take(CHANNEL, ERIN, "dave")
    assert refused.value.code == "take_not_wanted"  # not offered yet
    with pytest.raises(IllegalAction) as refused:
        await svc.want(CHANNEL, BOB, "dave")
    assert refused.value.code == "not_host"
    with pytest.raises(IllegalAction) as refused:
        await svc.want(CHANNEL, ALICE, "bob")
    assert refused.value.code == "wanted_not_away"
    with pytest.raises(IllegalAction) as refused:
        await svc.want(CHANNEL, ALICE, "nobody")
    assert refused.value.code == "no_such_seat"
    [offer] = await svc.want(CHANNEL, ALICE, "4")
    assert isinstance(offer, Public) and offer.wanted == 3 and offer.lines[0].key == "table.seat_wanted"
    assert svc.store.seats(table.id)[3]["wanted"] == 1
    with pytest.raises(IllegalAction) as refused:
        await svc.want(CHANNEL, ALICE, "Dave")
    assert refused.value.code == "wanted_already"
    [open_seat] = await svc.wanted_seats(GUILD)
    assert (open_seat["channel"], open_seat["seat"], open_seat["name"]) == (CHANNEL, 3, "dave")
    assert await svc.wanted_seats(GUILD + 1) == []
    with pytest.raises(IllegalAction) as refused:
        await svc.take(CHANNEL, BOB, "dave")
    assert refused.value.code == "take_seated"

    expected = await svc.briefing(CHANNEL, 3)
    version = table.version
    notices = await svc.take(CHANNEL, ERIN, "dave")
    first = notices[0]
    assert isinstance(first, Private) and first.user_id == ERIN.user_id and first.seat == 3
    assert first.lines[0].key == "table.briefing" and first.lines[0].params["before"] == "dave"
    assert expected.told and all(m in first.lines for m in expected.told)  # Dredd deals a hand: told
    assert first.lines[-len(expected.secrets):] == expected.secrets
    again = [n for n in notices if isinstance(n, Private) and n is not first and n.user_id == ERIN.user_id
             and any(m in n.lines for m in expected.secrets)]
    assert again == []  # what the seat holds is in the briefing: not sent a second time
    said = [m.key for n in notices if isinstance(n, Public) for m in n.lines]
    assert "table.seat_taken" in said
    info = table.seats[3]
    assert (info.user_id, info.name, info.ai, info.away, info.wanted) == (ERIN.user_id, "erin", None, False, False)
    assert info.holders == ((DAVE.user_id, "dave", version),)
    row = svc.store.seats(table.id)[3]
    assert (row["user_id"], row["name"], row["ai"], row["away"], row["wanted"]) == (ERIN.user_id, "erin", None, 0, 0)
    assert await svc.wanted_seats(GUILD) == []
    with pytest.raises(IllegalAction) as refused:  # Dave's seat is Erin's now
        await svc.sit(CHANNEL, DAVE)
    assert refused.value.code == "not_away"
    # the seat is hers: she plays it to the end, and is the player of record
    policy = registry.plugin("judge_dredd").ai
    players = (ALICE, BOB, CAROL, ERIN)
    for _ in range(MAX_CALLS):
        if table.status != "active":
            break
        present = [p for p in players if svc.legal_for(CHANNEL, p)]
        if not present:
            deadline = svc.deadline(CHANNEL)
            assert deadline is not None
            wall.now += deadline.seconds + 1
            await svc.expire(CHANNEL, deadline.version)
            continue
        seat = table.seat_of(present[0].user_id)
        assert seat is not None and table.state is not None
        await svc.act(CHANNEL, present[0], choose(table.game, table.state, seat, policy))
    assert table.status == "finished"
    results = svc.store.results(table.id)
    assert results[3]["user_id"] == ERIN.user_id
    assert results[3]["share"] == pytest.approx(1 - version / table.version)
    # each holder is rated for their share of the game, and Dave's record has a game he abandoned
    assert svc.store.ratings(GUILD, "judge_dredd", ERIN.user_id)
    assert svc.store.ratings(GUILD, "judge_dredd", DAVE.user_id)
    assert (await svc.record(GUILD, DAVE.user_id)).abandoned == 1
    assert svc.store.seats(table.id)[3]["holders"] is not None  # the record keeps who held it before


async def test_the_away_vote_offers_the_seat(tmp_path) -> None:
    """The others vote a silent seat away: the seat is wanted at once, told in a line of its own."""
    svc, wall = service(str(tmp_path / "gavel.db"))
    await svc.create(GUILD, CHANNEL, "judgement", ALICE, seed="s1", time="live")
    for p in FOUR[1:]:
        await svc.join(CHANNEL, p)
    await svc.start(CHANNEL, ALICE)
    table = svc.table(CHANNEL)
    assert table is not None
    policy = registry.plugin("judgement").ai
    notices: list[Any] = []
    for _ in range(MAX_CALLS):
        if table.seats[3].away:
            break
        present = [p for p in FOUR[:3] if svc.legal_for(CHANNEL, p)]
        if present:
            seat = table.seat_of(present[0].user_id)
            assert seat is not None and table.state is not None
            await svc.act(CHANNEL, present[0], choose(table.game, table.state, seat, policy))
            continue
        deadline = svc.deadline(CHANNEL)
        assert deadline is not None
        wall.now += deadline.seconds - 1
        for voter in FOUR[:3]:
            if not table.seats[3].away:
                notices += await svc.away(CHANNEL, voter, DAVE.user_id)
    assert table.seats[3].away and table.seats[3].wanted
    offers = [n for n in notices if isinstance(n, Public) and n.wanted == 3]
    assert len(offers) == 1 and offers[0].lines[0].key == "table.seat_wanted"
    assert svc.store.seats(table.id)[3]["wanted"] == 1
    # Dave comes back before anyone takes it: the seat is no longer offered
    await svc.sit(CHANNEL, DAVE)
    assert not table.seats[3].wanted and await svc.wanted_seats(GUILD) == []


async def test_the_seat_taken_is_stored_the_same_in_both_stores(backend: Backend) -> None:
    """A toy race of three humans: Alice is voted away (her seat offered by the vote), listed by
    `/games open` from the database, taken by Dave; another process reading the same database
    finds Dave in the seat, Alice among its holders, nothing offered any more."""
    db = backend.location()
    svc = race_service(db)
    table = await race(svc, TC_ALICE, TC_BOB, TC_CAROL, time=None)
    svc.wall.now += VOTE_AFTER + 1  # type: ignore[attr-defined]  # the test's own clock
    await svc.away(TC_CHANNEL, TC_BOB, TC_ALICE.user_id)
    await svc.away(TC_CHANNEL, TC_CAROL, TC_ALICE.user_id)
    assert table.seats[0].away and table.seats[0].wanted
    [offered] = await race_service(db).wanted_seats(table.guild_id)
    assert (offered["table_id"], offered["seat"], offered["name"]) == (table.id, 0, TC_ALICE.name)
    version = table.version
    notices = await svc.take(TC_CHANNEL, DAVE, "1")
    assert isinstance(notices[0], Private) and notices[0].user_id == DAVE.user_id
    other = race_service(db)
    assert await other.wanted_seats(table.guild_id) == []
    await other.restore()
    again = other.table(TC_CHANNEL)
    assert again is not None
    info = again.seats[0]
    assert (info.user_id, info.name, info.ai, info.away, info.wanted) == (DAVE.user_id, DAVE.name, None, False, False)
    assert info.holders == ((TC_ALICE.user_id, TC_ALICE.name, version),)
    assert other.legal_for(TC_CHANNEL, DAVE) == svc.legal_for(TC_CHANNEL, DAVE)


async def test_a_newcomer_cannot_take_back_the_move_of_the_seat_s_player_before() -> None:
    """The log's last action is the seat's, chosen by its player then: folded for anyone else at
    that seat (a substitute since), it is not theirs to take back; for its own player it is."""
    svc = await undo_judtho()
    table = svc.table(UNDO_CHANNEL)
    assert table is not None
    first = table.to_act()[0]
    await svc.act(UNDO_CHANNEL, UNDO_PLAYERS[first], a_move(svc, first))
    rows = svc.store.actions(table.id)
    config = engine_config(table.config, table.variant)
    fold = partial(_take_back, table.game, config, len(table.seats), table.setup_record, rows, first)
    assert fold(UNDO_PLAYERS[first].user_id).action == rows[-1]["action"]
    with pytest.raises(IllegalAction) as refused:
        fold(ERIN.user_id)
    assert refused.value.code == "undo_not_yours"

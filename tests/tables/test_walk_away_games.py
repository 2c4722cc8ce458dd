"""A whole four-player game of each real game where one player walks away and the AI finishes
for them (service level, the injected clocks of `TableService(clock=...)` and `wall`).

Four human seats, the `live` time control, a fixed seed. Three players choose with the game's
own AI policy (`registry.plugin(key).ai`, asked through `gavel.tables.ai.choose` as an AI seat is;
Judtho's on a smaller search budget, `QUICK`, which the AI seat plays too) and
submit the choice with `act`, as a human would. The fourth never acts: whenever the decision
waits on them alone, the clock is moved past the deadline and `expire` fires it (their
`Game.time_up_action`, or a card-play window's own `timeout_action`). After two time-ups in a
row the AI takes the seat (`table.away_twice`) and plays it to the end. Then:

- the game finished with an outcome, within a bound on the loop;
- every action is in the log (each player's own, with their user id; the clock's and the AI's
  with none) and the log replays to the final state (`replay`, and `bot.py --check-db`);
- the away player's result row carries their user id and their rating moved (the player of
  record); the AI stood in, it is not rated; their record counts the game abandoned;
- no public notice named a secret of the moment it was made (a hand's card, an unrevealed or
  dealt character).

Judtho differs (ruling J18: a move's time running out is a Departure that ends the game): the
others vote the silent seat away (`away`) before its clock ends and the AI plays it to the end;
a second Judtho game shows the J18 path (the time-up departs, the game ends "timeout")."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import pytest

from gavel.tables import check, i18n
from gavel.tables.ai import choose
from gavel.tables.notices import Notice, Private, Public
from gavel.tables.service import Player, Table, TableService
from rules import registry
from rules.core import IllegalAction, SeatName
from rules.judtho import ai as judtho_ai
from tests.tables.test_json_leaks import judgement_secrets

ALICE, BOB, CAROL, DAVE = (Player(i, name) for i, name in enumerate(("alice", "bob", "carol", "dave"), 1))
FOUR = (ALICE, BOB, CAROL, DAVE)
CHANNEL, GUILD = 300, 9
LIVE = 300.0
MAX_STEPS = 3000
"""The loop's bound: no game here needs more calls than this to end (the longest, Judge Dredd's
seed, about 300)."""


QUICK: dict[str, Callable[..., Any]] = {"judtho": partial(judtho_ai.choose, node_budget=40)}
"""The policy where the game's own thinks long, for the present players and the AI seat alike:
Judtho's search (the same two plies) on a small budget of positions, which keeps its game to
seconds."""


class Wall:
    """The service's clock and wall clock at once, moved by the test."""

    def __init__(self) -> None:
        self.now = 2_000_000.0

    def __call__(self) -> float:
        return self.now


def service(db: str = ":memory:") -> tuple[TableService, Wall]:
    """No images (not what is checked here; whole games stay quick), the games' real AI (Judtho's
    on the `QUICK` budget: what is checked is that the AI takes the seat and plays it to the end,
    not how well; its search is tested in tests/rules/judtho)."""
    wall = Wall()
    svc = TableService(db, renderers={key: None for key in ("dads_army", "judge_dredd", "judgement", "judtho")},
                       clock=wall, ais=dict(QUICK))
    svc.wall = wall
    return svc, wall


async def four_humans(svc: TableService, key: str, seed: str) -> Table:
    await svc.create(GUILD, CHANNEL, key, ALICE, seed=seed, time="live")
    for p in FOUR[1:]:
        await svc.join(CHANNEL, p)
    started = await svc.start(CHANNEL, ALICE)
    await svc.delivered(n.outbox for n in started if n.outbox is not None)  # the game reached its channel
    table = svc.table(CHANNEL)
    assert table is not None and table.status == "active" and table.time == LIVE
    assert [s.user_id for s in table.seats] == [p.user_id for p in FOUR] and not any(s.is_ai for s in table.seats)
    return table


# --------------------------------------------------------------------------- secrets
def _one_of_a_kind() -> dict[str, set[str]]:
    """The Action Cards the deck holds one copy of, each with its names in both languages, when
    no other card's name contains them: naming one in public can only mean that very card
    (another copy of Tweak may be played in public while a second one stays in a hand)."""
    from rules.judge_dredd.content import full_deck

    deck = Counter(full_deck())
    names = {card: {i18n.gettext(f"judge_dredd.cardname.{card}", lang) for lang in i18n.LANGUAGES} for card in deck}
    return {card: words for card, words in names.items() if deck[card] == 1 and not any(
        w in other for w in words for c, others in names.items() if c != card for other in others)}


DREDD_UNIQUE = _one_of_a_kind()


def dredd_secrets(table: Table) -> set[str]:
    """The one-of-a-kind Action Cards in the Judges' hands now (only their holder knows them),
    by name in both languages."""
    return {w for judge in table.state.judges for card in judge.hand for w in DREDD_UNIQUE.get(card, ())}


def no_secrets(table: Table) -> set[str]:
    return set()


SECRETS: dict[str, Callable[[Table], set[str]]] = {
    "dads_army": no_secrets, "judge_dredd": dredd_secrets, "judgement": judgement_secrets, "judtho": no_secrets}


def public_words(notices: list[Notice]) -> str:
    """Everything a channel would see of `notices`: their lines in both languages, and a prompt
    they show everyone (a private one's actions go to its seat alone)."""
    out = []
    for n in notices:
        if isinstance(n, Public):
            out += [*n.text("en"), *n.text("zh-TW")]
            if n.prompt is not None and not n.prompt.private:
                out.append(repr(n.prompt))
    return "\n".join(out)


def named(secrets: set[str], notices: list[Notice]) -> list[str]:
    text = public_words(notices)
    return [w for w in secrets if re.search(rf"(?<!\w){re.escape(w)}(?!\w)", text)]


# --------------------------------------------------------------------------- the game
@dataclass
class Played:
    """What the loop saw."""

    acted: list[tuple[int, int, str]] = field(default_factory=list)
    """(seat, user id, action) of every action a present player submitted, in order."""
    publics: list[Public] = field(default_factory=list)
    time_ups: int = 0
    away_at: int | None = None
    """The log's length when the AI took the silent seat."""


async def play_out(svc: TableService, wall: Wall, table: Table, silent: Player, *,
                   vote: bool = False) -> Played:
    """Play to the end: the three present players answer with the game's AI policy; when only
    the silent seat is awaited, its clock runs out (`expire`), or with `vote` the others vote it
    away just before it does. Every public notice is checked for secrets as it comes."""
    key = table.game_key
    policy = QUICK.get(key) or registry.plugin(key).ai
    assert policy is not None
    secrets = SECRETS[key]
    played = Played()
    seat = table.seats.index(next(s for s in table.seats if s.user_id == silent.user_id))

    async def seen(notices: list[Notice]) -> None:
        # every notice reaches the channel: a time-up is the player's own, never the platform's
        await svc.delivered(n.outbox for n in notices if n.outbox is not None)
        # the game's last notice may show everything (The City of Judgement names every character)
        hidden = secrets(table) if table.status == "active" and table.state is not None else set()
        assert not named(hidden, notices), named(hidden, notices)
        assert all(n.seat != seat or n.user_id == silent.user_id for n in notices if isinstance(n, Private))
        played.publics += [n for n in notices if isinstance(n, Public)]
        if played.away_at is None and table.seats[seat].away:
            played.away_at = len(svc.store.actions(table.id))

    for _ in range(MAX_STEPS):
        if table.status != "active":
            break
        present = [p for p in FOUR if p is not silent and svc.legal_for(CHANNEL, p)]
        if present:
            player = present[0]
            mine = table.seat_of(player.user_id)
            assert mine is not None and table.state is not None
            text = choose(table.game, table.state, mine, policy)
            await seen(await svc.act(CHANNEL, player, text))
            played.acted.append((mine, player.user_id, text))
            continue
        assert table.humans_to_act() == [seat], "nobody present may act, and the silent seat is not asked"
        deadline = svc.deadline(CHANNEL)
        assert deadline is not None, "the silent seat is asked with no clock running"
        if vote:
            wall.now += deadline.seconds - 1  # a second before its time runs out
            assert svc.deadline(CHANNEL).seconds == pytest.approx(1)
            for voter in [p for p in FOUR if p is not silent]:
                if table.seats[seat].away:
                    with pytest.raises(IllegalAction) as refused:  # already the AI's: no vote to cast
                        await svc.away(CHANNEL, voter, silent.user_id)
                    assert refused.value.code == "away_ai"
                    continue
                await seen(await svc.away(CHANNEL, voter, silent.user_id))
            assert table.seats[seat].away
            due = svc.ai_due(CHANNEL)  # the AI leaves her open decision alone for what her clock had left
            assert due == pytest.approx(1)
            wall.now += due + 1
            await seen(await svc.advance(CHANNEL))
            continue
        wall.now += deadline.seconds + 1
        played.time_ups += 1
        await seen(await svc.expire(CHANNEL, deadline.version))
    else:
        pytest.fail(f"{table.game_key}: no end after {MAX_STEPS} steps")
    return played


def lines(played: Played, key: str) -> list[Any]:
    return [m for n in played.publics for m in n.lines if m.key == key]


async def check_finished(svc: TableService, table: Table, silent: Player, played: Played) -> int:
    """The checks every walk-away game ends with (see the module); returns the silent seat."""
    seat = next(i for i, s in enumerate(table.seats) if s.user_id == silent.user_id)
    # the end
    row = svc.store.table_row(table.id)
    assert table.status == row["status"] == "finished" and svc.table(CHANNEL) is None
    assert table.state is not None and (outcome := table.game.outcome(table.state)) is not None
    assert lines(played, "table.winner") or lines(played, "table.no_winner")
    # the seat is the AI's, for its user
    info = table.seats[seat]
    assert info.away and info.is_ai and info.user_id == silent.user_id
    stored = svc.store.seats(table.id)[seat]
    assert stored["away"] == 1 and stored["ai"] == "normal" and stored["user_id"] == silent.user_id
    # the log: every present player's action with its user id, every other one (the clock's and
    # the AI's) with none, and it replays to the final state
    log = svc.store.actions(table.id)
    assert [(a["seat"], a["user_id"], a["action"]) for a in log if a["user_id"] is not None] == [
        (s, u, str(table.game.parse_action(t))) for s, u, t in played.acted]
    assert all(a["user_id"] is None for a in log if a["seat"] == seat)  # the silent player never acted
    assert played.away_at is not None
    assert any(a["seat"] == seat for a in log[played.away_at:]), "the AI never played the away seat"
    assert svc.replay(table.id).to_json() == table.state.to_json()
    report = check.check(svc.store.path)  # `bot.py --check-db` finds nothing wrong either
    assert report.ok and report.tables == 1, [p.line() for p in report.problems]
    # the result: the away player is the player of record, and rated
    results = svc.store.results(table.id)
    assert [r["user_id"] for r in results] == [p.user_id for p in FOUR]
    mine = results[seat]
    assert mine["ai"] is None and mine["name"] == silent.name and mine["reason"] == outcome.reason
    assert mine["winner"] == int(seat in outcome.winners)
    [rating] = svc.store.ratings(GUILD, table.game_key, silent.user_id)
    assert rating["games"] == 1 and rating["wins"] == int(seat in outcome.winners)
    assert mine["rating_before"] == 1000 and mine["rating_after"] is not None
    assert {r["user_id"] for r in svc.store.ratings(GUILD, table.game_key)} == {p.user_id for p in FOUR}
    # and their record: an abandoned game (the others' records stay clean)
    assert [r.get("away") for r in results] == [1 if i == seat else None for i in range(len(FOUR))]
    record = svc.store.record(silent.user_id, GUILD)
    assert (record["games"], record["abandoned"], record["resigned"], record["acted"]) == (1, 1, 0, 0)
    assert all(svc.store.record(p.user_id, GUILD)["abandoned"] == 0 for p in FOUR if p is not silent)
    return seat


# --------------------------------------------------------------------------- the games
# Seeds of short games (Dad's Army's about 70 actions, Judge Dredd's about 400) in which every
# check below still happens: two time-ups, the AI taking the seat and playing it to the end.
@pytest.mark.parametrize(("key", "seed", "silent"), [
    ("dads_army", "s3", DAVE),
    ("judge_dredd", "d5", DAVE),
    ("judgement", "s1", DAVE),
])
async def test_a_player_walks_away_the_ai_finishes_for_them(key: str, seed: str, silent: Player, tmp_path) -> None:
    svc, wall = service(str(tmp_path / "gavel.sqlite3"))
    table = await four_humans(svc, key, seed)
    played = await play_out(svc, wall, table, silent)
    seat = await check_finished(svc, table, silent, played)
    [away] = lines(played, "table.away_twice")
    assert away.params == {"player": SeatName(seat)}
    assert played.time_ups >= 2 and len(lines(played, "table.time_up")) == 2  # the third is the AI's to play
    assert all(m.params["players"].items == (silent.name,) for m in lines(played, "table.time_up"))
    # before the AI took it, the seat took its time-up actions: logged with nobody's user id
    assert [a["seat"] for a in svc.store.actions(table.id)[:played.away_at]].count(seat) >= 2
    assert not lines(played, "table.away_voted")


async def test_judtho_the_others_vote_the_silent_player_away_and_the_ai_plays_to_the_end(tmp_path) -> None:
    svc, wall = service(str(tmp_path / "gavel.sqlite3"))
    table = await four_humans(svc, "judtho", "j1")
    assert table.variant is None and len(table.state.seat_colours) == 4  # Quattro: four armies
    played = await play_out(svc, wall, table, DAVE, vote=True)
    seat = await check_finished(svc, table, DAVE, played)
    [voted] = lines(played, "table.away_voted")
    assert voted.params["player"] == SeatName(seat) and voted.params["n"] == voted.params["needed"] == 2
    assert [m.params["n"] for m in lines(played, "table.away_vote")] == [1]
    assert not lines(played, "table.time_up") and not lines(played, "table.away_twice")
    assert played.time_ups == 0 and table.game.outcome(table.state).reason != "timeout"
    assert not any(a["action"].startswith("depart") for a in svc.store.actions(table.id))


async def test_judtho_a_move_s_time_running_out_departs_and_ends_the_game() -> None:
    """J18: the silent seat's first time-up is a Departure, the game ends as "timeout", the
    others are awarded; nobody is handed to the AI."""
    svc, wall = service()
    table = await four_humans(svc, "judtho", "j1")
    played = await play_out(svc, wall, table, DAVE)
    seat = table.seats.index(next(s for s in table.seats if s.user_id == DAVE.user_id))
    assert played.time_ups == 1 and len(lines(played, "table.time_up")) == 1 and not lines(played, "table.away_twice")
    log = svc.store.actions(table.id)
    assert (log[-1]["seat"], log[-1]["user_id"], log[-1]["action"]) == (seat, None, "depart timeout")
    outcome = table.game.outcome(table.state)
    assert table.status == "finished" and outcome.reason == "timeout"
    assert seat not in outcome.winners and set(outcome.winners) <= {i for i in range(4) if i != seat}
    assert outcome.winners
    assert not table.seats[seat].away and svc.replay(table.id).to_json() == table.state.to_json()
    results = {r["user_id"]: r for r in svc.store.results(table.id)}
    assert results[DAVE.user_id]["winner"] == 0 and results[DAVE.user_id]["reason"] == "timeout"
    assert results[DAVE.user_id]["rating_after"] < results[DAVE.user_id]["rating_before"]

"""Judge Dredd through the table service: AI seats answer windows at once, the window clock passes humans,
and across whole seeded games no public notice (in English or Chinese) names a card in a hand or
an unrevealed Perp, and no private notice reaches the wrong player."""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from typing import Any

import pytest

import gavel.tables.play
import rules.judge_dredd  # noqa: F401  (registers the game)
from gavel.tables import i18n
from gavel.tables.notices import Notice, Private, Public
from gavel.tables.service import Player, TableService
from gavel.tables.table import Table
from rules.core import SeatName

KEY = "judge_dredd"
GUILD, CHANNEL = 3, 300
PLAYERS = [Player(31 + i, name) for i, name in enumerate(["ann", "ben", "cat", "dov", "eli", "fay"])]
MAX_CALLS = 5000


def stand_in(game: Any, state: Any, seat: int) -> str:
    """A quick, seeded stand-in AI that plays every kind of decision (the real one may not have
    landed): passes most windows but plays a card now and then, moves toward Crimes, arrests."""
    legal = [str(a) for a in game.legal_actions(state, seat)]
    rng = random.Random(f"{state.version}:{seat}")
    if "done" in legal:
        return "done"
    if "pass" in legal:
        plays = [a for a in legal if a != "pass"]
        return rng.choice(plays) if plays and rng.random() < 0.2 else "pass"
    moves = [a for a in legal if a.startswith("move ")]
    if moves:
        crimes = {c.sector for c in state.crimes}
        toward = [m for m in moves if m.split()[1].split("-")[-1] in crimes]
        return rng.choice(toward or moves)
    return rng.choice(legal)


def service(ai: Any = None) -> TableService:
    """No images (speed); the AI seats play `ai` (default: the stand-in, quick and card-happy)."""
    return TableService(":memory:", renderers={KEY: None}, ais={KEY: ai or stand_in})


@pytest.fixture
def one_ai_step(monkeypatch) -> None:
    """One AI action per service call, so each call's notices are checked against the cards
    that call made public (a whole AI game in one call would name every kind at some point)."""
    monkeypatch.setattr(gavel.tables.play, "MAX_AI_STEPS", 1)


async def table_of(svc: TableService, humans: int, ai: int, seed: str, *, timeout: float | None = None) -> Table:
    host = PLAYERS[0]
    await svc.create(GUILD, CHANNEL, KEY, host, seed=seed, sit=humans > 0, timeout=timeout)
    for p in PLAYERS[1:humans]:
        await svc.join(CHANNEL, p)
    for _ in range(ai):
        await svc.add_ai(CHANNEL, host)
    return svc.table(CHANNEL)


# --------------------------------------------------------------------------- what may not be said
@cache
def name(key: str, lang: str) -> str:
    return i18n.gettext(key, lang)


@cache
def board_words(lang: str) -> tuple[str, ...]:
    """The game's name and every Sector and Crime: public whatever happens."""
    from rules.judge_dredd.content import load_board, load_crimes

    return (name(f"game.{KEY}", lang), *(name(f"{KEY}.sector.{s}", lang) for s in load_board().sectors),
            *(name(f"{KEY}.crime.{c}", lang) for c in load_crimes()))


def hidden_cards(state: Any) -> tuple[Counter[str], Counter[str]]:
    """Cards nobody but their holder may know: (every hand, every hand and the stock)."""
    hands = Counter(c for j in state.judges for c in j.hand)
    return hands, hands + Counter(state.stock)


def made_public(before: tuple[Counter[str], Counter[str]], after: tuple[Counter[str], Counter[str]]) -> set[str]:
    """The kinds of which a card left the hidden cards in one step (played face up, or
    discarded): fewer in the hands, or fewer in hands and stock."""
    return {c for c in before[1] if after[0][c] < before[0][c] or after[1][c] < before[1][c]}


class Watch:
    """Which card kinds each service call made public, step by step: the service's `Play.step` is
    wrapped, so a reshuffle or a card dealt later in the same call cannot hide a play."""

    def __init__(self, svc: TableService) -> None:
        self.public: set[str] = set()
        step = svc.play.step

        async def watched(table: Table, seat: int, text: str, out: Any, **kwargs: Any) -> list[int]:
            before = hidden_cards(table.state)
            try:
                return await step(table, seat, text, out, **kwargs)
            finally:
                self.public |= made_public(before, hidden_cards(table.state))

        svc.play.step = watched  # type: ignore[method-assign]

    def take(self) -> set[str]:
        """The kinds made public since the last call, and start afresh."""
        public, self.public = self.public, set()
        return public


def unrevealed_perps(state: Any) -> set[str]:
    return {c.perp for c in state.crimes if not c.revealed} | set(state.perp_pack)


def public_words(table: Table, state: Any, allowed_cards: set[str], lang: str) -> list[str]:
    """Names a public notice may say whatever the hands hold: the game's and players' names, the
    board's Sectors and Crimes, revealed or arrested Perps, and the cards that became public (left
    a hand or the stock face up) in this call — blanked before the search, longest first, so a
    card name inside one of them (`Judge Dredd`, the game) is not a false alarm."""
    hidden = unrevealed_perps(state)
    perps = {c.perp for c in state.crimes} | {p for j in state.judges for p, _ in j.arrested}
    words = [*board_words(lang), *table.names]
    words += [name(f"{KEY}.perp.{p}", lang) for p in perps - hidden]
    words += [name(f"{KEY}.cardname.{c}", lang) for c in allowed_cards]
    return sorted(set(words), key=len, reverse=True)


def check(table: Table, allowed: set[str], notices: list[Notice]) -> None:
    """`allowed`: the card kinds this call made public (see `Watch`)."""
    state = table.state
    held = {c for j in state.judges for c in j.hand} - allowed
    perps = unrevealed_perps(state)
    users = {s.user_id: i for i, s in enumerate(table.seats) if s.user_id is not None}
    for notice in notices:
        if isinstance(notice, Private):
            assert users[notice.user_id] == notice.seat, "a private notice went to the wrong player"
            continue
        if not isinstance(notice, Public):
            assert notice.private, "a window prompt of a hidden-information game is private"
            continue
        assert notice.prompt is None or notice.prompt.private
        for lang in ("en", "zh-TW"):
            text = "\n".join(notice.text(lang))
            for word in public_words(table, state, allowed, lang):
                text = text.replace(word, "□")
            leaked = [c for c in held if name(f"{KEY}.cardname.{c}", lang) in text]
            leaked += [p for p in perps if name(f"{KEY}.perp.{p}", lang) in text]
            assert leaked == [], f"{lang} public notice names hidden {leaked}: {text}"


async def play_out(svc: TableService, watch: Watch, table: Table, *, clock: bool = False) -> int:
    """Drive a started table to its end, checking every notice; humans act by the stand-in policy,
    or (with `clock`, at every other version) let the window clock pass them. Returns the seats
    that were sent a private notice."""
    by_seat = {i: Player(s.user_id, s.name) for i, s in enumerate(table.seats) if s.user_id is not None}
    told: set[int] = set()
    for calls in range(MAX_CALLS):
        if table.status != "active":
            return told
        humans = table.humans_to_act()
        if not humans:
            notices = await svc.advance(CHANNEL)
        elif clock and table.version % 2 and svc.deadline(CHANNEL) is not None:
            notices = await svc.expire(CHANNEL, table.version)
            assert notices[0].lines[0].key == "table.timed_out"
        else:
            seat = humans[0]
            notices = await svc.act(CHANNEL, by_seat[seat], stand_in(table.game, table.state, seat))
        check(table, watch.take(), notices)
        told |= {n.seat for n in notices if isinstance(n, Private)}
        if calls % 250 == 0 and table.status == "active":
            # The log, the status and a spectator's board speak of the past too: played cards may
            # be held again since, but a face-down Perp is never named.
            shown = [await svc.log(CHANNEL, 50), await svc.status(CHANNEL), await svc.board(CHANNEL)]
            for lang in ("en", "zh-TW"):
                text = "".join(line for n in shown for line in n.text(lang))
                for word in public_words(table, table.state, set(), lang):
                    text = text.replace(word, "□")
                assert not [p for p in unrevealed_perps(table.state) if name(f"{KEY}.perp.{p}", lang) in text]
    raise AssertionError(f"no end after {MAX_CALLS} calls")


# --------------------------------------------------------------------------- the tests
async def test_ai_seats_in_a_window_answer_at_once_so_only_humans_are_waited_for() -> None:
    svc = service()
    table = await table_of(svc, 1, 3, "window")
    await svc.start(CHANNEL, PLAYERS[0])
    await play_out_until_window(svc, table)
    assert table.to_act() == table.humans_to_act() == [0]


async def play_out_until_window(svc: TableService, table: Table) -> None:
    for _ in range(200):
        if table.state.window is not None and table.humans_to_act():
            return
        seat = table.humans_to_act()[0]
        await svc.act(CHANNEL, PLAYERS[seat], stand_in(table.game, table.state, seat))
    raise AssertionError("no window opened")


async def test_the_clock_passes_the_humans_in_a_window() -> None:
    svc = service()
    table = await table_of(svc, 2, 1, "clock", timeout=30)
    await svc.start(CHANNEL, PLAYERS[0])
    await play_out_until_window(svc, table)
    deadline = svc.deadline(CHANNEL)
    assert deadline is not None and 29 < deadline.seconds <= 30
    waiting = table.humans_to_act()
    notices = await svc.expire(CHANNEL, deadline.version)
    public = notices[0]
    assert public.lines[0].key == "table.timed_out"
    passed = [m.params["seat"] for m in public.lines if m.key == f"{KEY}.event.passed"]
    assert {SeatName(s) for s in waiting} <= set(passed)


@pytest.mark.parametrize(("humans", "ai", "seed"), [(2, 1, "1"), (4, 2, "2")])
async def test_no_public_notice_shows_a_hand_or_an_unrevealed_perp_nor_a_private_goes_astray(
        humans: int, ai: int, seed: str, one_ai_step) -> None:
    """Humans (acting, or passed by the clock at every other version) and AI seats, whole seeded
    games: every notice of every call is checked in English and in Chinese. The six-seat game's
    seed is among the shortest (about 800 versions; seeds 1 to 15 run 800 to 2900): every seat
    count's notices, hands and windows come round many times in it all the same."""
    svc = service()
    watch = Watch(svc)
    table = await table_of(svc, humans, ai, seed, timeout=60)
    notices = await svc.start(CHANNEL, PLAYERS[0])
    check(table, watch.take(), notices)
    told = await play_out(svc, watch, table, clock=True)
    assert table.status == "finished"
    assert told == set(range(humans))  # every human had their hand by private notice; no AI seat did

"""Discord not answering: a request that times out or loses its connection (aiohttp's
`ServerTimeoutError`, `ClientConnectionError`, `asyncio.TimeoutError`, `OSError`) is not an
`HTTPException`, yet it is a failed send all the same. What went through before it is marked
delivered (never posted again), what it stopped waits in the outbox and goes out once later, and
the player whose move stood never hears "nothing was changed"."""

from __future__ import annotations

import contextlib
import fnmatch
import logging
import random
from collections import Counter
from collections.abc import Callable
from urllib.parse import urlparse

import aiohttp
import pytest

from gavel.tables import i18n
from tests.cogs.conftest import as_player
from tests.cogs.test_flow import started

NOT_ANSWERED: list[Callable[[], BaseException]] = [
    lambda: aiohttp.ServerTimeoutError("Timeout on reading data from socket"),
    lambda: aiohttp.ClientConnectionError("Connection reset by peer"),
    lambda: TimeoutError(),  # asyncio.TimeoutError is this one
    lambda: OSError(104, "Connection reset by peer"),
]


class Unanswered:
    """Makes the bot's POSTs and PATCHes (a message posted or edited) to matching paths raise
    `error` instead of reaching Discord: `times` of them, or each with probability `rate` (from a
    seeded `random.Random`). `sent` counts the message contents Discord accepted, by path."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, bot, pattern: str, *, times: int = 0, rate: float = 0.0,
                 seed: int = 0, error: Callable[[], BaseException] = NOT_ANSWERED[0]) -> None:
        self.pattern, self.times, self.rate, self.error = pattern, times, rate, error
        self.random = random.Random(seed)
        self.raised = 0
        self.sent: Counter[tuple[str, str]] = Counter()
        self._real = bot.http.request
        monkeypatch.setattr(bot.http, "request", self.request)

    def _fails(self) -> bool:
        if self.times > 0:
            self.times -= 1
            return True
        return self.rate > 0 and self.random.random() < self.rate

    async def request(self, route, **kwargs):
        path = urlparse(route.url).path.split("/api/v10", 1)[-1]
        if route.method in ("POST", "PATCH") and fnmatch.fnmatch(path, self.pattern):
            if self._fails():
                self.raised += 1
                raise self.error()
            answer = await self._real(route, **kwargs)
            body = kwargs.get("json") or {}
            form = kwargs.get("form") or []
            content = body.get("content") or next((str(p.get("value")) for p in form
                                                   if p.get("name") == "payload_json"), "")
            self.sent[(path, content)] += 1
            return answer
        return await self._real(route, **kwargs)


async def later(w, svc, seconds: float) -> None:
    """Let `seconds` pass for the bot's timers and for the outbox's retry times alike."""
    start = svc.wall()
    svc.wall = lambda: start + seconds
    await w.env.advance_time(seconds)


ROLLED = "cogs_toy.event.rolled"


def waiting(svc) -> list[dict]:
    return svc.store.outbox_due(float("inf"))


def told(result) -> list[str]:
    """What the player alone was told after their click or command."""
    texts = [f.content for f in result.followups if f.ephemeral]
    if result.response is not None and result.ephemeral:
        texts.insert(0, result.response.content)
    return texts


@pytest.mark.parametrize("error", NOT_ANSWERED, ids=["server_timeout", "connection", "asyncio_timeout", "os_error"])
async def test_a_dm_that_times_out_after_the_channel_post_leaves_the_post_delivered(world, service, monkeypatch,
                                                                                      error):
    """The roll's channel post goes through, then the roller's DM times out: the post is marked
    delivered (the next move does not post it again), the DM waits and goes out once later, and
    the roller hears that the roll stood."""
    w = world
    table, prompt = await started(w, service)
    bot = w.env.bot
    dm = w.alice.user.dm_channel or await w.alice.user.create_dm()
    chaos = Unanswered(monkeypatch, bot, f"/channels/{dm.id}/messages", times=1, error=error)
    before = len(w.channel.history())
    result = await w.alice.click(prompt, label="Roll")
    assert chaos.raised == 1
    assert table.version == 1  # the roll stands
    assert i18n.gettext("cogs.error.unexpected") not in told(result)
    assert not any("Nothing was changed" in t for t in told(result))
    assert len(w.channel.history()) == before and ROLLED in w.channel.last_message.content  # the roll, told once
    left = waiting(service)
    assert len(left) == 1 and f'"user":{w.alice.id}' in left[0]["notice"]  # only the DM waits

    man, to = service.legal_for(w.channel.id, as_player(w.alice))[0].split()[1:]
    await w.alice.slash(w.channel, "race move", man=man, to=to)
    await later(w, service, 6)
    posts = Counter(m.content for m in w.channel.history()[before:])
    assert all(n == 1 for n in posts.values()), posts  # nothing posted twice
    assert len(w.channel.history()) == before + 1  # the move (bob's turn) in a new message
    assert "\n".join(m.content for m in w.channel.history()).count(ROLLED) == 1
    assert [m.content for m in dm.history()] == ["cogs_toy.event.secret"]  # the DM, once
    assert waiting(service) == []


async def test_a_channel_post_that_times_out_is_posted_once_later_and_the_player_told_it_stood(
        world, service, monkeypatch, caplog):
    w = world
    table, prompt = await started(w, service)
    bot = w.env.bot
    chaos = Unanswered(monkeypatch, bot, f"/channels/{w.channel.id}/messages*", times=1)
    before = len(w.channel.history())
    with caplog.at_level(logging.WARNING, logger="gavel.cogs"):
        result = await w.alice.click(prompt, label="Roll")
    assert chaos.raised == 1 and table.version == 1
    assert told(result) == [i18n.gettext("cogs.error.unanswered")]
    assert any("ServerTimeoutError" in r.getMessage() for r in caplog.records)  # logged as what it was
    dm = w.alice.user.dm_channel
    assert [m.content for m in dm.history()] == ["cogs_toy.event.secret"]  # the DM after it still went
    assert len(w.channel.history()) == before and len(waiting(service)) == 1
    assert ROLLED not in w.channel.last_message.content
    await later(w, service, 6)
    assert len(w.channel.history()) == before and waiting(service) == []  # the turn's message, edited
    assert ROLLED in w.channel.last_message.content
    assert w.alice.mention in w.channel.last_message.content  # the prompt still asks her
    await later(w, service, 60)
    assert len(w.channel.history()) == before  # and only once
    assert w.channel.last_message.content.count(ROLLED) == 1
    assert [m.content for m in dm.history()] == ["cogs_toy.event.secret"]


async def test_a_slash_move_whose_post_times_out_is_not_called_unchanged(world, service, monkeypatch):
    w = world
    table, prompt = await started(w, service)
    await w.alice.click(prompt, label="Roll")
    Unanswered(monkeypatch, w.env.bot, f"/channels/{w.channel.id}/messages", times=1,
               error=NOT_ANSWERED[1])
    man, to = service.legal_for(w.channel.id, as_player(w.alice))[0].split()[1:]
    result = await w.alice.slash(w.channel, "race move", man=man, to=to)
    assert table.version == 2
    texts = [result.response.content if result.response else "", *(f.content for f in result.followups)]
    assert i18n.gettext("cogs.error.unanswered") in texts
    assert i18n.gettext("cogs.error.unexpected") not in texts
    with contextlib.suppress(ExceptionGroup):
        w.env.raise_errors()  # simcord saw the slash command's error too (the handler answered it)


async def test_a_bug_after_the_change_is_logged_and_the_change_said_to_stand(world, service, monkeypatch, caplog):
    """Not Discord at all: a bug while the table is told. The move stood, so the player is not told
    "nothing was changed"; the bug is logged with its traceback."""
    w = world
    table, prompt = await started(w, service)

    async def broken(*args, **kwargs):
        raise RuntimeError("a bug in the front-end")

    monkeypatch.setattr(w.env.bot.delivery, "deliver", broken)
    with caplog.at_level(logging.ERROR, logger="gavel.cogs"):
        result = await w.alice.click(prompt, label="Roll")
    assert table.version == 1
    assert told(result) == [i18n.gettext("cogs.error.broken_after")]
    assert any(r.exc_info and "a bug in the front-end" in repr(r.exc_info[1].__cause__) for r in caplog.records)


async def chaos_figures(w, service, monkeypatch, *, actions: int, rate: float, seed: int) -> dict[str, int]:
    """`actions` moves of the line race (rolls and moves by slash commands) while each POST or
    PATCH of a channel message or a DM times out with probability `rate`, then time for the outbox
    to send what it kept. Counts the lines beyond one per applied action in the channel's
    messages as they end (`duplicates`: each roll is one line and one DM, each move one line, in
    a message posted or edited), the replies telling a player whose move
    stood that nothing changed (`wrong_unchanged`), what the outbox still holds (`left`), and
    the timeouts raised."""
    table, _prompt = await started(w, service)
    before = len(w.channel.history())
    chaos = Unanswered(monkeypatch, w.env.bot, "/channels/*/messages*", rate=rate, seed=seed)
    sorry = i18n.gettext("cogs.error.unexpected")
    wrong = 0
    applied: Counter[str] = Counter()
    for _ in range(actions):
        member = (w.alice, w.bob)[table.state.turn]
        version = table.version
        if table.state.roll is None:
            verb, result = "rolled", await member.slash(w.channel, "race roll")
        else:
            man, to = service.legal_for(w.channel.id, as_player(member))[0].split()[1:]
            verb, result = "moved", await member.slash(w.channel, "race move", man=man, to=to)
        if table.version > version:
            applied[verb] += 1
            replies = [result.response.content if result.response else "", *(f.content for f in result.followups)]
            wrong += sorry in replies
        if table.status != "active":
            break
    await later(w, service, 600)
    with contextlib.suppress(ExceptionGroup):
        w.env.raise_errors()  # the errors the handler answered
    posted = Counter(line.removeprefix("cogs_toy.event.") for m in w.channel.history()[before - 1:]
                     for line in m.content.split("\n") if line.startswith("cogs_toy.event."))
    dms = sum(len([m for m in member.user.dm_channel.history() if m.content == "cogs_toy.event.secret"])
              for member in (w.alice, w.bob) if member.user.dm_channel is not None)
    duplicates = sum(max(0, posted[verb] - applied[verb]) for verb in applied) + max(0, dms - applied["rolled"])
    missing = sum(max(0, applied[verb] - posted[verb]) for verb in applied) + max(0, applied["rolled"] - dms)
    return {"actions": sum(applied.values()), "timeouts": chaos.raised, "duplicates": duplicates,
            "missing": missing, "wrong_unchanged": wrong, "left": len(waiting(service))}


@pytest.mark.parametrize("seed", [1, 2, 3])
async def test_chaos_at_ten_percent_timeouts_posts_nothing_twice_and_never_says_unchanged(
        world, service, monkeypatch, seed):
    w = world
    figures = await chaos_figures(w, service, monkeypatch, actions=30, rate=0.1, seed=seed)
    print("chaos", seed, figures)
    assert figures["timeouts"] > 0  # the chaos happened
    assert figures["duplicates"] == 0
    assert figures["wrong_unchanged"] == 0
    assert figures["missing"] == 0 and figures["left"] == 0

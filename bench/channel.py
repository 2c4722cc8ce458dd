"""A whole game of each game played by clicks on simcord, as a Discord server lives it; prints one JSON object.

    python bench/channel.py [--only GAME] [--seed 5eed] [--max-clicks 400]
    python bench/channel.py --shared [--tables 60] [--rounds 3] [--only GAMES] [--pg URL] [--workers 2]

Each game is played at one table on simcord (the real bot, the real AI seats thinking inline on
the event loop, the real board renderers, a SQLite file): alice opens it with `/<group> new`
(`secrets.token_hex` answers `--seed` while the lobby opens, so the table's seed fixes every
throw and AI choice), bob joins, alice adds two AI seats and starts. Then, while the game is in
play, the first human seat the table asks (by seat number) plays by clicks alone: the newest
channel message with a menu for the table's current version (an action button or select: never
"Undo", "My hand", "My info"), its first component (the first option of a select, as many as a
select must take), then the first component of each private menu the click answers with, until
the table's version moves. A "My options" button is such a first component: it opens the
clicker's own menu privately, as in a game with hidden information. `--max-clicks` bounds the
clicks so a game that loops ends (`finished: false`); a human asked with nothing to click ends it
too (`stuck` says what the channel showed; when a human's clicks moved nothing, the decision
open, the passes waiting for its hold and the last click's answer are printed to stderr; a
click the bot answered late on a loaded machine that moved nothing is first tried again,
`LATE_TRIES` times in a row at most).

The humans play on the defaults a new player gets: their standing orders are the game's
defaults (pass a window by itself only where the seat holds nothing playable), and a window
stays open for its hold (`gavel.tables.timing.HOLD`) before the passes that wait for it are
applied. A human whose pass waits (by their order, or their own click during the hold) is not
clicked for; when every human asked waits, the bench moves the service's clock on
(`BenchTime`, `HOLD_STEP_S` at a time, firing what ran out as the database poll does) until the
table moves, rather than ending `stuck`. Waiting is neither a decision nor a click. A
pass that leaves a window open posts nothing, so the menu clicked may be the one of the message
the window opened with (its buttons still answer it, `Decisions.answering`).

Per game, counted from the Start click (the lobby left out):
- `human_decisions`: the actions the humans chose, each one click that played it (the table
  moved on, or the seat's pass now waits for the window's hold); `clicks` counts every click
  on the way ("My options", each step of a private menu), as the figures before did;
- `human_turns`: how many times the table passed to a human seat: the log folded again from the
  table's set-up draws, a human seat asked (`Game.to_act`) that was not asked the position before
  (a human who acts twice in a row, or is asked again while the AI seats play, is one turn);
- `channel_messages`: new messages in the table's channel that everyone sees;
- `channel_image_mb`: bytes of the images attached to those messages (an image an edit attaches
  counted too; each attachment once), in MB (10^6 bytes);
- `channel_image_mb_held`: bytes of the images the channel's messages hold at the end (an edit
  replaces its message's image: what the channel keeps, where `channel_image_mb` is what was
  uploaded);
- `edits`: PATCH requests to a message (an edit, or the answer of a deferred interaction);
- `pings`: user mentions in a new channel message's content that its `allowed_mentions` let
  ping (read when the message is first seen after the click that posted it);
  `pings_to_actor`: those of the human whose click posted the message (what the end of a
  window's hold posts, while the bench moves time on, is the clock's: no human's);
- `dms`: new messages in direct-message channels; `ephemeral`: new messages only the clicker sees;
- `actions`: actions in the table's log; `finished`, `clicks` (all clicks, the bound's count),
  `cpu_s` (`time.process_time`) and `wall_s` of the whole game from the Start click.

`--shared`: many tables at once, as a busy server lives them (`load_run`). `--tables` tables on
one PostgreSQL database (`--pg`, a new schema dropped afterwards, `schemas_dropped`) in shared
mode, each in its own channel, of the `--only` games in turn, 2 humans and 2 AI seats (thinking
in `--workers` processes, as in the bot), seeded and started one after another. Then `--rounds`
rounds of clicks at once: in each, the human asked at every table clicks the next menu step (as
above), the interactions made one after another without waiting for the bot in between, and at
every other table the other human types `/table me` just after the click, while the AI seats
answer it. Every interaction of the rounds is timed on the wall clock from its creation to the
bot's first response (an answer, a defer, or a message): `late_interactions` (over Discord's
3 s, or never answered: `unanswered`), `max_first_response_ms`, `p50_first_response_ms`, and
to its last answer (a follow-up, an edit of its answer: the interaction done) `max_done_ms`,
`p50_done_ms`, in all and `by_kind` (`click`, `me`); `clicks`, `table_me`, `actions` and `finished` (in all and per
game, `games`), the main process's `cpu_s` and the rounds' `wall_s`.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import json
import re
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from structure import seeded  # noqa: E402  (the table's seed, as bench/structure.py fixes it)

MENTION = re.compile(r"<@!?(\d+)>")
MENU_STEP = re.compile(r"gv:[asm]:")
"""A menu step's custom id: an action button (or "My options"), a select, a multi-select."""
PAGE = "gv:p:"
"""A "More choices" button: clicked only when a menu offers nothing else."""
FIGURES = ("human_decisions", "human_turns", "channel_messages", "channel_image_mb", "channel_image_mb_held", "edits",
           "pings", "pings_to_actor", "dms", "ephemeral", "actions", "clicks", "finished", "cpu_s", "wall_s")
SETTLE_S = 5.0
"""How long simcord waits for the bot to settle after a click (its default). A longer wait let a
real-time fallback of simcord's clock advance through the bot's timers and hang the run."""
MENU_DEPTH = 8
"""Private menus deeper than this for one action mean the bench is lost, not the player."""


def items_of(message: Any) -> list[Any]:
    """The buttons and selects of a channel message or an interaction's response, in order."""
    message = getattr(message, "message", message)
    out: list[Any] = []
    for row in getattr(message, "components", None) or []:
        out.extend(getattr(row, "children", [row]))
    return out


def version_of(custom_id: str) -> int | None:
    """The table version a menu step's custom id was made at (`gv:a:<table>:<version>:...`)."""
    parts = custom_id.split(":")
    return int(parts[3]) if len(parts) > 3 and parts[3].isdigit() else None


def first_step(message: Any, version: int | None = None) -> Any | None:
    """The first menu step of `message` (made at `version`, when given), else its "More choices"."""
    steps = [c for c in items_of(message) if MENU_STEP.match(getattr(c, "custom_id", None) or "")]
    if version is not None:
        steps = [c for c in steps if version_of(c.custom_id) == version]
    if steps:
        return steps[0]
    return next((c for c in items_of(message) if (getattr(c, "custom_id", None) or "").startswith(PAGE)), None)


LATE_S = 300.0
"""How long (real seconds) the single-table bench lets the bot finish what a click set going when
simcord's own settle wait (`SETTLE_S`) ran out first: a loaded machine's AI seats and pictures,
not a hang (which this still ends)."""


async def patiently(env: Any, call: Any) -> Any | None:
    """`await call`; when simcord's settle wait runs out first (a slow machine: what the click did
    stands), let the bot finish (`env.settle`, up to `LATE_S`) and answer None."""
    try:
        return await call
    except TimeoutError:
        await env.settle(timeout=LATE_S)
        return None


async def press(actor: Any, target: Any, step: Any) -> Any:
    """`actor` clicks `step` of `target`: a button, or a select's first options (as many as it takes)."""
    if getattr(step, "options", None):
        values = [o.value for o in step.options[:max(1, step.min_values or 1)]]
        return await actor.select(target, values, custom_id=step.custom_id)
    return await actor.click(target, custom_id=step.custom_id)


class Channel:
    """What the bot did in simcord since the game started, read after every click."""

    def __init__(self, env: Any, channel_id: int) -> None:
        self.env = env
        self.channel_id = channel_id
        self.seen: set[tuple[int, int]] = {(cid, mid) for cid, ms in env.backend.messages.items() for mid in ms}
        self.attachments: set[str] = set()
        self.requests = len(env.http_requests)
        self.figures = {"channel_messages": 0, "channel_image_bytes": 0, "edits": 0, "pings": 0,
                        "pings_to_actor": 0, "dms": 0, "ephemeral": 0}

    def read(self, actor: int | None) -> None:
        """Count what appeared since the last read; `actor`: whose click posted it."""
        dms = set(self.env.backend.dm_channels.values())
        for cid, messages in self.env.backend.messages.items():
            for mid, message in messages.items():
                if cid == self.channel_id and message.visible_to(None):
                    for attachment in message.attachments:
                        key = str(attachment.get("id") or attachment.get("url"))
                        if key not in self.attachments:
                            self.attachments.add(key)
                            self.figures["channel_image_bytes"] += int(attachment.get("size") or 0)
                if (cid, mid) in self.seen:
                    continue
                self.seen.add((cid, mid))
                if cid in dms:
                    self.figures["dms"] += 1
                elif not message.visible_to(None):
                    self.figures["ephemeral"] += 1
                elif cid == self.channel_id:
                    self.figures["channel_messages"] += 1
                    pinged = {int(u) for u in MENTION.findall(message.content)
                              if message.allowed_mentions.allows_user(int(u))}
                    self.figures["pings"] += len(pinged)
                    self.figures["pings_to_actor"] += int(actor in pinged)
        self.figures["channel_image_bytes_held"] = sum(
            int(attachment.get("size") or 0)
            for message in self.env.backend.messages.get(self.channel_id, {}).values() if message.visible_to(None)
            for attachment in message.attachments)
        sent = self.env.http_requests[self.requests:]
        self.requests = len(self.env.http_requests)
        self.figures["edits"] += sum(1 for r in sent if r.method == "PATCH" and "/messages/" in r.path)


def human_turns(table: Any, log: list[dict[str, Any]]) -> int:
    """Times a human seat was asked that was not asked the position before, the log folded again."""
    from gavel.tables.table import engine_config, public_config
    from rules.core import UNDO, replay_chance

    game = table.game
    humans = {i for i, seat in enumerate(table.seats) if not seat.is_ai}
    config = engine_config(public_config(table.config), table.variant)
    state = game.new_game(config, len(table.seats), replay_chance(table.setup_record))
    before: set[int] = set()
    turns = 0

    def asked() -> set[int]:
        return set() if game.outcome(state) is not None else set(game.to_act(state)) & humans

    for row in log:
        now = asked()
        turns += len(now - before)
        before = now
        if row["action"].strip() == UNDO:
            raise RuntimeError("the bench never undoes")
        game.apply(state, row["seat"], row["action"], replay_chance(json.loads(row["chance"] or "[]")))
    turns += len(asked() - before)
    return turns


async def open_lobby(env: Any, channel: Any, key: str, seed: str, alice: Any, bob: Any) -> Any:
    """`/<group> new` by alice in `channel` (no clock, the table's seed `seed`), bob joins, alice
    adds two AI seats: the lobby's message, ready to start."""
    from gavel.tables import i18n
    from rules import registry

    group = registry.plugin(key).commands.group
    tree: Any = getattr(env.bot, "tree")  # noqa: B009
    new = tree.get_command(group).get_command("new")
    no_clock = {"timeout": 0} if any(p.name == "timeout" for p in new.parameters) else {}
    with seeded(seed):
        await alice.slash(channel, f"{group} new", **no_clock)
    lobby = channel.last_message
    if lobby is None:
        raise RuntimeError(f"/{group} new opened no lobby")
    await bob.click(lobby, label=i18n.gettext("cogs.button.join"))
    for _ in range(2):
        await alice.click(lobby, label=i18n.gettext("cogs.button.ai"))
    return lobby


HOLD_STEP_S = 1.0
"""Seconds the service's clock moves on at a time while the bench waits for a window's hold."""
HOLD_STEPS = 60
"""The most steps the bench waits for a table to move on by itself before it calls it stuck."""

LATE_TRIES = 3
"""Times in a row a human whose click the bot answered late (`patiently`: None) and that moved
nothing is asked to click again, before the bench calls the table stuck."""


class BenchTime:
    """The service's clocks for the single-table run: simcord's virtual time plus what the bench
    added while it waited for holds (`held`). Moving simcord's own time would wake the bot's
    background sleepers (the outbox's resender, the timers), whose store calls simcord now and
    then never sees finish; the bench fires the holds the way a process sharing the database
    does (`WindowClock.poll_once`), so virtual time stays still."""

    def __init__(self, env: Any) -> None:
        self.env = env
        self.skew = 0.0

    def now(self) -> float:
        return float(self.env.now().timestamp()) + self.skew

    def install(self, service: Any) -> None:
        """The service's clocks read this time (before any table opens)."""
        from gavel.tables.decisions import Decisions

        service.wall = self.now
        service.decisions = Decisions(self.now)


def quiet_background(bot: Any) -> None:
    """The bot's own timers off (each window's clock, the outbox's resender): nothing sleeps in
    the background, so nothing simcord's clock wakes can lose its way (see `threads_inline`).
    What they would do, the bench does: `held` fires the clocks that ran out, and a single
    table's notices are delivered by the click that made them."""
    bot.resender.stop()
    bot.clock.close()
    bot.clock.arm = lambda channel_id, timer=None: None


async def held(env: Any, clock: BenchTime, table: Any, version: int) -> bool:
    """Move the service's clock on (`BenchTime`) and fire the clocks that ran out, as the bot's
    database poll does, until the table moves on from `version` (a window's hold ended and its
    waiting passes were applied); False when it never does."""
    for _ in range(HOLD_STEPS):
        if table.version != version or table.status != "active":
            return True
        clock.skew += HOLD_STEP_S
        await env.bot.clock.poll_once()
    return table.version != version or table.status != "active"


@contextlib.contextmanager
def threads_inline() -> Iterator[None]:
    """While the block runs, `asyncio.to_thread` calls its function on the event loop itself.

    Simcord now and then loses the wake-up of work a thread finished (the future awaiting it
    stays pending while every thread is idle: seen on the outbox's and the clocks' store calls),
    and the bot then never settles. The single-table run counts messages, clicks and CPU, not
    response times, so it runs the bot's thread work inline; the load run (`--shared`) keeps
    real threads, whose timing it measures."""
    original = asyncio.to_thread

    async def inline(func: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Any:
        return func(*args, **kwargs)

    asyncio.to_thread = inline
    try:
        yield
    finally:
        asyncio.to_thread = original


async def play_game(key: str, seed: str, max_clicks: int) -> dict[str, Any]:
    from simcord.env import Env

    from cogs.bot import create_bot
    from gavel.tables import i18n
    from gavel.tables.service import TableService

    with tempfile.TemporaryDirectory(prefix="gavel-channel-") as folder, threads_inline():
        service = TableService(str(Path(folder) / "channel.sqlite3"))
        bot = create_bot(service, sync=False, eager=True, idle=0)
        # One game, every notice sent at once: no table ever leaves memory, so no loop polls the
        # database nor sweeps for idle tables (simcord's settle would wait through their sleeps).
        bot.watches, service.rest = False, 0.0
        bot.start_heartbeat = lambda: None  # type: ignore[method-assign]
        env = Env(bot, strict_sync=False, settle_timeout=SETTLE_S)  # unsynced commands
        await env.start()
        clock = BenchTime(env)
        clock.install(service)
        quiet_background(env.bot)
        try:
            guild = env.create_guild("Walmington")
            channel = guild.create_text_channel("games")
            alice = guild.add_member(env.create_user("alice"))
            bob = guild.add_member(env.create_user("bob"))
            members = {alice.id: alice, bob.id: bob}
            lobby = await open_lobby(env, channel, key, seed, alice, bob)
            seen = Channel(env, channel.id)
            c0, t0 = time.process_time(), time.perf_counter()
            await alice.click(lobby, label=i18n.gettext("cogs.button.start"))
            seen.read(alice.id)
            table = service.table(channel.id)
            if table is None or table.status != "active":
                raise RuntimeError(f"{key}: Start began no game")
            decisions = clicks = late = 0
            version = -1
            stuck: str | None = None
            carried: tuple[Any, Any] | None = None
            while table.status == "active" and clicks < max_clicks:
                everyone = table.humans_to_act()
                if not everyone:
                    stuck = "no human asked while the game is in play"
                    break
                # A human whose pass waits for the window's hold (by a standing order, or their own
                # click) has nothing more to answer: the bench lets the hold run out instead.
                asked = [s for s in everyone if s not in service.answered(channel.id)]
                if not asked:
                    if not await held(env, clock, table, table.version):
                        stuck = f"a window's hold never ended at version {table.version}"
                        break
                    seen.read(None)  # what the hold's end posted: the clock's, no human's click
                    continue
                actor = members[int(table.seats[asked[0]].user_id or 0)]
                if table.version != version:
                    late = 0
                version = table.version
                # A pass that left a window open posted nothing: the window's message (made when it
                # opened) still answers it, as its buttons do on Discord.
                opened = service.decisions.peek(table.id)
                since = opened.version if opened is not None and opened.version <= version else version
                target: Any = next((m for m in reversed(channel.history())
                                    if any(first_step(m, v) is not None for v in range(version, since - 1, -1))), None)
                if carried is not None and carried[0] is actor and first_step(carried[1], version) is not None:
                    target = carried[1]  # the actor's spent private menu showed their next decision
                carried = None
                if target is None:
                    stuck = f"nothing to click for {actor.name} at version {version}"
                    break
                step: Any = None
                result: Any = None
                for _depth in range(MENU_DEPTH):
                    step = first_step(target)
                    if step is None or clicks >= max_clicks:
                        break
                    result = await patiently(env, press(actor, target, step))
                    clicks += 1
                    if table.version != version or asked[0] in service.answered(channel.id):
                        decisions += 1  # the click played an action: a decision, whatever led to it
                    seen.read(actor.id)
                    if table.version != version or table.status != "active":
                        if result is not None:  # what the private menu says now: maybe the next decision
                            carried = (actor, result.followups[-1] if result.followups else result.response)
                        break
                    if result is None:  # the bot finished late: the table is looked at again
                        break
                    target = result.followups[-1] if result.followups else result.response
                    if target is None:
                        break
                if table.version == version and table.status == "active" and clicks < max_clicks:
                    if asked[0] in service.answered(channel.id):  # the pass waits for the hold
                        continue
                    if result is None and late < LATE_TRIES:  # the bot was late: look at the table again
                        late += 1
                        continue
                    stuck = f"{actor.name}'s clicks moved nothing at version {version}"
                    # What the table and the last click said, for whoever looks into it.
                    print(json.dumps({"stuck": stuck, "decision": repr(table.decision()),
                                      "holding": service.timing.holding(table),
                                      "waiting": service.timing.waiting_passes(table),
                                      "opened": repr(service.decisions.peek(table.id)),
                                      "step": repr(step), "result": repr(result),
                                      "said": [getattr(m, "content", None) for m in
                                               (result.followups if result is not None else [])]},
                                     default=str), file=sys.stderr)
                    break
            cpu, wall = time.process_time() - c0, time.perf_counter() - t0
            finished = table.status == "finished"
            env.raise_errors()
            log = service.store.actions(table.id)
            turns = human_turns(table, log)
        finally:
            await env.shutdown()
            service.close()
    figures = seen.figures
    report: dict[str, Any] = {
        "human_decisions": decisions, "human_turns": turns, "channel_messages": figures["channel_messages"],
        "channel_image_mb": round(figures["channel_image_bytes"] / 1e6, 3),
        "channel_image_mb_held": round(figures.get("channel_image_bytes_held", 0) / 1e6, 3), "edits": figures["edits"],
        "pings": figures["pings"], "pings_to_actor": figures["pings_to_actor"], "dms": figures["dms"],
        "ephemeral": figures["ephemeral"], "actions": len(log), "clicks": clicks, "finished": finished,
        "cpu_s": round(cpu, 2), "wall_s": round(wall, 2),
    }
    if stuck is not None:
        report["stuck"] = stuck
    return report


ACK_S = 3.0
"""Discord's limit for an interaction's first response ("The application did not respond")."""
LOAD_SETTLE_S = 120.0
"""How long simcord waits for the bot to settle in the load run (after a burst of interactions at
once, the AI workers' start): the loops whose sleeps a long wait would wait through are off there."""
LOAD_FIGURES = ("tables", "rounds", "interactions", "late_interactions", "unanswered", "max_first_response_ms",
                "p50_first_response_ms", "max_done_ms", "p50_done_ms", "clicks", "table_me", "actions", "finished",
                "cpu_s", "wall_s")
RESPONSES = ("respond_with_message", "defer", "defer_update", "update_source", "show_modal",
             "complete_autocomplete", "pong")
"""How simcord's interaction record takes the bot's first response (ack, defer or message)."""


class FirstResponses:
    """When each interaction was made and first answered, on the wall clock (`time.perf_counter`;
    simcord's own clock is virtual): what Discord would time against its 3 s. Simcord keeps no
    response times, so its backend's `new_interaction` and its record's response methods are
    wrapped while the block runs."""

    def __init__(self, env: Any) -> None:
        self.env = env
        self.made: dict[int, float] = {}
        self.answered: dict[int, float] = {}
        self.last: dict[int, float] = {}
        """When the bot last answered each interaction (a follow-up, an edit of its answer: done)."""
        self.kind: dict[int, str] = {}
        self._undo: list[tuple[Any, str, Any]] = []

    def __enter__(self) -> FirstResponses:
        from simcord.backend.models.interaction import Interaction

        backend, made, answered, last = self.env.backend, self.made, self.answered, self.last
        new_interaction, by_token = backend.new_interaction, backend.interaction_by_token

        def timed_new(*args: Any, **kwargs: Any) -> Any:
            record = new_interaction(*args, **kwargs)
            made[record.id] = time.perf_counter()
            return record

        def timed_use(token: str) -> Any:  # a follow-up or an edit of the answer, by its token
            record = by_token(token)
            last[record.id] = time.perf_counter()
            return record

        self._undo += [(backend, "new_interaction", None), (backend, "interaction_by_token", None)]
        backend.new_interaction, backend.interaction_by_token = timed_new, timed_use
        for name in RESPONSES:
            method = getattr(Interaction, name)

            def first(record: Any, *args: Any, _method: Any = method, **kwargs: Any) -> Any:
                answered.setdefault(record.id, time.perf_counter())
                last[record.id] = time.perf_counter()
                return _method(record, *args, **kwargs)

            self._undo.append((Interaction, name, method))
            setattr(Interaction, name, first)
        return self

    def __exit__(self, *exc: object) -> None:
        for owner, name, method in reversed(self._undo):
            if method is None:
                delattr(owner, name)  # the instance's wrapper: the class's method again
            else:
                setattr(owner, name, method)
        self._undo.clear()

    def label(self, interaction_id: int, kind: str) -> None:
        """Say what an interaction was (`click`, `me`), for the figures by kind."""
        self.kind[interaction_id] = kind

    def figures(self, since: float) -> dict[str, Any]:
        """The interactions made after `since`: how many, how many answered late (or never), the
        slowest and the median first response (ms), and the slowest and median last one (the
        interaction done: `done_ms`), in all and by kind."""
        def of(ids: list[int]) -> dict[str, Any]:
            waits = sorted((self.answered[i] - self.made[i]) * 1000 for i in ids if i in self.answered)
            done = sorted((self.last[i] - self.made[i]) * 1000 for i in ids if i in self.last)
            unanswered = len(ids) - len(waits)
            return {"interactions": len(ids),
                    "late_interactions": unanswered + sum(1 for w in waits if w > ACK_S * 1000),
                    "unanswered": unanswered, "max_first_response_ms": round(max(waits), 1) if waits else 0.0,
                    "p50_first_response_ms": round(waits[len(waits) // 2], 1) if waits else 0.0,
                    "max_done_ms": round(max(done), 1) if done else 0.0,
                    "p50_done_ms": round(done[len(done) // 2], 1) if done else 0.0}

        ids = [i for i, t in self.made.items() if t >= since]
        report = of(ids)
        report["by_kind"] = {kind: of([i for i in ids if self.kind.get(i) == kind])
                             for kind in sorted({self.kind.get(i, "other") for i in ids})}
        return report


async def at_once(env: Any, calls: list[Callable[[], Awaitable[Any]]]) -> list[Any]:
    """Make each interaction of `calls` without waiting for the bot in between (the users of a busy
    server click at once: each handler starts while the others run), then wait for the bot to
    settle once, for all of them. Each call's result is read after that wait."""
    settle = env._settle_internal

    async def no_wait(**_: Any) -> None:
        await asyncio.sleep(0)  # the bot's handlers of the interactions made so far start

    env._settle_internal = no_wait
    try:
        results = [await call() for call in calls]
    finally:
        del env._settle_internal  # the instance's stand-in: simcord's own wait again
    await settle()
    return results


class LoadTable:
    """One table of the load run: its channel, its two humans, and the menu a human clicks next."""

    def __init__(self, key: str, channel: Any, humans: dict[int, Any]) -> None:
        self.key = key
        self.channel = channel
        self.humans = humans
        self.target: Any = None
        """The message or private answer whose first menu step the human asked clicks next (None:
        the newest channel message with a menu for the table's version)."""
        self.version: int | None = None

    def next_click(self, table: Any) -> tuple[Any, Any, Any] | None:
        """(the human asked, the message, its step) of the table's next click, or None."""
        asked = table.humans_to_act() if table is not None and table.status == "active" else []
        if not asked:
            return None
        actor = self.humans[int(table.seats[asked[0]].user_id or 0)]
        if self.target is None or self.version != table.version:
            self.version = table.version
            self.target = next((m for m in reversed(self.channel.history()) if first_step(m, table.version)), None)
        step = first_step(self.target) if self.target is not None else None
        return (actor, self.target, step) if step is not None else None

    def other(self, actor: Any) -> Any:
        """The table's other human."""
        return next(m for m in self.humans.values() if m.id != actor.id)


async def load_run(tables: int, rounds: int, keys: list[str], seed: str, pg_url: str, workers: int) -> dict[str, Any]:
    """`tables` tables on one PostgreSQL database in shared mode (each in its own channel, of the
    games `keys` in turn, 2 humans and 2 AI seats, seeded, started one after another), then
    `rounds` rounds of clicks at once: in each, every table's human asked clicks their next menu
    step, interleaved as on a busy server, and at every other table the other human types
    `/table me` just after it (while the AI seats answer the click). The AI seats think in a pool
    of `workers` processes, as in the bot. Every interaction's first response is timed on the wall
    clock (`FirstResponses`)."""
    from scale import database
    from simcord.env import Env

    from cogs.bot import create_bot
    from gavel.tables import i18n
    from gavel.tables.ai import PooledSeats
    from gavel.tables.service import TableService

    made: list[str] = []
    with database("postgresql", pg_url, "channel", made) as location:
        service = TableService(location, thinking=PooledSeats(workers))
        bot = create_bot(service, sync=False, shared=True, idle=0)
        # The one process here holds every table: no other process's clock to watch for, no idle
        # table to drop or rest, and simcord's Discord refuses nothing, so nothing to send again.
        # Their loops poll the database for ever, and simcord's long wait after a burst (`at_once`)
        # would wait through their sleeps.
        bot.clock.watch = bot.rematch_clock.watch = lambda every=1.0: None  # type: ignore[method-assign]
        service.rest = 0.0
        bot.resender.start = lambda: None  # type: ignore[method-assign]
        bot.start_heartbeat = lambda: None  # type: ignore[method-assign]
        env = Env(bot, strict_sync=False, settle_timeout=LOAD_SETTLE_S)  # the AI workers start in the first one
        await env.start()
        try:
            guild = env.create_guild("Walmington")
            load: list[LoadTable] = []
            for n in range(tables):
                key = keys[n % len(keys)]
                channel = guild.create_text_channel(f"games-{n}")
                alice = guild.add_member(env.create_user(f"alice{n}"))
                bob = guild.add_member(env.create_user(f"bob{n}"))
                lobby = await open_lobby(env, channel, key, seed, alice, bob)
                await alice.click(lobby, label=i18n.gettext("cogs.button.start"))
                load.append(LoadTable(key, channel, {alice.id: alice, bob.id: bob}))
            clicks = me = 0
            with FirstResponses(env) as timed:
                c0, t0 = time.process_time(), time.perf_counter()
                for _ in range(rounds):
                    calls: list[Callable[[], Awaitable[Any]]] = []
                    clicked: list[tuple[LoadTable, Any]] = []
                    for n, at in enumerate(load):
                        found = at.next_click(service.table(at.channel.id))
                        if found is None:
                            continue
                        actor, target, step = found
                        calls.append(functools.partial(press, actor, target, step))
                        clicked.append((at, len(calls) - 1))
                        if n % 2 == 0:
                            other = at.other(actor)
                            calls.append(functools.partial(other.slash, at.channel, "table me"))
                    if not calls:
                        break
                    results = await at_once(env, calls)
                    click_calls = {i for _, i in clicked}
                    for i, result in enumerate(results):  # simcord's record of the interaction, by its id
                        timed.label(result._interaction.id, "click" if i in click_calls else "me")
                    clicks += len(clicked)
                    me += len(results) - len(clicked)
                    for at, i in clicked:
                        table = service.table(at.channel.id)
                        if table is None or table.version != at.version:
                            at.target = None
                        else:
                            result = results[i]
                            at.target = result.followups[-1] if result.followups else result.response
                cpu, wall = time.process_time() - c0, time.perf_counter() - t0
                figures = timed.figures(t0)
            env.raise_errors()
            games: dict[str, dict[str, int]] = {}
            for at in load:
                table = service.table(at.channel.id)
                game = games.setdefault(at.key, {"tables": 0, "actions": 0, "finished": 0})
                game["tables"] += 1
                game["actions"] += len(service.store.actions(table.id)) if table is not None else 0
                game["finished"] += int(table is None or table.status == "finished")
        finally:
            await env.shutdown()
            service.close()
    by_kind = figures.pop("by_kind")
    return {"tables": tables, "rounds": rounds, **figures, "clicks": clicks, "table_me": me,
            "actions": sum(g["actions"] for g in games.values()),
            "finished": sum(g["finished"] for g in games.values()), "cpu_s": round(cpu, 2), "wall_s": round(wall, 2),
            "by_kind": by_kind, "games": games, "schemas_dropped": made}


def parse(argv: list[str] | None) -> argparse.Namespace:
    from rules import registry

    games = sorted(registry.plugins())
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--only", default=",".join(games), help="comma-separated games: " + ",".join(games))
    parser.add_argument("--seed", default="5eed", help="every table's seed")
    parser.add_argument("--max-clicks", type=int, default=400, help="clicks at most per game (then finished: false)")
    load = parser.add_argument_group("load", "many tables at once on one PostgreSQL database (shared mode)")
    load.add_argument("--shared", action="store_true",
                      help="play many tables at once in shared mode, timing every interaction's first response")
    load.add_argument("--tables", type=int, default=60, help="tables at once (with --shared)")
    load.add_argument("--rounds", type=int, default=3, help="clicks of each table's human asked (with --shared)")
    load.add_argument("--pg", default=None,
                      help="the PostgreSQL server (a schema of its own is made in it, dropped after)")
    load.add_argument("--workers", type=int, default=2, help="AI worker processes (with --shared)")
    args = parser.parse_args(argv)
    args.only = [g for g in args.only.split(",") if g]
    unknown = sorted(set(args.only) - set(games))
    if unknown:
        parser.error(f"unknown game(s): {', '.join(unknown)}")
    if args.max_clicks < 1:
        parser.error("--max-clicks is at least 1")
    if args.tables < 1 or args.rounds < 1 or args.workers < 1:
        parser.error("--tables, --rounds and --workers are at least 1")
    return args


def main(argv: list[str] | None = None) -> dict[str, Any]:
    args = parse(argv)
    if args.shared:
        from scale import DEFAULT_PG

        figures = asyncio.run(load_run(args.tables, args.rounds, args.only, args.seed, args.pg or DEFAULT_PG,
                                       args.workers))
        report: dict[str, Any] = {"mode": "shared", "seed": args.seed, "humans": 2, "ai_seats": 2, **figures}
        print(json.dumps(report, indent=2, ensure_ascii=False))
        return report
    report = {"seed": args.seed, "humans": 2, "ai_seats": 2, "max_clicks": args.max_clicks,
                              "games": {key: asyncio.run(play_game(key, args.seed, args.max_clicks))
                                        for key in args.only}}
    print(json.dumps(report, indent=2, ensure_ascii=False))
    return report


if __name__ == "__main__":
    main()

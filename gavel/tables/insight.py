"""After the game: each seat's chance to win at each step of a finished game (its turning points)
and each seat's luck with dice and cards, worked out once and kept with the game.

The chances cost many playouts of the game's computer player (`rules.insight.chances`, bounded
by `BUDGET`, a count of actions applied): they are worked out away from the event loop, in the AI
seats' worker processes when the bot has them (`PooledSeats.run`), else in a thread, one game at a
time per process (a burst of asks for insights never takes every worker from the AI seats), and a
game asked for twice at once is worked out once. The result (figures only: chances, turning
points, luck tallies) is kept in the store (`insight`, `keep_insight`); the pictures and words
are made from it on each ask, in the reader's language.

Nothing is shown before the game is over: a playout starts from the true state, hands and pack
orders included, and the luck report reads private draws (cards dealt). An active game, a lobby
or a cancelled game is refused (`insight_after_end`).
"""

from __future__ import annotations

import asyncio
import inspect
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from gavel.tables import i18n
from gavel.tables.ai import AITurns, PooledSeats, find_policy
from gavel.tables.games import game_name, installed
from gavel.tables.notices import Public
from gavel.tables.registry import Tables
from gavel.tables.store import dumps, loads
from gavel.tables.table import engine_config, split_config
from rules import insight as rules_insight
from rules import registry
from rules.core import Game, IllegalAction, Listed, Msg, SeatName
from rules.insight import Budget, Chances, Tally

log = logging.getLogger(__name__)

BUDGET = Budget()
"""What one game's chances may cost: 80 000 actions applied in playouts (about 5 to 25 s of CPU
in a worker for a whole game of any of our games: `bench/insight.py`)."""
SEED = "insight"
"""The playouts' seed with the table's number: the same game gives the same figures anywhere."""
FORMAT = 1
"""The kept insight's shape; a row of another shape is worked out again."""


def compute(game_key: str, config: dict[str, Any], seats: int, setup: list[int],
            log_rows: list[tuple[int, str, list[int]]], seed: str, budget: Budget = BUDGET,
            policy: Callable[..., Any] | None = None, winners: list[int] | None = None) -> str:
    """A finished game's insight as JSON text: its chances (`rules.insight.Chances`, played out by
    `policy`, when the game has a computer player; ending on `winners`, the stored result) and its
    luck tallies (when it has a `luck`
    hook). What a worker process runs: plain arguments in (the policy a module-level function),
    text out."""
    plugin = registry.plugin(game_key)
    game = plugin.game
    data: dict[str, Any] = {"format": FORMAT}
    if policy is not None:
        data["chances"] = rules_insight.chances(game, config, seats, setup, log_rows, _vetted(policy),
                                                seed=seed, budget=budget, winners=winners).to_json()
    if plugin.luck is not None:
        data["luck"] = rules_insight.tally_json(rules_insight.luck(game, config, seats, setup, log_rows,
                                                                   plugin.luck.read))
    return dumps(data)


def _vetted(policy: Callable[..., Any]) -> Callable[..., Any]:
    """The policy, with the seat's first legal action standing in when it fails or answers
    something illegal (as AI seats do at a table: a playout must not stop on a policy's bug). A
    policy that takes no generator is asked without one (the playouts then vary by their dice alone)."""
    try:
        params = inspect.signature(policy).parameters.values()
        takes_rng = len(params) >= 4 or any(p.kind is p.VAR_POSITIONAL for p in params)
    except (TypeError, ValueError):
        takes_rng = True

    def play(game: Game[Any], state: Any, seat: int, rng: Any) -> Any:
        try:
            action = policy(game, state, seat, rng) if takes_rng else policy(game, state, seat)
            game.check(state, seat, action if not isinstance(action, str) else game.parse_action(action))
            return action
        except Exception:
            log.debug("a playout's policy failed for %s; the first legal action stands in", game.info.key,
                      exc_info=True)
            return game.legal_actions(state, seat)[0]
    return play


@dataclass(frozen=True)
class Insight:
    """What a finished game shows after its end, for every front-end and for the replay.

    `chances[i][s]`: seat `s`'s chance to win after the log's first `i` rows (empty when the game
    has no computer player); `marks`: the turning points (steps, in order); `sides`: the seats
    that win together, one chart line each; `chart_png`: the chart (None: no chances); `luck`: the
    luck sentence's parts, one per seat (`luck_text`); `luck_png`: each seat's luck as bars
    (None: nothing drawn by chance); `names`: the seats' players."""

    table_id: int
    game_key: str
    names: tuple[str, ...]
    chances: list[list[float]]
    marks: tuple[int, ...]
    sides: tuple[tuple[int, ...], ...]
    chart_png: bytes | None
    luck: tuple[Msg, ...]
    luck_png: bytes | None
    lang: str = i18n.DEFAULT
    """The language the pictures' titles are in."""
    tallies: tuple[Tally, ...] = field(default=(), compare=False)

    def seat_name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else str(seat + 1)

    def luck_line(self) -> Msg:
        """The luck report as one message: each seat's standout, or what stands for none."""
        game = registry.plugin(self.game_key).game
        if registry.plugin(self.game_key).luck is None:
            return Msg("insight.no_chance", {"game": game_name(game)})
        if not self.luck:
            return Msg("insight.luck_none")
        return Msg("insight.luck", {"lines": Listed.of(self.luck)})

    def turning_line(self) -> Msg | None:
        """The turning points in words (None: no chances)."""
        if not self.chances:
            return None
        if not self.marks:
            return Msg("insight.turning_none")
        return Msg("insight.turning", {"steps": Listed.of(str(m) for m in self.marks)}, count=len(self.marks))

    def lines(self) -> list[Msg]:
        """What a front-end says with the pictures: the title, the turning points, the luck."""
        game = registry.plugin(self.game_key).game
        title = Msg("insight.title", {"table": self.table_id, "game": game_name(game)})
        return [title, *filter(None, [self.turning_line()]), self.luck_line()]

    def luck_text(self, lang: str = i18n.DEFAULT) -> str:
        """The luck report, one sentence, in `lang` (players' names as they are)."""
        return i18n.render(self.luck_line(), lang, self.seat_name)

    def notice(self) -> Public:
        """The insight as a channel's message: its lines and the chart (the front-end attaches
        `luck_png` beside it)."""
        alt = {lang: " ".join(i18n.render(m, lang, self.seat_name) for m in self.lines()[1:])
               for lang in i18n.LANGUAGES}
        return Public(self.table_id, self.lines(), image=self.chart_png or self.luck_png, names=self.names, alt=alt)


def _digits(value: float) -> str:
    """A difference as the report says it: one decimal, none when it is whole."""
    text = f"{abs(value):.1f}"
    return text[:-2] if text.endswith(".0") else text


def luck_msgs(game_key: str, tallies: list[Tally]) -> list[Msg]:
    """Each seat's standout draw in words: `<key>.luck.<kind>.more` or `.fewer`, with the seat
    (`player`), the difference (`diff`, per draw or in all as the game's hook says) and how many
    draws (`number`, the plural's count)."""
    hook = registry.plugin(game_key).luck
    if hook is None:
        return []
    out = []
    for t in rules_insight.standouts(tallies, hook):
        value = t.per(t.kind in hook.per_draw)
        side = "more" if value >= 0 else "fewer"
        out.append(Msg(f"{game_key}.luck.{t.kind}.{side}", {"player": SeatName(t.seat), "diff": _digits(value),
                                                              "number": t.count}, count=t.count))
    return out


def draw(table_id: int, game_key: str, names: tuple[str, ...], data: dict[str, Any], final: dict[str, Any] | None,
         lang: str) -> Insight:
    """An `Insight` from the kept figures: its words, and its pictures drawn in `lang` (a
    worker thread's work: Pillow)."""
    from renderer import insight as pictures

    chances = Chances.from_json(data["chances"]) if data.get("chances") else None
    tallies = rules_insight.tally_from_json(data.get("luck") or [])
    seats = len(names)
    marks = pictures.seat_marks(game_key, final, seats)
    chart = None
    if chances is not None:
        title = i18n.gettext("insight.chart_title", lang, table=table_id)
        chart = pictures.chances_chart(chances.chances, chances.sides, chances.marks, marks, title)
    msgs = luck_msgs(game_key, tallies)
    luck_png = None
    hook = registry.plugin(game_key).luck
    if hook is not None and tallies:
        standouts = rules_insight.standouts(tallies, hook)
        rows = [(marks[t.seat], f"{names[t.seat] if t.seat < seats else t.seat + 1}: "
                 f"{i18n.render(Msg(f'{game_key}.luck.{t.kind}', {'number': t.count}, count=t.count), lang)}",
                 t.above / t.count) for t in standouts]
        luck_png = pictures.luck_chart(rows, i18n.gettext("insight.luck_title", lang, table=table_id))
    return Insight(table_id, game_key, names, chances.chances if chances else [], chances.marks if chances else (),
                   chances.sides if chances else (), chart, tuple(msgs), luck_png, lang, tuple(tallies))


class Insights:
    """Finished games' insights: worked out on first asking (away from the event loop), kept in
    the store, drawn on each ask (it keeps nothing per table but the work in flight)."""

    def __init__(self, tables: Tables, ai_turns: AITurns, budget: Budget = BUDGET) -> None:
        self._tables = tables
        self._store = tables.store
        self._ai = ai_turns
        self.budget = budget
        self._running: dict[int, asyncio.Future[str]] = {}
        self._warmed: set[int] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        self._one = asyncio.Lock()
        """One game worked out at a time in this process (made on first use: the loop's own)."""

    async def insight(self, table_id: int, *, lang: str = i18n.DEFAULT) -> Insight | None:
        """A finished game's insight (None: no such game, or not finished: nothing is shown
        before the end)."""
        row = await asyncio.to_thread(self._store.table_row, table_id)
        if row is None or row["status"] != "finished" or not row["state"] or installed(row["game"]) is None:
            return None
        return await self._of(row, lang)

    async def asked(self, guild_id: int | None, channel_id: int, table_id: int | None, *,
                    lang: str = i18n.DEFAULT) -> Insight:
        """`/table luck [game_id]`: the game numbered `table_id` of this server, else the channel's
        last game; refused while it is played (`insight_after_end`), when another server's or
        not there (`no_such_game`), when the channel has none (`no_table`)."""
        if table_id is None:
            row = await asyncio.to_thread(self._store.last_row, channel_id)
            if row is None:
                raise IllegalAction("no_table")
        else:
            row = await asyncio.to_thread(self._store.table_row, table_id) if 0 < table_id < 2 ** 63 else None
            if row is None or row["guild"] != guild_id:
                raise IllegalAction("no_such_game", table=table_id)
        if row["status"] != "finished" or not row["state"] or installed(row["game"]) is None:
            raise IllegalAction("insight_after_end")
        return await self._of(row, lang)

    async def _of(self, row: dict[str, Any], lang: str) -> Insight:
        table_id = int(row["id"])
        data = await asyncio.to_thread(self._kept, table_id)
        if data is None:
            data = json.loads(await self._work_out(row))
        seats = await asyncio.to_thread(self._store.seats, table_id)
        names = tuple(str(s["name"]) for s in seats)
        game = registry.plugin(row["game"]).game
        final = await asyncio.to_thread(lambda: game.view(game.load(loads(row["state"])), None))
        return await asyncio.to_thread(draw, table_id, row["game"], names, data, final, lang)

    async def _work_out(self, row: dict[str, Any]) -> str:
        """Work the game's insight out (once, however many ask at once) and keep it."""
        table_id = int(row["id"])
        running = self._running.get(table_id)
        if running is not None:
            return await asyncio.shield(running)
        future: asyncio.Future[str] = asyncio.get_running_loop().create_future()
        self._running[table_id] = future
        try:
            async with self._one:
                config = engine_config(split_config(loads(row["config"]))[0], row["variant"])
                seats = len(await asyncio.to_thread(self._store.seats, table_id))
                actions = await asyncio.to_thread(self._store.actions, table_id)
                results = await asyncio.to_thread(self._store.results, table_id)
                winners = [int(r["seat"]) for r in results if r["winner"]]
                log_rows = [(int(a["seat"]), str(a["action"]), loads(a["chance"]) or []) for a in actions]
                plugin = registry.plugin(row["game"])
                policy = (self._ai.ais or {}).get(row["game"]) or plugin.playout or find_policy(row["game"])
                args = (row["game"], config, seats, loads(row["setup"]) or [], log_rows, f"{SEED}:{table_id}",
                        self.budget, policy, winners)
                if isinstance(self._ai.thinking, PooledSeats):
                    text = await self._ai.thinking.run(compute, *args)
                else:
                    text = await asyncio.to_thread(compute, *args)
            text = await asyncio.to_thread(self._store.keep_insight, table_id, text)
            future.set_result(text)
            return text
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: nobody else may be waiting
            raise
        finally:
            self._running.pop(table_id, None)

    def _kept(self, table_id: int) -> dict[str, Any] | None:
        """The game's insight as the store keeps it (None: not worked out yet, or kept in another
        shape, `FORMAT`, to be worked out again). Reads the database: a worker thread's call."""
        kept = self._store.insight(table_id)
        data = json.loads(kept) if kept else None
        return data if isinstance(data, dict) and data.get("format") == FORMAT else None

    def tracked(self) -> set[int]:
        """The games being worked out now."""
        return set(self._running)

    # ------------------------------------------------------------------ in the replay
    def to_replay(self, replay: Any) -> None:
        """Add the game's kept insight to its replay as it is folded (a `Replays.additions` entry,
        run in the worker thread that folds it): the turning points starred in its step menu
        (`marks`), each step's chances in words under its lines (`extra`; a turning point says
        so), the luck at the last step, and the chart and luck pictures at the first and the
        last. A game whose insight is not worked out yet is left as it is (`warm` works it out)."""
        data = self._kept(replay.table_id)
        if data is None:
            return
        final = replay.game.view(replay.state(replay.last), None)
        found = draw(replay.table_id, replay.game_key, tuple(replay.names), data, final, replay.lang)
        if found.chances and len(found.chances) == replay.last + 1:
            replay.marks = tuple(found.marks)
            for step, row in enumerate(found.chances):
                said = [Msg("insight.turning_step")] if step in found.marks else []
                said.append(step_chances(found.sides, row))
                replay.extra.setdefault(step, []).extend(said)
        replay.extra.setdefault(replay.last, []).append(found.luck_line())
        pictures = [(name, png) for name, png in (("chances.png", found.chart_png), ("luck.png", found.luck_png))
                    if png is not None]
        for step in sorted({0, replay.last}):
            replay.pictures.setdefault(step, []).extend(pictures)

    def warm(self, table_id: int, then: Callable[[], None]) -> None:
        """Work a finished game's insight out in the background, if it is not kept yet, then call
        `then` (the replay forgets the game it folded without it, to fold it again with it).
        Only where the work goes to the AI seats' worker processes (the bot): elsewhere (local
        play, tests) it would be a thread nothing can stop, and the insight is worked out when
        asked for (`/table luck`). Once per game per process; a failure is logged and costs
        nothing else."""
        if table_id in self._warmed or not isinstance(self._ai.thinking, PooledSeats):
            return
        self._warmed.add(table_id)

        async def work() -> None:
            try:
                if await asyncio.to_thread(self._kept, table_id) is not None:
                    return
                if await self.insight(table_id) is not None:
                    then()
            except Exception:
                log.exception("game %s: its insight could not be worked out for its replay", table_id)
            finally:
                self._tasks.discard(task)

        task = asyncio.get_running_loop().create_task(work())
        self._tasks.add(task)


def step_chances(sides: tuple[tuple[int, ...], ...], row: list[float]) -> Msg:
    """A step's chances to win in words: each side (its players) and its chance, in percent."""
    return Msg("insight.step_chances", {"chances": Listed.of(
        Msg("insight.side_chance", {"players": Listed.of(SeatName(s) for s in side),
                                    "percent": round(100 * row[side[0]])}) for side in sides if side)})

"""The replay part of the table service: a finished game stepped through again, every secret shown.

A replay folds the game's log once (`rules.core.replay_steps`: the state after every log row,
with the row's events) and keeps the steps of the last few games opened (`KEPT`): each step's
words, and one state in `CHECKPOINT`, so moving to any step folds at most that many actions again
and draws one picture. Each step is shown as a `Public`: a title, the decision
taken (the action's own text, whatever it hid while the game ran: which card, which target), its
public lines, its private lines (who was told what), then every seat's secrets at that step, and
the board of the game's REVEALED view (`Game.revealed_view`, which the engine gives for a game that
has ended only: a table still running is refused as `replay_running` before its log is read).

`animation` is the other way to see a whole game: the PUBLIC board at every step, as one animated
picture small enough for Discord (`renderer.animation`).

Every database read and every fold or drawing runs in a worker thread.
"""

from __future__ import annotations

import asyncio
import copy
import logging
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from gavel.tables import i18n
from gavel.tables.games import game_name, installed
from gavel.tables.images import TEXTS, Images
from gavel.tables.notices import Public
from gavel.tables.numbers import MOST
from gavel.tables.play import quiet_line
from gavel.tables.store import TableStore, loads
from gavel.tables.table import engine_config, split_config
from rules.core import (
    UNDO,
    Event,
    Game,
    IllegalAction,
    Listed,
    Msg,
    Outcome,
    SeatName,
    State,
    replay_chance,
    replay_steps,
)

log = logging.getLogger(__name__)

KEPT = 8
"""Games whose folded steps are kept (the last opened first out): one fold serves every click of
everyone browsing the same game."""
SECRETS_SHOWN = 6
"""Secret lines shown per seat and step at most (a long hand is cut, with a count of the rest)."""


@dataclass(frozen=True)
class ReplayStep:
    """What one log row did: the seat that acted and the action's text (None for the set-up; `UNDO`
    for an undo), its public lines, its private ones (each with the seats told), and the events
    themselves."""

    seat: int | None
    text: str | None
    public: tuple[Msg, ...]
    private: tuple[tuple[tuple[int, ...], Msg], ...]
    events: tuple[Event, ...] = ()


CHECKPOINT = 16
"""A replay keeps the state of one step in this many (the others are folded again from the one
before them, at most this many actions: a long game's thousands of states are not all held)."""


@dataclass(frozen=True)
class ReplayPage:
    """One step shown: its notice (its lines and its revealed board) and every seat's secrets at
    that step, apart (Discord shows them in fields of their own, local play as lines after it)."""

    step: int
    notice: Public
    secrets: tuple[tuple[int, tuple[Msg, ...]], ...]

    def secret_lines(self) -> list[Msg]:
        """The secrets as one line per seat (`table.replay_secrets`)."""
        return [Msg("table.replay_secrets", {"player": SeatName(seat), "lines": Listed.of(lines)})
                for seat, lines in self.secrets]


@dataclass
class Replay:
    """A finished game folded for its replay: one `ReplayStep` per step (step 0 is the set-up),
    the state of every `CHECKPOINT`-th step (`state` folds any other from there), the seats'
    names, the table's language, how the game ended.

    `marks`: steps a front-end stars in its step menu (the turning points of the game), none
    by default; `extra` holds more lines per step (a step's win chances, say), shown under the
    step's own, and `pictures` more pictures per step (filename, PNG bytes), sent with its board."""

    table_id: int
    guild_id: int | None
    game_key: str
    names: tuple[str, ...]
    lang: str
    ended: Outcome
    steps: list[ReplayStep]
    checkpoints: dict[int, State]
    rows: list[tuple[int, str, list[int]]]
    """The log: (seat, text, recorded draws) per step after the set-up."""
    restores: dict[int, int]
    """An undo's step -> the step whose state it puts back (the one before the action taken back)."""
    marks: tuple[int, ...] = ()
    extra: dict[int, list[Msg]] = field(default_factory=dict)
    pictures: dict[int, list[tuple[str, bytes]]] = field(default_factory=dict)
    _recent: tuple[int, State] | None = field(default=None, repr=False, compare=False)
    animated: bytes | None = field(default=None, repr=False, compare=False)
    """The animated export once made (everyone who asks for it gets the same file)."""

    @property
    def last(self) -> int:
        """The last step's number (the game's end)."""
        return len(self.steps) - 1

    @property
    def game(self) -> Game[Any]:
        found = installed(self.game_key)
        if found is None:
            raise IllegalAction("no_table")
        return found

    def seat_name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else str(seat)

    def clamp(self, step: int) -> int:
        """`step` within the game (a stale or typed step number lands on the nearest one)."""
        return max(0, min(self.last, step))

    def state(self, step: int) -> State:
        """The state after `step` (a copy of its own): folded from the last step kept before it, or
        from the step asked just before (the next step is one action away)."""
        step = self.clamp(step)
        recent = self._recent
        if recent is not None and recent[0] == step:
            return copy.deepcopy(recent[1])
        start = step - step % CHECKPOINT
        if recent is not None and start <= recent[0] < step:
            start, state = recent[0], copy.deepcopy(recent[1])
        else:
            state = copy.deepcopy(self.checkpoints[start])
        game = self.game
        for at in range(start + 1, step + 1):
            seat, text, record = self.rows[at - 1]
            if at in self.restores:
                version = state.version + 1
                state = self.state(self.restores[at])
                state.version = version
            else:
                game.apply(state, seat, text, replay_chance(record))
        self._recent = (step, copy.deepcopy(state))
        return state


def fold(game: Game[Any], row: dict[str, Any], seats: Sequence[dict[str, Any]], log: Sequence[dict[str, Any]],
         results: Sequence[dict[str, Any]]) -> Replay:
    """A finished table's replay from its stored rows (the table, its seats, its log, its results)."""
    config = engine_config(split_config(loads(row["config"]))[0], row["variant"])
    rows = [(int(a["seat"]), str(a["action"]), loads(a["chance"]) or []) for a in log]
    folded = replay_steps(game, config, len(seats), loads(row["setup"]) or [], rows)
    steps = [ReplayStep(None, None, (), ())]
    for step in folded[1:]:
        assert step.seat is not None and step.text is not None
        steps.append(_step(game, step.seat, step.text, step.events))
    restores = {at: step.back for at, step in enumerate(folded) if step.back is not None}
    ended = game.outcome(folded[-1].state)
    if ended is None:  # the table ended it (resignations, an abandon): its results say how
        winners = tuple(int(r["seat"]) for r in results if r["winner"])
        reason = next((str(r["reason"]) for r in results if r.get("reason")), "ended")
        ended = Outcome(winners, reason)
    checkpoints = {n: s.state for n, s in enumerate(folded) if n % CHECKPOINT == 0}
    return Replay(int(row["id"]), row.get("guild"), game.info.key, tuple(s["name"] for s in seats),
                  split_config(loads(row["config"]))[1], ended, steps, checkpoints, rows, restores)


def _step(game: Game[Any], seat: int, text: str, events: list[Event]) -> ReplayStep:
    if text.strip() == UNDO:
        return ReplayStep(seat, text, (Msg("table.undone_secretly", {"player": SeatName(seat)}),), ())
    public = tuple(game.describe(e) for e in events if e.public) \
        or (quiet_line(game, seat, game.parse_action(text)),)
    private = tuple((tuple(e.to or ()), game.describe(e)) for e in events if not e.public)
    return ReplayStep(seat, text, public, private, tuple(events))


class Replays:
    """Finished games replayed: opening one (`open`), a step of it as a notice with its revealed
    board (`page`, its words alone: `lines`), the public board through the whole game
    (`animation`). It keeps the last `KEPT` games folded; a finished game never changes, so what
    is kept never goes stale."""

    def __init__(self, store: TableStore, images: Images) -> None:
        self._store = store
        self._images = images
        self._kept: OrderedDict[int, Replay] = OrderedDict()
        self._guard = threading.Lock()
        self.additions: list[Callable[[Replay], None]] = []
        """What other parts add to a game once it is folded (its turning points as `marks`, lines
        in `extra`, `pictures`): each is called with the new replay, in the worker thread that
        folded it, before it is kept and shown."""

    def tracked(self) -> int:
        """How many folded games are kept."""
        return len(self._kept)

    async def open(self, guild_id: int | None, channel_id: int, table_id: int | None = None) -> Replay:
        """The replay of a finished game of this server: `table_id` (as `/table history` numbers
        them), else the channel's last finished game. Refused: a game still in play
        (`replay_running`), one of another server, unknown or cancelled (`no_such_game`), a
        channel without a finished game (`no_finished_game`)."""
        if table_id is not None:
            kept = self._kept.get(table_id)
            if kept is not None and kept.guild_id == guild_id:  # another server's: refused below
                return kept
        row = await asyncio.to_thread(self._row, guild_id, channel_id, table_id)
        with self._guard:
            kept = self._kept.get(int(row["id"]))
            if kept is not None:
                self._kept.move_to_end(kept.table_id)
                return kept
        replay = await asyncio.to_thread(self._fold, row)
        with self._guard:
            self._kept[replay.table_id] = replay
            self._kept.move_to_end(replay.table_id)
            while len(self._kept) > KEPT:
                self._kept.popitem(last=False)
        return replay

    def _row(self, guild_id: int | None, channel_id: int, table_id: int | None) -> dict[str, Any]:
        if table_id is None:
            row = self._store.last_row(channel_id, "finished")
            if row is None:
                running = self._store.last_row(channel_id)
                raise IllegalAction("replay_running" if running is not None and running["status"] == "active"
                                    else "no_finished_game")
            return row
        row = self._store.table_row(table_id) if 0 < table_id <= MOST else None
        if row is None or row["guild"] != guild_id or not row["state"] or installed(row["game"]) is None:
            raise IllegalAction("no_such_game", table=table_id)
        if row["status"] == "active":
            raise IllegalAction("replay_running")
        if row["status"] != "finished":
            raise IllegalAction("no_such_game", table=table_id)
        return row

    def _fold(self, row: dict[str, Any]) -> Replay:
        game = installed(row["game"])
        if game is None:
            raise IllegalAction("no_such_game", table=row["id"])
        table_id = int(row["id"])
        replay = fold(game, row, self._store.seats(table_id), self._store.actions(table_id),
                      self._store.results(table_id))
        for add in self.additions:
            add(replay)
        return replay

    def forget(self, table_id: int) -> None:
        """Drop a kept game (its marks or extra lines changed, say)."""
        with self._guard:
            self._kept.pop(table_id, None)

    # ------------------------------------------------------------------ one step

    def lines(self, replay: Replay, step: int) -> list[Msg]:
        """A step in words: where it is in the game, the decision taken, what the channel heard,
        what was told privately and to whom, and the replay's `extra` lines (every seat's secrets
        apart: `secrets`)."""
        step = replay.clamp(step)
        game = replay.game
        shown = replay.steps[step]
        title = Msg("table.replay_title", {"table": replay.table_id, "game": game_name(game),
                                           "step": step, "last": replay.last})
        lines: list[Msg] = [title]
        if shown.seat is not None and shown.text is not None and shown.text.strip() != UNDO:
            lines.append(Msg("table.replay_decision", {"player": SeatName(shown.seat),
                                                       "action": worded(game, shown.text)}))
        elif step == 0:
            lines.append(Msg("table.replay_setup"))
        lines += shown.public
        for seats, said in shown.private:
            lines.append(Msg("table.replay_private", {"players": Listed.of(SeatName(s) for s in seats), "line": said}))
        if step == replay.last:
            lines.append(Msg("table.replay_end"))
        lines += replay.extra.get(step, [])
        return lines

    @staticmethod
    def secrets(view: dict[str, Any]) -> tuple[tuple[int, tuple[Msg, ...]], ...]:
        """Every seat's secrets in a step's revealed view (`Game.revealed_view`'s `secrets`): (seat,
        its lines) for each seat that has any, at most `SECRETS_SHOWN` lines and a count of the
        rest."""
        out: list[tuple[int, tuple[Msg, ...]]] = []
        for key, secrets in sorted(view.get("secrets", {}).items(), key=lambda kv: int(kv[0])):
            if not secrets:
                continue
            more = len(secrets) - SECRETS_SHOWN
            rest = [Msg("table.replay_more", {"more": more}, count=more)] if more > 0 else []
            shown = [*secrets[:SECRETS_SHOWN], *rest]
            out.append((int(key), tuple(shown)))
        return tuple(out)

    async def page(self, replay: Replay, step: int) -> ReplayPage:
        """A step: a notice of its `lines` and the revealed board, drawn in the table's language in
        a worker thread (no picture without a renderer, or when drawing fails), and as text when
        the front-end draws boards as text (local play); and every seat's `secrets` beside it."""
        step = replay.clamp(step)
        game = replay.game
        state = await asyncio.to_thread(replay.state, step)
        revealed = game.revealed_view(state, len(replay.names), replay.ended)
        view = {key: value for key, value in revealed.items() if key != "secrets"}  # said in words: `lines`
        renderer = self._images.renderer(replay.game_key)
        image: bytes | None = None
        board: str | None = None
        words: dict[str, Any] = {"names": dict(enumerate(replay.names)),
                                 "text": lambda key: i18n.gettext(key, replay.lang), "texts": TEXTS}
        if renderer is not None:
            try:
                image = await asyncio.to_thread(renderer.render, view, highlight=None, **words)
            except Exception:  # a broken renderer costs the picture, never the replay
                log.exception("drawing step %s of table %s (%s) failed", step, replay.table_id, replay.game_key)
                image = None
            text_board = getattr(renderer, "text_board", None)
            if self._images.text_boards and text_board is not None:
                try:
                    board = text_board(view, highlight=None, **words)
                except Exception:
                    board = None
        alt = await self._images.describe_view(replay.game_key, view, replay.names) if image is not None else {}
        notice = Public(replay.table_id, self.lines(replay, step), image=image, alt=alt, names=replay.names,
                        board=board)
        return ReplayPage(step, notice, self.secrets(revealed))

    # ------------------------------------------------------------------ the whole game, animated

    async def animation(self, replay: Replay) -> bytes | None:
        """The PUBLIC board at every step as one animated picture (`renderer.animation`: scaled
        down, identical frames merged, frames sampled, a palette) no bigger than Discord takes;
        None without a renderer. Drawn in a worker thread, once per game kept."""
        if replay.animated is not None:
            return replay.animated
        renderer = self._images.renderer(replay.game_key)
        if renderer is None:
            return None
        from renderer.animation import animate

        game = replay.game
        words: dict[str, Any] = {"names": dict(enumerate(replay.names)),
                                 "text": lambda key: i18n.gettext(key, replay.lang), "texts": TEXTS}

        def frames(indices: Sequence[int]) -> list[bytes]:
            return [renderer.render(game.view(replay.state(i), None), highlight=None, **words) for i in indices]

        try:
            replay.animated = await asyncio.to_thread(animate, replay.last + 1, frames)
            return replay.animated
        except Exception:  # a broken renderer costs the animation, never the bot
            log.exception("animating table %s (%s) failed", replay.table_id, replay.game_key)
            return None


def worded(game: Game[Any], text: str) -> Msg | str:
    """An action of the log as the game words it (`Game.label`: "Move Verger to 6,9", not
    `move verger 6,9`); its text as it is when the game cannot read it."""
    try:
        return game.label(game.parse_action(text))
    except IllegalAction:
        return text

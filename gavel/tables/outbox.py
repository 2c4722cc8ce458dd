"""The outbox part of the table service: a change's notices wait in the database until the
front-end says Discord accepted them (`keep`, `delivered`), and are sent again when it did not
(`undelivered`, `waiting`, `next_waiting`). Where several processes share one database
(`Outbox.shared`), a notice is held by the process that wrote it while it sends it, and
one that falls due is claimed by the process that sends it: none goes out twice. Where none
does, the process holds what it is sending in memory instead (`Outbox.sending`): the rows a change
kept (its front-end sends them at once), and those a read of the rows due or owed took, are not
taken again by another read while they are being sent; the database's rows stay due at once, so a
restart sends at once what the last run had not delivered. A claim takes
a channel's rows oldest first and stops at one another process holds, so a channel never hears
a notice before an older one (`gavel.tables.store.claimable`); the process over some shards
claims only its shards' channels (`waiting(shards=)`), so what it cannot send it never holds.

A row keeps a notice's words, never its picture's bytes: the notice delivered at once carries its
picture in memory, and the row says only that it had one (`picture`: what it showed, in which
language). A notice read back from the outbox (a failed send tried again, a restart, another
process sharing the database) has its picture drawn again from its table at the row's version
(`Redraw`), as it was first drawn; a row kept before then, with its bytes, still sends them. The
picture's words for screen readers (`alt`) are not kept either when the picture is drawn again:
they are said again from the same view (a row that holds them still sends them)."""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import threading
from collections import OrderedDict, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from gavel.tables.images import Images
from gavel.tables.notices import Notice, Private, Prompt, Public, Reminder, from_record, to_record
from gavel.tables.registry import Tables
from gavel.tables.store import Keep, ReminderSent, Shards, StaleWrite, dumps, loads
from gavel.tables.table import Table, engine_config
from gavel.tables.timing import Clocks
from gavel.tables.writes import StaleTable, Writes

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Owed:
    """What a channel owes before a change's own notices (`Outbox.owed`): the older notices to
    send first, and the change's own rows not to send now (`held`: an older notice there is
    another process's to send, or another process sends these)."""

    before: list[Notice]
    held: frozenset[int] = frozenset()


PICTURES_KEPT = 64
"""The pictures of its own undelivered notices an outbox keeps in memory (`Pictures`): a board's
PNG is 40-80 KB."""


class Pictures:
    """The pictures of this process's own notices still undelivered, by outbox row: a notice sent
    again soon after (a failed post tried again) is not drawn again. Bounded (least recently used
    first out); safe across threads."""

    def __init__(self, kept: int = PICTURES_KEPT) -> None:
        self.kept = kept
        self._found: OrderedDict[int, tuple[bytes, dict[str, str]]] = OrderedDict()
        self._lock = threading.Lock()

    def put(self, row: int, image: bytes, alt: dict[str, str] | None = None) -> None:
        """Keep row `row`'s picture, with its words (`alt`)."""
        with self._lock:
            self._found[row] = (image, dict(alt or {}))
            self._found.move_to_end(row)
            while len(self._found) > self.kept:
                self._found.popitem(last=False)

    def get(self, row: int) -> bytes | None:
        found = self.found(row)
        return None if found is None else found[0]

    def found(self, row: int) -> tuple[bytes, dict[str, str]] | None:
        """Row `row`'s picture and its words, when kept."""
        with self._lock:
            found = self._found.get(row)
            if found is not None:
                self._found.move_to_end(row)
            return found

    def drop(self, rows: Iterable[int]) -> None:
        with self._lock:
            for row in rows:
                self._found.pop(row, None)

    def __len__(self) -> int:
        return len(self._found)


class Redraw:
    """A kept notice's picture drawn again from its table at the version it was kept at: the
    table as held here when it is still at that version, else as stored when the stored state is,
    else the state folded from the table's set-up and its log up to that version (`Game.replay`).
    The public board from the public view (marking its prompt's moves when that prompt is not
    private, as the channel's notice was drawn), a seat's hand or board from that seat's view, in
    the language it was first drawn in. Drawing and folding run in worker threads."""

    def __init__(self, tables: Tables, images: Images) -> None:
        self._tables = tables
        self._images = images

    async def picture(self, table_id: int, version: int, notice: Public | Private,
                      drawn: dict[str, Any]) -> bytes | None:
        """The picture of `notice` (`drawn`: the outbox's mark of what it showed), or None when it
        cannot be drawn again (the table or its log is gone, the renderer fails: logged)."""
        return (await self.again(table_id, version, notice, drawn, words=False))[0]

    async def again(self, table_id: int, version: int, notice: Public | Private, drawn: dict[str, Any], *,
                    words: bool = True) -> tuple[bytes | None, dict[str, str]]:
        """The picture of `notice` (`picture`) and, with `words`, the same in words as first said
        (`Images.picture`, `Images.hand_picture`: from the same view, with the notice's names);
        (None, {}) when it cannot be drawn again, and no words without a picture."""
        try:
            table = self._tables.held(table_id)
            if table is None or table.state is None or table.version != version:
                table = await asyncio.to_thread(self._stored_at, table_id, version)
            lang = drawn.get("lang")
            names = list(notice.names) or table.names
            alt: dict[str, str] = {}
            if isinstance(notice, Public):
                prompt = notice.prompt if notice.prompt is not None and not notice.prompt.private else None
                image = await self._images.render(table, None, prompt, lang=lang)
                if words and image is not None and table.state is not None:
                    alt = await self._images.describe_view(table.game_key, table.game.view(table.state, None), names)
            elif drawn.get("of") == "hand":
                image = await self._images.render_hand(table, notice.seat, lang=lang)
                if words and image is not None:
                    alt = await self._images.hand_words(table, notice.seat, names)
            else:
                image = await self._images.render(table, notice.seat, None, lang=lang)
                if words and image is not None and table.state is not None:
                    view = table.game.view(table.state, notice.seat)
                    alt = await self._images.describe_view(table.game_key, view, names)
        except Exception:
            log.exception("the picture of a notice of table %s at version %s cannot be drawn again; sent without it",
                          table_id, version)
            return None, {}
        if image is None:
            log.warning("the picture of a notice of table %s at version %s was not drawn again; sent without it",
                        table_id, version)
        return image, alt

    def _stored_at(self, table_id: int, version: int) -> Table:
        """Table `table_id` as stored, its state at `version` (folded from its log when the stored
        state is past it); LookupError when there is no such table or version."""
        store = self._tables.store
        row = store.table_row(table_id)
        if row is None:
            raise LookupError(f"no table {table_id}")
        table = self._tables.load(row)
        if table.state is not None and table.version == version:
            return table
        rows = [r for r in store.actions(table_id) if r["version"] <= version]
        config = engine_config(table.config, table.variant)
        state = table.game.replay(config, len(table.seats), table.setup_record,
                                  [(r["seat"], r["action"], loads(r["chance"]) or []) for r in rows])
        if state.version != version:
            raise LookupError(f"table {table_id}: its log folds to version {state.version}, not {version}")
        table.state = state
        return table


class Outbox:
    """The notices kept until delivered (the rows live in the database; this keeps nothing else
    but the pictures of its own notices not delivered yet, `pictures`, and which tables those
    notices are of, `owes`)."""

    def __init__(self, tables: Tables, timing: Clocks, writes: Writes, images: Images, *,
                 enabled: bool = True) -> None:
        self._tables = tables
        self._store = tables.store
        self._timing = timing
        self._writes = writes
        self.pictures = Pictures()
        self.redraw = Redraw(tables, images)
        self._images = images
        self.enabled = enabled
        """Whether changes' notices wait in the database until delivered (the bot's case; local
        play prints them at once and keeps nothing)."""
        self.shared = False
        """Whether other processes share this database (the bot with `GAVEL_SHARED`): the outbox
        then claims what it sends."""
        self.me = f"{os.getpid()}.{secrets.token_hex(4)}"
        """Who this outbox is among the processes (a row's `claimer`): it holds the rows it writes
        under this name, and takes them back (`owed`)."""
        self._resending = f"{self.me}/resend"
        """The name of its claims of rows due (`waiting`): none of the rows a change of this
        process is sending, which another change of it must not take."""
        self._mine: dict[int, int] = {}
        """Outbox row -> its table: the notices this process kept and has not delivered yet (nor
        let go: `release`, `owed`'s `held`)."""
        self._of: dict[int, set[int]] = {}
        """Table -> its rows in `_mine`."""
        self.sending: dict[int, float] = {}
        """Outbox row -> until when (a `wall` time) this process is sending it: a change's own
        rows from `keep` (its front-end sends them at once), and the rows `waiting` or `owed` took.
        Without other processes (not `shared`), a read of the outbox takes none of them, nor any
        row of that channel after one (a notice never overtakes an older one); a row is let go
        when refused (`undelivered`: due again after its pause) or `release`d, and taken again
        once its lease ran out (the send that held it was lost). A delivered row stays here
        until then: a read that found it in the database just before it was deleted must not
        take it."""
        self._accepted: set[int] = set()
        """Rows Discord accepted whose end could not be written (`outbox_done` failed: the database
        away): written with the next ones delivered, or before the next read of the outbox, and
        meanwhile left out of every read here, so this process never sends them again (another
        process's claim waits out this one's lease first)."""
        self._swept = float("-inf")
        """When `_take` last forgot the holds whose lease ran out (it does so once a lease)."""
        self._keeping: dict[int, set[asyncio.Event]] = {}
        """Channel -> the `keep`s under way there: their rows may be in the database, not yet in
        `sending`. A read of the outbox waits for those of the channels it found rows of before
        it picks what it takes."""

    def owes(self, table: Table) -> bool:
        """Whether notices this process kept of the table are not delivered yet: the table stays
        held until they are (their delivery reads it as it is here)."""
        return bool(self._of.get(table.id))

    def tracked(self) -> set[int]:
        """The tables this process has undelivered notices of."""
        return {t for t, rows in self._of.items() if rows}

    def _hold(self, rows: Iterable[int]) -> None:
        """This process sends these rows now: no other read of the outbox here takes them for a lease."""
        if self.shared:  # the database's claims hold them
            return
        until = self._timing.wall() + self._timing.lease
        for row in rows:
            self.sending[row] = until

    def _free(self, rows: Iterable[int]) -> None:
        """These rows are no longer being sent here (refused, or let go)."""
        for row in rows:
            self.sending.pop(row, None)

    async def _take(self, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Of outbox rows just read (oldest first), those this process takes to send, held from
        now on (`sending`): in each channel, the rows up to the first one it is sending already
        (an older notice being sent holds the newer ones back). It first waits for the `keep`s
        under way, whose rows the read may have found before they were held; what it picks and
        holds it then picks and holds at once (two reads never take the same row). A hold whose
        lease ran out holds nothing; such holds are forgotten once a lease, not at every read."""
        for channel in {row["channel"] for row in rows}:
            for under_way in list(self._keeping.get(channel, ())):
                await under_way.wait()
        now = self._timing.wall()
        if now >= self._swept + self._timing.lease:  # at most once a lease: not a walk of them all per read
            self._swept = now
            for held, until in list(self.sending.items()):
                if until <= now:
                    del self.sending[held]
        taken: list[dict[str, Any]] = []
        stopped: set[Any] = set()
        for row in rows:
            if row["channel"] in stopped:
                continue
            if self.sending.get(row["id"], now) > now:
                stopped.add(row["channel"])
            else:
                taken.append(row)
        self._hold(r["id"] for r in taken)
        return taken

    def _sent(self, rows: Iterable[int]) -> None:
        """These rows are no longer this process's to deliver."""
        for row in rows:
            table_id = self._mine.pop(row, None)
            if table_id is not None:
                left = self._of.get(table_id)
                if left is not None:
                    left.discard(row)
                    if not left:
                        del self._of[table_id]

    async def keep(self, table: Table, notices: list[Notice], *, reminder: int | None = None) -> list[Notice]:
        """Put a change's notices in the outbox (in a worker thread) and give each its row: they
        stay there until the front-end says Discord accepted them (`delivered`), so a failed
        post, a crash or a disconnect never loses what a table had to say. If even that write
        fails, the notices still go out now (they just are not kept).

        The call's action not written yet (`Play.step` with `defer`) is written with them, in
        one transaction (`Writes.save`): a failure of that write is the call's (nothing of it is
        told), one of the outbox alone leaves the action written and the notices unkept. The
        call's seat changes (`Writes.store_seat`) are written in that transaction too; so is the
        claim of the half-time `reminder` of the decision opened at that version, which these
        notices are: nothing (`[]`) when it was claimed before (sent by another process, or by
        this one before a restart)."""
        if not self.enabled:
            await self._writes.save(table)
            if reminder is not None and not await asyncio.to_thread(self._store.claim_reminder, table.id, reminder):
                return []
            return notices
        items: list[tuple[str, bytes | None]] = [(dumps(self._record(table, n)), None) for n in notices]
        # Processes sharing a database: the writer holds its notices while it sends them.
        hold = self._timing.wall() + self._timing.lease if self.shared else 0.0
        keep = Keep(table.channel_id, items, hold, self.me if self.shared else None)
        under_way = asyncio.Event()
        self._keeping.setdefault(keep.channel, set()).add(under_way)
        try:
            try:
                kept = await self._writes.save(table, keep) if self._writes.pending(table.id) \
                    else await self._add(table, keep, reminder)
            except ReminderSent:
                return []
            if not kept:
                return notices
            self._hold(row for row in keep.ids if row is not None)  # the caller sends them now
        finally:
            keeping = self._keeping.get(keep.channel, set())
            keeping.discard(under_way)
            if not keeping:
                self._keeping.pop(keep.channel, None)
            under_way.set()
        for notice, row in zip(notices, keep.ids, strict=True):
            notice.outbox = row
            if row is not None:
                self._mine[row] = table.id
                self._of.setdefault(table.id, set()).add(row)
            image = getattr(notice, "image", None)
            if image is not None and row is not None:
                self.pictures.put(row, image, getattr(notice, "alt", None))
            if isinstance(notice, Public):
                notice.owed = keep.older  # the front-end asks for older notices only when some wait
        return notices

    def _record(self, table: Table, notice: Notice) -> dict[str, Any]:
        """What the outbox keeps of `notice`: its JSON, and when it carries a picture, what that
        showed (`picture`: `board` or `hand`) and the language it was drawn in, for `Redraw`;
        never the picture itself, nor its words (`alt`: said again with it)."""
        record = to_record(notice)
        if isinstance(notice, (Public, Private)) and (notice.image is not None or notice.later is not None):
            seat = notice.seat if isinstance(notice, Private) else None
            of = notice.shows if isinstance(notice, Private) else "board"
            record["picture"] = {"of": of, "lang": self._images.reader(table, seat)}
            record.pop("alt", None)
        return record

    async def _add(self, table: Table, keep: Keep, reminder: int | None = None) -> bool:
        """Keep notices in the outbox (no action with them), their rows in `keep.ids`, with the
        call's seat changes and the claim of `reminder`; False when that write failed (the seat
        changes and the claim are then written alone: the notices still go out, unkept).
        `StaleTable`: a checked seat change lost a race; `ReminderSent`: claimed before."""
        seats = self._writes.seat_writes(table.id)
        try:
            keep.ids = await asyncio.to_thread(self._store.outbox_add, table.id, keep.channel, table.version,
                                               keep.items, hold=keep.hold, claimer=keep.claimer, seats=seats,
                                               reminder=reminder)
        except StaleWrite as exc:
            self._writes.unwind_seats(table)
            raise StaleTable() from exc
        except ReminderSent:
            await self._writes.flush_seats(table)
            raise
        except Exception:
            log.exception("table %s: the notices of version %s could not be kept in the outbox", table.id,
                          table.version)
            await self._writes.flush_seats(table)
            if reminder is not None and not await asyncio.to_thread(self._store.claim_reminder, table.id, reminder):
                raise ReminderSent() from None
            return False
        self._writes.seats_written(table.id)
        return True

    async def delivered(self, rows: Iterable[int]) -> None:
        """Discord accepted these notices (outbox rows): they are done. An outage open ends, and
        a decision whose notices have all reached its players now starts its clock
        (`TableStore.outbox_done`: stored, and taken up here for a table held here). When that
        write fails (the database away), its error is the caller's, and the rows are remembered:
        written with the next ones, or before the next read of the outbox, and none of them is
        sent again by this process meanwhile (`_accepted`)."""
        rows = list(rows)
        if not rows:
            return
        self.pictures.drop(rows)
        self._sent(rows)
        try:
            await self._end(rows)
        except BaseException:
            self._accepted.update(rows)
            raise

    async def _end(self, rows: list[int]) -> None:
        """Write the end of `rows` and of the rows accepted before whose end is not written yet."""
        ending = list(dict.fromkeys([*self._accepted, *rows]))
        if not ending:
            return
        started = await asyncio.to_thread(self._store.outbox_done, ending, self._timing.wall())
        self._accepted.difference_update(ending)
        for table_id, clock in (started or {}).items():
            table = self._tables.held(table_id)
            if table is not None and table.status == "active" and table.state is not None:
                self._timing.moved(table, clock)

    async def _unaccepted(self, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Outbox rows just read, but those Discord accepted whose end is not written yet (written
        first, when the database takes it now)."""
        if not self._accepted:
            return rows
        accepted = set(self._accepted)
        try:
            await self._end([])
        except Exception:
            log.warning("the end of %d delivered notice(s) is still not written", len(accepted), exc_info=True)
        return [row for row in rows if row["id"] not in accepted]

    async def undelivered(self, rows: Iterable[int]) -> None:
        """These notices could not be delivered: try again later, each time after a longer pause
        (5 s, 10 s, 20 s … at most 10 minutes); an outage begins (clocks stop until a notice is
        delivered again, `gavel.tables.pauses`)."""
        rows = list(rows)
        if rows:
            await asyncio.to_thread(self._store.outbox_later, rows, self._timing.wall(), _backoff)
            self._free(rows)  # due again after their pause, for whoever reads them then
            await asyncio.to_thread(self._store.outage, self._timing.wall())

    async def waiting(self, channel_id: int | None = None, before: int | None = None, *,
                      shards: Shards | None = None) -> dict[int, list[Notice]]:
        """Notices still to deliver, by channel, oldest first: those due now, or all of one
        channel's kept before outbox row `before` (they go out before anything newer there). A
        notice of a version the table has moved past keeps its lines and board but no longer asks
        anyone to act. Processes sharing a database: only what is due, claimed, each channel's
        oldest first up to a notice another process holds; `shards`: of those shards' channels
        only (the others are other processes' to send). Without them, none this process is
        sending now (`sending`), nor any of that channel's after it; what it reads, it holds."""
        rows = await asyncio.to_thread(self._store.outbox_due, self._timing.wall(), channel_id, before,
                                       claim=self._timing.lease if self.shared else None,
                                       claimer=self._resending if self.shared else None,
                                       shards=shards if self.shared else None)
        rows = await self._unaccepted(rows)
        if self.shared:
            return await self._notices(rows)
        return await self._taking(await self._take(rows))

    async def _taking(self, rows: list[dict[str, Any]]) -> dict[int, list[Notice]]:
        """`_notices` of rows this process took to send (`_take`); held no more when they cannot
        even be read back."""
        try:
            return await self._notices(rows)
        except BaseException:
            self._free(r["id"] for r in rows)
            raise

    async def owed(self, channel_id: int, rows: Iterable[int | None]) -> Owed:
        """What a channel owes before a change's own notices (outbox `rows`, this process's to
        send): the older notices waiting there, to send first. Processes sharing a database: the
        channel's rows are claimed oldest first, this change's own among them, up to a notice
        another process holds (sending it, or dead while holding it); the change's rows past that
        point are `held`: let go, due at once for whoever sends the channel's next notices (they
        must not overtake the older one), or already taken by another process (its hold ran out).
        Without other processes, the same with what this process itself is sending now (another
        change's notices, or the outbox's resender's: `sending`): the older rows up to the first of
        those, and this change's own rows `held` when there is one."""
        mine = [r for r in rows if r is not None]
        if not self.shared:
            older = await self._unaccepted(await asyncio.to_thread(
                self._store.outbox_due, self._timing.wall(), channel_id, min(mine, default=None)))
            taken = await self._take(older)
            held = frozenset(mine) if len(taken) < len(older) else frozenset()
            if held:
                await self.release(held)
            return Owed((await self._taking(taken)).get(channel_id, []), held)
        now = self._timing.wall()
        taken = await self._unaccepted(await asyncio.to_thread(
            self._store.outbox_due, now, channel_id, max(mine) + 1 if mine else None, claim=self._timing.lease,
            claimer=self.me, mine=mine))
        ids = {r["id"] for r in taken}
        held = frozenset(r for r in mine if r not in ids)
        if held:
            await self.release(held, claimer=self.me)
        older = [r for r in taken if r["id"] not in set(mine)]
        return Owed((await self._notices(older)).get(channel_id, []), held)

    async def hand_over(self, notices: Iterable[Notice]) -> None:
        """Kept notices nothing in this process is about to send (the channel's news found at
        start-up): due at once, for the outbox's resender to send (`waiting`)."""
        await self.release((n.outbox for n in notices if n.outbox is not None), claimer=self.me)

    async def release(self, rows: Iterable[int], *, claimer: str | None = None) -> None:
        """Let go of rows this process claimed (`claimer`: the claim's name, by default its claims
        of rows due) but will not send: due at once, held by nobody."""
        rows = list(rows)
        self._sent(rows)  # whoever sends the channel's next notices sends them
        self._free(rows)
        if rows and self.shared:
            await asyncio.to_thread(self._store.outbox_release, rows, claimer or self._resending,
                                    self._timing.wall())

    async def _notices(self, rows: list[dict[str, Any]]) -> dict[int, list[Notice]]:
        """Outbox rows as notices by channel, oldest first; the rows of notices nobody is to see
        any more (unreadable, or a prompt or a reminder long past) are dropped from the outbox. A
        notice that had a picture gets it back: the row's own bytes (a row kept before pictures
        were drawn again), else the one this process still holds, else drawn again (`Redraw`);
        one that cannot be is sent without it."""
        found: dict[int, list[Notice]] = defaultdict(list)
        dropped: list[int] = []
        elsewhere = {int(r["table_id"]) for r in rows if self._tables.held(r["table_id"]) is None}
        stored = await asyncio.to_thread(self._heads, elsewhere) if elsewhere else {}
        for row in rows:
            try:
                record = loads(row["notice"])
                notice = from_record(record, row["image"], row["id"])
            except Exception:  # a notice nobody can read is dropped, not retried for ever
                log.exception("outbox row %s cannot be read; dropped", row["id"])
                dropped.append(row["id"])
                continue
            table = self._tables.held(row["table_id"])
            # A table not held here (never loaded since start-up, dropped while idle) is read as stored.
            status, version, opened = (table.status, table.version, self._opened(table)) if table is not None \
                else stored.get(row["table_id"], (None, None, None))
            current = status == "active" and version == row["version"]
            if isinstance(notice, Prompt) and not current:
                dropped.append(row["id"])  # a turn long past: nobody is to be asked any more
                continue
            if isinstance(notice, Reminder) and not (status == "active" and opened in (None, notice.opened)):
                dropped.append(row["id"])  # a reminder of a decision answered since
                continue
            drawn = record.get("picture")
            if isinstance(notice, (Public, Private)) and notice.image is None and isinstance(drawn, dict):
                picture: tuple[bytes | None, dict[str, str]] | None = self.pictures.found(row["id"])
                if picture is None:
                    picture = await self.redraw.again(row["table_id"], row["version"], notice, drawn)
                notice.image = picture[0]
                if not notice.alt:  # said again with the picture (a row that holds its words keeps them)
                    notice.alt = dict(picture[1])
            if isinstance(notice, Public) and notice.prompt is not None and not current:
                notice = replace(notice, prompt=None)
            found[row["channel"]].append(notice)
        await self.delivered(dropped)
        return dict(found)

    def _opened(self, table: Table) -> int | None:
        """The version the decision open at a table held here opened at, as far as this process
        knows (None: not known)."""
        known = self._timing.decisions.peek(table.id)
        return None if known is None else known.version

    def _heads(self, table_ids: Iterable[int]) -> dict[int, tuple[str, int, int | None]]:
        """Tables not held here as the store has them (in a worker thread): their status, version
        and the version their decision open now opened at (None when no clock row says)."""
        heads: dict[int, tuple[str, int, int | None]] = {}
        for table_id in table_ids:
            head = self._store.head(table_id)
            if head is None:
                continue
            clock = head.get("clock")
            clock = loads(clock) if isinstance(clock, str) else clock
            opened = clock.get("opened") if isinstance(clock, dict) and clock.get("at") == head["version"] else None
            heads[table_id] = (str(head["status"]), int(head["version"]),
                               int(opened) if isinstance(opened, int) else None)
        return heads

    def next_waiting(self) -> float | None:
        """In how many seconds the next notice waiting in the outbox is due (0 or less: now), or None."""
        due = self._store.outbox_next()
        return None if due is None else due - self._timing.wall()


def _backoff(attempts: int) -> float:
    """Seconds before the next delivery attempt of a notice that failed `attempts` times."""
    return min(600.0, 5.0 * 2 ** (attempts - 1))

"""When a daily clock stops: a player's vacation and sleep hours, the table's pause policy, and
the platform's outages. Pure arithmetic on `time.time()` values (no store, no clock read here).

- **Daily tables only.** A table whose time control gives a decision a day or more (`DAILY`,
  `/<game> new time:daily`) is a daily one; a live table's clocks never pause for a player.
- **Vacation** (`/table vacation days:N`): from now for N days every daily clock that asks the
  player stops. A player has `ALLOWANCE` days a calendar year (UTC); ending early (`days:0`)
  gives back the whole days not begun.
- **Sleep hours** (`/table settings sleep:23-07`, in the player's `tz:`, an IANA name): every
  night those hours stop the player's daily clocks. At most `MAX_SLEEP` hours a night.
- **The table's policy** (`/<game> new pauses:`): `none` (its clocks never stop for a player),
  `some` (up to `SOME` seconds, three days, per player per game) or `any` (the default).
  Past what it accepts, a clock runs; a player on vacation whose clock then runs out is not
  timed out: the AI keeps their seat warm until they `/table sit`.
- **Outages** (Discord's or Gavel's, `TableStore.outages`) stop every clock, live ones too, for
  everyone: nobody could act then.

A clock is the seconds it gives (`seconds`) counted from when it started: `run_until` says when
they are spent, the stopped spans skipped.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

DAY = 86400.0
DAILY = DAY
"""A time control of this many seconds or more a decision is daily: its clocks may pause."""
ALLOWANCE = 14
"""Vacation days each player has a calendar year."""
SOME = 3 * DAY
"""Seconds of pausing a `pauses:some` table accepts per player per game (three days)."""
MAX_SLEEP = 12
"""Sleep hours a night at most."""
POLICIES = ("none", "some", "any")
"""What pausing a table accepts (`/<game> new pauses:`); `any` unless chosen."""
DEFAULT_POLICY = "any"
KEPT = 10
"""Past vacations each player keeps (for the clocks that ran during them)."""

Span = tuple[float, float]

_SLEEP = re.compile(r"^(\d{1,2})(?::(\d{2}))?-(\d{1,2})(?::(\d{2}))?$")


def is_daily(time_control: float) -> bool:
    """Whether a table with this time control (seconds a decision) is a daily one."""
    return time_control >= DAILY


def zone(name: str) -> ZoneInfo | None:
    """The IANA time zone `name` (`Europe/London`, `Asia/Taipei`), or None when there is none."""
    if not name or len(name) > 64 or name.startswith(("/", ".")) or ".." in name:
        return None
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        return None


def parse_sleep(text: str) -> tuple[int, int] | None:
    """Sleep hours typed as `23-07` or `22:30-06:45` as (start, end) minutes after midnight, or
    None when not so written, empty (start = end) or longer than `MAX_SLEEP` hours."""
    found = _SLEEP.match(text.strip())
    if found is None:
        return None
    h1, m1, h2, m2 = (int(g) if g else 0 for g in found.groups())
    if h1 > 23 or h2 > 23 or m1 > 59 or m2 > 59:
        return None
    start, end = h1 * 60 + m1, h2 * 60 + m2
    length = (end - start) % (24 * 60)
    if length == 0 or length > MAX_SLEEP * 60:
        return None
    return start, end


def sleep_text(sleep: tuple[int, int]) -> str:
    """Sleep hours as written back (`23:00-07:00`)."""
    return "-".join(f"{m // 60:02d}:{m % 60:02d}" for m in sleep)


def sleep_spans(sleep: tuple[int, int], tz: ZoneInfo, start: float, end: float) -> list[Span]:
    """The nights of `sleep` (minutes after midnight, in `tz`) that meet [start, end]."""
    out: list[Span] = []
    day = datetime.fromtimestamp(start, tz).date() - timedelta(days=1)
    last = datetime.fromtimestamp(end, tz).date()
    length = (sleep[1] - sleep[0]) % (24 * 60)
    while day <= last:
        begin = datetime(day.year, day.month, day.day, sleep[0] // 60, sleep[0] % 60, tzinfo=tz).timestamp()
        stop = begin + length * 60  # a change of summer time that night moves its end by the hour
        if stop > start and begin < end:
            out.append((begin, stop))
        day += timedelta(days=1)
    return out


def merge(spans: Iterable[Span]) -> list[Span]:
    """The spans sorted, overlapping ones made one."""
    out: list[Span] = []
    for a, b in sorted(s for s in spans if s[1] > s[0]):
        if out and a <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], b))
        else:
            out.append((a, b))
    return out


def subtract(spans: Iterable[Span], holes: Iterable[Span]) -> list[Span]:
    """The parts of `spans` outside `holes`."""
    out: list[Span] = []
    holes = merge(holes)
    for a, b in merge(spans):
        at = a
        for c, d in holes:
            if d <= at or c >= b:
                continue
            if c > at:
                out.append((at, c))
            at = max(at, d)
        if at < b:
            out.append((at, b))
    return out


def run_until(start: float, seconds: float, spans: Sequence[Span], cap: float | None = None,
              free: Sequence[Span] = ()) -> tuple[float, float]:
    """When a clock started at `start` and giving `seconds` runs out, stopped during `spans` (a
    player's pauses: at most `cap` seconds of them in all, then it runs on) and during `free`
    (outages: always), and how many seconds `spans` stopped it."""
    outages = merge(free)
    tagged = sorted([(a, b, True) for a, b in outages] + [(a, b, False) for a, b in subtract(spans, outages)])
    at, left, stopped = start, seconds, 0.0
    for a, b, always in tagged:
        if b <= at:
            continue
        a = max(a, at)
        if a - at >= left:
            return at + left, stopped
        left -= a - at
        pause = b - a
        if not always:
            if cap is not None:
                pause = min(pause, max(0.0, cap - stopped))  # the rest of the span runs
            stopped += pause
        at = a + pause
    return at + left, stopped


def due(start: float, seconds: float, outages: Sequence[Span],
        seats: Sequence[tuple[Schedule, float | None]]) -> tuple[float, list[float]]:
    """When a clock started at `start`, giving `seconds`, runs out: stopped by `outages`, and by
    the pauses of each seat it clocks (`seats`: their schedule, and how long this table still
    lets them pause, None: without end); with several seats, it waits for the one paused longest.
    Also how long each seat's pauses stopped it."""
    if not seats:
        return run_until(start, seconds, (), free=outages)[0], []
    found = [run_until(start, seconds, schedule.spans(start, horizon(start, seconds, [schedule], outages)),
                       cap, outages) for schedule, cap in seats]
    return max(d for d, _ in found), [stopped for _, stopped in found]


def overlap(spans: Iterable[Span], start: float, end: float) -> float:
    """Seconds of `spans` (merged) within [start, end]."""
    return sum(max(0.0, min(b, end) - max(a, start)) for a, b in merge(spans))


@dataclass(frozen=True)
class Schedule:
    """One player's pauses as stored in their settings (`vacation`, `sleep`, `tz`)."""

    vacations: tuple[Span, ...] = ()
    """Their vacations, the present one last."""
    sleep: tuple[int, int] | None = None
    tz: ZoneInfo | None = None

    @classmethod
    def of(cls, settings: Mapping[str, Any]) -> Schedule:
        """A player's schedule from their stored settings (anything unreadable is no pause)."""
        vacation = settings.get("vacation")
        spans: list[Span] = []
        if isinstance(vacation, dict):
            for found in [*(vacation.get("past") or []), [vacation.get("from"), vacation.get("until")]]:
                if isinstance(found, list) and len(found) == 2 and all(isinstance(x, (int, float)) for x in found):
                    spans.append((float(found[0]), float(found[1])))
        sleep = parse_sleep(str(settings.get("sleep") or "")) if settings.get("sleep") not in (None, "off") else None
        return cls(tuple(spans), sleep, zone(str(settings.get("tz") or "UTC")) or ZoneInfo("UTC"))

    def spans(self, start: float, end: float) -> list[Span]:
        """When this player's daily clocks stop between `start` and `end`."""
        out = [s for s in self.vacations if s[1] > start and s[0] < end]
        if self.sleep is not None and self.tz is not None:
            out.extend(sleep_spans(self.sleep, self.tz, start, end))
        return merge(out)

    def on_vacation(self, at: float) -> bool:
        """Whether a vacation covers `at`."""
        return any(a <= at < b for a, b in self.vacations)

    def resting(self, at: float) -> bool:
        """Whether the player is on vacation or asleep at `at` (no reminder then)."""
        return any(a <= at < b for a, b in self.spans(at - DAY, at + 1))


def horizon(start: float, seconds: float, schedules: Iterable[Schedule], spans: Iterable[Span] = ()) -> float:
    """How far past `start` a clock of `seconds` may stop (every pause it could meet lies before):
    twice its time (sleep takes at most half a day), every vacation's end and outage, two days more."""
    ends = [start, *(b for s in schedules for _, b in s.vacations), *(b for _, b in spans)]
    return max(ends) + 2 * seconds + 2 * DAY


# ---------------------------------------------------------------------- vacations
def year_of(at: float) -> int:
    """The calendar year (UTC) of `at`: each player's allowance is a year's."""
    return datetime.fromtimestamp(at, ZoneInfo("UTC")).year


def days_left(vacation: Mapping[str, Any] | None, now: float) -> int:
    """The vacation days the player still has this year."""
    if not isinstance(vacation, Mapping) or vacation.get("year") != year_of(now):
        return ALLOWANCE
    return max(0, ALLOWANCE - int(vacation.get("used") or 0))


def current(vacation: Mapping[str, Any] | None, now: float) -> Span | None:
    """The vacation the player is on at `now`, or None."""
    if not isinstance(vacation, Mapping):
        return None
    a, b = vacation.get("from"), vacation.get("until")
    if isinstance(a, (int, float)) and isinstance(b, (int, float)) and a <= now < b:
        return float(a), float(b)
    return None


def take(vacation: Mapping[str, Any] | None, days: int, now: float) -> dict[str, Any]:
    """The stored vacation after `/table vacation days:days` at `now`: a vacation on now ends
    (its whole days not begun given back), then `days` (0: none) start now. The caller checks
    `days` against `days_left` first."""
    found = dict(vacation) if isinstance(vacation, Mapping) else {}
    used = int(found.get("used") or 0) if found.get("year") == year_of(now) else 0
    past = [p for p in found.get("past") or [] if isinstance(p, list) and len(p) == 2 and p[1] > now - 60 * DAY]
    on = current(found, now)
    if on is not None:
        used = max(0, used - int((on[1] - now) // DAY))
        past.append([on[0], now])
    elif isinstance(found.get("from"), (int, float)) and isinstance(found.get("until"), (int, float)):
        past.append([found["from"], found["until"]])
    out: dict[str, Any] = {"year": year_of(now), "used": used + days, "past": past[-KEPT:]}
    if days > 0:
        out["from"], out["until"] = now, now + days * DAY
    return out


def usage(paused: Mapping[str, Any] | None, table_id: int, opened: int) -> float:
    """Seconds of pausing the player has had at a table before its decision opened at `opened`
    (stored per table in their settings' `paused`: `[opened, this decision's, the earlier ones']`)."""
    found = (paused or {}).get(str(table_id))
    if not isinstance(found, list) or len(found) != 3:
        return 0.0
    return float(found[2]) + (float(found[1]) if int(found[0]) != opened else 0.0)


def used(paused: Mapping[str, Any] | None, table_id: int, opened: int, seconds: float) -> dict[str, Any]:
    """The player's `paused` after the decision opened at `opened` stopped `seconds` in all."""
    out = {k: v for k, v in (paused or {}).items() if isinstance(v, list)}
    out[str(table_id)] = [opened, seconds, usage(paused, table_id, opened)]
    return out

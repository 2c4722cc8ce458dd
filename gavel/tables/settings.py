"""Each player's own settings (`/table settings`), stored per user: for the table service."""

from __future__ import annotations

import asyncio
from typing import Any

from gavel.tables import i18n, pauses
from gavel.tables.inbox import MODES
from gavel.tables.notices import Public
from gavel.tables.store import TableStore
from rules.core import IllegalAction, Msg

SETTINGS: dict[str, Any] = {"reminders": True, "inbox": "off", "sleep": "off", "tz": "UTC"}
"""Each player's own settings (`/table settings`), with their defaults: `reminders`, a DM when
half of a decision's clock (two minutes or more) is gone and they have not acted yet; `inbox`,
their turn inbox (`gavel.tables.inbox`): `on` (one DM edited in place), `digest` (one a day) or
`off`; `sleep`, the hours each night their daily clocks stop (`23:00-07:00`, or `off`) in their
time zone `tz` (an IANA name: `gavel.tables.pauses`). Their vacation is stored beside them
(`vacation`, and what each table's pauses took, `paused`), never shown as a setting."""
CHOICES: dict[str, tuple[str, ...]] = {"inbox": MODES}
"""The values a setting held as text may take."""


class Settings:
    """The players' settings as stored (it keeps nothing of its own)."""

    def __init__(self, store: TableStore) -> None:
        self._store = store

    def want_reminders(self, users: list[int], at: float | None = None) -> dict[int, bool]:
        """Whether each user wants half-time reminders (their `reminders` setting; on unless
        turned off), and, `at` a time, is neither on vacation nor asleep then (their clocks
        stop meanwhile). Runs in a worker thread."""
        out = {}
        for user in users:
            found = self._store.user_settings(user)
            resting = at is not None and pauses.Schedule.of(found).resting(at)
            out[user] = found.get("reminders", True) is not False and not resting
        return out

    async def inbox_mode(self, user_id: int) -> str:
        """The player's `inbox` setting (`off` unless set)."""
        return str((await self.settings(user_id))["inbox"])

    async def settings(self, user_id: int) -> dict[str, Any]:
        """A player's own settings, with the defaults filled in (`SETTINGS`)."""
        stored = await asyncio.to_thread(self._store.user_settings, user_id)
        return {**SETTINGS, **{k: v for k, v in stored.items() if k in SETTINGS}}

    async def set_settings(self, user_id: int, **changes: Any) -> dict[str, Any]:
        """Change some of a player's own settings (only those `SETTINGS` names, each of the
        default's type: else `bad_setting`); returns them all, with the defaults."""
        for name, value in changes.items():
            if name not in SETTINGS or type(value) is not type(SETTINGS[name]) \
                    or (name in CHOICES and value not in CHOICES[name]):
                raise IllegalAction("bad_setting", setting=name)
            if name == "sleep" and value != "off" and pauses.parse_sleep(value) is None:
                raise IllegalAction("bad_sleep", sleep=value[:40], max=pauses.MAX_SLEEP)
            if name == "tz" and pauses.zone(value) is None:
                raise IllegalAction("bad_tz", tz=value[:64])
        await asyncio.to_thread(self._store.set_user_settings, user_id, changes)
        return await self.settings(user_id)

    async def settings_notice(self, user_id: int, reminders: str | None = None, inbox: str | None = None,
                              sleep: str | None = None, tz: str | None = None) -> Public:
        """`/table settings` (and `settings` in local play): with `reminders` (`on`/`off`),
        `inbox` (`on`/`off`/`digest`), `sleep` (`23-07`, `22:30-06:45` or `off`) or `tz` (an
        IANA time zone, `Europe/London`) set them, and say the player's settings, one line each
        (`table.settings.<name>`), for the player alone. Any other value is refused
        (`bad_setting`, `bad_sleep`, `bad_tz`), changing nothing."""
        changes: dict[str, Any] = {}
        if sleep is not None:
            hours = pauses.parse_sleep(sleep) if sleep.strip().lower() != "off" else None
            if hours is None and sleep.strip().lower() != "off":
                raise IllegalAction("bad_sleep", sleep=sleep[:40], max=pauses.MAX_SLEEP)
            changes["sleep"] = "off" if hours is None else pauses.sleep_text(hours)
        if tz is not None:
            zone = pauses.zone(tz.strip())
            if zone is None:
                raise IllegalAction("bad_tz", tz=tz[:64])
            changes["tz"] = zone.key
        if reminders is not None:
            if reminders not in ("on", "off"):
                raise IllegalAction("bad_setting", setting=f"reminders:{reminders}")
            changes["reminders"] = reminders == "on"
        if inbox is not None:
            if inbox not in MODES:
                raise IllegalAction("bad_setting", setting=f"inbox:{inbox}")
            changes["inbox"] = inbox
        if changes:
            found, lines = await self.set_settings(user_id, **changes), [Msg("table.settings.saved")]
        else:
            found, lines = await self.settings(user_id), []
        said = [Msg(f"table.settings.{name}", {"value": _value(value)}) for name, value in found.items()]
        return Public(None, [*lines, Msg("table.settings"), *said])

    # ------------------------------------------------------------------ vacations
    async def vacation_notice(self, user_id: int, days: int | None, now: float) -> Public:
        """`/table vacation`: without `days`, the vacation days left this year (and the vacation
        on now); with `days` (1 or more), a vacation from `now` that stops the player's daily
        clocks (a vacation on now ends first, its unused days given back); `days` 0 ends the one
        on now early, giving back its whole days not begun. More days than are left, or none on
        to end: refused (`vacation_too_long`, `no_vacation`, `bad_vacation`), changing nothing.
        For the player alone."""
        stored = await asyncio.to_thread(self._store.user_settings, user_id)
        vacation = stored.get("vacation") if isinstance(stored.get("vacation"), dict) else None
        on = pauses.current(vacation, now)
        lines: list[Msg] = []
        if days is not None:
            if days < 0 or days > 366:
                raise IllegalAction("bad_vacation", days=days, max=pauses.ALLOWANCE)
            if days == 0 and on is None:
                raise IllegalAction("no_vacation")
            back = int((on[1] - now) // pauses.DAY) if on is not None else 0
            left = pauses.days_left(vacation, now) + back
            if days > left:
                raise IllegalAction("vacation_too_long", days=days, left=left)
            vacation = pauses.take(vacation, days, now)
            await asyncio.to_thread(self._store.set_user_settings, user_id, {"vacation": vacation})
            if on is not None:
                lines.append(Msg("table.vacation.ended", {"days": back}, count=back))
            if days:
                lines.append(Msg("table.vacation.started", {"days": days}, count=days))
            on = pauses.current(vacation, now)
        if on is not None:
            lines.append(Msg("table.vacation.on", {"left": i18n.duration(on[1] - now), "at": int(on[1])}))
        left = pauses.days_left(vacation, now)
        lines.append(Msg("table.vacation.left", {"days": left, "allowance": pauses.ALLOWANCE}, count=left))
        return Public(None, lines)


def _value(value: Any) -> Msg:
    """A setting's value in words: on, off, a named choice (`table.settings.<value>`), or as
    stored (sleep hours, a time zone)."""
    if isinstance(value, bool):
        return Msg("table.settings.on" if value else "table.settings.off")
    if value == "off" or value in MODES:
        return Msg(f"table.settings.{value}")
    return Msg("table.settings.text", {"text": str(value)})


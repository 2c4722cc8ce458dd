"""Each player's own settings (`/table settings`), stored per user: for the table service."""

from __future__ import annotations

import asyncio
from typing import Any

from gavel.tables.inbox import MODES
from gavel.tables.notices import Public
from gavel.tables.store import TableStore
from rules.core import IllegalAction, Msg

SETTINGS: dict[str, Any] = {"reminders": True, "inbox": "off"}
"""Each player's own settings (`/table settings`), with their defaults: `reminders`, a DM when
half of a decision's clock (two minutes or more) is gone and they have not acted yet; `inbox`,
their turn inbox (`gavel.tables.inbox`): `on` (one DM edited in place), `digest` (one a day) or
`off`."""
CHOICES: dict[str, tuple[str, ...]] = {"inbox": MODES}
"""The values a setting held as text may take."""


class Settings:
    """The players' settings as stored (it keeps nothing of its own)."""

    def __init__(self, store: TableStore) -> None:
        self._store = store

    def want_reminders(self, users: list[int]) -> dict[int, bool]:
        """Whether each user wants half-time reminders (their `reminders` setting; on unless
        turned off). Runs in a worker thread."""
        return {u: self._store.user_settings(u).get("reminders", True) is not False for u in users}

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
        await asyncio.to_thread(self._store.set_user_settings, user_id, changes)
        return await self.settings(user_id)

    async def settings_notice(self, user_id: int, reminders: str | None = None, inbox: str | None = None) -> Public:
        """`/table settings` (and `settings` in local play): with `reminders` (`on`/`off`) or
        `inbox` (`on`/`off`/`digest`) set them, and say the player's settings, one line each
        (`table.settings.<name>`), for the player alone. Any other value is refused
        (`bad_setting`), changing nothing."""
        changes: dict[str, Any] = {}
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


def _value(value: Any) -> Msg:
    """A setting's value in words: on, off, or a named choice (`table.settings.<value>`)."""
    if isinstance(value, bool):
        return Msg("table.settings.on" if value else "table.settings.off")
    return Msg(f"table.settings.{value}")


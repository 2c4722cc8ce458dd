"""Each player's own settings (`/table settings`), stored per user: for the table service."""

from __future__ import annotations

import asyncio
from typing import Any

from gavel.tables.notices import Public
from gavel.tables.store import TableStore
from rules.core import IllegalAction, Msg

SETTINGS: dict[str, Any] = {"reminders": True}
"""Each player's own settings (`/table settings`), with their defaults: `reminders`, a DM when
half of a decision's clock (two minutes or more) is gone and they have not acted yet."""


class Settings:
    """The players' settings as stored (it keeps nothing of its own)."""

    def __init__(self, store: TableStore) -> None:
        self._store = store

    def want_reminders(self, users: list[int]) -> dict[int, bool]:
        """Whether each user wants half-time reminders (their `reminders` setting; on unless
        turned off). Runs in a worker thread."""
        return {u: self._store.user_settings(u).get("reminders", True) is not False for u in users}

    async def settings(self, user_id: int) -> dict[str, Any]:
        """A player's own settings, with the defaults filled in (`SETTINGS`)."""
        stored = await asyncio.to_thread(self._store.user_settings, user_id)
        return {**SETTINGS, **{k: v for k, v in stored.items() if k in SETTINGS}}

    async def set_settings(self, user_id: int, **changes: Any) -> dict[str, Any]:
        """Change some of a player's own settings (only those `SETTINGS` names, each of the
        default's type: else `bad_setting`); returns them all, with the defaults."""
        for name, value in changes.items():
            if name not in SETTINGS or type(value) is not type(SETTINGS[name]):
                raise IllegalAction("bad_setting", setting=name)
        await asyncio.to_thread(self._store.set_user_settings, user_id, changes)
        return await self.settings(user_id)

    async def settings_notice(self, user_id: int, reminders: str | None = None) -> Public:
        """`/table settings` (and `settings` in local play): with `reminders` (`on`/`off`) set it,
        and say the player's settings, one line each (`table.settings.<name>`), for the player
        alone. Any other value is refused (`bad_setting`), changing nothing."""
        if reminders is None:
            found, lines = await self.settings(user_id), []
        else:
            if reminders not in ("on", "off"):
                raise IllegalAction("bad_setting", setting=f"reminders:{reminders}")
            found, lines = await self.set_settings(user_id, reminders=reminders == "on"), [Msg("table.settings.saved")]
        said = [Msg(f"table.settings.{name}", {"value": Msg("table.settings.on" if value else "table.settings.off")})
                for name, value in found.items()]
        return Public(None, [*lines, Msg("table.settings"), *said])


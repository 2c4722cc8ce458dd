"""The standings part of the table service: what a server's finished games add up to. A player's
results and ratings (`stats`), a game's leaderboard (`leaderboard`), the server's finished games
(`history`) and one of them again: its record and its final board (`history_game`).

Ratings are made when a game ends (`gavel.tables.ratings`, from `gavel.tables.play.Play.finish`); this
only reads them. Every database read runs in a worker thread; a final board is the PUBLIC view of the final
state (a game's secrets stay where they were), drawn by the game's renderer in a thread.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import Any

from gavel.tables import i18n
from gavel.tables.games import game_name, installed
from gavel.tables.images import TEXTS, Images, describe_lines
from gavel.tables.notices import Public
from gavel.tables.numbers import MOST
from gavel.tables.ratings import guild_key, shown
from gavel.tables.record import GameRecord
from gavel.tables.registry import Tables
from gavel.tables.reliability import record
from gavel.tables.restoring import Restoring
from gavel.tables.store import loads
from gavel.tables.table import Player, split_config
from rules import registry
from rules.core import IllegalAction, Listed, Msg

log = logging.getLogger(__name__)

RECENT = 5
"""Results `stats` lists."""
LEADERBOARD = 10
"""Players a leaderboard lists."""
HISTORY = 10
"""Finished games a page of `history` lists."""


@dataclass(frozen=True)
class Standing:
    """One leaderboard row: place, the player's name, shown rating, games rated and won."""

    place: int
    user_id: int
    name: str
    rating: int
    games: int
    wins: int


@dataclass(frozen=True)
class FinishedGame:
    """A finished game looked at again: its record (`gavel.tables.record`) and a public notice with its
    result and its final board (`image`, the public view; None without a renderer)."""

    record: GameRecord
    notice: Public


def game_label(key: str) -> Msg | str:
    """A game's name (its key when this Gavel does not have it)."""
    game = installed(key)
    return game_name(game) if game is not None else key


def known_game(text: str) -> str | None:
    """The game key `text` names: a key, or the game's name in any language (any case)."""
    wanted = text.strip().lower()
    for key, plugin in registry.plugins().items():
        names = {key.lower(), plugin.commands.group.lower(), *(n.lower() for n in plugin.game.info.names.values())}
        if wanted in names:
            return key
    return None


class Standings:
    """What a server's finished games add up to (it keeps nothing of its own: the results are stored)."""

    def __init__(self, tables: Tables, images: Images, restoring: Restoring) -> None:
        self._tables = tables
        self._store = tables.store
        self._images = images
        self._restoring = restoring

    async def game_here(self, channel_id: int) -> str | None:
        """The game played in this channel: the open table's, else the last one's."""
        table = self._tables.table(channel_id)
        if table is not None:
            return table.game_key
        row = await asyncio.to_thread(self._store.last_row, channel_id)
        return str(row["game"]) if row is not None else None

    async def board_game(self, game: str | None, channel_id: int | None) -> str:
        """The game a leaderboard is of: the one `game` names (a key or a name; `unknown_game`
        otherwise), else the one played in `channel_id` (`leaderboard_game` when none was)."""
        key = known_game(game) if game else (await self.game_here(channel_id) if channel_id is not None else None)
        if key is None:
            raise IllegalAction("unknown_game", game=game) if game else IllegalAction("leaderboard_game")
        return key

    async def standings(self, guild_id: int | None, game_key: str, limit: int = LEADERBOARD) -> list[Standing]:
        """The server's best players of a game, by shown rating."""
        rows = await asyncio.to_thread(self._store.ratings, guild_key(guild_id), game_key, None, limit)
        return [Standing(i, int(r["user_id"]), str(r["name"] or r["user_id"]), shown(r["mu"], r["sigma"]),
                         int(r["games"]), int(r["wins"])) for i, r in enumerate(rows, 1)]

    async def leaderboard(self, guild_id: int | None, game: str | None, channel_id: int | None = None,
                          limit: int = LEADERBOARD, *, lang: str = i18n.DEFAULT, image: bool = True) -> Public:
        """The leaderboard of `game` (a key or a name; None: the game played in `channel_id`,
        refused as `leaderboard_game` when there is none) as lines, one per player, and as a
        picture of a table in `lang` (drawn in a worker thread; None when `image` is false or
        drawing fails)."""
        key = await self.board_game(game, channel_id)
        rows = await self.standings(guild_id, key, limit)
        title = Msg("table.leaderboard_title", {"game": game_label(key)})
        if not rows:
            return Public(None, [title, Msg("table.leaderboard_empty")])
        lines = [Msg("table.leaderboard_row", {"place": r.place, "player": r.name, "rating": r.rating,
                                               "games": r.games, "wins": r.wins}) for r in rows]
        picture = await self._leaderboard_image(title, rows, lang) if image else None
        # The picture is a table of these very lines: its description reads them.
        alt = describe_lines([title, *lines], []) if picture is not None else {}
        return Public(None, [title, *lines], image=picture, alt=alt)

    @staticmethod
    async def _leaderboard_image(title: Msg, rows: list[Standing], lang: str) -> bytes | None:
        from renderer.standings import render_table

        header = [i18n.gettext(f"table.leaderboard_{k}", lang) for k in ("place", "player", "rating", "games", "wins")]
        cells = [[str(r.place), r.name, str(r.rating), str(r.games), str(r.wins)] for r in rows]
        try:
            return await asyncio.to_thread(render_table, i18n.render(title, lang), header, cells)
        except Exception:
            log.exception("drawing a leaderboard failed")
            return None

    async def stats(self, guild_id: int | None, user: Player | int, *, named: bool = False) -> Public:
        """A user's results (in one server, or everywhere with `guild_id=None`): games played and
        won, per game with its rating, then the last results, then their record on the server
        (finished, abandoned, resigned, time to act: `gavel.tables.reliability`). `named`: say
        whose they are (a player asking about someone else)."""
        user_id = user.user_id if isinstance(user, Player) else user
        rows = await asyncio.to_thread(self._store.user_results, user_id, guild_id)
        head = [Msg("table.stats_of", {"player": user.name})] if named and isinstance(user, Player) else []
        if not rows:
            return Public(None, [*head, Msg("table.stats_none")])
        rated = {r["game"]: r for r in await asyncio.to_thread(self._store.ratings, guild_key(guild_id), None, user_id)}
        lines = [*head, Msg("table.stats_total", {"played": len(rows), "won": sum(r["winner"] for r in rows)})]
        for key in sorted({r["game"] for r in rows}):
            mine = [r for r in rows if r["game"] == key]
            params = {"game": game_label(key), "played": len(mine), "won": sum(r["winner"] for r in mine)}
            if key in rated:
                found = rated[key]
                lines.append(Msg("table.stats_game_rated", {**params, "rating": shown(found["mu"], found["sigma"]),
                                                            "games": found["games"]}))
            else:
                lines.append(Msg("table.stats_game", params))
        recent = sorted(rows, key=lambda r: (r["finished"] or "", r["table_id"]), reverse=True)[:RECENT]
        store = self._store
        sizes = await asyncio.to_thread(lambda: {r["table_id"]: len(store.results(r["table_id"])) for r in recent})
        lines.append(Msg("table.stats_recent"))
        lines += [self._result_line(r, sizes[r["table_id"]]) for r in recent]
        if guild_id is not None:  # a record is a server's (`gavel.tables.reliability`)
            lines += (await record(self._store, guild_id, user_id)).lines()
        return Public(None, lines)

    @staticmethod
    def _result_line(row: dict[str, Any], players: int) -> Msg:
        if row["resigned"]:
            result = Msg("table.result_resigned")
        elif row["winner"]:
            result = Msg("table.result_won")
        elif row["place"]:
            result = Msg("table.result_place", {"place": row["place"], "n": players})
        else:
            result = Msg("table.result_none")
        params = {"date": (row["finished"] or "")[:10], "game": game_label(row["game"]), "result": result,
                  "table": row["table_id"]}
        if row.get("rating_after") is not None and row.get("rating_before") is not None:
            return Msg("table.recent_rated", {**params, "before": round(row["rating_before"]),
                                              "after": round(row["rating_after"])})
        return Msg("table.recent", params)

    async def history_entries(self, guild_id: int | None, page: int = 0,
                              per_page: int = HISTORY) -> list[tuple[int, Msg, Msg]]:
        """The server's finished games, newest first (`page` 0 is the last `per_page`): for each,
        its number (for `history_game`), its line (date, game, players, result) and a short name
        (number, game, date: a menu's label)."""
        def read() -> list[tuple[dict[str, Any], list[dict[str, Any]]]]:
            offset = max(0, page) * per_page
            if offset > MOST:  # past any database's integers: no game is that old
                return []
            rows = self._store.finished_rows(guild_id, per_page, offset)
            return [(row, self._store.results(row["id"])) for row in rows]

        entries = []
        for row, results in await asyncio.to_thread(read):
            players = Listed.of(Msg("table.history_ai", {"player": r["name"]}) if r["ai"] and not r["resigned"]
                                else r["name"] for r in results)
            winners = [r["name"] for r in results if r["winner"]]
            result = (Msg("table.history_won", {"names": Listed.of(winners)}, count=len(winners)) if winners
                      else Msg("table.no_result"))
            params = {"table": row["id"], "date": (row["finished"] or "")[:10], "game": game_label(row["game"])}
            entries.append((int(row["id"]), Msg("table.history_line", {**params, "players": players, "result": result}),
                            Msg("table.history_label", params)))
        return entries

    async def history(self, guild_id: int | None, page: int = 0, per_page: int = HISTORY) -> Public:
        """The server's finished games, newest first (`page` 0 is the last `per_page`): each with
        its number (for `history_game`), date, game, players and winners."""
        entries = await self.history_entries(guild_id, page, per_page)
        if not entries:
            return Public(None, [Msg("table.history_none")])
        return Public(None, [Msg("table.history_title"), *(line for _, line, _ in entries), Msg("table.history_hint")])

    async def history_game(self, guild_id: int | None, table_id: int) -> FinishedGame:
        """A finished game of this server again: its record (as `/table log export:true` makes it)
        and its final board, the PUBLIC view of its final state. Another server's game, or one not
        finished, is refused as `no_such_game`."""
        row = await asyncio.to_thread(self._store.table_row, table_id) if 0 < table_id <= MOST else None
        if row is None or row["status"] != "finished" or row["guild"] != guild_id or not row["state"]:
            raise IllegalAction("no_such_game", table=table_id)
        record = await asyncio.to_thread(self._restoring.export_row, row)
        results = await asyncio.to_thread(self._store.results, table_id)
        winners = [r["name"] for r in results if r["winner"]]
        result = (Msg("table.history_won", {"names": Listed.of(winners)}, count=len(winners)) if winners
                  else Msg("table.no_result"))
        line = Msg("table.history_game", {"table": table_id, "game": game_label(row["game"]),
                                          "date": (row["finished"] or "")[:10], "result": result})
        names = [r["name"] for r in results]
        image = await self._final_board(row, names)
        alt = await self._final_alt(row, names) if image is not None else {}
        return FinishedGame(record, Public(table_id, [line], image=image, alt=alt))

    async def _final_alt(self, row: dict[str, Any], names: list[str]) -> dict[str, str]:
        """The final board in words (`Words.describe` of the same public view), in every
        language; {} when it cannot be said."""
        game = installed(row["game"])
        if game is None:
            return {}
        try:
            view = await asyncio.to_thread(lambda: game.view(game.load(loads(row["state"])), None))
        except Exception:
            log.exception("the final view of table %s (%s) failed", row["id"], row["game"])
            return {}
        return await self._images.describe_view(row["game"], view, names)

    async def _final_board(self, row: dict[str, Any], names: list[str]) -> bytes | None:
        """The final board: the public view of the stored final state, drawn in the table's
        language in a worker thread; None without a renderer or when drawing fails."""
        game = installed(row["game"])
        renderer = self._images.renderer(row["game"]) if game is not None else None
        if game is None or renderer is None:
            return None
        lang = split_config(loads(row["config"]))[1]
        try:
            state = game.load(loads(row["state"]))
            view = game.view(state, None)
            return await asyncio.to_thread(renderer.render, view, highlight=None, names=dict(enumerate(names)),
                                           text=lambda key: i18n.gettext(key, lang), texts=TEXTS)
        except Exception:
            log.exception("drawing the final board of table %s (%s) failed", row["id"], row["game"])
            return None

"""Local play has `/table orders` too (typed `orders` as well): the seat's standing orders, set
and said with the same choices (an order of the game's, on or off) and the same words as on
Discord; an unknown order is refused the same way."""

from __future__ import annotations

import io

import pytest

from gavel.tables import i18n
from gavel.tables.console import CHANNEL, Console, LocalOptions
from gavel.tables.service import TableService
from rules.core import IllegalAction


async def console_for(game: str, lang: str = "en") -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    options = LocalOptions(game=game, seats=1, ai=3, seed="1", lang=lang)
    console = Console(TableService(":memory:", renderers={game: None}), options, out)
    await console.setup()
    return console, out


def orders_of(console: Console) -> dict[str, object] | None:
    table = console.service.table(CHANNEL)
    assert table is not None
    return table.seats[0].orders


async def test_orders_are_said_and_set_locally_in_the_words_discord_uses() -> None:
    console, out = await console_for("judge_dredd")
    start = len(out.getvalue())
    await console.command("/table orders")
    said = out.getvalue()[start:]
    assert i18n.gettext("table.orders") in said
    assert "order:unless_target set:on" in said  # each order named as `/table orders` takes it
    await console.command("/table orders order:unless_target set:on")
    assert "unless_target" in (orders_of(console) or {})
    assert i18n.gettext("table.orders.saved") in out.getvalue()
    await console.command("orders unless_target off")  # plainly, positional
    assert "unless_target" not in (orders_of(console) or {})
    await console.command("orders set:on order:idle")  # named, in any order
    assert "idle" in (orders_of(console) or {})


async def test_on_and_off_read_in_the_player_s_language_and_a_bad_order_is_refused() -> None:
    console, _ = await console_for("judge_dredd", lang="zh-TW")
    await console.command("orders idle " + i18n.gettext("cmd.table.orders.set.off", "zh-TW"))
    assert orders_of(console) == {}  # idle, the default, turned off
    with pytest.raises(IllegalAction) as refused:
        await console.command("orders no_such_order on")
    assert refused.value.code == "bad_order"
    with pytest.raises(IllegalAction) as refused:
        await console.command("orders idle on extra")
    assert refused.value.code == "unknown_command"


async def test_a_game_without_windows_says_so() -> None:
    console, out = await console_for("dads_army")
    await console.command("orders")
    assert i18n.gettext("table.orders.none") in out.getvalue()

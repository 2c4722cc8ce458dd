"""Local play: a human left alone in a card-play window is waited for ("Waiting for: Alice."), not
told "it is your turn" while it is someone else's Move; their own Move still is their turn."""

from __future__ import annotations

import io
from pathlib import Path

from gavel.tables import i18n
from gavel.tables.console import CHANNEL, Console, LocalOptions
from gavel.tables.service import TableService


async def test_a_lone_human_in_a_window_is_waited_for_not_told_it_is_their_turn(tmp_path: Path) -> None:
    out = io.StringIO()
    options = LocalOptions(game="judge_dredd", seats=1, ai=3, seed="1", images=str(tmp_path / "img"))
    console = Console(TableService(":memory:", renderers={"judge_dredd": None}), options, out)
    await console.setup()
    saw_window = saw_move = False
    for _ in range(40):
        table = console.service.table(CHANNEL)
        if table is None:
            break
        legal = console.service.legal_for(CHANNEL, console.players[0])
        start = len(out.getvalue())
        await console.command("pass" if "pass" in legal else "stay" if "stay" in legal else legal[0])
        table = console.service.table(CHANNEL)
        if table is None or 0 not in table.humans_to_act():
            continue
        said = out.getvalue()[start:].splitlines()
        waiting = i18n.gettext("table.may_act", players="Alice") in said
        turn = i18n.gettext("table.your_turn", player="Alice") in said
        if table.game.timeout_action(table.state, 0) is not None:
            assert waiting and not turn
            saw_window = True
        else:
            assert turn and not waiting
            saw_move = True
    assert saw_window and saw_move


async def test_no_clock_is_announced_locally_and_the_hand_image_is_named_as_a_hand(tmp_path: Path) -> None:
    out = io.StringIO()
    options = LocalOptions(game="judge_dredd", seats=1, ai=3, seed="1", images=str(tmp_path / "img"))
    console = Console(TableService(":memory:"), options, out)
    await console.setup()
    await console.command("place ghj")
    text = out.getvalue()
    assert i18n.gettext("table.clock", seconds="60") not in text
    hands = sorted((tmp_path / "img").glob("*-Alice-hand.png"))
    assert hands and f"[to Alice] {i18n.gettext('console.hand_image', path=hands[0])}" in text
    assert not [p for p in (tmp_path / "img").glob("*-Alice.png")]  # no private board asked for


async def test_the_prompt_names_the_sector_codes_a_newcomer_cannot_guess(tmp_path: Path) -> None:
    out = io.StringIO()
    options = LocalOptions(game="judge_dredd", seats=1, ai=3, seed="1", images=str(tmp_path / "img"))
    console = Console(TableService(":memory:", renderers={"judge_dredd": None}), options, out)
    await console.setup()
    names = [line for line in out.getvalue().splitlines() if line.startswith("[to Alice] (names: ")]
    assert names and "ghj Grand Hall of Justice" in names[-1]
    assert "Red" not in names[-1]  # a token that reads as its name is not repeated


def test_window_actions_that_differ_only_in_their_target_are_listed_once():
    from gavel.tables.console import _grouped

    actions = ["play fergee or red", "play fergee or blue", "play walter or murder", "move 1", "move 2", "pass"]
    assert _grouped(actions) == ["play fergee or red/blue", "play walter or murder", "move 1", "move 2", "pass"]

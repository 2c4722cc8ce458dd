"""Undo through the table service (`gavel.tables.undo`): a player takes back their own last action while
nothing new has come to light, the log says so, and everything that folds the log (replay, the
check-db tool, the exported record and its `--script` replay, a restart) gets the same state."""

from __future__ import annotations

import io
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

import pytest

from bot import local_args
from gavel.tables import check, i18n
from gavel.tables.console import CHANNEL as LOCAL
from gavel.tables.console import options_from_args, run
from gavel.tables.notices import Public
from gavel.tables.service import Player, TableService
from rules import core
from rules.core import (
    UNDO,
    Action,
    ActionSyntax,
    Chance,
    Event,
    Game,
    GameInfo,
    IllegalAction,
    Outcome,
    Seat,
    State,
    register,
    revealed_nothing,
)
from rules.judtho.notation import Move
from tests.tables.test_judtho_console import notation

PLAYERS = [Player(i, name) for i, name in enumerate(("ann", "ben", "cat", "dan"), 1)]
CHANNEL = 31


def without_version(state: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in state.items() if k != "version"}


async def judtho(db: str = ":memory:", seed: str = "u") -> TableService:
    """Four humans at Judtho, past the Assembly (each places the rest at once)."""
    svc = TableService(db, renderers={"judtho": None}, outbox=False)
    await svc.create(1, CHANNEL, "judtho", PLAYERS[0], seed=seed)
    for p in PLAYERS[1:]:
        await svc.join(CHANNEL, p)
    await svc.start(CHANNEL, PLAYERS[0])
    table = svc.table(CHANNEL)
    while table.state.phase == "assembly":
        await svc.act(CHANNEL, PLAYERS[table.to_act()[0]], "@rest")
    return svc


def a_move(svc: TableService, seat: int) -> str:
    return next(t for t in svc.legal_for(CHANNEL, PLAYERS[seat]) if isinstance(notation(t), Move))


async def refused(call: Any) -> IllegalAction:
    with pytest.raises(IllegalAction) as caught:
        await call
    return caught.value


async def test_a_judtho_move_taken_back_restores_the_exact_state_and_the_log_says_so() -> None:
    svc = await judtho()
    table = svc.table(CHANNEL)
    mover = table.to_act()[0]
    before, version = table.state.to_json(), table.version
    move = a_move(svc, mover)
    await svc.act(CHANNEL, PLAYERS[mover], move)
    assert svc.can_undo(table, mover) and not svc.can_undo(table, (mover + 1) % 4)
    next_prompt = svc.prompt(CHANNEL, PLAYERS[table.to_act()[0]])
    notices = await svc.undo(CHANNEL, PLAYERS[mover])
    # exactly the state before the move, at a new version
    assert without_version(table.state.to_json()) == without_version(before)
    assert table.version == version + 2 and table.to_act() == [mover]
    rows = svc.store.actions(table.id)
    assert [r["action"] for r in rows[-2:]] == [move, UNDO] and rows[-1]["seat"] == mover
    assert rows[-1]["version"] == table.version and svc.store.table_row(table.id)["version"] == table.version
    public = notices[0]
    assert isinstance(public, Public) and public.lines[0].key == "table.undone"
    assert "took back" in public.text("en")[0] and "收回" in public.text("zh-TW")[0]
    assert public.prompt is not None and public.prompt.seat == mover and public.prompt.version == table.version
    # the log folds to the same state; /table log names the undo
    assert svc.replay(table.id).to_json() == table.state.to_json()
    log = await svc.log(CHANNEL, 3)
    assert any("took back their last action" in line for line in log.text("en"))
    # the prompt the next player had is stale now; the mover may play again (another move)
    assert (await refused(svc.act(CHANNEL, PLAYERS[next_prompt.seat], next_prompt.actions[0],
                                  version=next_prompt.version))).code == "stale"
    other = next(t for t in svc.legal_for(CHANNEL, PLAYERS[mover]) if isinstance(notation(t), Move) and t != move)
    await svc.act(CHANNEL, PLAYERS[mover], other)
    assert svc.replay(table.id).to_json() == table.state.to_json()


@dataclass(frozen=True)
class Add(Action):
    n: int
    verb: ClassVar[str] = "add"


@dataclass(frozen=True)
class Peek(Action):
    verb: ClassVar[str] = "peek"


@dataclass(frozen=True)
class End(Action):
    verb: ClassVar[str] = "end"


@dataclass
class TallyState(State):
    totals: list[int] = field(default_factory=list)
    turn: int = 0
    hidden: int = 0
    peeked: bool = False


class Tally(Game[TallyState]):
    """A test game where a turn is several actions: `add n` (any number of times), `peek` (a
    private look at a hidden number), `end`."""

    info = GameInfo("tally_undo", {"en": "Tally", "zh-TW": "計數"}, 2, 2)
    state_type = TallyState

    def new_game(self, config: dict[str, Any], seats: int, chance: Chance) -> TallyState:
        return TallyState(totals=[0] * seats, hidden=chance.randint(1, 9))

    def to_act(self, state: TallyState) -> set[Seat]:
        return {state.turn}

    def _legal_actions(self, state: TallyState, seat: Seat) -> list[Action]:
        return [Add(1), Add(2), End(), *([] if state.peeked else [Peek()])]

    def _apply(self, state: TallyState, seat: Seat, action: Action, chance: Chance) -> list[Event]:
        if isinstance(action, Add):
            state.totals[seat] += action.n
            return [Event("added", {"n": action.n})]
        if isinstance(action, Peek):
            state.peeked = True
            return [Event("peeked", {"n": state.hidden}, to=(seat,))]
        state.turn = 1 - state.turn
        return [Event("ended", {})]

    def view(self, state: TallyState, seat: Seat | None) -> dict[str, Any]:
        return {"totals": state.totals}

    def outcome(self, state: TallyState) -> Outcome | None:
        return None

    def parse_action(self, text: str) -> Action:
        return ActionSyntax(Add, Peek, End).parse(text)

    def undoable(self, before: TallyState, seat: Seat, action: Action) -> bool:
        return revealed_nothing(self, before, seat, action)


@pytest.fixture
def tally() -> Iterator[None]:
    """Tally registered for one test only (no other test sees it among the games)."""
    register(Tally())
    yield
    core._GAMES.pop(Tally.info.key, None)


async def test_several_own_actions_are_taken_back_one_by_one_while_nobody_else_acts(tally: None) -> None:
    svc = TableService(":memory:", renderers={"tally_undo": None}, outbox=False)
    await svc.create(1, CHANNEL, "tally_undo", PLAYERS[0], seed="t")
    await svc.join(CHANNEL, PLAYERS[1])
    await svc.start(CHANNEL, PLAYERS[0])
    table = svc.table(CHANNEL)
    ann, ben = PLAYERS[0], PLAYERS[1]
    start = table.state.to_json()
    await svc.act(CHANNEL, ann, "add 1")
    middle = table.state.to_json()
    await svc.act(CHANNEL, ann, "add 2")
    assert svc.prompt(CHANNEL, ann).undo, "the seat's own prompt carries the Undo button"
    await svc.undo(CHANNEL, ann)
    assert without_version(table.state.to_json()) == without_version(middle)
    assert svc.can_undo(table, 0)
    await svc.undo(CHANNEL, ann)
    assert without_version(table.state.to_json()) == without_version(start)
    assert not svc.can_undo(table, 0) and not svc.prompt(CHANNEL, ann).undo
    assert (await refused(svc.undo(CHANNEL, ann))).code == "undo_nothing"
    # a private look is new information: never taken back, nor what came before it
    await svc.act(CHANNEL, ann, "add 2")
    await svc.act(CHANNEL, ann, "peek")
    assert not svc.can_undo(table, 0)
    error = await refused(svc.undo(CHANNEL, ann))
    assert error.code == "undo_revealed" and "revealed new information" in i18n.gettext(f"error.{error.code}", "en")
    assert "揭露了新資訊" in i18n.gettext(f"error.{error.code}", "zh-TW")
    # the turn ended: ben's own undo of ann's turn is refused; ann's too once ben acted
    await svc.act(CHANNEL, ann, "end")
    assert svc.can_undo(table, 0)
    assert (await refused(svc.undo(CHANNEL, ben))).code == "undo_nothing"
    await svc.undo(CHANNEL, ann)
    await svc.act(CHANNEL, ann, "end")
    await svc.act(CHANNEL, ben, "add 1")
    assert (await refused(svc.undo(CHANNEL, ann))).code == "undo_acted_since"
    assert svc.replay(table.id).to_json() == table.state.to_json()


async def test_own_actions_applied_here_are_taken_back_without_reading_the_log(tally: None,
                                                                             monkeypatch: Any) -> None:
    """Actions this process applied, with nothing since: the states before them were kept, so
    taking them back (one by one, and again after a new action) reads no log and folds nothing,
    and ends where the fold would; once they are forgotten (a restart), the fold answers."""
    svc = TableService(":memory:", renderers={"tally_undo": None}, outbox=False)
    await svc.create(1, CHANNEL, "tally_undo", PLAYERS[0], seed="t")
    await svc.join(CHANNEL, PLAYERS[1])
    await svc.start(CHANNEL, PLAYERS[0])
    table = svc.table(CHANNEL)
    ann = PLAYERS[0]
    start = table.state.to_json()
    await svc.act(CHANNEL, ann, "add 1")
    middle = table.state.to_json()
    await svc.act(CHANNEL, ann, "add 2")
    read = svc.store.actions

    def no_log(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the log was read")

    monkeypatch.setattr(svc.store, "actions", no_log)
    await svc.undo(CHANNEL, ann)
    assert without_version(table.state.to_json()) == without_version(middle) and svc.can_undo(table, 0)
    await svc.act(CHANNEL, ann, "add 1")  # a new action after the undo: the one before it still stands below
    await svc.undo(CHANNEL, ann)
    assert without_version(table.state.to_json()) == without_version(middle)
    await svc.undo(CHANNEL, ann)
    assert without_version(table.state.to_json()) == without_version(start) and not svc.can_undo(table, 0)
    monkeypatch.setattr(svc.store, "actions", read)
    assert svc.replay(table.id).to_json() == table.state.to_json()
    await svc.act(CHANNEL, ann, "add 1")
    await svc.act(CHANNEL, ann, "add 2")
    svc.undo_points.forget(table.id)  # nothing kept, as after a restart: the log is folded
    await svc.undo(CHANNEL, ann)
    assert without_version(table.state.to_json()) == without_version(middle)
    assert svc.replay(table.id).to_json() == table.state.to_json()


async def test_refused_once_another_player_has_acted_and_for_anyone_else() -> None:
    svc = await judtho()
    table = svc.table(CHANNEL)
    first = table.to_act()[0]
    await svc.act(CHANNEL, PLAYERS[first], a_move(svc, first))
    second = table.to_act()[0]
    # someone else's move is not theirs to take back
    third = (second + 1) % 4 if (second + 1) % 4 != first else (second + 2) % 4
    error = await refused(svc.undo(CHANNEL, PLAYERS[third]))
    assert error.code == "undo_acted_since"
    await svc.act(CHANNEL, PLAYERS[second], a_move(svc, second))
    error = await refused(svc.undo(CHANNEL, PLAYERS[first]))
    assert error.code == "undo_acted_since"
    text = i18n.gettext("error.undo_acted_since", "en", **{**error.params, "player": PLAYERS[second].name})
    assert "ben" in text or PLAYERS[second].name in text
    assert i18n.has("error.undo_acted_since")
    assert not svc.can_undo(table, first)
    # not seated, no table
    assert (await refused(svc.undo(CHANNEL, Player(77, "zed")))).code == "not_seated"
    assert (await refused(svc.undo(CHANNEL + 1, PLAYERS[0]))).code == "no_table"


async def test_an_undo_button_of_a_position_that_is_gone_is_refused() -> None:
    svc = await judtho()
    table = svc.table(CHANNEL)
    mover = table.to_act()[0]
    await svc.act(CHANNEL, PLAYERS[mover], a_move(svc, mover))
    made_at = table.version
    nxt = table.to_act()[0]
    await svc.act(CHANNEL, PLAYERS[nxt], a_move(svc, nxt))
    await svc.act(CHANNEL, PLAYERS[table.to_act()[0]], a_move(svc, table.to_act()[0]))
    assert (await refused(svc.undo(CHANNEL, PLAYERS[mover], version=made_at))).code == "undo_gone"


async def test_a_roll_is_never_taken_back_in_dads_army() -> None:
    svc = TableService(":memory:", renderers={"dads_army": None}, outbox=False)
    await svc.create(1, CHANNEL, "dads_army", PLAYERS[0], seed="d", dice=[3, 3, 3, 3])
    await svc.join(CHANNEL, PLAYERS[1])
    await svc.start(CHANNEL, PLAYERS[0])
    table = svc.table(CHANNEL)
    seat = table.to_act()[0]
    await svc.act(CHANNEL, PLAYERS[seat], "roll")
    assert not svc.can_undo(table, seat)
    error = await refused(svc.undo(CHANNEL, PLAYERS[seat]))
    assert error.code == "undo_chance"
    assert "die was thrown" in i18n.gettext("error.undo_chance", "en")
    assert "擲了骰子" in i18n.gettext("error.undo_chance", "zh-TW")
    # a move that draws no card may be taken back (until the next player rolls)
    move = next(t for t in svc.legal_for(CHANNEL, PLAYERS[seat]) if t.startswith("move"))
    before = table.state.to_json()
    await svc.act(CHANNEL, PLAYERS[seat], move)
    if table.game.undoable(table.game.load(before), seat, table.game.parse_action(move)):
        assert svc.can_undo(table, seat)
        await svc.undo(CHANNEL, PLAYERS[seat])
        assert without_version(table.state.to_json()) == without_version(before)
    else:  # the move drew a card
        assert (await refused(svc.undo(CHANNEL, PLAYERS[seat]))).code == "undo_revealed"


async def test_restart_in_the_middle_and_check_db_agree(backend: Any) -> None:
    """On each database: another process takes the move back, the first catches up, a restart
    loads the same state, and the check-db tool finds the log folding to it."""
    db = backend.location()
    svc = await judtho(db)
    table = svc.table(CHANNEL)
    mover = table.to_act()[0]
    await svc.act(CHANNEL, PLAYERS[mover], a_move(svc, mover))
    # a new process on the same database takes it back (it never held the table)
    other = TableService(db, renderers={"judtho": None}, outbox=False)
    await other.undo(CHANNEL, PLAYERS[mover])
    undone = other.table(CHANNEL).state.to_json()
    # the first process catches up with the database when touched
    assert (await svc.look(CHANNEL)).state.to_json() == undone
    svc.close()
    other.close()
    again = TableService(db, renderers={"judtho": None}, outbox=False)
    await again.restore()
    assert again.table(CHANNEL).state.to_json() == undone
    assert again.replay(again.table(CHANNEL).id).to_json() == undone
    assert check.check(db).ok
    again.close()


async def test_the_exported_record_replays_the_undo_to_the_same_state(tmp_path: Path) -> None:
    svc = await judtho()
    table = svc.table(CHANNEL)
    for _ in range(2):
        mover = table.to_act()[0]
        await svc.act(CHANNEL, PLAYERS[mover], a_move(svc, mover))
    mover = table.to_act()[0]
    await svc.act(CHANNEL, PLAYERS[mover], a_move(svc, mover))
    await svc.undo(CHANNEL, PLAYERS[mover])
    await svc.act(CHANNEL, PLAYERS[mover], a_move(svc, mover))
    record = svc.export(CHANNEL)
    assert f"@{PLAYERS[mover].name} undo" in record.text
    path = tmp_path / record.filename
    path.write_text(record.text, encoding="utf-8")
    local = TableService(":memory:", renderers={"judtho": None})
    args = local_args(["--local", "judtho", "--script", str(path), "--images", str(tmp_path / "img")])
    out = io.StringIO()
    code = await run(options_from_args(args), service=local, out=out)
    assert code == 0, out.getvalue()
    replayed = local.table(LOCAL)
    assert replayed.state.to_json() == table.state.to_json()


async def test_undo_in_local_play(tmp_path: Path) -> None:
    """`undo` (and `/table undo`) at the console: the move is taken back and the output says so;
    a refusal says why."""
    from gavel.tables.console import Console, LocalOptions

    svc = TableService(":memory:", renderers={"judtho": None})
    out = io.StringIO()
    console = Console(svc, LocalOptions(game="judtho", seats=4, ai=0, images=str(tmp_path)), out)
    await console.setup()
    table = svc.table(LOCAL)
    while table.state.phase == "assembly":
        await console.command(f"@{console.players[table.to_act()[0]].name} /judtho place rest")
    seat = table.to_act()[0]
    name = console.players[seat].name
    before = table.state.to_json()
    move = next(t for t in svc.legal_for(LOCAL, console.players[seat]) if isinstance(notation(t), Move))
    await console.command(f"@{name} {move}")
    await console.command(f"@{name} undo")
    assert without_version(table.state.to_json()) == without_version(before)
    assert f"{name} took back: " in out.getvalue()
    with pytest.raises(IllegalAction) as refusal:
        await console.command(f"@{name} /table undo")
    assert refusal.value.code == "undo_acted_since"
    await console.run_lines([f"@{name} undo"], script=False)
    assert i18n.gettext("error.undo_acted_since", player=console.players[(seat - 1) % 4].name) in out.getvalue()

"""Ruling 24, Routes: a Move may be given by any legal path to its destination, and the path given
is the one recorded. A destination two Sectors away given alone (`move und` from West 17) is
refused with the paths that reach it, even when there is only one (the log records a path, never a
guess). `move ghj` in the Grand Hall says the Judge is already there."""

from __future__ import annotations

import itertools
import json

import pytest

from gavel.tables import i18n
from rules.core import IllegalAction, Msg
from rules.judge_dredd import GAME
from rules.judge_dredd.content import load_board

from .kit import act, at_move, position, texts

MURDER = ("murder", "ice_pick_brown", "agg")


def west_17() -> object:
    """Red to move from West 17 Test Labs, no Crime on the board."""
    return at_move(position(at={0: "w17", 1: "cty"}, crimes=[]), 0)


def refusal(state: object, seat: int, text: str) -> IllegalAction:
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction) as raised:
        GAME.apply(state, seat, text, None)
    assert json.dumps(state.to_json(), sort_keys=True) == before  # a refusal changes nothing
    return raised.value


def words(error: IllegalAction, lang: str) -> str:
    return i18n.render(Msg(f"error.{error.code}", error.params), lang)


def test_ruling_24_every_legal_path_is_listed_one_per_destination_first() -> None:
    state = west_17()
    moves = [t for t in texts(state, 0) if t.startswith("move ")]
    assert "move rob-und" in moves and "move wea-und" in moves
    ends = [m.removeprefix("move ").split("-")[-1] for m in moves]
    firsts = len(set(ends))
    assert len(set(ends[:firsts])) == firsts  # the list opens with one path per destination
    assert ends.index("und") < firsts <= moves.index("move wea-und")


@pytest.mark.parametrize("path", ["rob-und", "wea-und"])
def test_ruling_24_either_path_is_accepted_and_the_one_given_is_recorded(path: str) -> None:
    state = west_17()
    events = act(state, 0, f"move {path}")
    moved = next(e for e in events if e.kind == "moved")
    assert moved.params["path"] == path.split("-")
    assert state.judges[0].at == "und"
    assert state.last_move is not None and state.last_move.path == ["w17", *path.split("-")]


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_ruling_24_a_distant_sector_given_alone_is_answered_with_the_paths_there(lang: str) -> None:
    wrong = refusal(west_17(), 0, "move und")
    assert wrong.code == "dredd_move_paths"
    assert wrong.params["paths"] == "move rob-und / move wea-und"
    text = words(wrong, lang)
    assert "move rob-und" in text and "move wea-und" in text
    assert i18n.gettext("judge_dredd.sector.und", lang) in text


def test_ruling_24_with_one_path_there_the_shorthand_is_still_refused_and_names_it() -> None:
    """Decision: never guessed, so a log and a replay hold the path the player gave."""
    wrong = refusal(west_17(), 0, "move iso")
    assert wrong.code == "dredd_move_paths" and wrong.params["paths"] == "move res-iso"


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_ruling_24_moving_to_the_sector_you_are_in_says_so_and_how_to_stay(lang: str) -> None:
    state = at_move(position(at={0: "ghj", 1: "cty"}, crimes=[]), 0)
    wrong = refusal(state, 0, "move ghj")
    assert wrong.code == "dredd_already_there"
    text = words(wrong, lang)
    assert i18n.gettext("judge_dredd.sector.ghj", lang) in text and "stay" in text
    not_next = i18n.gettext("error.dredd_not_adjacent", lang).split("{")[0]
    assert "not next to each other" not in text and (not not_next or not_next not in text)


def test_ruling_24_a_path_back_to_the_start_or_through_a_sector_twice_is_refused() -> None:
    state = west_17()
    assert refusal(state, 0, "move rob-w17").code == "dredd_move_stay"
    state.judges[0].extra_move = 1  # three Sectors this Move
    assert "move rob-wea-oil" in texts(state, 0)
    wrong = refusal(state, 0, "move rob-wea-rob")
    assert wrong.code == "dredd_move_repeats" and wrong.params["sector"] == Msg("judge_dredd.sector.rob")
    wrong = refusal(state, 0, "move rob-w17-wea")  # back through the start, and on
    assert wrong.code == "dredd_move_repeats" and wrong.params["sector"] == Msg("judge_dredd.sector.w17")


def test_ruling_24_no_path_leaves_a_crime_sector_a_lone_judge_may_not_leave() -> None:
    state = at_move(position(at={0: "und", 1: "cty"}, crimes=[MURDER]), 0)
    assert "move hos" in texts(state, 0) and "move agg" in texts(state, 0)
    assert not [t for t in texts(state, 0) if t.startswith("move agg-")]
    assert refusal(state, 0, "move agg-mal").code == "dredd_crime_sector_lock"


@pytest.mark.parametrize("at", ["w17", "hos", "und"])
def test_ruling_24_a_walk_is_accepted_exactly_when_it_is_listed(at: str) -> None:
    """Every one- and two-Sector walk from here (any Sectors, neighbours or not): `check` accepts
    it exactly when the legal actions list it, so a path once listed is never refused and a menu
    never lacks a path a player may type."""
    state = at_move(position(at={0: at, 1: "cty"}, crimes=[MURDER]), 0)
    listed = set(texts(state, 0))
    board = load_board()
    walks = [[a] for a in board.sectors]
    walks += [[a, b] for a, b in itertools.product(board.sectors, repeat=2) if b in board.adjacent(a, True)]
    accepted = set()
    for walk in walks:
        text = "move " + "-".join(walk)
        try:
            GAME.check(state, 0, text)
        except IllegalAction as error:
            assert not error.code.startswith("dredd_not_now") and error.code != "dredd_cannot_move", (text, error)
            continue
        accepted.add(text)
    assert accepted == {t for t in listed if t.startswith("move ")}

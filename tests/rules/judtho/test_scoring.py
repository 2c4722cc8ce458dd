"""Judtho premature ends and scoring (rulebook 1.4): Departure, resignation,
draws by unanimity, the 6.5 extra placement, Material Score and final standings (J16–J18, J24, J25)."""

from __future__ import annotations

import pytest

from rules.core import GameOver, IllegalAction, Msg
from rules.judtho.alliances import (
    OVER,
    Award,
    accept,
    adjudicate,
    bonus_again,
    conquest,
    decline,
    depart,
    end_msg,
    grant_restore_right,
    initial,
    offer,
    resign,
    use_restore_right,
)
from rules.judtho.scoring import Standing, material, material_score, standings


def test_1_4_2_item_2_departure_before_any_conquest_8_each():
    rel, awards = depart(initial(), "red")
    assert rel.over and rel.end == "departure" and rel.winners is None
    assert awards == tuple(Award(c, 8, "judtho.reason.departure") for c in ("white", "yellow", "black"))
    assert rel.status("red") == "departed"
    assert end_msg(rel) == Msg("judtho.end.departure")


def test_1_4_2_item_3_departure_after_one_conquest_6_each_conqueror_keeps_4():
    rel, _, _ = conquest(initial(), "white", "red", "knatch")
    rel, awards = depart(rel, "yellow")
    assert {a.colour: a.points for a in awards} == {"white": 6, "red": 6, "black": 6}
    assert rel.points == {"white": 10, "red": 6, "yellow": 0, "black": 6}


def test_1_4_2_item_4_departure_after_two_conquests_4_each_j18_departer_keeps_points():
    rel, _, _ = conquest(initial(), "white", "red", "knatch")
    rel, _, _ = conquest(rel, "yellow", "black", "knatch")
    rel, awards = depart(rel, "yellow")
    assert {a.colour: a.points for a in awards} == {"white": 4, "red": 4, "black": 4}
    assert rel.points["yellow"] == 8


def test_j17_resignation_in_quattro_is_a_departure():
    rel, awards = resign(initial(), "black")
    assert rel.end == "resignation" and len(awards) == 3 and rel.winners is None


def test_j17_resignation_in_duo_and_trio_is_a_loss():
    rel, awards = resign(initial("duo"), "white")
    assert rel.winners == ("red",) and awards == () and rel.over
    rel, _ = resign(initial("trio"), "yellow")
    assert rel.winners == ("red", "black")


def test_j18_departure_ends_the_game():
    rel, _ = depart(initial(), "white")
    with pytest.raises(GameOver):
        conquest(rel, "red", "yellow", "knatch")


def test_j24_draw_needs_every_player():
    rel = offer(initial(), ["white"])
    assert rel.proposal == "draw" and not rel.over
    rel = accept(rel, ["red"])
    rel = accept(rel, ["yellow"])
    assert not rel.over
    rel = accept(rel, ["black"])
    assert rel.over and rel.end == "draw" and rel.winners is None


def test_j24_a_decline_and_play_goes_on():
    rel = decline(accept(offer(initial(), ["white"]), ["red"]), ["yellow"])
    assert rel.proposal is None and rel.agreed == frozenset() and not rel.over
    with pytest.raises(IllegalAction):
        accept(rel, ["black"])


def test_j24_void_by_unanimity():
    rel = accept(offer(initial("duo"), ["red"], "void"), ["white"])
    assert rel.over and rel.end == "void"


def test_j24_a_conquest_clears_a_pending_offer():
    rel = offer(initial(), ["white"])
    rel, _, _ = conquest(rel, "red", "white", "knatch")
    assert rel.proposal is None


def test_section_4_trio_draw_only_with_equal_material():
    rel = initial("trio")
    with pytest.raises(IllegalAction):
        offer(rel, ["red"], material={"white": 40, "yellow": 40, "red": 41, "black": 38})
    rel = offer(rel, ["white", "yellow"], material={"white": 40, "yellow": 40, "red": 41, "black": 39})
    rel = accept(rel, ["red"])
    assert not rel.over
    assert accept(rel, ["black"]).stage == OVER


def test_6_5_bonus_again_missing_piece_then_restore_then_later():
    assert bonus_again(["king", "prince"], []) == ("place", ("princess",))
    assert bonus_again(["king"], ["prince", "princess"]) == ("place", ("prince", "princess"))
    assert bonus_again(["prince", "princess"], ["pawn", "rook", "queen"]) == ("restore", ("queen", "rook"))
    assert bonus_again(["prince", "princess"], ["pawn", "bishop"]) == ("later", ())


def test_6_5_the_later_right_is_kept_once_and_used_once():
    rel = grant_restore_right(initial(), "white")
    assert "white" in rel.restore_rights and rel.key() != initial().key()
    rel = use_restore_right(rel, "white")
    assert rel.restore_rights == ()
    with pytest.raises(IllegalAction):
        use_restore_right(rel, "white")


def test_1_4_1_material_score_tables_j16():
    army = ["king", "queen", "princess", "rook", "rook", "knight", "knight", "bishop", "bishop", *["pawn"] * 6]
    assert material(army) == 10 + 12 + 12 + 12 + 8 + 6
    assert material(army, "duo") == 9 + 12 + 10 + 12 + 6 + 6
    assert material_score(["queen", "pawn"], ["rook", "bishop"]) == 11 + 10


def test_j25_standings_points_then_material():
    rel, _, _ = conquest(initial(), "white", "red", "knatch")
    rel, _ = depart(rel, "black")
    table = standings(rel, {"white": 30, "red": 50, "yellow": 50, "black": 70})
    assert [s.colours for s in table] == [("white",), ("red",), ("yellow",), ("black",)]
    assert table[0] == Standing(1, ("white",), 10, 30)
    assert table[1].rank == table[2].rank == 2  # 6 points and 50 each
    assert table[3].rank == 4


def test_j26_adjudication_ends_on_points_then_material():
    rel, _, _ = conquest(initial(), "white", "red", "knatch")
    rel = adjudicate(rel)
    assert rel.over and rel.end == "adjudication" and rel.winners is None
    table = standings(rel, {"white": 10, "red": 80, "yellow": 90, "black": 70})
    assert [s.colours[0] for s in table] == ["white", "yellow", "red", "black"]


def test_j25_trio_and_duo_winner_first():
    rel, _, _ = conquest(initial("trio"), "red", "white", "knatch")
    table = standings(rel, {"white": 60, "yellow": 60, "red": 10, "black": 10})
    assert table[0].colours == ("red", "black") and table[0].rank == 1 and table[1].rank == 2
    rel, _, _ = conquest(initial("duo"), "white", "red", "regicide")
    table = standings(rel, {"white": 5, "red": 50})
    assert [s.colours for s in table] == [("white",), ("red",)]

"""The data files hold the game's facts: the board, the Perps, the Crimes
and the Action deck."""

from __future__ import annotations

from collections import Counter, deque

import pytest

from rules.judge_dredd.content import full_deck, load_board, load_cards, load_crimes, load_perps

CODES = (
    "w17 wea oil spc zoo meg arm res rob und aer bng sta doc iso hos agg mal ugl smk cty ghj row syn aca dan eni aqu"
).split()


def distances(start: str, ignore_rivers: bool = False) -> dict[str, int]:
    board = load_board()
    dist = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in board.adjacent(here, ignore_rivers):
            if there not in dist:
                dist[there] = dist[here] + 1
                queue.append(there)
    return dist


def test_board_has_28_sectors_on_a_4_by_7_grid() -> None:
    board = load_board()
    assert list(board.sectors) == CODES
    assert {(s.row, s.col) for s in board.sectors.values()} == {(r, c) for r in range(1, 5) for c in range(1, 8)}


def test_board_has_53_edges_of_which_5_are_bridges() -> None:
    board = load_board()
    assert len(board.edges) == 53
    assert len({frozenset((e.a, e.b)) for e in board.edges}) == 53
    bridges = {frozenset((e.a, e.b)) for e in board.edges if e.kind == "bridge"}
    assert bridges == {
        frozenset(p) for p in (("aca", "syn"), ("aer", "mal"), ("agg", "mal"), ("doc", "cty"), ("oil", "spc"))
    }


def test_starting_sectors_are_the_six_of_the_rulebook() -> None:
    board = load_board()
    assert set(board.starting_sectors) == {"ghj", "aca", "cty", "arm", "w17", "spc"}
    assert board.hospital == "hos"


def test_r19_issue_bonus_by_sector() -> None:
    board = load_board()
    assert {c: board.bonus(c) for c in CODES if board.bonus(c) != 1} == {
        "w17": 2,
        "cty": 2,
        "aca": 2,
        "arm": 2,
        "ghj": 6,
    }
    assert board.bonus("spc") == 1
    assert board.bonus("icu") == 1


def test_21_sectors_have_a_sector_card() -> None:
    board = load_board()
    assert len(board.card_sectors) == 21
    assert not set(board.card_sectors) & {*board.starting_sectors, "hos"}


def test_degrees_aqua_plant_2_to_hospital_6() -> None:
    board = load_board()
    degrees = {c: len(board.adjacent(c)) for c in CODES}
    assert degrees["aqu"] == 2 == min(degrees.values())
    assert degrees["hos"] == 6 == max(degrees.values())


def test_board_is_connected_with_diameter_7() -> None:
    assert all(len(distances(c)) == 28 for c in CODES)
    assert max(max(distances(c).values()) for c in CODES) == 7


@pytest.mark.parametrize(
    ("sector", "reach"), [("ghj", 8), ("aca", 8), ("cty", 8), ("arm", 6), ("w17", 7), ("spc", 9), ("hos", 12)]
)
def test_reach_within_two_steps(sector: str, reach: int) -> None:
    assert sum(1 for d in distances(sector).values() if 0 < d <= 2) == reach


def test_movement_rules_rivers_only_by_bridges() -> None:
    board = load_board()
    for a, b in (("und", "aer"), ("bng", "ugl"), ("sta", "smk")):
        assert b not in board.adjacent(a)
        assert b in board.adjacent(a, ignore_rivers=True)
        assert a in board.adjacent(b, ignore_rivers=True)
    assert "spc" in board.adjacent("oil")


def test_diagonal_borders_are_edges() -> None:
    board = load_board()
    edges = {frozenset((e.a, e.b)) for e in board.edges}
    assert len(board.diagonals) == 11
    assert all(frozenset(d) in edges for d in board.diagonals)


def test_rivers_are_drawn_between_columns_3_and_4_and_rows_2_and_3() -> None:
    river_a, river_b = load_board().rivers
    assert river_a == ((3.0, 0.0), (3.0, 4.0))
    assert river_b == ((3.0, 2.0), (7.0, 2.0))


def test_perps_are_28_with_cv_1_to_9_summing_128() -> None:
    perps = load_perps()
    assert len(perps) == 28
    assert {p.cv for p in perps.values()} == set(range(1, 10))
    assert sum(p.cv for p in perps.values()) == 128
    assert perps["ice_pick_brown"].cv == 7
    assert perps["judge_death"].cv == 9


def test_crimes_are_28_with_cv_1_to_6_summing_87() -> None:
    crimes = load_crimes()
    assert len(crimes) == 28
    assert {c.cv for c in crimes.values()} == set(range(1, 7))
    assert sum(c.cv for c in crimes.values()) == 87
    assert crimes["robot_smashing"].cv == 4
    assert crimes["murder"].cv == 6


def test_deck_has_54_cards_of_34_kinds() -> None:
    assert len(load_cards()) == 34
    assert len(full_deck()) == 54


def test_deck_profile_of_main_options() -> None:
    deck = full_deck()
    cards = load_cards()
    profile = Counter(cards[c].main.window for c in deck)
    assert profile == {"arrest": 27, "movement": 16, "any": 10, "reaction": 1}


def test_cards_without_an_or_option() -> None:
    assert {k.id for k in load_cards().values() if k.or_ is None} == {"alien_creature", "edwin_parsey", "judge_dredd"}


def test_r10_cards_that_depict_a_judge() -> None:
    depicted = {k.id for k in load_cards().values() if k.depicts_judge}
    assert depicted == {"judge_hershey", "judge_sweeney", "judge_anderson", "judge_giant", "judge_dredd"}


def test_barney_targets_are_sector_codes() -> None:
    cards = load_cards()
    targets = {k.id: k.main.effect["barney"] for k in cards.values() if "barney" in k.main.effect}
    assert targets == {
        "barney_resyk": "res",
        "barney_statue_of_judgement": "sta",
        "barney_aqua_plant": "aqu",
        "barney_iso_block_666": "iso",
        "barney_weather_control": "wea",
        "barney_black_atlantic_docks": "doc",
    }
    assert all(t in load_board().sectors for t in targets.values())


def test_option_windows_are_known() -> None:
    for kind in load_cards().values():
        for option in kind.options.values():
            assert option.window in {"movement", "arrest", "any", "reaction"}
            assert option.effect

"""Judge Dredd views built by hand, in the shape of the team brief, so the renderer tests need no
engine: the renderer reads views only. Each builder returns a fresh dict."""

from __future__ import annotations

import copy
from typing import Any

COLOURS = ("red", "blue", "green", "yellow", "white", "black")
STARTS = ("w17", "spc", "arm", "cty", "aca", "ghj")

CRIMES = [
    {"crime": "murder", "crime_cv": 6, "sector": "zoo", "perp": None, "perp_cv": None, "revealed": False},
    {"crime": "robot_smashing", "crime_cv": 4, "sector": "rob", "perp": None, "perp_cv": None, "revealed": False},
    {"crime": "littering", "crime_cv": 1, "sector": "smk", "perp": None, "perp_cv": None, "revealed": False},
    {"crime": "arson", "crime_cv": 4, "sector": "dan", "perp": None, "perp_cv": None, "revealed": False},
    {"crime": "old_comic_selling", "crime_cv": 2, "sector": "res", "perp": None, "perp_cv": None, "revealed": False},
    {"crime": "inciting_a_block_war", "crime_cv": 5, "sector": "und", "perp": None, "perp_cv": None,
     "revealed": False},
]
SECRET_PERPS = {"murder": ("judge_death", 9), "robot_smashing": ("ice_pick_brown", 7), "littering": ("gestapo_bob", 1),
                "arson": ("fink_angel", 7), "old_comic_selling": ("uncle_ump", 2),
                "inciting_a_block_war": ("judge_cal", 8)}
"""Who is really under each Crime: the tests check these names are never drawn face down."""


def judge(seat: int, at: str | None, **changes: Any) -> dict[str, Any]:
    out = {"seat": seat, "colour": COLOURS[seat], "at": at, "hand": 6, "score": 0, "arrested": [],
           "moved": False, "attempted": False, "miss_moves": 0, "block_with": None, "standoff": None}
    out.update(changes)
    return out


def make_view(seats: int = 4, **changes: Any) -> dict[str, Any]:
    """A Movement Round view, turn 1, every Judge on their Starting Sector, with any top-level keys
    replaced."""
    view: dict[str, Any] = {
        "game": "judge_dredd",
        "version": 7,
        "seat": None,
        "phase": "movement",
        "turn": 1,
        "turn_start": 0,
        "to_act": [0],
        "mover": 0,
        "window": None,
        "judges": [judge(i, STARTS[i]) for i in range(seats)],
        "hand": None,
        "crimes": copy.deepcopy(CRIMES),
        "fight": None,
        "last_fight": None,
        "quarantine": None,
        "alien": None,
        "piles": {"stock": 54 - 6 * seats, "discards": 0, "perps": 22, "crimes": 22, "sectors": 15},
        "last_move": None,
        "end_holder": None,
        "quiet_turns": 0,
        "quiet_left": None,
        "winner": None,
        "scores": {str(i): 0 for i in range(seats)},
    }
    view.update(copy.deepcopy(changes))
    return view


def reveal(view: dict[str, Any], crime: str) -> dict[str, Any]:
    for c in view["crimes"]:
        if c["crime"] == crime:
            c["perp"], c["perp_cv"] = SECRET_PERPS[crime]
            c["revealed"] = True
    return view


def placement() -> dict[str, Any]:
    v = make_view(4, phase="place", turn=0, to_act=[2], mover=None)
    for j in v["judges"][2:]:
        j["at"] = None
    v["judges"][1]["at"] = "aca"
    return v


def movement_window() -> dict[str, Any]:
    """Blue has moved through the Alien Zoo's neighbour into a Crime; a window before Green's Move."""
    v = make_view(4, to_act=[0, 2, 3], mover=2, turn=3, turn_start=1)
    v["judges"][1] |= {"at": "zoo", "moved": True}
    v["judges"][0] |= {"at": "rob", "moved": True, "score": 11, "arrested": [
        {"perp": "fink_angel", "perp_cv": 7, "crime": "arson", "crime_cv": 4}]}
    v["window"] = {"kind": "before_move", "for": 2, "passed": [1], "pending": None}
    v["last_move"] = {"seat": 1, "path": ["spc", "aer", "zoo"]}
    reveal(v, "murder")
    reveal(v, "robot_smashing")
    return v


def fight_with_cards() -> dict[str, Any]:
    """The rulebook's example: a Judge against Ice-Pick Brown for Robot Smashing, cards played."""
    v = make_view(4, phase="arrest", to_act=[0, 1, 2], mover=None, turn=4)
    v["judges"][0] |= {"at": "rob", "attempted": True, "hand": 2}
    reveal(v, "robot_smashing")
    v["window"] = {"kind": "before_fight", "for": 0, "passed": [3], "pending": None}
    v["fight"] = {"kind": "perp", "judges": [0], "crime": "robot_smashing", "judge_cf": {"0": 5},
                  "judge_dice": {"0": 2}, "perp_cf": 0, "perp_dice": 1,
                  "cards": [{"by": 0, "card": "sonic_cannon", "option": "main", "on": 0},
                            {"by": 2, "card": "flabbon", "option": "main", "on": 0},
                            {"by": 0, "card": "block_mania", "option": "or", "on": 0},
                            {"by": 0, "card": "tweak", "option": "main", "on": 0},
                            {"by": 3, "card": "fergee", "option": "main", "on": 0},
                            {"by": 1, "card": "east_meg_spy", "option": "main", "on": None}]}
    v["last_fight"] = {"kind": "perp", "judges": [1], "crime": "murder", "perp_rolls": [5], "perp_total": 20,
                       "rolls": {"1": [2]}, "totals": {"1": 7}, "winner": None, "result": "failed"}
    v["judges"][1]["at"] = "icu"
    return v


def icu_and_answer() -> dict[str, Any]:
    """Two Judges in Intensive Care; an Outdoor Boing waits for Yellow's answer."""
    v = make_view(5, to_act=[3], mover=3, turn=6, turn_start=2)
    v["judges"][1]["at"] = "icu"
    v["judges"][4]["at"] = "icu"
    v["judges"][0] |= {"miss_moves": 1, "block_with": 2}
    v["judges"][2] |= {"block_with": 0, "moved": True}
    v["window"] = {"kind": "answer", "for": 3, "passed": [],
                   "pending": {"card": "outdoor_boing", "by": 0, "target": 3, "sector": None}}
    v["last_fight"] = {"kind": "block", "judges": [0, 2], "crime": None, "perp_rolls": [], "perp_total": None,
                       "rolls": {"0": [4], "2": [4]}, "totals": {"0": 9, "2": 9}, "winner": None, "result": "tie"}
    return v


def quarantine_alien() -> dict[str, Any]:
    v = make_view(4, turn=8, to_act=[1], mover=1)
    v["quarantine"] = {"sector": "rob", "lifts_after_turn": 9}
    v["alien"] = {"sector": "meg", "cf": 6}
    v["judges"][0]["at"] = "rob"
    v["judges"][2]["at"] = "meg"
    v["fight"] = {"kind": "alien", "judges": [2], "crime": None, "judge_cf": {"2": -2}, "judge_dice": {},
                  "perp_cf": 0, "perp_dice": 0, "cards": [{"by": 1, "card": "flabbon", "option": "main", "on": 2}]}
    reveal(v, "robot_smashing")
    return v


def crowded() -> dict[str, Any]:
    """Six Judges, four of them in one Sector with two Crimes (R5, R8), Judges everywhere."""
    v = make_view(6, turn=12, phase="arrest", to_act=[4], mover=None, turn_start=5)
    for s in (0, 1, 2, 3):
        v["judges"][s]["at"] = "smk"
    v["crimes"][3]["sector"] = "smk"
    reveal(v, "littering")
    v["judges"][4]["standoff"] = "arson"
    v["last_move"] = {"seat": 3, "path": ["cty", "smk"]}
    for j in v["judges"]:
        j["score"] = 3 * j["seat"]
    return v


def game_over() -> dict[str, Any]:
    v = make_view(3, phase="over", to_act=[], mover=None, turn=21, winner=1, end_holder=2)
    v["piles"] = {"stock": 12, "discards": 30, "perps": 0, "crimes": 0, "sectors": 4}
    v["crimes"] = v["crimes"][:2]
    scores = {0: 24, 1: 31, 2: 18}
    for j in v["judges"]:
        j["score"] = scores[j["seat"]]
        j["arrested"] = [{"perp": "gestapo_bob", "perp_cv": 1, "crime": "littering", "crime_cv": 1}] * (j["seat"] + 2)
    v["scores"] = {str(k): s for k, s in scores.items()}
    return v


def with_hand(view: dict[str, Any], seat: int, hand: list[str]) -> dict[str, Any]:
    view = copy.deepcopy(view)
    view["seat"] = seat
    view["hand"] = list(hand)
    return view


ALL = {
    "placement": placement,
    "movement_window": movement_window,
    "fight_with_cards": fight_with_cards,
    "icu_and_answer": icu_and_answer,
    "quarantine_alien": quarantine_alien,
    "crowded": crowded,
    "game_over": game_over,
}

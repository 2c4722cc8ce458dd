"""Colour is never the only sign: every game's seat colours stay apart for players with
protanopia or deuteranopia (the red-green deficiencies, about 1 man in 12 has one).

Each renderer module a plug-in names exposes `SEAT_COLOURS` (theme name -> {seat colour: RGB}).
Each pair is simulated with both deficiencies (Machado et al. 2009, linear RGB) and compared in
CIEDE2000. `LEAST` is 20: a difference of about 1 is just visible side by side and about 10 is
plain side by side, but seats are told apart on small marks (a piece some 20 px wide on a
phone), apart from each other and on differently coloured grounds, where a colour must be
*named* rather than compared; categorical palettes meant for that are built 20 or more apart.

`KNOWN` lists the pairs of other games that are closer today, for their board's owners to part
(or to back with a letter or shape on every piece): no game may add one, and Judtho has none.
"""

from __future__ import annotations

import importlib

import pytest

from renderer import games
from renderer.colour_vision import delta_e, distance, lab, simulate, too_close
from rules import registry

LEAST = 20.0

KNOWN: dict[str, set[tuple[str, str, str]]] = {
    "judtho": set(),
    "dads_army": {("protanopia", "green", "yellow"), ("deuteranopia", "red", "green")},
    "judge_dredd": {("protanopia", "green", "yellow"), ("deuteranopia", "red", "green")},
    "judgement": {
        ("normal", "blue", "purple"), ("protanopia", "blue", "purple"), ("protanopia", "blue", "pink"),
        ("protanopia", "green", "yellow"), ("protanopia", "green", "orange"), ("protanopia", "yellow", "orange"),
        ("deuteranopia", "red", "green"), ("deuteranopia", "red", "orange"), ("deuteranopia", "blue", "purple"),
        ("deuteranopia", "green", "orange"), ("deuteranopia", "yellow", "orange"),
    },
}
"""Pairs closer than `LEAST` today, by game: (vision, colour, colour)."""


def shipped() -> list[str]:
    """The games Gavel ships with a board (the test-only plug-in's drawing lives in tests/)."""
    return [key for key in games() if (registry.plugin(key).renderer or "").startswith("renderer.")]


def seat_colours(key: str) -> dict[str, dict[str, tuple[int, int, int]]]:
    module = importlib.import_module(registry.plugin(key).renderer or "")
    found: dict[str, dict[str, tuple[int, int, int]]] = module.SEAT_COLOURS
    return found


def test_ciede2000_matches_sharmas_test_pairs():
    """Pairs from Sharma, Wu and Dalal (2005), Table 1."""
    pairs = [
        ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
        ((50.0, -1.3802, -84.2814), (50.0, 0.0, -82.7485), 1.0),
        ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
        ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
        ((22.7233, 20.0904, -46.694), (23.0331, 14.973, -42.5619), 2.0373),
        ((2.0776, 0.0795, -1.135), (0.9033, -0.0636, -0.5514), 0.9082),
    ]
    for a, b, expected in pairs:
        assert abs(delta_e(a, b) - expected) < 1e-3, (a, b)
        assert abs(delta_e(b, a) - expected) < 1e-3


def test_the_simulation_keeps_greys_and_merges_red_with_green():
    for grey in ((0, 0, 0), (128, 128, 128), (255, 255, 255)):
        for kind in ("protanopia", "deuteranopia"):
            assert all(abs(a - b) <= 2 for a, b in zip(simulate(grey, kind), grey, strict=True))
    assert lab((255, 255, 255))[0] == pytest.approx(100, abs=0.01)
    red, green = (215, 38, 61), (42, 157, 72)
    assert distance(red, green) > 50 and distance(red, green, "deuteranopia") < 10


def test_every_game_with_a_board_exposes_its_seat_colours():
    assert {"judtho", "dads_army", "judge_dredd", "judgement"} <= set(shipped())
    for key in shipped():
        colours = seat_colours(key)
        module = importlib.import_module(registry.plugin(key).renderer or "")
        assert set(colours) == set(module.THEMES), key
        assert all(len(c) >= 2 for c in colours.values()), key


@pytest.mark.parametrize("key", shipped())
def test_seat_colours_stay_apart_with_protanopia_and_deuteranopia(key):
    assert key in KNOWN, f"{key}: add its seat colours' pairs under LEAST to KNOWN, or part them"
    for theme, colours in seat_colours(key).items():
        close = {(kind, a, b) for kind, a, b, _ in too_close(colours, LEAST)}
        assert close <= KNOWN[key], (key, theme, sorted(close - KNOWN[key]))


def test_judtho_armies_are_apart_for_everyone():
    for theme, colours in seat_colours("judtho").items():
        assert too_close(colours, LEAST) == [], theme

"""Colour is never the only sign: every game's seat colours stay apart for players with
protanopia or deuteranopia (the red-green deficiencies, about 1 man in 12 has one).

Each renderer module a plug-in names exposes `SEAT_COLOURS` (theme name -> {seat colour: RGB}).
Each pair is simulated with both deficiencies (Machado et al. 2009, linear RGB) and compared in
CIEDE2000. `LEAST` is 20: a difference of about 1 is just visible side by side and about 10 is
plain side by side, but seats are told apart on small marks (a piece some 20 px wide on a
phone), apart from each other and on differently coloured grounds, where a colour must be
*named* rather than compared; categorical palettes meant for that are built 20 or more apart.

`KNOWN` lists, by game, the pairs allowed closer than that (to be backed by a letter or shape on
every piece): none today. Every game, The City of Judgement's nine seats included, keeps every
pair 20 apart; a game may not add one without its board marking every piece another way.

A colour also keeps its name: seats are named by colour in commands (`attack blue`) and in the
catalogue, so each seat colour must look nearest to the colour its name says, among the eleven
basic colour terms (Berlin and Kay) at the colours most people give those names (the xkcd colour
survey), in CIEDE2000.
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
    "dads_army": set(),
    "judge_dredd": set(),
    "judgement": set(),
}
"""Pairs closer than `LEAST` allowed, by game: (vision, colour, colour)."""

BASIC = {
    "red": (229, 0, 0), "orange": (249, 115, 6), "yellow": (255, 255, 20), "green": (21, 176, 26),
    "blue": (3, 67, 223), "purple": (126, 30, 156), "pink": (255, 129, 192), "brown": (101, 55, 0),
    "grey": (146, 149, 145), "black": (0, 0, 0), "white": (255, 255, 255),
}
"""The eleven basic colour terms at the sRGB most people name so (xkcd colour survey, 2010)."""


def nearest_name(rgb: tuple[int, int, int]) -> str:
    return min(BASIC, key=lambda name: delta_e(lab(rgb), lab(BASIC[name])))


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


@pytest.mark.parametrize("key", shipped())
def test_seat_colours_look_like_their_names(key):
    """`attack blue` must mean the blue piece: every seat colour named by a basic colour term is
    nearest that term's colour (names outside the eleven are not checked)."""
    for theme, colours in seat_colours(key).items():
        for name, rgb in colours.items():
            if name in BASIC:
                assert nearest_name(rgb) == name, (key, theme, name, rgb, nearest_name(rgb))


def test_nearest_name_knows_the_old_confusions():
    assert nearest_name((215, 38, 61)) == "red" and nearest_name((42, 157, 72)) == "green"
    assert nearest_name((213, 94, 0)) == "orange"  # Okabe and Ito's vermillion is no red
    assert nearest_name((240, 106, 168)) == "pink" and nearest_name((125, 60, 181)) == "purple"


def test_judtho_armies_are_apart_for_everyone():
    for theme, colours in seat_colours("judtho").items():
        assert too_close(colours, LEAST) == [], theme


def test_words_on_every_seat_colour_are_legible():
    """The seat number on a piece, the initials on a Dad's Army man, the phase pill: the ink each
    board picks on a seat's colour stands 4.5:1 from it (WCAG's ordinary text), whatever the colour."""
    from renderer import dads_army, judge_dredd_look, judgement_look
    from renderer.common import contrast

    inks = {
        "dads_army": lambda th, c: dads_army._ink_on(th, c),
        "judge_dredd": judge_dredd_look.ink_on,
        "judgement": judgement_look.ink_on,
    }
    themes = {"dads_army": dads_army.THEMES, "judge_dredd": judge_dredd_look.THEMES, "judgement": judgement_look.THEMES}
    for key, ink_on in inks.items():
        for theme, colours in seat_colours(key).items():
            th = themes[key][theme]
            for name, rgb in colours.items():
                assert contrast(rgb, ink_on(th, name)) >= 4.5, (key, theme, name)

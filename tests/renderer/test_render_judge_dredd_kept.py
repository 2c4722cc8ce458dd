"""What the Judge Dredd renderer keeps between pictures gives the pixels drawing afresh gives: the
Sector codes' layer, the player rows and Crime lines pasted where they are, the cards of a hand.
(How much time they save is measured by bench/run.py, not asserted here.)"""

from __future__ import annotations

import random

from PIL import Image

from renderer import judge_dredd_map as M
from renderer.judge_dredd_look import THEMES


def _noise(seed: int) -> Image.Image:
    """A ground of every colour: what the codes are drawn over may be anything."""
    rng = random.Random(seed)
    return Image.frombytes("RGB", (M.WIDTH, M.HEIGHT), rng.randbytes(M.WIDTH * M.HEIGHT * 3))


def test_the_codes_pasted_from_their_layer_are_the_codes_drawn() -> None:
    for name, th in THEMES.items():
        assert M.codes_layer(name) is not None, name  # the fast way is taken
        for seed in (1, 2):
            pasted, painted = _noise(seed), _noise(seed)
            M.draw_codes(pasted, th)
            M.paint_codes(painted, th)
            assert pasted.tobytes() == painted.tobytes(), (name, seed)

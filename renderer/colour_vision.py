"""How seat colours look to players with a red-green colour deficiency, and how far apart two
colours look: for the rule that colour is never the only sign of whose piece is whose.

- `simulate(rgb, kind)`: the colour as seen with protanopia or deuteranopia, by the matrices of
  Machado, Oliveira and Fernandes (2009, severity 1.0), applied to linear RGB (sRGB decoded).
- `lab(rgb)`: CIELAB (D65) of an sRGB colour.
- `delta_e(a, b)`: CIEDE2000 colour difference of two CIELAB colours (Sharma, Wu and Dalal's
  formulation, checked against their test pairs).
- `too_close(colours, least)`: the pairs of named colours closer than `least` in normal vision
  or either deficiency.

Pure Python, no drawing: renderers expose their seats' colours as `SEAT_COLOURS` (theme name ->
{seat colour name: RGB}), and a test holds every game to a least distance.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping

RGB = tuple[int, int, int]
Lab = tuple[float, float, float]

MACHADO = {
    "normal": ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
}
"""Linear-RGB matrices of full (severity 1.0) protanopia and deuteranopia, Machado et al. 2009."""
VISIONS = tuple(MACHADO)


def _linear(v: float) -> float:
    c = v / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _encoded(c: float) -> float:
    c = min(1.0, max(0.0, c))
    return 255 * (12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055)


def simulate(rgb: RGB, kind: str) -> RGB:
    """`rgb` as seen with `kind` (`normal`, `protanopia`, `deuteranopia`), as sRGB."""
    m = MACHADO[kind]
    lin = [_linear(v) for v in rgb]
    out = [_encoded(sum(m[i][j] * lin[j] for j in range(3))) for i in range(3)]
    return (round(out[0]), round(out[1]), round(out[2]))


def lab(rgb: RGB) -> Lab:
    """CIELAB (D65 white) of an sRGB colour."""
    r, g, b = (_linear(v) for v in rgb)
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def delta_e(first: Lab, second: Lab) -> float:
    """CIEDE2000 difference of two CIELAB colours (kL = kC = kH = 1)."""
    l1, a1, b1 = first
    l2, a2, b2 = second
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean ** 7 / (c_mean ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360
    h2p = math.degrees(math.atan2(b2, a2p)) % 360
    dl, dc = l2 - l1, c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    else:
        dh = h2p - h1p
        if dh > 180:
            dh -= 360
        elif dh < -180:
            dh += 360
    d_h = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_mean, cp_mean = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_mean = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_mean = (h1p + h2p) / 2
    elif h1p + h2p < 360:
        h_mean = (h1p + h2p + 360) / 2
    else:
        h_mean = (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_mean - 30)) + 0.24 * math.cos(math.radians(2 * h_mean))
         + 0.32 * math.cos(math.radians(3 * h_mean + 6)) - 0.20 * math.cos(math.radians(4 * h_mean - 63)))
    d_theta = 30 * math.exp(-(((h_mean - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(cp_mean ** 7 / (cp_mean ** 7 + 25 ** 7))
    s_l = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    s_c = 1 + 0.045 * cp_mean
    s_h = 1 + 0.015 * cp_mean * t
    r_t = -math.sin(math.radians(2 * d_theta)) * r_c
    return math.sqrt((dl / s_l) ** 2 + (dc / s_c) ** 2 + (d_h / s_h) ** 2 + r_t * (dc / s_c) * (d_h / s_h))


def distance(a: RGB, b: RGB, kind: str = "normal") -> float:
    """How far apart `a` and `b` look with `kind` of vision (CIEDE2000)."""
    return delta_e(lab(simulate(a, kind)), lab(simulate(b, kind)))


def too_close(colours: Mapping[str, RGB], least: float) -> list[tuple[str, str, str, float]]:
    """(vision, first, second, distance) of every pair of `colours` closer than `least` in
    normal vision, protanopia or deuteranopia."""
    found = []
    for kind in VISIONS:
        for a, b in itertools.combinations(colours, 2):
            d = distance(colours[a], colours[b], kind)
            if d < least:
                found.append((kind, a, b, round(d, 1)))
    return found

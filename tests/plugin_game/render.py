"""Beacon Relay's picture: four hills, each beacon's flame as a bar up to the goal, the die, the
round. A pure function of a view (`render`; `RENDERER` for the registry), in the caller's words
(`text`: message id -> text),
with the numbers 1-4 under the beacons that `label_actions` gives the buttons too.

A seat's own view marks its own beacon ("yours"); the public view marks none, since it has no
`signal`."""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from renderer import Functions, Renderer
from renderer.common import font_for

from .engine import BEACONS, KEY

WIDTH, HEIGHT = 480, 300
COLOURS = {"red": (214, 54, 48), "blue": (52, 104, 214), "green": (46, 160, 80), "gold": (222, 170, 30)}
NIGHT = (22, 26, 48)
HILL = (64, 72, 60)
INK = (235, 235, 225)
ENGLISH = {"beacon_relay.board.title": "Beacon Relay", "beacon_relay.board.round": "Round",
           "beacon_relay.board.roll": "Die", "beacon_relay.board.yours": "yours",
           **{f"{KEY}.beacon.{b}": b.capitalize() for b in BEACONS}}


def label(beacon: str) -> str:
    """The number under a beacon on the picture, and on the buttons that tend it."""
    return str(BEACONS.index(beacon) + 1)


def label_actions(view: Mapping[str, Any], actions: Sequence[str]) -> dict[str, str]:
    """{action: the number of the beacon it tends}; actions on no beacon (`roll`) have none."""
    out: dict[str, str] = {}
    for action in actions:
        parts = action.split()
        if len(parts) == 2 and parts[1] in BEACONS:
            out[action] = label(parts[1])
    return out


def highlights(view: Mapping[str, Any], actions: Sequence[str]) -> dict[str, Any]:
    """Nothing is marked: the numbers under the beacons say which button tends which."""
    return {}


def render(view: Mapping[str, Any], *, highlight: Mapping[str, Any] | None = None, theme: str | None = None,
           names: Mapping[int, str] | None = None, text: Callable[[str], str] | None = None,
           texts: Mapping[str, Callable[[str], str]] | None = None) -> bytes:
    say = text or (lambda key: ENGLISH.get(key, key))
    img = Image.new("RGB", (WIDTH, HEIGHT), NIGHT)
    d = ImageDraw.Draw(img)
    title = say(f"{KEY}.board.title")
    d.text((12, 8), title, font=font_for(title, 20), fill=INK)
    status = f"{say(f'{KEY}.board.round')} {view['round']}/{view['rounds']}"
    if view.get("roll"):
        status += f"   {say(f'{KEY}.board.roll')} {view['roll']}"
    d.text((WIDTH - 12, 10), status, font=font_for(status, 16), fill=INK, anchor="ra")
    goal, base, top = view["goal"], HEIGHT - 60, 60
    for i, beacon in enumerate(BEACONS):
        x = 60 + i * 120
        d.polygon([(x - 50, base + 20), (x, base - 10), (x + 50, base + 20)], fill=HILL)
        height = view["flames"][beacon]
        bar = (base - top) * height / goal
        if height:
            d.rectangle((x - 14, base - 10 - bar, x + 14, base - 10), fill=COLOURS[beacon])
        d.line((x - 20, top - 10, x + 20, top - 10), fill=INK, width=1)
        name = f"{label(beacon)} {say(f'{KEY}.beacon.{beacon}')} {height}"
        d.text((x, base + 24), name, font=font_for(name, 14), fill=INK, anchor="ma")
        if view.get("signal") == beacon:
            yours = say(f"{KEY}.board.yours")
            d.text((x, top - 30), yours, font=font_for(yours, 14), fill=COLOURS[beacon], anchor="ma")
    out = io.BytesIO()
    img.save(out, format="PNG")
    return out.getvalue()


RENDERER: Renderer = Functions(render, highlights, label_actions)
"""Beacon Relay's renderer (`renderer.Renderer`): the board alone (the secret beacon is in words)."""

"""Board images. One module per game (`renderer.dads_army`, ...), each a pure function of a
view: `render(view, *, highlight=None, theme=None, names=None, text=None) -> PNG bytes`, plus
`highlights(view, actions)` / `label_actions(view, actions)` for the short square labels that
the image and the buttons share. Shared drawing lives in `renderer.common`.

Words on a board are message ids (`board.<game>.*`, catalogued in `renderer.po`; Judge Dredd's
`judge_dredd.board.*` in `renderer_judge_dredd.po`) turned into text by the caller's `text`
function; without one a renderer draws its built-in English. So the renderer needs no
translation layer and imports nothing from `tables/`. A game with private hands may also offer
`render_hand(view, *, text=None, names=None) -> bytes | None` (Judge Dredd does).
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

GAMES = ("dads_army", "judge_dredd", "judgement", "judtho")
"""Game keys that have a renderer."""


def for_game(key: str) -> ModuleType:
    """The renderer module of a game (imported on first use: Pillow loads only when needed)."""
    if key not in GAMES:
        raise KeyError(f"no renderer for game {key!r}")
    return import_module(f"renderer.{key}")

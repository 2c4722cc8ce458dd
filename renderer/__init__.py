"""Board images: one contract, `Renderer`, that every game's renderer keeps and every caller uses
the same way. A game names its renderer module in its plug-in (`rules.plugin.Plugin.renderer`);
that module holds `RENDERER: Renderer`, built from its functions with `Functions`, so mypy checks
each function against its part of the contract. `of(key)` imports it on first use (Pillow loads
only when a picture is needed); `games()` lists the games that have one. Shared drawing lives in
`renderer.common`.

Words on a board are message ids (`board.<game>.*` and the like, in the `.po` catalogues) turned
into text by the caller: `text` gives the reader's language, `texts` every language we speak by
language code, for a board that draws two at once (The City of Judgement's public board). Without
them a renderer draws its built-in English. So the renderer reads no catalogue and imports
nothing from `gavel/tables/`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib import import_module
from typing import Any, Protocol

Text = Callable[[str], str]
"""A message id -> its text in one language (the caller's catalogue)."""

View = Mapping[str, Any]
"""What a renderer draws: `Game.view(state, seat)` (`seat` None: the public view)."""


class Render(Protocol):
    def __call__(self, view: View, *, highlight: Mapping[str, Any] | None = None, theme: str | None = None,
                 names: Mapping[int, str] | None = None, text: Text | None = None,
                 texts: Mapping[str, Text] | None = None) -> bytes:
        """The board for `view` as PNG bytes. `highlight` maps short labels to targets (from
        `highlights`); `names` maps seats to player names (any script); `text` gives the words in
        the reader's language and `texts` those of every language. Same input, same bytes."""
        ...


class RenderHand(Protocol):
    def __call__(self, view: View, *, theme: str | None = None, names: Mapping[int, str] | None = None,
                 text: Text | None = None, texts: Mapping[str, Text] | None = None) -> bytes | None:
        """The private picture of the seat whose view this is (its hand, its role card) as PNG
        bytes, or None when that view has none (a spectator's, an empty hand)."""
        ...


class RenderParts(Protocol):
    def __call__(self, view: View, *, theme: str | None = None, names: Mapping[int, str] | None = None,
                 text: Text | None = None, texts: Mapping[str, Text] | None = None) -> bytes:
        """The board of `view` (an early position) with its parts named, in the rulebook's words
        and the reader's language (`text`): a numbered mark on each part, the names under the
        board. The picture `/table rules` sends beside the summary, as PNG bytes."""
        ...


class TextBoard(Protocol):
    def __call__(self, view: View, *, highlight: Mapping[str, Any] | None = None, theme: str | None = None,
                 names: Mapping[int, str] | None = None, text: Text | None = None,
                 texts: Mapping[str, Text] | None = None) -> str | None:
        """The picture `render` (or `render_hand`) draws from `view`, as text for a terminal: at
        most `renderer.text.WIDTH` columns, Unicode box drawing, the same codes as the picture,
        coloured with ANSI SGR codes (a caller that shows no colour strips them with
        `renderer.text.plain`). None when that view has nothing to show (a hand: an empty one)."""
        ...


class Highlights(Protocol):
    def __call__(self, view: View, actions: Sequence[str]) -> Mapping[str, Any]:
        """Short labels (A, B, ...) of the distinct targets the actions reach: {label: target}.
        The same actions always get the same labels, whatever their order."""
        ...


class LabelActions(Protocol):
    def __call__(self, view: View, actions: Sequence[str]) -> Mapping[str, str | None]:
        """Each action text -> the label its target has on the board (None: no target, `pass`),
        so that "B · 5,9" on a button is the "B" on the picture."""
        ...


class Renderer(Protocol):
    """How a game looks. `render_hand` is an optional capability: None for a game whose seats
    hold nothing to draw privately; so is `render_parts` (the board with its parts named, for
    `/table rules`): None for a game that has no such picture. `text_board` and `text_hand` are
    the board and the private picture as text (local play in a terminal): None for a game that
    draws none."""

    @property
    def render(self) -> Render: ...

    @property
    def highlights(self) -> Highlights: ...

    @property
    def label_actions(self) -> LabelActions: ...

    @property
    def render_hand(self) -> RenderHand | None: ...

    @property
    def render_parts(self) -> RenderParts | None: ...

    @property
    def text_board(self) -> TextBoard | None: ...

    @property
    def text_hand(self) -> TextBoard | None: ...


@dataclass(frozen=True)
class Functions:
    """A `Renderer` made of a module's functions: `RENDERER: Renderer = Functions(render, ...)`."""

    render: Render
    highlights: Highlights
    label_actions: LabelActions
    render_hand: RenderHand | None = None
    render_parts: RenderParts | None = None
    text_board: TextBoard | None = None
    text_hand: TextBoard | None = None


def _plugins() -> Mapping[str, Any]:
    from rules import registry

    return registry.plugins()


def games() -> list[str]:
    """The keys of the games whose plug-in names a renderer, sorted."""
    return sorted(key for key, plugin in _plugins().items() if plugin.renderer)


def of(key: str) -> Renderer | None:
    """A game's renderer (its plug-in's module, imported on first use), or None: no picture, or
    no such game. A renderer module that fails to import raises: a broken one is not hidden."""
    plugin = _plugins().get(key)
    if plugin is None or not plugin.renderer:
        return None
    found: Renderer = import_module(plugin.renderer).RENDERER
    return found


def for_game(key: str) -> Renderer:
    """A game's renderer; KeyError for a game without one."""
    found = of(key)
    if found is None:
        raise KeyError(f"no renderer for game {key!r}")
    return found

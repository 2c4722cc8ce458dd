"""The picture part of the table service: the board and a seat's private picture (its hand, its role
card), drawn by the game's renderer (`renderer.Renderer`, named by its plug-in and imported on
first use), in a worker thread, in the words of whoever reads it.

Every renderer is called the same way: the view, the highlighted targets of the prompt shown, the
seats' names (AI seats included), `text` (message id -> text in the reader's language) and
`texts` (the same for every language we speak, for a picture that draws two at once). A broken
renderer costs the picture, never the move.
"""

from __future__ import annotations

import asyncio
import copy
import hashlib
import importlib
import logging
import os
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any

from gavel.tables import i18n
from gavel.tables.games import get_game
from gavel.tables.notices import Prompt, seat_label
from gavel.tables.table import Table, engine_config
from renderer.common import upload_form
from rules import registry
from rules.core import SeededChance

if TYPE_CHECKING:
    from renderer import Renderer

log = logging.getLogger(__name__)


def _text(lang: str) -> Callable[[str], str]:
    """Message id -> its text in `lang`: what a renderer calls `text`."""
    return lambda key: i18n.gettext(key, lang)


TEXTS: Mapping[str, Callable[[str], str]] = {lang: _text(lang) for lang in i18n.LANGUAGES}
"""Every language's words, as a renderer asks for them (`texts`)."""


ALT_MAX = 1024
"""The longest description Discord keeps for an attachment."""


def clip_alt(text: str) -> str:
    """A description Discord accepts: at most `ALT_MAX` characters, cut with an ellipsis."""
    text = text.strip()
    return text if len(text) <= ALT_MAX else text[: ALT_MAX - 1] + "…"


def describe(game_key: str, view: Mapping[str, Any], names: Sequence[str]) -> dict[str, str]:
    """The picture drawn from `view`, in words, in every language we speak (`Words.describe` of
    the game's plug-in): the front-end picks its reader's. `view` is the one the picture was
    drawn from: the public view for the channel, a seat's own for its player."""
    words = registry.plugin(game_key).words
    return {lang: clip_alt(words.describe(view, list(names), i18n.speech(lang))) for lang in i18n.LANGUAGES}


def describe_lines(lines: Sequence[Any], names: Sequence[str], key: str | None = None) -> dict[str, str]:
    """A picture that shows what its notice's lines say (a hand: the seat's secrets; a
    leaderboard: its rows), in every language: the lines one after another, inside message
    `key` (its `{secrets}`) when given."""
    out = {}
    for lang in i18n.LANGUAGES:
        said = [i18n.render(line, lang, lambda seat: seat_label(names, seat)) for line in lines]
        text = i18n.sentences(said, lang)
        out[lang] = clip_alt(i18n.gettext(key, lang, secrets=text) if key else text)
    return out


def start_view(game_key: str) -> dict[str, Any]:
    """The public view of a game of `game_key` just set up (four seats where it may): what the
    rules picture shows."""
    game = get_game(game_key)
    seats = game.info.seats_for(None)
    state = game.new_game(engine_config({}, None), min(max(seats[0], 4), seats[-1]),
                          SeededChance(f"{game_key}:parts"))
    return game.view(state, None)


@cache
def parts_description(game_key: str, lang: str) -> str:
    """The rules picture (`rules_picture`) in words: what it is, and the position it is drawn
    from, as the game describes it (seats named by their colours: it has no players)."""
    say = i18n.speech(lang)
    game = say.text(f"game.{game_key}") if say.has(f"game.{game_key}") else game_key
    title = f"{game_key}.parts.title"
    head = [say.text(title)] if say.has(title) else []
    body = registry.plugin(game_key).words.describe(start_view(game_key), [], say)
    return clip_alt(say.sentences([*head, say.text("table.alt.rules", game=game), body]))


DRAWN_KEPT = 128
"""Pictures `Drawn` keeps (a board's PNG is 40-80 KB): a few per busy table."""


UPLOADS_KEPT = 8
"""Boards kept in the form they are uploaded in (`for_upload`): a notice sent again (a failed
edit retried, the same board in two channels) is not encoded twice."""


@lru_cache(maxsize=UPLOADS_KEPT)
def _upload_form(png: bytes) -> tuple[bytes, str]:
    return upload_form(png)


def uploads_png() -> bool:
    """Whether a channel's boards go up as the PNG drawn (`GAVEL_UPLOAD=png` in the environment:
    CPU scarcer than bandwidth) rather than re-encoded (`upload_form`)."""
    return os.environ.get("GAVEL_UPLOAD", "").strip().lower() == "png"


async def for_upload(png: bytes) -> tuple[bytes, str]:
    """A board's PNG as a channel upload carries it, with its file extension (`upload_form`:
    the same pixels, fewer bytes), encoded in a worker thread: never on the event loop. With
    `GAVEL_UPLOAD=png` in the environment (`uploads_png`), the PNG as it is."""
    if uploads_png():
        return png, "png"
    return await asyncio.to_thread(_upload_form, png)


class Drawn:
    """The pictures drawn lately, by what they were drawn from: a renderer is a pure function of
    its view, highlights, names and words ("same input, same bytes"), so asking again for an
    unchanged board (the board command, a private board, a hand shown again) gives the bytes
    already made instead of drawing them again. Keyed by a digest of the view's `repr` and the
    rest of the call; bounded (least recently used first out); safe across worker threads."""

    def __init__(self, kept: int = DRAWN_KEPT) -> None:
        self.kept = kept
        self._found: OrderedDict[bytes, bytes | None] = OrderedDict()
        self._lock = threading.Lock()

    @staticmethod
    def key(*parts: Any) -> bytes:
        """The digest of a call: its parts' `repr` (a view's dicts keep their order)."""
        return hashlib.blake2b(repr(parts).encode("utf-8", "surrogatepass"), digest_size=20).digest()

    def draw(self, key: bytes, picture: Callable[[], bytes | None]) -> bytes | None:
        """The picture drawn under `key` before, else `picture()` (kept for next time)."""
        with self._lock:
            if key in self._found:
                self._found.move_to_end(key)
                return self._found[key]
        found = picture()
        with self._lock:
            self._found[key] = found
            while len(self._found) > self.kept:
                self._found.popitem(last=False)
        return found


_ATOMS = (str, int, float, bool, type(None), bytes)


def view_copy(view: Any) -> Any:
    """A copy of a view that shares nothing mutable with it: what `copy.deepcopy` makes of a view
    (dicts, lists, tuples, sets, numbers and text), without its memo of every object met (a few
    times faster on a board's view). Anything else is handed to `copy.deepcopy`."""
    kind = type(view)
    if kind is dict:
        return {k: v if type(v) in _ATOMS else view_copy(v) for k, v in view.items()}
    if kind is list:
        return [v if type(v) in _ATOMS else view_copy(v) for v in view]
    if kind in _ATOMS:
        return view
    if kind is tuple:
        return tuple(view_copy(v) for v in view)
    if kind is set or kind is frozenset:
        return kind(view_copy(v) for v in view)
    return copy.deepcopy(view)


Picture = tuple[bytes | None, dict[str, str], str | None]
"""What a notice carries of a picture: its image, the same in words (`alt`) and as text (`board`)."""


@dataclass(frozen=True)
class Sketch:
    """A picture made ready under a table's lock and drawn once the lock is let go (`Images.draw`):
    everything it is drawn from is taken from the table then (the view is a copy: the table may
    move on meanwhile), so drawing holds up no other change of the table. `image` draws it and
    `words` says it (both run in a worker thread); `board` is the same as text, made at once
    (local play only: `Images.text`)."""

    table_id: int
    game_key: str
    image: Callable[[], bytes | None] | None
    words: Callable[[], dict[str, str]]
    board: str | None = None


class Images:
    """The pictures of every table: each game's renderer (loaded once), what was drawn lately
    (`Drawn`), the rules pictures, and the language each user reads (`langs`). It owns that
    state; the other parts ask it for pictures."""

    def __init__(self, renderers: Mapping[str, Renderer | None] | None = None) -> None:
        self.overrides: dict[str, Renderer | None] = dict(renderers or {})
        """The renderers given to the service (tests; None: no pictures for that game)."""
        self.loaded: dict[str, Renderer | None] = {}
        """game key -> its renderer, once looked up."""
        self.parts: dict[tuple[str, str], bytes] = {}
        """(game, language) -> the board with its parts named (`rules_picture`), drawn once."""
        self.drawn = Drawn()
        self.text_boards = False
        """Whether every picture is drawn as text too (`Renderer.text_board`, `text_hand`), for
        a front-end that shows boards in a terminal (local play); the bot draws none."""
        self.langs: dict[int, str] = {}
        """user id -> the language that user reads (the bot fills it from their Discord client; memory
        only): an image drawn for one seat alone (its hand, its role card, its board) is drawn in
        its reader's language, the channel's in the table's."""

    def renderer(self, key: str) -> Renderer | None:
        """The game's renderer: the one given to the service for it (tests, None: no pictures),
        else the module its plug-in names, imported once."""
        if key not in self.loaded:
            if key in self.overrides:
                found = self.overrides[key]
            else:
                module = registry.plugin(key).renderer
                found = importlib.import_module(module).RENDERER if module else None
            self.loaded[key] = found
        return self.loaded[key]

    def words(self, table: Table, seat: int | None, lang: str | None = None) -> dict[str, Any]:
        """What a renderer needs to draw for `seat` (None: the channel) in its reader's words
        (`lang`: in that language instead)."""
        return {"names": dict(enumerate(table.names)), "text": _text(lang or self.reader(table, seat)), "texts": TEXTS}

    async def render(self, table: Table, seat: int | None, prompt: Prompt | None,
                      view: Mapping[str, Any] | None = None, *, lang: str | None = None) -> bytes | None:
        """A PNG of `seat`'s view (None: the public one), marking the prompt's moves, with the
        seats' names, in the table's language (a seat's own view: in its reader's, `langs`).
        `view`: that view when the caller has it already (the public one the prompts were read
        from); `lang`: the language to draw in, when not the reader's (a picture drawn again as it
        was first drawn). Pillow runs in a worker thread; a broken renderer costs the image, never
        the move."""
        if table.state is None:
            return None
        try:
            view = view if view is not None else table.game.view(table.state, seat)
            draw = self._board_drawing(table, seat, prompt, view, lang)
            return None if draw is None else await asyncio.to_thread(draw)
        except Exception:
            log.exception("rendering table %s (%s) failed", table.id, table.game_key)
            return None

    def _board_drawing(self, table: Table, seat: int | None, prompt: Prompt | None, view: Mapping[str, Any],
                       lang: str | None = None) -> Callable[[], bytes | None] | None:
        """How `render` draws `view` (kept in `drawn`), all it needs of the table taken now; None
        when the game has no renderer."""
        renderer = self.renderer(table.game_key)
        if renderer is None:
            return None
        highlight = renderer.highlights(view, prompt.actions) if prompt is not None else None
        words = self.words(table, seat, lang)
        key = Drawn.key("board", table.game_key, id(renderer), lang or self.reader(table, seat), view, highlight,
                        words["names"])
        return lambda: self.drawn.draw(key, lambda: renderer.render(view, highlight=highlight, **words))

    async def picture(self, table: Table, seat: int | None, prompt: Prompt | None,
                      view: Mapping[str, Any] | None = None) -> Picture:
        """`render`'s picture and the same view in words (`describe`), both drawn in a worker
        thread, and as text when `text_boards` is on (`text`): what a notice carries as its
        `image`, its `alt` and its `board`. No picture, no words."""
        return await self.draw(self.board_sketch(table, seat, prompt, view))

    def board_sketch(self, table: Table, seat: int | None, prompt: Prompt | None,
                     view: Mapping[str, Any] | None = None) -> Sketch | None:
        """`picture`'s picture made ready to draw later (`draw`), from a copy of `view` (None:
        `seat`'s view now; `seat` None: the public one); None without a game in play or a view."""
        if table.state is None:
            return None
        try:
            view = view_copy(view if view is not None else table.game.view(table.state, seat))
        except Exception:
            log.exception("the view of table %s (%s) failed", table.id, table.game_key)
            return None
        board = self.text(table, seat, view, prompt, hand=False)
        try:
            image = self._board_drawing(table, seat, prompt, view)
        except Exception:
            log.exception("rendering table %s (%s) failed", table.id, table.game_key)
            image = None
        key, names = table.game_key, list(table.names)
        return Sketch(table.id, key, image, lambda: describe(key, view, names), board)

    async def draw(self, sketch: Sketch | None) -> Picture:
        """A sketched picture (`board_sketch`, `hand_sketch`) drawn and said in words, in a worker
        thread; a broken renderer costs the picture (and its words), never the notice."""
        if sketch is None:
            return None, {}, None

        def drawn() -> tuple[bytes | None, dict[str, str]]:
            try:
                image = sketch.image() if sketch.image is not None else None
            except Exception:
                log.exception("rendering table %s (%s) failed", sketch.table_id, sketch.game_key)
                return None, {}
            if image is None:
                return None, {}
            try:
                return image, sketch.words()
            except Exception:
                log.exception("describing a picture of %s failed", sketch.game_key)
                return image, {}

        image, alt = await asyncio.to_thread(drawn)
        return image, alt, sketch.board

    def text(self, table: Table, seat: int | None, view: Mapping[str, Any], prompt: Prompt | None = None, *,
             hand: bool) -> str | None:
        """The board of `view` (`hand`: the seat's private picture) as text, in its reader's words,
        when `text_boards` is on and the game's renderer draws one (`Renderer.text_board`,
        `text_hand`); else None. A broken text drawing costs the text, never the move."""
        if not self.text_boards:
            return None
        try:
            renderer = self.renderer(table.game_key)
            draw = None if renderer is None else renderer.text_hand if hand else renderer.text_board
            if draw is None:
                return None
            words = self.words(table, seat)
            if hand:
                return draw(view, **words)
            highlight = renderer.highlights(view, prompt.actions) if renderer is not None and prompt else None
            return draw(view, highlight=highlight, **words)
        except Exception:
            log.exception("drawing table %s (%s) as text failed", table.id, table.game_key)
            return None

    async def describe_view(self, game_key: str, view: Mapping[str, Any], names: Sequence[str]) -> dict[str, str]:
        """`describe` in a worker thread; a failing description costs the words, never the picture."""
        try:
            return await asyncio.to_thread(describe, game_key, view, list(names))
        except Exception:
            log.exception("describing a picture of %s failed", game_key)
            return {}

    async def hand_picture(self, table: Table, seat: int) -> Picture:
        """`_render_hand`'s picture and, in words, what it shows: the seat's secrets (its own,
        told to its own player only); and the same as text when `text_boards` is on (`text`)."""
        return await self.draw(self.hand_sketch(table, seat))

    def hand_sketch(self, table: Table, seat: int) -> Sketch | None:
        """`hand_picture`'s picture made ready to draw later (`draw`), from a copy of the seat's
        view and its secrets now; None without a game in play or a view."""
        if table.state is None:
            return None
        try:
            view = view_copy(table.game.view(table.state, seat))
        except Exception:
            log.exception("the view of table %s (%s) failed", table.id, table.game_key)
            return None
        board = self.text(table, seat, view, hand=True)
        try:
            image = self._hand_drawing(table, seat, view)
        except Exception:
            log.exception("rendering a hand at table %s (%s) failed", table.id, table.game_key)
            image = None
        try:
            lines: list[Any] | None = list(table.game.secrets(table.state, seat))
        except Exception:
            log.exception("describing a hand at table %s (%s) failed", table.id, table.game_key)
            lines = None
        key, names = table.game_key, list(table.names)

        def words() -> dict[str, str]:
            if lines is None:
                return {}
            if not lines:  # nothing secret to read out: the seat's own view in words
                return describe(key, view, names)
            return describe_lines(lines, names, "table.alt.hand")

        return Sketch(table.id, key, image, words, board)

    async def hand_words(self, table: Table, seat: int, names: Sequence[str]) -> dict[str, str]:
        """What `seat`'s hand picture shows, in words (`hand_picture`'s): its secrets, else its own
        view described; {} when that cannot be said."""
        if table.state is None:
            return {}
        try:
            lines = table.game.secrets(table.state, seat)
            if not lines:  # nothing secret to read out: the seat's own view in words
                view = table.game.view(table.state, seat)
                return await self.describe_view(table.game_key, view, names)
            return describe_lines(lines, names, "table.alt.hand")
        except Exception:
            log.exception("describing a hand at table %s (%s) failed", table.id, table.game_key)
            return {}

    async def rules_description(self, game_key: str, lang: str) -> str:
        """The rules picture (`rules_picture`) in words, in `lang`: "" when it cannot be said."""
        try:
            return await asyncio.to_thread(parts_description, game_key, i18n.language(lang))
        except Exception:
            log.exception("describing the parts of %s failed", game_key)
            return ""

    async def render_hand(self, table: Table, seat: int, *, lang: str | None = None) -> bytes | None:
        """A PNG of `seat`'s hand from the renderer's optional `render_hand` (seat's own view, in
        its reader's language, or `lang`); None when the renderer has none or fails (the lines
        still say it all)."""
        if table.state is None:
            return None
        try:
            draw = self._hand_drawing(table, seat, table.game.view(table.state, seat), lang)
            return None if draw is None else await asyncio.to_thread(draw)
        except Exception:
            log.exception("rendering a hand at table %s (%s) failed", table.id, table.game_key)
            return None

    def _hand_drawing(self, table: Table, seat: int, view: Mapping[str, Any],
                      lang: str | None = None) -> Callable[[], bytes | None] | None:
        """How `render_hand` draws `view` (kept in `drawn`), all it needs of the table taken now;
        None when the game's renderer draws no hand."""
        renderer = self.renderer(table.game_key)
        render_hand = renderer.render_hand if renderer is not None else None
        if render_hand is None:
            return None
        words = self.words(table, seat, lang)
        key = Drawn.key("hand", table.game_key, id(renderer), lang or self.reader(table, seat), view, words["names"])
        return lambda: self.drawn.draw(key, lambda: render_hand(view, **words))

    async def rules_picture(self, game_key: str, lang: str) -> bytes | None:
        """The board of `game_key` with its parts named in `lang` (`Renderer.render_parts`, drawn
        from the public view of a game just set up), for `/table rules`; None when the game's
        renderer has no such picture, or fails (the summary still goes). Drawn once per (game,
        language), in a worker thread."""
        key = (game_key, i18n.language(lang))
        if key in self.parts:
            return self.parts[key]
        try:
            renderer = self.renderer(game_key)
        except Exception:
            log.exception("no renderer for %s", game_key)
            return None
        draw = getattr(renderer, "render_parts", None) if renderer is not None else None
        if draw is None:
            return None

        def picture() -> bytes:
            return bytes(draw(start_view(game_key), text=_text(key[1]), texts=TEXTS))

        try:
            found = await asyncio.to_thread(picture)
        except Exception:
            log.exception("drawing the parts of %s failed", game_key)
            return None
        self.parts[key] = found
        return found

    def reads(self, user_id: int, lang: str) -> None:
        """The language `user_id` reads (their Discord client's, as last seen): the images drawn
        for them alone (a hand, a role card, a private board) are drawn in it."""
        self.langs[user_id] = i18n.language(lang)

    def language_of(self, user_id: int | None, default: str) -> str:
        """The language `user_id` reads, as last told (`reads`), else `default`."""
        return self.langs.get(user_id, default) if user_id is not None else default

    def reader(self, table: Table, seat: int | None) -> str:
        """The language of an image drawn for `seat` alone: its player's (`langs`), else the
        table's; the table's for the public image (`seat` None) and an AI seat."""
        if seat is None or not 0 <= seat < len(table.seats):
            return table.lang
        return self.language_of(table.seats[seat].user_id, table.lang)

    def warm(self) -> None:
        """Do the one-time work of a first table before there is any (at start-up): load every
        game, its renderer and both languages' catalogues. Done lazily, on the event loop, it
        would stall every table for a tenth of a second or more the first time each is needed."""
        for key in registry.plugins():
            self.renderer(key)
        for lang in i18n.LANGUAGES:
            i18n.catalogue(lang)

"""A seat's private "My role" card for The City of Judgement, in its reader's language.

It shows what only that seat knows, all from `view["me"]` (the seat's own view, P4): the
identity card (身份) with its faction's goal, the character (人物) picked, face up or down, its HP,
damage, skills (with once-per-game and used marks) and the Commoner goal (平民勝利條件, which counts
only for a 平民: rulebook 注意1), the Order card (指令卡) this seat gives, holds or answers now
and the ones it gave or got before, and the identities it learned (密探令). Before the pick it
shows the characters dealt to it (c5). A spectator's view (`me` is None) gives no image.

It also carries what each location does, in ring order with its numbers (the board has only their
names, so that it reads on a phone): the role card is the seat's close-up picture.

It is 400 px wide, the width a phone shows it at, and no text in it is under 9 px high (16 px type
for the running text, whose lines of small letters alone are 9 px).

It reads nothing but the view's `me`, the ring and the seat's own public row, so another seat's secret
cannot reach it. The reader's language comes from `lang`, else from the caller's `text` (the
message `judgement.board.lang` says which language it speaks), else English.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from PIL import Image, ImageDraw

from renderer import common
from renderer.caches import MB
from renderer.common import (
    DRAWING,
    PNG_BAND,
    RGB,
    Ask,
    Kept,
    Text,
    Theme,
    blend,
    ellipsize,
    entry,
    fit_font,
    font_for,
    paletted,
    paste_centred,
    pill,
    top_rows_bytes,
    wrap_text,
)
from renderer.judgement_look import (
    K,
    colour_of,
    content,
    given_name,
    identity_colour,
    lang_of,
    name_of,
    piece,
    player,
    rolls_label,
    seat_name,
    seat_of,
    seated,
    spoken,
    theme_named,
    words,
)

W = 400
PAD = 12
BODY = 16
"""Running text: a line of small letters alone (x-height) is then 9 px high."""
TOKEN = 28
"""A piece's diameter: its seat number is then 9 px high."""
INNER = W - 2 * PAD
WHITE = (255, 255, 255)


@entry
def render_hand(ask: Ask) -> bytes | None:
    """The viewing seat's role card as PNG bytes, or None (a spectator's view), in its reader's
    language (`lang`, else `text`'s): its words from `text`, else from `texts` in that language.
    Same input, same bytes."""
    me = ask.view.get("me")
    if not isinstance(me, Mapping) or seat_of(me.get("seat")) is None:
        return None
    th = theme_named(ask.theme)
    with DRAWING:
        card = compose_role(ask.view, text=ask.text, names=ask.names, theme=th.name, texts=ask.texts, lang=ask.lang,
                            on_palette=True)
    raw = top_rows_bytes(card, card.height)  # its indices read at once: `indexed_png`'s bytes, from its bands
    step = card.width * PNG_BAND
    return common.banded_png(card, th, [raw[i:i + step] for i in range(0, len(raw), step)])  # looked up here:
    # a measurement may wrap it


def compose_role(
    view: Mapping[str, Any],
    *,
    text: Text | None = None,
    names: Mapping[int, str] | None = None,
    theme: str | None = None,
    texts: Mapping[str, Text] | None = None,
    lang: str | None = None,
    on_palette: bool = False,
) -> Image.Image:
    """The role card as an RGB image (for tests and measurements), or `on_palette`, on the
    theme's palette as `render_hand` encodes it: the pixels `common.paletted` gives for the RGB
    card, pasted together from its sections' paletted pixels."""
    th = theme_named(theme)
    reader = lang_of(text, lang)
    card = _Card(th, words(spoken(text, texts, lang).get(reader)), reader, view, names)
    with seated(view):
        return card.draw(on_palette)


CANVAS_H = 2400
"""The tall canvas a card is drawn on, then cropped: a taller card is cut there."""
SCRATCH_H = 1400
"""The canvas a section is drawn on alone (a taller one makes the card be drawn whole)."""
SCRATCH_FIRST = 480
"""The height of the canvas a section is drawn on first (`_Card._band`): most sections and their
margins fit in it, and a new canvas is filled in about a third of the time; one that does not fit is
drawn again on one of `SCRATCH_H`. A drawing's pixels are the same on either (what falls outside
a canvas is only cut)."""
BAND_MARGIN = 24
"""Rows above and below a section drawn alone that must stay bare: its drawing reached no
further than its own rows, so it is the same on the card as alone."""
OVER = "over"
"""`_Card._band`: the sections drawn reach into the rows under them."""
_BANDS: Kept[tuple[tuple[tuple[str, str], ...], Image.Image | str]] = Kept("judgement_role._BANDS", 4 * MB)
"""The card sections drawn lately, by what they show (a role card changes a section or two at a
time: the damage, an Order card, an identity learned; what the locations do never), each as its
paletted pixels only (a byte a pixel: some 40 KB a section), as the bot's cards are pasted."""


class _Unread:
    """A canvas and its drawing that keep nothing (`panel`'s first pass, run only for the height
    it reaches): what the card's drawing calls on them does nothing."""

    mode = "RGB"

    def paste(self, *args: Any, **kwargs: Any) -> None:
        """Nothing pasted."""

    def text(self, *args: Any, **kwargs: Any) -> None:
        """Nothing written."""

    def rounded_rectangle(self, *args: Any, **kwargs: Any) -> None:
        """Nothing drawn."""

    def rectangle(self, *args: Any, **kwargs: Any) -> None:
        """Nothing drawn."""


_UNREAD: Any = _Unread()


def _scratch(ground: RGB, height: int = SCRATCH_H) -> Image.Image:
    """The canvas a section is drawn on alone (`_Card._band`), all of it the card's ground. A new
    one for each section: one filled again would paint over the words the section before it
    drew, which the legibility measure (`bench/legibility.py`) rightly reads as words covered."""
    return Image.new("RGB", (W, height), ground)


def _together(paints: list[Callable[[], None]]) -> Callable[[], None]:
    def paint() -> None:
        for one in paints:
            one()

    return paint


class _Card:
    """Draws top to bottom on a tall canvas, then crops it to what was drawn; or pastes its
    sections, kept from cards drawn before, one under another (`draw`)."""

    def __init__(self, th: Theme, say: Text, lang: str, view: Mapping[str, Any], names: Mapping[int, str] | None):
        self.th, self.say, self.lang, self.view, self.names = th, say, lang, view, names
        self.me: Mapping[str, Any] = view.get("me") or {}
        self.seat = seat_of(self.me.get("seat"))
        self.img = Image.new("RGB", (1, 1), th["frame"])  # the section's or the card's canvas (`draw`)
        self.d = ImageDraw.Draw(self.img)
        self.y: float = 0
        self.colon = "：" if lang.startswith("zh") else ": "

    # ------------------------------------------------------------------ helpers

    def name(self, kind: str, ident: Any) -> str:
        return name_of(kind, ident, self.lang)

    def text_block(self, text: str, size: int, fill: RGB, x: float = PAD + 12, width: float = INNER - 24,
                   max_lines: int = 8, kind: str = "regular") -> None:
        size = max(size, BODY)
        f, lines = wrap_text(text, width, size, kind, max_lines, BODY)
        for line in lines:
            self.d.text((x, self.y), line, font=font_for(line, int(f.size), kind) if line else f, fill=fill,
                        anchor="lt")
            self.y += f.size + 5

    def line(self, text: str, at: tuple[float, float], size: int, fill: RGB, end: float = W - PAD - 12) -> float:
        """One line of bold words from `at` (left, middle), shrunk to fit down to `BODY`, then cut;
        returns its width."""
        x, y = at
        f = fit_font(text, size, end - x, "bold", BODY)
        text = ellipsize(text, f, end - x)
        self.d.text((x, y), text, font=f, fill=fill, anchor="lm")
        return float(f.getlength(text))

    @staticmethod
    def fits(text: str, size: int, room: float) -> bool:
        """Whether one `line` of `text` fits `room` without being cut."""
        return fit_font(text, size, room, "bold", BODY).getlength(text) <= room

    def section(self, title: str, accent: RGB) -> None:
        """A section heading: a coloured tab with the title."""
        self.y += 10
        self.d.rounded_rectangle((PAD, self.y, PAD + 5, self.y + 22), radius=2, fill=accent)
        self.line(title, (PAD + 14, self.y + 11), 18, self.th["gold"])
        self.y += 30

    def panel(self, draw_inside: Any, edge: RGB) -> None:
        """A light box round what `draw_inside` draws: run once drawing nothing (`_UNREAD`) to
        learn its height, then the box, then the content drawn on top."""
        top = self.y
        img, d = self.img, self.d
        self.img = self.d = _UNREAD
        self.y = top + 10
        draw_inside()
        bottom = self.y + 4
        self.img, self.d = img, d
        d.rounded_rectangle((PAD, top, W - PAD, bottom), radius=10, fill=self.th["panel"], outline=edge, width=2)
        self.y = top + 10
        draw_inside()
        self.y = bottom + 6

    # ------------------------------------------------------------------ card

    def draw(self, on_palette: bool = False) -> Image.Image:
        """The card drawn afresh top to bottom on the tall canvas, in RGB; or `on_palette` (as the
        bot draws it), on the theme's palette (`common.paletted`): its sections' paletted pixels
        pasted one under another from those drawn before when all they show is the same (`_band`;
        a section whose drawing reaches into the next one's rows is kept together with it), the
        card drawn whole and converted when a section cannot be kept."""
        parts = [*self._parts(), (("end",), self._end)]
        if on_palette and (pasted := self._pasted(parts)) is not None:
            return pasted
        self.img = Image.new("RGB", (W, CANVAS_H), self.th["frame"])
        self.d = ImageDraw.Draw(self.img)
        self.y = 0
        for _, paint in parts:
            paint()
        card = self.img.crop((0, 0, W, self.y))
        return paletted(card, self.th) if on_palette else card

    def _pasted(self, parts: list[tuple[tuple[Any, ...], Callable[[], None]]]) -> Image.Image | None:
        """The card on the palette, its sections' kept pixels (`_band`) pasted one under another;
        None when one of them cannot be kept (the card is then drawn whole)."""
        tops: list[tuple[Image.Image, int]] = []
        i = 0
        while i < len(parts):
            for j in range(i + 1, len(parts) + 1):
                group = parts[i:j]
                band = self._band(tuple(key for key, _ in group), _together([paint for _, paint in group]),
                                  first=i == 0, last=j == len(parts))
                if band is not OVER:
                    break
            if not isinstance(band, Image.Image):
                return None
            tops.append((band, int(self.y)))
            self.y += band.height
            i = j
        img = Image.new("P", (W, int(self.y)))
        img.putpalette(self.th.palette_image().getpalette() or [])
        for band, top in tops:  # the bands cover the card, one under another
            img.paste(band, (0, top))
        return img

    def _end(self) -> None:
        self.y += PAD

    def _parts(self) -> list[tuple[tuple[Any, ...], Callable[[], None]]]:
        """The card's sections from the top, each with all it shows of the view (but the words,
        which `_band` checks) and its drawing."""
        me, th = self.me, self.th
        mine = player(self.view, self.seat)
        identity = me.get("identity")
        character = me.get("character")
        parts: list[tuple[tuple[Any, ...], Callable[[], None]]] = [
            (("header", self._seats([self.seat])), self._header)]
        if identity:
            parts.append((("identity", repr((identity, mine.get("alive", True)))), lambda: self._identity(identity)))
        if character:
            shown = repr((character, me.get("hp"), mine.get("revealed"), mine.get("damage", 0), mine.get("used")))
            parts.append((("character", shown), lambda: self._character(character, mine)))
        elif me.get("options"):
            options = [str(o) for o in me.get("options") or []]
            parts.append((("options", repr(options)), lambda: self._options(options)))
        else:
            def unpicked() -> None:
                self.section(self.say(K + "role.character"), th["hidden"])
                self.text_block(self.say(K + "role.not_picked"), 14, th["dim"])

            parts.append((("unpicked",), unpicked))
        parts.append((("goal", repr((identity, character))), lambda: self._goal(identity, character)))
        if me.get("order") or me.get("orders"):
            notes = [n for n in me.get("orders") or [] if isinstance(n, Mapping)][-6:]
            seats = [seat_of(n.get(k)) for n in notes for k in ("giver", "recipient")]
            parts.append((("orders", repr((me.get("order"), notes)), self._seats(seats)), self._orders))
        known = {s: v for k, v in (me.get("known") or {}).items() if (s := seat_of(k)) is not None}
        if known:
            parts.append((("known", repr(sorted(known.items())), self._seats(known)), lambda: self._known(known)))
        ring = self._ring()
        if ring:  # the heading, then each location on its own: the same whatever the ring's order
            parts.append((("locations",), self._locations_heading))
            parts += [(("location", loc), partial(self._location, loc)) for loc in ring]
        return parts

    def _seats(self, seats: Any) -> str:
        """What the card may show of these seats: the viewer, each seat's colour and player."""
        return repr((self.seat, [(s, colour_of(self.view, s), given_name(self.names, s)) for s in seats]))

    def _band(self, key: tuple[Any, ...], paint: Callable[[], None], first: bool,
              last: bool) -> Image.Image | str | None:
        """Sections of the card as drawn from `self.y`: kept from before when they show the same
        (`key`, the theme, the language, and every word they looked up still the same), else
        drawn on a scratch canvas of the ground's colour and kept. `OVER` when their drawing
        reaches into the rows under them (the next section must be drawn with them), None when it
        reaches above them or the card is too tall (the card is then drawn whole). Sections lie in
        whole rows (their top is a whole pixel), so they are the same wherever they lie; the
        first (the header) lies at the top, the `last` end the card (what they draw below it is
        cut)."""
        top = self.y
        if top != int(top):
            return None
        full = (self.th, self.lang, key)
        found = _BANDS.get(full)
        if found is not None:
            said, band = found
            if all(self.say(k) == v for k, v in said):
                return band
        offset = 0 if first else BAND_MARGIN
        img, d, say = self.img, self.d, self.say
        looked: dict[str, str] = {}

        def saying(k: str) -> str:
            looked[k] = found = say(k)
            return found

        for size in (SCRATCH_FIRST, SCRATCH_H):  # a small canvas first; the tall one if it falls short
            scratch = _scratch(self.th["frame"], size)
            looked.clear()
            self.img, self.d, self.say, self.y = scratch, ImageDraw.Draw(scratch), saying, offset
            try:
                paint()
                end = self.y
            finally:
                self.img, self.d, self.say, self.y = img, d, say, top
            if end + BAND_MARGIN <= size:
                break
        height = int(end) - offset
        bottom = offset + height
        if end != int(end) or bottom + BAND_MARGIN > SCRATCH_H or top + height > CANVAS_H \
                or not self._bare(scratch, 0, offset):
            return None
        kept: Image.Image | str = OVER
        if last or self._bare(scratch, bottom, bottom + BAND_MARGIN):
            kept = paletted(scratch.crop((0, offset, W, bottom)), self.th)
        _BANDS.keep(full, (tuple(looked.items()), kept))
        return kept

    def _bare(self, img: Image.Image, y0: int, y1: int) -> bool:
        """Whether rows y0 to y1 of `img` hold nothing but the card's ground."""
        return img.crop((0, y0, W, y1)).tobytes() == bytes(self.th["frame"]) * (W * (y1 - y0))

    def _header(self) -> None:
        th, d = self.th, self.d
        d.rectangle((0, 0, W, 60), fill=th["title"])
        d.rectangle((0, 60, W, 63), fill=th["gold"])
        colour = colour_of(self.view, self.seat)
        paste_centred(self.img, piece(th, colour, self.seat, 36), (PAD + 20, 31))
        title = self.say(K + "role.title")
        w = self.line(title, (PAD + 46, 31), 22, th["gold"], end=W / 2)
        who = seat_name(self.view, self.seat, self.names, self.say)
        f = fit_font(who, 17, W - PAD - (PAD + 56 + w), "bold", BODY)
        who = ellipsize(who, f, W - PAD - (PAD + 56 + w))
        d.text((W - PAD, 31), who, font=f, fill=th["dim"], anchor="rm")
        self.y = 70

    def _identity(self, identity: str) -> None:
        th = self.th
        self.section(self.say(K + "role.identity"), identity_colour(th, identity))
        tag = pill(self.name("identity", identity), 34, identity_colour(th, identity), WHITE,
                   blend(identity_colour(th, identity), th["ink"], 0.3))
        paste_centred(self.img, tag, (PAD + 14 + tag.width / 2, self.y + 17))
        self.y += 44
        mine = player(self.view, self.seat)
        if not mine.get("alive", True):
            self.text_block(self.say(K + "role.dead"), BODY, blend(th["hp"], WHITE, 0.3))

    def _character(self, character: str, mine: Mapping[str, Any]) -> None:
        th = self.th
        record = content().characters.get(character)
        self.section(self.say(K + "role.character"), th["gold"])

        def inside() -> None:
            x: float = PAD + 12
            name = self.name("character", character)
            hp = me_hp if (me_hp := self.me.get("hp")) is not None else (record.hp if record else None)
            up = bool(mine.get("revealed"))
            tags = [pill(f"♥ {self.say(K + 'hp').format(hp=hp)}", 24, th["hp"], WHITE, blend(th["hp"], th["ink"], 0.3))
                    ] if hp is not None else []
            word = self.say(K + ("role.face_up" if up else "face_down"))
            tags.append(pill(word, 24, th["gold"] if up else th["hidden"], th["ink"] if up else WHITE, th["ink"]))
            room = W - PAD - 8 - sum(t.width + 6 for t in tags)
            if not self.fits(name, 22, room - x):  # a long name gets its line, its tags the next
                self.line(name, (x, self.y + 14), 22, th["ink"])
                self.y += 30
            else:
                x += self.line(name, (x, self.y + 14), 22, th["ink"], end=room) + 10
            for tag in tags:
                paste_centred(self.img, tag, (x + tag.width / 2, self.y + 14))
                x += tag.width + 6
            self.y += 32
            dmg = mine.get("damage", 0)
            if hp is not None:
                words = self.say(K + "role.damage").format(damage=dmg, hp=hp)
                self.line(words, (PAD + 12, self.y + 10), 17, th["hp"])
                self.y += 26
            if record is None:
                return
            used = set(mine.get("used") or [])
            for skill in record.skills:
                x = PAD + 12
                sname = skill.name.get(self.lang)
                marks = skill.once_per_game or skill.id in used
                if marks and not self.fits(sname, 18, W - PAD - 130 - x):
                    self.line(sname, (x, self.y + 11), 18, th["ink"])
                    self.y += 26
                else:
                    x += self.line(sname, (x, self.y + 11), 18, th["ink"], end=W - PAD - 130) + 8
                if skill.once_per_game:
                    tag = pill(self.say(K + "role.once"), 22, th["panel2"], th["ink"], th["muted"])
                    paste_centred(self.img, tag, (x + tag.width / 2, self.y + 11))
                    x += tag.width + 6
                if skill.id in used:
                    tag = pill(self.say(K + "role.used"), 22, th["muted"], WHITE, th["muted"])
                    paste_centred(self.img, tag, (x + tag.width / 2, self.y + 11))
                self.y += 26
                self.text_block(skill.text.get(self.lang), BODY, th["ink"])
                self.y += 4

        self.panel(inside, th["gold"])

    def _options(self, options: list[str]) -> None:
        th = self.th
        self.section(self.say(K + "role.options"), th["gold"])
        for cid in options:
            record = content().characters.get(cid)

            def inside(cid: str = cid, record: Any = record) -> None:
                x: float = PAD + 12
                name = self.name("character", cid)
                if record is not None and not self.fits(name, 20, W - PAD - 110 - x):
                    self.line(name, (x, self.y + 13), 20, th["ink"])
                    self.y += 30
                else:
                    x += self.line(name, (x, self.y + 13), 20, th["ink"], end=W - PAD - 110) + 10
                if record is not None:
                    tag = pill(f"♥ {self.say(K + 'hp').format(hp=record.hp)}", 24, th["hp"], WHITE, th["ink"])
                    paste_centred(self.img, tag, (x + tag.width / 2, self.y + 13))
                self.y += 30
                if record is None:
                    return
                for skill in record.skills:
                    self.line(skill.name.get(self.lang), (PAD + 12, self.y + 10), 17, th["ink"])
                    self.y += 22
                    self.text_block(skill.text.get(self.lang), BODY, th["ink"])
                goal = f"{self.say(K + 'role.commoner_goal')}{self.colon}{record.goal_text.get(self.lang)}"
                self.text_block(goal, BODY, th["muted"])

            self.panel(inside, blend(th["gold"], th["frame"], 0.3))

    def _goal(self, identity: Any, character: Any) -> None:
        th = self.th
        self.section(self.say(K + "role.goal"), identity_colour(th, identity))
        if identity == "commoner" and character in content().characters:
            head = self.say(K + "role.commoner_goal")
            body = content().characters[character].goal_text.get(self.lang)
        elif identity in content().identities:
            head = self.say(K + "role.faction_goal")
            body = content().identities[identity].text.get(self.lang)
        else:
            return
        self.text_block(head, BODY, th["dim"], kind="bold")
        self.text_block(body, BODY, th["panel"])

    def _orders(self) -> None:
        th = self.th
        me = self.me
        card = me.get("order")
        if card:
            self.section(self.say(K + "role.order"), th["order_pack"])

            def inside() -> None:
                self.line(self.name("card", card), (PAD + 12, self.y + 12), 20, th["order_pack"])
                self.y += 28
                record = content().cards.get(str(card))
                if record is not None:
                    self.text_block(record.text.get(self.lang), BODY, th["ink"])

            self.panel(inside, th["order_pack"])
        notes = [n for n in me.get("orders") or [] if isinstance(n, Mapping)]
        if not notes:
            return
        self.section(self.say(K + "role.orders"), th["order_pack"])
        for n in notes[-6:]:
            giver, recipient = seat_of(n.get("giver")), seat_of(n.get("recipient"))
            if giver == self.seat:
                other = recipient
                how = self.say(K + "role.gave").format(player=seat_name(self.view, other, self.names, self.say))
            else:
                other = giver
                how = self.say(K + "role.got").format(player=seat_name(self.view, other, self.names, self.say))
            x = PAD + 12
            paste_centred(self.img, piece(th, colour_of(self.view, other), other, TOKEN), (x + TOKEN / 2, self.y + 15))
            x += TOKEN + 6
            line = f"{self.name('card', n.get('card'))} · {how}"
            result = str(n.get("result") or "")
            if result and (K + "role.result." + result) != self.say(K + "role.result." + result):
                line += f" · {self.say(K + 'role.result.' + result)}"
            self.text_block(line, BODY, th["panel"], x=x, width=W - PAD - x, max_lines=3, kind="bold")
            self.y += 4

    def _known(self, known: dict[int, str]) -> None:
        th = self.th
        self.section(self.say(K + "role.known"), th["id_guard"])
        for s in sorted(known):
            x: float = PAD + 12
            paste_centred(self.img, piece(th, colour_of(self.view, s), s, TOKEN), (x + TOKEN / 2, self.y + 15))
            x += TOKEN + 8
            who = seat_name(self.view, s, self.names, self.say)
            x += self.line(who, (x, self.y + 15), 17, th["panel"], end=W - PAD - 120) + 10
            tag = pill(self.name("identity", known[s]), 24, identity_colour(th, known[s]), WHITE, th["ink"])
            paste_centred(self.img, tag, (x + tag.width / 2, self.y + 15))
            self.y += 34

    def _ring(self) -> list[str]:
        """The locations of the ring that the content knows, in ring order."""
        return [str(x) for x in self.view.get("ring") or [] if str(x) in content().locations]

    def _locations_heading(self) -> None:
        """The heading of what each location does (`_location`, in ring order under it)."""
        self.section(self.say(K + "role.locations"), self.th["gold"])

    def _location(self, loc: str) -> None:
        """What a location does, with the numbers that send a piece there (the board shows only
        their names and numbers)."""
        record = content().locations[loc]
        self.line(f"{rolls_label(loc)}  {self.name('location', loc)}", (PAD + 12, self.y + 10), 17, self.th["gold"])
        self.y += 22
        self.text_block(record.text.get(self.lang), BODY, self.th["panel"])
        self.y += 4

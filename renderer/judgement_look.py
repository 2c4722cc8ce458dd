"""The look of The City of Judgement (審判之城) images: themes, words in both languages, names.

Shared by the board (`judgement_board`), its side panel (`judgement_panel`) and the private role
card (`judgement_role`). Labels are in the viewer's language where the image is private, and
bilingual where it is public. The public board (a spectator's view, `seat` None) is seen by the
whole channel, so each word is drawn in Traditional Chinese and in English together, whatever the
table's language. A board drawn from a seat's own view goes to that player alone (/judgement
board, /table board, /table me), so it speaks only the reader's language (`board_langs`); it still
draws only the public part of the view. The role card is in its reader's language.

Words:
- the renderer's own are message ids `judgement.board.*`, catalogued in `judgement_board.po`
  (en, zh_TW). `MESSAGES` holds the English (a test keeps it equal to the en catalogue); the
  caller gives the words of every language (`texts`, by language), since a public board needs
  both whatever the table's language; without them a public board is English alone;
- the game's names (locations, characters, skills, cards, identities) come in both languages
  from the content data (`rules.judgement.content.Text`), never from a catalogue.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from types import MappingProxyType
from typing import Any, cast

from PIL import Image

from renderer.caches import KB, cached
from renderer.common import CLASSIC, RGB, Text, Theme, blend, ink_for, make_theme, pick_theme, printable, token, wording
from rules.judgement.content import Content, load

K = "judgement.board."
LANGS = ("zh-TW", "en")
"""The two languages of a public board, in the order they are drawn (the game's own first)."""

COLOURS = ("red", "blue", "green", "yellow", "white", "black", "orange", "purple", "pink")
"""`rules.judgement.state.COLOURS`: seat i plays colour i (its piece and its damage marker)."""

MESSAGES = {
    K + "lang": "en",
    K + "title": "The City of Judgement",
    K + "turn": "Turn {n}",
    K + "phase.pick": "Choosing characters",
    K + "phase.start_roll": "Start rolls",
    K + "phase.turn": "Playing",
    K + "phase.over": "Game over",
    K + "step.start": "Turn start",
    K + "step.move": "Move",
    K + "step.location": "Location",
    K + "step.attack": "Attack",
    K + "step.finish": "Turn end",
    K + "to_act": "{player} to act",
    K + "waiting": "Waiting for {n} players",
    K + "track": "Damage track",
    K + "hp": "HP {hp}",
    K + "hp_word": "HP",
    K + "damage": "Damage",
    K + "hp_mark": "HP of a face-up character",
    K + "face_down": "Face down",
    K + "choosing": "Choosing…",
    K + "picked": "Character chosen",
    K + "dead": "Dead",
    K + "sealed": "Sealed",
    K + "shield.attack": "Safe from attacks",
    K + "shield.all": "Safe from damage",
    K + "pack.holy": "Holy",
    K + "pack.dark": "Dark",
    K + "pack.order": "Order",
    K + "discards": "Discards",
    K + "last_roll": "Last roll",
    K + "why.start": "Start roll",
    K + "why.move": "Move",
    K + "why.attack": "Attack",
    K + "start_roll": "Start roll {n}",
    K + "free_roll": "7: any location",
    K + "no_equipment": "No equipment",
    K + "attack": "Attack",
    K + "attack_dice": "d6 − d4",
    K + "winners": "Winners",
    K + "reason.guards": "The Royal Guards win",
    K + "reason.assassins": "The Assassins win",
    K + "reason.commoner": "A Commoner wins: {character}",
    K + "frame": "Deciding",
    K + "frame.go": "Choosing where to go",
    K + "frame.give": "Giving an Order card",
    K + "frame.obey": "Answering an Order card",
    K + "frame.show": "Show the identity or keep it?",
    K + "frame.reveal_offer": "Reveal the character?",
    K + "frame.slip": "Choosing a card",
    K + "frame.card_target": "Choosing a target",
    K + "frame.card_take": "Taking an equipment card",
    K + "frame.draw": "Choosing a pack",
    K + "frame.alchemy": "Alchemist: hurt or heal",
    K + "frame.vanish": "Skip the location's effect?",
    K + "frame.declare": "Declare the win?",
    K + "frame.dig": "Taking from the discards",
    K + "frame.attack": "Choosing whom to attack",
    K + "frame.counter": "Counter-attack?",
    K + "frame.again": "Attack again?",
    K + "frame.pilfer": "Taking instead of hurting",
    K + "frame.rescue": "Rescue window",
    K + "frame.loot": "The killer's reward",
    K + "frame.skill_target": "Choosing a skill's target",
    K + "frame.turn_end": "Turn end",
    K + "asked": "asked",
    K + "colour.red": "Red",
    K + "colour.blue": "Blue",
    K + "colour.green": "Green",
    K + "colour.yellow": "Yellow",
    K + "colour.white": "White",
    K + "colour.black": "Black",
    K + "colour.orange": "Orange",
    K + "colour.purple": "Purple",
    K + "colour.pink": "Pink",
    K + "role.title": "My role",
    K + "role.identity": "Identity",
    K + "role.character": "Character",
    K + "role.face_up": "Face up",
    K + "role.not_picked": "Not chosen yet",
    K + "role.options": "Characters dealt to you: pick one",
    K + "role.damage": "Damage {damage} of {hp}",
    K + "role.skills": "Skills",
    K + "role.once": "once per game",
    K + "role.used": "used",
    K + "role.goal": "Your goal",
    K + "role.commoner_goal": "Commoner goal",
    K + "role.faction_goal": "Faction goal",
    K + "role.order": "Order card in your hands",
    K + "role.orders": "Order cards so far",
    K + "role.gave": "you → {player}",
    K + "role.got": "{player} → you",
    K + "role.result.hurt": "damage",
    K + "role.result.healed": "healed",
    K + "role.result.paid": "paid equipment",
    K + "role.result.nothing": "nothing",
    K + "role.result.shown_secretly": "identity shown",
    K + "role.known": "Identities you know",
    K + "role.spectator": "Spectators have no role",
    K + "role.dead": "You are dead: your faction may still win",
    K + "role.locations": "What the locations do",
}
"""Every `judgement.board.*` word in English (= `data/locale/en/LC_MESSAGES/judgement_board.po`)."""

PHASES = ("pick", "start_roll", "turn", "over")
STEPS = ("start", "move", "location", "attack", "finish")
WHYS = ("start", "move", "attack")
"""Rolls of the flow (`last_roll.why`); a card's or a skill's own roll names its card or skill."""
PACKS = ("holy", "dark", "order")
REASONS = ("guards", "assassins", "commoner")


# ---------------------------------------------------------------------------- themes

_CLASSIC = {
    **CLASSIC,
    "frame": "#1e1c27",
    "title": "#14121b",
    "gold": "#e8b64c",
    "paper": "#2a2735",
    "street": "#4a4558",
    "panel": "#f3ecdc",
    "panel2": "#e6dcc6",
    "card": "#fbf6ea",
    "ink": "#221f1a",
    "muted": "#7a7264",
    "dim": "#b9b0c9",
    # the six locations' bands
    "loc_tavern": "#b5762a",
    "loc_market_square": "#2f8f83",
    "loc_cathedral": "#c9a227",
    "loc_ossuary": "#5b4a6e",
    "loc_alchemist_tower": "#4f8a3c",
    "loc_black_market": "#8c3b2c",
    # identities
    "id_guard": "#2d5fb4",
    "id_assassin": "#a1202f",
    "id_commoner": "#4f7d3a",
    "hidden": "#6f6880",
    "dead": "#4a4550",
    "sealed": "#7b3fb5",
    "shield": "#2d8fb4",
    "hp": "#e0314b",
    "holy": "#f2e6b8",
    "dark_pack": "#3b3346",
    "order_pack": "#a33a3a",
    # pieces (state.COLOURS): nine colours 20 or more apart (CIEDE2000) in normal vision and with
    # protanopia or deuteranopia, each still nearest its name's colour; every piece carries its seat number
    "p_red": "#aa1e21",
    "p_blue": "#4f5fd3",
    "p_green": "#24b789",
    "p_yellow": "#ffe14e",
    "p_white": "#f4f4f0",
    "p_black": "#25252a",
    "p_orange": "#e06702",
    "p_purple": "#2f0686",
    "p_pink": "#fd8ee2",
}
_GROUNDS = ("panel", "card")
THEMES = {
    "classic": make_theme("classic", _CLASSIC, anchors=("panel", "ink", "white", "paper"), grounds=_GROUNDS),
}
DEFAULT_THEME = "classic"


def theme_named(name: str | None) -> Theme:
    return pick_theme(THEMES, name, DEFAULT_THEME)


# ---------------------------------------------------------------------------- words


def lang_of(text: Text | None, lang: str | None = None) -> str:
    """The reader's language: `lang` when given, else what the caller's `text` says its language is
    (the message `judgement.board.lang`), else English."""
    found = lang or (text(K + "lang") if text is not None else None) or "en"
    return "zh-TW" if str(found).lower().startswith("zh") else "en"


def words(text: Text | None) -> Text:
    """The lookup a one-language image draws with: the caller's `text` when it knows the id, else
    the built-in English (`MESSAGES`)."""
    return wording(text, MESSAGES)


_DRAWN: ContextVar[tuple[str, ...]] = ContextVar("judgement_board_langs", default=("en",))
"""The languages the board being drawn speaks: `LANGS` (public) or the reader's alone. Set only by
`drawing_in` around one drawing, so `both`/`names2` need no extra argument at each of their uses."""

_WORDS: ContextVar[Mapping[str, Text]] = ContextVar("judgement_board_words", default=MappingProxyType({}))
"""The caller's words of each language drawn (`drawing_in`): language code -> lookup."""


def spoken(text: Text | None = None, texts: Mapping[str, Text] | None = None,
           lang: str | None = None) -> dict[str, Text]:
    """The words the caller gave, by language: `texts` (every language), and `text` for the
    reader's (`lang_of`) when given."""
    out = dict(texts or {})
    if text is not None:
        out[lang_of(text, lang)] = text
    return out


def board_langs(view: Mapping[str, Any], text: Text | None = None, lang: str | None = None,
                texts: Mapping[str, Text] | None = None) -> tuple[str, ...]:
    """The languages of a board for this view (P4): both for the public view (`seat` None),
    only the reader's for a seat's own view (`lang`, else the caller's `text`, as the role card
    decides: `lang_of`). A public board speaks Chinese only when the caller gave its words
    (`texts`): the renderer's own are English alone."""
    if view.get("seat") is None:
        return tuple(code for code in LANGS if code == "en" or code in (texts or {}))
    return (lang_of(text, lang),)


def board_words(view: Mapping[str, Any], text: Text | None = None, lang: str | None = None,
                texts: Mapping[str, Text] | None = None) -> dict[str, Text]:
    """The words a board draws with, by language: the public board's are `texts` alone (it is the
    same whatever the table's language, so the caller's `text` changes nothing); a seat's own
    board's are those and the reader's `text`."""
    return dict(texts or {}) if view.get("seat") is None else spoken(text, texts, lang)


@contextmanager
def drawing_in(langs: tuple[str, ...], given: Mapping[str, Text] | None = None) -> Iterator[None]:
    """Draw the words of the enclosed drawing in `langs` (both, or the reader's alone), from the
    caller's words by language (`given`; None: those of the drawing around it; English built in)."""
    token = _DRAWN.set(tuple(langs) or ("en",))
    words_token = _WORDS.set(_WORDS.get() if given is None else dict(given))
    said_token = _SAID.set({})
    try:
        yield
    finally:
        _SAID.reset(said_token)
        _WORDS.reset(words_token)
        _DRAWN.reset(token)


def drawn_words() -> tuple[tuple[str, ...], tuple[tuple[str, Text], ...]]:
    """What the words of the board being drawn now depend on: its languages and the caller's
    words by language (the functions themselves: a key that holds them keeps them alive, so
    their ids are not reused)."""
    return _DRAWN.get(), tuple(sorted(_WORDS.get().items(), key=lambda item: item[0]))


def drawn_langs() -> tuple[str, ...]:
    """The languages of the board being drawn now."""
    return _DRAWN.get()


_SAID: ContextVar[dict[tuple[str, str], str] | None] = ContextVar("judgement_board_said", default=None)
"""The words looked up so far in the drawing (`drawing_in`): the same words all through it."""


def word(lang: str, key: str) -> str:
    """A word of the board being drawn in `lang`: the caller's, else the built-in English (looked
    up once per drawing)."""
    said = _SAID.get()
    if said is None:
        return words(_WORDS.get().get(lang))(key)
    found = said.get((lang, key))
    if found is None:
        found = said[(lang, key)] = words(_WORDS.get().get(lang))(key)
    return found


def _pair(words: list[str]) -> tuple[str, str]:
    return (words[0], words[1]) if len(words) > 1 else (words[0], "")


def both(key: str, **params: Any) -> tuple[str, str]:
    """A word of the board in (Chinese, English), its `{fields}` filled; on a one-language board
    (a seat's own) (the reader's word, "")."""
    return _pair([_fill(word(lang, key), params) for lang in _DRAWN.get()])


def joined(pair: tuple[str, str], sep: str = " ") -> str:
    """A pair of words on one line ("死亡 Dead"), or the one word of a one-language board."""
    return sep.join(w for w in pair if w)


def _fill(template: str, params: Mapping[str, Any]) -> str:
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return template


def content() -> Content:
    return load()


def name_of(kind: str, ident: Any, lang: str) -> str:
    """A content name (`location`, `character`, `card`, `identity`, `skill`) in a language; the
    id itself for an unknown one (a broken view shows, it never breaks the image)."""
    c = content()
    table: Mapping[str, Any] = {
        "location": c.locations,
        "character": c.characters,
        "card": c.cards,
        "identity": c.identities,
    }.get(kind, {})
    record = skills().get(str(ident)) if kind == "skill" else table.get(str(ident))
    return record.name.get(lang) if record is not None else str(ident)


@cached("judgement_look.skills", 256 * KB)
def skills() -> dict[str, Any]:
    """Every skill by id (skill ids are unique across characters)."""
    return {sk.id: sk for ch in content().characters.values() for sk in ch.skills}


def names2(kind: str, ident: Any) -> tuple[str, str]:
    """A content name in (Chinese, English); on a one-language board (the reader's name, "")."""
    return _pair([name_of(kind, ident, lang) for lang in _DRAWN.get()])


def rolls_label(location: str) -> str:
    """The numbers that send a piece to a location: "2-3", "6"."""
    loc = content().locations.get(location)
    if loc is None or not loc.rolls:
        return "?"
    lo, hi = min(loc.rolls), max(loc.rolls)
    return str(lo) if lo == hi else f"{lo}-{hi}"


# ---------------------------------------------------------------------------- seats


def seat_of(value: Any) -> int | None:
    """A seat from a view field (JSON keys may be strings)."""
    if isinstance(value, bool):
        return None
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def players(view: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    found = _SEATS.get()
    if found is not None and found[0] is view:
        return list(found[1])
    return [p for p in view.get("players") or [] if type(p) is dict or isinstance(p, Mapping)]


def player(view: Mapping[str, Any], seat: int | None) -> Mapping[str, Any]:
    found = _SEATS.get()
    if found is not None and found[0] is view:
        return found[2].get(seat, {})
    for p in players(view):
        if seat_of(p.get("seat")) == seat:
            return p
    return {}


_Seated = tuple[Mapping[str, Any], tuple[Mapping[str, Any], ...], dict[int | None, Mapping[str, Any]]]
_SEATS: ContextVar[_Seated | None] = ContextVar("judgement_seats", default=None)
"""The players of the view being drawn, in order and by seat (`seated`): looked up dozens of
times a picture, found once."""


@contextmanager
def seated(view: Mapping[str, Any]) -> Iterator[None]:
    """Within: `players(view)` and `player(view, seat)` read an index of the view's players made
    once (the first entry of a seat, as the scan finds it). The view must not change within."""
    rows = tuple(p for p in view.get("players") or [] if isinstance(p, Mapping))
    by_seat: dict[int | None, Mapping[str, Any]] = {}
    for p in rows:
        by_seat.setdefault(seat_of(p.get("seat")), p)
    token = _SEATS.set((view, rows, by_seat))
    try:
        yield
    finally:
        _SEATS.reset(token)


def colour_of(view: Mapping[str, Any], seat: int | None) -> str:
    """The colour a seat plays (the view's; seat order otherwise)."""
    c = player(view, seat).get("colour")
    if c in COLOURS:
        return str(c)
    return COLOURS[seat % len(COLOURS)] if seat is not None and seat >= 0 else "white"


def given_name(names: Mapping[int, str] | None, seat: int | None) -> str:
    """The player's display name from the caller, drawable ("" when none)."""
    if names is None or seat is None:
        return ""
    raw = names.get(seat)
    if raw is None:  # names read back from JSON are keyed by the seat's digits
        raw = cast("Mapping[str, str]", names).get(str(seat), "")
    return printable(str(raw or ""))


def seat_names(view: Mapping[str, Any], seat: int | None, names: Mapping[int, str] | None) -> tuple[str, str]:
    """A seat as (Chinese, English) words: the colour they play with the player's name when the
    caller gives it ("藍 bob", "Blue bob", as the messages name a seat), else the colour alone."""
    given = given_name(names, seat)
    zh, en = both(K + "colour." + colour_of(view, seat))
    if not given:
        return zh, en
    return f"{zh} {given}", (f"{en} {given}" if en else "")


def seat_label(view: Mapping[str, Any], seat: int | None, names: Mapping[int, str] | None) -> str:
    """A seat on one line: its colour in the board's languages, then the player's name
    ("藍 Blue bob" on the public board, "Blue bob" on an English one)."""
    return "".join(seat_label_parts(view, seat, names))


def seat_label_parts(view: Mapping[str, Any], seat: int | None,
                     names: Mapping[int, str] | None) -> tuple[str, str]:
    """`seat_label` in two: the colour with the space after it ("藍 Blue "), the same at every
    table, and the player's name ("bob"); the colour alone and "" for a seat without a name."""
    given = given_name(names, seat)
    colour = joined(both(K + "colour." + colour_of(view, seat)))
    return (f"{colour} ", given) if given else (colour, "")


def seat_name(view: Mapping[str, Any], seat: int | None, names: Mapping[int, str] | None, say: Text) -> str:
    """A seat in one language: the colour they play with the player's name ("Blue bob"), or the
    colour alone."""
    given = given_name(names, seat)
    colour = say(K + "colour." + colour_of(view, seat))
    return f"{colour} {given}" if given else colour


# ---------------------------------------------------------------------------- pieces

DARK_INK = (30, 30, 30)


def ink_on(th: Theme, colour: str) -> RGB:
    """Words on a piece's colour: dark or white, whichever stands out more on it."""
    return _ink(th[f"p_{colour}" if colour in COLOURS else "p_white"])


@cached("judgement_look._ink", 16 * KB)
def _ink(fill: RGB) -> RGB:
    return ink_for(fill, DARK_INK)


def piece(th: Theme, colour: str, seat: int | None, diameter: int, ring: RGB | None = None) -> Image.Image:
    """A player's piece (and damage marker): a disc in their colour with the seat number (1-based)."""
    label = str(seat + 1) if seat is not None else ""
    key = f"p_{colour}" if colour in COLOURS else "p_white"
    edge = (205, 205, 205) if colour == "black" else (25, 25, 25)
    return token(diameter, th[key], label, ink_on(th, colour), edge, ring)


def identity_colour(th: Theme, identity: Any) -> RGB:
    return th[f"id_{identity}"] if identity in ("guard", "assassin", "commoner") else th["hidden"]


def soft(th: Theme, key: str, t: float = 0.85) -> RGB:
    """A theme colour faded into the panel (row backgrounds)."""
    return blend(th[key], th["panel"], t)



"""The one translation layer: gettext catalogues (`.po`, read with Babel) in `en` and `zh-TW`.

Catalogues live in `data/locale/<lang>/LC_MESSAGES/<domain>.po`: the shared domains (`gavel`,
`cogs`, `tables`) hold what every game shares, and each game's words are in its own files
(`<key>.po`, `<key>_<part>.po`), so that each game's text sits beside the others' without
touching them. Message ids are stable keys (`<game>.event.moved`); the `en` catalogue holds
the English text. Strings use `str.format` fields: `{man}`, `{n}`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from babel.messages.pofile import read_po

from rules.core import Listed, Msg, SeatName, games
from rules.data import data_path

LOCALE_DIR = data_path("locale")
LANGUAGES = ("en", "zh-TW")
DEFAULT = "en"


def language(locale: object | None) -> str:
    """Our language for a Discord locale (`discord.Locale` or its string) or a plain tag."""
    tag = str(getattr(locale, "value", locale) or "").replace("_", "-").lower()
    if tag.startswith("zh"):
        return "zh-TW"
    return DEFAULT


@cache
def catalogue(lang: str) -> dict[str, str]:
    """Every message of one language, all domains merged, then what each registered game brings
    itself (`Game.catalogue`: names its content files hold in both languages); a `.po` entry wins."""
    folder = LOCALE_DIR / lang.replace("-", "_") / "LC_MESSAGES"
    messages: dict[str, str] = {}
    for po in sorted(folder.glob("*.po")):
        with po.open("rb") as fh:
            for message in read_po(fh, locale=lang.replace("-", "_")):
                if message.id and message.string:
                    messages[str(message.id)] = str(message.string)
    for key, text in _game_messages(lang).items():
        messages.setdefault(key, text)
    return messages


def _game_messages(lang: str) -> dict[str, str]:
    """The messages every registered game contributes (importing `rules` registers them all)."""
    importlib.import_module("rules")
    out: dict[str, str] = {}
    for game in games().values():
        out.update(game.catalogue(lang))
    return out


def has(key: str, lang: str = DEFAULT) -> bool:
    return key in catalogue(lang)


def own_or(game_key: str | None, own: str, shared: str, lang: str = DEFAULT) -> str:
    """`<game_key>.<own>` when that game words this message itself (a clock counted per move
    rather than per window, a private picture with its own name), else the shared key."""
    key = f"{game_key}.{own}"
    return key if game_key and has(key, lang) else shared


def gettext(key: str, lang: str = DEFAULT, **params: Any) -> str:
    """The text of `key` in `lang` (falling back to English, then to the key itself)."""
    template = catalogue(lang).get(key) or catalogue(DEFAULT).get(key) or key
    if not params:
        return template
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return template


def list_sep(lang: str = DEFAULT) -> str:
    """The word between the items of a list in `lang` (`cogs.list_sep`: ", " in English, "、" in
    Chinese), shared by the cogs' and the service's lists."""
    return gettext("cogs.list_sep", lang)


def sentences(parts: Iterable[str], lang: str = DEFAULT) -> str:
    """Sentences one after another, the empty ones left out: a space between them in English,
    none in Chinese (its sentences end with their own full stop)."""
    return ("" if lang == "zh-TW" else " ").join(part for part in parts if part)


def render(msg: Msg | str, lang: str = DEFAULT, seat_name: Callable[[int], str] | None = None) -> str:
    """Translate a `Msg` (and any `Msg`, `SeatName` or `Listed` among its parameters)."""
    if isinstance(msg, str):
        return gettext(msg, lang)
    params = {name: _param(value, lang, seat_name) for name, value in msg.params.items()}
    return gettext(msg.key, lang, **params)


def _param(value: Any, lang: str, seat_name: Callable[[int], str] | None) -> Any:
    if isinstance(value, Msg):
        return render(value, lang, seat_name)
    if isinstance(value, SeatName):
        return seat_name(value.seat) if seat_name else f"#{value.seat + 1}"
    if isinstance(value, Listed):
        return list_sep(lang).join(str(_param(item, lang, seat_name)) for item in value.items)
    return value


def name_seats(params: dict[str, Any], seat_name: Callable[[int], str]) -> dict[str, Any]:
    """`params` with every `SeatName` (alone, in a `Listed` or a `Msg`) written as the seat's name: a
    refusal raised by a game names seats, and the table that caught it knows their names."""

    def named(value: Any) -> Any:
        if isinstance(value, SeatName):
            return seat_name(value.seat)
        if isinstance(value, Listed):
            return Listed.of(named(item) for item in value.items)
        if isinstance(value, Msg):
            return Msg(value.key, {key: named(inner) for key, inner in value.params.items()})
        return value

    return {key: named(value) for key, value in params.items()}


@dataclass(frozen=True)
class Language:
    """One language's words as a game's plug-in reads them (`rules.plugin.Speech`)."""

    lang: str = DEFAULT

    def has(self, key: str) -> bool:
        return has(key, self.lang)

    def text(self, key: str, **params: Any) -> str:
        return gettext(key, self.lang, **params)

    def render(self, msg: Msg | str, seat_name: Callable[[int], str] | None = None) -> str:
        return render(msg, self.lang, seat_name)

    def join(self, items: Sequence[str]) -> str:
        return list_sep(self.lang).join(items)

    def sentences(self, parts: Sequence[str]) -> str:
        return sentences(parts, self.lang)

    def every(self) -> Sequence[Language]:
        return [self, *(speech(other) for other in LANGUAGES if other != self.lang)]


@cache
def speech(lang: str = DEFAULT) -> Language:
    """The words of `lang` for a game's plug-in (`rules.plugin.Words`, `Command.read`)."""
    return Language(lang if lang in LANGUAGES else DEFAULT)

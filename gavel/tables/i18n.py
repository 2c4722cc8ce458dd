"""The one translation layer: gettext catalogues (`.po`, read with Babel) in `en` and `zh-TW`.

Catalogues live in `data/locale/<lang>/LC_MESSAGES/<domain>.po`: the shared domains (`gavel`,
`cogs`, `tables`) hold what every game shares, and each game's words are in its own files
(`<key>.po`, `<key>_<part>.po`), so that each game's text sits beside the others' without
touching them. Message ids are stable keys (`<game>.event.moved`); the `en` catalogue holds
the English text. Strings use `str.format` fields: `{man}`, `{n}`.

A message that says a number of things has plural forms, as gettext writes them: `msgid_plural`
(the same key) and `msgstr[0]`, `msgstr[1]` … in the order of the language's `Plural-Forms`
rule (English: one, other; Chinese: one form). `ngettext` picks the form for a number, and a
`Msg` with a `count` is rendered so (`render`), by the console and the Discord side alike:
"Winner: alice" but "Winners: alice, bob", never "Winner(s)".
"""

from __future__ import annotations

import gettext as _gettext
import importlib
import re
import unicodedata
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
    itself (`Game.catalogue`: names its content files hold in both languages); a `.po` entry wins.
    A message with plural forms is here by its first form (`plurals` has them all)."""
    messages, _ = _read(lang)
    messages = dict(messages)
    for key, text in _game_messages(lang).items():
        messages.setdefault(key, text)
    return messages


@cache
def plurals(lang: str) -> dict[str, tuple[str, ...]]:
    """{key: its plural forms} of one language, in the order of its plural rule (`plural_form`)."""
    return _read(lang)[1]


@cache
def _read(lang: str) -> tuple[dict[str, str], dict[str, tuple[str, ...]]]:
    """The `.po` files of one language: plain messages, and messages with plural forms."""
    folder = LOCALE_DIR / lang.replace("-", "_") / "LC_MESSAGES"
    messages: dict[str, str] = {}
    forms: dict[str, tuple[str, ...]] = {}
    for po in sorted(folder.glob("*.po")):
        with po.open("rb") as fh:
            for message in read_po(fh, locale=lang.replace("-", "_")):
                if not message.id or not message.string:
                    continue
                if isinstance(message.id, (tuple, list)):
                    key, texts = str(message.id[0]), tuple(str(t) for t in message.string)
                    if texts and all(texts):
                        forms[key], messages[key] = texts, texts[0]
                else:
                    messages[str(message.id)] = str(message.string)
    return messages, forms


@cache
def plural_form(lang: str) -> Callable[[int], int]:
    """The language's plural rule (gettext's `Plural-Forms`, as Babel knows it for the locale):
    a number -> the index of its form. English: 0 for 1, else 1; Chinese: always 0."""
    from babel.messages.catalog import Catalog

    return _gettext.c2py(Catalog(locale=lang.replace("-", "_")).plural_expr)


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
    return _fill(template, params, lang)


def ngettext(key: str, n: int, lang: str = DEFAULT, **params: Any) -> str:
    """The text of `key` in `lang` in the plural form the number `n` takes there (falling back
    to English, then to the plain message, then to the key itself), filled with `params`."""
    for where in (lang, DEFAULT):
        forms = plurals(where).get(key)
        if forms:
            template = forms[min(plural_form(where)(n), len(forms) - 1)]
            return _fill(template, params, where)
    return gettext(key, lang, **params)


HOUR = 3600
DAY = 24 * HOUR


def duration(seconds: float) -> Msg:
    """A length of time as a reader says it, counted in its plural form (`table.duration.*`):
    minutes under an hour (at least one), whole hours up to a day ("24 hours"), whole days past
    it ("2 days"), each rounded to the nearest."""
    if seconds < HOUR - 30:
        n = max(1, round(seconds / 60))
        return Msg("table.duration.minutes", {"amount": n}, count=n)
    if seconds <= DAY + HOUR / 2:
        n = max(1, round(seconds / HOUR))
        return Msg("table.duration.hours", {"amount": n}, count=n)
    n = round(seconds / DAY)
    return Msg("table.duration.days", {"amount": n}, count=n)


def _fill(template: str, params: dict[str, Any], lang: str = DEFAULT) -> str:
    """`template` with its fields filled (left as it is when they do not fit). In Chinese, a
    和 ("and") beside a field is spaced from a name written in Latin letters or digits that
    fills it, as a Latin word is spaced from Chinese: "alice 和 bob", "AI 3 和侍衛", "聖卡和暗卡"."""
    if not params:
        return template
    spaced = lang == "zh-TW" and AND_ZH in template
    if spaced:
        template = template.replace("}" + AND_ZH, "}" + _BEFORE + AND_ZH).replace(AND_ZH + "{", AND_ZH + _AFTER + "{")
    try:
        text = template.format(**params)
    except (KeyError, IndexError, ValueError):
        text = template
    if spaced:
        text = _BEFORE_MARK.sub(lambda m: m[1] + (" " if _latin(m[1]) else ""), text).replace(_BEFORE, "")
        text = _AFTER_MARK.sub(lambda m: (" " if _latin(m[1]) else "") + m[1], text).replace(_AFTER, "")
    return text


AND_ZH = "和"
_BEFORE, _AFTER = "\x00", "\x01"
"""Marks, while a template is filled, of a 和 right after a field and right before one."""
_BEFORE_MARK = re.compile(f"(.){_BEFORE}", re.S)
_AFTER_MARK = re.compile(f"{_AFTER}(.)", re.S)


def _latin(ch: str) -> bool:
    """A character of a name written the Latin way (letters, digits), not a Chinese one."""
    return (ch.isascii() and ch.isalnum()) or (unicodedata.category(ch).startswith("L") and ord(ch) < 0x2E80)


def list_sep(lang: str = DEFAULT) -> str:
    """The word between the items of a list in `lang` (`cogs.list_sep`: ", " in English, "、" in
    Chinese), shared by the cogs' and the service's lists."""
    return gettext("cogs.list_sep", lang)


def sentences(parts: Iterable[str], lang: str = DEFAULT) -> str:
    """Sentences one after another, the empty ones left out: a space between them in English,
    none in Chinese (its sentences end with their own full stop)."""
    return ("" if lang == "zh-TW" else " ").join(part for part in parts if part)


def render(msg: Msg | str, lang: str = DEFAULT, seat_name: Callable[[int], str] | None = None,
           escape: Callable[[str], str] | None = None) -> str:
    """Translate a `Msg` (and any `Msg`, `SeatName` or `Listed` among its parameters), in the
    plural form of its `count` when it has one (`ngettext`).

    `escape`: how a front-end shows text that is not ours (a player's name, a seat's name: every
    string parameter, never a translated message): Discord escapes its markdown and mentions, so a
    player named "@everyone" or "**x**" reads as written and pings nobody; local play shows it
    raw (None). A field the message shows in a code span (between backticks) is never escaped:
    a code span shows its text as it is, backslashes too."""
    if isinstance(msg, str):
        return gettext(msg, lang)
    coded = _coded(msg.key, lang) if escape is not None else frozenset()
    params = {name: _param(value, lang, seat_name, None if name in coded else escape)
              for name, value in msg.params.items()}
    if msg.count is not None:
        return ngettext(msg.key, msg.count, lang, **params)
    return gettext(msg.key, lang, **params)


_CODE_SPAN = re.compile(r"`[^`]*`")
_FIELD = re.compile(r"{(\w+)")


@cache
def _coded(key: str, lang: str) -> frozenset[str]:
    """The fields the message `key` shows inside a code span (`like {this}`), in any of its forms."""
    templates = [catalogue(where).get(key) or "" for where in (lang, DEFAULT)]
    templates += [form for where in (lang, DEFAULT) for form in plurals(where).get(key, ())]
    return frozenset(field for template in templates for span in _CODE_SPAN.findall(template)
                     for field in _FIELD.findall(span))


def _param(value: Any, lang: str, seat_name: Callable[[int], str] | None,
           escape: Callable[[str], str] | None = None) -> Any:
    if isinstance(value, Msg):
        return render(value, lang, seat_name, escape)
    if isinstance(value, SeatName):
        name = seat_name(value.seat) if seat_name else f"#{value.seat + 1}"
        return escape(name) if escape is not None else name
    if isinstance(value, Listed):
        return list_sep(lang).join(str(_param(item, lang, seat_name, escape)) for item in value.items)
    if isinstance(value, str) and escape is not None:
        return escape(value)
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

"""The renderers' caches: least-recently-used caches bounded in bytes, each registered by name.

A bot draws boards for thousands of tables in one process, and the pictures it keeps differ
widely in size (a glyph run of a few hundred bytes, a board's background of a few megabytes), so
every renderer cache is bounded by the bytes of what it holds, not by a count: `ByteCache` (kept
by hand: `get` and `put`) and `cached` (a function's results, as `functools.lru_cache` keeps
them). Each cache is registered under its name with its budget; the budgets together stay within
`TOTAL_BUDGET` (registering one more that would pass it is an error), so that is what all the
renderers' caches may hold at most. `cache_report()` says what each holds now, and how often it
answered.

What a cache holds must pay off across tables: it is keyed on the game, the theme, the language
and what a board shows, never on who sits at it. `table_words(names)` (set by every entry point,
`renderer.common.entry`, for the drawing it makes) names the players of the drawing under way; a
cache refuses to keep anything whose key holds one of them (counted as `refused`), so a player's
name is never a key, whatever a renderer asks to keep. A name is found in a key by its text: any
string of the key that holds it, or that ends with the start of it cut with an ellipsis.

A value's size (`size_of`) is what it holds: a Pillow image its width x height x bands, bytes
their length, a string its characters, a container the sum of its items', anything else a rough
figure (its own size and its attributes'); an object every table shares (a theme, a font: see
`shared`) as a reference. The key's size is counted too.
"""

from __future__ import annotations

import sys
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from functools import lru_cache, update_wrapper
from typing import Any, Generic, NamedTuple, ParamSpec, Protocol, TypeVar, cast

from PIL import Image

P = ParamSpec("P")
R = TypeVar("R")
V = TypeVar("V")

KB = 1 << 10
MB = 1 << 20

TOTAL_BUDGET = 192 * MB
"""What all the renderers' caches may hold together: the sum of their budgets may not pass it.
A process that draws boards for every game holds about this much more than one that draws none
(bench/soak.py --render reports each cache's bytes)."""

OVERHEAD = 64
"""Bytes counted for an entry besides its key and value (the cache's own bookkeeping)."""


class CacheInfo(NamedTuple):
    """What `functools`' caches report (`cache_info()`), for a `cached` function."""

    hits: int
    misses: int
    maxsize: int | None
    currsize: int


_SHARED: tuple[type, ...] = ()


def shared(cls: type[V]) -> type[V]:
    """Class decorator: its objects are shared by every table and every cache (a theme, a font):
    a key that holds one is not looked into for a player's name (`table_words`), and it is counted
    as a reference, not as what it holds (`size_of`)."""
    global _SHARED
    _SHARED = (*_SHARED, cls)
    return cls


def size_of(value: Any, depth: int = 0) -> int:
    """A rough count of the bytes `value` holds: a Pillow image (or the `ImagingCore` a font's
    text run gives) its width x height x bands, bytes and strings their length, containers the
    sum of their items, other objects their own size and their attributes' (a few levels deep)."""
    kind = type(value)  # the kinds keys are made of first, by their exact type: the same figures, sooner
    if kind is str:
        return len(value) + 49
    if kind is int or kind is float or kind is bool or value is None:
        return 16
    if kind is tuple and depth <= 4:
        return 56 + sum(size_of(v, depth + 1) + 8 for v in value)
    if isinstance(value, Image.Image):
        return value.width * value.height * len(value.getbands()) + 200
    if isinstance(value, (bytes, bytearray, memoryview)):
        return len(value) + 33
    if isinstance(value, str):
        return len(value) + 49
    if value is None or isinstance(value, (bool, int, float)):
        return 16
    if isinstance(value, _SHARED):
        return 16
    core_size = getattr(value, "size", None)
    if (type(value).__name__ == "ImagingCore" and isinstance(core_size, tuple) and len(core_size) == 2):
        return int(core_size[0]) * int(core_size[1]) * int(getattr(value, "bands", 1)) + 100
    if depth > 4:
        return sys.getsizeof(value, 64)
    if isinstance(value, Mapping):
        return 64 + sum(size_of(k, depth + 1) + size_of(v, depth + 1) + 16 for k, v in value.items())
    if isinstance(value, (tuple, list, set, frozenset)):
        return 56 + sum(size_of(v, depth + 1) + 8 for v in value)
    own = sys.getsizeof(value, 64)
    fields = getattr(value, "__dict__", None)
    if isinstance(fields, dict):
        own += sum(size_of(v, depth + 1) for v in fields.values())
    for slot in getattr(type(value), "__slots__", ()):
        if isinstance(slot, str) and hasattr(value, slot):
            own += size_of(getattr(value, slot), depth + 1)
    return own


# ---------------------------------------------------------------------------- the players' names

_drawing = threading.local()


PIECE = 3
"""The fewest characters of a name a cache key must hold to be taken for holding it (`_holds`)."""


def _from_words(names: tuple[str, ...], *, whole: bool) -> list[str]:
    """The names (`whole`), or each name from each of its words on ("Zed Quill", "Quill")."""
    if whole:
        return list(names)
    return [name[i:] for name in names for i in range(len(name))
            if (i == 0 or name[i - 1].isspace()) and not name[i].isspace()]


class Names:
    """The players' names of the drawing under way (`table_words`), made ready to be looked for in
    a text: the names themselves, and every start of at least `PIECE` characters of each name
    (`whole`) and of each name from each of its words on (`words`: "Zed Quill", "Quill"), so that
    a text is tried against them by set look-ups, never by scanning every name. Each text's answer
    is remembered while the names are (the same words are measured many times in one drawing)."""

    __slots__ = ("_held", "_seen", "longest", "names", "whole", "words")

    def __init__(self, names: tuple[str, ...]) -> None:
        self.names = names
        self.whole = frozenset(n[:k] for n in names for k in range(PIECE, len(n) + 1))
        self.words = frozenset(rest[:k] for rest in _from_words(names, whole=False)
                               for k in range(PIECE, len(rest) + 1))
        self.longest = max((len(n) for n in names), default=0)
        self._seen: dict[str, bool] = {}
        self._held = 0
        """The characters of the texts `_seen` holds (bounded by `SEEN_CHARACTERS`)."""

    def in_text(self, text: str) -> bool:
        """Whether `text` holds one of the names, or ends with a piece of one (at least `PIECE`
        characters, from a word's start in the text) that a name (cut with an ellipsis: a whole
        name's start) or a word of a name on (not cut: a name wrapped over two lines) starts with."""
        found = self._seen.get(text)
        if found is None:
            found = self._holds(text)
            if len(text) <= SEEN_LONGEST:  # a long text (a key's `repr` of a view) is looked into once
                cost = len(text) + SEEN_OVERHEAD
                if self._held + cost > SEEN_CHARACTERS:  # a drawing's words fit: a bound
                    self._seen.clear()
                    self._held = 0
                self._seen[text] = found
                self._held += cost
        return found

    def _holds(self, text: str) -> bool:
        if any(name in text for name in self.names):
            return True
        ellipsis = text.endswith("…")
        cut = text[:-1].rstrip() if ellipsis else text
        starts = self.whole if ellipsis else self.words
        end = len(cut)
        # a piece runs to the text's end and must be the start of a name: no longer than the longest
        for i in range(max(0, end - self.longest), end - PIECE + 1):
            if (i == 0 or cut[i - 1].isspace()) and not cut[i].isspace() and cut[i:] in starts:
                return True
        return False


SEEN_LONGEST = 256
"""The longest text whose answer a `Names` remembers: the words a drawing measures and draws,
not the `repr` of a view a cache key holds (one per key, and kilobytes long)."""
SEEN_CHARACTERS = 64 * KB
"""What the texts a `Names` remembers may hold together, counted as characters (each text
`SEEN_OVERHEAD` more): its memory is emptied beyond, so each is bounded in bytes."""
SEEN_OVERHEAD = 64
"""What a text remembered is counted as besides its characters (its object and its entry)."""


@lru_cache(maxsize=8)
def _names(names: tuple[str, ...]) -> Names:
    """The names made ready (`Names`): the same table's names are drawn with several times in one
    action (its board, its hands). A few are kept: every table's names differ, and each holds the
    answers of its drawing's texts (`SEEN_CHARACTERS`)."""
    return Names(names)


_NO_NAMES = Names(())


def _names_now() -> Names:
    found: Names = getattr(_drawing, "names", _NO_NAMES)
    return found


@contextmanager
def table_words(names: Iterable[str]) -> Iterator[None]:
    """While the drawing for one table runs: its players' names (as given, and as drawn), which
    no cache may keep anything under (`ByteCache.put` refuses a key that holds one). Nested
    drawings add theirs; each thread draws its own."""
    from renderer.common import printable  # the text a name is drawn as

    given = {str(n) for n in names}
    words = {w for n in given for w in (n, printable(n), n.strip()) if w}
    before = _names_now()
    if words - set(before.names):
        _drawing.names = _names(tuple(sorted(set(before.names) | words, key=lambda w: (-len(w), w))))
    try:
        yield
    finally:
        _drawing.names = before


def _holds(key: Any, names: Names, depth: int = 0) -> bool:
    """Whether `key` holds one of `names`: a string of it that contains one, or a piece of one from
    a word's start on (at least `PIECE` characters): a long name cut with an ellipsis after its mark
    ("★ Quentin Ze…", what `common.ellipsize` makes), or a name wrapped over two lines ("★ Quentin",
    "Zebrowski")."""
    kind = type(key)  # the kinds keys are made of first, by their exact type: the same answers, sooner
    if kind is str:
        return names.in_text(key)
    if kind is int or kind is float or kind is bool or key is None:
        return False
    if kind is tuple and depth <= 6:
        return any(_holds(v, names, depth + 1) for v in key)
    if isinstance(key, str):
        return names.in_text(key)
    if depth > 6 or isinstance(key, (bytes, bytearray, int, float, bool, Image.Image, *_SHARED)):
        return False
    if isinstance(key, Mapping):
        return any(_holds(k, names, depth + 1) or _holds(v, names, depth + 1) for k, v in key.items())
    if isinstance(key, (tuple, list, set, frozenset)):
        return any(_holds(v, names, depth + 1) for v in key)
    fields = getattr(key, "__dict__", None)
    if isinstance(fields, dict):
        return any(_holds(v, names, depth + 1) for v in fields.values())
    slots = getattr(type(key), "__slots__", ())
    return any(_holds(getattr(key, s), names, depth + 1) for s in slots if isinstance(s, str) and hasattr(key, s))


def holds_a_name(key: Any) -> bool:
    """Whether `key` holds the name of a player of the drawing under way (`table_words`)."""
    names = _names_now()
    return bool(names.names) and _holds(key, names)


def text_of_a_name(text: str) -> bool:
    """Whether a text to draw holds a player's name of the drawing under way (or the start of one
    cut with an ellipsis): what a font's text runs are not kept for."""
    names = _names_now()
    return bool(names.names) and names.in_text(text)


# ---------------------------------------------------------------------------- the caches

_MISSING: Any = object()


class ByteCache(Generic[V]):
    """A least-recently-used cache bounded in bytes (`budget`), registered under `name`: what it
    holds (`size_of` each key and value) never passes its budget (the oldest go first; a value
    larger than the budget alone is not kept). Keys holding a player's name of the drawing under
    way are refused (`table_words`). `size`: what a value is counted as (`size_of`; a key is
    always counted by `size_of`); `most`: the entries it keeps at most, besides (None: the budget
    alone); `registered`: whether `cache_report` lists it (a test's own cache need not be);
    `numbers`: its keys are tuples of numbers only (no text, so no name: not looked into, and
    counted by their length). Safe across threads."""

    def __init__(self, name: str, budget: int, size: Callable[[Any], int] = size_of, *,
                 most: int | None = None, registered: bool = True, numbers: bool = False) -> None:
        self.name = name
        self.budget = budget
        self.size = size
        self.most = most
        self.numbers = numbers
        self.hits = self.misses = self.refused = 0
        self.bytes = 0
        self._found: OrderedDict[Any, tuple[V, int]] = OrderedDict()
        self._lock = threading.RLock()
        self.cache_clear: Callable[[], None] = self.clear
        """Emptied as the `functools` caches are (an attribute of the object, not of its class:
        whatever empties every cache of a module finds it on the cache, never on the class)."""
        self.cache_info: Callable[[], CacheInfo] = self._info
        """What `functools`' caches report (an attribute of the object, as `cache_clear` is)."""
        if registered:
            register(self)

    def __len__(self) -> int:
        return len(self._found)

    def __contains__(self, key: Any) -> bool:
        return key in self._found

    def keys(self) -> list[Any]:
        """The keys held now, oldest first."""
        with self._lock:
            return list(self._found)

    def get(self, key: Any, default: Any = None) -> Any:
        """The value kept under `key` (now the most recently used), else `default`."""
        found = self._found.get(key, _MISSING)  # no lock: each step is one call, atomic in CPython
        if found is _MISSING:
            self.misses += 1
            return default
        self.hits += 1
        try:
            self._found.move_to_end(key)
        except KeyError:  # dropped meanwhile by another thread: still the value it was
            pass
        return found[0]

    def put(self, key: Any, value: V) -> bool:
        """Keep `value` under `key`, the oldest entries dropped to stay within the budget. False
        (nothing kept) when the key holds a player's name or the value alone passes the budget."""
        if self.numbers:
            if not (isinstance(key, tuple) and all(isinstance(k, int) for k in key)):
                raise TypeError(f"cache {self.name!r} keeps numbers' tuples only, not {key!r}")
            cost = 56 + 24 * len(key) + self.size(value) + OVERHEAD  # as `size_of` counts it
        elif holds_a_name(key):
            self.refused += 1
            return False
        else:
            cost = size_of(key) + self.size(value) + OVERHEAD
        with self._lock:
            old = self._found.pop(key, None)
            if old is not None:
                self.bytes -= old[1]
            if cost > self.budget:
                return False
            self._found[key] = (value, cost)
            self.bytes += cost
            while self.bytes > self.budget or (self.most is not None and len(self._found) > self.most):
                _, (_, dropped) = self._found.popitem(last=False)
                self.bytes -= dropped
            return True

    def clear(self) -> None:
        """Forget everything held (the counts of hits and misses stay)."""
        with self._lock:
            self._found.clear()
            self.bytes = 0

    def _info(self) -> CacheInfo:
        return CacheInfo(self.hits, self.misses, None, len(self._found))

    def report(self) -> dict[str, int]:
        return {"bytes": self.bytes, "entries": len(self._found), "hits": self.hits, "misses": self.misses,
                "budget": self.budget}


class Cached(Generic[P, R]):
    """A function whose results are kept in a `ByteCache` by its arguments (`cached`); with
    `functools`' `cache_clear` and `cache_info`."""

    def __init__(self, fn: Callable[P, R], store: ByteCache[R], clears: tuple[Any, ...] = ()) -> None:
        self.__wrapped__ = fn
        self.store = store
        self._clears = clears
        self.cache_clear: Callable[[], None] = self._clear
        """Emptied as the `functools` caches are (an attribute of the object, as `ByteCache` has it)."""
        self.cache_info: Callable[[], CacheInfo] = store.cache_info
        update_wrapper(self, fn)

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:
        key: Any = (args, tuple(sorted(kwargs.items()))) if kwargs else args
        found = self.store.get(key, _MISSING)
        if found is not _MISSING:
            return cast(R, found)
        value = self.__wrapped__(*args, **kwargs)
        self.store.put(key, value)
        return value

    def _clear(self) -> None:
        self.store.clear()
        for other in self._clears:
            other.clear()


def cached(name: str, budget: int, *, clears: tuple[Any, ...] = (),
           size: Callable[[Any], int] = size_of) -> Callable[[Callable[P, R]], Cached[P, R]]:
    """Decorator: keep the function's results by its (hashable) arguments in a `ByteCache` named
    `name` of `budget` bytes. `clears`: other caches emptied with it (`cache_clear`); `size`: how
    many bytes a result is counted as (`size_of`)."""

    def wrap(fn: Callable[P, R]) -> Cached[P, R]:
        return Cached(fn, ByteCache(name, budget, size), clears)

    return wrap


# ---------------------------------------------------------------------------- the register

class Registered(Protocol):
    """A cache as the register knows it: its name, its budget, what it holds now, how to empty it."""

    name: str
    budget: int

    def report(self) -> dict[str, int]: ...

    def clear(self) -> None: ...


_REGISTER: dict[str, Registered] = {}
_REGISTER_LOCK = threading.Lock()


def register(cache: Registered) -> None:
    """Register a cache under its name; a name registered again (a module reloaded) is replaced.
    ValueError when the budgets together would pass `TOTAL_BUDGET`."""
    with _REGISTER_LOCK:
        others = sum(c.budget for n, c in _REGISTER.items() if n != cache.name)
        if others + cache.budget > TOTAL_BUDGET:
            raise ValueError(f"cache {cache.name!r}: {cache.budget} bytes more would pass the renderers' total "
                             f"budget of {TOTAL_BUDGET} ({others} given already)")
        _REGISTER[cache.name] = cache


def registered() -> dict[str, Registered]:
    """Every registered cache by name."""
    with _REGISTER_LOCK:
        return dict(_REGISTER)


def cache_report() -> dict[str, dict[str, int]]:
    """Every registered cache by name: the bytes and entries it holds, its hits and misses, and its
    budget; and under `"total"` the sums (its budget: the sum of the budgets)."""
    out = {name: cache.report() for name, cache in sorted(registered().items())}
    total = {k: sum(v[k] for v in out.values()) for k in ("bytes", "entries", "hits", "misses", "budget")}
    out["total"] = total
    return out


@contextmanager
def budgets(amount: int) -> Iterator[None]:
    """Tests: every registered cache emptied and given a budget of `amount` bytes for the block;
    emptied again and given its own budget back after it (the register's total is not checked)."""
    chosen = list(registered().values())
    before = [(c, c.budget) for c in chosen]
    for c in chosen:
        c.clear()
        c.budget = amount
    try:
        yield
    finally:
        for c, b in before:
            c.clear()
            c.budget = b

"""The renderers' caches (`renderer.caches`): each stays within its budget in bytes however many
different boards are drawn, and none is keyed on who sits at a table: the same board drawn for
other players keeps nothing new, and no key holds a player's name."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image

import renderer
from gavel.tables import i18n
from renderer import caches, common
from renderer.caches import ByteCache, budgets, cache_report, cached, registered, size_of, table_words
from rules import registry
from rules.core import SeededChance

TEXTS = {lang: (lambda key, lang=lang: i18n.gettext(key, lang)) for lang in i18n.LANGUAGES}

PICTURES = {"common.png_bands", "common.quantized_bands"}
"""The caches of the last pictures' bands, found by their pixels (what a table's next picture
shows again): they hold what the pictures show, names and all, but no key of theirs is a text."""
LETTERS = {"common.ink_rows", "dads_army.ink_rows"}
"""The caches keyed by one character of a font (`common.letters_height`: its file's number, its
size, the character's code point; `dads_army.legible`'s: its font's number, its least size, the
code point): another table's names may add their letters (an alphabet, bounded), never a text."""


def _positions(key: str, seed: int, steps: int, every: int) -> Iterator[tuple[Any, Any, list[str]]]:
    """A random game's state every `every` actions: (game, state, the actions of the seats asked)."""
    game = registry.plugin(key).game
    seats = sorted(game.info.seats_for(None))[seed % len(game.info.seats_for(None))]
    rng = random.Random(seed)
    state = game.new_game({}, seats, SeededChance(seed))
    for step in range(steps):
        if game.outcome(state) is not None:
            break
        seat = min(game.to_act(state))
        if step % every == 0:
            yield game, state, [str(a) for s in sorted(game.to_act(state)) for a in game.legal_actions(state, s)]
        action = rng.choice(list(game.legal_actions(state, seat)))
        game.apply(state, seat, action, SeededChance(f"{seed}:{step}"))


def _draw(key: str, game: Any, state: Any, actions: list[str], names: dict[int, str], theme: str | None = None,
          lang: str = "en") -> None:
    """The public board and seat 0's hand (where the game has one), as the bot draws them."""
    r = renderer.for_game(key)
    view = game.view(state, None)
    r.render(view, highlight=r.highlights(view, actions), names=names, theme=theme, text=TEXTS[lang], texts=TEXTS)
    if r.render_hand is not None:
        r.render_hand(game.view(state, 0), names=names, text=TEXTS[lang], texts=TEXTS)


def _strings(key: Any) -> Iterator[str]:
    if isinstance(key, str):
        yield key
    elif isinstance(key, (tuple, list, frozenset, set)):
        for item in key:
            yield from _strings(item)
    elif isinstance(key, dict):
        for k, v in key.items():
            yield from _strings(k)
            yield from _strings(v)
    elif hasattr(key, "__dict__") or hasattr(type(key), "__slots__"):
        fields = getattr(key, "__dict__", None) or {
            s: getattr(key, s) for s in getattr(type(key), "__slots__", ()) if hasattr(key, s)}
        for v in fields.values():
            yield from _strings(v)


def _keys() -> dict[str, set[Any]]:
    return {name: set(c.keys()) for name, c in registered().items() if isinstance(c, ByteCache)}


def test_a_byte_cache_keeps_within_its_budget_least_recently_used_first_out() -> None:
    kept: ByteCache[bytes] = ByteCache("test.bytes", 10_000, registered=False)
    for n in range(50):
        kept.put(n, bytes(1000))
        assert kept.bytes <= kept.budget
    assert 0 < len(kept) < 10 and kept.keys()[-1] == 49
    newest = kept.keys()
    assert kept.get(newest[0]) is not None  # used now: the next to go is the one after it
    kept.put("more", bytes(1000))
    assert newest[0] in kept and newest[1] not in kept
    assert not kept.put("huge", bytes(20_000)) and "huge" not in kept  # larger than the budget alone
    assert kept.report()["bytes"] == kept.bytes <= kept.budget


def test_sizes_count_what_a_value_holds() -> None:
    assert size_of(Image.new("RGBA", (100, 50))) >= 100 * 50 * 4
    assert size_of(Image.new("L", (100, 50))) < size_of(Image.new("RGB", (100, 50)))
    assert size_of(bytes(5000)) >= 5000
    assert size_of((bytes(3000), [bytes(2000)], {"a": bytes(1000)})) >= 6000


def test_a_cached_function_is_bounded_in_bytes_and_counts_its_hits() -> None:
    calls: list[int] = []

    @cached("test.cached", 50_000)
    def tile(n: int) -> Image.Image:
        calls.append(n)
        return Image.new("RGB", (40, 40), (n, n, n))

    try:
        for n in range(40):
            tile(n)
            assert tile.store.bytes <= 50_000
        tile(39)
        assert calls.count(39) == 1 and tile.cache_info().hits == 1
        tile(0)
        assert calls.count(0) == 2  # dropped long ago: drawn again
        tile.cache_clear()
        assert tile.cache_info().currsize == 0
    finally:
        caches._REGISTER.pop("test.cached", None)


def test_the_budgets_together_stay_within_the_total() -> None:
    for key in renderer.games():
        renderer.for_game(key)  # every renderer's caches registered
    assert sum(c.budget for c in registered().values()) <= caches.TOTAL_BUDGET
    report = cache_report()
    assert report["total"]["budget"] == sum(c.budget for c in registered().values())
    with pytest.raises(ValueError, match="total budget"):
        ByteCache("test.too_much", caches.TOTAL_BUDGET)
    assert "test.too_much" not in registered()


def test_a_key_that_holds_a_players_name_is_not_kept() -> None:
    kept: ByteCache[str] = ByteCache("test.names", 10_000, registered=False)
    with table_words(["Quentin Zebrowski"]):
        assert not kept.put(("row", "▶ Quentin Zebrowski", 3), "x")
        assert not kept.put(("row", "Quentin Zeb…"), "x")  # the name cut to fit
        assert kept.put(("row", "Sector 7", 3), "x")
    assert kept.put(("row", "▶ Quentin Zebrowski", 3), "x")  # no drawing under way: no table's names
    assert kept.refused == 2


def test_a_name_is_found_whole_wrapped_or_cut_anywhere_in_a_key() -> None:
    kept: ByteCache[str] = ByteCache("test.pieces", 100_000, registered=False)
    long_text = "x" * 500 + " Sector 7"  # a long text: only its end can be a piece of a name
    with table_words(["Quentin Zebrowski", "美玲 12"]):
        refused = [("row", "★ Quentin"), ("row", "Zebrowski"), ("a", ("b", {"c": "Zeb"})), "Quentin Z…",
                   ("x" * 500 + " 美玲 12",), ("x" * 500 + " Quentin Zeb",)]
        kept_keys = [("row", "Sector 7"), (long_text,), ("row", "Ze"), ("row", "brows"), ("row", "Zebra"),
                     ("row", "Quentin Zx…"), ("row", "Zebrowski 3"), ("row", "美玲")]
        assert [kept.put(k, "x") for k in refused] == [False] * len(refused)
        assert [kept.put(k, "x") for k in kept_keys] == [True] * len(kept_keys)
        assert [kept.put(k, "x") for k in refused] == [False] * len(refused)  # the answers remembered: the same
    assert kept.refused == 2 * len(refused)


@pytest.mark.parametrize("key", renderer.games())
def test_every_cache_stays_within_its_budget_after_many_distinct_draws(key: str) -> None:
    budget = 48 * 1024
    with budgets(budget):
        for seed in (1, 2):
            names = {s: f"Player {seed}.{s}" for s in range(9)}
            for n, (game, state, actions) in enumerate(_positions(key, seed, 48, 6)):
                _draw(key, game, state, actions, names, theme=None, lang=("en", "zh-TW")[n % 2])
                over = {name: r["bytes"] for name, r in cache_report().items() if name != "total" and
                        r["bytes"] > budget}
                assert not over, over
        held = cache_report()
        assert sum(r["entries"] for name, r in held.items() if name != "total") > 0


@pytest.mark.parametrize("key", renderer.games())
def test_the_same_board_for_other_players_keeps_nothing_new(key: str) -> None:
    first = {s: f"Zed Quill {s}1" for s in range(9)}
    other = {s: f"Zed Quill {s}2" for s in range(9)}  # digits are as wide as each other: the same layout
    common.BANDS.cache_clear()
    drawn = list(_positions(key, 3, 30, 10))
    for game, state, actions in drawn:
        _draw(key, game, state, actions, first)
    before = _keys()
    for game, state, actions in drawn:
        _draw(key, game, state, actions, other)
    after = _keys()
    gained = {name: len(after[name] - before.get(name, set())) for name in after
              if name not in PICTURES | LETTERS and after[name] - before.get(name, set())}
    assert not gained, gained
    letters = [k for name in LETTERS for k in after.get(name, set()) - before.get(name, set())]
    assert all(isinstance(n, int) for k in letters for n in k), letters
    held = [text for name, keys in after.items() for k in keys for text in _strings(k) if "Zed" in text]
    assert not held, held[:5]


def test_a_cache_of_numbers_counts_as_size_of_does_and_refuses_any_other_key() -> None:
    numbers: ByteCache[bytes] = ByteCache("test.numbers", 100_000, numbers=True, registered=False)
    words: ByteCache[bytes] = ByteCache("test.words", 100_000, registered=False)
    with table_words(["Quentin Zebrowski"]):
        for cache in (numbers, words):
            assert cache.put((560, 3, 123456789, 8960), b"x" * 100)
        assert numbers.bytes == words.bytes  # the same count, without walking the key
        with pytest.raises(TypeError):
            numbers.put((560, "Quentin Zebrowski"), b"x")
        with pytest.raises(TypeError):
            numbers.put("Quentin Zebrowski", b"x")
    assert numbers.refused == 0 and len(numbers) == 1


def test_the_names_of_a_drawing_remember_a_bounded_number_of_characters() -> None:
    """A drawing's names (`caches.Names`) remember each text's answer, long keys' texts not at
    all, and never more than `SEEN_CHARACTERS` (with each text's overhead) at once."""
    from renderer import caches

    names = caches.Names(("Quentin Zebrowski",))
    long_text = "x" * (caches.SEEN_LONGEST + 1)
    assert not names.in_text(long_text)
    assert long_text not in names._seen
    for n in range(5000):
        assert names.in_text(f"word {n} Quentin Zebrowski") and not names.in_text(f"word {n}")
        assert names._held <= caches.SEEN_CHARACTERS
        assert names._held == sum(len(t) + caches.SEEN_OVERHEAD for t in names._seen)
    assert names.in_text("★ Quentin Ze…") and not names.in_text("Zed")

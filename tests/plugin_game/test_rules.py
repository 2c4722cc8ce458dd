"""Beacon Relay as a plug-in, without any front-end: the common engine contract, its secret kept
out of everything public, its words and commands, its catalogue, its picture, and the plug-in's
files all in its own folder."""

from __future__ import annotations

import inspect
import itertools
import json
import random
import re
import string
import sys
from importlib import import_module
from pathlib import Path

import pytest

from gavel.tables import i18n
from rules import registry
from rules.core import Game, IllegalAction, SeededChance, games
from tests.plugin_game import GAME, KEY, PLUGIN
from tests.plugin_game.engine import BEACONS, GOAL, ROUNDS, RelayState, Roll, Stoke
from tests.plugin_game.words import beacon_named
from tests.rules import test_contract

HERE = Path(__file__).resolve().parent
EN, ZH = i18n.speech("en"), i18n.speech("zh-TW")


# --------------------------------------------------------------------------- registration


def test_one_line_installs_it_and_every_list_of_games_has_it() -> None:
    assert registry.plugin(KEY) is PLUGIN
    assert registry.by_group("beacon") is PLUGIN
    assert games()[KEY] is GAME
    assert KEY in {key for key, *_ in test_contract.CASES}, "the common contract test plays it out"


def test_the_plug_in_lives_in_its_own_folder_and_nowhere_else() -> None:
    """Every part of the plug-in (engine, AI, words, commands, renderer, catalogue) is a file
    under tests/plugin_game/: a new game touches only its own folder and the line that installs it."""
    parts = [type(PLUGIN.game), type(PLUGIN.words), PLUGIN.ai, PLUGIN.game.catalogue,
             *(c.read for c in PLUGIN.commands.commands if c.read)]
    files = {Path(inspect.getfile(part)).resolve() for part in parts}
    assert PLUGIN.renderer is not None
    files.add(Path(import_module(PLUGIN.renderer).__file__ or "").resolve())
    from tests.plugin_game.messages import FILE

    files.add(FILE)
    assert all(HERE in f.parents for f in files), sorted(map(str, files))
    assert all(f.is_file() for f in files)
    assert type(PLUGIN.words).__module__.startswith("tests.plugin_game")
    assert PLUGIN.renderer.startswith("tests.plugin_game.")
    loaded = {name for name, module in sys.modules.items()
              if name.startswith("tests.plugin_game") and getattr(module, "__file__", None)}
    assert all(HERE in Path(sys.modules[name].__file__ or "").resolve().parents or
               Path(sys.modules[name].__file__ or "").resolve().parent == HERE for name in loaded)
    data = HERE.parents[1] / "data"
    assert not [p for p in data.rglob("*") if KEY in p.name or "beacon" in p.name.lower()], "no file under data/"


# --------------------------------------------------------------------------- the contract


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("seed", range(4))
def test_the_common_contract_playout(seats: int, seed: int) -> None:
    test_contract.playout(GAME, seats, seed)


def test_a_turn_is_a_roll_then_a_choice_of_two_token_actions() -> None:
    state = GAME.new_game({}, 3, SeededChance(1))
    assert [str(a) for a in GAME.legal_actions(state, 0)] == ["roll"]
    assert GAME.legal_actions(state, 1) == []
    GAME.apply(state, 0, "roll", SeededChance(2))
    texts = [str(a) for a in GAME.legal_actions(state, 0)]
    assert texts == [f"stoke {b}" for b in BEACONS]  # nothing burns yet: nothing to douse
    assert all(len(t.split()) == 2 for t in texts)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, "douse red", SeededChance(3))
    assert refused.value.code == "beacon_relay_out"
    with pytest.raises(IllegalAction) as again:
        GAME.apply(state, 0, "roll", SeededChance(3))
    assert again.value.code == "beacon_relay_rolled"


def test_the_die_is_logged_and_a_beacon_at_the_goal_ends_it() -> None:
    state = GAME.new_game({}, 2, SeededChance(4))
    mine = state.signals[0]
    chance = SeededChance(5)
    events = GAME.apply(state, 0, "roll", chance)
    assert chance.record == [state.roll] and events[0].kind == "rolled" and events[0].public
    state.flames[mine] = GOAL - 1
    events = GAME.apply(state, 0, f"stoke {mine}", SeededChance(6))
    assert [e.kind for e in events] == ["stoked", "lit"]
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0,) and outcome.reason == "lit"
    assert GAME.to_act(state) == set()


def test_dawn_ends_it_after_the_last_round() -> None:
    state = GAME.new_game({}, 2, SeededChance(7))
    rng = random.Random(0)
    while GAME.outcome(state) is None:
        seat = next(iter(GAME.to_act(state)))
        actions = GAME.legal_actions(state, seat)
        douses = [a for a in actions if a.verb == "douse"]
        GAME.apply(state, seat, rng.choice(douses) if douses else actions[0], SeededChance(rng.randrange(1000)))
    outcome = GAME.outcome(state)
    assert outcome is not None and state.turns <= ROUNDS * 2
    if outcome.reason == "dawn":
        assert state.turns == ROUNDS * 2


def test_time_up_rolls_then_stokes_the_lowest_beacon_whatever_the_signals() -> None:
    """What the table's time control does for an absent seat: roll, then stoke the beacon burning
    lowest (the first listed on a tie), read from the flames alone, never from its own signal."""
    state = GAME.new_game({}, 3, SeededChance(1))
    assert GAME.time_up_action(state, 0) == Roll() and GAME.time_up_action(state, 1) is None
    GAME.apply(state, 0, "roll", SeededChance(2))
    state.flames.update(red=5, blue=2, green=2, gold=9)
    assert GAME.time_up_action(state, 0) == Stoke("blue")
    for signals in itertools.permutations(BEACONS, 3):
        other = RelayState.from_json({**state.to_json(), "signals": list(signals)})
        assert GAME.time_up_action(other, 0) == Stoke("blue")
    assert test_contract.walk_away(GAME, 4, 1) <= ROUNDS * 4 * 2


def test_the_ai_plays_legal_actions_to_the_end() -> None:
    for seats in (2, 3, 4):
        state = GAME.new_game({}, seats, SeededChance(seats))
        for step in range(500):
            if GAME.outcome(state) is not None:
                break
            seat = next(iter(GAME.to_act(state)))
            action = PLUGIN.ai(GAME, state, seat)  # type: ignore[misc]
            assert action in GAME.legal_actions(state, seat)
            GAME.apply(state, seat, action, SeededChance(step))
        assert GAME.outcome(state) is not None


# --------------------------------------------------------------------------- the secret


def swapped(state: RelayState) -> RelayState:
    """The same game with the secret dealt otherwise: every seat another beacon."""
    other = GAME.load(state.to_json())
    others = [b for b in BEACONS if b not in other.signals]
    other.signals = [*other.signals[1:], *others[:1], other.signals[0]][: len(other.signals)]
    if other.signals == state.signals:
        other.signals = list(reversed(other.signals))
    assert other.signals != state.signals
    return other


def public_of(game: Game, state: RelayState) -> str:
    return json.dumps([game.view(state, None), sorted(game.to_act(state)), str(game.decision(state))],
                      sort_keys=True)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_secret_is_in_no_public_view_event_or_question(seats: int) -> None:
    """Dealt otherwise, the secret changes nothing public: the public view, who is asked, the
    actions offered, and the public events of the same actions (until the game ends, which it may
    end otherwise: the winner depends on the secret). Each seat's own view and lines hold it."""
    rng = random.Random(seats)
    state = GAME.new_game({}, seats, SeededChance(seats))
    other = swapped(state)
    render = import_module(PLUGIN.renderer or "").render
    for step in range(60):
        if GAME.outcome(state) is not None or GAME.outcome(other) is not None:
            break
        assert public_of(GAME, state) == public_of(GAME, other)
        for seat in range(seats):
            assert GAME.legal_actions(state, seat) == GAME.legal_actions(other, seat)
            assert GAME.view(state, seat)["signal"] == state.signals[seat]
            assert GAME.secrets(state, seat) != GAME.secrets(other, seat) or \
                state.signals[seat] == other.signals[seat]
        if step % 10 == 0:
            assert render(GAME.view(state, None)) == render(GAME.view(other, None))
        seat = next(iter(GAME.to_act(state)))
        action = rng.choice(GAME.legal_actions(state, seat))
        draw = rng.randrange(1 << 20)
        mine, theirs = GAME.apply(state, seat, action, SeededChance(draw)), GAME.apply(other, seat, action,
                                                                                         SeededChance(draw))
        assert [e.to_json() for e in mine if e.public] == [e.to_json() for e in theirs if e.public]
        assert all(e.public for e in mine)  # nothing private happens: the secret is dealt once
    assert "signal" in GAME.view(state, 0) and GAME.view(state, None)["signal"] is None


# --------------------------------------------------------------------------- words and commands


def test_words_name_the_beacons_in_each_language() -> None:
    assert PLUGIN.words.name("stoke red", EN) == "Stoke Red"
    assert PLUGIN.words.name("douse gold", ZH) == "澆熄 金"
    assert PLUGIN.words.label(["stoke", "blue"], 1, ZH) == "藍"
    assert PLUGIN.words.hint("douse red", ["stoke red", "stoke blue"], EN) == "You may: Stoke Red, Stoke Blue."


def test_a_beacon_is_named_in_any_language() -> None:
    assert beacon_named("紅", EN) == "red" and beacon_named(" Gold ", ZH) == "gold"
    assert beacon_named("blue", ZH) == "blue" and beacon_named("purple", EN) is None


def test_commands_read_their_options_in_any_language() -> None:
    assert PLUGIN.commands.group == "beacon"
    stoke, douse = PLUGIN.commands.get("stoke"), PLUGIN.commands.get("douse")
    assert stoke is not None and douse is not None and stoke.read is not None
    legal = ["stoke red", "stoke blue", "douse blue"]
    assert stoke.action({"beacon": "紅"}, legal, EN) == ["stoke red"]
    assert douse.action({"beacon": "Blue"}, legal, ZH) == ["douse blue"]
    with pytest.raises(IllegalAction) as refused:
        stoke.action({"beacon": "purple"}, legal, EN)
    assert refused.value.code == "beacon_relay_no_beacon"
    assert i18n.render(f"error.{refused.value.code}", "en") != f"error.{refused.value.code}"
    signal = PLUGIN.commands.get("signal")
    roll = PLUGIN.commands.get("roll")
    assert signal is not None and signal.view
    assert roll is not None and roll.read is None and roll.action({}, legal, EN) == ["roll"]  # the verb alone


# --------------------------------------------------------------------------- its catalogue


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_its_catalogue_is_complete_in_both_languages_and_found_by_tables_i18n() -> None:
    en, zh = GAME.catalogue("en"), GAME.catalogue("zh-TW")
    assert en and set(en) == set(zh)
    assert {k: fields(v) for k, v in en.items()} == {k: fields(v) for k, v in zh.items()}
    for lang, mine in (("en", en), ("zh-TW", zh)):
        merged = i18n.catalogue(lang)
        assert all(merged[key] == text for key, text in mine.items()), "tables.i18n reads Game.catalogue"


def test_every_word_its_code_uses_is_catalogued() -> None:
    wanted = {f"game.{KEY}", f"{KEY}.rules", f"{KEY}.hint", f"{KEY}.secret.signal"}
    wanted |= {f"{KEY}.beacon.{b}" for b in BEACONS}
    wanted |= {f"{KEY}.{what}.{verb}" for what in ("verb", "action") for verb in ("roll", "stoke", "douse")}
    wanted |= {f"{KEY}.event.{kind}" for kind in ("rolled", "stoked", "doused", "lit", "dawn")}
    codes: set[str] = set()
    for path in HERE.glob("*.py"):
        if not path.name.startswith("test_"):
            codes |= set(re.findall(r"""IllegalAction\(\s*["']([a-z_]+)["']""", path.read_text(encoding="utf-8")))
    assert codes >= {"beacon_relay_roll_first", "beacon_relay_no_beacon"}
    wanted |= {f"error.{code}" for code in codes}
    commands = PLUGIN.commands
    wanted |= {f"{commands.key()}.{what}" for what in ("name", "description")}
    for command in commands.commands:
        wanted |= {f"{commands.key(command)}.{what}" for what in ("name", "description")}
        for option in command.options:  # a shared option (`time`) in the shared words
            wanted |= {f"{commands.key(command, option)}.{what}" for what in ("name", "description")}
    wanted |= set(commands.keys())
    for lang in i18n.LANGUAGES:
        assert sorted(k for k in wanted if not i18n.has(k, lang)) == [], lang


# --------------------------------------------------------------------------- its picture


def test_it_draws_a_png_for_everyone_and_for_each_seat_in_each_language() -> None:
    render = import_module(PLUGIN.renderer or "")
    state = GAME.new_game({}, 3, SeededChance(8))
    GAME.apply(state, 0, "roll", SeededChance(9))
    public = render.render(GAME.view(state, None))
    own = render.render(GAME.view(state, 1), text=lambda key: i18n.gettext(key, "zh-TW"), names={0: "甲"})
    assert public.startswith(b"\x89PNG") and own.startswith(b"\x89PNG") and public != own
    labels = render.label_actions(GAME.view(state, 0), [str(a) for a in GAME.legal_actions(state, 0)])
    assert labels == {f"stoke {b}": str(i + 1) for i, b in enumerate(BEACONS)}
    assert render.label_actions(GAME.view(state, 0), ["roll"]) == {}


def test_nothing_outside_its_folder_names_it_but_the_line_that_installs_it() -> None:
    """The platform, the front-ends, the renderers, the data and the other tests know nothing of
    this game: the only file outside tests/plugin_game/ that names it is tests/conftest.py, whose
    one line installs it (CONTRIBUTING.md points newcomers to it as the example of a plug-in)."""
    root = HERE.parents[1]
    named = []
    tops = ("gavel", "rules", "cogs", "renderer", "data", "bench", "docs", "tools", "tests")
    files = [p for top in tops for p in (root / top).rglob("*")]
    files += [root / name for name in ("bot.py", "README.md", "pyproject.toml")]
    for path in files:
        if not path.is_file() or path.suffix not in {".py", ".po", ".toml", ".md", ".cfg", ".json"}:
            continue
        if HERE in path.parents:
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        if KEY in text or "plugin_game" in text or "BeaconRelay" in text:
            named.append(path.relative_to(root).as_posix())
    assert named == ["tests/conftest.py"]
    lines = [line for line in (root / "tests" / "conftest.py").read_text(encoding="utf-8").splitlines()
             if "plugin_game" in line]
    assert lines == ['registry.install("tests.plugin_game")']

"""The views (P4): the public part is the same for every seat and a spectator, `me` is the
seat's own, and no secret sits in the public part (an unshown identity, a face-down character, an
Order card, the characters dealt to pick from, the order of a deck). Built on states dealt by
`setup.new_game` and changed by hand, so they run before the whole engine plays."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from gavel.tables import i18n
from rules import core
from rules.core import Event, Msg, SeatName, SeededChance
from rules.judgement import frames, present, setup
from rules.judgement.actions import Go, Obey, Pick, Pose, Take
from rules.judgement.content import IDENTITIES, load
from rules.judgement.engine import GAME
from rules.judgement.present import describe, label, seat_words
from rules.judgement.state import Frame, JudgementState, OrderNote
from rules.judgement.view import secret_lines, view

PUBLIC_ONLY = ("seat", "me")
"""The keys of a view that differ by viewer; everything else is the public part."""




class Names:
    """Stands in for the registered game in the translation layer until the lead registers it:
    only its `catalogue` (the content's names, from the data files)."""

    def catalogue(self, lang: str) -> dict[str, str]:
        return present.catalogue(lang)


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The game's names in `gavel.tables.i18n` (`Game.catalogue`), registered or not yet."""
    import rules  # noqa: F401  (registers every game)

    if "judgement" not in core.games():
        monkeypatch.setitem(core._GAMES, "judgement", Names())
    i18n.catalogue.cache_clear()
    yield
    i18n.catalogue.cache_clear()


def public(v: dict[str, Any]) -> dict[str, Any]:
    return {k: val for k, val in v.items() if k not in PUBLIC_ONLY}


def dealt(seats: int, seed: int = 1) -> JudgementState:
    """A game as dealt, every seat having picked its first option, placed on the ring."""
    state = setup.new_game({}, seats, SeededChance(seed))
    for seat, p in enumerate(state.players):
        if p.character is None:
            setup.choose(p, p.options[0])
        p.at = state.ring[seat % 6]
    state.phase, state.step, state.active = "turn", "attack", state.turn_order[0]
    return state


def midgame(seats: int, seed: int = 1) -> JudgementState:
    """Seat 0 face up, seat 1 dead, seat 2's identity shown, seat 3 gave seat 0 an Order card
    that seat 0 must answer, seat 3 has spied seat 1's identity, seats still picking options."""
    state = dealt(seats, seed)
    state.players[0].revealed = state.players[0].ever_revealed = True
    state.players[1].alive = False
    state.players[1].damage = 9
    state.dead_order = [1]
    state.players[2].identity_shown = True
    state.players[3].known = {0: state.players[0].identity}
    card = state.order.pop(0)
    state.players[3].orders = [OrderNote(card, 3, 0)]
    state.players[0].orders = [OrderNote(card, 3, 0)]
    state.frames.append(Frame("obey", seats=[0], data={"card": card, "giver": 3}))
    state.holy_discard = [state.holy.pop()]
    state.order_discard = [state.order.pop()]
    return state


def strings(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(strings(v) for v in value.values()), *(strings(k) for k in value)) if value else set()
    if isinstance(value, (list, tuple)):
        return set().union(*(strings(v) for v in value)) if value else set()
    return set()


def states() -> list[JudgementState]:
    picking = setup.new_game({}, 5, SeededChance(3))
    return [picking, dealt(4), midgame(6, 2), midgame(9, 5)]


@pytest.mark.parametrize("state", states(), ids=["pick", "dealt4", "mid6", "mid9"])
def test_leak_spectator_view_equals_public_part(state: JudgementState) -> None:
    spectator = view(GAME, state, None)
    assert spectator["me"] is None and spectator["seat"] is None
    for seat in range(state.seats):
        mine = view(GAME, state, seat)
        assert public(mine) == public(spectator)
        assert mine["me"]["seat"] == seat == mine["seat"]
        json.dumps(mine)


@pytest.mark.parametrize("state", states(), ids=["pick", "dealt4", "mid6", "mid9"])
def test_c30_public_part_holds_no_secret(state: JudgementState) -> None:
    spectator = view(GAME, state, None)
    said = strings(spectator)
    content = load()
    order_ids = {c for c in content.cards if content.cards[c].pack == "order"}
    assert said & order_ids == set()  # no Order card, held or discarded (c30, c31)
    options = {c for p in state.players for c in p.options}
    assert said & options == set()  # c5: the characters dealt to pick from
    hidden = {p.character for p in state.players if p.character and not p.revealed and p.alive}
    assert said & hidden == set()  # face-down characters and their skills
    skills = {s.id for c in hidden for s in content.characters[c].skills}
    assert said & skills == set()
    for seat, (p, shown) in enumerate(zip(state.players, spectator["players"], strict=True)):
        assert shown["identity"] == (p.identity if p.identity_shown or not p.alive else None), seat
        assert shown["character"] == (p.character if p.revealed or not p.alive else None), seat
        assert (shown["hp"] is None) == (shown["character"] is None)
        assert shown["picked"] == (p.character is not None)
    assert spectator["decks"] == {"holy": len(state.holy), "dark": len(state.dark), "order": len(state.order)}
    assert spectator["discards"]["order"] == len(state.order_discard)


def permuted(values: list[Any], rng: random.Random) -> list[Any]:
    """The values in another order, changed whenever they are not all equal (when they are, no
    order differs: they come back as they were, at once)."""
    if all(v == values[0] for v in values[1:]):
        return list(values)
    for _ in range(50):
        out = rng.sample(values, len(values))
        if out != values:
            return out
    return list(values)


def swapped(state: JudgementState, viewer: int | None, seed: int = 0) -> JudgementState:
    """A counterfactual (P4): the secrets `viewer` (None: a spectator) does not know,
    permuted: the identities of the seats it has not seen (within the same counts), the
    characters never face up (and not its own), the order of every deck and of the Order discard."""
    other = copy.deepcopy(state)
    rng = random.Random(seed)
    known = state.players[viewer].known if viewer is not None else {}
    unknown = [s for s, p in enumerate(state.players)
               if s != viewer and p.alive and not p.identity_shown and s not in known]
    for s, i in zip(unknown, permuted([state.players[s].identity for s in unknown], rng), strict=True):
        other.players[s].identity = i
    down = [s for s, p in enumerate(state.players)
            if s != viewer and p.alive and p.character and not p.ever_revealed and not p.revealed]
    for s, c in zip(down, permuted([state.players[s].character for s in down], rng), strict=True):
        other.players[s].character = c
    for pack in ("holy", "dark", "order", "order_discard"):
        setattr(other, pack, permuted(getattr(state, pack), rng))
    return other


@pytest.mark.parametrize("state", states()[1:], ids=["dealt4", "mid6", "mid9"])
def test_leak_views_do_not_change_with_what_the_seat_does_not_know(state: JudgementState) -> None:
    for viewer in [None, *range(state.seats)]:
        other = swapped(state, viewer)
        assert other.to_json() != state.to_json()
        assert view(GAME, other, viewer) == view(GAME, state, viewer)


def test_leak_the_counterfactual_check_catches_a_leaked_secret() -> None:
    """The check above can fail: the counterfactual changes a face-down character, a hidden
    identity and the decks, so a view that showed any of them would differ."""
    state = midgame(6, 2)
    other = swapped(state, 0)
    assert [p.identity for p in other.players] != [p.identity for p in state.players]
    assert [p.character for p in other.players] != [p.character for p in state.players]
    assert other.holy != state.holy and other.order != state.order


def test_me_holds_the_seats_own_secrets() -> None:
    state = midgame(6, 2)
    me = view(GAME, state, 0)["me"]
    p = state.players[0]
    assert me["identity"] == p.identity and me["character"] == p.character
    assert me["hp"] == load().characters[p.character].hp
    assert me["order"] == state.frames[-1].data["card"]  # the recipient answers it now (c30)
    assert me["orders"] == [{"card": p.orders[0].card, "giver": 3, "recipient": 0, "result": ""}]
    assert view(GAME, state, 3)["me"]["order"] == me["order"]  # the giver
    assert view(GAME, state, 4)["me"]["order"] is None
    assert view(GAME, state, 3)["me"]["known"] == {"0": p.identity}
    assert view(GAME, state, 4)["me"]["known"] == {}
    face_down = view(GAME, state, 4)["me"]
    assert face_down["character"] == state.players[4].character  # its own, even face down
    picking = setup.new_game({}, 5, SeededChance(3))
    assert view(GAME, picking, 2)["me"]["options"] == picking.players[2].options
    assert view(GAME, picking, 2)["me"]["character"] is None


def test_me_goal_is_the_characters_for_a_commoner_only() -> None:
    state = dealt(9, 4)
    for seat, p in enumerate(state.players):
        goal = view(GAME, state, seat)["me"]["goal"]
        expected = load().characters[p.character].goal.id if p.identity == "commoner" else None
        assert goal == expected


def test_frame_public_keys_for_all_private_keys_for_the_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    kind = frames.FrameKind("e_probe", lambda s, seat: [], lambda s, seat, a, c: [], public=("target",),
                            private=("card",))
    monkeypatch.setitem(frames.KINDS, "e_probe", kind)
    state = dealt(5)
    state.frames.append(Frame("e_probe", seats=[1, 2], passed=[2], data={"target": 3, "card": "slap", "to": [4]}))
    spectator = view(GAME, state, None)
    assert spectator["frame"] == {"kind": "e_probe", "asked": [1], "passed": [2], "target": 3}
    assert view(GAME, state, 1)["me"]["frame"] == {"card": "slap"}
    assert view(GAME, state, 4)["me"]["frame"] == {"card": "slap"}  # a `to` seat
    assert view(GAME, state, 0)["me"]["frame"] is None
    state.frames[-1].kind = "e_unknown"  # a kind nobody registered shows no data at all
    assert view(GAME, state, None)["frame"] == {"kind": "e_unknown", "asked": [1], "passed": [2]}


def test_game_over_shows_every_identity_and_character() -> None:
    state = midgame(7, 3)
    state.phase = "over"
    state.winners, state.reason = [0, 2], "guards"
    spectator = view(GAME, state, None)
    assert [p["identity"] for p in spectator["players"]] == [p.identity for p in state.players]
    assert [p["character"] for p in spectator["players"]] == [p.character for p in state.players]
    assert spectator["over"] and spectator["winners"] == [0, 2] and spectator["reason"] == "guards"


def render_all(msg: Msg, lang: str) -> str:
    text = i18n.render(msg, lang, lambda s: f"<{s}>")
    return text


def keys_of(msg: Any) -> list[str]:
    if isinstance(msg, Msg):
        return [msg.key, *(k for v in msg.params.values() for k in keys_of(v))]
    return []


def test_secret_lines_say_identity_character_goal_order_and_spied(registered: None) -> None:
    state = midgame(6, 2)
    lines = secret_lines(state, 0)
    keys = [m.key for m in lines]
    assert keys[0] == "judgement.secret.identity" and "judgement.secret.character_up" in keys
    assert "judgement.secret.order" in keys and "judgement.secret.goal" in keys
    assert "judgement.secret.character_down" in [m.key for m in secret_lines(state, 4)]
    spied = [m for m in secret_lines(state, 3) if m.key == "judgement.secret.known"]
    identity = Msg(f"judgement.identity.{state.players[0].identity}")
    assert spied == [Msg("judgement.secret.known", {"seat": SeatName(0), "identity": identity})]
    assert "judgement.secret.order" not in [m.key for m in secret_lines(state, 4)]
    picking = setup.new_game({}, 5, SeededChance(3))
    assert [m.key for m in secret_lines(picking, 1)].count("judgement.secret.option") == 3
    for seat in range(state.seats):
        for line in [*secret_lines(state, seat), *secret_lines(picking, seat % 5)]:
            for lang in i18n.LANGUAGES:
                assert [k for k in keys_of(line) if not i18n.has(k, lang)] == []
                assert "{" not in render_all(line, lang)


def test_leak_secret_action_labels_name_nothing(registered: None) -> None:
    """`pick` (c5) and `pose` (r13) name no character or identity; `pose` reads as `obey`."""
    assert label(Pick("white_fairy")) == Msg("judgement.action.pick")
    for identity in IDENTITIES:
        assert label(Pose(identity)).params == {}
        for lang in i18n.LANGUAGES:
            assert i18n.render(label(Pose(identity)), lang) == i18n.render(label(Obey()), lang)
    take = label(Take("blue", "amulet"))
    assert take.params["colour"] == seat_words(1) and take.params["card"] == Msg("judgement.card.amulet")
    assert i18n.render(label(Go("tavern")), "zh-TW") == "前往" + load().locations["tavern"].name.zh_TW


def test_describe_names_seats_and_content(registered: None) -> None:
    msg = describe(Event("moved", {"seat": 2, "from": "tavern", "to": "cathedral", "card": "amulet",
                                   "seats": [0, 3], "n": 2, "reason": "commoner:white_fairy"}))
    assert msg.key == "judgement.event.moved"
    assert msg.params["seat"] == seat_words(2)
    assert msg.params["seat"] == Msg("judgement.ui.seat", {"colour": Msg("judgement.ui.colour.green"),
                                                           "player": SeatName(2)})
    assert msg.params["from"] == Msg("judgement.loc.tavern") and msg.params["to"] == Msg("judgement.loc.cathedral")
    assert msg.params["card"] == Msg("judgement.card.amulet") and msg.params["n"] == 2
    assert msg.params["seats"] == Msg("judgement.list.2", {"a0": seat_words(0), "a1": seat_words(3)})
    assert msg.params["reason"] == Msg("judgement.reason.commoner", {"character": Msg("judgement.char.white_fairy")})
    order = describe(Event("order_given", {"by": 1, "to": 4}))
    assert order.params == {"by": seat_words(1), "to": seat_words(4)}

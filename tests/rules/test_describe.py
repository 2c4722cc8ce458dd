"""Each game's board in words (`Words.describe`, the description screen readers read for every
picture): it names the position's key facts, in the reader's language, and the public one holds
no secret, over seeded playouts (the secrets of the moment collected as the leak tests do)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest

from gavel.tables import i18n
from gavel.tables.images import ALT_MAX, describe, describe_lines, parts_description
from gavel.tables.table import engine_config
from rules import registry
from rules.core import Game, SeededChance
from rules.judge_dredd.content import load_perps
from rules.judtho.describe import attackers
from rules.judtho.pieces import LETTERS
from rules.plugin import Words
from tests.tables.test_json_leaks import judgement_secrets

NAMES = ["Alice", "Bob", "Carol", "Dave", "Erin", "Frank"]
EN, ZH = i18n.speech("en"), i18n.speech("zh-TW")


def playout(key: str, seats: int, seed: int, steps: int, every: int = 7) -> Iterator[tuple[Game[Any], Any]]:
    """A seeded game of random legal moves, stopping to look every `every` steps."""
    game = registry.plugin(key).game
    state = game.new_game(engine_config({}, None), seats, SeededChance(seed))
    rng = random.Random(seed)
    for step in range(steps):
        if game.outcome(state) is not None:
            break
        seat = rng.choice(sorted(game.to_act(state)))
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)), SeededChance(rng.randrange(1 << 30)))
        if step % every == 0:
            yield game, state
    yield game, state


def said(key: str, view: dict[str, Any], names: list[str] = NAMES) -> dict[str, str]:
    return describe(key, view, names[: len(view.get("players") or view.get("judges") or [])])


def mentions(text: str, word: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text) is not None


# --------------------------------------------------------------------------- the default


def test_describe_default_says_the_game_its_players_and_its_facts() -> None:
    class Facts(Words):
        reads_facts = True

        def facts(self, public: Any, names: Any) -> dict[str, Any]:
            return {"leader": public["leader"]}

    text = Facts(key="judtho").describe({"seat": None, "leader": "Bob"}, ["Alice", "Bob"], EN)
    assert text == "The board of Judtho. Players: Alice, Bob. leader: Bob."
    chinese = Words(key="judtho").describe({"seat": None}, ["Alice", "Bob"], ZH)
    assert "Judtho 多人西洋棋" in chinese and "Alice、Bob" in chinese


def test_describe_is_cut_to_what_discord_keeps(monkeypatch: pytest.MonkeyPatch) -> None:
    words = registry.plugin("dads_army").words
    monkeypatch.setattr(type(words), "describe", lambda self, view, names, say: "x" * 5000)
    found = describe("dads_army", {}, [])
    assert set(found) == set(i18n.LANGUAGES) and all(len(t) == ALT_MAX and t.endswith("…") for t in found.values())


def test_describe_lines_reads_a_hand_in_each_language() -> None:
    from rules.core import Msg

    found = describe_lines([Msg("judtho.army.white")], [], "table.alt.hand")
    assert found == {"en": "What only you can see: White", "zh-TW": "只有你看得到的：白方"}


@pytest.mark.parametrize("key", ["dads_army", "judge_dredd", "judgement", "judtho"])
def test_describe_the_rules_picture_in_each_language(key: str) -> None:
    english, chinese = parts_description(key, "en"), parts_description(key, "zh-TW")
    assert english.startswith(i18n.gettext(f"{key}.parts.title", "en"))
    assert chinese.startswith(i18n.gettext(f"{key}.parts.title", "zh-TW")) and english != chinese
    assert 0 < len(english) <= ALT_MAX and 0 < len(chinese) <= ALT_MAX


# --------------------------------------------------------------------------- Judtho


def test_describe_judtho_lists_every_piece_by_square_and_whose_move() -> None:
    for game, state in playout("judtho", 4, 3, 150, every=25):
        view = game.view(state, None)
        text = said("judtho", view)["en"]
        for square, (_colour, piece) in view["board"].items():
            short = square if piece == "pawn" else f"{LETTERS[piece]}{square}"
            assert mentions(text, short), (short, text)
        if view["phase"] == "play" and not view["winner"]:
            army = i18n.gettext(f"judtho.army.{view['to_move']}", "en")
            assert f"{army} (" in text and "to move." in text
        assert len(text) <= ALT_MAX
    kings = [f"K{sq}" for sq, held in view["board"].items() if held[1] == "king"]
    assert kings and all(k in text for k in kings)  # the King squares, named


def test_describe_judtho_in_chinese_names_the_armies_in_chinese() -> None:
    game, state = list(playout("judtho", 4, 5, 80))[-1]
    text = said("judtho", game.view(state, None))["zh-TW"]
    assert "白方" in text and "國王" in text and "White" not in text


def test_describe_judtho_names_a_king_under_attack() -> None:
    relations = {"white": {"red": "opponent", "yellow": "rival", "black": "opponent"},
                 "red": {"white": "opponent", "yellow": "opponent", "black": "rival"},
                 "yellow": {"white": "rival", "red": "opponent", "black": "opponent"},
                 "black": {"white": "opponent", "red": "rival", "yellow": "opponent"}}
    view = {"seat": None, "phase": "play", "variant": "quattro", "to_move": "red",
            "colours": ["white", "red", "yellow", "black"], "relations": relations,
            "players": [{"seat": i, "colours": [c], "points": 0, "status": "active"}
                        for i, c in enumerate(["white", "red", "yellow", "black"])],
            "board": {"a1": ["white", "king"], "a5": ["red", "rook"], "l12": ["red", "king"]}}
    assert attackers(view) == {"a1": ["red"]}
    text = said("judtho", view)["en"]
    assert "White's King on a1 is under attack by Red." in text and "Ka1" in text and "Ra5" in text
    blocked = {**view, "board": {**view["board"], "a3": ["white", "pawn"]}}
    assert attackers(blocked) == {}


# --------------------------------------------------------------------------- Dad's Army


def test_describe_dads_army_gives_each_mans_square_and_who_is_nearest_home() -> None:
    for game, state in playout("dads_army", 4, 7, 120, every=30):
        view = game.view(state, None)
        text = said("dads_army", view)["en"]
        for man, where in view["men"].items():
            name = i18n.gettext(f"dads_army.man.{man}", "en")
            assert f"{name} {'home ' if where['arrived'] else ''}at {where['square'][0]},{where['square'][1]}" in text
        if view["winner"] is None:
            assert "Nearest home: " in text
        assert len(text) <= ALT_MAX


def test_describe_dads_army_in_chinese() -> None:
    game, state = list(playout("dads_army", 4, 8, 30))[-1]
    text = said("dads_army", game.view(state, None))["zh-TW"]
    assert i18n.gettext("dads_army.man.mainwaring", "zh-TW") in text and "最接近家的是" in text


# --------------------------------------------------------------------------- Judge Dredd


def dredd_secrets(state: Any) -> set[str]:
    """Every card in a hand and every face-down Perp, by id and by name in both languages, less
    what is face up somewhere (a Perp's name may be on the map already)."""
    face_up = {c.perp for c in state.crimes if c.revealed} | {p for j in state.judges for p, _ in j.arrested}
    face_up |= {p for p, _ in getattr(state, "gone", [])}
    perps = {c.perp for c in state.crimes if not c.revealed and c.perp} - face_up
    cards = {card for j in state.judges for card in j.hand}
    words = {w for p in perps for w in (i18n.gettext(f"judge_dredd.perp.{p}", lang) for lang in i18n.LANGUAGES)}
    words |= {w for c in cards for w in (i18n.gettext(f"judge_dredd.cardname.{c}", lang) for lang in i18n.LANGUAGES)}
    # A card named as a place is part of that place's name ("Otto Sump", "Otto Sump's Ugly Clinic").
    return {w for w in words | perps | cards if not any(w in name for name in sector_names())}


def sector_names() -> list[str]:
    return [text for lang in i18n.LANGUAGES for key, text in i18n.catalogue(lang).items()
            if key.startswith("judge_dredd.sector.")]


@pytest.mark.parametrize(("seats", "seed"), [(2, 1), (4, 2), (6, 3)])
def test_describe_judge_dredd_in_public_holds_no_hand_nor_face_down_perp(seats: int, seed: int) -> None:
    looked = 0
    for game, state in playout("judge_dredd", seats, seed, 300):
        view = game.view(state, None)
        texts = said("judge_dredd", view)
        secrets = dredd_secrets(state)
        for lang, text in texts.items():
            assert not leaked(text, secrets, lang), text
        for j in view["judges"]:  # each Judge's Sector and score
            if j["at"]:
                assert i18n.gettext(f"judge_dredd.sector.{j['at']}", "en") in texts["en"]
            assert f"score {j['score']}" in texts["en"]
        for c in view["crimes"]:
            assert i18n.gettext(f"judge_dredd.crime.{c['crime']}", "en") in texts["en"]
            if c["revealed"] and c["perp"]:
                assert i18n.gettext(f"judge_dredd.perp.{c['perp']}", "en") in texts["en"]
        looked += 1
    assert looked > 5


def test_describe_judge_dredd_own_view_names_its_own_hand_only() -> None:
    game, state = list(playout("judge_dredd", 3, 4, 60))[-1]
    mine = said("judge_dredd", game.view(state, 0))["en"]
    own = {i18n.gettext(f"judge_dredd.cardname.{c}", "en") for c in state.judges[0].hand}
    assert own and all(name in mine for name in own)
    others = {i18n.gettext(f"judge_dredd.cardname.{c}", "en") for j in state.judges[1:] for c in j.hand} - own
    assert not [w for w in others if mentions(mine, w)]


def leaked(text: str, secrets: set[str], lang: str) -> list[str]:
    """The secrets a Judge Dredd description names (its title, "Judge Dredd map", is also a card's name)."""
    body = text.removeprefix(i18n.gettext("judge_dredd.alt.board", lang))
    return [w for w in secrets if mentions(body, w)]


def test_describe_judge_dredd_the_check_catches_a_leaked_perp_or_hand() -> None:
    """Describing a view that showed a face-down Perp, or a hand, would fail the check above."""
    game, state = list(playout("judge_dredd", 4, 2, 20))[-1]
    hidden = [c.perp for c in state.crimes if not c.revealed and c.perp]
    assert hidden and set(hidden) <= set(load_perps())
    view = game.view(state, None)
    leaky = {**view, "crimes": [{**c, "perp": p.perp, "perp_cv": 1, "revealed": True}
                                for c, p in zip(view["crimes"], state.crimes, strict=True)]}
    assert leaked(said("judge_dredd", leaky)["en"], dredd_secrets(state), "en")
    hand = {**game.view(state, 0), "seat": 0}
    assert leaked(said("judge_dredd", hand)["zh-TW"], dredd_secrets(state), "zh-TW")


# --------------------------------------------------------------------------- The City of Judgement


def judgement_hidden(state: Any) -> set[str]:
    """The characters nobody may know yet (`test_json_leaks`), and the roles not shown of any
    seat whose role is hidden, unless some shown role is the same."""
    words = judgement_secrets(SimpleNamespace(state=state))  # type: ignore[arg-type]
    shown = {p.identity for p in state.players if p.identity_shown}
    roles = {p.identity for p in state.players if not p.identity_shown and p.alive} - shown
    return words | {i18n.gettext(f"judgement.identity.{r}", lang) for r in roles for lang in i18n.LANGUAGES}


@pytest.mark.parametrize(("seats", "seed"), [(4, 1), (6, 2), (8, 3)])
def test_describe_judgement_in_public_names_locations_and_no_hidden_role(seats: int, seed: int) -> None:
    looked = 0
    for game, state in playout("judgement", seats, seed, 400):
        view = game.view(state, None)
        texts = said("judgement", view)
        hidden = judgement_hidden(state)
        for text in texts.values():
            assert not [w for w in hidden if mentions(text, w)], ([w for w in hidden if mentions(text, w)], text)
        for p in view["players"]:
            if p["at"]:
                assert i18n.gettext(f"judgement.loc.{p['at']}", "en") in texts["en"]
        looked += 1
    assert looked > 5


def test_describe_judgement_own_view_tells_its_own_role() -> None:
    game, state = list(playout("judgement", 4, 9, 40))[-1]
    me = state.players[1]
    mine = said("judgement", game.view(state, 1))
    assert i18n.gettext(f"judgement.char.{me.character}", "en") in mine["en"]
    assert i18n.gettext(f"judgement.identity.{me.identity}", "zh-TW") in mine["zh-TW"]


def test_describe_judgement_the_check_catches_a_hidden_character_or_role() -> None:
    game, state = list(playout("judgement", 4, 1, 40))[-1]
    view = game.view(state, None)
    hidden = judgement_hidden(state)
    leaky = {**view, "players": [{**p, "character": s.character, "identity": s.identity, "hp": 10}
                                 for p, s in zip(view["players"], state.players, strict=True)]}
    for lang, text in said("judgement", leaky).items():
        assert [w for w in hidden if mentions(text, w)], lang


def test_describe_judtho_says_the_boards_size_for_two_players_too() -> None:
    game, state = list(playout("judtho", 2, 4, 60))[-1]
    view = game.view(state, None)
    assert view["variant"] == "duo"
    text = said("judtho", view)["en"]
    assert text.startswith("Judtho board, 6 files by 12 ranks.")
    assert [f"K{sq}" for sq, held in view["board"].items() if held[1] == "king"]
    assert all(f"K{sq}" in text for sq, held in view["board"].items() if held[1] == "king")

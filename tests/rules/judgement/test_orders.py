"""指令卡: give (c28), obey truthfully (c29, c32), secrecy (c30, e1), the discard (c31), ruling 13,
and one test per Order card (o1-o12, N6.8)."""

from __future__ import annotations

import pytest

from rules.core import IllegalAction, SeededChance
from rules.judgement import cards
from rules.judgement.actions import parse_action
from rules.judgement.content import load
from rules.judgement.frames import KINDS
from rules.judgement.state import top

from .cards_kit import BLUE, GREEN, RED, YELLOW, act, dice, kinds, legal, stack, table

ORDER_IDS = {c.id for c in load().cards.values() if c.pack == "order"}
RESULTS = {"order_hurt", "order_healed", "order_paid", "order_nothing", "order_shown_secretly"}


def handed(state, card: str, to: int = BLUE, giver: int = RED):
    """`giver` draws `card` and gives it to `to`; the obey frame is open. The events so far."""
    stack(state, "order", card)
    events = cards.draw(state, giver, "order", dice())
    return events + act(state, giver, f"give {state.players[to].colour}")


def answered(state, card: str, identity: str, text: str = "obey", *, to: int = BLUE, damage: int = 0):
    """Blue (of `identity`) is handed `card` by Red and answers `text`; all the events."""
    state.players[to].identity = identity
    state.players[to].damage = damage
    events = handed(state, card, to)
    return events + act(state, to, text)


def public_results(events) -> list[str]:
    return [e.kind for e in events if e.public and e.kind in RESULTS]


# --------------------------------------------------------------------------- clauses


def test_c28_tavern_order_must_go_to_another_player():
    state = table()
    stack(state, "order", "slap")
    events = cards.draw(state, RED, "order", dice())
    assert kinds(events) == ["order_drawn", "order_card"]
    assert events[0].params == {"seat": RED} and events[1].to == (RED,)
    assert top(state).kind == "give" and legal(state, RED) == ["give blue", "give green", "give yellow"]
    state.players[GREEN].alive = False
    assert legal(state, RED) == ["give blue", "give yellow"]  # another LIVING player (ruling ours)


def test_c28_one_other_living_player_is_given_at_once():
    state = table()
    state.players[GREEN].alive = state.players[YELLOW].alive = False
    stack(state, "order", "slap")
    events = cards.draw(state, RED, "order", dice())
    assert "order_given" in kinds(events) and top(state).kind == "obey" and top(state).seats == [BLUE]


def test_c29_recipient_answers_from_true_identity():
    for identity, result in (("guard", "order_hurt"), ("assassin", "order_nothing"), ("commoner", "order_nothing")):
        state = table()
        assert public_results(answered(state, "slap", identity)) == [result]
        assert state.players[BLUE].damage == (1 if identity == "guard" else 0)


def test_c30_order_text_only_to_giver_and_recipient():
    state = table()
    events = answered(state, "accusation", "assassin")
    for event in events:
        if any(v in ORDER_IDS for v in event.params.values()):
            assert event.to is not None and set(event.to) <= {RED, BLUE}, event
    text = next(e for e in events if e.kind == "order_text")
    assert text.to == (RED, BLUE) and text.params == {"by": RED, "to": BLUE, "card": "accusation"}
    assert "card" not in KINDS["obey"].public and "card" not in KINDS["give"].public


def test_c31_order_discard_face_down_reshuffled_when_empty():
    state = table()
    answered(state, "slap", "commoner")
    assert state.order == [] and state.order_discard == ["slap"]
    events = cards.draw(state, RED, "order", SeededChance(3))
    assert events[0].kind == "deck_reshuffled" and events[0].params == {"deck": "order", "count": 1}
    assert state.order_discard == [] and top(state).kind == "give"


def test_c32_accusation_example_assassin_takes_1_others_nothing():
    """The rulebook's example: A gives 「我打賭你是一個刺客，如果你是，你承受一點傷害」 to B."""
    for identity in ("assassin", "guard", "commoner"):
        state = table()
        events = answered(state, "accusation", identity)
        if identity == "assassin":
            assert public_results(events) == ["order_hurt"] and state.players[BLUE].damage == 1
            assert state.players[RED].damage == 0  # "you" is the recipient, not the drawer
        else:
            assert public_results(events) == ["order_nothing"] and state.players[BLUE].damage == 0
        assert state.order_discard == ["accusation"] and top(state) is None


def test_e1_order_recipient_always_asked():
    for card in sorted(ORDER_IDS):
        for identity in ("guard", "assassin", "commoner"):
            state = table()
            state.players[BLUE].identity = identity
            events = handed(state, card)
            assert top(state).kind == "obey" and top(state).seats == [BLUE], (card, identity)
            assert [e.kind for e in events if e.public] == ["order_drawn", "order_given"]
            assert "obey" in legal(state, BLUE)


def test_one_public_result_and_no_card_id_in_public():
    for card in sorted(ORDER_IDS):
        for identity in ("guard", "assassin", "commoner"):
            state = table()
            state.players[BLUE].equipment = ["cleaver"]
            events = answered(state, card, identity, damage=1)
            assert len(public_results(events)) == 1, (card, identity)
            for event in events:
                if event.public:
                    assert not set(map(str, event.params.values())) & ORDER_IDS, event
                    assert event.params.get("source") != card


def test_order_notes_kept_by_both_seats():
    state = table()
    answered(state, "slap", "guard")
    for seat in (RED, BLUE):
        [note] = state.players[seat].orders
        assert (note.card, note.giver, note.recipient, note.result) == ("slap", RED, BLUE, "hurt")
    assert state.players[GREEN].orders == []


def test_order_damage_is_direct_by_the_giver():
    state = table()
    state.players[BLUE].damage = 12  # blood_count, 13 HP
    answered(state, "slap", "guard", damage=12)
    assert state.deaths[0].seat == BLUE and state.deaths[0].by == RED and state.deaths[0].direct


# --------------------------------------------------------------------------- ruling 13


def test_r13_pay_or_damage_recipient_chooses():
    state = table()
    state.players[BLUE].equipment = ["cleaver", "amulet"]
    state.players[BLUE].identity = "guard"
    handed(state, "extortion")
    assert legal(state, BLUE) == ["obey", "pay cleaver", "pay amulet"]
    events = act(state, BLUE, "pay amulet")
    assert public_results(events) == ["order_paid"]
    paid = next(e for e in events if e.kind == "order_paid")
    assert paid.params == {"by": RED, "to": BLUE, "card": "amulet"}
    assert state.players[RED].equipment == ["amulet"] and state.players[BLUE].damage == 0
    other = table()
    other.players[BLUE].equipment = ["cleaver"]
    answered(other, "extortion", "guard")
    assert other.players[BLUE].damage == 1 and other.players[BLUE].equipment == ["cleaver"]


def test_r13_pay_offered_only_when_the_bet_holds():
    state = table()
    state.players[BLUE].equipment = ["cleaver"]
    state.players[BLUE].identity = "assassin"
    handed(state, "extortion")
    assert legal(state, BLUE) == ["obey"]


def test_r13_heal_card_on_unhurt_deals_1():
    state = table()
    events = answered(state, "succour", "guard")
    assert public_results(events) == ["order_hurt"] and state.players[BLUE].damage == 1
    hurt = table()
    events = answered(hurt, "succour", "guard", damage=3)
    assert public_results(events) == ["order_healed"] and hurt.players[BLUE].damage == 2


def test_r13_veiled_lady_may_lie_not_to_spy():
    state = table(chars=["duelist", "veiled_lady", "blood_count", "swordswoman"])  # face down
    state.players[BLUE].identity = "assassin"
    handed(state, "accusation")
    assert legal(state, BLUE) == ["obey", "pose guard", "pose assassin", "pose commoner"]
    events = act(state, BLUE, "pose guard")
    assert public_results(events) == ["order_nothing"] and state.players[BLUE].damage == 0
    spy = table(chars=["duelist", "veiled_lady", "blood_count", "swordswoman"])
    spy.players[BLUE].identity = "assassin"
    handed(spy, "spys_order")
    assert legal(spy, BLUE) == ["obey"]
    act(spy, BLUE, "obey")
    assert spy.players[RED].known == {BLUE: "assassin"}


def test_r13_veiled_lady_lies_about_identity_not_hp():
    state = table(chars=["duelist", "veiled_lady", "blood_count", "swordswoman"])  # 11 HP
    events = answered(state, "bullying", "guard", "pose assassin")
    assert public_results(events) == ["order_hurt"] and state.players[BLUE].damage == 1


def test_r13_veiled_lady_posing_into_pay_then_chooses():
    state = table(chars=["duelist", "veiled_lady", "blood_count", "swordswoman"])
    state.players[BLUE].equipment = ["flail"]
    state.players[BLUE].identity = "assassin"
    handed(state, "extortion")
    assert act(state, BLUE, "pose guard") == [] and legal(state, BLUE) == ["obey", "pay flail"]
    act(state, BLUE, "pay flail")
    assert state.players[RED].equipment == ["flail"]


def test_r13_sealed_veiled_lady_cannot_pose():
    state = table(chars=["duelist", "veiled_lady", "blood_count", "swordswoman"])
    state.players[BLUE].sealed = True
    handed(state, "accusation")
    assert legal(state, BLUE) == ["obey"]


# --------------------------------------------------------------------------- each card (C1-C12)


@pytest.mark.parametrize(
    ("number", "card", "true_for", "kind"),
    [
        ("o1", "extortion", {"commoner", "guard"}, "order_hurt"),
        ("o2", "greed", {"commoner", "assassin"}, "order_hurt"),
        ("o3", "wrath", {"guard", "assassin"}, "order_hurt"),
        ("o4", "slap", {"guard"}, "order_hurt"),
        ("o5", "accusation", {"assassin"}, "order_hurt"),
        ("o6", "banishment", {"assassin"}, "order_hurt"),
    ],
)
def test_o1_to_o6_identity_bets_hurt(number, card, true_for, kind):
    amount = 2 if card == "banishment" else 1
    for identity in ("guard", "assassin", "commoner"):
        state = table()
        events = answered(state, card, identity)
        holds = identity in true_for
        assert public_results(events) == [kind if holds else "order_nothing"], (card, identity)
        assert state.players[BLUE].damage == (amount if holds else 0)


@pytest.mark.parametrize(
    ("number", "card", "holds_for"),
    [("o7", "solace", "commoner"), ("o8", "succour", "guard"), ("o9", "secret_meeting", "assassin")],
)
def test_o7_to_o9_heal_bets(number, card, holds_for):
    for identity in ("guard", "assassin", "commoner"):
        state = table()
        events = answered(state, card, identity, damage=2)
        holds = identity == holds_for
        assert public_results(events) == ["order_healed" if holds else "order_nothing"]
        assert state.players[BLUE].damage == (1 if holds else 2)


def test_o10_harsh_lesson_hp_12_or_more_takes_2():
    state = table(chars=["duelist", "blood_count", "swordswoman", "executioner"])
    assert public_results(answered(state, "harsh_lesson", "guard")) == ["order_hurt"]
    assert state.players[BLUE].damage == 2
    low = table(chars=["duelist", "executioner", "swordswoman", "blood_count"])  # 11 HP
    assert public_results(answered(low, "harsh_lesson", "guard")) == ["order_nothing"]


def test_o11_bullying_hp_11_or_less_takes_1():
    state = table(chars=["duelist", "executioner", "swordswoman", "blood_count"])
    assert public_results(answered(state, "bullying", "assassin")) == ["order_hurt"]
    assert state.players[BLUE].damage == 1
    high = table()
    assert public_results(answered(high, "bullying", "assassin")) == ["order_nothing"]


def test_o12_spys_order_shows_identity_to_giver_only():
    state = table()
    events = answered(state, "spys_order", "commoner")
    spied = next(e for e in events if e.kind == "order_spied")
    assert spied.to == (RED, BLUE) and spied.params == {"by": RED, "to": BLUE, "identity": "commoner"}
    shown = next(e for e in events if e.kind == "order_shown_secretly")
    assert shown.public and shown.params == {"by": RED, "to": BLUE}
    assert state.players[RED].known == {BLUE: "commoner"} and not state.players[BLUE].identity_shown
    assert state.players[BLUE].orders[0].result == "shown_secretly"


def test_obey_timeout_answers_truthfully():
    state = table()
    handed(state, "slap")
    assert str(KINDS["obey"].timeout(state, BLUE)) == "obey"


def test_c28_c29_through_the_engine():
    """酒館 at the location step, driven by `GAME.apply`: the giver then the recipient are asked."""
    from rules.judgement import turn
    from rules.judgement.engine import GAME

    state = table(at=["tavern", "cathedral", "ossuary", "black_market"])
    state.players[BLUE].identity = "assassin"
    stack(state, "order", "accusation")
    turn.advance(state, dice())
    assert GAME.to_act(state) == {RED} and top(state).kind == "give"
    with pytest.raises(IllegalAction):
        GAME.apply(state, RED, "give red", dice())
    events = GAME.apply(state, RED, "give blue", dice())
    assert GAME.to_act(state) == {BLUE} and "obey" in [str(a) for a in GAME.legal_actions(state, BLUE)]
    events = GAME.apply(state, BLUE, "obey", dice())
    assert public_results(events) == ["order_hurt"] and state.players[BLUE].damage == 1
    assert state.step == "attack" or top(state) is not None


def test_c28_refusals_say_why():
    state = table()
    stack(state, "order", "spys_order")
    cards.draw(state, RED, "order", dice())
    why = KINDS["give"].why
    assert why(state, RED, parse_action("give red")).code == "judgement_order_give_another"
    state.players[GREEN].alive = False
    assert why(state, RED, parse_action("give green")).code == "judgement_order_give_living"
    state.players[GREEN].alive = True
    act(state, RED, "give blue")
    state.players[BLUE].character = "veiled_lady"
    assert KINDS["obey"].why(state, BLUE, parse_action("pose guard")).code == "judgement_order_no_lie_to_spy"
    assert KINDS["obey"].why(state, BLUE, parse_action("pay cleaver")).code == "judgement_order_pay_not_yours"

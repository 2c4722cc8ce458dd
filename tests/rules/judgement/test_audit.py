"""The rules audit (clause by clause against the rulebook, rulings 1-15 and the content file):
the tests the audit found missing, or whose rule a bug had broken. Named after the clause."""

from __future__ import annotations

from pathlib import Path

from babel.messages.pofile import read_po

from gavel.tables import i18n
from rules.core import Event, ScriptedChance
from rules.judgement import attack, present
from rules.judgement.actions import AttackAction, Keep, Pass, UseSkill
from rules.judgement.engine import GAME
from rules.judgement.frames import KINDS, asked
from rules.judgement.state import top

from .cards_kit import RED, act, kinds, stack, table
from .characters_kit import make

ROOT = Path(__file__).resolve().parents[3]


def _words(event: Event, lang: str) -> str:
    return i18n.render(present.describe(event), lang, lambda s: f"#{s}")  # seats as #0, #1 ...


# --------------------------------------------------------------------------- r6: heal floors at 0


def test_r6_heal_of_an_unhurt_drawer_reads_no_damage_to_heal() -> None:
    """蝙蝠群's drawer heals 1 after the 2 (cards.py ruling); an unhurt drawer heals nothing, and the
    public line says so instead of "heals 0" (ruling 6: healing floors at 0)."""
    state = table(4)
    stack(state, "dark", "bat_swarm")
    from rules.judgement import cards

    cards.draw(state, RED, "dark", ScriptedChance([]))
    events = act(state, RED, "target blue")
    assert kinds(events) == ["card_target", "hurt", "healed"]
    healed = events[-1]
    assert healed.params["n"] == 0 and state.players[RED].damage == 0
    assert present.describe(healed).key == "judgement.event.healed_none"
    assert _words(healed, "en").startswith("red #0 has no damage to heal")
    assert "沒有傷害可回復" in _words(healed, "zh-TW")
    hurt_heal = Event("healed", {"seat": 1, "n": 2, "by": 1, "source": "holy_water", "damage": 3})
    assert present.describe(hurt_heal).key == "judgement.event.healed"


# --------------------------------------------------------------------------- c25: the attack step


def _captain_kills_lance_holder_with_crossbow():
    """禁衛隊長 (鐵壁 unused) attacks with 連弩: blue (HP 12, damage 11, holds 聖騎士之槍) dies,
    green (傭兵) survives. The loot (the lance) asks the guard captain `show`/`keep`."""
    state = make(
        ["captain_of_the_guard", "duelist", "mercenary", "swordswoman"],
        at=["tavern", "tavern", "market_square", "ossuary"],
    )
    state.players[0].equipment = ["repeating_crossbow"]
    state.players[1].equipment = ["paladins_lance"]
    state.players[1].damage = 11
    state.step_begun = True
    attack.begin(state, 0, ScriptedChance([]))
    GAME.apply(state, 0, AttackAction("blue"), ScriptedChance([1, 4]))  # d4 1, d6 4: 3 to each
    assert not state.players[1].alive and state.players[0].equipment[-1] == "paladins_lance"
    assert [f.kind for f in state.frames] == ["show"]
    return state


def test_c25_attack_interrupted_by_a_loot_show_asks_counter_in_the_attack_step() -> None:
    """The 反擊 window of an attack that another module's frame paused comes in the attack step."""
    state = _captain_kills_lance_holder_with_crossbow()
    GAME.apply(state, 0, Keep(), ScriptedChance([]))
    frame = top(state)
    assert frame is not None and frame.kind == "counter" and asked(frame) == [2]


def test_c25_attack_interrupted_by_a_loot_show_still_offers_iron_wall() -> None:
    """After the paused attack's 反擊 window, the turn's end still offers 鐵壁 (k14): the attack
    finishes in the attack step (turn.advance resumes it), not inside the finish step's entry."""
    state = _captain_kills_lance_holder_with_crossbow()
    GAME.apply(state, 0, Keep(), ScriptedChance([]))
    GAME.apply(state, 2, Pass(), ScriptedChance([]))
    frame = top(state)
    assert frame is not None and frame.kind == "turn_end" and asked(frame) == [0]
    assert UseSkill("iron_wall") in KINDS["turn_end"].legal(state, 0)


# --------------------------------------------------------------------------- words: the rulebook's terms


RULEBOOK_TERMS = {
    "翻開": "亮出",  # 名詞解釋: 亮出人物
    "蓋著": "蓋伏",
    "救援": "救助",  # 瀕死狀態及死亡: 無人救助
    "擊殺獎勵": "死亡獎勵",
    "守衛": "侍衛",
    "殺手": "刺客",
    "村民": "平民",
    "命令卡": "指令卡",
    "神聖卡": "聖卡",
    "黑暗卡": "暗卡",
    "垂死": "瀕死",
    "身分": "身份",
}
"""Words the zh-TW texts must not use, and the rulebook's own term for the same thing."""


def test_words_zh_tw_use_the_rulebook_terms() -> None:
    """Every zh-TW text of the game's rules and flow says things in the rulebook's words."""
    wrong = []
    for path in sorted((ROOT / "data/locale/zh_TW/LC_MESSAGES").glob("judgement*.po")):
        with path.open("rb") as fh:
            catalog = read_po(fh)
        for message in catalog:
            text = message.string if isinstance(message.string, str) else " ".join(message.string)
            for bad, good in RULEBOOK_TERMS.items():
                if bad in text:
                    wrong.append(f"{path.name} {message.id}: {bad} -> {good}")
    assert wrong == []


# --------------------------------------------------------------------------- c22, r6: the words of a throw and a hit


def test_c22_attack_dice_read_as_d6_minus_d4_not_a_sum() -> None:
    """攻擊: 傷害值等於6面骰子數值減去4面骰子數值: the attack dice's `total` (here −2) is told as the
    damage rolled, not as a sum (合計) as the move's dice are."""
    throw = Event("dice", {"seat": 0, "d4": 2, "d6": 5, "total": 3, "why": "attack"})
    move = Event("dice", {"seat": 0, "d4": 4, "d6": 2, "total": 6, "why": "move"})
    assert present.describe(throw).key == "judgement.event.dice_attack"
    assert present.describe(move).key == "judgement.event.dice"
    assert "傷害值 3" in _words(throw, "zh-TW") and "合計" not in _words(throw, "zh-TW")
    assert "damage 3" in _words(throw, "en")


def test_c22_attack_dice_of_0_or_less_read_as_a_miss_never_negative_damage() -> None:
    """c22: d6 − d4 of 0 or less is a miss: the line says so, never "damage -2"."""
    for total, d4, d6 in ((-2, 4, 2), (0, 3, 3)):
        throw = Event("dice", {"seat": 0, "d4": d4, "d6": d6, "total": total, "why": "attack"})
        assert present.describe(throw).key == "judgement.event.dice_attack_miss"
        en, zh = _words(throw, "en"), _words(throw, "zh-TW")
        assert "a miss" in en and "damage -" not in en and f"damage {total}" not in en
        assert "未命中" in zh and "傷害值 -" not in zh


def test_r6_vestment_hit_brought_to_zero_reads_no_damage() -> None:
    """Ruling 6: 聖袍 may bring a hit down to 0; the line says "takes no damage", not "takes 0"."""
    from rules.judgement import damage

    state = make(["duelist", "mercenary", "swordswoman", "gravedigger"])
    state.players[1].equipment = ["holy_vestment"]
    events = damage.hurt(state, 1, 1, by=0, source="attack", direct=True, attack=True)
    assert [e.kind for e in events] == ["armour", "hurt"] and events[1].params["n"] == 0
    assert present.describe(events[1]).key == "judgement.event.hurt_none"
    assert "未受到傷害" in _words(events[1], "zh-TW")
    assert "reduced the damage from 1 to 0" in _words(events[0], "en")
    order = Event("order_hurt", {"by": 0, "to": 1, "n": 0, "damage": 0})
    assert present.describe(order).key == "judgement.event.order_hurt_none"


# --------------------------------------------------------------------------- r14 / Q5: a batch of deaths


def test_r14_one_effect_wiping_out_both_factions_lets_both_win() -> None:
    """天雷 leaves the last 侍衛 (seat 0) and the last 刺客 (seat 1) dying together. Ruling 10
    settles them one at a time, but ruling 14 / Q5: the goals are checked once after the whole
    batch, so both factions win ("both factions if one effect wiped out both"); the game does not
    end while seat 1's rescue window is still to come."""
    from rules.judgement import cards, death

    state = make(
        ["duelist", "mercenary", "white_fairy", "swordswoman", "gravedigger"],
        ["guard", "assassin", "commoner", "guard", "assassin"],
        revealed=False,  # face down: anyone could be the 賣花女, so each death has its window (e1)
        active=2,
    )
    for seat in (3, 4):
        state.players[seat].alive, state.players[seat].revealed = False, True
    state.players[0].damage, state.players[1].damage = 10, 12
    stack(state, "holy", "heavens_thunder")
    cards.draw(state, 2, "holy", ScriptedChance([]))
    death.run(state, ScriptedChance([]))
    for dying in (0, 1):
        frame = top(state)
        assert frame is not None and frame.kind == "rescue" and frame.data["seat"] == dying
        assert state.phase == "turn"
        for seat in list(asked(frame)):
            GAME.apply(state, seat, Pass(), ScriptedChance([]))
    assert state.phase == "over"
    assert state.winners == [0, 1, 2, 3, 4]  # both factions, and 白妖精 alive (a Commoner)


# --------------------------------------------------------------------------- c13: the identity after death


def test_c13_identity_stays_hidden_while_dying_and_is_shown_after_the_death() -> None:
    """注意2: the identity card is shown only once the death is confirmed (人物確認死亡 … 後，亮出你的
    身份): not while the rescue window is open; then died, the card face up, the identity."""
    from rules.judgement import damage, death

    state = make(["white_fairy", "mercenary", "duelist", "swordswoman"], revealed=False)
    damage.hurt(state, 0, 8, by=1, source="attack", direct=True, attack=True)
    death.run(state, ScriptedChance([]))
    frame = top(state)
    assert frame is not None and frame.kind == "rescue"
    assert not state.players[0].identity_shown
    assert GAME.view(state, None)["players"][0]["identity"] is None
    events: list[Event] = []
    for seat in list(asked(frame)):
        events += KINDS["rescue"].apply(state, seat, Pass(), ScriptedChance([]))
    order = [e.kind for e in events]
    assert order.index("died") < order.index("revealed") < order.index("identity_shown")
    assert GAME.view(state, None)["players"][0]["identity"] == "guard"


# --------------------------------------------------------------------------- k14, k7: skills' reach


def test_k14_iron_wall_lasts_through_the_other_seats_turns() -> None:
    """鐵壁: "take no damage until your NEXT turn starts": another seat's turn start leaves it up,
    and it stops an attack as well as any other damage."""
    from rules.judgement import damage, skills

    state = make(["captain_of_the_guard", "mercenary", "duelist"])
    skills.on_turn_end(state, 0, ScriptedChance([]))
    KINDS["turn_end"].apply(state, 0, UseSkill("iron_wall"), ScriptedChance([]))
    state.active = 1
    skills.on_turn_start(state, ScriptedChance([]))
    assert state.players[0].shield == "all"
    events = damage.hurt(state, 0, 4, by=1, source="attack", direct=True, attack=True)
    assert [e.kind for e in events] == ["unhurt"] and state.players[0].damage == 0
    state.active = 0
    skills.on_turn_start(state, ScriptedChance([]))
    assert state.players[0].shield is None


def test_k7_public_execution_strikes_only_another_character_on_the_square() -> None:
    """公開處刑 (ruling ours, skills.py): one OTHER character on 廣場; the executioner standing there
    himself is no target, a character elsewhere neither."""
    from rules.judgement import skills

    state = make(
        ["executioner", "mercenary", "duelist"], at=["market_square", "market_square", "cathedral"]
    )
    skills.apply(state, 0, UseSkill("public_execution"), ScriptedChance([]))
    assert [str(a) for a in KINDS["skill_target"].legal(state, 0)] == ["target blue"]


# --------------------------------------------------------------------------- whole random games


def _pack_total(state, pack: str) -> int:
    """Copies of `pack`'s cards anywhere: deck, discard, equipment, or a frame holding them (c43)."""
    from rules.judgement.content import load

    ids = {c.id for c in load().cards.values() if c.pack == pack}
    n = len(getattr(state, pack)) + len(getattr(state, f"{pack}_discard"))
    n += sum(c in ids for p in state.players for c in p.equipment)
    held = [f.data.get("card") for f in state.frames if f.data.get("item") or f.kind in ("give", "obey")]
    n += sum(card in ids for card in held)
    return n


def test_r14_random_games_keep_the_rules_invariants() -> None:
    """Whole games of random legal play (seeds 393 and 500 once ended while a second dying seat's
    rescue window was still to come). After every action: no card is lost or doubled (r15, c43);
    a living character at its HP is queued to die (c37); a dead one holds no equipment once its
    reward is settled (r11); a faction wiped out ends the game (c9, c10) and a Commoner's met goal
    too (c11), but never while the batch of deaths is unsettled (ruling 14, Q5)."""
    import random

    from rules.core import SeededChance
    from rules.judgement import victory
    from rules.judgement.traits import hp

    for seed in (*range(380, 400), 500):
        rng = random.Random(seed)
        variant = "pairs" if seed % 7 == 0 else "declare_button" if seed % 5 == 0 else None
        state = GAME.new_game({"variant": variant} if variant else {}, 4 + seed % 6, SeededChance(seed))
        for _ in range(3000):
            if GAME.outcome(state) is not None:
                break
            seat = rng.choice(sorted(GAME.to_act(state)))
            action = rng.choice(GAME.legal_actions(state, seat))
            GAME.apply(state, seat, action, SeededChance(rng.randrange(1 << 30)))
            where = (seed, str(action))
            assert [_pack_total(state, p) for p in ("holy", "dark", "order")] == [16, 16, 16], where
            if state.phase == "over":
                assert not any(state.players[d.seat].alive for d in state.deaths), where
                continue
            for s, p in enumerate(state.players):
                if p.alive and p.character and p.damage >= hp(state, s):
                    assert any(d.seat == s for d in state.deaths), where
                if not p.alive and not state.frames:
                    assert p.equipment == [], where
            if state.phase == "turn" and not state.deaths and not state.frames:
                for faction in ("guard", "assassin"):
                    assert any(p.alive for p in state.players if p.identity == faction), where
                if variant != "declare_button":
                    assert not any(
                        p.identity == "commoner" and victory.triggered(state, s) for s, p in enumerate(state.players)
                    ), where
        assert GAME.outcome(state) is not None, seed

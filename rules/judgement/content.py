"""The fixed content of The City of Judgement (審判之城), read once from `data/judgement/*.toml`.

The identity table (身份分配表), the six locations, the 15 characters and the 48 cards never change
during a game, so `load()` parses them once per process into small frozen records. Every effect
and goal is data: an id plus parameters. The ids are declared here (`EFFECTS`, `GOALS`), with the
parameters each may take, so the engine has one closed list to implement and the data cannot name
an effect nobody wrote. Player-facing text comes in both languages (`Text.en`, `Text.zh_TW`).
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Any

from rules.data import data_path

DATA = data_path("judgement")

LANGUAGES = ("en", "zh_TW")
IDENTITIES = ("guard", "assassin", "commoner")
"""侍衛, 刺客, 平民 (rulebook)."""
PACKS = ("holy", "dark", "order")
"""聖卡, 暗卡, 指令卡: 16 cards each (rulebook, components)."""
CARD_KINDS = {"holy": ("equipment", "item"), "dark": ("equipment", "item"), "order": ("order",)}
"""裝備 stays in front of the character, 道具 acts at once (rulebook, 聖卡和暗卡); Order cards are handed on."""
TIMINGS = (
    "turn_start",
    "move",
    "location",
    "attack",
    "attacked",
    "turn_end",
    "any",
    "on_reveal",
    "on_dying",
    "on_death",
    "on_order_card",
)
"""When a skill may fire: the turn's phases (rulebook, 各階段解釋) plus the events skills answer."""
SKILL_KINDS = ("active", "passive", "response")
"""主動 (the player chooses), 鎖定 (always on while revealed), 回響 (answers an event)."""
TARGETS = ("self", "other", "any", "any_revealed")
KILL_CREDITS = ("direct", "indirect")
"""Rulebook 導致死亡: only a direct killer takes the reward; 天雷 and 死亡陷阱 are indirect."""

EFFECTS: Mapping[str, frozenset[str]] = MappingProxyType(
    {
        # locations (N6.4)
        "draw_order_and_give": frozenset(),
        "choose_draw": frozenset({"packs"}),
        "draw": frozenset({"pack"}),
        "damage_or_heal": frozenset({"target", "damage", "heal"}),
        "take_equipment": frozenset({"source"}),
        # skills (6.5)
        "flit": frozenset({"may_stay", "step"}),
        "heal_all": frozenset({"target"}),
        "entrust": frozenset(),
        "rescue": frozenset({"set_damage"}),
        "conceal_character": frozenset({"target"}),
        "steal_instead_of_damage": frozenset({"min_damage"}),
        "seal_skills": frozenset({"target"}),
        "answer_as_any": frozenset({"except"}),
        "skip_location": frozenset(),
        "damage_at_location": frozenset({"location", "amount"}),
        "heal": frozenset({"target", "amount"}),
        "damage_roll": frozenset({"target", "die"}),
        "attack_again": frozenset({"self_damage"}),
        "heal_on_hit": frozenset({"amount"}),
        "attack_d4_only": frozenset(),
        "take_from_discard": frozenset({"packs", "kind"}),
        "no_damage_until_next_turn": frozenset({"source"}),
        "counterattack": frozenset({"ignore_range"}),
        # Holy and Dark cards (6.6, 6.7)
        "attack_bonus": frozenset({"amount", "identity", "identity_shown"}),
        "immune_to_cards": frozenset({"cards"}),
        "immune_to_location": frozenset({"location"}),
        "move_roll_twice": frozenset(),
        "damage_modifier": frozenset({"dealt", "taken"}),
        "loot_all": frozenset(),
        "show_identity_heal_all": frozenset({"identity"}),
        "reveal_heal_all": frozenset({"hp_max"}),
        "heal_roll": frozenset({"target", "die"}),
        "extra_turn": frozenset(),
        "damage_all_others": frozenset({"amount"}),
        "force_show_identity": frozenset({"identity", "exempt_face_down"}),
        "set_damage": frozenset({"target", "value"}),
        "range_outside": frozenset(),
        "attack_all_in_range": frozenset(),
        "forced_attack_d4_only": frozenset(),
        "damage_then_heal_self": frozenset({"target", "damage", "heal"}),
        "damage_and_self": frozenset({"target", "damage", "self_damage"}),
        "doll_roll": frozenset({"target", "die", "hit_max", "damage"}),
        "damage_location_roll": frozenset({"amount"}),
        "give_equipment_or_damage": frozenset({"damage", "to"}),
        # Order cards, applied to the recipient when the bet is true (6.8)
        "damage": frozenset({"amount"}),
        "heal_or_damage": frozenset({"amount"}),
        "show_identity_to_drawer": frozenset(),
    }
)
"""Every effect id the data may name, with the parameters it may carry."""

GOALS: Mapping[str, frozenset[str]] = MappingProxyType(
    {
        "alive_at_end": frozenset(),
        "neighbour_wins": frozenset({"offset", "entrust_offset"}),
        "alive_with_saved_at_end": frozenset({"saved"}),
        "own_equipment": frozenset({"count", "pack"}),
        "sealed_dies_while_alive": frozenset(),
        "alive_never_revealed_at_end": frozenset(),
        "dead_count_alive": frozenset({"count"}),
        "first_to_die": frozenset(),
        "among_last_alive": frozenset({"count"}),
        "faction_dead_alive": frozenset({"identity"}),
        "kill_with_dead_total": frozenset({"count"}),
        "attack_kills": frozenset({"count", "min_hp"}),
        "own_named_cards": frozenset({"count", "cards"}),
        "at_location_at_end": frozenset({"location"}),
        "any_of": frozenset({"goals"}),
    }
)
"""Every Commoner goal id (平民勝利條件, N6.5); `any_of` holds a list of goals."""


@dataclass(frozen=True)
class Text:
    """One piece of player-facing text in both of the game's languages."""

    en: str
    zh_TW: str

    def get(self, lang: str) -> str:
        """The text in `lang` (`zh_TW`, `zh-TW` or anything starting `zh`); English otherwise."""
        return self.zh_TW if lang.lower().startswith("zh") else self.en


@dataclass(frozen=True, eq=False)
class Effect:
    """An effect or goal: its declared id and its parameters (read-only)."""

    id: str
    params: Mapping[str, Any]

    def __getitem__(self, key: str) -> Any:
        return self.params[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.params.get(key, default)


@dataclass(frozen=True)
class Identity:
    id: str
    name: Text
    text: Text


@dataclass(frozen=True)
class Location:
    id: str
    rolls: tuple[int, ...]
    """The d4+d6 sums that send a piece here (rulebook: 酒館 2-3, 廣場 4-5, 大聖堂 6, 埋骨之地 8)."""
    name: Text
    text: Text
    effect: Effect
    provenance: str


@dataclass(frozen=True)
class Skill:
    id: str
    name: Text
    text: Text
    timing: str
    kind: str
    once_per_game: bool
    usable_face_down: bool
    """Only 隱女's 「隱」: every other skill needs the character face up (rulebook, 角色技能 note)."""
    reveals: bool
    """Using it turns the character face up if it is not (賣花女's 「贈花」)."""
    effect: Effect


@dataclass(frozen=True)
class Character:
    id: str
    number: int
    name: Text
    hp: int
    """Dying when damage reaches this (rulebook, 瀕死狀態)."""
    skills: tuple[Skill, ...]
    goal: Effect
    """The Commoner goal, which counts only for a 平民 (rulebook, 注意1)."""
    goal_text: Text
    provenance: str


@dataclass(frozen=True)
class OrderTest:
    """The bet on an Order card's recipient ("I bet you are..."); empty means it always holds."""

    identity_in: frozenset[str] | None = None
    hp_min: int | None = None
    hp_max: int | None = None

    def holds(self, identity: str, hp: int) -> bool:
        """Whether the bet is true for a recipient with this hidden identity and character HP."""
        if self.identity_in is not None and identity not in self.identity_in:
            return False
        if self.hp_min is not None and hp < self.hp_min:
            return False
        return self.hp_max is None or hp <= self.hp_max


@dataclass(frozen=True)
class Card:
    id: str
    pack: str
    kind: str
    count: int
    name: Text
    text: Text
    effect: Effect
    kill_credit: str
    test: OrderTest | None
    """Only on Order cards."""


@dataclass(frozen=True, eq=False)
class Content:
    players: tuple[int, int]
    ring_slots: int
    free_roll: int
    """A move roll of 7 goes to any other location and is no card's number (rulebook; ruling 3)."""
    track_max: int
    identity_deck: Mapping[str, int]
    identity_table: Mapping[int, Mapping[str, int]]
    identities: Mapping[str, Identity]
    locations: Mapping[str, Location]
    characters: Mapping[str, Character]
    cards: Mapping[str, Card]

    def identities_for(self, players: int) -> tuple[str, ...]:
        """The identity cards dealt at `players` (身份分配表), guards then assassins then commoners."""
        row = self.identity_table[players]
        return tuple(i for i in IDENTITIES for _ in range(row[i]))

    def characters_each(self, players: int) -> int:
        """Characters each player is dealt to pick from: the 15 shared out equally (set-up step 4)."""
        return len(self.characters) // players

    def location_for_roll(self, roll: int) -> Location | None:
        """The location numbered `roll`; None for the free roll (7)."""
        return next((loc for loc in self.locations.values() if roll in loc.rolls), None)

    def deck(self, pack: str) -> tuple[str, ...]:
        """The card ids of a pack with copies repeated, in data order (shuffle before use)."""
        return tuple(c.id for c in self.cards.values() if c.pack == pack for _ in range(c.count))


def _text(raw: Mapping[str, str]) -> Text:
    return Text(en=raw["en"], zh_TW=raw["zh_TW"])


def _freeze(value: Any) -> Any:
    if isinstance(value, dict):
        return MappingProxyType({k: _freeze(v) for k, v in value.items()})
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


def _effect(raw: Mapping[str, Any]) -> Effect:
    params = {k: v for k, v in raw.items() if k != "id"}
    if isinstance(params.get("goals"), list):
        params["goals"] = tuple(_effect(g) for g in params["goals"])
    return Effect(id=raw["id"], params=_freeze(params))


def _by_id(records: list[Any], what: str) -> Mapping[str, Any]:
    """Records keyed by id, refusing a repeated id (a dict would silently keep the last one)."""
    out: dict[str, Any] = {}
    for r in records:
        if r.id in out:
            raise ValueError(f"judgement {what}: duplicate id {r.id!r}")
        out[r.id] = r
    return MappingProxyType(out)


def _read(name: str) -> dict[str, Any]:
    with (DATA / name).open("rb") as fh:
        return tomllib.load(fh)


def _skill(raw: Mapping[str, Any]) -> Skill:
    return Skill(
        id=raw["id"],
        name=_text(raw["name"]),
        text=_text(raw["text"]),
        timing=raw["timing"],
        kind=raw["kind"],
        once_per_game=bool(raw["once_per_game"]),
        usable_face_down=bool(raw["usable_face_down"]),
        reveals=bool(raw.get("reveals", False)),
        effect=_effect(raw["effect"]),
    )


def _test(raw: Mapping[str, Any] | None) -> OrderTest | None:
    if raw is None:
        return None
    ids = raw.get("identity_in")
    return OrderTest(
        identity_in=frozenset(ids) if ids is not None else None,
        hp_min=raw.get("hp_min"),
        hp_max=raw.get("hp_max"),
    )


@cache
def load() -> Content:
    """All of the game's content, parsed once per process."""
    setup = _read("setup.toml")
    locations = _read("locations.toml")["locations"]
    characters = _read("characters.toml")["characters"]
    cards = _read("cards.toml")["cards"]
    return Content(
        players=(int(setup["players"][0]), int(setup["players"][1])),
        ring_slots=int(setup["ring_slots"]),
        free_roll=int(setup["free_roll"]),
        track_max=int(setup["track_max"]),
        identity_deck=MappingProxyType(dict(setup["deck"])),
        identity_table=MappingProxyType({int(n): MappingProxyType(dict(row)) for n, row in setup["table"].items()}),
        identities=_by_id(
            [Identity(id=i["id"], name=_text(i["name"]), text=_text(i["text"])) for i in setup["identities"]],
            "identities",
        ),
        locations=_by_id(
            [
                Location(
                    id=loc["id"],
                    rolls=tuple(loc["rolls"]),
                    name=_text(loc["name"]),
                    text=_text(loc["text"]),
                    effect=_effect(loc["effect"]),
                    provenance=loc["provenance"],
                )
                for loc in locations
            ],
            "locations",
        ),
        characters=_by_id(
            [
                Character(
                    id=c["id"],
                    number=int(c["number"]),
                    name=_text(c["name"]),
                    hp=int(c["hp"]),
                    skills=tuple(_skill(s) for s in c["skills"]),
                    goal=_effect(c["goal"]),
                    goal_text=_text(c["goal_text"]),
                    provenance=c["provenance"],
                )
                for c in characters
            ],
            "characters",
        ),
        cards=_by_id(
            [
                Card(
                    id=c["id"],
                    pack=c["pack"],
                    kind=c["kind"],
                    count=int(c["count"]),
                    name=_text(c["name"]),
                    text=_text(c["text"]),
                    effect=_effect(c["effect"]),
                    kill_credit=c.get("kill_credit", "direct"),
                    test=_test(c.get("test")),
                )
                for c in cards
            ],
            "cards",
        ),
    )

"""The City of Judgement's events and actions as messages (`Msg`), for the translation layer.

Every event kind maps to `judgement.event.<kind>` and every action verb to `judgement.action.<verb>`.
Event params hold seat numbers and content ids only (team brief, Events); here a seat becomes a
`SeatName` and an id the name of what it names:
- a character `judgement.char.<id>`, a skill `judgement.skill.<id>`, a card `judgement.card.<id>`,
  a location `judgement.loc.<id>`, an identity `judgement.identity.<id>`, a pack
  `judgement.pack.<id>` (聖卡, 暗卡, 指令卡);
- a list of seats or ids the words of `judgement.list.<n>` ("A, B and C");
- the codes of a roll (`why`), a damage `source` that is no content id, an order `result` and the
  game's end `reason` their own keys (`judgement.why.<code>`, `judgement.source.<code>`,
  `judgement.result.<code>`, `judgement.reason.<code>`).

The names themselves are written once, in `data/judgement/*.toml` (`Text.en`, `Text.zh_TW`):
`catalogue(lang)` hands them to the translation layer through `Game.catalogue`, so no `.po` copies
them. `pick` and `pose` are secret actions (c5: the pick is secret; r13: 隱女's 「隱」): their
labels name nothing, so no log line or button text gives the character or the pose away.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from rules.core import Action, Event, Msg, SeatName

from .content import IDENTITIES, PACKS, load
from .state import COLOURS

SECRET_VERBS = frozenset({"pick", "pose"})
"""Actions whose words only their seat may know (`Game.secret_action`)."""

SEAT_KEYS = frozenset(
    {
        "seat",
        "by",
        "to",
        "target",
        "giver",
        "recipient",
        "attacker",
        "killer",
        "victim",
        "dying",
        "rescuer",
        "drawer",
        "holder",
        "mover",
        "other",
        "owner",
        "from",
        "first",
        "next",
        "previous",
        "winner",
        "active",
    }
)
"""Params that name a seat when they hold an int (a `to`/`from` holding a string is a location)."""

SEAT_LIST_KEYS = frozenset({"seats", "order", "tied", "targets", "winners", "from", "dead", "asked", "passed"})
"""Params whose list of ints is a list of seats (a key ending in `s` whose singular is a seat key too)."""

CONTENT_KEYS: dict[str, str] = {
    "character": "char",
    "card": "card",
    "location": "loc",
    "at": "loc",
    "identity": "identity",
    "pose": "identity",
    "skill": "skill",
    "deck": "pack",
    "pack": "pack",
}
"""Params whose string value is a content id of a known namespace."""

CODE_KEYS = ("why", "source", "result", "reason")
"""Params that hold a code with its own words (a content id in `source` is named as content)."""


@cache
def _namespaces() -> dict[str, str]:
    """Every content id and the namespace of its name key (ids are unique across namespaces)."""
    content = load()
    out: dict[str, str] = {}
    out.update({c: "char" for c in content.characters})
    out.update({s.id: "skill" for c in content.characters.values() for s in c.skills})
    out.update({c: "card" for c in content.cards})
    out.update({c: "loc" for c in content.locations})
    out.update({i: "identity" for i in IDENTITIES})
    out.update({p: "pack" for p in PACKS})
    return out


def name(content_id: str) -> Msg:
    """The name of any content id (character, skill, card, location, identity, pack)."""
    return Msg(f"judgement.{_namespaces()[content_id]}.{content_id}")


def names_list(items: list[Any]) -> Msg:
    """Several names (or seats) as one message: `judgement.list.<n>` with `{a0}`, `{a1}` …"""
    return Msg(f"judgement.list.{len(items)}", {f"a{i}": item for i, item in enumerate(items)})


def _code(key: str, value: str) -> Msg:
    """A code's words; a code that is a content id (a card thrown for, a damage source) is its name."""
    if key == "reason" and value.startswith("commoner:"):
        return Msg("judgement.reason.commoner", {"character": name(value.split(":", 1)[1])})
    if value in _namespaces():
        return name(value)
    return Msg(f"judgement.{key}.{value}")


def _param(key: str, value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return SeatName(value) if key in SEAT_KEYS else value
    if isinstance(value, str):
        if key in CONTENT_KEYS and value in _namespaces():
            return name(value)
        if key in CODE_KEYS:
            return _code(key, value)
        if key in SEAT_KEYS and value in COLOURS:
            return SeatName(COLOURS.index(value))
        if value in _namespaces():
            return name(value)
        return value
    if isinstance(value, (list, tuple)):
        one = key[:-1] if key.endswith("s") else key
        item = "seat" if key in SEAT_LIST_KEYS else one if one in SEAT_KEYS or one in CONTENT_KEYS else key
        return names_list([_param(item, v) for v in value])
    if isinstance(value, dict) and all(str(k).isdigit() for k in value):
        return names_list(
            [Msg("judgement.list.pair", {"seat": SeatName(int(k)), "name": _param("", v)}) for k, v in value.items()]
        )
    return value


NOTHING_DONE = frozenset({"hurt", "healed", "order_hurt"})
"""Events told apart when their `n` is 0: a hurt stopped to nothing by 聖袍 (ruling 6) or the end of
the track, a heal of an unhurt character (蝙蝠群's drawer, 吸血, 聖水, 煉金塔's heal), an Order card's
damage to a shielded recipient. They still happened (a choice, a card), so they are told, as
`<kind>_none` ("takes no damage", "has no damage to heal"), never as "0 damage"."""


def _key(event: Event) -> str:
    """The words' key of an event: `judgement.event.<kind>`, or its `_none` form (NOTHING_DONE), or
    `dice_attack` for the attack dice, whose `total` is d6 − d4 (攻擊: 傷害值), not a sum, or its
    `_death` form for what a death turns up (the character, the identity: nobody chose to show it)."""
    if event.kind in NOTHING_DONE and event.params.get("n") == 0:
        return f"judgement.event.{event.kind}_none"
    if event.kind == "dice" and event.params.get("why") == "attack":
        return "judgement.event.dice_attack"
    if event.params.get("death"):  # turned up by a death, not shown by choice
        return f"judgement.event.{event.kind}_death"
    return f"judgement.event.{event.kind}"


def describe(event: Event) -> Msg:
    """`judgement.event.<kind>` (`_key`) with every param named: seats as `SeatName`, ids as names."""
    params = {k: _param(k, v) for k, v in event.params.items()}
    if event.kind == "game_over":  # "Winner: …" or "Winners: …"
        return Msg(_key(event), params, count=len(event.params.get("winners") or ()))
    return Msg(_key(event), params)


def label(action: Action) -> Msg:
    """`judgement.action.<verb>` with each field named: `{colour}` the seat (a `SeatName`),
    `{character}`, `{location}`, `{pack}`, `{card}`, `{identity}`, `{skill}` the names, and
    `{text}` the text form. A secret action (`pick`, `pose`) has no params at all: its label says
    only that something was chosen."""
    if action.verb in SECRET_VERBS:
        return Msg(f"judgement.action.{action.verb}")
    params: dict[str, Any] = {"text": str(action)}
    for field in getattr(action, "__dataclass_fields__", {}):
        value = getattr(action, field)
        if field == "colour" and value in COLOURS:
            params[field] = SeatName(COLOURS.index(value))
        elif isinstance(value, str) and value in _namespaces():
            params[field] = name(value)
        else:
            params[field] = value
    return Msg(f"judgement.action.{action.verb}", params)


def secret_action(action: Action) -> bool:
    """`pick` (c5) and `pose` (r13): the table exports the log only after the game (`Game.secret_action`)."""
    return action.verb in SECRET_VERBS


@cache
def _catalogue(lang: str) -> dict[str, str]:
    content = load()
    out: dict[str, str] = {}
    for c in content.characters.values():
        out[f"judgement.char.{c.id}"] = c.name.get(lang)
        out[f"judgement.goal.{c.id}"] = c.goal_text.get(lang)
        for s in c.skills:
            out[f"judgement.skill.{s.id}"] = s.name.get(lang)
            out[f"judgement.skill_text.{s.id}"] = s.text.get(lang)
    for card in content.cards.values():
        out[f"judgement.card.{card.id}"] = card.name.get(lang)
        out[f"judgement.card_text.{card.id}"] = card.text.get(lang)
    for loc in content.locations.values():
        out[f"judgement.loc.{loc.id}"] = loc.name.get(lang)
        out[f"judgement.loc_text.{loc.id}"] = loc.text.get(lang)
    for ident in content.identities.values():
        out[f"judgement.identity.{ident.id}"] = ident.name.get(lang)
        out[f"judgement.identity_text.{ident.id}"] = ident.text.get(lang)
    return out


def catalogue(lang: str) -> dict[str, str]:
    """The names and texts of the content in `lang` (`en` | `zh-TW`), from the data files, for
    `Game.catalogue`: `judgement.char|goal|skill|skill_text|card|card_text|loc|loc_text|identity|
    identity_text.<id>`. The packs' names and every other word are in `judgement.po`."""
    return dict(_catalogue("zh_TW" if lang.lower().startswith("zh") else "en"))

"""Judge Dredd events and actions as messages (`Msg`), for the translation layer.

Every event kind maps to `judge_dredd.event.<kind>` and every action verb to
`judge_dredd.action.<verb>`. Ids become the names the words catalogue holds: a card
`judge_dredd.cardname.<id>`, a Sector `judge_dredd.sector.<code>`, a Crime `judge_dredd.crime.<id>`,
a Perp `judge_dredd.perp.<id>`, a Judge colour `judge_dredd.colour.<colour>`, a seat a `SeatName`.
Dice become text (`3 + 6`), a path its Sectors' count.
"""

from __future__ import annotations

from typing import Any

from rules.core import Action, Event, Listed, Msg, Seat, SeatName

from .state import ALIEN, COLOURS

SEAT_KEYS = ("seat", "player", "by", "other", "winner", "loser")
SECTOR_KEYS = ("sector", "from", "to")


def sector_name(code: str) -> Msg:
    """A Sector by its code; `icu` is the Intensive Care Unit (the words catalogue names it too)."""
    return Msg(f"judge_dredd.sector.{code}")


def crime_name(crime: str) -> Msg:
    if crime == ALIEN:
        return Msg("judge_dredd.event.the_alien")
    return Msg(f"judge_dredd.crime.{crime}")


def _param(key: str, value: Any) -> Any:
    if value is None:
        return ""
    if key in SEAT_KEYS and isinstance(value, int):
        return SeatName(value)
    if key in ("target", "first", "second", "for") and isinstance(value, int):
        return SeatName(value)
    if key in ("target", "first", "second") and value in COLOURS:
        return SeatName(COLOURS.index(value))
    if key == "card":
        return Msg(f"judge_dredd.cardname.{value}")
    if key in SECTOR_KEYS and isinstance(value, str):
        return sector_name(value)
    if key == "crime" and isinstance(value, str):
        return crime_name(value)
    if key == "perp" and isinstance(value, str):
        return Msg(f"judge_dredd.perp.{value}")
    if key == "rolls" and isinstance(value, list):
        return " + ".join(str(v) for v in value)
    if key in ("path", "judges", "cards") and isinstance(value, list):
        return len(value)
    return value


def describe(event: Event) -> Msg:
    params = {k: _param(k, v) for k, v in event.params.items()}
    kind = event.kind
    if kind in ("window", "window_closed", "passed", "skipped"):
        seat = event.params["for"] if "for" in event.params else event.params.get("seat")
        inner = {"seat": SeatName(seat) if isinstance(seat, int) else ""}
        params["window"] = Msg(f"judge_dredd.window.{event.params['window']}", inner)
        if kind == "window" and "fight" in event.params:
            params["window"] = _fight_window(event.params)
        if kind == "window" and event.params["window"] in ("issue", "answer"):
            kind = f"window_{event.params['window']}"  # not a window to play cards in: its own words
        if kind == "passed" and event.params["window"] == "issue":
            kind = "done_discarding"
    return Msg(f"judge_dredd.event.{kind}", params, count=_count(kind, event.params))


COUNTED = {"hand_dealt": "cards", "cards_drawn": "count", "final_score": "arrests", "card_took": "count"}
"""Events whose words follow a number (`Msg.count`: "1 Action Card", "3 Action Cards"): the param holding it."""


def _count(kind: str, params: dict[str, Any]) -> int | None:
    """The number an event's words follow: its counted param, or how many things a list of it holds."""
    value = params.get(COUNTED.get(kind, ""))
    if isinstance(value, (list, tuple)):
        return len(value)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def moment(public: dict[str, Any], passed: list[Seat]) -> Msg:
    """The open card-play window in words, from the PUBLIC view: what it comes before or after
    (whose Move, which fight: the `judge_dredd.window.*` names of its `window` event) and who has
    passed, or passes for the rest of the Game Turn (`skip`, E5). Nothing about any hand."""
    window = public["window"]
    params: dict[str, Any] = {"window": window["kind"], "seat": window.get("for")}
    fight = public.get("fight")
    if window["kind"] == "before_fight" and fight:
        params |= {"fight": fight["kind"], "judges": fight["judges"], "crime": fight.get("crime")}
    what = describe(Event("window", params)).params["window"]
    if not passed:
        return Msg("judge_dredd.moment", {"window": what})
    skipping = set(public.get("skipping") or ())
    names = [Msg("judge_dredd.moment.skipping", {"player": SeatName(s)}) if s in skipping else SeatName(s)
             for s in passed]
    return Msg("judge_dredd.moment_passed", {"window": what, "players": Listed.of(names)})


def _fight_window(params: dict[str, Any]) -> Msg:
    """The window before a fight's dice, named by what is fought and by whom (R7, R8, R11, R21)."""
    judges = list(params.get("judges") or [params["seat"]])
    inner: dict[str, Any] = {"seat": SeatName(judges[0]), "count": len(judges)}
    fight = params["fight"]
    if fight == "perp":
        inner["crime"] = crime_name(params.get("crime") or "")
    if fight == "block":
        inner["other"] = SeatName(judges[1])
    many = "_many" if fight in ("perp", "alien") and len(judges) > 1 else ""
    return Msg(f"judge_dredd.window.before_fight_{fight}{many}", inner)


def label(action: Action) -> Msg:
    """`judge_dredd.action.<verb>` with every field named: `{sector}`, `{path}` (the Sectors as
    codes), `{to}` (where a path ends), `{crime}`, `{card}`, `{option}`, `{target}`, `{first}`,
    `{second}`, and `{text}` (the action's text form). A discard names no card (`secret_action`:
    which card left a hand is its player's secret, and the label is what the table's log shows)."""
    if action.verb == "discard":
        return Msg("judge_dredd.action.discard")
    params: dict[str, Any] = {"text": str(action)}
    fields = getattr(action, "__dataclass_fields__", {})
    for name in fields:
        value = getattr(action, name)
        if name == "path":
            params["path"] = value
            params["to"] = sector_name(value.split("-")[-1])
        elif name == "target":
            params["target"] = _target(value)
        elif name == "option":
            params["option"] = Msg(f"judge_dredd.action.option_{value}")
        else:
            params[name] = _param(name, value)
    return Msg(f"judge_dredd.action.{action.verb}", params)


def _target(value: str) -> Any:
    """A `play` target: a Judge colour (the player), a Crime or a Sector."""
    from .content import load_board, load_crimes

    if value in COLOURS:
        return SeatName(COLOURS.index(value))
    if value in load_crimes():
        return crime_name(value)
    if value in load_board().sectors:
        return sector_name(value)
    return value

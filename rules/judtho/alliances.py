"""Who is allied with whom, and what each Conquest changes: a pure state machine over colours.

The rulebook's Section 1.3 (Battles and Conquests) and 1.4 (premature ends), as settled by the
rulings J2–J7, J11–J13, J17, J18, J22, J24 and J28. Nothing here knows squares or pieces: the
engine tells `conquest` who conquered whom and how, and carries out the placements it owes.

Two alliance models (J2):
- `default`: the detailed sections 1.3.3–1.3.7.3. First Conquest → Double Alliance (T1); Second
  → Triple Alliance with an interleaved move order (T2a, T2b) or two Double Alliances (T2c);
  the Third Conquest ends the game (T3a–T3c).
- `stable_2v2`: the overview 1.1.7–1.1.9 and 1.3.5 item 1. First Conquest → Unstable Alliance;
  Second → two Stable Alliances of two; Third → the victory of one over the other.

Duo (Section 3) and Trio (Section 4, J28) end at their first Conquest.

The turn order lives here too (1.2.3, 1.3.3 item 6, 1.3.5.1 item 4): the engine calls
`end_turn` once after each move (or pass), after any `conquest` that move caused.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from rules.core import GameOver, IllegalAction, Msg

COLOURS = ("white", "red", "yellow", "black")
"""All four colours in turn order (1.2.3)."""

DUO_COLOURS = ("white", "red")
RIVALS = (("white", "yellow"), ("red", "black"))
"""The Light and Dark Rivals (1.1.3)."""

VARIANTS = ("quattro", "duo", "trio")
MODELS = ("default", "stable_2v2")
HOWS = ("regicide", "knatch", "annihilation")
"""The three ways to conquer (1.1.6)."""

Relation = Literal["rival", "opponent", "ally", "self"]

# Stages. Default model: ascendancy → control → dominion_triple | dominion_doubles → over.
# stable_2v2: ascendancy → identity → victory → over.
ASCENDANCY = "ascendancy"
CONTROL = "control"
DOMINION_TRIPLE = "dominion_triple"
DOMINION_DOUBLES = "dominion_doubles"
IDENTITY = "identity"
VICTORY = "victory"
OVER = "over"
PLAY = "play"
"""Duo and Trio have a single Battle: play until the first Conquest."""

BATTLE_KEYS = {
    ASCENDANCY: "judtho.battle.ascendancy",
    CONTROL: "judtho.battle.control",
    DOMINION_TRIPLE: "judtho.battle.dominion",
    DOMINION_DOUBLES: "judtho.battle.dominion",
    IDENTITY: "judtho.battle.identity",
    VICTORY: "judtho.battle.victory",
}
"""Battle names follow their model (J7): Ascendancy/Control/Dominion, or Ascendancy/Identity/Victory."""


def army(colour: str) -> Msg:
    """A colour's name as a message (`judtho.army.<colour>`)."""
    return Msg(f"judtho.army.{colour}")


@dataclass(frozen=True)
class Award:
    """Points given to one colour, with the reason as a message key (`judtho.reason.*`)."""

    colour: str
    points: int
    reason: str

    @property
    def msg(self) -> Msg:
        return Msg("judtho.award", {"colour": army(self.colour), "points": self.points, "reason": Msg(self.reason)})


@dataclass(frozen=True)
class Placement:
    """A placement the engine owes before the next player moves (1.3.3 items 2–4, J22).

    `kind`:
    - `bonus_piece`: `placer` puts their own Prince or Princess not chosen in the Assembly on an
      empty square of their own Kingdom (Neutral Territory if it is full).
    - `bonus_again` (6.5, 1.3.5 item 3): `placer` already placed a bonus piece; see `bonus_again`.
    - `king`: `placer` puts their own captured King back in their own Kingdom.
    """

    placer: str
    kind: Literal["bonus_piece", "bonus_again", "king"]

    @property
    def msg(self) -> Msg:
        return Msg(f"judtho.placement.{self.kind}", {"colour": army(self.placer)})


@dataclass(frozen=True)
class Conquest:
    """One Conquest as it happened: `conqueror` conquered `conquered` by `how` (1.1.6)."""

    conqueror: str
    conquered: str
    how: str

    @property
    def msg(self) -> Msg:
        return Msg(
            f"judtho.conquest.{self.how}",
            {"conqueror": army(self.conqueror), "conquered": army(self.conquered)},
        )


@dataclass(frozen=True)
class Relations:
    """The alliance state of one game.

    `alliances` lists each alliance with its members in rank order (First, Second, Third Ally);
    a colour in none of them is single. `last_ally` serves the Triple Alliance's move order
    (6.3): the Triple member who moved last, or None just after the order changed.
    `points` holds every colour in play. `proposal`/`agreed` hold a pending draw or void offer (J24).
    """

    variant: str = "quattro"
    model: str = "default"
    bonus_to_conqueror: bool = False
    t2c_points: int = 8
    colours: tuple[str, ...] = COLOURS
    stage: str = ASCENDANCY
    rivals: tuple[tuple[str, str], ...] = RIVALS
    alliances: tuple[tuple[str, ...], ...] = ()
    sides: tuple[tuple[str, ...], ...] = ()
    conquests: tuple[Conquest, ...] = ()
    bonus_placed: frozenset[str] = frozenset()
    departed: tuple[str, ...] = ()
    points: dict[str, int] = field(default_factory=dict, hash=False)
    to_move: str = "white"
    last_ally: str | None = None
    winners: tuple[str, ...] | None = None
    end: str | None = None
    proposal: str | None = None
    agreed: frozenset[str] = frozenset()
    restore_rights: tuple[str, ...] = ()

    # ------------------------------------------------------------------ reading

    @property
    def over(self) -> bool:
        return self.stage == OVER

    @property
    def conquered(self) -> frozenset[str]:
        return frozenset(c.conquered for c in self.conquests)

    @property
    def battle(self) -> Msg | None:
        """The Battle being fought (1.3.1, J7), or None once the game is over."""
        key = BATTLE_KEYS.get(self.stage)
        return Msg(key) if key else None

    def alliance_of(self, colour: str) -> tuple[str, ...] | None:
        for alliance in self.alliances:
            if colour in alliance:
                return alliance
        return None

    def singles(self) -> tuple[str, ...]:
        return tuple(c for c in self.colours if self.alliance_of(c) is None)

    def teams(self) -> tuple[tuple[str, ...], ...]:
        """The groups who win together: Trio's two sides, else each alliance and each single."""
        if self.sides:
            return self.sides
        return self.alliances + tuple((c,) for c in self.singles())

    def status(self, colour: str) -> str:
        """`departed`, `conquered` (at least once) or `active`, as the view shows it."""
        if colour in self.departed:
            return "departed"
        return "conquered" if colour in self.conquered else "active"

    def to_json(self) -> dict[str, Any]:
        """JSON-ready data, new lists and dicts throughout (the state's `relations`): written field by
        field, in field order, as `rules.core.to_jsonable(dataclasses.asdict(self))` with the sets
        sorted would give it, several times faster (it is written after every move)."""
        return {
            "variant": self.variant,
            "model": self.model,
            "bonus_to_conqueror": self.bonus_to_conqueror,
            "t2c_points": self.t2c_points,
            "colours": list(self.colours),
            "stage": self.stage,
            "rivals": [list(pair) for pair in self.rivals],
            "alliances": [list(a) for a in self.alliances],
            "sides": [list(side) for side in self.sides],
            "conquests": [{"conqueror": c.conqueror, "conquered": c.conquered, "how": c.how} for c in self.conquests],
            "bonus_placed": sorted(self.bonus_placed),
            "departed": list(self.departed),
            "points": dict(self.points),
            "to_move": self.to_move,
            "last_ally": self.last_ally,
            "winners": list(self.winners) if self.winners is not None else None,
            "end": self.end,
            "proposal": self.proposal,
            "agreed": sorted(self.agreed),
            "restore_rights": list(self.restore_rights),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Relations:
        d = dict(data)
        d["colours"] = tuple(d["colours"])
        d["rivals"] = tuple(tuple(p) for p in d["rivals"])
        d["alliances"] = tuple(tuple(a) for a in d["alliances"])
        d["sides"] = tuple(tuple(s) for s in d["sides"])
        d["conquests"] = tuple(Conquest(**c) for c in d["conquests"])
        d["bonus_placed"] = frozenset(d["bonus_placed"])
        d["departed"] = tuple(d["departed"])
        d["points"] = dict(d["points"])
        d["winners"] = tuple(d["winners"]) if d["winners"] is not None else None
        d["agreed"] = frozenset(d["agreed"])
        d["restore_rights"] = tuple(d.get("restore_rights", ()))
        return cls(**d)

    def key(self) -> tuple[Any, ...]:
        """What of the relations belongs to a position for the repetition rule (J21)."""
        return (self.stage, self.rivals, self.alliances, self.to_move, self.last_ally, self.restore_rights)


def initial(
    variant: str = "quattro",
    model: str = "default",
    *,
    bonus_to_conqueror: bool = False,
    t2c_points: int = 8,
    single: tuple[str, str] = ("white", "yellow"),
) -> Relations:
    """The relations at the start (1.1.3, 1.2.3): Rivals W–Y and R–B, every other pair Opponents.

    Duo (Section 3, J27): White and Red, Opponents. Trio (Section 4, J28): the Single Player
    takes the Rival pair `single`, the Partnership the other pair; Rivalries stand, since the
    first Conquest ends the game. `bonus_to_conqueror` is the J3 variant; `t2c_points` the J5
    points for single-conquers-single (8 by default, 4 in the variant).
    """
    if variant not in VARIANTS or model not in MODELS:
        raise ValueError(f"unknown variant/model {variant}/{model}")
    if t2c_points not in (4, 8):
        raise ValueError("t2c_points is 8 (J5) or 4 (its variant)")
    common: dict[str, Any] = {
        "variant": variant, "model": model, "bonus_to_conqueror": bonus_to_conqueror, "t2c_points": t2c_points
    }
    if variant == "duo":
        return Relations(**common, colours=DUO_COLOURS, stage=PLAY, rivals=(), points=dict.fromkeys(DUO_COLOURS, 0))
    points = dict.fromkeys(COLOURS, 0)
    if variant == "trio":
        pair = tuple(sorted(single, key=COLOURS.index))
        if pair not in RIVALS:
            raise ValueError("the Trio Single Player takes a Rival pair (J28)")
        other = next(p for p in RIVALS if p != pair)
        return Relations(**common, stage=PLAY, sides=(pair, other), points=points)
    return Relations(**common, points=points)


def relation(relations: Relations, a: str, b: str) -> Relation:
    """`self`, `ally` (same alliance), `rival` (1.1.3, until the First Conquest) or `opponent`."""
    if a == b:
        return "self"
    pair = tuple(sorted((a, b), key=COLOURS.index))
    if pair in relations.rivals:
        return "rival"
    alliance = relations.alliance_of(a)
    if alliance is not None and b in alliance:
        return "ally"
    return "opponent"


def opponents_of(relations: Relations, colour: str) -> tuple[str, ...]:
    """The colours whose pieces `colour` may capture and whose King its Knights knatch (2.1, J11).

    After each Conquest the engine tests every King against these again: a Rivalry broken by
    the First Conquest can create a knatch at once (J11, J12).
    """
    return tuple(c for c in relations.colours if relation(relations, colour, c) == "opponent")


def alliance_name(relations: Relations, alliance: tuple[str, ...]) -> Msg:
    """What an alliance is called (J7): Double (1.3.3), Triple (1.3.5.1), or in `stable_2v2`
    the Unstable (1.1.7) and then the Stable Alliances (1.1.8)."""
    if relations.model == "stable_2v2":
        return Msg("judtho.alliance.stable" if relations.stage in (VICTORY, OVER) else "judtho.alliance.unstable")
    return Msg("judtho.alliance.triple" if len(alliance) == 3 else "judtho.alliance.double")


def relations_table(relations: Relations) -> dict[str, dict[str, Relation]]:
    """Every colour's relation to every other, as the view shows it."""
    return {a: {b: relation(relations, a, b) for b in relations.colours if b != a} for a in relations.colours}


# ---------------------------------------------------------------------- turn order


def successor(relations: Relations, colour: str) -> str:
    """The colour after `colour` in W→R→Y→B (1.2.3), skipping departed colours."""
    order = [c for c in relations.colours if c not in relations.departed or c == colour]
    return order[(order.index(colour) + 1) % len(order)]


def end_turn(relations: Relations, mover: str) -> Relations:
    """`mover` has moved (or passed, J20): set who moves next.

    Unchanged W→R→Y→B everywhere (1.3.3 item 6, 1.3.5 item 6, 1.3.5.3) except in a Triple
    Alliance (1.3.5.1 item 4), where the general rule of 6.3 (J6) holds:
    1. just after the Conquest that formed it, the colour after the mover in W→R→Y→B moves
       (6.3 says "the conqueror": they are the same player except for a knatch credited to a
       non-mover (J11), where the move it completes is the mover's, 1.3.3 item 4);
    2. after a Triple member moves, the Single Player moves;
    3. after the Single Player moves, the Triple member after the last Triple mover in
       W→R→Y→B (skipping the Single Player) moves.
    """
    if relations.over:
        raise GameOver()
    if relations.stage != DOMINION_TRIPLE:
        return dataclasses.replace(relations, to_move=successor(relations, mover))
    triple = relations.alliances[0]
    single = relations.singles()[0]
    if relations.last_ally is None:
        return dataclasses.replace(
            relations, to_move=successor(relations, mover), last_ally=mover if mover in triple else None
        )
    if mover in triple:
        return dataclasses.replace(relations, to_move=single, last_ally=mover)
    nxt = successor(relations, relations.last_ally)
    if nxt == single:
        nxt = successor(relations, nxt)
    return dataclasses.replace(relations, to_move=nxt)


def move_order(relations: Relations, mover: str, turns: int) -> list[str]:
    """The next `turns` movers after `mover` ends a turn (for tests and for the view)."""
    movers = []
    for _ in range(turns):
        relations = end_turn(relations, mover)
        mover = relations.to_move
        movers.append(mover)
    return movers


# ---------------------------------------------------------------------- conquest


def _award(points: dict[str, int], awards: list[Award], colour: str, n: int, reason: str) -> None:
    points[colour] = points.get(colour, 0) + n
    awards.append(Award(colour, n, reason))


def conquest(
    relations: Relations, conqueror: str, conquered: str, how: str
) -> tuple[Relations, tuple[Award, ...], tuple[Placement, ...]]:
    """`conqueror` has conquered `conquered` (1.1.6): the new relations, the points and the placements owed.

    Only an Opponent can be conquered (2.1). The placements complete the conquering move
    (1.3.3 item 4) and come in the order of J22: the bonus piece, then the captured King (only
    after Regicide: a knatched or annihilated King stays put). Several Conquests in one move are
    applied one by one (J12); once the game is over, a further call raises `GameOver`.
    """
    if relations.over:
        raise GameOver()
    if how not in HOWS:
        raise ValueError(f"unknown way to conquer: {how}")
    if relation(relations, conqueror, conquered) != "opponent":
        raise IllegalAction("judtho_not_an_opponent", conqueror=conqueror, conquered=conquered)
    points = dict(relations.points)
    awards: list[Award] = []
    record = (*relations.conquests, Conquest(conqueror, conquered, how))
    new = dataclasses.replace(relations, conquests=record, points=points, proposal=None, agreed=frozenset())

    if relations.stage == PLAY:  # Duo (Section 3) and Trio (Section 4, J28): the first Conquest wins
        team = relations.sides[0 if conqueror in relations.sides[0] else 1] if relations.sides else (conqueror,)
        return dataclasses.replace(new, stage=OVER, winners=team, end="conquest"), (), ()

    stage = relations.stage
    if stage == ASCENDANCY:
        return _first_conquest(new, conqueror, conquered, how, awards)
    if stage == CONTROL:
        return _second_conquest(new, conqueror, conquered, how, awards)
    if stage == IDENTITY:
        return _second_conquest_stable(new, conqueror, conquered, how, awards)
    return _third_conquest(new, conqueror, awards)


def _bonus(relations: Relations, placer: str) -> Placement:
    """A first bonus piece, or, for a player who already placed one, the 6.5 placement."""
    return Placement(placer, "bonus_again" if placer in relations.bonus_placed else "bonus_piece")


def _owed(relations: Relations, placer: str, conquered: str, how: str) -> tuple[Relations, tuple[Placement, ...]]:
    placements = [_bonus(relations, placer)]
    if how == "regicide":
        placements.append(Placement(conquered, "king"))
    return dataclasses.replace(relations, bonus_placed=relations.bonus_placed | {placer}), tuple(placements)


def _first_conquest(
    relations: Relations, x: str, y: str, how: str, awards: list[Award]
) -> tuple[Relations, tuple[Award, ...], tuple[Placement, ...]]:
    """T1 (1.3.3): a Double (Unstable) Alliance {X first, Y second}; Rivalries broken; X +4; X places."""
    _award(relations.points, awards, x, 4, "judtho.reason.first_conquest")
    nxt = IDENTITY if relations.model == "stable_2v2" else CONTROL
    new = dataclasses.replace(relations, stage=nxt, rivals=(), alliances=((x, y),))
    new, placements = _owed(new, x, y, how)
    return new, tuple(awards), placements


def _second_conquest(
    relations: Relations, c: str, v: str, how: str, awards: list[Award]
) -> tuple[Relations, tuple[Award, ...], tuple[Placement, ...]]:
    """T2a, T2b, T2c (1.3.5.1–1.3.5.3) in the default model."""
    first, second = relations.alliances[0]
    reason = "judtho.reason.second_conquest"
    if c in (first, second):  # T2a, 1.3.5.1: Victory for the Double Alliance
        _award(relations.points, awards, first, 4, reason)
        _award(relations.points, awards, second, 4, reason)
        new = dataclasses.replace(relations, stage=DOMINION_TRIPLE, alliances=((first, second, v),), last_ally=None)
        placer = c if relations.bonus_to_conqueror else v  # J3: the Third Ally places its own
    elif v in (first, second):  # T2b, 1.3.5.2: Defeat of the Double Alliance
        _award(relations.points, awards, c, 8, reason)
        new = dataclasses.replace(relations, stage=DOMINION_TRIPLE, alliances=((c, first, second),), last_ally=None)
        placer = c
    else:  # T2c, 1.3.5.3: Formation of a Second Double Alliance
        _award(relations.points, awards, c, relations.t2c_points, reason)
        new = dataclasses.replace(relations, stage=DOMINION_DOUBLES, alliances=((first, second), (c, v)))
        placer = c
    new, placements = _owed(new, placer, v, how)
    return new, tuple(awards), placements


def _second_conquest_stable(
    relations: Relations, c: str, v: str, how: str, awards: list[Award]
) -> tuple[Relations, tuple[Award, ...], tuple[Placement, ...]]:
    """stable_2v2 (6.6, 1.1.8, 1.3.5 items 1–3): two Stable Alliances; the conqueror places."""
    unstable = relations.alliances[0]
    reason = "judtho.reason.second_conquest"
    if c in unstable:
        for ally in unstable:
            _award(relations.points, awards, ally, 4, reason)
    else:
        _award(relations.points, awards, c, 8, reason)
    rest = tuple(x for x in relations.colours if x not in (c, v))
    new = dataclasses.replace(relations, stage=VICTORY, alliances=((c, v), rest))
    new, placements = _owed(new, c, v, how)
    return new, tuple(awards), placements


def _third_conquest(
    relations: Relations, c: str, awards: list[Award]
) -> tuple[Relations, tuple[Award, ...], tuple[Placement, ...]]:
    """T3a–T3c (1.3.7.1–1.3.7.3) and the stable_2v2 Third Conquest (1.1.9): the game ends."""
    reason = "judtho.reason.third_conquest"
    team = relations.alliance_of(c) or (c,)
    if relations.stage == DOMINION_TRIPLE:
        each = 8 if c in relations.alliances[0] else 24  # T3a each of three +8; T3b the Single +24
    else:
        each = 12  # T3c and stable_2v2: each member of the conquering pair
    for member in team:
        _award(relations.points, awards, member, each, reason)
    new = dataclasses.replace(relations, stage=OVER, winners=team, end="third_conquest")
    return new, tuple(awards), ()


def bonus_again(on_board: Iterable[str], captured_own: Iterable[str]) -> tuple[str, tuple[str, ...]]:
    """What a `bonus_again` placement is (6.5, 1.3.5 item 3), from the placer's own pieces.

    `on_board`: the piece names of the placer's colour on the board; `captured_own`: the
    placer's pieces captured so far. Returns (`place`, choices) for the missing Prince or
    Princess (either, if neither is on the board); (`restore`, choices) for a captured Queen,
    Knight or Rook; or (`later`, ()) for the one-time right to restore one on a later turn.
    """
    board = set(on_board)
    missing = tuple(p for p in ("prince", "princess") if p not in board)
    if missing:
        return "place", missing
    gone = tuple(p for p in ("queen", "knight", "rook") if p in set(captured_own))
    return ("restore", gone) if gone else ("later", ())


def grant_restore_right(relations: Relations, colour: str) -> Relations:
    """6.5 `later`: `colour` keeps a one-time right to restore a captured Queen, Knight or Rook."""
    return dataclasses.replace(relations, restore_rights=(*relations.restore_rights, colour))


def use_restore_right(relations: Relations, colour: str) -> Relations:
    """6.5: `colour` uses their right on an own turn instead of a move (after a piece was captured)."""
    if colour not in relations.restore_rights:
        raise IllegalAction("judtho_no_restore_right")
    rights = list(relations.restore_rights)
    rights.remove(colour)
    return dataclasses.replace(relations, restore_rights=tuple(rights))


# ---------------------------------------------------------------------- premature ends


def depart(relations: Relations, colour: str, reason: str = "departure") -> tuple[Relations, tuple[Award, ...]]:
    """`colour` leaves the game (1.4.2, J18); a timeout counts as Departure.

    Quattro: the game ends; every other colour (conquerors included) gets 8 with no Conquest
    yet, 6 after one, 4 after two (the Conquests' own points were already given); the departer
    keeps their points and gets nothing. Duo and Trio (J17, and J18 read with it): the
    departer's side loses.
    """
    if relations.over:
        raise GameOver()
    if relations.variant != "quattro":
        return resign_loss(relations, colour, reason), ()
    each = {0: 8, 1: 6, 2: 4}[len(relations.conquests)]
    points = dict(relations.points)
    awards: list[Award] = []
    for other in relations.colours:
        if other != colour:
            _award(points, awards, other, each, "judtho.reason.departure")
    new = dataclasses.replace(
        relations, stage=OVER, departed=(*relations.departed, colour), points=points, end=reason, winners=None
    )
    return new, tuple(awards)


def resign(relations: Relations, colour: str) -> tuple[Relations, tuple[Award, ...]]:
    """Resignation (J17): a Departure in Quattro, a loss in Duo and Trio."""
    return depart(relations, colour, "resignation")


def resign_loss(relations: Relations, colour: str, reason: str = "resignation") -> Relations:
    """Duo/Trio: the side of `colour` loses and the other side wins."""
    if relations.over:
        raise GameOver()
    teams = relations.sides or tuple((c,) for c in relations.colours)
    winners = next(t for t in teams if colour not in t)
    departed = (*relations.departed, colour)
    return dataclasses.replace(relations, stage=OVER, departed=departed, winners=winners, end=reason)


def offer(
    relations: Relations, colours: Iterable[str], kind: str = "draw", material: Mapping[str, int] | None = None
) -> Relations:
    """A player (their colours) proposes a draw or a void game (1.4.3, J24); they agree to it.

    Trio (Section 4, J28): a draw only when both sides have exactly the same Table-1 material
    on the board (`material`: per colour).
    """
    if relations.over:
        raise GameOver()
    if kind not in ("draw", "void"):
        raise ValueError(kind)
    if relations.proposal is not None:
        raise IllegalAction("judtho_proposal_pending", proposal=relations.proposal)
    if kind == "draw" and relations.variant == "trio":
        sums = [sum((material or {}).get(c, 0) for c in side) for side in relations.sides]
        if material is None or len(set(sums)) != 1:
            raise IllegalAction("judtho_trio_draw_needs_equal_material", material=" – ".join(map(str, sums)))
    return _agree(dataclasses.replace(relations, proposal=kind, agreed=frozenset()), colours)


def accept(relations: Relations, colours: Iterable[str]) -> Relations:
    """A player agrees; once every colour in play has agreed, the game ends drawn or void (J24)."""
    if relations.over:
        raise GameOver()
    if relations.proposal is None:
        raise IllegalAction("judtho_no_proposal")
    return _agree(relations, colours)


def decline(relations: Relations, colours: Iterable[str]) -> Relations:
    """A player disagrees: the offer lapses and play continues (1.4.3)."""
    if relations.proposal is None:
        raise IllegalAction("judtho_no_proposal")
    return dataclasses.replace(relations, proposal=None, agreed=frozenset())


def _agree(relations: Relations, colours: Iterable[str]) -> Relations:
    agreed = relations.agreed | set(colours)
    if agreed >= set(relations.colours):
        return dataclasses.replace(relations, stage=OVER, agreed=agreed, end=relations.proposal, winners=None)
    return dataclasses.replace(relations, agreed=agreed)


def adjudicate(relations: Relations) -> Relations:
    """J26: the optional turn cap ends the game; the standings (points, then Material Score) decide."""
    if relations.over:
        raise GameOver()
    return dataclasses.replace(relations, stage=OVER, end="adjudication", winners=None)


def end_msg(relations: Relations) -> Msg | None:
    """Why the game ended, as a message (`judtho.end.*`), or None while it goes on."""
    return Msg(f"judtho.end.{relations.end}") if relations.end else None

"""The City of Judgement's actions: small frozen data with a text form, verb first, one token per field.

Seats are named by their colour (`attack blue`); characters, skills, cards, locations and identities
by their content ids (`data/judgement/*.toml`). Every verb is here, so the modules that decide
legality import them from one place; `parse_action` refuses junk with `BadActionText` before any
rule is asked. `pick` and `pose` are secret actions: their log label names nothing (view.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rules.core import Action, ActionSyntax

from .content import IDENTITIES, PACKS, load
from .state import COLOURS


@dataclass(frozen=True)
class Pick(Action):
    """Pick your character from those dealt to you (secret: its label names no character)."""

    character: str
    verb: ClassVar[str] = "pick"


@dataclass(frozen=True)
class Roll(Action):
    """Throw d4+d6: the start roll, or the move."""

    verb: ClassVar[str] = "roll"


@dataclass(frozen=True)
class Go(Action):
    """Move to this location: after a 7, 星盤's two rolls, or 翩躚."""

    location: str
    verb: ClassVar[str] = "go"


@dataclass(frozen=True)
class Draw(Action):
    """廣場: draw from one pack (`holy` | `dark` | `order`)."""

    pack: str
    verb: ClassVar[str] = "draw"


@dataclass(frozen=True)
class Decline(Action):
    """隱女's 遁: skip this location's effect."""

    verb: ClassVar[str] = "decline"


@dataclass(frozen=True)
class Give(Action):
    """Give the Order card you drew to another player."""

    colour: str
    verb: ClassVar[str] = "give"


@dataclass(frozen=True)
class Obey(Action):
    """Answer the Order card you were given, truthfully."""

    verb: ClassVar[str] = "obey"


@dataclass(frozen=True)
class Pay(Action):
    """Answer an Order card that asks for equipment by giving that equipment instead of taking damage."""

    card: str
    verb: ClassVar[str] = "pay"


@dataclass(frozen=True)
class Pose(Action):
    """隱女's 隱: answer an Order card as if you had this identity (secret)."""

    identity: str
    verb: ClassVar[str] = "pose"


@dataclass(frozen=True)
class Target(Action):
    """Choose the player an effect is aimed at."""

    colour: str
    verb: ClassVar[str] = "target"


@dataclass(frozen=True)
class Hurt(Action):
    """煉金塔: deal its damage to this player."""

    colour: str
    verb: ClassVar[str] = "hurt"


@dataclass(frozen=True)
class Heal(Action):
    """煉金塔: heal this player."""

    colour: str
    verb: ClassVar[str] = "heal"


@dataclass(frozen=True)
class Take(Action):
    """Take this equipment card from this player: 黑市, 哥布林竊賊, the killer's reward, 順手牽羊;
    掘墓 names your own colour."""

    colour: str
    card: str
    verb: ClassVar[str] = "take"


@dataclass(frozen=True)
class Show(Action):
    """Show your identity card when a card asks (照妖鏡, 王命, 黑彌撒, 聖騎士之槍), or reveal your
    character (蜂蜜蛋糕)."""

    verb: ClassVar[str] = "show"


@dataclass(frozen=True)
class Keep(Action):
    """Keep it hidden."""

    verb: ClassVar[str] = "keep"


@dataclass(frozen=True)
class Reveal(Action):
    """Turn your character card face up: at any time of play, asked or not (ruling 7); once, unless
    含羞 turned it down again."""

    verb: ClassVar[str] = "reveal"


@dataclass(frozen=True)
class UseSkill(Action):
    """Use a skill of your character."""

    skill: str
    verb: ClassVar[str] = "skill"


@dataclass(frozen=True)
class AttackAction(Action):
    """Attack this player (in range; with 連弩 everyone in range)."""

    colour: str
    verb: ClassVar[str] = "attack"


@dataclass(frozen=True)
class Again(Action):
    """血戰: attack the same player again, taking 2 damage."""

    verb: ClassVar[str] = "again"


@dataclass(frozen=True)
class Hit(Action):
    """順手牽羊: deal the damage instead of taking equipment."""

    verb: ClassVar[str] = "hit"


@dataclass(frozen=True)
class Counter(Action):
    """傭兵's 反擊: attack back."""

    verb: ClassVar[str] = "counter"


@dataclass(frozen=True)
class Rescue(Action):
    """賣花女's 贈花: save the dying character."""

    verb: ClassVar[str] = "rescue"


@dataclass(frozen=True)
class Pass(Action):
    """Do nothing in this window."""

    verb: ClassVar[str] = "pass"


@dataclass(frozen=True)
class End(Action):
    """End this step of your turn."""

    verb: ClassVar[str] = "end"


@dataclass(frozen=True)
class Declare(Action):
    """Declare that your goal is met (the `declare_button` variant)."""

    verb: ClassVar[str] = "declare"


ALL: tuple[type[Action], ...] = (
    Pick,
    Roll,
    Go,
    Draw,
    Decline,
    Give,
    Obey,
    Pay,
    Pose,
    Target,
    Hurt,
    Heal,
    Take,
    Show,
    Keep,
    Reveal,
    UseSkill,
    AttackAction,
    Again,
    Hit,
    Counter,
    Rescue,
    Pass,
    End,
    Declare,
)
"""Every verb of the game."""


def _meaningful(name: str, value: object) -> bool:
    """Tokens that name something in this game."""
    if not isinstance(value, str):
        return False
    content = load()
    if name == "colour":
        return value in COLOURS
    if name == "character":
        return value in content.characters
    if name == "skill":
        return any(value == s.id for c in content.characters.values() for s in c.skills)
    if name == "card":
        return value in content.cards
    if name == "location":
        return value in content.locations
    if name == "pack":
        return value in PACKS
    if name == "identity":
        return value in IDENTITIES
    return False


SYNTAX = ActionSyntax(*ALL, valid=_meaningful)


def parse_action(text: str) -> Action:
    """The action a text form stands for; `BadActionText` when it cannot be read."""
    return SYNTAX.parse(text)

"""Turning a character face up (亮出人物) and showing an identity card (公開身份).

- c26 (卡牌及狀態解釋, 人物卡): every character starts face down and may be revealed at any time,
  once: "已亮出的人物卡不可再次亮出（除非回響賣花女技能：含羞）". The "any time" is ruling 7's: every
  living face-down seat may reveal at every moment of the turn phase, asked or not (the engine's
  `anytime_actions`; e2).
- c42 (名詞解釋, 亮出人物): revealing "會觸發某些人物技能": the on-reveal (亮出時) skills fire here,
  every time the card turns face up, so again after 含羞 turned it down (ruling 7). 宮廷術士's 雷咒
  is the one such skill: a `skill_target` frame (skills.py) asks its owner whom to strike, or `pass`.
- A death turns the card face up too (ruling 8), but a dead character uses no skill: `fire=False`.
- Ruling 12 / 注意2: an identity card is shown only at death or when a skill or card calls for it
  (王命, 黑彌撒, 照妖鏡, 聖騎士之槍): `show_identity`. Showing is public and for good.
"""

from __future__ import annotations

from rules.core import Chance, Event, Seat

from .state import JudgementState
from .traits import character, has_skill


def can_reveal(state: JudgementState, seat: Seat) -> bool:
    """c26: a living, face-down character may be turned up (again after 含羞)."""
    player = state.players[seat]
    return player.alive and player.character is not None and not player.revealed


def reveal(state: JudgementState, seat: Seat, chance: Chance, *, fire: bool = True) -> list[Event]:
    """Turn `seat`'s character face up: a public `revealed` {seat, character}; then its on-reveal
    skills (c42; ruling 7: again after 含羞) unless `fire` is off (a death's reveal)."""
    player = state.players[seat]
    if player.revealed or player.character is None:
        return []
    player.revealed = True
    player.ever_revealed = True
    events = [Event("revealed", {"seat": seat, "character": player.character})]
    if fire:
        events += on_reveal(state, seat, chance)
    return events


def on_reveal(state: JudgementState, seat: Seat, chance: Chance) -> list[Event]:
    """The 亮出時 skills of `seat`'s character (content TIMINGS `on_reveal`)."""
    from . import skills

    char = character(state, seat)
    events: list[Event] = []
    for sk in char.skills if char else ():
        if sk.timing == "on_reveal" and has_skill(state, seat, sk.effect.id):
            events += skills.fire(state, seat, sk.id, chance)
    return events


def show_identity(state: JudgementState, seat: Seat) -> list[Event]:
    """Show `seat`'s identity card to everyone (ruling 12, c13): public `identity_shown`
    {seat, identity}. Once shown it stays shown."""
    player = state.players[seat]
    if player.identity_shown:
        return []
    player.identity_shown = True
    return [Event("identity_shown", {"seat": seat, "identity": player.identity})]

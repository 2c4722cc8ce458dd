"""What one seat may see of a game of The City of Judgement, as the JSON-ready dict of the team brief.

The public part is the same for every seat and for a spectator (`seat=None`); a seat's own view
adds `me`. Hidden (P4; the secrets `state.py` lists):
- an identity (身份) until it is shown or its character dies (rulebook 死亡: the identity card is
  turned up), a character (人物) while face down (rulebook 人物卡: face down until revealed), with
  its HP, skills and used skills;
- the characters dealt to pick from (c5), the order of the three decks (c3: face down), the Order
  discard (c31: face down, counted only), the Order card in play (c30: only its giver and
  recipient know its text), what a seat learned by 密探令 (`known`);
- a frame's data beyond the keys its kind declares public (`frames.FrameKind.public`); its
  `private` keys go to the seats it asks (and its `data["to"]` seats) in their `me.frame`.
At game over every identity and character is shown to everyone (P4).

Dicts keyed by seat (`me.known`, `attack.dealt`) use the seat as a string, so a view survives JSON
unchanged. `history` is the public evidence about identities (history.py: public events only,
oldest first) the AI weighs. The renderer, the cogs and the AI read only this.
"""

from __future__ import annotations

from typing import Any

from rules.core import Game, Msg, Seat, SeatName, shown

from . import frames, history
from .content import load
from .state import Frame, JudgementState, Player

ORDER_FRAMES = ("give", "obey")
"""The frames that hold an Order card in `data["card"]` (c28-c30): its giver and recipient see it."""
GIVER_KEYS = ("giver", "by", "from")
RECIPIENT_KEYS = ("recipient", "to")


def view(game: Game[JudgementState], state: JudgementState, seat: Seat | None) -> dict[str, Any]:
    """`seat`'s view (None: a spectator's): the public part, plus `me` for a seat."""
    over = state.phase == "over"
    return {
        "game": "judgement",
        "version": state.version,
        "seat": seat,
        "seats": state.seats,
        "variants": list(state.variants),
        "phase": state.phase,
        "step": state.step,
        "active": state.active,
        "turn_no": state.turn_no,
        "turn_order": list(state.turn_order),
        "to_act": sorted(game.to_act(state)),
        "ring": list(state.ring),
        "players": [_player(state, s, p, over) for s, p in enumerate(state.players)],
        "decks": {"holy": len(state.holy), "dark": len(state.dark), "order": len(state.order)},
        "discards": {
            "holy": list(state.holy_discard),
            "dark": list(state.dark_discard),
            "order": len(state.order_discard),
        },
        "frame": public_frame(state),
        "last_roll": dict(state.last_roll) if state.last_roll else None,
        "attack": shown(state.attack, ATTACK_SHOWN),
        "dead_order": list(state.dead_order),
        "history": history.public(state),
        "over": over,
        "winners": list(state.winners),
        "reason": state.reason,
        "me": _me(state, seat) if seat is not None else None,
    }


def revealed(game: Game[JudgementState], state: JudgementState) -> dict[str, Any]:
    """The public view with every identity and character turned up, as at game over (P4), at
    any step of a game that is over (`Game.revealed_view`, a replay). The Order cards held and
    what each seat learned stay in its `secrets` lines, which the replay shows beside it."""
    shown_view = view(game, state, None)
    shown_view["players"] = [_player(state, s, p, True) for s, p in enumerate(state.players)]
    return shown_view


def character_shown(player: Player, over: bool = False) -> bool:
    """Everyone sees the character: face up, dead (死亡: the card is turned up) or the game is over."""
    return player.revealed or not player.alive or over


def identity_shown(player: Player, over: bool = False) -> bool:
    """Everyone sees the identity: shown (r12, cards), dead (c13) or the game is over."""
    return player.identity_shown or not player.alive or over


def _hp(character: str | None) -> int | None:
    return load().characters[character].hp if character else None


def _player(state: JudgementState, seat: Seat, p: Player, over: bool) -> dict[str, Any]:
    shown = character_shown(p, over)
    character = p.character
    return {
        "seat": seat,
        "colour": p.colour,
        "at": p.at,
        "damage": p.damage,
        "alive": p.alive,
        "revealed": p.revealed,
        "character": character if shown else None,
        "hp": _hp(character) if shown else None,
        "identity": (p.identity or None) if identity_shown(p, over) else None,
        "equipment": list(p.equipment),
        "used": list(p.used) if shown else [],
        "sealed": p.sealed,
        "shield": p.shield,
        "picked": character is not None,
        "start_roll": state.start_rolls.get(seat),
    }


def _kind(frame: Frame) -> frames.FrameKind | None:
    return frames.KINDS.get(frame.kind)


def _seats(value: Any) -> list[Seat]:
    if isinstance(value, bool):
        return []
    if isinstance(value, int):
        return [value]
    if isinstance(value, (list, tuple)):
        return [v for v in value if isinstance(v, int) and not isinstance(v, bool)]
    return []


def privy(frame: Frame, seat: Seat) -> bool:
    """Whether `seat` may see the frame's private data: a seat it asks, or one of its `data["to"]`."""
    return seat in frame.seats or seat in _seats(frame.data.get("to"))


def public_frame(state: JudgementState) -> dict[str, Any] | None:
    """The top frame as everyone sees it (the view's `frame`): its kind, who is asked and who
    passed, and its public keys."""
    if not state.frames:
        return None
    frame = state.frames[-1]
    kind = _kind(frame)
    out: dict[str, Any] = {"kind": frame.kind, "asked": frames.asked(frame), "passed": list(frame.passed)}
    for key in kind.public if kind else ():
        if key in frame.data and key not in out:
            out[key] = frame.data[key]
    return out


def _private_frame(state: JudgementState, seat: Seat) -> dict[str, Any] | None:
    if not state.frames:
        return None
    frame = state.frames[-1]
    kind = _kind(frame)
    if kind is None or not privy(frame, seat):
        return None
    return {key: frame.data[key] for key in kind.private if key in frame.data}


ATTACK_SHOWN = ("attacker", "targets", "d4", "d6", "dealt", "again")
"""What the view shows of the attack under way (not attack.py's own bookkeeping: the targets still
to resolve, the stage, the base damage)."""


def order_in_hand(state: JudgementState, seat: Seat) -> str | None:
    """The Order card `seat` gives, holds or answers now (c30: its giver and its recipient alone)."""
    for frame in reversed(state.frames):
        card = frame.data.get("card")
        if frame.kind not in ORDER_FRAMES or not card:
            continue
        giver = [s for k in GIVER_KEYS for s in _seats(frame.data.get(k))]
        recipient = [s for k in RECIPIENT_KEYS for s in _seats(frame.data.get(k))]
        if seat in frame.seats or seat in giver or seat in recipient:
            return str(card)
    return None


def goal(state: JudgementState, seat: Seat) -> str | None:
    """The goal id that counts for `seat`: its character's Commoner goal when it is a 平民 (注意1:
    Guards and Assassins ignore it, c12), else None (their goal is their faction's, the identity text)."""
    p = state.players[seat]
    if p.identity != "commoner" or not p.character:
        return None
    return load().characters[p.character].goal.id


def _me(state: JudgementState, seat: Seat) -> dict[str, Any]:
    p = state.players[seat]
    return {
        "seat": seat,
        "identity": p.identity or None,
        "character": p.character,
        "hp": _hp(p.character),
        "goal": goal(state, seat),
        "options": list(p.options),
        "order": order_in_hand(state, seat),
        "orders": [
            {"card": n.card, "giver": n.giver, "recipient": n.recipient, "result": n.result} for n in p.orders
        ],
        "known": {str(s): identity for s, identity in p.known.items()},
        "frame": _private_frame(state, seat),
    }


def secret_lines(state: JudgementState, seat: Seat) -> list[Msg]:
    """`seat`'s secrets as lines, for `Game.secrets` (the table DMs them whenever they change):
    its identity with its goal, the characters it may pick, its character face down or up with
    its HP, the Order card it holds, the identities it has spied (密探令)."""
    p = state.players[seat]
    lines: list[Msg] = []
    if p.identity:
        lines.append(Msg("judgement.secret.identity", {"identity": Msg(f"judgement.identity.{p.identity}")}))
    lines += [Msg("judgement.secret.option", {"character": Msg(f"judgement.char.{c}")}) for c in p.options]
    if p.character:
        facing = "up" if p.revealed else "down"
        lines.append(
            Msg(
                f"judgement.secret.character_{facing}",
                {"character": Msg(f"judgement.char.{p.character}"), "hp": _hp(p.character)},
            )
        )
        if p.identity == "commoner":
            lines.append(Msg("judgement.secret.goal", {"goal": Msg(f"judgement.goal.{p.character}")}))
    if p.identity and p.identity != "commoner":
        lines.append(Msg("judgement.secret.goal", {"goal": Msg(f"judgement.identity_text.{p.identity}")}))
    card = order_in_hand(state, seat)
    if card:
        lines.append(Msg("judgement.secret.order", {"card": Msg(f"judgement.card.{card}")}))
    lines += [
        Msg("judgement.secret.known", {"seat": SeatName(s), "identity": Msg(f"judgement.identity.{i}")})
        for s, i in sorted(p.known.items())
    ]
    return lines

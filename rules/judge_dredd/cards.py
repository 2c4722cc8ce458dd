"""Action Cards: which card plays are legal now, and why one is not.

"Action Cards may be played by any player at any time during a Game Turn only. A player may play
an Action Card, at the appropriate time, on any player he/she chooses, even him/herself." (Action
Cards — General Rules.) A bot needs fixed moments for "any time": the card-play windows of R7.
Each option of a card names its own moment (`data/judge_dredd/cards.toml`):

- `movement`: the Movement Round's windows (`before_move`, `after_moves`);
- `arrest`: the window before a fight's dice (`before_fight`), on a Judge in that fight —
  "Unless stated otherwise in the Special Notes, only the option affecting Combat Factors applies
  on an Action Card played during the Arrest Round";
- `any`: the Movement Round's windows; in the Arrest Round's windows (`before_fight`,
  `after_arrest`) only the options a Special Note allows there (`arrest_round`: Block Mania's and
  Requisition's main options), since the general sentence above wins over the deck's `any` (R23);
  never in the Cadet's Right (R21: the tied players fight with their hands);
- `reaction`: Edwin Parsey right after a successful Arrest (R16); a Judge card against a Barney
  (R10) and a Tip Off against an Outdoor Boing (R14) are `answer <card>`, only in an answer window.

`card_plays` lists what a seat may play; `refusal` says precisely why an action is not among them
(codes `dredd_*`, for the engine's `why_illegal`). Both come from one check, `reason`, so the list
and the refusals never disagree. What a card does once played is effects.py's.

The engine calls `card_plays`, `play_card`, `resolve_pending`, `hand_lines` and (for refusals)
`refusal`; the events cards produce are described by `describe` (`judge_dredd.card.*`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rules.core import Action, Chance, Event, IllegalAction, Msg, Refusal, Seat

from . import present
from .actions import Answer, Block, Play, TipOff
from .content import CardKind, CardOption, load_board, load_cards
from .movement import PROTECTED_VARIANT, alien_at, find_crime, judges_at, perp_paths
from .state import COLOURS, ICU, DreddState

MOVEMENT_WINDOWS = ("before_move", "after_moves")
"""The windows of the Movement Round."""
ARREST_WINDOWS = ("before_fight", "after_arrest")
"""The windows of the Arrest Round (R23: only Combat Factor options, and what a Special Note allows)."""
PLAY_WINDOWS = (*MOVEMENT_WINDOWS, *ARREST_WINDOWS)
"""Every window in which a card may be played (answer and issue windows are not for playing)."""

JUDGE_EFFECTS = frozenset(
    {
        "judge_cf",
        "judge_extra_dice",
        "perp_cf",
        "perp_extra_dice",
        "auto_arrest",
        "miss_move",
        "max_move",
        "extra_move",
        "ignore_rivers",
        "barney",
        "send_to_icu",
        "robodoc",
        "take_random_cards",
        "void_arrest",
    }
)
"""Effects played on a Judge (the target is a colour)."""
PERP_EFFECTS = frozenset({"perp_cf", "perp_extra_dice"})
"""Effects on "the Perp": not in a fight between Judges (Block Mania, Cadet's Right)."""
COMBAT_EFFECTS = frozenset({"judge_cf", "judge_extra_dice", "perp_cf", "perp_extra_dice", "auto_arrest"})

TIP_OFF = "tip_off_"
"""Every Tip Off card id starts so: any of them answers an Outdoor Boing (R14)."""


# --------------------------------------------------------------------------- what an option needs


def target_kind(option: CardOption) -> str:
    """What an option is played on: `judge` (a colour), `sector`, `crime` (a face-down Perp, by its
    Crime id), or its own verb: `block` (Block Mania), `tipoff` (Perp on the Move), `answer`
    (cancel a Barney)."""
    effect = option.effect
    if "block_mania" in effect:
        return "block"
    if "move_perp" in effect:
        return "tipoff"
    if "cancel_barney" in effect:
        return "answer"
    if effect.get("peek_perp") == 1:
        return "crime"
    if "peek_perp" in effect or "quarantine" in effect or "alien_creature" in effect:
        return "sector"
    return "judge"


def seat_of(state: DreddState, colour: str) -> Seat | None:
    """The seat playing the Judge of this colour, or None if no such Judge is in the game."""
    if colour in COLOURS and COLOURS.index(colour) < state.seats:
        return COLOURS.index(colour)
    return None


def can_answer(pending_card: str, card: str) -> bool:
    """R10: a card showing a Judge cancels a Barney; R14: a Tip Off cancels an Outdoor Boing."""
    if pending_card.startswith("barney_"):
        return load_cards()[card].depicts_judge
    if pending_card == "outdoor_boing":
        return card.startswith(TIP_OFF)
    return False


# --------------------------------------------------------------------------- the one check


def window_reason(state: DreddState, seat: Seat, kind: CardKind, option: CardOption) -> IllegalAction | None:
    """Whether this option may be played in the open window at all (before any target)."""
    refused = window_refusal(state, seat, option)
    if refused is None:
        return None
    if refused.code == "dredd_not_in_arrest_round":
        return IllegalAction(refused.code, card=kind.id, name=Msg(f"judge_dredd.cardname.{kind.id}"))
    return IllegalAction(refused.code, card=kind.id)


def window_refusal(state: DreddState, seat: Seat, option: CardOption) -> Refusal | None:
    """`window_reason`'s refusal without the card's params (None when the option may be played now): what a
    listing of the legal plays asks of every option in hand, with no refusal built for it."""
    window = state.window
    if window is None or window.kind not in PLAY_WINDOWS:
        return Refusal("dredd_wrong_window", {})
    if state.phase == "cadet":
        # R21: cards from the hands the tied players hold, on their fight only.
        if seat not in state.cadet:
            return Refusal("dredd_cadet_only", {})
        if option.window != "arrest":
            return Refusal("dredd_arrest_only", {})
    if option.window == "any" and window.kind in ARREST_WINDOWS and not option.arrest_round:
        # R23: "only the option affecting Combat Factors applies on an Action Card played during
        # the Arrest Round", unless a Special Note says otherwise (Block Mania, Requisition).
        return Refusal("dredd_not_in_arrest_round", {})
    if option.window == "movement" and window.kind not in MOVEMENT_WINDOWS:
        return Refusal("dredd_movement_only", {})
    if option.window == "arrest" and window.kind != "before_fight":
        return Refusal("dredd_arrest_only", {})
    if option.window == "reaction" and window.kind != "after_arrest":
        return Refusal("dredd_after_arrest_only", {})
    return None


def judge_reason(state: DreddState, seat: Seat, option: CardOption, colour: str) -> IllegalAction | None:
    """Whether the option may be played on the Judge of `colour`."""
    return _illegal(judge_refusal(state, seat, option, colour))


def _illegal(refused: Refusal | None) -> IllegalAction | None:
    return None if refused is None else refused.illegal()


def judge_refusal(state: DreddState, seat: Seat, option: CardOption, colour: str) -> Refusal | None:
    """`judge_reason`'s refusal, as a code and its params."""
    target = seat_of(state, colour)
    if target is None:
        return Refusal("dredd_bad_target", {"target": colour})
    judge = state.judges[target]
    effect = option.effect
    if "robodoc" in effect:
        # Robodoc Cards: "These may be played on any Judge in Intensive Care."
        return None if judge.at == ICU else Refusal("dredd_not_in_icu", {"target": target})
    if judge.at == ICU:
        # Intensive Care Unit: "No Action Cards, other than a Robodoc Card, may be played on a player
        # in Intensive Care."
        return Refusal("dredd_target_in_icu", {"target": target})
    if option.window == "arrest":
        fight = state.fight
        if fight is None or target not in fight.judges:
            return Refusal("dredd_not_in_fight", {"target": target})
        if PERP_EFFECTS & effect.keys() and fight.kind not in ("perp", "alien"):
            return Refusal("dredd_no_perp", {"target": target})
        if "auto_arrest" in effect and fight.kind != "perp":
            # Judge Dredd: "when attempting to Arrest a Perp (not while fighting another Judge)";
            # nor against the Alien Creature (R12).
            return Refusal("dredd_only_on_a_perp", {"target": target})
    if "barney" in effect or "send_to_icu" in effect:
        # Quarantine: "Judges in the Quarantined Sector cannot leave it by any means whatsoever"
        # (R13: Barney included; an Outdoor Boing would take them to Intensive Care).
        if state.quarantine is not None and state.quarantine.sector == judge.at:
            return Refusal("dredd_quarantined", {"target": target})
    if "barney" in effect:
        if judge.at is not None and alien_at(state, judge.at):
            return Refusal("dredd_alien_holds", {"target": target})  # R10
    if "take_random_cards" in effect:
        if target == seat:
            return Refusal("dredd_own_hand", {"target": target})
        if not judge.hand:
            return Refusal("dredd_empty_hand", {"target": target})
    if "void_arrest" in effect:
        fight = state.fight
        if fight is None or fight.winner != target:
            return Refusal("dredd_not_the_arrest", {"target": target})  # Edwin Parsey, R16
    return None


def sector_reason(state: DreddState, option: CardOption, sector: str) -> IllegalAction | None:
    return _illegal(sector_refusal(state, option, sector))


def sector_refusal(state: DreddState, option: CardOption, sector: str) -> Refusal | None:
    """`sector_reason`'s refusal, as a code and its params."""
    if sector not in load_board().sectors:
        return Refusal("dredd_bad_target", {"target": sector})
    effect = option.effect
    if "alien_creature" in effect and judges_at(state, sector):
        # Alien Creature Escapes: "The creature may be placed on a Sector in which there is no Judge."
        return Refusal("dredd_sector_occupied", {"sector": sector})
    if "peek_perp" in effect and not any(c.sector == sector and not c.revealed for c in state.crimes):
        return Refusal("dredd_nothing_to_peek", {"sector": sector})
    return None


def crime_reason(state: DreddState, crime: str) -> IllegalAction | None:
    found = find_crime(state, crime)
    if found is None:
        return IllegalAction("dredd_no_such_crime", crime=crime)
    if found.revealed:
        return IllegalAction("dredd_perp_face_up", crime=crime)
    return None


Memo = dict[tuple[str, ...], Any]
"""What one listing of the legal plays (`card_plays`) works out once for all its candidates:
a card option's own check, a Perp's paths. The state does not change while it lasts."""


def _card_reason(state: DreddState, seat: Seat, card: str, name: str, memo: Memo | None = None
                 ) -> tuple[IllegalAction | None, CardOption | None]:
    """The card in hand, its option, and its window."""
    if memo is not None:
        key = ("card", card, name)
        if key not in memo:
            memo[key] = _card_reason(state, seat, card, name)
        found: tuple[IllegalAction | None, CardOption | None] = memo[key]
        return found
    kind = load_cards().get(card)
    if kind is None or card not in state.judges[seat].hand:
        return IllegalAction("dredd_not_in_hand", card=card), None
    option = kind.option(name)
    if option is None:
        return IllegalAction("dredd_no_such_option", card=card, option=name), None
    return window_reason(state, seat, kind, option), option


def block_reason(state: DreddState, seat: Seat, first: str, second: str, memo: Memo | None = None
                 ) -> IllegalAction | None:
    """Block Mania: "This may be played any time in the Game Turn as long as the two Judges chosen
    have yet to attempt an Arrest that Game Turn." Neither may be in ICU, nor already bound to
    another Block Mania fight (R6, R11)."""
    wrong, _ = _card_reason(state, seat, "block_mania", "main", memo)
    if wrong is not None:
        return wrong
    pair = [seat_of(state, first), seat_of(state, second)]
    if None in pair:
        return IllegalAction("dredd_bad_target", target=first if pair[0] is None else second)
    if pair[0] == pair[1]:
        return IllegalAction("dredd_block_same")
    for target in pair:
        assert target is not None
        judge = state.judges[target]
        if judge.at in (None, ICU):
            return IllegalAction("dredd_target_in_icu", target=target)
        if judge.attempted:
            return IllegalAction("dredd_block_attempted", target=target)
        if judge.block_with is not None:
            return IllegalAction("dredd_block_committed", target=target)
    return None


def tipoff_reason(state: DreddState, seat: Seat, crime: str, path: str, memo: Memo | None = None
                  ) -> IllegalAction | None:
    """Tip Off: Perp on the Move: "Normal Movement rules apply. The Perp may enter/leave/move
    through a Sector occupied by a Judge or another Crime" (up to 2 Sectors; R4 variant)."""
    wrong, _ = _card_reason(state, seat, TIP_OFF_MOVES, "main", memo)
    if wrong is not None:
        return wrong
    if find_crime(state, crime) is None:
        return IllegalAction("dredd_no_such_crime", crime=crime)
    steps = path.split("-")
    paths = _perp_paths(state, crime, tipoff_steps(), memo)
    if paths.get(steps[-1]) == steps:
        return None
    board = load_board()
    if PROTECTED_VARIANT in state.variants and any(board.protected(s) for s in steps):
        return IllegalAction("dredd_tipoff_protected", sector=next(s for s in steps if board.protected(s)))
    if steps[-1] in paths:
        return IllegalAction("dredd_tipoff_path", path="-".join(paths[steps[-1]]))
    return IllegalAction("dredd_tipoff_too_far", crime=crime)


TIP_OFF_MOVES = "tip_off_perp_moves"
"""The Tip Off that moves a Perp (`tipoff <crime> <path>`)."""


def tipoff_steps() -> int:
    """How many Sectors a Tip Off: Perp on the Move takes the Perp (its card says)."""
    return int(load_cards()[TIP_OFF_MOVES].main.effect["move_perp"])


def answer_reason(state: DreddState, seat: Seat, card: str) -> IllegalAction | None:
    """Only the target of a Barney or an Outdoor Boing answers, with a card that cancels it."""
    window = state.window
    if window is None or window.kind != "answer" or window.for_seat != seat or window.pending is None:
        return IllegalAction("dredd_nothing_to_answer")
    if card not in state.judges[seat].hand:
        return IllegalAction("dredd_not_in_hand", card=card)
    if not can_answer(window.pending["card"], card):
        return IllegalAction("dredd_cannot_answer", card=card, against=window.pending["card"])
    return None


def _perp_paths(state: DreddState, crime: str, steps: int, memo: Memo | None) -> dict[str, list[str]]:
    if memo is None:
        return perp_paths(state, crime, steps)
    key = ("paths", crime, str(steps))
    if key not in memo:
        memo[key] = perp_paths(state, crime, steps)
    found: dict[str, list[str]] = memo[key]
    return found


def reason(state: DreddState, seat: Seat, action: Action, memo: Memo | None = None) -> IllegalAction | None:
    """None when `seat` may take this card action now, else the precise refusal. `memo`: what a
    listing of the legal plays shares between its candidates (`card_plays`)."""
    if isinstance(action, Answer):
        return answer_reason(state, seat, action.card)
    if state.window is not None and state.window.kind == "answer":
        return IllegalAction("dredd_answer_first")
    if isinstance(action, Block):
        return block_reason(state, seat, action.first, action.second, memo)
    if isinstance(action, TipOff):
        return tipoff_reason(state, seat, action.crime, action.path, memo)
    if not isinstance(action, Play):
        return IllegalAction("dredd_card_not_now", action=str(action))
    wrong, option = _card_reason(state, seat, action.card, action.option, memo)
    if wrong is not None or option is None:
        return wrong
    return play_reason(state, seat, action.card, option, target_kind(option), action.target)


def play_reason(state: DreddState, seat: Seat, card: str, option: CardOption, kind: str, target: str
                ) -> IllegalAction | None:
    """`reason` for a `play` of a card option that may be played now (in hand, in its window), on
    `target`; `kind` is the option's `target_kind`."""
    if kind == "block":
        return IllegalAction("dredd_use_block")
    if kind == "tipoff":
        return IllegalAction("dredd_use_tipoff")
    if kind == "answer":
        return IllegalAction("dredd_answer_only", card=card)
    if kind == "sector":
        return sector_reason(state, option, target)
    if kind == "crime":
        return crime_reason(state, target)
    return judge_reason(state, seat, option, target)


def refusal(state: DreddState, seat: Seat, action: Action) -> IllegalAction:
    """Why a card action is refused (for the engine's `why_illegal`)."""
    return reason(state, seat, action) or IllegalAction("dredd_card_not_now", action=str(action))


# --------------------------------------------------------------------------- the legal plays


def _plays(state: DreddState, seat: Seat, memo: Memo) -> Iterator[Action]:
    """The legal card actions of the open play window, each option of each card in hand on each
    target of the kind it needs, as `reason` judges them: a `play` by what `reason` comes to for
    a card in hand and an option in its window (checked here once per option), the check of its
    target's kind (`judge_refusal`, `sector_refusal`, `crime_reason`, as `play_reason` makes it);
    a `block` or a `tipoff` by `reason` itself. A Tip Off's paths are the Crime's own
    `perp_paths`, and `tipoff_reason` accepts one of them exactly when it accepts any (what it
    asks of the path, being one of those, holds for all): it is asked of the first only."""
    window = state.window
    assert window is not None
    colours = COLOURS[: state.seats]
    for card in sorted(set(state.judges[seat].hand)):
        kind = load_cards()[card]
        for name, option in kind.options.items():
            if window_refusal(state, seat, option) is not None:
                continue
            needs = target_kind(option)
            if needs == "judge":
                yield from (Play(card, name, t) for t in colours if judge_refusal(state, seat, option, t) is None)
            elif needs == "sector":
                sectors = load_board().sectors
                yield from (Play(card, name, t) for t in sectors if sector_refusal(state, option, t) is None)
            elif needs == "crime":
                yield from (Play(card, name, c.crime) for c in state.crimes if crime_reason(state, c.crime) is None)
            elif needs == "block":
                yield from (a for a in (Block(a, b) for a in colours for b in colours if a != b)
                            if reason(state, seat, a, memo) is None)
            elif needs == "tipoff":
                for c in state.crimes:
                    paths = ["-".join(p) for p in _perp_paths(state, c.crime, tipoff_steps(), memo).values()]
                    if paths and reason(state, seat, TipOff(c.crime, paths[0]), memo) is None:
                        yield from (TipOff(c.crime, p) for p in paths)
            elif needs == "answer":
                continue  # `answer <card>`, only in an answer window (`card_plays`)


def card_plays(state: DreddState, seat: Seat) -> list[Action]:
    """The card actions legal for `seat` in the open window (R7)."""
    window = state.window
    if window is None:
        return []
    if window.kind == "answer":
        if window.for_seat != seat or window.pending is None:
            return []
        return [
            Answer(card) for card in sorted(set(state.judges[seat].hand)) if answer_reason(state, seat, card) is None
        ]
    if window.kind not in PLAY_WINDOWS:
        return []
    return list(_plays(state, seat, {}))


# --------------------------------------------------------------------------- playing (effects.py)


def play_card(state: DreddState, seat: Seat, action: Action, chance: Chance) -> list[Event]:
    """Play a legal card action (the engine has checked it): see effects.py."""
    from . import effects

    return effects.play(state, seat, action, chance)


def resolve_pending(state: DreddState, chance: Chance) -> list[Event]:
    """The answer window closed without an answer: the Barney or Outdoor Boing takes effect."""
    from . import effects

    return effects.resolve(state, chance)


# --------------------------------------------------------------------------- words


def hand_lines(state: DreddState, seat: Seat) -> list[Msg]:
    """The seat's hand, one line per card: its name and what each option does."""
    plus_ten = "dredd_plus_ten" in state.variants
    lines = []
    for card in state.judges[seat].hand:
        kind = load_cards()[card]
        main = f"judge_dredd.cardtext.{card}.main"
        if card == "judge_dredd" and plus_ten:
            main += "_plus_ten"
        params = {"card": Msg(f"judge_dredd.cardname.{card}"), "main": Msg(main)}
        if kind.or_ is None:
            lines.append(Msg("judge_dredd.card.hand_line_single", params))
        else:
            params["or"] = Msg(f"judge_dredd.cardtext.{card}.or")
            lines.append(Msg("judge_dredd.card.hand_line", params))
    return lines


CARD_EVENT = "card_"
"""Every event kind cards produce starts so; its text is `judge_dredd.card.<rest>`."""


def describe(event: Event) -> Msg | None:
    """The message for an event of the cards (`judge_dredd.card.<kind without card_>`), with the
    engine's names for its params; None for any other event."""
    if not event.kind.startswith(CARD_EVENT):
        return None
    params = dict(present.describe(event).params)
    option = event.params.get("option")
    if option in ("main", "or"):
        params["option"] = Msg(f"judge_dredd.action.option_{option}")
        params["effect"] = Msg(f"judge_dredd.cardtext.{event.params['card']}.{option}")
    if "against" in event.params:
        params["against"] = Msg(f"judge_dredd.cardname.{event.params['against']}")
    return Msg(f"judge_dredd.card.{event.kind[len(CARD_EVENT) :]}", params, count=present.describe(event).count)

"""Who wins (遊戲結束): the factions, the Commoners' goals, and the end of the game at once.

Rulebook (遊戲結束): "遊戲有一方宣告勝利立即結束" (c9). "刺客陣營的固定勝利條件是侍衛陣營全滅，相應刺客
全滅意味著侍衛陣營勝利 ... 即使之前有該陣營人物死亡，扮演他的玩家也一同勝利" (c10). "平民的勝利要根據
人物卡上標明的勝利條件 ... 當達到你的個人勝利條件時，你必須宣告，錯過時機視為無效" (c11). "注意1，如果你
的身份是侍衛或者刺客，你不必理會人物卡上的勝利條件" (c12).

`check` runs at every check point (ruling 14: after each damage, death, equipment change and turn
boundary; turn.advance calls it after every action, death.run after every batch of deaths):

- a *trigger* ends the game: every 侍衛 dead (the 刺客 win), every 刺客 dead (the 侍衛 win), or a
  平民's trigger goal met (declared by the bot at that moment, ruling 14; with the
  `declare_button` variant the Commoner is asked instead, and a missed moment is void);
- then everyone whose goal holds at that moment wins (ruling 14): the winning faction (dead members
  too), every 平民 whose goal holds, counting the end-only goals (白妖精 alive, 賣花女, 隱女, 傭兵 on
  黑市 ...), and last the 修女, whose goal is another seat's win (a fixpoint);
- phase `over`, `winners`, `reason` (`guards` | `assassins` | `commoner:<character>`), and a public
  `game_over` event that shows every identity and character (the game is over: no secret left).

- Ruling (ours): 修女's neighbours are `turn_order` neighbours ("seated just before you" = the
  previous seat in turn order, ruling 1), dead or alive; after 託付 it is the next seat.
- Ruling (ours): "On 黑市 when the game ends" (傭兵) and the other "when the game ends" goals need the
  character alive, except the 修女's; a dead piece stands nowhere.
- Ruling (ours): 決鬥者's kill is a direct kill (death.py's `kills`); "3 or more dead" counts at that
  kill's death, the victim included (its place in `dead_order`).
- Ruling (ours): with `declare_button` the `declare` frame asks every seat for which a trigger goal
  has just come true for some character it could publicly have (its own if known, else any not
  shown elsewhere), whatever its identity, so the question tells neither identity nor character;
  a seat is asked again only after that has stopped holding and holds again.
- Ruling (ours): a missed declaration (`pass` or the clock) is void in that it does not end the
  game; if the goal still holds when the game ends otherwise, that Commoner shares the win like
  any other true goal (ruling 14: everyone whose goal holds at that moment wins).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from rules.core import Action, Chance, Event, IllegalAction, Seat

from .actions import Declare, Pass
from .content import Effect, load
from .frames import FrameKind, close, open_frame, register, waiting
from .state import JudgementState, Player, from_active, next_seat
from .traits import character

DECLARE = "declare_button"
END_ONLY = ("alive_at_end", "alive_with_saved_at_end", "alive_never_revealed_at_end", "at_location_at_end",
            "neighbour_wins")
"""Goals that are only looked at when the game ends (they never end it themselves)."""


# --------------------------------------------------------------------------- the goals


def _dead(state: JudgementState) -> list[Seat]:
    return [s for s, p in enumerate(state.players) if not p.alive]


def _faction_dead(state: JudgementState, identity: str) -> bool:
    """Every seat of `identity` is dead (and there is at least one)."""
    found = False
    for p in state.players:
        if p.identity == identity:
            if p.alive:
                return False
            found = True
    return found


def holds(state: JudgementState, seat: Seat, goal: Effect, *, at_end: bool) -> bool:
    """Whether `seat`'s character goal `goal` holds now; end-only goals count only `at_end`."""
    gid = goal.id
    if gid == "any_of":
        return any(holds(state, seat, g, at_end=at_end) for g in goal["goals"])
    if gid in _END_ONLY:
        return at_end and _END_GOALS[gid](state, seat, state.players[seat], goal)
    test = _TRIGGER_GOALS.get(gid)
    return test is not None and test(state, seat, state.players[seat], goal)


# Each goal's test: (state, seat, that seat's player, the goal) -> whether it holds.

def _own_equipment(state: JudgementState, seat: Seat, player: Player, goal: Effect) -> bool:
    pack = goal.get("pack")
    cards = load().cards
    mine = [c for c in player.equipment if pack is None or cards[c].pack == pack]
    return len(mine) >= int(goal["count"])


def _kill_with_dead_total(state: JudgementState, seat: Seat, player: Player, goal: Effect) -> bool:
    need = int(goal["count"])
    return any(v in state.dead_order and state.dead_order.index(v) + 1 >= need for v in player.kills)


def _attack_kills(state: JudgementState, seat: Seat, player: Player, goal: Effect) -> bool:
    min_hp = int(goal.get("min_hp", 0))
    kills = [v for v in player.attack_kills if _hp_of(state, v) >= min_hp]
    return len(kills) >= int(goal["count"])


Test = Callable[[JudgementState, Seat, Player, Effect], bool]
_END_GOALS: dict[str, Test] = {
    "alive_at_end": lambda state, seat, player, goal: player.alive,
    "alive_with_saved_at_end": lambda state, seat, player, goal: player.alive and len(
        {s for s in player.saved if s != seat and state.players[s].alive}) >= int(goal.get("saved", 1)),
    "alive_never_revealed_at_end": lambda state, seat, player, goal: player.alive and not player.ever_revealed,
    "at_location_at_end": lambda state, seat, player, goal: player.alive and player.at == goal["location"],
    "neighbour_wins": lambda state, seat, player, goal: False,  # the fixpoint in `winners`
}
"""The end-only goals' tests (END_ONLY)."""
_END_ONLY = frozenset(END_ONLY)
_TRIGGER_GOALS: dict[str, Test] = {
    "own_equipment": _own_equipment,
    "own_named_cards": lambda state, seat, player, goal: len(
        {c for c in player.equipment if c in goal["cards"]}) >= int(goal["count"]),
    "sealed_dies_while_alive": lambda state, seat, player, goal: player.alive and any(
        p.sealed_by == seat and not p.alive for p in state.players),
    "dead_count_alive": lambda state, seat, player, goal: player.alive and len(_dead(state)) >= int(goal["count"]),
    "first_to_die": lambda state, seat, player, goal: not player.alive and player.death_seq == 1,
    "among_last_alive": lambda state, seat, player, goal: player.alive and sum(
        p.alive for p in state.players) <= int(goal["count"]),
    "faction_dead_alive": lambda state, seat, player, goal: player.alive and _faction_dead(
        state, str(goal["identity"])),
    "kill_with_dead_total": _kill_with_dead_total,
    "attack_kills": _attack_kills,
}
"""The trigger goals' tests (any other goal id never holds)."""


def _hp_of(state: JudgementState, seat: Seat) -> int:
    char = character(state, seat)
    return char.hp if char else 0


def goal_met(state: JudgementState, seat: Seat) -> bool:
    """Whether `seat`'s character goal holds now, as if the game ended now (end-only goals count;
    the 修女's is her neighbour's goal or faction win). Identity is not asked: see `triggered`."""
    char = character(state, seat)
    if char is None:
        return False
    if state.phase == "over":
        return seat in state.winners
    if char.goal.id == "neighbour_wins":
        other = _neighbour(state, seat)
        mate = state.players[other].identity
        if mate == "commoner":
            return other != seat and _plain_goal(state, other)
        return _faction_dead(state, "assassin" if mate == "guard" else "guard")
    return holds(state, seat, char.goal, at_end=True)


def _plain_goal(state: JudgementState, seat: Seat) -> bool:
    char = character(state, seat)
    return char is not None and char.goal.id != "neighbour_wins" and holds(state, seat, char.goal, at_end=True)


def _neighbour(state: JudgementState, seat: Seat) -> Seat:
    """修女: the seat before her in turn order, or after her once 託付 is used (ruling ours)."""
    char = character(state, seat)
    assert char is not None
    key = "entrust_offset" if state.players[seat].entrusted else "offset"
    return next_seat(state, seat, int(char.goal.get(key, -1)))


def triggered(state: JudgementState, seat: Seat) -> bool:
    """A trigger goal of `seat`'s character holds now (c11; not the end-only goals)."""
    char = character(state, seat)
    return char is not None and holds(state, seat, char.goal, at_end=False)


# --------------------------------------------------------------------------- the check


def check(state: JudgementState) -> list[Event]:
    """r14: end the game at once (c9) if a side's condition or a Commoner's trigger goal holds."""
    if state.phase != "turn":
        return []
    reason = ""
    if _faction_dead(state, "guard"):
        reason = "assassins"
    elif _faction_dead(state, "assassin"):
        reason = "guards"
    if not reason:
        if DECLARE in state.variants:
            asking = any(f.kind == "declare" for f in state.frames)
            return [] if asking else _offer_declare(state)
        for s in from_active(state):  # the first Commoner in turn order whose trigger goal holds
            if state.players[s].identity == "commoner" and triggered(state, s):
                reason = f"commoner:{state.players[s].character}"
                break
    if not reason:
        return []
    return end(state, reason)


def winners(state: JudgementState) -> list[Seat]:
    """Everyone whose goal holds now (ruling 14): the winning faction(s), the Commoners whose goal
    holds (end-only goals included), then the 修女 (a fixpoint over her neighbour's win)."""
    won: set[Seat] = set()
    for faction, enemy in (("guard", "assassin"), ("assassin", "guard")):
        if _faction_dead(state, enemy):
            won |= {s for s, p in enumerate(state.players) if p.identity == faction}
    commoners = [s for s, p in enumerate(state.players) if p.identity == "commoner"]
    sisters = []
    for seat in commoners:
        char = character(state, seat)
        if char is None:
            continue
        if char.goal.id == "neighbour_wins":
            sisters.append(seat)
        elif holds(state, seat, char.goal, at_end=True):
            won.add(seat)
    changed = True
    while changed:
        changed = False
        for seat in sisters:
            if seat not in won and _neighbour(state, seat) in won:
                won.add(seat)
                changed = True
    return sorted(won)


def end(state: JudgementState, reason: str) -> list[Event]:
    """The game ends now (c9): `over`, the winners, and every secret shown (`game_over`'s
    `identities` and `characters` are keyed by the seat number as text, as JSON keeps them)."""
    state.winners = winners(state)
    state.reason = reason
    state.phase = "over"
    state.frames.clear()
    return [
        Event(
            "game_over",
            {
                "winners": list(state.winners),
                "reason": reason,
                "identities": {str(s): p.identity for s, p in enumerate(state.players)},
                "characters": {str(s): p.character for s, p in enumerate(state.players)},
            },
        )
    ]


# --------------------------------------------------------------------------- declare_button variant


def could_trigger(state: JudgementState, seat: Seat) -> bool:
    """e1: whether a trigger goal holds for `seat` with SOME character it could publicly have: its
    own when face up, seen before 含羞 or dead; else any character nobody else has shown. The goals
    read only public facts (equipment, deaths, kills, seals, rescues, places), so this is public."""
    player = state.players[seat]
    if player.character is None:
        return False
    tests = _trigger_tests()
    if player.revealed or player.ever_revealed or not player.alive:
        candidates = [player.character]
    else:
        seen = [p for s, p in enumerate(state.players) if s != seat]
        shown = {p.character for p in seen if p.revealed or p.ever_revealed or not p.alive}
        candidates = [c for c in tests if c not in shown]
    for c in candidates:
        for test, goal in tests.get(c, ()):
            if test(state, seat, player, goal):
                return True
    return False


@cache
def _trigger_tests() -> dict[str, tuple[tuple[Test, Effect], ...]]:
    """Per character with a trigger goal (in content order), the tests of its trigger goals with
    `any_of` opened up: `holds(..., at_end=False)` is whether one of them holds (an end-only goal
    never holds before the end, an unknown one never), asked here without the walk through
    `holds` (`could_trigger` asks it of every character for every face-down seat at every check)."""

    def leaves(goal: Effect) -> list[tuple[Test, Effect]]:
        if goal.id == "any_of":
            return [leaf for g in goal["goals"] for leaf in leaves(g)]
        test = _TRIGGER_GOALS.get(goal.id)
        return [(test, goal)] if test is not None and goal.id not in _END_ONLY else []

    out = {c: tuple(leaves(char.goal)) for c, char in load().characters.items()}
    return {c: tests for c, tests in out.items() if tests}


def _offer_declare(state: JudgementState) -> list[Event]:
    """The `declare_button` variant (ruling 14): a seat is asked `declare` or `pass` when a trigger
    goal has just come true for a character it could publicly have (`could_trigger`, e1), so the
    question tells nothing; only a 平民 whose own goal holds has `declare` (a missed moment is void,
    c11)."""
    met = {s for s in range(state.seats) if could_trigger(state, s)}
    fresh = [s for s in from_active(state) if s in met and s not in state.goals_met]
    state.goals_met = sorted(met)
    if fresh:
        open_frame(state, "declare", fresh)
    return []


def _declare_legal(state: JudgementState, seat: Seat) -> list[Action]:
    if state.players[seat].identity == "commoner" and triggered(state, seat):
        return [Declare(), Pass()]
    return [Pass()]


def _declare_apply(state: JudgementState, seat: Seat, action: Action, chance: Chance) -> list[Event]:
    frame = waiting(state)
    if isinstance(action, Declare):
        return end(state, f"commoner:{state.players[seat].character}")
    frame.passed.append(seat)
    if not [s for s in frame.seats if s not in frame.passed]:
        close(state, frame)
    return []


register(FrameKind("declare", _declare_legal, _declare_apply, lambda s, seat: Pass(), public=(),
                   why=lambda s, seat, a: IllegalAction("judgement_declare_or_pass")))

"""A Dad's Army board in words, for screen readers (`DadsArmyWords.describe`): what the picture of
the same view shows. An open game: whose turn, each man's square and how far he still has to go
(by way of a WD base until he has called in), who is nearest home, Hodges, the bombs and the Union
Jacks, and the winner.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.plugin import Speech

from .ai import UNREACHABLE, distances
from .board import load_board

Square = tuple[int, int]


def square(value: Any) -> str:
    """A square as the actions write it: `c,r`."""
    return f"{value[0]},{value[1]}"


def steps_home(man: Mapping[str, Any], ref: Square, bombs: frozenset[Square], jacks: frozenset[Square]) -> int | None:
    """The steps a man still needs (0 when home), by way of a WD base until he has called in;
    None when no way is open (bombs shut it)."""
    if man.get("arrived"):
        return 0
    x, y = man["square"]
    here: Square = (x, y)
    home = distances(ref, bombs, jacks)
    if man.get("called_in"):
        return home.get(here)
    best = min((distances(base, bombs, jacks).get(here, UNREACHABLE) + home.get(base, UNREACHABLE)
                for base in sorted(load_board().wd_bases)), default=UNREACHABLE)
    return None if best >= UNREACHABLE else best


def describe(view: Mapping[str, Any], names: Sequence[str], say: Speech) -> str:
    def team(player: Mapping[str, Any]) -> str:
        colour = say.text(f"dads_army.team.{player['team']}")
        seat = player.get("seat", -1)
        return say.text("dads_army.alt.named", team=colour, player=names[seat]) if 0 <= seat < len(names) else colour

    players = list(view.get("players") or [])
    men = view.get("men") or {}
    bombs = frozenset(tuple(b) for b in view.get("bombs") or [])
    jacks = frozenset(tuple(j) for j in view.get("jacks") or [])
    out = [say.text("dads_army.alt.board")]
    winner, turn = view.get("winner"), view.get("turn")
    if winner is not None and 0 <= winner < len(players):
        out.append(say.text("dads_army.alt.winner", team=team(players[winner])))
    elif turn is not None and 0 <= turn < len(players):
        out.append(say.text("dads_army.alt.turn", team=team(players[turn])))
    left: list[tuple[int, str, str]] = []
    for player in players:
        x, y = player["reference"]
        ref: Square = (x, y)
        said = []
        for name in player.get("men") or []:
            man = men.get(name)
            if man is None:
                continue
            who = say.text(f"dads_army.man.{name}")
            steps = steps_home(man, ref, bombs, jacks)
            if man.get("arrived"):
                said.append(say.text("dads_army.alt.man_home", man=who, square=square(man["square"])))
                continue
            key = "dads_army.alt.man_called" if man.get("called_in") else "dads_army.alt.man_base"
            said.append(say.text(key, man=who, square=square(man["square"]),
                                 steps=steps if steps is not None else say.text("dads_army.alt.shut")))
            if steps is not None:
                left.append((steps, who, team(player)))
        out.append(say.text("dads_army.alt.team", team=team(player), home=square(ref),
                            men=say.text("dads_army.alt.sep").join(said)))
    if left and winner is None:
        steps, who, whose = min(left)
        out.append(say.text("dads_army.alt.nearest", man=who, team=whose, steps=steps))
    if view.get("hodges"):
        out.append(say.text("dads_army.alt.hodges", square=square(view["hodges"])))
    if bombs:
        out.append(say.text("dads_army.alt.bombs", squares=say.join([square(b) for b in sorted(bombs)])))
    if jacks:
        out.append(say.text("dads_army.alt.jacks", squares=say.join([square(j) for j in sorted(jacks)])))
    return say.sentences(out)

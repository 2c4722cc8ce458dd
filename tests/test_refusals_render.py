"""Every refusal a game gives along a real game reads whole in both languages: along a seeded
random game of each installed game, actions made by mixing the tokens of the legal ones are
checked, and each refused one renders its own `error.<code>` with every placeholder filled (no
`{name}` placeholder left, no bare "not allowed"), its seats written as names."""

from __future__ import annotations

import random
import re

import pytest

import rules
from gavel.tables import i18n
from rules.core import IllegalAction, Msg, SeededChance
from rules.registry import plugins

GAMES = sorted(plugins())
SEATS = {"judgement": 5}
STEPS = 120
TRIES = 12
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")
ENDINGS = ("resign", "void", "draw")
"""Actions the walk does not take: they end the game early."""
GENERIC = ("The rules do not allow that", "is not legal now", "規則不允許這樣做", "目前不合法")


def mixed(legal: list[str], rng: random.Random) -> str:
    """A text made of the legal actions' tokens: one action with one token (or, for one word of
    notation, its end) taken from another."""
    words = rng.choice(legal).split()
    alike = [t.split() for t in legal if t.split()[0] == words[0] and len(t.split()) == len(words)]
    if len(words) > 1 and rng.random() < 0.7:  # each token from some action of the same verb and shape
        return " ".join([words[0], *(rng.choice(alike)[i] for i in range(1, len(words)))])
    other = rng.choice(legal).split()
    if len(words) > 1 and len(other) > 1:
        words[rng.randrange(1, len(words))] = rng.choice(other[1:])
    elif len(other) > 1:
        words.append(other[-1])
    elif "-" in words[0] and "-" in other[0]:  # one word of notation: one move's start, another's end
        words = [words[0].split("-")[0] + "-" + other[0].split("-")[1]]
    else:
        words = [words[0][:-2] + other[0][-2:]]
    return " ".join(words)


@pytest.mark.parametrize("key", GAMES)
def test_refusals_along_a_game_render_whole_in_both_languages(key: str) -> None:
    game = rules.core.games()[key]
    seats = SEATS.get(key, game.info.min_seats if key != "judtho" else 4)
    state = game.new_game({}, seats, SeededChance(f"{key}:refusals"))
    rng = random.Random(key)
    seen: set[str] = set()
    for step in range(STEPS):
        asked = sorted(game.to_act(state))
        if not asked or game.outcome(state) is not None:
            break
        seat = asked[0]
        legal = [str(a) for a in game.legal_actions(state, seat)]
        for _ in range(TRIES):
            text = mixed(legal, rng)
            try:
                game.check(state, seat, text)
            except IllegalAction as error:
                seen.add(error.code)
                named = i18n.name_seats(error.params, lambda s: f"player{s}")
                for lang in i18n.LANGUAGES:
                    assert f"error.{error.code}" in i18n.catalogue(lang), error.code
                    said = i18n.render(Msg(f"error.{error.code}", named), lang)
                    unfilled = PLACEHOLDER.search(said)  # (a Knight's distant capture is written `Nc3x{b5}`)
                    assert unfilled is None and not any(g in said for g in GENERIC), (text, error.code, said)
        going_on = [t for t in legal if t.split()[0] not in ENDINGS] or legal
        game.apply(state, seat, rng.choice(going_on), SeededChance(f"{key}:{step}"))
    assert seen  # the walk did meet refusals

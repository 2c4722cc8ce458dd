"""Every message the Judtho engine produces (events, action labels, refusals) has its text in en
and zh-TW (`judtho_engine.po` with `judtho_alliances.po`), with the same `{fields}`, and every
event of real games renders in both languages."""

from __future__ import annotations

import re

from gavel.tables.i18n import catalogue, render
from rules.core import Msg
from rules.judtho.present import ACTION_VERBS, EVENT_KINDS

from .test_engine import random_game

ERRORS = ("judtho_bad_suggestion", "judtho_piece_not_in_reserve", "judtho_place_in_own_kingdom",
          "judtho_not_your_piece", "judtho_repetition", "judtho_illegal")
PIECES = ("king", "queen", "rook", "bishop", "knight", "prince", "princess", "pawn")


def keys() -> set[str]:
    out = {f"judtho.event.{k}" for k in EVENT_KINDS} | {f"judtho.action.{v}" for v in ACTION_VERBS}
    out |= {f"error.{c}" for c in ERRORS} | {f"judtho.piece.{p}" for p in PIECES}
    out |= {f"judtho.how.{h}" for h in ("regicide", "knatch", "annihilation")}
    out |= {f"judtho.owed.{k}" for k in ("bonus_piece", "bonus_again", "king")}
    return out


def test_every_engine_message_in_both_languages_with_the_same_fields():
    en, zh = catalogue("en"), catalogue("zh-TW")
    for key in keys():
        assert key in en and key in zh, key
        assert set(re.findall(r"{(\w+)}", en[key])) == set(re.findall(r"{(\w+)}", zh[key])), key


def test_the_events_and_labels_of_real_games_render_in_both_languages():
    from rules.judtho.engine import GAME

    _, log = random_game(4, 7, limit=400)
    replayed = GAME.new_game({}, 4, None)  # type: ignore[arg-type]
    kinds = set()
    for seat, text, _ in log:
        label = GAME.label(GAME.parse_action(text))
        assert isinstance(label, Msg) and not re.search(r"{[a-z_]+}", render(label, "en"))
        for event in GAME.apply(replayed, seat, text, None):  # type: ignore[arg-type]
            kinds.add(event.kind)
            for lang in ("en", "zh-TW"):
                text_out = render(GAME.describe(event), lang, lambda s: f"P{s}")
                assert not re.search(r"{[a-z_]+}", text_out) and "judtho." not in text_out, (event, text_out)
    assert {"placed", "rest_placed", "moved", "to_move"} <= kinds or {"rest_placed", "moved"} <= kinds

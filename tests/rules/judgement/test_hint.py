"""The City of Judgement's words under a refusal (`JudgementWords.hint`): the same verb's legal
actions, or all of them when the verb is not among them; and the token names a prompt reads."""

from __future__ import annotations

from gavel.tables.i18n import speech
from rules import registry
from rules.judgement.words import HINT_MAX, WORDS

EN, ZH = speech("en"), speech("zh-TW")


def test_a_refused_action_hints_the_same_verbs_legal_actions() -> None:
    legal = ["attack blue", "attack green", "reveal", "pass"]
    assert WORDS.hint("attack red", legal, EN) == EN.text("judgement.ui.console_hint",
                                                          actions="attack blue, attack green")
    assert WORDS.hint("attack red", legal, ZH) == ZH.text("judgement.ui.console_hint",
                                                          actions="attack blue, attack green")


def test_a_verb_not_among_them_hints_every_legal_action_up_to_the_most_named() -> None:
    legal = [f"go {n}" for n in range(HINT_MAX + 5)]
    assert WORDS.hint("pick nobody_at_all", legal, EN) == EN.text(
        "judgement.ui.console_hint", actions=", ".join(legal[:HINT_MAX]))
    assert WORDS.hint("", ["reveal"], EN) == EN.text("judgement.ui.console_hint", actions="reveal")
    assert WORDS.hint("reveal", [], EN) is None


def test_tokens_are_named_from_every_catalogue_the_game_names_them_in() -> None:
    """Characters, skills, cards, locations, identities, packs and board colours; a token none
    names stays as it is."""
    assert registry.plugin("judgement").words is WORDS
    for template in WORDS.token_keys:
        assert template.startswith("judgement.") and template.endswith(".{token}")
    assert WORDS.token("mercenary", ZH) == ZH.text("judgement.char.mercenary")
    assert WORDS.token("holy", EN) == EN.text("judgement.pack.holy") == "Holy card"
    assert WORDS.token("red", EN) == EN.text("judgement.ui.colour.red") == "red"  # the code `attack red` takes
    assert WORDS.token("no_such_token", EN) == "no_such_token"

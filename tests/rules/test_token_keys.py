"""Where each game's catalogues name an action's tokens (`Words.token_keys`): the same templates
for the console's names line and the cog's buttons; a token no template names stays as it is."""

from __future__ import annotations

import pytest

from gavel.tables.i18n import speech
from rules import registry

EN, ZH = speech("en"), speech("zh-TW")


@pytest.mark.parametrize(("key", "token", "message", "code"), [
    ("judge_dredd", "ghj", "judge_dredd.sector.ghj", " (GHJ)"),  # a Sector with the code its map shows
    ("judge_dredd", "red", "judge_dredd.colour.red", ""),
    ("dads_army", "pike", "dads_army.man.pike", ""),
    ("judgement", "holy", "judgement.pack.holy", ""),
])
def test_a_token_reads_as_the_first_template_that_names_it(key: str, token: str, message: str, code: str) -> None:
    words = registry.plugin(key).words
    assert EN.has(message) and ZH.has(message)
    assert words.token(token, EN) == EN.text(message) + code and words.token(token, ZH) == ZH.text(message) + code
    assert words.token("no_such_token", ZH) == "no_such_token"


def test_every_template_is_the_games_own() -> None:
    for key in ("dads_army", "judge_dredd", "judgement"):
        words = registry.plugin(key).words
        assert words.token_keys, key
        assert all(t.startswith(f"{key}.") and t.endswith(".{token}") for t in words.token_keys), key
    assert registry.plugin("judtho").words.token_keys == ()  # a notation word names itself (J29)

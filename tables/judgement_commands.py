"""The City of Judgement's command options as action text, for every front-end that reads options
(the local console's `pick` and `/judgement pick`, the cog's `/judgement pick`).

`/judgement pick` with no character would reach the game as `pick`, which it cannot read ("I could
not read that: pick"). A player who leaves the character out is asked which instead, the
characters dealt to them named (c5: 人物選擇, each picks one of the characters dealt to them; the
options are this seat's secret, and a refusal is shown to the actor alone). Pure: the legal actions
come in as text, the names from the catalogues when the refusal is rendered in the reader's language.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.core import IllegalAction, Msg
from tables.i18n import Listed


def pick_options(legal: Sequence[str]) -> list[str]:
    """The character ids the seat may pick now (its `pick <character>` actions), in their order."""
    return [tokens[1] for tokens in (a.split() for a in legal) if len(tokens) == 2 and tokens[0] == "pick"]


def pick_text(character: str | None, legal: Sequence[str]) -> str:
    """`pick <character>` for a named character (as typed, lower case: the game refuses one not
    dealt to the seat). None or blank while the seat is picking: IllegalAction
    `judgement_pick_which`, naming the options ("Mercenary (mercenary), Vampire (vampire)", joined in
    the reader's language). Not picking now: plain `pick`, which the game refuses with its own
    reason."""
    chosen = " ".join((character or "").split()).lower()
    if chosen:
        return f"pick {chosen}"
    options = pick_options(legal)
    if not options:
        return "pick"
    named = Listed.of(Msg("judgement.pick_option", {"character": Msg(f"judgement.char.{c}"), "id": c})
                      for c in options)
    raise IllegalAction("judgement_pick_which", options=named, first=options[0])

"""The City of Judgement's command options as action text, for every front-end that reads options
(the local console's `/judgement pick|obey|skill` and the cog's `/judgement ...` commands).

A blank option is no option. Discord passes what was typed, and a Chinese input method types the
full-width space U+3000; other Unicode spaces (U+00A0, U+2002 ...) and invisible format characters
(U+200B, U+FEFF) come by copy and paste. `clean` reads every one of them as nothing, so a blank
`/judgement obey answer:` is the plain `obey` (`obey_text`), and a blank required option is refused
with what the seat may name (`command_text`), never sent on as a broken action.

`/judgement pick` with no character would reach the game as `pick`, which it cannot read ("I could
not read that: pick"). A player who leaves the character out is asked which instead, the
characters dealt to them named (c5: 人物選擇, each picks one of the characters dealt to them; the
options are this seat's secret, and a refusal is shown to the actor alone). Pure: the legal actions
come in as text, the names from the catalogues when the refusal is rendered in the reader's language.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from rules.core import IllegalAction, Msg, NotYourTurn
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
    chosen = clean(character)
    if chosen:
        return f"pick {chosen}"
    options = pick_options(legal)
    if not options:
        return "pick"
    named = Listed.of(Msg("judgement.pick_option", {"character": Msg(f"judgement.char.{c}"), "id": c})
                      for c in options)
    raise IllegalAction("judgement_pick_which", options=named, first=options[0])


ANSWERS = ("obey", "pay", "pose")
"""The three answers to an Order card: obey, pay an equipment card instead of the damage (ruling
13), or 隱女's 「隱」 pose (secret: its label names nothing)."""


def clean(option: str | None) -> str:
    """An option as the tokens it names: lower case, one space between words, every Unicode space
    and invisible format character (category Cf) read as nothing. '' when blank."""
    kept = "".join(ch for ch in option or "" if unicodedata.category(ch) != "Cf")
    return " ".join(kept.split()).lower()


def command_text(verb: str, options: Sequence[str | None], legal: Sequence[str]) -> str:
    """`verb` and its options as action text (`take red amulet`). With an option left blank: refused
    with the seat's legal actions of that verb (`judgement_blank_option`), or, when it has none, why
    not (`judgement_not_now` naming what it may do, or `not_your_turn` when nothing)."""
    words = [clean(o) for o in options]
    if all(words):
        return " ".join([verb, *words])
    mine = [a for a in legal if a.split()[0] == verb]
    if mine:
        raise IllegalAction("judgement_blank_option", actions=", ".join(mine[:25]))
    if legal:
        raise IllegalAction("judgement_not_now", action=verb, allowed=", ".join(sorted({a.split()[0] for a in legal})))
    raise NotYourTurn()


def obey_text(answer: str | None, legal: Sequence[str]) -> str:
    """`/judgement obey [answer]`: `obey` when the answer is left out or blank; `pay <card>` and
    `pose <identity>` as typed; a lone card or identity id is that answer when the seat may give
    it, else `obey <it>`, which the game refuses with its own reason."""
    text = clean(answer)
    if not text:
        return "obey"
    if text.split()[0] in ANSWERS:
        return text
    return next((a for a in legal if a.split()[1:] == [text] and a.split()[0] in ANSWERS[1:]), f"obey {text}")

"""The City of Judgement's slash command group, `/judgement`, declared once for both front-ends
(`rules.plugin.Commands`): every sub-command, the options of `/judgement pick|obey|skill` read as
action text, and `/judgement role|options`, the seat's own view.

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
from collections.abc import Mapping, Sequence

from rules.core import IllegalAction, Listed, Msg, NotYourTurn
from rules.plugin import (
    BOARD_COMMAND,
    MENU,
    RULES_COMMAND,
    VIEW,
    Actions,
    Command,
    Commands,
    Option,
    Speech,
    Tokens,
    lobby,
)


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



# --------------------------------------------------------------------------- the commands


def read_obey(options: Mapping[str, str], legal: Sequence[str], say: Speech) -> str:
    """`/judgement obey [answer]` (`obey pay amulet` on one line: the answer is the rest of it):
    `obey_text`."""
    return obey_text(options.get("answer"), legal)


def read_pick(options: Mapping[str, str], legal: Sequence[str], say: Speech) -> str:
    """`/judgement pick [character]`, or `pick` typed alone: with no character, asks which, naming
    the characters dealt to the seat (`pick_text`)."""
    return pick_text(options.get("character"), legal)


def read_skill(options: Mapping[str, str], legal: Sequence[str], say: Speech) -> list[str]:
    """`/judgement skill <name> [target]`: the skill, then, when a target is named, `target
    <colour>`, played at once only if the skill then asks for one (else left to the seat's menu,
    `Command.then`). A blank target is no target."""
    used = command_text("skill", [options.get("name")], legal)
    target = clean(options.get("target"))
    return [used, f"target {target}"] if target else [used]


def tokens(verb: str, *names: str) -> Command:
    """`/judgement <verb> <option>...`: the verb and its options, each one token of the action
    (`command_text`: a blank option is refused with what the seat may name)."""

    def read(options: Mapping[str, str], legal: Sequence[str], say: Speech) -> str:
        return command_text(verb, [options.get(n) for n in names], legal)

    return Command(verb, tuple(Option(n) for n in names), read=read)


BUTTON_ONLY = frozenset({"again", "hit", "declare", "pay", "pose"})
"""Verbs reached by the private menu's buttons alone (pay and pose also as `/judgement obey
answer:`): Discord allows 25 commands a group."""
TIMEOUT_MAX = 3600
"""The longest a question may wait for a player, in seconds (`/judgement new timeout:`)."""

COMMANDS = Commands(group="judgement", commands=(
    lobby(timeout=TIMEOUT_MAX),
    BOARD_COMMAND,
    Command("role", kind=VIEW, image="role.png"),
    RULES_COMMAND,
    Command("options", kind=MENU),
    Command("pick", (Option("character", required=False),), read=read_pick, bare=True),
    tokens("roll"),
    tokens("go", "location"),
    tokens("draw", "pack"),
    tokens("give", "target"),
    Command("obey", (Option("answer", required=False, complete=(Actions(ANSWERS),), rest=True),), read=read_obey),
    tokens("target", "target"),
    tokens("hurt", "target"),
    tokens("heal", "target"),
    tokens("take", "target", "card"),
    tokens("show"),
    tokens("keep"),
    tokens("decline"),
    tokens("attack", "target"),
    tokens("reveal"),
    Command("skill", (Option("name"), Option("target", required=False, complete=(Tokens("target", 1),))),
            read=read_skill, then="judgement.ui.target_later"),
    tokens("rescue"),
    tokens("counter"),
    tokens("pass"),
    tokens("end"),
))
"""Every decision by command, each option autocompleted from the seat's own legal actions (names in
its language); the rarer answers (`BUTTON_ONLY`) are buttons of the private menu only.
`/judgement role` (the role card) and `/judgement options` (what you may do) are the seat's
private views."""

"""Menus for legal actions, built token by token from their text form, and the persistent
buttons that carry them.

An action text is space-separated tokens, verb first (`move pike 5,9`). A menu shows the
next token of every legal action that starts with what was chosen so far (the *prefix*):
first the verbs, then (for `move`) the men, then the squares. A level where every action
shares the same token is skipped, and a prefix that is a whole action is played. A game may
make a step a set instead (`Words.combined`: a piece that may take any set of its targets):
one multi-select whose chosen values are joined into one action. A game whose actions are not
space-separated splits them into steps itself (`Words.steps`).

Every button is a `DynamicItem` whose custom id holds the table id, the version of the
game it was made for and the prefix, so it works after a restart and is refused politely
once the game has moved on. Discord caps a custom id at 100 characters: a prefix that would
not fit travels as an index into that version's legal action list (`#<index>.<tokens>`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

from cogs import names
from gavel.tables import i18n
from gavel.tables.notices import Prompt
from rules import registry
from rules.core import IllegalAction, Msg
from rules.plugin import Combined, Words, capitalised

CUSTOM_ID_MAX = 100
BUTTONS_MAX = 20
"""Four rows of five: the fifth row is kept for "My info"."""
SELECT_OPTIONS_MAX = 25
SELECTS_MAX = 4


# --------------------------------------------------------------------------- a game's words at a table

PLAIN = Words()
"""The default words: verbs by `cogs.verb.<verb>`, tokens as they are, steps split at spaces."""


def words_of(game_key: str) -> Words:
    """A game's words (`rules.plugin.Words`), from its plug-in; the default for an unknown key."""
    try:
        return registry.plugin(game_key).words
    except IllegalAction:
        return Words(key=game_key)


def words_for(prompt: Prompt | None) -> Words:
    """The words of a prompt's game, for its table (`Words.at` the facts the prompt carries);
    the default words without a prompt."""
    if prompt is None:
        return PLAIN
    return words_of(prompt.game).at(prompt.facts)


def said(prompt: Prompt, msg: Msg | None, lang: str) -> str:
    """A message a prompt carries (`about`, `own`) in `lang`, seats named as the prompt names
    them; "" for none."""
    return names.render(msg, lang, prompt.seat_name) if msg is not None else ""


def asked_lines(prompt: Prompt, lang: str) -> list[str]:
    """The lines atop a seat's private menu: what the seats are asked (`Prompt.about`: a
    card-play window, before whose Move, who passed), then what this seat alone knows of its
    question (`Prompt.own`), each left out when the prompt has none."""
    return [line for line in (said(prompt, prompt.about, lang), said(prompt, prompt.own, lang)) if line]


# --------------------------------------------------------------------------- prefix tree


def tokens(text: str, words: Words = PLAIN) -> list[str]:
    """An action's (or a prefix's) menu steps, as its game splits them (`Words.steps`)."""
    return words.steps(text)


def matching(legal: Sequence[str], prefix: Sequence[str], words: Words = PLAIN) -> list[str]:
    n = len(prefix)
    return [a for a in legal if words.steps(a)[:n] == list(prefix)]


@dataclass(frozen=True)
class Choice:
    """One button or select option: the prefix it leads to, and the action if it is one."""

    prefix: tuple[str, ...]
    action: str | None


def expand(legal: Sequence[str], prefix: Sequence[str],
           words: Words = PLAIN) -> tuple[tuple[str, ...], list[Choice]]:
    """The choices offered after `prefix`, skipping levels where all actions agree.

    Returns the (possibly longer) prefix and its choices. A single remaining action is one
    choice, never played without a click."""
    prefix = tuple(prefix)
    tokens = words.steps
    candidates = matching(legal, prefix, words)
    while len(candidates) > 1:
        nexts = {tuple(tokens(a)[: len(prefix) + 1]) for a in candidates}
        if len(nexts) != 1 or any(len(tokens(a)) == len(prefix) for a in candidates):
            break
        prefix = nexts.pop()
    if len(candidates) == 1:
        return prefix, [Choice(tuple(tokens(candidates[0])), candidates[0])]
    choices: dict[tuple[str, ...], Choice] = {}
    for action in candidates:
        parts = tokens(action)
        if len(parts) == len(prefix):
            continue  # the prefix itself is an action: played directly, see resolve()
        step = tuple(parts[: len(prefix) + 1])
        if step in choices:
            continue
        rest = matching(candidates, step, words)
        choices[step] = Choice(tuple(tokens(rest[0])), rest[0]) if len(rest) == 1 else Choice(step, None)
    return prefix, list(choices.values())


def resolve(legal: Sequence[str], prefix: Sequence[str], words: Words = PLAIN) -> str | None:
    """The action a prefix names, if it names a whole legal action."""
    wanted = list(prefix)
    return next((a for a in legal if words.steps(a) == wanted), None)


# --------------------------------------------------------------------------- custom ids


def encode_prefix(head: str, prefix: Sequence[str], legal: Sequence[str], words: Words = PLAIN) -> str:
    """`head` + the prefix as text, or as an index into `legal` when too long."""
    text = " ".join(prefix)
    if len(head) + len(text) <= CUSTOM_ID_MAX:
        return head + text
    index = next(i for i, a in enumerate(legal) if words.steps(a)[: len(prefix)] == list(prefix))
    return f"{head}#{index}.{len(prefix)}"


def decode_prefix(arg: str, legal: Sequence[str], words: Words = PLAIN) -> list[str] | None:
    """The prefix a custom id carries; None when its index no longer exists (or, in a garbled
    id, is no number)."""
    if not arg.startswith("#"):
        return words.steps(arg)
    index, _, count = arg[1:].partition(".")
    if not _ascii_number(index) or not _ascii_number(count) or int(index) >= len(legal):
        return None
    return words.steps(legal[int(index)])[: int(count)]


def _ascii_number(text: str) -> bool:
    """Digits `int` reads: `str.isdigit` also passes `²`, which `int` refuses."""
    return text.isascii() and text.isdigit()


_N = "[0-9]{1,18}"
"""A number in a custom id: ASCII digits (`\\d` also takes other scripts' digits), few enough that
a forged id never reaches a database query with a number no integer column holds."""
ACTION_TEMPLATE = rf"gv:a:(?P<table>{_N}):(?P<version>{_N}):(?P<arg>.*)"
SELECT_TEMPLATE = rf"gv:s:(?P<table>{_N}):(?P<version>{_N}):(?P<part>[0-9]):(?P<arg>.*)"
MULTI_TEMPLATE = rf"gv:m:(?P<table>{_N}):(?P<version>{_N}):(?P<arg>.*)"
PAGE_TEMPLATE = rf"gv:p:(?P<table>{_N}):(?P<version>{_N}):(?P<page>{_N}):(?P<arg>.*)"
LOBBY_TEMPLATE = rf"gv:l:(?P<table>{_N}):(?P<op>join|leave|ai|start)"
INFO_TEMPLATE = rf"gv:me:(?P<table>{_N})"
HAND_TEMPLATE = rf"gv:hand:(?P<table>{_N})"
UNDO_TEMPLATE = rf"gv:u:(?P<table>{_N}):(?P<version>{_N})"
HISTORY_TEMPLATE = rf"gv:hist:(?P<page>{_N})"
AGAIN_TEMPLATE = rf"gv:again:(?P<table>{_N})"
SIT_TEMPLATE = rf"gv:sit:(?P<table>{_N})"
TAKE_TEMPLATE = rf"gv:take:(?P<table>{_N}):(?P<seat>{_N})"
CONFIRM_TEMPLATE = rf"gv:ok:(?P<table>{_N}):(?P<version>{_N}):(?P<op>leave|act):(?P<arg>.*)"
CANCEL_TEMPLATE = rf"gv:no:(?P<table>{_N})"
REPLAY_TEMPLATE = rf"gv:rp:(?P<table>{_N}):(?P<step>{_N}):(?P<op>first|prev|next|last|post)"
REPLAY_PICK_TEMPLATE = rf"gv:rps:(?P<table>{_N})"
REPLAY_OPEN_TEMPLATE = rf"gv:rpo:(?P<table>{_N})"


def action_id(table_id: int, version: int, prefix: Sequence[str], legal: Sequence[str],
              words: Words = PLAIN) -> str:
    return encode_prefix(f"gv:a:{table_id}:{version}:", prefix, legal, words)


def select_id(table_id: int, version: int, part: int, prefix: Sequence[str], legal: Sequence[str],
              words: Words = PLAIN) -> str:
    """`part` numbers the selects of one menu: custom ids must differ within a message."""
    return encode_prefix(f"gv:s:{table_id}:{version}:{part}:", prefix, legal, words)


def multi_id(table_id: int, version: int, prefix: Sequence[str], legal: Sequence[str],
             words: Words = PLAIN) -> str:
    """The multi-select of a `Combined` step after `prefix`."""
    return encode_prefix(f"gv:m:{table_id}:{version}:", prefix, legal, words)


def page_id(table_id: int, version: int, page: int, prefix: Sequence[str], legal: Sequence[str],
            words: Words = PLAIN) -> str:
    """The button that turns a long menu after `prefix` to `page`."""
    return encode_prefix(f"gv:p:{table_id}:{version}:{page}:", prefix, legal, words)


def lobby_id(table_id: int, op: str) -> str:
    return f"gv:l:{table_id}:{op}"


def info_id(table_id: int) -> str:
    return f"gv:me:{table_id}"


def hand_id(table_id: int) -> str:
    return f"gv:hand:{table_id}"


def sit_id(table_id: int) -> str:
    return f"gv:sit:{table_id}"


def take_id(table_id: int, seat: int) -> str:
    return f"gv:take:{table_id}:{seat}"


def again_id(table_id: int) -> str:
    """"Play again" under the last message of the game `table_id`."""
    return f"gv:again:{table_id}"


def undo_id(table_id: int, version: int) -> str:
    """The Undo button of the table at `version` (the version its action made)."""
    return f"gv:u:{table_id}:{version}"


# --------------------------------------------------------------------------- labels


BUTTON_LABEL_MAX = 80
OPTION_LABEL_MAX = 100
"""Discord's limits on a button's label and on a select option's (or an autocomplete choice's)."""
ELLIPSIS = "…"


def shortened(text: str, limit: int) -> str:
    """`text` within `limit` characters, shortened by meaning: never cut inside a word; the words
    from the start that fit, an ellipsis, then the LAST word kept whole (a path's destination:
    `Move › Sector 1 › … › Sector 9`). A text without spaces to cut at, or whose last word alone
    is too long, ends in an ellipsis at the limit."""
    if len(text) <= limit:
        return text
    head, _, last = text.rpartition(" ")
    if head and len(last) + 2 <= limit:
        room = limit - len(last) - 2  # " …" before the last word
        kept: list[str] = []
        for word in head.split(" "):
            if len(" ".join([*kept, word])) + 1 > room:
                break
            kept.append(word)
        while kept and kept[-1] in {"›", "·", "-", "→", ":"}:  # no dangling separator before the ellipsis
            kept.pop()
        return " ".join([*kept, ELLIPSIS, last]) if kept else f"{ELLIPSIS} {last}"
    return text[: limit - 1] + ELLIPSIS


def choice_label(words: Words, choice: Choice, depth: int, lang: str, squares: dict[str, str],
                 limit: int = BUTTON_LABEL_MAX) -> str:
    """What a button (`limit` 80) or select option (100) says: the tokens from `depth` on, the
    verb translated, the first letter a capital, a square prefixed by its label on the board
    image (`A · 5,9`); a label too long is shortened at a word (`shortened`), its mark kept."""
    label = capitalised(words.label(choice.prefix, depth, i18n.speech(lang)))
    mark = squares.get(choice.action) if choice.action else None
    if mark:
        return f"{mark} · " + shortened(label, limit - len(mark) - 3)
    return shortened(label, limit)


def path_label(words: Words, prefix: Sequence[str], lang: str) -> str:
    """What a private menu has chosen so far (`Play a card › Fergee › OR: …`), so a level
    skipped because every choice shares it (a card with one playable option) is still said."""
    say = i18n.speech(lang)
    return " › ".join(capitalised(words.part(prefix, i, say)) for i in range(len(prefix)))


# --------------------------------------------------------------------------- building views


def menu_items(
    *,
    table_id: int,
    version: int,
    legal: Sequence[str],
    prefix: Sequence[str],
    words: Words,
    lang: str,
    squares: dict[str, str],
    page: int = 0,
) -> list[discord.ui.Item[Any]]:
    """Buttons (up to 20) or string selects (up to 4 x 25) for the next step after `prefix`.
    More choices than four selects hold (an air raid's 129 squares) come in pages of three
    selects, with a button on the fourth row that turns to the next page (the last turns back
    to the first), so that every legal action can be chosen."""
    words = words.menu(legal)
    prefix, choices = expand(legal, prefix, words)
    depth = len(prefix)
    combined = words.combined(legal, prefix, i18n.speech(lang)) if len(choices) > 1 else None
    if combined is not None and 0 < len(combined.options) <= SELECT_OPTIONS_MAX:
        return combined_items(table_id=table_id, version=version, legal=legal, prefix=prefix, words=words,
                              lang=lang, squares=squares, combined=combined)
    marked = [(squares[c.action], c) for c in choices if c.action is not None and c.action in squares]
    if squares and len(marked) == len(choices):  # in the board's label order: A, B, C...
        choices = [c for _, c in sorted(marked, key=lambda m: (len(m[0]), m[0]))]
    if len(choices) <= BUTTONS_MAX:
        items: list[discord.ui.Item[Any]] = []
        for i, choice in enumerate(choices):
            style = discord.ButtonStyle.primary if choice.action else discord.ButtonStyle.secondary
            button: discord.ui.Button[Any] = discord.ui.Button(
                label=choice_label(words, choice, depth, lang, squares),
                style=style,
                custom_id=action_id(table_id, version, choice.prefix, legal, words),
                row=i // 5,
            )
            items.append(ActionButton(button))
        return items
    pages = 1
    if len(choices) > SELECT_OPTIONS_MAX * SELECTS_MAX:
        per_page = SELECT_OPTIONS_MAX * max(SELECTS_MAX - 1, 1)
        pages = -(-len(choices) // per_page)
        page %= pages
        choices = choices[page * per_page : (page + 1) * per_page]
    selects: list[discord.ui.Item[Any]] = []
    for n in range(0, len(choices), SELECT_OPTIONS_MAX):
        chunk = choices[n : n + SELECT_OPTIONS_MAX]
        options = [
            discord.SelectOption(label=choice_label(words, c, depth, lang, squares, OPTION_LABEL_MAX),
                                 value=c.prefix[depth][:100])
            for c in chunk
        ]
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=select_id(table_id, version, len(selects), prefix, legal, words),
            placeholder=i18n.gettext("cogs.prompt.choose", lang),
            options=options,
            row=len(selects),
        )
        selects.append(ActionSelect(select))
    if pages > 1:
        turn = (page + 1) % pages
        button = discord.ui.Button(label=i18n.gettext("cogs.button.more", lang, page=turn + 1, pages=pages),
                                   style=discord.ButtonStyle.secondary, row=len(selects),
                                   custom_id=page_id(table_id, version, turn, prefix, legal, words))
        selects.append(PageButton(button))
    return selects


def combined_items(*, table_id: int, version: int, legal: Sequence[str], prefix: tuple[str, ...], words: Words,
                   lang: str, squares: dict[str, str], combined: Combined) -> list[discord.ui.Item[Any]]:
    """A `Combined` step: the whole set as one button (when legal: "All: …"), then one select
    of every option, `least` to all of them."""
    items: list[discord.ui.Item[Any]] = []
    whole = combined.join(combined.values())
    if whole in legal:
        choice = Choice(tuple(words.steps(whole)), whole)
        items.append(ActionButton(discord.ui.Button(
            label=choice_label(words, choice, len(prefix), lang, squares), style=discord.ButtonStyle.primary,
            custom_id=action_id(table_id, version, choice.prefix, legal, words), row=0)))
    items.append(ActionMultiSelect(discord.ui.Select(
        custom_id=multi_id(table_id, version, prefix, legal, words),
        placeholder=combined.placeholder or i18n.gettext("cogs.prompt.choose", lang),
        min_values=combined.least, max_values=len(combined.options),
        options=[discord.SelectOption(label=shortened(capitalised(label), OPTION_LABEL_MAX), value=value[:100])
                 for value, label in combined.options])))
    return items


def prompt_view(table_id: int, version: int, legal: Sequence[str], words: Words, lang: str,
                squares: dict[str, str], *, prefix: Sequence[str] = (), page: int = 0,
                info: bool = True, undo: bool = False) -> discord.ui.View:
    """A turn's menus; `undo`: with the Undo button (the seat may take back its last action)."""
    view = discord.ui.View(timeout=None)
    for item in menu_items(table_id=table_id, version=version, legal=legal, prefix=prefix, words=words, lang=lang,
                           squares=squares, page=page):
        view.add_item(item)
    if info:
        view.add_item(InfoButton.make(table_id, lang))
    if undo:
        view.add_item(UndoButton.make(table_id, version, lang))
    return view


def undo_view(table_id: int, version: int, lang: str) -> discord.ui.View:
    """The Undo button alone: under the private "done" that answers an action that may be
    taken back (shown only then: `TableService.can_undo`)."""
    view = discord.ui.View(timeout=None)
    view.add_item(UndoButton.make(table_id, version, lang))
    return view


def private_prompt_view(table_id: int, version: int, lang: str, *, hand: bool = False,
                        game_key: str = "", undo: bool = False) -> discord.ui.View:
    """For games with hidden information, or several players at once: one "My options"
    button that opens each clicker's own menu privately (its custom id names no action, so
    it is the same for every seat), "My hand" when the game has secrets (in `game_key`'s own
    words when it has them: a game whose secret is a role says "My role"), and "My info"."""
    view = discord.ui.View(timeout=None)
    button: discord.ui.Button[Any]
    button = discord.ui.Button(label=i18n.gettext("cogs.button.play", lang), style=discord.ButtonStyle.primary,
                               custom_id=action_id(table_id, version, (), ()))
    view.add_item(ActionButton(button))
    if hand:
        view.add_item(HandButton.make(table_id, lang, game_key))
    view.add_item(InfoButton.make(table_id, lang))
    if undo:
        view.add_item(UndoButton.make(table_id, version, lang))
    return view


def lobby_view(table_id: int, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    styles = {"join": discord.ButtonStyle.success, "leave": discord.ButtonStyle.secondary,
              "ai": discord.ButtonStyle.secondary, "start": discord.ButtonStyle.primary}
    for op, style in styles.items():
        button: discord.ui.Button[Any]
        button = discord.ui.Button(label=i18n.gettext(f"cogs.button.{op}", lang), style=style,
                                   custom_id=lobby_id(table_id, op))
        view.add_item(LobbyButton(button))
    return view


# --------------------------------------------------------------------------- dynamic items
# The items only parse their custom id; the bot's `component_handler` (cogs/clicks.py) does
# the work, so nothing here depends on the service.


NEVER = r"(?!)"
"""The template of the shared bases below: a pattern no custom id matches (only the items made
from them, each with its own template, are ever built)."""


class _Routed(discord.ui.DynamicItem[Any], template=NEVER):
    """Sends the click to the bot's handler for this kind of item, through the one error
    handler (discord.py only logs exceptions raised in DynamicItem callbacks).

    Every field (table id, version, ...) is read back from the custom id by the class's
    template, so an item built for a message and one rebuilt from a click are the same."""

    kind: str = ""

    def __init__(self, item: Any) -> None:
        super().__init__(item)
        found = self.template.match(self.custom_id)
        assert found is not None  # `DynamicItem.__init__` refuses a custom id its template does not match
        self.fields: dict[str, str] = found.groupdict()

    @property
    def table_id(self) -> int:
        return int(self.fields["table"])

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: Any) -> Any:
        return cls(item)

    async def callback(self, interaction: discord.Interaction) -> None:
        from cogs import errors

        handler = getattr(interaction.client, "component_handler", None)
        try:
            if handler is None:
                raise RuntimeError("the bot has no component handler")
            await handler(self.kind, interaction, self)
        except Exception as exc:
            await errors.handle(interaction, exc)


class _MenuStep(_Routed, template=NEVER):
    """A step of a turn menu: made for one version of the game, carrying a prefix."""

    @property
    def version(self) -> int:
        return int(self.fields["version"])

    @property
    def arg(self) -> str:
        return self.fields["arg"]


class ActionButton(_MenuStep, discord.ui.DynamicItem[discord.ui.Button], template=ACTION_TEMPLATE):
    kind = "action"


class ActionSelect(_MenuStep, discord.ui.DynamicItem[discord.ui.Select], template=SELECT_TEMPLATE):
    kind = "select"


class ActionMultiSelect(_MenuStep, discord.ui.DynamicItem[discord.ui.Select], template=MULTI_TEMPLATE):
    """The select of a `Combined` step: its values are a set, played as one action."""

    kind = "multi"


class PageButton(_MenuStep, discord.ui.DynamicItem[discord.ui.Button], template=PAGE_TEMPLATE):
    kind = "page"

    @property
    def page(self) -> int:
        return int(self.fields["page"])


def _row_button(label: str, style: discord.ButtonStyle, custom_id: str) -> discord.ui.Button[Any]:
    """A button of a message's last row (info, hand, undo, sit): under the game's own buttons."""
    return discord.ui.Button(label=label, style=style, custom_id=custom_id, row=4)


class LobbyButton(_Routed, discord.ui.DynamicItem[discord.ui.Button], template=LOBBY_TEMPLATE):
    kind = "lobby"

    @property
    def op(self) -> str:
        return self.fields["op"]


class InfoButton(_Routed, discord.ui.DynamicItem[discord.ui.Button], template=INFO_TEMPLATE):
    kind = "info"

    @classmethod
    def make(cls, table_id: int, lang: str) -> InfoButton:
        label = i18n.gettext("cogs.button.info", lang)
        return cls(_row_button(label, discord.ButtonStyle.secondary, info_id(table_id)))


class HandButton(_Routed, discord.ui.DynamicItem[discord.ui.Button], template=HAND_TEMPLATE):
    """"My hand": the clicker's secrets (`game.secrets`) and hand image, privately: the
    fallback for hands sent by DM."""

    kind = "hand"

    @classmethod
    def make(cls, table_id: int, lang: str, game_key: str = "") -> HandButton:
        """`<game_key>.button.hand` when the game names its secrets otherwise ("My role"), else
        `cogs.button.hand`; the custom id is the same whatever it says."""
        key = i18n.own_or(game_key, "button.hand", "cogs.button.hand", lang)
        return cls(_row_button(i18n.gettext(key, lang), discord.ButtonStyle.secondary, hand_id(table_id)))


class UndoButton(_MenuStep, discord.ui.DynamicItem[discord.ui.Button], template=UNDO_TEMPLATE):
    """"Undo": the clicker takes back their last action (`TableService.undo`), refused once the
    table has moved past the version the button was made at."""

    kind = "undo"

    @classmethod
    def make(cls, table_id: int, version: int, lang: str) -> UndoButton:
        return cls(_row_button(i18n.gettext("cogs.button.undo", lang), discord.ButtonStyle.danger,
                               undo_id(table_id, version)))

    @property
    def arg(self) -> str:
        return ""

class SitButton(_Routed, discord.ui.DynamicItem[discord.ui.Button], template=SIT_TEMPLATE):
    """"Take my seat back", under the message saying the AI took an away player's seat: what
    `/table sit` does, for the clicker (refused for anyone who is not away there)."""

    kind = "sit"

    @classmethod
    def make(cls, table_id: int, lang: str) -> SitButton:
        return cls(_row_button(i18n.gettext("cogs.button.sit", lang), discord.ButtonStyle.success, sit_id(table_id)))


class TakeButton(_Routed, discord.ui.DynamicItem[discord.ui.Button], template=TAKE_TEMPLATE):
    """"Take this seat", under the line offering an away seat to a new player: what `/table take`
    does for the clicker (refused for a player seated there, or once the seat is taken)."""

    kind = "take"

    @property
    def seat(self) -> int:
        return int(self.fields["seat"])

    @classmethod
    def make(cls, table_id: int, seat: int, lang: str) -> TakeButton:
        return cls(discord.ui.Button(label=i18n.gettext("cogs.button.take", lang), style=discord.ButtonStyle.primary,
                                     custom_id=take_id(table_id, seat)))


def kept_sit(message: discord.Message | None, view: discord.ui.View | None) -> discord.ui.View | None:
    """`view` (None: no buttons) for an edit of `message`, with the message's "Take my seat
    back" button kept: it stays under its message until it is used (`without_sit`), whatever
    else an edit changes (a window's pass, a public button clicked)."""
    found = [c for row in (message.components if message is not None else [])
             for c in getattr(row, "children", [row])
             if isinstance(getattr(c, "custom_id", None), str) and re.fullmatch(SIT_TEMPLATE, c.custom_id)]
    if not found:
        return view
    view = view if view is not None else discord.ui.View(timeout=None)
    have = {getattr(item, "custom_id", None) for item in view.children}
    for component in found:
        if component.custom_id not in have:
            view.add_item(SitButton(_row_button(component.label or "", discord.ButtonStyle.success,
                                                component.custom_id)))
    return view


def without_sit(message: discord.Message) -> discord.ui.View:
    """The message's components as they are, but its "Take my seat back" button (just used)."""
    view = discord.ui.View.from_message(message, timeout=None)
    for item in list(view.children):
        if re.fullmatch(SIT_TEMPLATE, getattr(item, "custom_id", None) or ""):
            view.remove_item(item)
    return view


class HistorySelect(_Routed, discord.ui.DynamicItem[discord.ui.Select], template=HISTORY_TEMPLATE):
    """`/table history`'s menu of the games listed: the one picked is sent again, its record
    and its final board (`cogs.flows.send_finished_game`). Any time later, by anyone."""

    kind = "history"

    @classmethod
    def make(cls, games: Sequence[tuple[int, str]], lang: str, page: int = 0) -> HistorySelect:
        """A menu of (table id, label) pairs (at most 25, Discord's limit)."""
        select: discord.ui.Select[Any]
        select = discord.ui.Select(placeholder=i18n.gettext("cogs.history.pick", lang)[:150],
                                   custom_id=f"gv:hist:{page}", min_values=1, max_values=1,
                                   options=[discord.SelectOption(label=shortened(label, OPTION_LABEL_MAX),
                                                                 value=str(table_id))
                                            for table_id, label in games[:25]])
        return cls(select)


class AgainButton(_Routed, discord.ui.DynamicItem[discord.ui.Button], template=AGAIN_TEMPLATE):
    """"Play again" on a game's last message: a new lobby like that game's (`service.rematch`)."""

    kind = "again"

    @classmethod
    def make(cls, table_id: int, lang: str) -> AgainButton:
        button: discord.ui.Button[Any]
        button = discord.ui.Button(label=i18n.gettext("cogs.button.again", lang), style=discord.ButtonStyle.success,
                                   custom_id=again_id(table_id))
        return cls(button)


def again_view(table_id: int, lang: str) -> discord.ui.View:
    """A game's last message: "Play again" and "Replay" (the game again, every secret shown)."""
    view = discord.ui.View(timeout=None)
    view.add_item(AgainButton.make(table_id, lang))
    view.add_item(ReplayOpen.make(table_id, lang))
    return view


class ConfirmButton(_MenuStep, discord.ui.DynamicItem[discord.ui.Button], template=CONFIRM_TEMPLATE):
    """"Confirm" under an "Are you sure?": resigning (`op` `leave`: `/table leave` during a game)
    or an action its game asks to be confirmed (`op` `act`, the action's text in `arg`,
    `Words.confirm`), made at `version`; nothing happens until it is clicked."""

    kind = "confirm"

    @property
    def op(self) -> str:
        return self.fields["op"]


class CancelButton(_Routed, discord.ui.DynamicItem[discord.ui.Button], template=CANCEL_TEMPLATE):
    """"Cancel" under an "Are you sure?": nothing is done, the question goes."""

    kind = "cancel"


def confirm_id(table_id: int, version: int, op: str, arg: str = "") -> str | None:
    """The Confirm button's custom id; None when the action's text does not fit in one."""
    custom_id = f"gv:ok:{table_id}:{version}:{op}:{arg}"
    return custom_id if len(custom_id) <= CUSTOM_ID_MAX else None


def confirm_view(table_id: int, custom_id: str, lang: str) -> discord.ui.View:
    """Confirm and Cancel, under an ephemeral "Are you sure?" (both survive a restart)."""
    view = discord.ui.View(timeout=None)
    ok: discord.ui.Button[Any] = discord.ui.Button(label=i18n.gettext("cogs.button.confirm", lang),
                                                   style=discord.ButtonStyle.danger, custom_id=custom_id)
    no: discord.ui.Button[Any] = discord.ui.Button(label=i18n.gettext("cogs.button.cancel", lang),
                                                   style=discord.ButtonStyle.secondary, custom_id=f"gv:no:{table_id}")
    view.add_item(ConfirmButton(ok))
    view.add_item(CancelButton(no))
    return view


async def ask_sure(interaction: discord.Interaction, table_id: int, version: int, op: str, arg: str,
                   question: str, lang: str) -> bool:
    """Ask the user privately whether they are sure (Confirm/Cancel, `ConfirmButton`), in the
    private menu clicked if it was one, else in a new ephemeral message: True when asked (the
    caller stops there); False when the action's text is too long to carry, and the caller
    plays it at once."""
    custom_id = confirm_id(table_id, version, op, arg)
    if custom_id is None:
        return False
    view = confirm_view(table_id, custom_id, lang)
    private = interaction.message is not None and interaction.message.flags.ephemeral
    if private and not interaction.response.is_done():  # a private menu's last step: it becomes the question
        await interaction.response.edit_message(content=question, view=view, attachments=[])
    elif interaction.response.is_done():
        await interaction.followup.send(question, view=view, ephemeral=True)
    else:
        await interaction.response.send_message(question, view=view, ephemeral=True)
    return True


# --------------------------------------------------------------------------- replays

REPLAY_AROUND = 12
"""Steps around the one shown that the replay's step menu lists (the rest of its 25 options are
spread over the whole game, and the starred steps)."""
REPLAY_MARKED = 5
"""Starred steps (`Replay.marks`) the menu lists at most."""


def replay_steps(step: int, last: int, marks: Sequence[int] = ()) -> list[int]:
    """The steps the replay's menu offers (at most 25, Discord's limit), in order: every step of
    a short game; of a long one, the starred steps, the steps around `step` and steps spread evenly
    over the whole game, so any step is two picks away."""
    if last < SELECT_OPTIONS_MAX:
        return list(range(last + 1))
    chosen = {m for m in marks if 0 <= m <= last}
    chosen = set(sorted(chosen)[:REPLAY_MARKED])
    start = max(0, min(step - REPLAY_AROUND // 2, last - REPLAY_AROUND + 1))
    chosen |= set(range(start, start + REPLAY_AROUND))
    best = chosen
    for k in range(max(2, SELECT_OPTIONS_MAX - len(chosen)), last + 2):  # as many spread steps as fit
        spread = chosen | {round(i * last / (k - 1)) for i in range(k)}
        if len(spread) > SELECT_OPTIONS_MAX:
            break
        best = spread
    return sorted(best)


class ReplayButton(_Routed, discord.ui.DynamicItem[discord.ui.Button], template=REPLAY_TEMPLATE):
    """⏮ ◀ ▶ ⏭ under a replay (the step shown in `step`), and "Post this step"."""

    kind = "replay_step"

    @property
    def step(self) -> int:
        return int(self.fields["step"])

    @property
    def op(self) -> str:
        return self.fields["op"]

    def target(self, last: int) -> int:
        """The step this button goes to, in a game of `last` steps."""
        moves = {"first": 0, "prev": self.step - 1, "next": self.step + 1, "last": last, "post": self.step}
        return max(0, min(last, moves[self.op]))


class ReplayPick(_Routed, discord.ui.DynamicItem[discord.ui.Select], template=REPLAY_PICK_TEMPLATE):
    """The replay's step menu: the step picked is shown."""

    kind = "replay_pick"


class ReplayOpen(_Routed, discord.ui.DynamicItem[discord.ui.Button], template=REPLAY_OPEN_TEMPLATE):
    """"Replay" on a game's last message: the game again, step by step, for the clicker alone."""

    kind = "replay_open"

    @classmethod
    def make(cls, table_id: int, lang: str) -> ReplayOpen:
        button: discord.ui.Button[Any]
        button = discord.ui.Button(label=i18n.gettext("cogs.button.replay", lang), style=discord.ButtonStyle.secondary,
                                   custom_id=f"gv:rpo:{table_id}")
        return cls(button)


def replay_view(table_id: int, step: int, last: int, lang: str, marks: Sequence[int] = ()) -> discord.ui.View:
    """The buttons of a replay showing `step` of `last`: first, previous, next, last step, "Post
    this step", and the step menu (`replay_steps`, starred steps marked)."""
    view = discord.ui.View(timeout=None)
    for op, label in (("first", "\u23ee"), ("prev", "\u25c0"), ("next", "\u25b6"), ("last", "\u23ed")):
        at_edge = step <= 0 if op in ("first", "prev") else step >= last
        button: discord.ui.Button[Any]
        button = discord.ui.Button(label=label, style=discord.ButtonStyle.secondary, disabled=at_edge,
                                   custom_id=f"gv:rp:{table_id}:{step}:{op}", row=0)
        view.add_item(ReplayButton(button))
    post: discord.ui.Button[Any]
    post = discord.ui.Button(label=i18n.gettext("cogs.button.replay_post", lang), style=discord.ButtonStyle.primary,
                             custom_id=f"gv:rp:{table_id}:{step}:post", row=0)
    view.add_item(ReplayButton(post))
    starred = set(marks)
    options = [discord.SelectOption(label=i18n.gettext("cogs.replay.marked" if s in starred else "cogs.replay.option",
                                                       lang, step=s), value=str(s), default=s == step)
               for s in replay_steps(step, last, marks)]
    select: discord.ui.Select[Any]
    select = discord.ui.Select(placeholder=i18n.gettext("cogs.replay.pick", lang)[:150], custom_id=f"gv:rps:{table_id}",
                               min_values=1, max_values=1, options=options, row=1)
    view.add_item(ReplayPick(select))
    return view


DYNAMIC_ITEMS = (ActionButton, ActionSelect, ActionMultiSelect, PageButton, LobbyButton, InfoButton, HandButton,
                 HistorySelect, AgainButton, UndoButton, SitButton, TakeButton, ConfirmButton,
                 CancelButton, ReplayButton, ReplayPick, ReplayOpen)


def claimed(custom_id: str) -> bool:
    """Whether one of `DYNAMIC_ITEMS` answers a click on `custom_id` (discord.py tries their
    templates as full matches). Every component the bot sends is one of them, so a custom id
    none claims is a message from an older Gavel, another bot's, or garbled: the bot answers it
    itself (`GavelBot.on_interaction`), else Discord shows the clicker "This interaction failed"."""
    return any(re.fullmatch(item.__discord_ui_compiled_template__, custom_id) for item in DYNAMIC_ITEMS)

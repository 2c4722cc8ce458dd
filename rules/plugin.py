"""A game as one plug-in: its rules, its words, its commands (declared once, for both front-ends),
and where its picture lives. The platform (`gavel/tables/`) and both front-ends (the console, the cogs)
know games only through this: they list them from `rules.registry` and ask each plug-in.

Everything here is pure. Words are written through a `Speech` (one language's catalogue, given by
the front-end), so a game's words are tested in `tests/` without Discord, a service or a
terminal, and the same words reach a button, an autocomplete entry and a console prompt.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from rules.core import IllegalAction, Msg, games
from rules.insight import LuckHook

if TYPE_CHECKING:
    from rules.core import Game


class Speech(Protocol):
    """One language's words, as a front-end hands them to a game: `gavel.tables.i18n.speech(lang)`."""

    @property
    def lang(self) -> str: ...

    def has(self, key: str) -> bool:
        """Whether the catalogues hold `key` in this language."""
        ...

    def text(self, key: str, **params: Any) -> str:
        """The message `key` with its fields filled in (the key itself when it is missing)."""
        ...

    def render(self, msg: Msg | str, seat_name: Callable[[int], str] | None = None) -> str:
        """A message as text: nested `Msg` parameters translated first, `SeatName`s by `seat_name`."""
        ...

    def join(self, items: Sequence[str]) -> str:
        """Items of a list joined the way this language does (`, ` or `、`)."""
        ...

    def sentences(self, parts: Sequence[str]) -> str:
        """Sentences one after another, as this language writes them."""
        ...

    def every(self) -> Sequence[Speech]:
        """This language and every other one we speak (a name typed in any of them is read)."""
        ...


# --------------------------------------------------------------------------- words


@dataclass(frozen=True)
class Combined:
    """A menu step chosen as a set (`Words.combined`): shown as one multi-select of `options`
    (pick `least` to all of them) beside a button for the action of the whole set, when that is
    legal. A click names its set; `join` writes the action, which the engine then judges like
    any other (the menu only offers; the rules decide)."""

    options: tuple[tuple[str, str], ...]
    """(value, label) of each thing that may be chosen: at most 25, one select's worth."""
    join: Callable[[Sequence[str]], str]
    """The action text of a chosen set of values, given in any order."""
    placeholder: str = ""
    least: int = 1

    def values(self) -> list[str]:
        return [value for value, _ in self.options]


def capitalised(text: str) -> str:
    """A label's first letter in capitals (`the Vicar` -> `The Vicar`), the rest as it is: a label
    stands alone, like the start of a sentence, but a name read mid-sentence in our catalogues
    starts with a lower-case article. Scripts without case, like Chinese, and a letter whose
    capital is two letters (`ß`) stay as they are."""
    first = text[:1].upper()
    return first + text[1:] if len(first) == 1 else text


@dataclass(frozen=True)
class Words:
    """How one game's actions read to players, in any language: the menu's steps and labels,
    token names, the summary of a long prompt, the hint under a refusal. The default shows verbs
    by `<game>.verb.<verb>` (else `cogs.verb.<verb>`), every other token through `token_keys`,
    and steps an action by its space-separated tokens. A game subclasses it in its own
    `words.py`; `at` gives the words for one table from its public facts (`facts`)."""

    key: str = ""
    token_keys: tuple[str, ...] = field(default=())
    """Message-id templates tried in order for a non-verb token, e.g. `dads_army.man.{token}`."""

    # ---- one table
    reads_facts: ClassVar[bool] = False
    """Whether these words read a table's facts (`facts` overridden): only then is the public
    view worked out for a prompt that draws no board. A subclass that overrides `facts` says so."""

    def facts(self, public: Mapping[str, Any], names: Sequence[str]) -> dict[str, Any]:
        """What these words need to know of one table, read from its PUBLIC view and its seat
        names: JSON-ready, carried by every prompt (so a front-end needs no table). {} by default."""
        return {}

    def at(self, facts: Mapping[str, Any]) -> Words:
        """These words for one table (a Judge colour read with its player's name), from `facts`."""
        return self

    def confirm(self, text: str) -> bool:
        """Whether the action `text` asks its player "Are you sure?" before it is played (giving
        up, an offer to end the game): a front-end asks first, and plays it only on Confirm.
        False (the default) for every action."""
        return False

    def menu(self, legal: Sequence[str]) -> Words:
        """These words for a menu (or an autocomplete) offering exactly the actions `legal`, for a
        game whose label of one action depends on the others offered (Judtho's "All: …", the
        distant capture with the most targets); self by default."""
        return self

    # ---- the picture, in words
    def describe(self, view: Mapping[str, Any], names: Sequence[str], say: Speech) -> str:
        """The position `view` shows, in words: the description a screen reader reads for the
        picture drawn from the same view (Discord's attachment description; the platform cuts
        it to 1024 characters). `view` is the public view (its `seat` None) or one seat's own
        view: say only what it holds, so the public description keeps every secret. By default
        the game, its players and the table's public facts (`facts`, as the prompts carry them);
        a game says its position itself."""
        facts = self.facts(view, names) if view.get("seat") is None else {}
        game = say.text(f"game.{self.key}") if say.has(f"game.{self.key}") else self._name(say.lang)
        parts = [say.text("table.alt.board", game=game)]
        if names:
            parts.append(say.text("table.alt.players", players=say.join(list(names))))
        parts += [say.text("table.alt.fact", name=name, value=_fact(value, say)) for name, value in facts.items()
                  if _fact(value, say)]
        return say.sentences(parts)

    def _name(self, lang: str) -> str:
        """The game's name as its `GameInfo` gives it (a game without catalogue words), else its key."""
        found = games().get(self.key)
        names = found.info.names if found is not None else {}
        return names.get(lang) or names.get("en") or self.key

    # ---- the menu
    def plain(self, token: str) -> str:
        """A token as typed (a board's code for a thing, in any case) in the action text's own
        form, as the game's `parse_action` reads it; itself by default."""
        return token

    def steps(self, text: str) -> list[str]:
        """An action's text as the menu's steps, one token each. Space-separated by default; a
        game whose actions are one word (Judtho's `Nb1-c3`) splits them itself. A prefix of steps
        joined by spaces must split back to itself."""
        return text.split()

    def verb(self, verb: str, say: Speech) -> str:
        for key in (f"{self.key}.verb.{verb}", f"cogs.verb.{verb}"):
            if say.has(key):
                return say.text(key)
        return verb.capitalize()

    def token(self, token: str, say: Speech) -> str:
        for template in self.token_keys:
            key = template.format(token=token)
            if say.has(key):
                return say.text(key)
        return token

    def part(self, tokens: Sequence[str], index: int, say: Speech) -> str:
        """How token `index` of an action reads on a button or in autocomplete: the verb
        translated, any other token by `token`. Games may read the tokens before it."""
        return self.verb(tokens[0], say) if index == 0 else self.token(tokens[index], say)

    def label(self, tokens: Sequence[str], depth: int, say: Speech) -> str:
        """What a choice that leads to `tokens` says after the `depth` tokens already chosen."""
        return " ".join(self.part(tokens, depth + i, say) for i in range(len(tokens) - depth))

    def name(self, text: str, say: Speech) -> str:
        """One whole legal action in words, as a menu's first step or a prompt names it."""
        tokens = self.steps(text)
        return capitalised(self.label(tokens, 0, say) if len(tokens) > 1 else self.verb(tokens[0], say))

    def combined(self, legal: Sequence[str], prefix: Sequence[str], say: Speech) -> Combined | None:
        """The step after `prefix` as a set to choose from (a Judtho Knight's distant capture),
        or None (the default): every step is one choice among the legal actions."""
        return None

    def choices(self, command: str, option: str, chosen: Mapping[str, str], typed: str,
                legal: Sequence[str], say: Speech) -> list[tuple[str, str]] | None:
        """Autocomplete of `option` of the sub-command `command`, as (name, value) pairs, for
        an option that is not simply one token of the legal actions: `chosen` holds the other
        options already typed (by name), `typed` what the player is typing, `legal` their
        legal actions. None (the default): the front-end offers the matching tokens."""
        return None

    # ---- prompts and refusals (any front-end)
    def summary(self, actions: Sequence[str], say: Speech) -> tuple[list[str], str] | None:
        """How a prompt shows the legal actions when listing them one by one does not read:
        (entries, a names line or ""); None to list them."""
        return None

    def hint(self, refused: str, legal: Sequence[str], say: Speech) -> str | None:
        """A line under a refusal of `refused`: what the player may do instead, or None."""
        return None


def _fact(value: Any, say: Speech) -> str:
    """One of `Words.facts` as plain words: a mapping as `key value` pairs, a list its items."""
    if isinstance(value, Mapping):
        return say.join([f"{k} {_fact(v, say)}".strip() for k, v in value.items()])
    if isinstance(value, (list, tuple)):
        return say.join([_fact(v, say) for v in value])
    return "" if value is None else str(value)


# --------------------------------------------------------------------------- commands

Read = Callable[[Mapping[str, str], Sequence[str], Speech], "str | list[str] | Menu"]
"""A command's options (by name, as typed), the player's legal actions and its language -> the
action text, or several played one after another (a skill, then its target), or a `Menu` to open
instead; raises `IllegalAction` with the reason when the options name no legal action."""

LOBBY = "lobby"
"""`new`: opens a lobby in the channel; its options are the platform's (`lobby`)."""
BOARD = "board"
"""`board`: the board, for everyone (for a game with secrets, the asker's own, privately)."""
RULES = "rules"
"""`rules`: the game's rules summary (`<game>.rules`), privately."""
ACTION = "action"
"""An action: the options read into action text (`Command.read`) and played."""
VIEW = "view"
"""The seat's own view, privately, as `/table me` says it (with `Command.image`: and its own picture)."""
HAND = "hand"
"""The seat's hand, privately: its picture and what it holds."""
MENU = "menu"
"""The private menu of the seat's legal actions, as its "My options" button opens it."""
KINDS = (LOBBY, BOARD, RULES, ACTION, VIEW, HAND, MENU)
PRIVATE = frozenset({VIEW, HAND, MENU})
"""The kinds that show a seat what only it may see, and change nothing."""


@dataclass(frozen=True)
class Tokens:
    """Autocomplete of an option from the player's legal actions: token `index` of the actions of
    `verb` (`move vicar 5,9`: the man is token 1), narrowed by the command's other options when
    `verb` is the command's own; `whole`: each named by the game's label of the whole action."""

    verb: str
    index: int
    whole: bool = False


@dataclass(frozen=True)
class Actions:
    """Autocomplete of an option by the player's whole legal actions of these verbs, each named by
    the game's words (`Words.name`), the action text its value."""

    verbs: tuple[str, ...]


@dataclass(frozen=True)
class Option:
    """One option of a sub-command: its name (as typed, `from`), whether it must be given, and
    what is offered while it is typed: its fixed `choices`, a whole number from `minimum` to
    `maximum`, or else autocomplete from the player's legal actions (`complete`; by default the
    token of the command's own verb at the option's place). Its name and description are the
    catalogue's `<key>.name` and `<key>.description` (`key`: by default
    `cmd.<group>.<command>.<option>`), in every language; a fixed choice is labelled by
    `<key>.<value>`."""

    name: str
    required: bool = True
    choices: tuple[str, ...] = ()
    complete: tuple[Tokens | Actions, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    rest: bool = False
    """Typed without its name on one line, it takes every word left (`obey pay amulet`)."""
    key: str = ""
    boolean: bool = False
    """A yes or no (`reliable:true`), not text."""

    @property
    def integer(self) -> bool:
        return self.maximum is not None or self.minimum is not None


@dataclass(frozen=True)
class Menu:
    """What a command may name instead of an action: the private menu of the seat's legal
    actions at `prefix` (the steps the command named already, `Words.steps`), under `text`;
    `refusal` when no legal action starts so. `marked`: its buttons carry the board's labels."""

    prefix: tuple[str, ...]
    text: Msg | None = None
    refusal: IllegalAction | None = None
    """Default: `not_your_turn`."""
    marked: bool = True


def stripped(value: str) -> str:
    """An option's value as typed, without the spaces around it (the default `Command.clean`)."""
    return value.strip()


@dataclass(frozen=True)
class Command:
    """A game's slash sub-command, as both front-ends read it (`/judtho move from:b1 to:c3`): what
    it does (`kind`), its options in the order they may be typed without names, and how they
    become action text. Its description is the catalogue's `<key>.description` (`key`: by default
    `cmd.<group>.<name>`) in every language."""

    name: str
    options: tuple[Option, ...] = ()
    read: Read | None = None
    """How its options become action text; None: the name and the options' values (`clean`), in order."""
    kind: str = ACTION
    bare: bool = False
    """A plain word naming it with no options is this command, not an action (`pick`)."""
    then: str = ""
    """For a command naming several actions: the message (an id) that tells the player, once the
    first is played, that a later one is not legal now and is left to their menu. Empty: every
    action is played, the first refusal stops them."""
    image: str = ""
    """A `VIEW`'s picture of the seat's own things, by its file name (`role.png`); none when empty."""
    clean: Callable[[str], str] = stripped
    """One option's value as the action text takes it (`str.lower`, a square without spaces)."""
    slash_refusals: Mapping[str, str] = field(default_factory=dict, hash=False)
    """Refusals the slash commands word their own way, where the option's autocomplete offers
    what to choose (`ambiguous_move` -> `judtho_which_move`): a refusal's code -> its code there."""
    key: str = ""

    @property
    def optional(self) -> bool:
        """May be given with no options at all (`/judtho draw`)."""
        return not any(o.required for o in self.options)

    @property
    def view(self) -> bool:
        """Not an action: it shows the seat something of its own (`/judgement role`)."""
        return self.kind in PRIVATE

    @property
    def names(self) -> tuple[str, ...]:
        """Its options' names, in order."""
        return tuple(o.name for o in self.options)

    def option(self, name: str) -> Option | None:
        return next((o for o in self.options if o.name == name), None)

    def complete(self, option: Option) -> tuple[Tokens | Actions, ...]:
        """What autocompletes `option` (of this command): as declared, else the token of this
        command's verb at the option's place; nothing for an option with fixed choices or a number."""
        if option.complete or option.choices or option.integer or self.kind != ACTION:
            return option.complete
        return (Tokens(self.name, self.options.index(option) + 1),)

    def action(self, options: Mapping[str, str], legal: Sequence[str], say: Speech) -> list[str] | Menu:
        """The action texts this command names with `options`, in order (or the menu it opens)."""
        if self.read is None:
            return [" ".join([self.name, *(self.clean(options[n]) for n in self.names if n in options)])]
        got = self.read(options, legal, say)
        return [got] if isinstance(got, str) else got if isinstance(got, Menu) else list(got)


def lobby(*, variant: bool = True, timeout: int | None = None) -> Command:
    """`/<group> new`: a lobby, with the platform's options: `variant` (the game's variants as
    choices), `timeout` (seconds a window waits for a player, up to this many) and the shared
    time control `time` (described in the shared catalogue, `cogs.option.time`), and `reliable`
    (only players with a reliable record on the server may join: `cogs.option.reliable`,
    `gavel.tables.reliability`), and `pauses` (how much a daily table's clocks stop for its
    players' vacations and sleep: `none`, `some`, `any`; `cogs.option.pauses`,
    `gavel.tables.pauses`), the same for every game."""
    options = [Option("variant", required=False)] if variant else []
    if timeout is not None:
        options.append(Option("timeout", required=False, minimum=0, maximum=timeout))
    options.append(Option("time", required=False, key="cogs.option.time"))
    options.append(Option("reliable", required=False, key="cogs.option.reliable", boolean=True))
    options.append(Option("pauses", required=False, choices=("none", "some", "any"), key="cogs.option.pauses"))
    return Command("new", tuple(options), kind=LOBBY)


BOARD_COMMAND = Command("board", kind=BOARD)
RULES_COMMAND = Command("rules", kind=RULES)


@dataclass(frozen=True)
class Commands:
    """A game's slash command group (`/dredd`) and every sub-command in it, declared once: the
    Discord front-end builds the group from it, and local play reads the same sub-commands. The
    group's name and description are the catalogue's `cmd.<group>.name|description`."""

    group: str = ""
    commands: tuple[Command, ...] = ()

    def get(self, name: str) -> Command | None:
        return next((c for c in self.commands if c.name == name), None)

    def key(self, command: Command | None = None, option: Option | None = None) -> str:
        """The catalogue key (without `.name` or `.description`) of the group, one of its
        commands, or one of a command's options."""
        if command is None:
            return f"cmd.{self.group}"
        if option is None:
            return command.key or f"cmd.{self.group}.{command.name}"
        return option.key or f"cmd.{self.group}.{command.name}.{option.name}"

    def keys(self) -> list[str]:
        """Every catalogue key its declaration names: each description, each choice's label."""
        out = [f"{self.key()}.description"]
        for command in self.commands:
            out.append(f"{self.key(command)}.description")
            for option in command.options:
                out.append(f"{self.key(command, option)}.description")
                out += [f"{self.key(command, option)}.{value}" for value in option.choices]
        return out


# --------------------------------------------------------------------------- standing orders

PASSING: frozenset[str] = frozenset({"pass", "skip"})
"""The verbs that answer a window without playing anything: a seat whose legal actions (less
those it may take at any time, `Game.anytime_actions`) are all of these holds nothing playable."""


@dataclass(frozen=True)
class StandingOrder:
    """An answer a player gives in advance, for themselves, at one table: while it is set, the
    table answers for their seat every window it `answers` (normally with the game's
    `timeout_action`, a pass). Declared by the game (`Plugin.orders`) as data: its `key` (stored
    with the seat), its words (`<game>.order.<key>` in the game's catalogue, or `table.order.<key>`
    for the platform's `IDLE`), and two pure functions:

    - `answers(game, state, seat, mark)`: the action the order takes for `seat` in the decision
      open now, or None (the seat answers itself). `mark` is what `mark` gave when the player set
      it (None without one). It must never answer a seat with something playable the player did
      not give up by choosing the order.
    - `mark(state)`: what the order remembers of the moment it was set (e.g. the Game Turn of
      "this Game Turn"), or None."""

    key: str
    answers: Callable[[Game[Any], Any, int, Any], Any | None]
    mark: Callable[[Any], Any] | None = None

    def words(self, game_key: str) -> str:
        """The catalogue key of its words."""
        return f"table.order.{self.key}" if self.key == IDLE_KEY else f"{game_key}.order.{self.key}"


IDLE_KEY = "idle"


def window_pass(game: Game[Any], state: Any, seat: int) -> Any | None:
    """The game's own answer to a window for `seat` (its `timeout_action`) when the decision open
    now puts the seat on the window clock (`Decision.clocked`) and that answer is a pass; else None."""
    if seat not in game.decision(state).clocked:
        return None
    action = game.timeout_action(state, seat)
    return action if action is not None and getattr(action, "verb", None) in PASSING else None


def holds_nothing(game: Game[Any], state: Any, seat: int) -> bool:
    """Whether every action `seat` may take now, less those it may take at any time, is a pass
    (`PASSING`): passing for it takes away no play."""
    anytime = set(map(str, game.anytime_actions(state, seat)))
    return all(getattr(a, "verb", None) in PASSING for a in game.legal_actions(state, seat) if str(a) not in anytime)


def _idle(game: Game[Any], state: Any, seat: int, mark: Any) -> Any | None:
    action = window_pass(game, state, seat)
    return action if action is not None and holds_nothing(game, state, seat) else None


IDLE = StandingOrder(IDLE_KEY, _idle)
"""The order every player gets at a new table of a game with windows: pass automatically only
where the seat holds nothing playable (its legal actions are passes alone)."""


# --------------------------------------------------------------------------- the plug-in


@dataclass(frozen=True)
class Plugin:
    """Everything Gavel knows of one game. Registered once, in `rules.registry`."""

    game: Game[Any]
    words: Words
    commands: Commands
    renderer: str | None = None
    """The module that draws it (a `renderer.Renderer`), imported on first use; None: no picture."""
    ai: Callable[..., Any] | None = None
    """Its computer player, `ai(game, state, seat, rng=None) -> Action` (a module-level function,
    so worker processes can be handed it); None: no AI seats."""
    orders: tuple[StandingOrder, ...] = ()
    """The standing orders its windows call for beyond `IDLE` (`StandingOrder`)."""
    playout: Callable[..., Any] | None = None
    """A cheaper computer player for the many playouts that estimate each seat's chance to win
    after a game (`rules.insight.chances`), same signature as `ai`; None: `ai` itself."""
    luck: LuckHook | None = None
    """How its dice and cards are read for the luck report (`rules.insight.LuckHook`); None: the
    game leaves nothing to chance that a seat draws."""

    @property
    def standing_orders(self) -> tuple[StandingOrder, ...]:
        """Every order a player may set at its tables: `IDLE` first, for a game that has windows
        (`GameInfo.timed`), then its own; none for a game without windows."""
        return ((IDLE,) if self.game.info.timed else ()) + self.orders

    def standing_order(self, key: str) -> StandingOrder | None:
        return next((o for o in self.standing_orders if o.key == key), None)

    @property
    def default_orders(self) -> dict[str, Any]:
        """The orders a new player gets: `IDLE` where the game has windows."""
        return {IDLE_KEY: None} if self.game.info.timed else {}

    @property
    def key(self) -> str:
        return self.game.info.key


def plain(game: Game[Any], group: str | None = None) -> Plugin:
    """A plug-in with the default words and commands: a game that needs nothing else."""
    key = game.info.key
    return Plugin(game, Words(key=key), Commands(group=group or key), ai=getattr(game, "ai", None))

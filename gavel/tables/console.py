"""Local play: one table in a pretend channel, driven by typed commands, printed to a terminal.

The commands are the ones typed in Discord (`/<game> move man:pike to:5,9`, `/table log`),
or plain action text (`move pike 5,9`); `@Bob ...` (any case, or the seat number) acts as
another human seat. Where a game's command options are not its action text, its plug-in's
`commands` (a game's `commands.py`) say how to read them, for both front-ends. `/table log export`
writes the whole game as a script (`gavel.tables.record`) that `--script` replays to the same state;
`--script` reads the options of its `# gavel:` header line that the command line does not give.

It uses the same TableService as the bot, so a bug seen here is a bug
there, and a `--script` of commands is a reproducible test. Public notices print as they come, private ones labelled
with their seat, each with its board drawn as text under it (`gavel.tables.screen`; with `--images DIR` the
pictures are written to a folder too and their paths printed).

There is no window clock here (`gavel.tables.clock` is for the bot): a card-play window waits until
every human seat has answered, e.g. `pass` then `@bob pass`.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import sys
import unicodedata
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TextIO

from gavel.tables import i18n, screen, terminal
from gavel.tables.games import local_game, local_variant
from gavel.tables.notices import Notice, Private, Prompt, Public, Reminder, Waiting
from gavel.tables.numbers import MOST, whole
from gavel.tables.record import header_options
from gavel.tables.replays import Replay
from gavel.tables.service import Player, Table, TableService, game_name, get_game
from renderer.text import plain
from rules import registry
from rules.core import ChanceOutOfRange, IllegalAction
from rules.plugin import ACTION, BOARD, LOBBY, RULES, Command, Menu, Plugin, Words

HUMANS = ("Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi", "Ivan")
"""Local human seats get real names, so lines read "Alice throws a 5", not "you throws a 5"."""
FIRST_SEAT_ALIAS = "you"
"""`@you` still names the first human seat (older scripts use it)."""
CHANNEL, GUILD = 1, 0
SPECTATOR = Player(0, "Gavel")  # opens an all-AI table and watches it
MAX_LOCAL_ACTIONS = 20_000
AGAIN = ("again", "rematch")
"""What starts the same set-up again once the game is over (Discord's "Play again" button)."""
INSIGHT = ("luck", "chances")
"""What shows the game just finished's chances chart and luck (`/table luck`), typed alone once it is over."""
TABLE_WORDS = ("status", "board", "me", "log", "log export", "rules", "leave", "stats", "leaderboard", "history",
               "luck", "settings", "games", "replay", "orders", "vacation")
"""The `/table` commands local play reads, for Tab completion."""
PLAIN_TABLE = ("settings", "games", "replay", "orders", "vacation")
"""`/table` commands that also work typed without `/table` (no game's action is one of these)."""
QUIT = ("quit", "exit", "/quit", "/exit")
"""What ends local play (as Ctrl-D does): no game's action is one of these words."""


@dataclass
class LocalOptions:
    game: str
    seats: int | None = None
    ai: int | None = None
    seed: str | None = None
    variant: str | None = None
    dice: list[int] | None = None
    script: str | None = None
    json: bool = False
    images: str = "gavel-images"
    lang: str = i18n.DEFAULT
    names: list[str] | None = None
    """Names of the human seats (a replayed record's); the others are named from HUMANS."""
    draws: list[int] | None = None
    """Every random number the table draws, from this list first (a replayed record's `--draws`)."""
    time: str | None = None
    """The table's time control (`--time`, as `/<game> new time:`): kept and shown with the table;
    nobody's time runs out here (the console runs no clock)."""
    pictures: str = screen.FILES
    """What a board is shown as (`gavel.tables.screen`): its text, and the picture written to a
    file in `images` (`files`); its text alone (`text`, the command line's default); the picture
    in the terminal where it draws pictures, else its text (`inline`)."""
    colour: bool | None = None
    """Colour in the text boards: None as the terminal allows (`screen.colour`), else as said."""
    db: str | None = None
    """The database local play keeps its games in (`--db`); None: one in memory, kept by nothing.
    `GAVEL_DB` is the bot's and is never read here: quitting a local game partway must not leave
    a table in the bot's database, nor refuse the next local game in its channel."""


def seating(game_key: str, seats: int | None, ai: int | None, variant: str | None = None) -> tuple[int, int]:
    """(humans, AI seats): one human and enough AI to reach the minimum, unless told; `--ai`
    equal to the most seats the game allows means an AI-only game. A variant with its own seat
    counts (`GameInfo.variant_seats`: a three-player variant takes 3) is filled to those, so
    `--variant <name>` alone starts."""
    allowed = get_game(game_key).info.seats_for(variant)
    low, high = allowed[0], allowed[-1]
    if seats is None:
        seats = 0 if ai is not None and ai >= high else 1
    if ai is None:
        ai = max(low - seats, 0)
    if seats < 0 or ai < 0 or not low <= seats + ai <= high or seats > len(HUMANS):
        if variant in get_game(game_key).info.variant_seats and seats >= 0 and ai >= 0:
            raise IllegalAction("variant_seats", variant=variant, n=seats + ai,
                                seats=str(low) if low == high else f"{low}-{high}")
        raise IllegalAction("bad_seats", min=low, max=high)
    return seats, ai


class ScriptFailed(Exception):
    pass


class Console:
    def __init__(self, service: TableService, options: LocalOptions, out: TextIO) -> None:
        self.service = service
        service.clocks = False  # no clock runs here (`console.no_clock` says so): none is announced
        self.options = options
        self.out = out
        self.players: list[Player] = []
        self.images = Path(options.images)
        self._image_count = 0
        self._written: set[Path] = set()
        """The files this session wrote: written again as they are, where another session's
        files are never overwritten (`_fresh`)."""
        self.table_id: int | None = None
        """The table the last command was typed at: after it ends, whether it finished (then
        `again` is offered) or was cancelled."""
        self.hint: str | None = None
        """What the game suggests after the last refusal (printed under it), or None."""
        self.hint_for: Player | None = None
        """Whose refusal `hint` answers when that seat's actions are its own business (its prompts
        are private): the hint is labelled with it. None: the hint is for everyone."""
        self.actor: Player | None = None
        """The seat the last command acted for: after a refusal its legal actions are listed again."""
        self.replaying: tuple[Replay, int] | None = None
        """The finished game `/table replay` shows and the step shown (`replay next` moves on)."""
        service.live = self._live  # an AI seat's action prints as it is played, not when the call ends
        service.text_boards = True  # every board comes as text too, shown under its lines
        self.screen = screen.Screen(options.pictures, screen.colour(out, os.environ, options.colour),
                                    screen.graphics(os.environ))
        self.closed = False
        """Whether the output was closed by its reader (a pipe into `head`): then the console stops."""

    # ------------------------------------------------------------------ output
    def say(self, key: str, **params: Any) -> None:
        self.write(i18n.gettext(key, self.options.lang, **params))

    def write(self, text: str) -> None:
        if self.closed:
            return
        try:
            print(text, file=self.out, flush=True)
        except BrokenPipeError:
            # The reader stopped reading (`--json | head`): it has what it wanted. Nothing more
            # is written, the game stops at the next command or AI stretch, and the process ends
            # quietly (the interpreter's last flush goes to the null device, not a closed pipe).
            self.closed = True
            with contextlib.suppress(OSError, ValueError):
                os.dup2(os.open(os.devnull, os.O_WRONLY), self.out.fileno())

    def refused(self, exc: IllegalAction) -> None:
        text = i18n.render(exc.msg, self.options.lang)
        if self.options.json:
            self.write(json.dumps({"kind": "error", "code": exc.code, "text": text}, ensure_ascii=False))
        else:
            self.say("console.refused", error=text)

    def _live(self, notice: Public) -> None:
        """The channel's lines of AI seats' actions, as each is played (`TableService.live`)."""
        self.emit([notice])

    def emit(self, notices: Iterable[Notice]) -> None:
        """Print notices from what they carry alone (their lines, names and prompts, and the
        words of the prompt's game), never asking the table again, nor changing a line: the
        service words them for local play (a card-play window "waits for" a lone player).

        What a seat may do ("Alice may: …") is printed after what it was told privately of the
        same moment (its identity, the card it drew): a prompt waits for the private notices
        after it, until the next channel notice or the end of the call's notices."""
        waiting: list[Prompt] = []

        def ask() -> None:
            for prompt in waiting:
                self._prompt(prompt)
            waiting.clear()

        for notice in notices:
            if isinstance(notice, Prompt):
                if self.options.json:
                    self._prompt(notice)
                else:
                    waiting.append(notice)
                continue
            if isinstance(notice, (Reminder, Waiting)):  # no clock, no inbox: `games` lists the waits
                continue
            if isinstance(notice, Public):
                ask()
            lines = notice.text(self.options.lang)
            image = self._save(notice)
            if self.options.json:
                self.write(json.dumps(self._json(notice, lines, image), ensure_ascii=False))
                if isinstance(notice, Public) and notice.prompt is not None and self._secret(notice.prompt):
                    self._prompt(notice.prompt)  # its actions in an object of its own, marked with its seat
                continue
            for line in lines:
                if isinstance(notice, Private):
                    self.say("console.private", player=notice.names[notice.seat], text=line)
                else:
                    self.write(line)
            self._show(notice)
            if image and isinstance(notice, Private):  # a hand drawn for one seat is labelled as theirs
                key = "console.image" if _is_board(notice) else self._hand_image_key(notice)
                self.say("console.private", player=notice.names[notice.seat],
                         text=i18n.gettext(key, self.options.lang, path=image))
            elif image:
                self.say("console.image", path=image)
            if isinstance(notice, Public) and notice.undo is not None:
                self._undo_hint(notice.undo[0], notice.names)
            if isinstance(notice, Public) and notice.prompt is not None:
                waiting.append(notice.prompt)
        ask()

    def _show(self, notice: Public | Private) -> None:
        """The notice's board in the terminal (`screen.Screen`): a seat's own under its label."""
        shown = self.screen.shown(notice.board, notice.image, public=isinstance(notice, Public))
        if shown is None:
            return
        if isinstance(notice, Private):
            self.say("console.private", player=notice.names[notice.seat],
                     text=i18n.gettext("console.own_board", self.options.lang))
        self.write(shown)

    def _undo_hint(self, seat: int, names: tuple[str, ...]) -> None:
        """That seat's player may take back the action just played (Discord shows them an Undo
        button): said with what to type, `@name undo` (from the notice alone, as every line here)."""
        if seat < len(names):
            self.say("console.undo_hint", player=names[seat], command=f"@{names[seat]} undo")

    def _write_hint(self, hint: str) -> None:
        """The hint under a refusal lists the refused seat's actions: labelled with that seat
        (`hint_for`) where its prompts are (`_secret`: in a game with hidden information, "You
        may: pick <character>, …" can name the characters it was dealt), as the prompt itself is."""
        if self.hint_for is not None:
            self.say("console.private", player=self.hint_for.name, text=hint)
        else:
            self.write(hint)

    def _hand_image_key(self, notice: Private) -> str:
        """`<game>.console.hand_image` when the game names its secrets otherwise (a game without
        hands: "Role card"), as the cogs' `<game>.button.hand`; else `console.hand_image` ("Hand
        image"). The game is the one this console plays (a private notice does not name it)."""
        return i18n.own_or(self.options.game, "console.hand_image", "console.hand_image", self.options.lang)

    def _prompt(self, prompt: Prompt) -> None:
        name = prompt.seat_name(prompt.seat)
        if self.options.json:
            self.write(json.dumps({**prompt.to_json(), "player": name}, ensure_ascii=False))
            return
        entries, names = self._entries(prompt)
        lang = self.options.lang
        shown = _packed(entries, _width(i18n.gettext("console.legal", lang, player=name, actions="")))
        lines = i18n.gettext("console.legal", lang, player=name, actions=shown).split("\n")
        for line in [*lines, *([names] if names else [])]:
            if self._secret(prompt):
                self.say("console.private", player=name, text=line)
            else:
                self.write(line)

    def _entries(self, prompt: Prompt) -> tuple[list[str], str]:
        """A prompt's actions as its "may:" list gives them (the game's `Words.summary`, else
        grouped: at most `PROMPT_MAX`), and the line naming their codes ("" for none)."""
        words = _words(prompt.game)
        summary = words.summary(prompt.actions, i18n.speech(self.options.lang))
        if summary is not None:
            grouped, names = summary
        else:
            grouped, names = _grouped(prompt.actions), self._names(words, prompt.actions[:PROMPT_MAX])
        entries = grouped[:PROMPT_MAX]
        if len(grouped) > PROMPT_MAX:
            entries[-1] += " …"
        if prompt.undo:  # the seat may take back its last action: typed as `undo`
            entries.append("undo")
        return entries, names

    def _names(self, words: Words, actions: list[str]) -> str:
        """The codes in the actions that do not read as their names (the game's `Words.token`),
        named: "ghj Grand Hall of Justice · iso Iso-Block 666" (a newcomer cannot guess a code; in
        Chinese no id reads as its name). "" when every token already says what it is."""
        lang = self.options.lang
        say = i18n.speech(lang)
        found: dict[str, str] = {}
        for action in actions:
            for part in action.split()[1:]:
                for token in part.split("-"):
                    if token in found:
                        continue
                    name = words.token(token, say)
                    if _plain(name) != _plain(token):
                        found[token] = name
        if not found:
            return ""
        named = [f"{t} {n}" for t, n in found.items()]
        if len(named) > NAMES_MAX:  # a Quarantine would name every Sector: the board does that
            named = [*named[:NAMES_MAX], "…"]
        return i18n.gettext("console.names", lang, names=" · ".join(named))

    def _json(self, notice: Public | Private, lines: list[str], image: str | None) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": "public" if isinstance(notice, Public) else "private",
                                "table": notice.table_id, "lines": lines, "keys": [m.key for m in notice.lines],
                                "image": image}
        if image:  # the picture in words, as Discord's attachment description says it
            data["alt"] = notice.described(self.options.lang)
        if notice.board is not None:  # the board as text, without colour
            data["board"] = plain(notice.board)
        if isinstance(notice, Private):
            data.update(seat=notice.seat, player=notice.names[notice.seat])
        elif notice.prompt is not None:
            data["prompt"] = self._public_prompt(notice.prompt)
        return data

    def _secret(self, prompt: Prompt) -> bool:
        """Whether a prompt's actions are the seat's own business: a private prompt, or any
        prompt of a game with hidden information (the actions offered can give a hand or a
        face-down character away: only the seat holding the Mercenary may `counter`). The service
        marks every prompt of such a game private (`Prompt.private`), so the prompt says it."""
        return prompt.private

    def _public_prompt(self, prompt: Prompt) -> dict[str, Any]:
        """The prompt as a `"kind": "public"` object carries it. In an open game (no hidden
        information) with a prompt that is not private, all of it: every action there follows from
        the public board, as the channel's buttons show them to everyone. Otherwise only who
        must act (`seats`, `players`) and the `version`; the actions follow in a `"kind":
        "prompt"` object of that seat's, as a prompt for one of several seats always does."""
        if not self._secret(prompt):
            return prompt.to_json()
        return {"kind": "prompt", "table": prompt.table_id, "version": prompt.version, "seats": [prompt.seat],
                "players": [prompt.seat_name(prompt.seat)], "private": True}

    def _save(self, notice: Public | Private) -> str | None:
        if not notice.image or self.options.pictures != screen.FILES:
            return None
        self.images.mkdir(parents=True, exist_ok=True)
        self._image_count += 1
        suffix = ""
        if isinstance(notice, Private):
            suffix = f"-{notice.names[notice.seat]}" + ("" if _is_board(notice) else "-hand")
        stem = f"table{notice.table_id}" if notice.table_id is not None else "gavel"  # a leaderboard's: no table
        path = self._fresh(self.images / f"{stem}-{self._image_count:04d}{suffix}.png")
        path.write_bytes(notice.image)
        return str(path)

    def _fresh(self, path: Path) -> Path:
        """`path`, or where an earlier session (in-memory tables start at 1 again) left a file of
        that name, the first free `<stem>-2<suffix>`, `-3`, …: each session's images and exported
        games stay as they were written. A file this session wrote is written again in place."""
        self.images.mkdir(parents=True, exist_ok=True)
        found, n = path, 1
        while found not in self._written and found.exists():
            n += 1
            found = path.with_name(f"{path.stem}-{n}{path.suffix}")
        self._written.add(found)
        return found

    def welcome(self, humans: int) -> None:
        """What this terminal is, before the game starts: how to type (and that nobody's time runs
        out here: windows wait), or for AI seats alone that the whole game is played before
        anything prints."""
        game = i18n.render(game_name(get_game(self.options.game)), self.options.lang)
        if humans:
            self.say("console.welcome", game=game)
            self.say("console.no_clock")
        else:
            self.say("console.ai_only", game=game)

    # ------------------------------------------------------------------ the table
    @property
    def over(self) -> bool:
        return self.service.table(CHANNEL) is None

    async def setup(self) -> None:
        opts = self.options
        humans, ai = seating(opts.game, opts.seats, opts.ai, opts.variant)
        names = [*(opts.names or [])[:humans], *HUMANS[len(opts.names or []):]]
        self.players = [Player(i + 1, names[i]) for i in range(humans)]
        host = self.players[0] if self.players else SPECTATOR
        self.emit(await self.service.create(GUILD, CHANNEL, opts.game, host, seed=opts.seed, sit=bool(self.players),
                                            variant=opts.variant, dice=opts.dice, lang=opts.lang, draws=opts.draws,
                                            time=opts.time))
        for player in self.players[1:]:
            self.emit(await self.service.join(CHANNEL, player))
        for _ in range(ai):
            self.emit(await self.service.add_ai(CHANNEL, host))
        self.emit(await self.service.start(CHANNEL, host))
        await self.let_ai_play()

    async def unfinished(self, answers: Iterator[str]) -> bool | None:
        """An unfinished game in this channel of the database (`--db`: a game quit partway): the
        player is asked whether to `resume` it (True: its human seats are this console's again)
        or `cancel` it (False: a new game is set up), or `quit` (None). A script never plays on
        from it unasked: it is refused (`unfinished_script`). False when there is none."""
        table = await self.service.look(CHANNEL)
        if table is None:
            return False
        game = i18n.render(game_name(get_game(table.game_key)), self.options.lang)
        said = i18n.gettext("console.unfinished", self.options.lang, game=game, table=table.id,
                            db=self.options.db or ":memory:")
        self.write(json.dumps({"kind": "unfinished", "table": table.id, "game": table.game_key, "text": said},
                              ensure_ascii=False) if self.options.json else said)
        if self.options.script:
            raise IllegalAction("unfinished_script", game=table.game_key, db=self.options.db or "")
        while True:
            if not self.options.json:  # the "unfinished" object says it to a program
                self.say("console.unfinished_ask")
            answer = next(answers, "quit").strip().lower()
            if answer in QUIT:
                return None
            if answer == "cancel":
                self.emit(await self.service.cancel(CHANNEL, self.host(table), can_manage=True))
                return False
            if answer == "resume":
                return await self.resume(table)

    def host(self, table: Table) -> Player:
        """A human seat of `table` (its first), else the spectator: who acts for the console on it."""
        for seat in table.seats:
            if seat.user_id is not None:
                return Player(seat.user_id, seat.name)
        return SPECTATOR

    async def resume(self, table: Table) -> bool:
        """Play on at `table`: its human seats are this console's players (a lobby is started
        first), its game and variant this console's, and the AI seats play on to a human's turn."""
        self.options.game, self.options.variant = table.game_key, table.variant
        self.players = [Player(seat.user_id, seat.name) for seat in table.seats
                        if seat.user_id is not None and not seat.is_ai]
        if not self.options.json:
            self.say("console.resumed", table=table.id)
        if table.status == "lobby":
            self.emit(await self.service.start(CHANNEL, self.host(table)))
        else:
            self.emit([await self.service.status(CHANNEL)])
            for player in self.players:
                prompt = self.service.prompt(CHANNEL, player)
                if prompt is not None and prompt.actions:
                    self._prompt(prompt)
        await self.let_ai_play()
        return True

    async def again(self, actor: Player) -> None:
        """`again` after the game is over: the same game, variant, settings and seats again (AI
        seats included), through the service's rematch as on Discord; every local human takes
        their seat back at once, and the game starts."""
        host = actor if actor in self.players else (self.players[0] if self.players else SPECTATOR)
        self.emit(await self.service.rematch(CHANNEL, host))
        for player in self.players:
            table = self.service.table(CHANNEL)
            if table is not None and table.seat_of(player.user_id) is None:
                self.emit(await self.service.join(CHANNEL, player))
        self.emit(await self.service.start(CHANNEL, host))

    async def let_ai_play(self) -> None:
        """Continue an AI-only stretch that the service paused (its per-call bound), but not
        forever: an engine or policy that never ends a game is reported, not waited for."""
        while (table := self.service.table(CHANNEL)) is not None and table.ai_to_act() and not table.humans_to_act():
            if self.closed:
                return
            if table.version >= MAX_LOCAL_ACTIONS:
                self.say("console.too_long", n=table.version)
                return
            self.emit(await self.service.advance(CHANNEL))

    def player(self, name: str) -> Player:
        """The seat `@name` names: a player's name in any case, a seat number, or `you`."""
        wanted = name.lower()
        if wanted == FIRST_SEAT_ALIAS and self.players:
            return self.players[0]
        for i, player in enumerate(self.players):
            if wanted in (player.name.lower(), str(i + 1)):
                return player
        table = self.service.table(CHANNEL)
        if table is not None:
            for i, seat in enumerate(table.seats):
                if name.lower() in (seat.name.lower(), str(i + 1)) and seat.user_id is not None:
                    return Player(seat.user_id, seat.name)
        raise IllegalAction("unknown_player", name=name)

    async def rules(self) -> None:
        """`/table rules` or `/<game> rules`: the game's one summary, `<game_key>.rules`, as on
        Discord, and its board with the parts named, written beside the board images."""
        table = self.service.table(CHANNEL)
        if table is None:
            raise IllegalAction("no_table")
        if not i18n.has(f"{table.game_key}.rules"):
            raise IllegalAction("no_rules")
        text = i18n.gettext(f"{table.game_key}.rules", self.options.lang)
        picture = await self.service.rules_picture(table.game_key, self.options.lang)
        path = None
        if picture:
            self.images.mkdir(parents=True, exist_ok=True)
            found = self.images / f"rules-{table.game_key}-{i18n.language(self.options.lang)}.png"
            found.write_bytes(picture)
            path = str(found)
        if self.options.json:  # one JSON object per line, like every other output in this mode
            alt = await self.service.rules_description(table.game_key, self.options.lang) if path else None
            self.write(json.dumps({"kind": "rules", "game": table.game_key, "text": text, "image": path,
                                   **({"alt": alt} if path else {})}, ensure_ascii=False))
        else:
            self.write(text)
            if path:
                self.say("console.rules_image", path=path)

    async def command(self, line: str) -> None:
        """Run one typed command; refusals raise IllegalAction."""
        actor = self.players[0] if self.players else SPECTATOR
        if line.startswith("@"):
            name, _, rest = line[1:].partition(" ")
            try:
                actor, line = self.player(name), rest.strip()
            except IllegalAction:
                if rest.strip():
                    raise
                # A lone `@word` naming nobody is an action: a game's own notation may start so.
        self.actor = actor
        self.screen.again()  # a board asked for again is shown again
        tokens = line.split()
        if not tokens:
            raise IllegalAction("unknown_command", command=line)
        if tokens[0].lower() in PLAIN_TABLE:  # `settings reminders:off`, as `/table settings ...`
            tokens = ["/table", tokens[0].lower(), *tokens[1:]]
        svc = self.service
        if tokens[0] in ("help", "/help") and len(tokens) == 1:
            self.emit([svc.help()])
            if not self.options.json:
                self.say("console.help")
        elif tokens[0].lower() in AGAIN and len(tokens) == 1 and self.over:  # in play, a game's own `again`
            await self.again(actor)
        elif tokens[0].lower() in INSIGHT and len(tokens) == 1 and self.over:  # in play, a game's own word
            await self.insight([], line)
        elif tokens[0] == "/table":
            sub, args = (tokens[1] if len(tokens) > 1 else "status"), tokens[2:]
            if sub == "status":
                self.emit([await svc.status(CHANNEL)])
            elif sub == "board":
                self.emit([await svc.board(CHANNEL, actor)])
            elif sub == "me":
                self.emit([await svc.me(CHANNEL, actor)])
            elif sub == "log" and any(_value(a).lower() in ("export", "true") for a in args):
                self.export()
            elif sub == "export":
                self.export()
            elif sub == "log":
                if len(args) > 1:
                    raise IllegalAction("unknown_command", command=line)
                self.emit([await svc.log(CHANNEL, _log_count(_value(args[0])) if args else LOG_DEFAULT)])
            elif sub in ("leave", "resign"):
                self.emit(await svc.leave(CHANNEL, actor))
            elif sub == "cancel":
                self.emit(await svc.cancel(CHANNEL, actor, can_manage=True))
            elif sub == "undo":
                self.emit(await svc.undo(CHANNEL, actor))
            elif sub == "stats":
                if len(args) > 1:
                    raise IllegalAction("unknown_command", command=line)
                who = self.player(_value(args[0]).lstrip("@")) if args else actor
                self.emit([await svc.stats(GUILD, who, named=who != actor)])
            elif sub == "leaderboard":
                game = " ".join(_value(a) for a in args) or None
                self.emit([await svc.leaderboard(GUILD, game, CHANNEL, lang=self.options.lang)])
            elif sub == "history":
                await self.history(args, line)
            elif sub == "replay":
                await self.replay(args, line)
            elif sub == "luck":
                await self.insight(args, line)
            elif sub == "rules":
                await self.rules()
            elif sub == "settings":  # `settings`, `reminders:off` (or `reminders off`), `sleep:23-07 tz:Asia/Taipei`
                named = all(":" in a for a in args)
                words = [w for a in args for w in a.split(":", 1)] if named else list(args)
                if len(words) % 2 or any(w not in ("reminders", "inbox", "sleep", "tz") for w in words[::2]):
                    raise IllegalAction("unknown_command", command=line)
                chosen = dict(zip(words[::2], words[1::2], strict=True))
                self.emit([await svc.settings_notice(actor.user_id, **chosen)])
            elif sub == "orders":  # `orders`, `orders idle off`, `/table orders order:idle set:off`
                order, switch = self.order_args(args, line)
                said, notices = await svc.orders(CHANNEL, actor, order, switch)
                self.emit([said, *notices])
            elif sub == "vacation":  # `vacation` (the days left), `vacation days:3` (or `vacation 3`), `vacation 0`
                if len(args) > 1 or (args and not _value(args[0]).isdigit()):
                    raise IllegalAction("unknown_command", command=line)
                self.emit([await svc.vacation(actor.user_id, int(_value(args[0])) if args else None)])
            elif sub == "games":  # the tables waiting on each player here (one table locally)
                if args:
                    raise IllegalAction("unknown_command", command=line)
                self.emit([await svc.games_here(CHANNEL)])
            else:
                raise IllegalAction("unknown_command", command=line)
        elif tokens[0].startswith("/"):
            group = tokens[0][1:]
            table = svc.table(CHANNEL)
            if table is None:
                raise IllegalAction("no_table")
            plugin = registry.by_group(group)
            if plugin is None or plugin.key != table.game_key:
                raise IllegalAction("wrong_game", command=tokens[0])
            if len(tokens) == 1:
                raise IllegalAction("unknown_command", command=line)
            found = declared(plugin, tokens[1], line)
            kind = found.kind if found is not None else {"board": BOARD, "new": LOBBY, "rules": RULES}.get(tokens[1])
            if kind == BOARD:
                self.emit([await svc.board(CHANNEL, actor)])
            elif found is not None and found.view:  # a seat's private view: here what `/table me` shows
                self.emit([await svc.me(CHANNEL, actor)])
            elif kind == LOBBY:
                raise IllegalAction("table_exists")
            elif kind == RULES:
                await self.rules()
            else:
                await self.act_all(actor, self.action_text(table, actor, tokens[1], tokens[2:]),
                                   then=found.then if found is not None else "")
        elif tokens == ["undo"]:  # as `/table undo` (an exported record takes actions back so)
            self.emit(await svc.undo(CHANNEL, actor))
        else:
            table = svc.table(CHANNEL)
            spec = _command(table, tokens[0]) if table is not None and table.status == "active" else None
            await self.act_all(actor, self.plain_text(actor, tokens), then=spec.then if spec is not None else "")
        await self.let_ai_play()

    def order_args(self, args: list[str], line: str) -> tuple[str | None, str | None]:
        """`/table orders`' options as typed here: none (the seat's orders said), or an order and
        on/off, by name (`order:idle set:off`, in any order) or in that order (`idle off`); on/off
        also in the words Discord's choices show them in (`cmd.table.orders.set.on`: "開")."""
        named = {k: v for k, _, v in (a.partition(":") for a in args if ":" in a)}
        plain = [a for a in args if ":" not in a]
        if set(named) - {"order", "set"} or len(named) + len(plain) > 2:
            raise IllegalAction("unknown_command", command=line)
        order = named.get("order") or (plain.pop(0) if plain else None)
        switch = named.get("set") or (plain.pop(0) if plain else None)
        if switch is not None:
            words = {i18n.gettext(f"cmd.table.orders.set.{s}", self.options.lang).lower(): s for s in ("on", "off")}
            switch = words.get(switch.lower(), switch.lower())
        return order, switch

    def completions(self) -> list[str]:
        """What may be typed now, whole, for Tab completion: the console's words (`help`,
        `quit`, `/table …`), every local seat's legal actions (the first seat's as they are,
        another's after `@name `), and `again`, `luck` and `chances` once the game is over."""
        words = ["help", "quit", *(f"/table {sub}" for sub in TABLE_WORDS)]
        if self.over:
            return [*words, *AGAIN, *INSIGHT]
        for i, player in enumerate(self.players):
            legal = self.service.legal_for(CHANNEL, player)
            words += legal if i == 0 else [f"@{player.name} {action}" for action in legal]
        return words

    def _legal_again(self) -> None:
        """After a refusal, what the seat that was refused may do, its "may:" list again (none
        when that seat is not asked anything now, nor when the game's hint just named every
        entry of it)."""
        if self.actor is None or self.actor not in self.players or self.over:
            return
        prompt = self.service.prompt(CHANNEL, self.actor)
        if prompt is None or not prompt.actions:
            return
        hint = self.hint
        if hint and all(entry in hint for entry in self._entries(prompt)[0]):
            return
        self._prompt(prompt)

    async def act_all(self, actor: Player, texts: list[str] | Menu, *, then: str = "") -> None:
        """Play the actions one command names, in order (a command may name several): with `then`
        (`Command.then`), a later one only while it is legal, else the player is told so by that
        message and it is left to them. A `Menu` the command names instead: its actions listed."""
        if isinstance(texts, Menu):
            self.menu(actor, texts)
            return
        for i, text in enumerate(texts):
            if i and then and text not in self.service.legal_for(CHANNEL, actor):
                self.say(then)
                return
            await self.act(actor, text)

    def menu(self, actor: Player, menu: Menu) -> None:
        """What a command's `Menu` offers here: the seat's legal actions that start with its steps,
        under its text; refused (by its `refusal`, else `not_your_turn`) when there is none."""
        prompt = self.service.prompt(CHANNEL, actor)
        legal = prompt.actions if prompt is not None else []
        words = _words(prompt.game if prompt is not None else "")
        found = [a for a in legal if words.steps(a)[:len(menu.prefix)] == list(menu.prefix)]
        if not found:
            raise menu.refusal or IllegalAction("not_your_turn")
        text = i18n.render(menu.text, self.options.lang) if menu.text is not None else ""
        if self.options.json:
            self.write(json.dumps({"kind": "menu", "text": text, "actions": found}, ensure_ascii=False))
            return
        self.write("\n".join(filter(None, [text, ", ".join(found)])))

    async def act(self, actor: Player, text: str) -> None:
        """Play `text` for `actor`; when it is refused, keep the game's hint of what the player may
        do instead (`Words.hint`: say, the legal moves of the piece a refused move started from)."""
        try:
            self.emit(await self.service.act(CHANNEL, actor, text))
        except IllegalAction:
            # The seat's prompt: its legal actions, its game's words, and whether its actions are
            # its own business (then so is the hint). No prompt: no seat, nothing it may do.
            prompt = self.service.prompt(CHANNEL, actor) if actor in self.players else None
            if prompt is not None:
                self.hint = _words(prompt.game).hint(text, prompt.actions, i18n.speech(self.options.lang))
                self.hint_for = actor if self._secret(prompt) else None
            if not (prompt is not None and prompt.actions):
                self._act_as(actor, text)
            raise

    def _act_as(self, actor: Player, text: str) -> None:
        """Refused a seat that is asked nothing now: the hint names a local seat that is asked, and
        how to act as it (`@Bob roll`, with the text typed when it is that seat's to play),
        labelled with that seat where its actions are its own business."""
        for player in self.players:
            if player == actor:
                continue
            prompt = self.service.prompt(CHANNEL, player)
            if prompt is None or not prompt.actions:
                continue
            example = text if text in prompt.actions else prompt.actions[0]
            self.hint = i18n.gettext("console.act_as", self.options.lang, player=player.name,
                                     action=f"@{player.name} {example}")
            self.hint_for = player if self._secret(prompt) else None
            return

    def plain_text(self, actor: Player, tokens: list[str]) -> list[str] | Menu:
        """Plain text is the action's own text; where that is not a legal action, it may be a
        game command without its slash (`place rest`: one of the game's `commands`, typed with
        options, or alone when it is `bare`) or an action written with a leading `@` typed
        without it, read as such. Anything else goes to the game as typed, which refuses it with
        its own reason."""
        line = " ".join(tokens)
        table = self.service.table(CHANNEL)
        if table is None or table.status != "active":
            return [line]
        legal = self.service.legal_for(CHANNEL, actor)
        if line in legal:
            return [line]
        named = self._named(table, tokens, legal)
        if named is not None:
            return [named]
        found = _command(table, tokens[0])
        if found is not None and (len(tokens) > 1 or found.bare):
            return self.action_text(table, actor, tokens[0], tokens[1:])
        if len(tokens) == 1 and f"@{line}" in legal:
            return [f"@{line}"]
        return [line]

    def _named(self, table: Table, tokens: list[str], legal: list[str]) -> str | None:
        """The legal action whose words `tokens` are in the table's language, word for word: the
        verb or a token by its name as the prompt's "names:" line gives it (`攻擊 藍`, `hurt 黃`,
        `pick 決鬥者`; a path's steps each so), or as its code. None: no such action, or several."""
        words, say = _words(table.game_key), i18n.speech(self.options.lang)

        def same(typed: str, token: str, first: bool) -> bool:
            if typed == token:
                return True
            names = _readings(words.token(token, say)) | (_readings(words.verb(token, say)) if first else set())
            return _plain(typed) in names

        found = [action for action in legal if len(parts := action.split()) == len(tokens) and all(
            same(t, p, i == 0) or (t.count("-") == p.count("-") > 0 and all(
                same(a, b, False) for a, b in zip(t.split("-"), p.split("-"), strict=True)))
            for i, (t, p) in enumerate(zip(tokens, parts, strict=True)))]
        return found[0] if len(found) == 1 else None  # several: the game's own refusal says which

    def action_text(self, table: Table, actor: Player, verb: str, options: list[str]) -> list[str] | Menu:
        """The actions a game command names: through the game's `Command` when it declares one
        (options by name, `to:c3`, or in order; an option that takes the `rest` takes every word
        left), else the verb and the options' values."""
        found = _command(table, verb)
        if found is None:
            return [" ".join([verb, *map(_value, options)])]
        bound = bind(found, options)
        return found.action(bound, self.service.legal_for(CHANNEL, actor), i18n.speech(table.lang))

    async def history(self, args: list[str], line: str) -> None:
        """`/table history [page:n]`: the finished games of this database; `/table history <n>`
        (or `game_id:<n>`): that game's record and final board, written beside the images."""
        name, named, value = args[0].partition(":") if args else ("page", ":", "1")
        if len(args) > 1 or (named and name not in ("page", "game_id")):
            raise IllegalAction("unknown_command", command=line)
        number = _history_number(value if named else name)
        if named and name == "page":
            self.emit([await self.service.history(GUILD, number - 1)])
            return
        found = await self.service.history_game(GUILD, number)
        self.images.mkdir(parents=True, exist_ok=True)
        record = self._fresh(self.images / found.record.filename)
        record.write_text(found.record.text, encoding="utf-8")
        board = self._fresh(self.images / f"table{found.record.table_id}-final.png")
        if found.notice.image is not None:
            board.write_bytes(found.notice.image)
        for text in found.notice.text(self.options.lang):
            self.write(text)
        self.say("console.history_saved", table=found.record.table_id, record=str(record),
                 board=str(board) if found.notice.image is not None else "-")

    async def replay(self, args: list[str], line: str) -> None:
        """`/table replay` (or `replay`): the last finished game step by step, every secret shown,
        with its board as the game's text drawing. `replay game_id:<n>` opens another finished
        game; `replay next|prev|first|last|<step>` moves in the one open; `replay export` writes
        the whole game's public board as an animated GIF beside the images."""
        named = dict(a.split(":", 1) for a in args if a.startswith(("game_id:", "step:")))
        plain = [a.lower() for a in args if not a.startswith(("game_id:", "step:"))]
        if len(plain) > 1 or (plain and "step" in named):
            raise IllegalAction("unknown_command", command=line)
        table_id = _history_number(named["game_id"]) if "game_id" in named else None
        if self.replaying is None or table_id is not None or not (plain or "step" in named):
            replay, step = await self.service.replay_game(GUILD, CHANNEL, table_id), 0
        else:
            replay, step = self.replaying
        word = plain[0] if plain else named.get("step", "")
        if word == "export":
            picture = await self.service.replay_animation(replay)
            path = self._fresh(self.images / f"table{replay.table_id}-replay.gif")
            if picture is not None:
                path.write_bytes(picture)
            self.say("console.replay_saved", table=replay.table_id, path=str(path) if picture is not None else "-")
            return
        moves = {"": step, "next": step + 1, "prev": step - 1, "first": 0, "last": replay.last}
        found = moves[word] if word in moves else whole(word, least=0, most=None)
        if found is None:
            raise IllegalAction("unknown_command", command=line)
        step = replay.clamp(found)
        self.replaying = (replay, step)
        page = await self.service.replay_page(replay, step)
        self.emit([replace(page.notice, lines=[*page.notice.lines, *page.secret_lines()])])
        if not self.options.json:
            self.say("console.replay_hint")
    async def insight(self, args: list[str], line: str) -> None:
        """`/table luck [game_id:n]` (or `luck`, `chances` once the game is over): the last game's
        (or game n's) turning points and luck in words, its chart and luck picture written beside
        the images."""
        name, named, value = args[0].partition(":") if args else ("", "", "")
        if len(args) > 1 or (named and name != "game_id"):
            raise IllegalAction("unknown_command", command=line)
        number = _history_number(value if named else name) if args else None
        found = await self.service.luck(GUILD, CHANNEL, number, lang=self.options.lang)
        for text in found.notice().text(self.options.lang):
            self.write(text)
        self.images.mkdir(parents=True, exist_ok=True)
        chart = self._fresh(self.images / f"table{found.table_id}-chances.png")
        luck = self._fresh(self.images / f"table{found.table_id}-luck.png")
        if found.chart_png is not None:
            chart.write_bytes(found.chart_png)
        if found.luck_png is not None:
            luck.write_bytes(found.luck_png)
        self.say("console.insight_saved", table=found.table_id, chart=str(chart) if found.chart_png else "-",
                 luck=str(luck) if found.luck_png else "-")

    def export(self) -> None:
        """`/table log export`: the whole game as a replayable script, written beside the images."""
        record = self.service.export(CHANNEL)
        self.images.mkdir(parents=True, exist_ok=True)
        path = self._fresh(self.images / record.filename)
        path.write_text(record.text, encoding="utf-8")
        self.say("console.exported_public" if record.public else "console.exported", path=str(path), n=record.moves)

    async def run_lines(self, lines: Iterable[str], *, script: bool) -> None:
        """Commands one per line; in a script, a refusal (or a success on a `!` line) stops it.
        Typed, the game's end is said with what may follow (`again` after a finished game; the
        record, stats and history in any case) and the console reads on until `quit`."""
        for number, raw in enumerate(lines, 1):
            line = raw.strip()
            if self.closed:
                return
            if not line or line.startswith("#"):
                continue
            expect_refusal = line.startswith("!")
            line = line.lstrip("!").strip()
            if script and not self.options.json:
                self.write(f"> {raw.strip()}")
            if line.lower() in QUIT:
                if not self.options.json:
                    self.say("console.bye")
                return
            self.hint, self.hint_for, self.actor = None, None, None
            open_before = not self.over
            if open_before:
                table = self.service.table(CHANNEL)
                self.table_id = table.id if table is not None else self.table_id
            try:
                await self.command(line)
            except IllegalAction as exc:
                self.refused(exc)
                if self.hint and not self.options.json:
                    self._write_hint(self.hint)
                if not self.options.json:
                    self._legal_again()
                if script and not expect_refusal:
                    self.say("console.script_refused", n=number, line=line)
                    raise ScriptFailed from exc
                continue
            if script and expect_refusal:
                self.say("console.script_accepted", n=number, line=line)
                raise ScriptFailed
            if self.over and open_before and not script:
                if not self.players:
                    return
                if not self.options.json:
                    self.say("console.again_hint" if self._finished() else "console.closed_hint")

    def _finished(self) -> bool:
        """Whether the table that just closed here finished (a rematch can follow it), rather
        than being cancelled: `again` is offered only then."""
        row = self.service.store.last_row(CHANNEL, "finished")
        return row is not None and row["id"] == self.table_id


def _is_board(notice: Private) -> bool:
    return notice.shows == "board"


def _words(game_key: str) -> Words:
    """The words of the game `game_key` (its plug-in's), the default words for no game."""
    return registry.plugin(game_key).words if game_key else Words()


def _command(table: Table, verb: str) -> Command | None:
    """The table's game's action command `verb` (not a view, the board, the rules or a lobby)."""
    found = registry.plugin(table.game_key).commands.get(verb)
    return None if found is None or found.kind != ACTION else found


PROMPT_MAX = 30
"""The most entries a prompt lists (then "…"; the board shows the rest)."""
PROMPT_WIDTH = 80
"""A prompt's lines are this wide at most (a terminal's usual width), but for an entry longer alone."""
INDENT = "  "
"""Before a prompt's second and later lines."""


def _width(text: str) -> int:
    """The columns `text` takes in a terminal: two for a wide (CJK) character."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _packed(entries: list[str], taken: int, width: int = PROMPT_WIDTH) -> str:
    """Entries joined by ", " in lines of at most `width` columns (the first line already has
    `taken`), a line break only between entries: the later lines start with `INDENT`."""
    lines: list[str] = []
    line, used = "", taken
    for i, entry in enumerate(entries):
        text = entry + ("," if i < len(entries) - 1 else "")
        if line and used + 1 + _width(text) > width:
            lines.append(line)
            line, used = INDENT + text, _width(INDENT + text)
        else:
            line, used = (f"{line} {text}" if line else text), used + (1 if line else 0) + _width(text)
    lines.append(line)
    return "\n".join(lines)
NAMES_MAX = 10


def _grouped(actions: list[str]) -> list[str]:
    """Actions of three or more words that differ only in their last word, as one:
    `play fergee or red/blue/green` (a card-play window lists every target of every card)."""
    out: list[str] = []
    heads: dict[str, int] = {}
    for action in actions:
        head, _, last = action.rpartition(" ")
        if head.count(" ") >= 1 and head in heads:
            out[heads[head]] += "/" + last
        else:
            heads[head] = len(out)
            out.append(action)
    return out


def _readings(name: str) -> set[str]:
    """The ways a player may type a name (`_plain`): whole, or without what its brackets add
    (`黃（yellow）`: 黃; `司法部醫院 (HOS)`: 司法部醫院). A code in brackets is read as a code, by
    the game, not as this name: `hos` alone is a Sector, not every path that ends there."""
    return {_plain(name), _plain(re.sub(r"[(（][^()（）]*[)）]", "", name))} - {""}


def _plain(text: str) -> str:
    """Letters and digits only, lower case: `tip_off_inside_info` reads as "Tip Off: Inside Info"."""
    return "".join(ch for ch in text.lower() if ch.isalnum())


LOG_DEFAULT = 10
"""How many moves `/table log` shows when not told."""


def _log_count(text: str) -> int:
    """The count of `/table log N`: a whole number of moves, 1 or more, in ASCII digits
    (`gavel.tables.numbers.whole`: `²` and `٣` pass `str.isdigit` but are no count anyone typed
    on purpose). Any size is taken: more moves than the log holds is the whole log."""
    count = whole(text, most=None)
    if count is None:
        raise IllegalAction("log_count", value=text)
    return min(count, MOST)


def _history_number(text: str) -> int:
    """A page or a game's number in `/table history`, read as `/table log` reads its count (any
    size: a game past the database's numbers is no such game, a page past them holds none)."""
    number = whole(text, most=None)
    if number is None:
        raise IllegalAction("history_number", value=text)
    return number


def declared(plugin: Plugin, name: str, line: str = "") -> Command | None:
    """The sub-command `name` of a game's group (`/<group> <name>`), as its plug-in declares it:
    a group with declared sub-commands has those alone (another is refused, `unknown_command`);
    a game that declares none (a toy) takes any, read as its verb and options (None)."""
    found = plugin.commands.get(name)
    if found is None and plugin.commands.commands:
        raise IllegalAction("unknown_command", command=line or f"/{plugin.commands.group} {name}")
    return found


def bind(command: Command, tokens: list[str]) -> dict[str, str]:
    """The options of `command` as typed on one line: by name (`to:c3`), else in the declared
    order, the option that takes the `rest` every word left. An option it does not declare, a
    word too many, or none given to a command that needs one: `unknown_command`."""
    bound: dict[str, str] = {}
    positional = []
    for token in tokens:
        name, sep, value = token.partition(":")
        if sep and name in command.names:
            bound[name] = value
        else:
            positional.append(token)
    for option in command.options:
        if option.name not in bound and positional:
            taken = positional if option.rest else positional[:1]
            bound[option.name] = " ".join(taken)
            positional = positional[len(taken):]
    if (not bound and not command.optional) or positional:
        raise IllegalAction("unknown_command", command=" ".join([command.name, *tokens]))
    return bound


def _value(token: str) -> str:
    """`to:5,9` → `5,9` (a slash command option), anything else unchanged."""
    return token.split(":", 1)[1] if ":" in token else token


async def run(options: LocalOptions, *, service: TableService | None = None, stdin: TextIO | None = None,
              out: TextIO | None = None, tty: bool | None = None, read: Callable[[str], str] = input,
              editor: Any | None = None) -> int:
    """Play one local game; returns the process exit code. `tty`: whether a person types at a
    terminal (default: whether standard input and the output are one, when no `stdin` is given:
    the prompt is not written into a pipe that reads the output); then lines are
    read with `read` at a prompt, with line editing by `editor` (`readline` by default,
    `gavel.tables.terminal`), else they are `stdin`'s, line by line."""
    out = out or sys.stdout
    service = service or TableService(options.db or ":memory:", outbox=False)
    console = Console(service, options, out)
    if tty is None:  # a person at a terminal, who sees the prompt (not a pipe reading the output)
        tty = stdin is None and sys.stdin.isatty() and out.isatty()
    source: Iterator[str] = iter(stdin or sys.stdin) if not tty else _asked(read)
    try:
        options.game = local_game(options.game)
        options.variant = local_variant(options.game, options.variant)
        humans, _ = seating(options.game, options.seats, options.ai, options.variant)
        if not options.json and not options.script:  # said before the game, whose first turn follows
            console.welcome(humans)
        resumed = await console.unfinished(source)
        if resumed is None:
            return 0
        if not resumed:
            await console.setup()
        if options.script:
            try:
                await console.run_lines(Path(options.script).read_text(encoding="utf-8").splitlines(), script=True)
            except ScriptFailed:
                return 1
            return 0
        if not console.players:
            return 0 if console.over else 3
        if not tty:
            await console.run_lines(source, script=False)
            return 0
        lines = terminal.typed(console.completions, read=read, history=terminal.history_path(), out=out,
                               editor=editor if editor is not None else terminal.line_editor())
        with contextlib.closing(lines):
            await console.run_lines(lines, script=False)
        return 0
    except IllegalAction as exc:
        console.refused(exc)
        return 2
    except ChanceOutOfRange as exc:
        # `--dice`/`--draws` that a draw cannot take: found only when that draw comes (a 5 is
        # a d6's throw but not a d4's), and the same value would be offered again, so the game
        # cannot go on with them.
        console.refused(IllegalAction("scripted_draw", value=exc.value, low=exc.low, high=exc.high))
        return 2


def _asked(read: Callable[[str], str]) -> Iterator[str]:
    """Lines typed at the `> ` prompt (`read`), until Ctrl-D: the answer to a question asked before
    the console's own line editing starts."""
    while True:
        try:
            yield read("> ")
        except EOFError:
            return


def _ints(text: str | None) -> list[int] | None:
    return [int(d) for d in text.replace(" ", "").split(",") if d] if text else None


def pictures_from_args(args: Any) -> dict[str, Any]:
    """`--images` and `--color`: the board as text alone (no `--images`), with its picture in a
    file in DIR too (`--images DIR`), or the picture in the terminal (`--images inline`); exported
    games and the rules picture go to DIR (`gavel-images` by default)."""
    given = getattr(args, "images", None)
    mode = screen.TEXT if given is None else screen.INLINE if given == screen.INLINE else screen.FILES
    folder = given if mode == screen.FILES else LocalOptions.images
    return {"images": folder, "pictures": mode, "colour": getattr(args, "color", None)}


def options_from_args(args: Any) -> LocalOptions:
    names = [n for n in args.names.split(",") if n] if getattr(args, "names", None) else None
    options = LocalOptions(game=args.local, seats=args.seats, ai=args.ai, seed=args.seed, variant=args.variant,
                           dice=_ints(args.dice), script=args.script, json=args.json, images=args.images,
                           lang=args.lang, names=names, draws=_ints(getattr(args, "draws", None)),
                           time=getattr(args, "time", None), db=getattr(args, "db", None))
    return replace(options, **pictures_from_args(args))


def script_header(path: str) -> list[str]:
    """The options in a script's `# gavel:` header line (an exported record's), or none."""
    try:
        return header_options(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []

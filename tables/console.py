"""Local play: one table in a pretend channel, driven by typed commands, printed to a terminal.

The commands are the ones typed in Discord (`/dadsarmy move man:pike to:5,9`, `/table log`),
or plain action text (`move pike 5,9`); `@Bob ...` (any case, or the seat number) acts as
another human seat. Where a game's command options are not its action text (`/judtho move b1
c3` is `Nb1-c3`), `COMMANDS` says how to read them, as the game's cog does. `/table log export`
writes the whole game as a script (`tables.record`) that `--script` replays to the same state;
`--script` reads the options of its `# gavel:` header line that the command line does not give.

It uses the same TableService as the bot, so a bug seen here is a bug
there, and a `--script` of commands is a reproducible test. Public notices print as they come, private ones labelled
with their seat; board images are written to a folder and their paths printed.

There is no window clock here (`tables.clock` is for the bot): a card-play window waits until
every human seat has answered, e.g. `pass` then `@bob pass`.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TextIO

from rules.core import IllegalAction, Msg, SeatName
from tables import i18n
from tables.notices import Notice, Private, Prompt, Public
from tables.record import header_options
from tables.service import Player, Table, TableService, game_name, get_game

GROUPS = {"dadsarmy": "dads_army", "dredd": "judge_dredd", "judtho": "judtho", "judgement": "judgement"}
"""Slash command group → game key (a group not listed is taken to be the key itself)."""

HUMANS = ("Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi", "Ivan")
"""Local human seats get real names, so lines read "Alice throws a 5", not "you throws a 5"."""
FIRST_SEAT_ALIAS = "you"
"""`@you` still names the first human seat (older scripts use it)."""
CHANNEL, GUILD = 1, 0
SPECTATOR = Player(0, "Gavel")  # opens an all-AI table and watches it
MAX_LOCAL_ACTIONS = 20_000


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


def seating(game_key: str, seats: int | None, ai: int | None) -> tuple[int, int]:
    """(humans, AI seats): one human and enough AI to reach the minimum, unless told; `--ai`
    equal to the most seats the game allows means an AI-only game."""
    info = get_game(game_key).info
    if seats is None:
        seats = 0 if ai is not None and ai >= info.max_seats else 1
    if ai is None:
        ai = max(info.min_seats - seats, 0)
    if seats < 0 or ai < 0 or not info.min_seats <= seats + ai <= info.max_seats or seats > len(HUMANS):
        raise IllegalAction("bad_seats", min=info.min_seats, max=info.max_seats)
    return seats, ai


class ScriptFailed(Exception):
    pass


class Console:
    def __init__(self, service: TableService, options: LocalOptions, out: TextIO) -> None:
        self.service = service
        self.options = options
        self.out = out
        self.players: list[Player] = []
        self.images = Path(options.images)
        self._image_count = 0

    # ------------------------------------------------------------------ output
    def say(self, key: str, **params: Any) -> None:
        self.write(i18n.gettext(key, self.options.lang, **params))

    def write(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    def refused(self, exc: IllegalAction) -> None:
        text = i18n.render(Msg(f"error.{exc.code}", exc.params), self.options.lang)
        if self.options.json:
            self.write(json.dumps({"kind": "error", "code": exc.code, "text": text}, ensure_ascii=False))
        else:
            self.say("console.refused", error=text)

    def emit(self, notices: Iterable[Notice]) -> None:
        for notice in notices:
            if isinstance(notice, Prompt):
                self._prompt(notice)
                continue
            if isinstance(notice, Public):
                notice = self._not_a_turn(notice)
                # No clock runs here (`console.no_clock` says so): the lobby's "windows close
                # after 60 s" would contradict it.
                notice = replace(notice, lines=[m for m in notice.lines if m.key != "table.clock"])
            lines = notice.text(self.options.lang)
            image = self._save(notice)
            if self.options.json:
                self.write(json.dumps(self._json(notice, lines, image), ensure_ascii=False))
                continue
            for line in lines:
                if isinstance(notice, Private):
                    self.say("console.private", player=notice.names[notice.seat], text=line)
                else:
                    self.write(line)
            if image and isinstance(notice, Private):  # a hand drawn for one seat is labelled as theirs
                key = "console.image" if _is_board(notice) else "console.hand_image"
                self.say("console.private", player=notice.names[notice.seat],
                         text=i18n.gettext(key, self.options.lang, path=image))
            elif image:
                self.say("console.image", path=image)
            if isinstance(notice, Public) and notice.prompt is not None:
                self._prompt(notice.prompt)

    def _not_a_turn(self, notice: Public) -> Public:
        """In a card-play window a lone human left to answer is "waited for", not told "it is your
        turn" (it is someone else's Move, or a fight): a window is a decision with a timeout
        action (`Game.timeout_action`, a pass)."""
        table = self.service.get(notice.table_id) if notice.table_id is not None else None
        if table is None or table.state is None or table.status != "active":
            return notice
        lines = []
        for line in notice.lines:
            seat = line.params.get("player") if line.key == "table.your_turn" else None
            if isinstance(seat, SeatName) and table.game.timeout_action(table.state, seat.seat) is not None:
                line = Msg("table.may_act", {"players": table.seat_name(seat.seat)})
            lines.append(line)
        return replace(notice, lines=lines)

    def _prompt(self, prompt: Prompt) -> None:
        table = self.service.get(prompt.table_id)
        name = table.seat_name(prompt.seat) if table else str(prompt.seat)
        if self.options.json:
            self.write(json.dumps({**prompt.to_json(), "player": name}, ensure_ascii=False))
            return
        grouped = _grouped(prompt.actions)
        shown = ", ".join(grouped[:30]) + (" …" if len(grouped) > 30 else "")
        names = self._names(table.game_key if table else "", prompt.actions[:30])
        if prompt.private:
            self.say("console.private", player=name,
                     text=i18n.gettext("console.legal", self.options.lang, player=name, actions=shown))
            if names:
                self.say("console.private", player=name, text=names)
        else:
            self.say("console.legal", player=name, actions=shown)
            if names:
                self.write(names)

    def _names(self, game_key: str, actions: list[str]) -> str:
        """The codes in the actions that do not read as their names, named: "ghj Grand Hall of
        Justice · iso Iso-Block 666" (a newcomer cannot guess a Sector code; in Chinese no id
        reads as its name). "" when every token already says what it is."""
        lang = self.options.lang
        found: dict[str, str] = {}
        for action in actions:
            for part in action.split()[1:]:
                for token in part.split("-"):
                    key = next((k for t in TOKEN_NAMES.get(game_key, ()) if i18n.has(k := t.format(token=token), lang)),
                               None)
                    if key is None or token in found:
                        continue
                    name = i18n.gettext(key, lang)
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
        if isinstance(notice, Private):
            data.update(seat=notice.seat, player=notice.names[notice.seat])
        elif notice.prompt is not None:
            data["prompt"] = notice.prompt.to_json()
        return data

    def _save(self, notice: Public | Private) -> str | None:
        if not notice.image:
            return None
        self.images.mkdir(parents=True, exist_ok=True)
        self._image_count += 1
        suffix = ""
        if isinstance(notice, Private):
            suffix = f"-{notice.names[notice.seat]}" + ("" if _is_board(notice) else "-hand")
        path = self.images / f"table{notice.table_id}-{self._image_count:04d}{suffix}.png"
        path.write_bytes(notice.image)
        return str(path)

    # ------------------------------------------------------------------ the table
    @property
    def over(self) -> bool:
        return self.service.table(CHANNEL) is None

    async def setup(self) -> None:
        opts = self.options
        humans, ai = seating(opts.game, opts.seats, opts.ai)
        names = [*(opts.names or [])[:humans], *HUMANS[len(opts.names or []):]]
        self.players = [Player(i + 1, names[i]) for i in range(humans)]
        host = self.players[0] if self.players else SPECTATOR
        self.emit(await self.service.create(GUILD, CHANNEL, opts.game, host, seed=opts.seed, sit=bool(self.players),
                                            variant=opts.variant, dice=opts.dice, lang=opts.lang, draws=opts.draws))
        for player in self.players[1:]:
            self.emit(await self.service.join(CHANNEL, player))
        for _ in range(ai):
            self.emit(await self.service.add_ai(CHANNEL, host))
        self.emit(await self.service.start(CHANNEL, host))
        await self.let_ai_play()

    async def let_ai_play(self) -> None:
        """Continue an AI-only stretch that the service paused (its per-call bound), but not
        forever: an engine or policy that never ends a game is reported, not waited for."""
        while (table := self.service.table(CHANNEL)) is not None and table.ai_to_act() and not table.humans_to_act():
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

    def rules(self) -> None:
        """`/table rules` or `/<game> rules`: the game's one summary, `<game_key>.rules`, as on Discord."""
        table = self.service.table(CHANNEL)
        if table is None:
            raise IllegalAction("no_table")
        if not i18n.has(f"{table.game_key}.rules"):
            raise IllegalAction("no_rules")
        self.say(f"{table.game_key}.rules")

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
                # A lone `@word` naming nobody is an action: Judtho's placements (`@Qc2`, `@rest`).
        tokens = line.split()
        if not tokens:
            raise IllegalAction("unknown_command", command=line)
        svc = self.service
        if tokens[0] == "/table":
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
                n = int(_value(args[0])) if args and _value(args[0]).isdigit() else 10
                self.emit([await svc.log(CHANNEL, n)])
            elif sub in ("leave", "resign"):
                self.emit(await svc.leave(CHANNEL, actor))
            elif sub == "cancel":
                self.emit(await svc.cancel(CHANNEL, actor, can_manage=True))
            elif sub == "stats":
                self.emit([await svc.stats(GUILD, actor)])
            elif sub == "rules":
                self.rules()
            else:
                raise IllegalAction("unknown_command", command=line)
        elif tokens[0].startswith("/"):
            group = tokens[0][1:]
            table = svc.table(CHANNEL)
            if table is None:
                raise IllegalAction("no_table")
            if GROUPS.get(group, group) != table.game_key:
                raise IllegalAction("wrong_game", command=tokens[0])
            if len(tokens) == 1:
                raise IllegalAction("unknown_command", command=line)
            if tokens[1] == "board":
                self.emit([await svc.board(CHANNEL, actor)])
            elif tokens[1] == "new":
                raise IllegalAction("table_exists")
            elif tokens[1] == "rules":
                self.rules()
            else:
                self.emit(await svc.act(CHANNEL, actor, self.action_text(table, actor, tokens[1], tokens[2:])))
        else:
            self.emit(await svc.act(CHANNEL, actor, line))
        await self.let_ai_play()

    def action_text(self, table: Table, actor: Player, verb: str, options: list[str]) -> str:
        """The action a game command names: through the game's `COMMANDS` entry when it has one
        (options by name, `to:c3`, or in order), else the verb and the options' values."""
        found = COMMANDS.get(table.game_key, {}).get(verb)
        if found is None:
            return " ".join([verb, *map(_value, options)])
        names, read = found
        bound: dict[str, str] = {}
        positional = []
        for token in options:
            name, sep, value = token.partition(":")
            if sep and name in names:
                bound[name] = value
            else:
                positional.append(token)
        for name in names:
            if name not in bound and positional:
                bound[name] = positional.pop(0)
        if not bound or positional:
            raise IllegalAction("unknown_command", command=" ".join([verb, *options]))
        return read(bound, self.service.legal_for(CHANNEL, actor), table.lang)

    def export(self) -> None:
        """`/table log export`: the whole game as a replayable script, written beside the images."""
        record = self.service.export(CHANNEL)
        self.images.mkdir(parents=True, exist_ok=True)
        path = self.images / record.filename
        path.write_text(record.text, encoding="utf-8")
        self.say("console.exported", path=str(path), n=record.moves)

    async def run_lines(self, lines: Iterable[str], *, script: bool) -> None:
        """Commands one per line; in a script, a refusal (or a success on a `!` line) stops it."""
        for number, raw in enumerate(lines, 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            expect_refusal = line.startswith("!")
            line = line.lstrip("!").strip()
            if script and not self.options.json:
                self.write(f"> {raw.strip()}")
            try:
                await self.command(line)
            except IllegalAction as exc:
                self.refused(exc)
                if script and not expect_refusal:
                    self.say("console.script_refused", n=number, line=line)
                    raise ScriptFailed from exc
                continue
            if script and expect_refusal:
                self.say("console.script_accepted", n=number, line=line)
                raise ScriptFailed
            if self.over and not script:
                return


BOARD_KEYS = frozenset({"table.board_private", "table.me_seat"})
"""The lines of the only private notices whose image is a board (`/table board`, `/table me`);
any other private image is the seat's hand."""


def _is_board(notice: Private) -> bool:
    return any(m.key in BOARD_KEYS for m in notice.lines)


def _judtho_move(options: dict[str, str], legal: list[str], lang: str) -> str:
    from tables import judtho_commands

    return judtho_commands.move_text(legal, options.get("from", ""), options.get("to"))


def _judtho_place(options: dict[str, str], legal: list[str], lang: str) -> str:
    from tables import judtho_commands

    return judtho_commands.place_text(options.get("piece", ""), options.get("square"), lang)


Read = Callable[[dict[str, str], list[str], str], str]
COMMANDS: dict[str, dict[str, tuple[tuple[str, ...], Read]]] = {
    "judtho": {"move": (("from", "to"), _judtho_move), "place": (("piece", "square"), _judtho_place)},
}
"""Per game, the commands whose options are not the action's own tokens: the options' names (as
in Discord, in order) and how they read as action text (options, the actor's legal actions, the
table's language). `/judtho move b1 c3` → `Nb1-c3`, `/judtho place Queen c2` → `@Qc2`."""


TOKEN_NAMES = {
    "judge_dredd": ("judge_dredd.sector.{token}", "judge_dredd.cardname.{token}", "judge_dredd.crime.{token}",
                    "judge_dredd.colour.{token}"),
}
"""Where the words catalogue names an action's tokens, per game (a token no template names is
shown as it is)."""


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


def _plain(text: str) -> str:
    """Letters and digits only, lower case: `tip_off_inside_info` reads as "Tip Off: Inside Info"."""
    return "".join(ch for ch in text.lower() if ch.isalnum())


def _value(token: str) -> str:
    """`to:5,9` → `5,9` (a slash command option), anything else unchanged."""
    return token.split(":", 1)[1] if ":" in token else token


async def run(options: LocalOptions, *, service: TableService | None = None, stdin: TextIO | None = None,
              out: TextIO | None = None) -> int:
    """Play one local game; returns the process exit code."""
    out = out or sys.stdout
    service = service or TableService(os.environ.get("GAVEL_DB") or ":memory:")
    console = Console(service, options, out)
    try:
        await console.setup()
    except IllegalAction as exc:
        console.refused(exc)
        return 2
    if options.script:
        try:
            await console.run_lines(Path(options.script).read_text(encoding="utf-8").splitlines(), script=True)
        except ScriptFailed:
            return 1
        return 0
    if not console.players:
        return 0 if console.over else 3
    stdin = stdin or sys.stdin
    if not options.json:
        console.say("console.welcome", game=i18n.render(game_name(get_game(options.game)), options.lang))
        console.say("console.no_clock")  # windows wait here: nobody's time runs out at a terminal
    await console.run_lines(stdin, script=False)
    return 0


def _ints(text: str | None) -> list[int] | None:
    return [int(d) for d in text.replace(" ", "").split(",") if d] if text else None


def options_from_args(args: Any) -> LocalOptions:
    names = [n for n in args.names.split(",") if n] if getattr(args, "names", None) else None
    return LocalOptions(game=args.local, seats=args.seats, ai=args.ai, seed=args.seed, variant=args.variant,
                        dice=_ints(args.dice), script=args.script, json=args.json, images=args.images, lang=args.lang,
                        names=names, draws=_ints(getattr(args, "draws", None)))


def script_header(path: str) -> list[str]:
    """The options in a script's `# gavel:` header line (an exported record's), or none."""
    try:
        return header_options(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []

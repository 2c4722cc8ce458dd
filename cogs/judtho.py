"""`/judtho new|place|move|board|draw|resign|rules`, and how Judtho's notation reads on buttons.

Judtho's actions are the notation of section 10, one word each (`@Qc2`, `Nb1-c3`, `e11-e12=Q`,
`Sd4xd5xd7`, `Nc3x{b5,e4}`, `pass`, `@rest`), plus `draw offer|accept|decline`, `resign` and
the Trio's `suggest <move>`. `/judtho place` and `/judtho move` autocomplete from the user's own
legal actions: `place` narrows the square by the piece, `move` the destination by the square
moved from, and every capture, sweep, distant capture and promotion is a choice of `to`
labelled in notation (its value is the whole action). The turn menu is two steps, piece then
destination (`split`, registered with `components.register_splitter`); the other verbs are
named by `judtho.verb.*`.

The Trio's `suggest` is the one action whose words never reach the channel (Section 4, E4):
the engine tells the channel only that a suggestion was sent, and the move to the mover alone.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _t
from discord.ext import commands

from cogs import components
from cogs.errors import lang_of
from cogs.flows import (
    AUTOCOMPLETE_MAX,
    act,
    delivering,
    open_lobby,
    player_of,
    post_board,
    send_rules,
    variant_choices,
)
from rules.core import BadActionText, IllegalAction
from rules.judtho.engine import GAME
from rules.judtho.notation import Move, Place, parse, square_key
from rules.judtho.pieces import LETTERS, PIECES
from tables import i18n

if TYPE_CHECKING:
    from cogs.bot import GavelBot

GAME_KEY = "judtho"
REST = "rest"
"""`/judtho place piece:rest`: the Assembly's "place the rest for me" (`@rest`)."""
WORDS = ("pass", "resign", "draw", "suggest", "offer", "accept", "decline", "@rest")
"""Action words that are not notation: shown by `judtho.verb.<word>`."""

Choices = list[app_commands.Choice[str]]


def notation(text: str) -> Move | Place | None:
    """The Move or Place an action text writes, None for any other action."""
    try:
        action = parse(text)
    except BadActionText:
        return None
    return action if isinstance(action, (Move, Place)) else None


def piece_name(piece: str, lang: str) -> str:
    key = f"judtho.piece.{piece}"
    return i18n.gettext(key, lang) if i18n.has(key, lang) else piece


_SQ = r"[a-l](?:1[0-2]|[1-9])"
_PLACE = re.compile(rf"@([KQRBNPS]?)({_SQ})")
_DISTANT = re.compile(rf"(N{_SQ})(x\{{)({_SQ}(?:,{_SQ})*\}})")
_MOVE = re.compile(rf"([KQRBNPS]?{_SQ})([-x][^ ]+)")
_ORIGIN = re.compile(rf"([KQRBNPS]?)({_SQ})")
_LETTER = re.compile(r"^[kqrbnps](?=[a-l])")
"""A piece's letter, lower case, before its square: `d12xf12` may be typed for `Rd12xf12`."""
DISTANT = "x{"
"""The menu token of a Knight's distant capture (J10): one choice, "Distant capture", whose
next step lists the sets of pieces it may remove, the set of every one labelled "All" (4.7)."""


def split(text: str) -> list[str] | None:
    """A notation word as the steps of the menu: the piece (`Nb1`, `@Q`, a pawn `e11` or
    `@`), then where it goes (`-c3`, `c2`, `-e12=Q`, `xd5xd7`): a sweep and a promotion are
    each one choice of the second step, so that no action is a prefix of another. A Knight's
    distant capture `Nc3x{b5,e4}` is three steps, `Nc3`, `x{`, `b5,e4}`: up to 255 sets of
    targets (J10) would otherwise bury the Knight's moves. None for anything else (`draw
    offer`, `pass`, a prefix with a space)."""
    if m := _PLACE.fullmatch(text):
        return ["@" + m.group(1), m.group(2)]
    if m := _DISTANT.fullmatch(text):
        return [m.group(1), m.group(2), m.group(3)]
    if m := _MOVE.fullmatch(text):
        return [m.group(1), m.group(2)]
    return None


components.register_splitter(split)


def everything(texts: Iterable[str]) -> set[str]:
    """The distant captures (J10) that remove every piece their Knight attacks, "all" of 4.7:
    from each square, the one with the most captures, when it has more than one."""
    best: dict[str, Move] = {}
    for text in texts:
        move = notation(text)
        if isinstance(move, Move) and move.distant and len(move.captures) > len(getattr(best.get(move.origin),
                                                                                         "captures", ())):
            best[move.origin] = move
    return {str(m) for m in best.values() if len(m.captures) > 1}


@dataclass
class JudthoUI(components.GameUI):
    """The menu's first step names a piece (`Knight b1`, `Queen` to place), the second the
    action in notation (`Nb1-c3`, `@Qc2`) or "Distant capture", whose step offers the sets of
    targets, the set of every target labelled "All: …" (4.7); `draw`, `resign`, `pass`, `@rest` and the draw
    answers by `judtho.verb.*`."""

    full: frozenset[str] = frozenset()
    """This table's distant captures of every target (`everything`), set by `at`."""

    def at(self, table: Any) -> JudthoUI:
        state = getattr(table, "state", None)
        if state is None or getattr(state, "phase", "") != "play":
            return self
        texts = [str(a) for seat in table.game.to_act(state) for a in table.game.legal_actions(state, seat)]
        return dataclasses.replace(self, full=frozenset(everything(texts)))

    def word(self, token: str, lang: str) -> str:
        key = f"judtho.verb.{token.lstrip('@')}"
        if token in WORDS and i18n.has(key, lang):
            return i18n.gettext(key, lang)
        return token

    def part(self, tokens: Sequence[str], index: int, lang: str) -> str:
        token = tokens[index]
        if index == 0 and token.startswith("@") and token != "@rest":
            return piece_name(PIECES.get(token[1:], "pawn"), lang)
        if index == 0 and (m := _ORIGIN.fullmatch(token)):
            return i18n.gettext("judtho.ui.action", lang, piece=piece_name(PIECES.get(m.group(1), "pawn"), lang),
                                text=m.group(2))
        if index == 1 and token == DISTANT:
            return i18n.gettext("judtho.ui.distant", lang)
        if index > 0 and split(whole := "".join(tokens[: index + 1])) is not None:
            return i18n.gettext("judtho.ui.all", lang, text=whole) if whole in self.full else whole
        return self.word(token, lang)


UI = components.register_ui(JudthoUI(key=GAME_KEY))

PICK = "x{?}"
"""`/judtho move to:` ending so (`Nc3x{?}`): choose the Knight's distant targets on a menu."""


class KnightTargets(discord.ui.DynamicItem[discord.ui.Select],
                    template=r"gv:jn:(?P<table>\d+):(?P<version>\d+):(?P<origin>[a-l]\d{1,2})"):
    """4.7: a Knight's distant capture as one multi-select of the pieces it attacks (any
    non-empty set, J10), beside an "All" button; the clicker's choice is played as
    `Nc3x{b5,e4}`. Made for one version of the game, like every menu step."""

    def __init__(self, item: discord.ui.Select) -> None:
        super().__init__(item)
        match = self.template.match(self.custom_id)  # type: ignore[attr-defined]
        self.table_id, self.version, self.origin = int(match["table"]), int(match["version"]), match["origin"]

    @classmethod
    def make(cls, table_id: int, version: int, origin: str, targets: Sequence[str], lang: str) -> KnightTargets:
        return cls(discord.ui.Select(
            custom_id=f"gv:jn:{table_id}:{version}:{origin}", min_values=1, max_values=len(targets),
            placeholder=i18n.gettext("judtho.ui.targets", lang),
            options=[discord.SelectOption(label=square, value=square) for square in targets]))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select,
                             match: re.Match[str]) -> KnightTargets:
        return cls(item)

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        from cogs import errors

        try:
            await self.play(interaction)
        except Exception as exc:
            await errors.handle(interaction, exc)

    async def play(self, interaction: discord.Interaction) -> None:
        bot: GavelBot = interaction.client  # type: ignore[assignment]
        table = bot.service.table(interaction.channel_id or 0)
        if table is None or table.id != self.table_id or table.status != "active" or table.version != self.version:
            raise IllegalAction("stale_button")
        squares = sorted(set(self.item.values), key=square_key)
        text = f"N{self.origin}x{{{','.join(squares)}}}"
        await interaction.response.defer()
        notices = await bot.service.act(table.channel_id, player_of(interaction), text, version=self.version)
        with delivering(bot, table.channel_id):
            await interaction.edit_original_response(content=i18n.gettext("cogs.done", lang_of(interaction)), view=None)
            await bot.delivery.deliver(notices, channel=interaction.channel, interaction=interaction)  # type: ignore[arg-type]


def square_of(text: str) -> str:
    return text.strip().lower().replace(" ", "")


def piece_of(text: str) -> str | None:
    """A piece by name (`knight`), by its letter (`N`), or `pawn`/`""` for a pawn."""
    s = text.strip()
    low = s.lower()
    if low in LETTERS or low == "pawn":
        return low
    return PIECES.get(s.upper(), "pawn" if not s else None)


class JudthoCog(commands.Cog):
    """Judtho: a lobby, placing and moving by command (or by the turn menus), draws, resigning."""

    judtho = app_commands.Group(name="judtho", description=_t("Play Judtho (four-player chess) in this channel"),
                                guild_only=True)

    def __init__(self, bot: GavelBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(KnightTargets)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(KnightTargets)

    def legal(self, interaction: discord.Interaction) -> list[str]:
        table = self.bot.service.table(interaction.channel_id or 0)
        if table is None or table.game_key != GAME_KEY:
            return []
        return self.bot.service.legal_for(table.channel_id, player_of(interaction))

    # ------------------------------------------------------------------ the table
    @judtho.command(name="new", description=_t("Open a Judtho lobby in this channel (2-4 players)"))
    @app_commands.describe(variant=_t("Duo (2 players), Trio (3) or a table option (Quattro, 4 players, by default)"))
    @app_commands.choices(variant=variant_choices(GAME_KEY))
    async def new(self, interaction: discord.Interaction, variant: str | None = None) -> None:
        await open_lobby(self.bot, interaction, GAME_KEY, variant)

    @judtho.command(name="board", description=_t("Post the board"))
    async def board(self, interaction: discord.Interaction) -> None:
        await post_board(self.bot, interaction)

    @judtho.command(name="rules", description=_t("A short summary of the rules"))
    async def rules(self, interaction: discord.Interaction) -> None:
        await send_rules(interaction, GAME_KEY)

    # ------------------------------------------------------------------ placing
    @judtho.command(name="place", description=_t("Place a piece (Assembly, or a placement you are owed)"))
    @app_commands.describe(piece=_t("The piece, or rest: place the rest for me"),
                           square=_t("The empty square, e.g. c2"))
    async def place(self, interaction: discord.Interaction, piece: str, square: str | None = None) -> None:
        if piece.strip().lower() in (REST, "@rest"):
            await act(self.bot, interaction, "@rest")
            return
        found = piece_of(piece)
        letter = LETTERS.get(found, "") if found else piece.strip()
        await act(self.bot, interaction, f"@{letter}{square_of(square or '')}")

    @place.autocomplete("piece")
    async def place_piece(self, interaction: discord.Interaction, current: str) -> Choices:
        lang, typed = lang_of(interaction), current.strip().lower()
        legal = self.legal(interaction)
        out: Choices = []
        seen: set[str] = set()
        for text in legal:
            action = notation(text)
            if not isinstance(action, Place) or action.piece in seen:
                continue
            name = piece_name(action.piece, lang)
            if typed and typed not in action.piece and typed not in name.lower():
                continue
            seen.add(action.piece)
            out.append(app_commands.Choice(name=name[:100], value=action.piece))
        if "@rest" in legal and (not typed or typed in REST or typed in UI.word("@rest", lang).lower()):
            out.append(app_commands.Choice(name=UI.word("@rest", lang)[:100], value=REST))
        return out[:AUTOCOMPLETE_MAX]

    @place.autocomplete("square")
    async def place_square(self, interaction: discord.Interaction, current: str) -> Choices:
        piece = piece_of(getattr(interaction.namespace, "piece", None) or "")
        typed = square_of(current)
        out: Choices = []
        for text in self.legal(interaction):
            action = notation(text)
            if not isinstance(action, Place) or (piece and action.piece != piece) or typed not in action.square:
                continue
            out.append(app_commands.Choice(name=text, value=action.square))
        return out[:AUTOCOMPLETE_MAX]

    # ------------------------------------------------------------------ moving
    @judtho.command(name="move", description=_t("Move a piece: from a square, to a square or a capture"))
    @app_commands.describe(origin=_t("The square of the piece to move, e.g. b1"),
                           to=_t("Where it goes, or what it captures (notation, e.g. Nb1-c3, Sd4xd5xd7)"))
    @app_commands.rename(origin="from")
    async def move(self, interaction: discord.Interaction, origin: str, to: str) -> None:
        if to.strip().endswith(PICK):
            await self.pick_targets(interaction, square_of(origin))
            return
        await act(self.bot, interaction, self.move_text(interaction, square_of(origin), to.strip()))

    async def pick_targets(self, interaction: discord.Interaction, origin: str) -> None:
        """4.7: the Knight on `origin`'s distant targets, privately: "All" (a turn-menu button,
        the whole set) and a multi-select of any of them (`KnightTargets`)."""
        table = self.bot.service.table(interaction.channel_id or 0)
        legal = self.legal(interaction)
        full = [t for t in everything(legal) if notation(t).origin == origin]  # type: ignore[union-attr]
        if table is None or not full:
            raise IllegalAction("judtho_no_distant_capture", square=origin)
        lang = lang_of(interaction)
        targets = list(notation(full[0]).captures)  # type: ignore[union-attr]
        view = discord.ui.View(timeout=None)
        view.add_item(components.ActionButton(discord.ui.Button(
            label=i18n.gettext("judtho.ui.all", lang, text=full[0])[:80], style=discord.ButtonStyle.primary,
            custom_id=components.action_id(table.id, table.version, components.tokens(full[0]), legal), row=0)))
        view.add_item(KnightTargets.make(table.id, table.version, origin, targets, lang))
        text = i18n.gettext("judtho.ui.pick", lang, piece=piece_name("knight", lang), square=origin)
        await interaction.response.send_message(text, view=view, ephemeral=True)

    def move_text(self, interaction: discord.Interaction, origin: str, to: str) -> str:
        """The action `to` names: a whole legal move as offered, or the one legal move from
        `origin` ending on the square `to`; else the text as typed, for the engine to refuse.
        A square that ends several moves (a promotion's pieces, a Knight's jump and its distant
        captures) is refused with those moves named, never guessed."""
        legal = self.legal(interaction)
        if to in legal:
            return to
        square = square_of(to)
        found = [t for t in legal if isinstance(m := notation(t), Move) and m.origin == origin
                 and square in (m.to, _LETTER.sub("", t.lower()))]
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            raise IllegalAction("judtho_which_move", origin=origin, to=square, options=", ".join(found[:8])
                                + (", …" if len(found) > 8 else ""))
        return to if notation(to) else f"{origin}-{square}"

    @move.autocomplete("origin")
    async def move_origin(self, interaction: discord.Interaction, current: str) -> Choices:
        lang, typed = lang_of(interaction), square_of(current)
        out: Choices = []
        seen: set[str] = set()
        for text in self.legal(interaction):
            action = notation(text)
            if not isinstance(action, Move) or action.origin in seen or typed not in action.origin:
                continue
            seen.add(action.origin)
            out.append(app_commands.Choice(name=f"{piece_name(action.piece, lang)} {action.origin}"[:100],
                                           value=action.origin))
        return out[:AUTOCOMPLETE_MAX]

    @move.autocomplete("to")
    async def move_to(self, interaction: discord.Interaction, current: str) -> Choices:
        """The moves from `from`, a distant capture of every target first as "All: …" (4.7)."""
        origin = square_of(getattr(interaction.namespace, "from", None) or "")
        lang, typed = lang_of(interaction), current.strip().lower()
        texts = [t for t in self.legal(interaction) if isinstance(m := notation(t), Move)
                 and (not origin or m.origin == origin) and typed in t.lower()]
        full = everything(texts)
        texts.sort(key=lambda t: t not in full)
        out = [app_commands.Choice(name=(i18n.gettext("judtho.ui.all", lang, text=t) if t in full else t)[:100],
                                   value=t[:100]) for t in texts]
        for i, text in enumerate(sorted(full)):  # after each "All", the menu to choose some of them
            move = notation(text)
            pick = i18n.gettext("judtho.ui.pick_some", lang, piece=piece_name("knight", lang), square=move.origin)  # type: ignore[union-attr]
            out.insert(2 * i + 1, app_commands.Choice(name=pick[:100], value=f"N{move.origin}{PICK}"))  # type: ignore[union-attr]
        return out[:AUTOCOMPLETE_MAX]

    # ------------------------------------------------------------------ draws and resigning
    @judtho.command(name="draw", description=_t("Offer a draw on your turn, or answer an offer (J24)"))
    @app_commands.describe(answer=_t("offer, accept or decline"))
    @app_commands.choices(answer=[app_commands.Choice(name=_t(word.capitalize(), key=f"judtho.verb.{word}"),
                                                      value=word) for word in ("offer", "accept", "decline")])
    async def draw(self, interaction: discord.Interaction, answer: str = "offer") -> None:
        await act(self.bot, interaction, f"draw {answer}")

    @judtho.command(name="resign", description=_t("Resign (on your turn, J17)"))
    async def resign(self, interaction: discord.Interaction) -> None:
        await act(self.bot, interaction, "resign")

    # ------------------------------------------------------------------ the Trio's suggestion
    @judtho.command(name="suggest", description=_t("Trio: suggest one move to your partner, privately"))
    @app_commands.describe(move=_t("The move, in notation (e.g. Nb1-c3)"))
    async def suggest(self, interaction: discord.Interaction, move: str) -> None:
        await act(self.bot, interaction, f"suggest {move.strip()}")

    @suggest.autocomplete("move")
    async def suggest_move(self, interaction: discord.Interaction, current: str) -> Choices:
        """Section 4, E4: only the partner of the Partnership army to move may suggest, once a turn."""
        table = self.bot.service.table(interaction.channel_id or 0)
        if table is None or table.game_key != GAME_KEY or table.state is None or table.status != "active":
            return []
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            return []
        typed = current.strip().lower()
        moves = [s.move for s in GAME.suggestions(table.state, seat) if typed in s.move.lower()]
        return [app_commands.Choice(name=m[:100], value=m[:100]) for m in moves][:AUTOCOMPLETE_MAX]

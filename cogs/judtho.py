"""`/judtho new|place|move|board|draw|resign|rules`, and how Judtho's notation reads on buttons.

Judtho's actions are the notation of section 10, one word each (`@Qc2`, `Nb1-c3`, `e11-e12=Q`,
`Sd4xd5xd7`, `Nc3x{b5,e4}`, `pass`, `@rest`), plus `draw offer|accept|decline`, `void offer` (J24), `resign` and
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
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands
from discord.app_commands import locale_str as _t
from discord.ext import commands

from cogs import components
from cogs.errors import lang_of
from cogs.flows import (
    AUTOCOMPLETE_MAX,
    act,
    open_lobby,
    player_of,
    post_board,
    send_rules,
    variant_choices,
)
from rules.core import BadActionText, IllegalAction
from rules.judtho import commands as judtho_commands
from rules.judtho.commands import piece_letter, place_text, square_of
from rules.judtho.engine import GAME
from rules.judtho.notation import Move, Place, parse, square_key
from rules.judtho.pieces import PIECES
from rules.judtho.state import JudthoState
from tables import i18n

if TYPE_CHECKING:
    from cogs.bot import GavelBot

GAME_KEY = "judtho"
REST = "rest"
"""`/judtho place piece:rest`: the Assembly's "place the rest for me" (`@rest`)."""
WORDS = ("pass", "resign", "draw", "void", "suggest", "offer", "accept", "decline", "@rest")
"""Action words that are not notation: shown by `judtho.verb.<word>`."""

Choices = list[app_commands.Choice[str]]

CLOCK_MINUTES = {0: "No clock", 5: "5 minutes", 10: "10 minutes", 30: "30 minutes", 60: "1 hour", 1440: "1 day"}
"""`/judtho new timeout:`: minutes per move, the table's clock (J18: a timeout counts as Departure;
E6). Chess is slow: no clock by default, and at most a day (the table's limit)."""


def clock_choices() -> list[app_commands.Choice[int]]:
    return [app_commands.Choice(name=_t(name, key=f"judtho.clock_choice.{minutes}"), value=minutes)
            for minutes, name in CLOCK_MINUTES.items()]


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
DISTANT = "x{"
"""The menu token of a Knight's distant capture (J10): one choice, "Distant capture", whose
next step is "All" and one multi-select of the pieces it may remove (4.7, `JudthoUI.combined`)."""


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
    """The menu's first step names a piece (`Knight b1`, `Queen` to place; a piece with one
    move, the move: `Rook a1 → a2`), the second the action in notation (`Nb1-c3`, `@Qc2`) or
    "Distant capture", whose step is "All: …" and a multi-select of the targets (4.7,
    `combined`); `draw`, `resign`, `pass`, `@rest` and the draw answers by `judtho.verb.*`."""

    full: frozenset[str] = frozenset()
    """This table's distant captures of every target (`everything`), set by `at`."""
    kinds: dict[str, str] = dataclasses.field(default_factory=dict)
    """{square: piece} of this table's board, set by `at`: a target reads "Rook d5"."""
    proposal: str | None = None
    """The proposal standing (J24: `draw` or `void`), set by `at`: `draw accept` answers a void
    proposal too (E7), and its button then reads "Void game"."""

    def at(self, table: Any) -> JudthoUI:
        state = getattr(table, "state", None)
        if state is None or getattr(state, "phase", "") != "play":
            return self
        texts = [str(a) for seat in table.game.to_act(state) for a in table.game.legal_actions(state, seat)]
        kinds = {square: held[-1] for square, held in state.pieces.items()}
        return dataclasses.replace(self, full=frozenset(everything(texts)), kinds=kinds,
                                   proposal=state.rel().proposal)

    def label(self, tokens: Sequence[str], depth: int, lang: str) -> str:
        """A piece whose one move is played from the first step reads as that move from the
        piece: `Rook a1 → a2`, `Prince d4 × d5 × d7`, `Pawn e11 → e12=Q`, `Queen c2` (to place)."""
        if depth != 0 or len(tokens) != 2 or tokens[1] == DISTANT or split("".join(tokens)) != list(tokens):
            return super().label(tokens, depth, lang)
        piece = self.part(tokens, 0, lang)
        if tokens[0].startswith("@"):
            return f"{piece} {tokens[1]}"
        steps = re.findall(r"([-x])([^-x]+)", tokens[1])
        return " ".join([piece, *(("→ " if sign == "-" else "× ") + square for sign, square in steps)])

    def combined(self, legal: Sequence[str], prefix: Sequence[str], lang: str) -> components.Combined | None:
        """4.7, J10: the step after "Distant capture" is any non-empty set of the Knight's
        targets, chosen on one multi-select (min 1, max all) and played as `Nc3x{b5,e4}` in
        board order, beside "All" (`everything`); never up to 255 sets, one per button."""
        if len(prefix) != 2 or prefix[1] != DISTANT:
            return None
        full = everything(a for a in legal if a.startswith(prefix[0] + DISTANT))
        if len(full) != 1:
            return None
        knight = prefix[0]
        targets = notation(full.pop()).captures  # type: ignore[union-attr]

        def join(squares: Sequence[str]) -> str:
            return f"{knight}x{{{','.join(sorted(set(squares), key=square_key))}}}"

        return components.Combined(
            options=tuple((sq, self.square_label(sq, lang)) for sq in targets), join=join,
            placeholder=i18n.gettext("judtho.ui.targets", lang))

    def square_label(self, square: str, lang: str) -> str:
        """A target by its piece and square (`Rook d5`), or its square where the board is unknown."""
        kind = self.kinds.get(square)
        return i18n.gettext("judtho.ui.action", lang, piece=piece_name(kind, lang), text=square) if kind else square

    def word(self, token: str, lang: str) -> str:
        if token == "draw" and self.proposal == "void":  # E7: the answers to a void proposal
            token = "void"
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


class JudthoCog(commands.Cog):
    """Judtho: a lobby, placing and moving by command (or by the turn menus), draws, resigning."""

    judtho = app_commands.Group(name="judtho", description=_t("Play Judtho (four-player chess) in this channel"),
                                guild_only=True)

    def __init__(self, bot: GavelBot) -> None:
        self.bot = bot

    def legal(self, interaction: discord.Interaction) -> list[str]:
        table = self.bot.service.table(interaction.channel_id or 0)
        if table is None or table.game_key != GAME_KEY:
            return []
        return self.bot.service.legal_for(table.channel_id, player_of(interaction))

    # ------------------------------------------------------------------ the table
    @judtho.command(name="new", description=_t("Open a Judtho lobby in this channel (2-4 players)"))
    @app_commands.describe(variant=_t("Duo (2 players), Trio (3) or a table option (Quattro, 4 players, by default)"),
                           timeout=_t("Minutes per move; whoever runs out of time departs. Default: no clock"))
    @app_commands.choices(variant=variant_choices(GAME_KEY), timeout=clock_choices())  # type: ignore[misc]  # str and int choices
    async def new(self, interaction: discord.Interaction, variant: str | None = None, timeout: int = 0) -> None:
        await open_lobby(self.bot, interaction, GAME_KEY, variant, timeout=timeout * 60)

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
        await act(self.bot, interaction, place_text(piece, square, i18n.speech(lang_of(interaction))))

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
        letter = piece_letter(getattr(interaction.namespace, "piece", None) or "", i18n.speech(lang_of(interaction)))
        piece = None if letter is None else PIECES.get(letter, "pawn")
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
        """4.7: the Knight on `origin`'s distant targets, privately: the turn menu's own
        "Distant capture" step ("All" and a multi-select of any of them, `JudthoUI.combined`)."""
        table = self.bot.service.table(interaction.channel_id or 0)
        legal = self.legal(interaction)
        full = [t for t in everything(legal) if notation(t).origin == origin]  # type: ignore[union-attr]
        if table is None or not full:
            raise IllegalAction("judtho_no_distant_capture", square=origin)
        lang = lang_of(interaction)
        view = components.prompt_view(table.id, table.version, legal, UI.at(table), lang, {},
                                      prefix=(f"N{origin}", DISTANT), info=False)
        text = i18n.gettext("judtho.ui.pick", lang, piece=piece_name("knight", lang), square=origin)
        await interaction.response.send_message(text, view=view, ephemeral=True)

    def move_text(self, interaction: discord.Interaction, origin: str, to: str) -> str:
        """The action `to` names from `origin` (`rules.judtho.commands.move_text`, shared with the
        console): a whole legal move as offered or typed without its piece letter (`d12xf12`), or
        the one legal move ending on the square `to`. A square that ends several moves (a
        promotion's pieces, a sweep and a plain capture) is refused with those moves named and
        where to choose them (`judtho_which_move`), never guessed."""
        return judtho_commands.move_text(self.legal(interaction), origin, to, refusal="judtho_which_move")

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
    @judtho.command(name="draw", description=_t("Offer a draw or a void game on your turn, or answer an offer"))
    @app_commands.describe(answer=_t("offer (a draw), void (propose a void game), accept or decline"))
    @app_commands.choices(answer=[app_commands.Choice(name=_t(word.capitalize(), key=f"judtho.verb.{word}"),
                                                      value=word) for word in ("offer", "void", "accept", "decline")])
    async def draw(self, interaction: discord.Interaction, answer: str = "offer") -> None:
        """J24, E7: `void` proposes a void game (`void offer`); accept and decline answer either proposal."""
        await act(self.bot, interaction, "void offer" if answer == "void" else f"draw {answer}")

    @judtho.command(name="resign", description=_t("Resign (on your turn)"))
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
        moves = [s.move for s in GAME.suggestions(cast(JudthoState, table.state), seat) if typed in s.move.lower()]
        return [app_commands.Choice(name=m[:100], value=m[:100]) for m in moves][:AUTOCOMPLETE_MAX]

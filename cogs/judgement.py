"""`/judgement`: The City of Judgement (審判之城) in a channel, and how its tokens read on buttons.

Every decision of this game is private (P4, its secrets): the channel hears the
public events, names who must act (a mention) and carries one "My options" button whose custom
id names no action; each clicker's own choices open ephemerally (`cogs/delivery.py`,
`cogs/clicks.py`). Secrets (identity, character, the Order card given or held) reach a seat by DM
when they change; `/judgement role` is the ephemeral fallback ("My role", as `/table me`).

Commands (each option autocompleted from the user's own legal actions, names in their language):
`new [variant] [timeout]`, `pick`, `roll`, `go`, `draw`, `give`, `obey [answer]` (obey, pay an
equipment card, or 隱女's pose), `target`, `hurt`, `heal`, `take`, `show`, `keep`, `attack`,
`reveal`, `skill [target]`, `rescue`, `counter`, `decline`, `pass`, `end`, `options` (my options
privately), `board`, `role`, `rules`. The rarer answers (`again`, `hit` and the `declare_button`
variant's `declare`) are buttons of the private menu only: Discord allows 25 commands a group.

Names: a colour token is its player at this table ("Blue · bob"); characters, skills, cards,
locations, identities and packs by the words the content files give (`judgement.char.<id>` ...,
through `Game.catalogue`); verbs by `judgement.verb.<verb>` (cogs_judgement.po).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands
from discord.app_commands import locale_str as _t
from discord.ext import commands

from cogs import components
from cogs.delivery import board_file, clip
from cogs.errors import lang_of
from cogs.flows import (
    AUTOCOMPLETE_MAX,
    act,
    delivering,
    open_lobby,
    open_table,
    player_of,
    post_board,
    send_rules,
    token_choices,
    variant_choices,
)
from rules.core import Event, IllegalAction, Msg
from rules.judgement.commands import ANSWERS, clean, command_text, obey_text, pick_text
from rules.judgement.engine import GAME
from rules.judgement.present import SECRET_VERBS
from rules.judgement.state import COLOURS
from tables import i18n
from tables.notices import Notice, Private, Public

if TYPE_CHECKING:
    from cogs.bot import GavelBot

GAME_KEY = "judgement"
TIMEOUT_MAX = 3600
BUTTON_ONLY = frozenset({"again", "hit", "declare", "pay", "pose"})
"""Verbs reached by the private menu's buttons (pay and pose also as `/judgement obey answer:`)."""
TURN_LINES = frozenset({"table.your_turn", "table.may_act"})
ME_ACTIONS = frozenset({"table.me_to_act", "table.me_anytime"})
"""The lines of `/table me` that list what the seat may do (as action text, named in words here)."""

Choices = list[app_commands.Choice[str]]


@dataclass
class JudgementUI(components.GameUI):
    """The City of Judgement's tokens: a colour with its player's name, content ids by name, a
    whole action by the game's own label ("Attack Blue · bob", "Take Amulet from Red · alice"),
    and above a window's mention what it is for, from the public view only."""

    players: dict[str, str] = field(default_factory=dict)
    """Colour -> the name of the player at this table (seat i plays `COLOURS[i]`)."""

    def at(self, table: Any) -> JudgementUI:
        return replace(self, players=dict(zip(COLOURS, table.names, strict=False)))

    def token(self, token: str, lang: str) -> str:
        if token in COLOURS:
            colour = i18n.gettext(f"judgement.board.colour.{token}", lang)
            player = self.players.get(token)
            return i18n.gettext("cogs.judgement.seat", lang, colour=colour, player=player) if player else colour
        return super().token(token, lang)

    def seat(self, seat: int, lang: str) -> str:
        return self.token(COLOURS[seat], lang) if 0 <= seat < len(COLOURS) else f"#{seat + 1}"

    def label(self, tokens: Sequence[str], depth: int, lang: str) -> str:
        """A whole action offered at the menu's first step reads as the game labels it; a secret
        action (`pick`, `pose`) by its parts, since its label names nothing on purpose (and this
        menu is its player's alone); an equipment card to take as the card and whose it is."""
        if tokens[0] == "take" and len(tokens) == 3 and depth >= 1:  # a card, from whom
            card = self.token(tokens[2], lang)
            return card if depth == 2 else i18n.gettext("cogs.judgement.take_from", lang, card=card,
                                                        player=self.token(tokens[1], lang))
        if depth == 0 and len(tokens) > 1 and tokens[0] not in SECRET_VERBS:
            text = whole_label(" ".join(tokens), lang, self)
            if text is not None:
                return text
        return super().label(tokens, depth, lang)

    def moment(self, table: Any, lang: str) -> str:
        """What the seats asked now are asked, from the PUBLIC view's frame (its kind and public
        data: who gives, who answers, who is dying, a Holy or Dark card in play ...): never an Order
        card, a pick's options or a pose, which the public view does not hold."""
        if table is None or table.state is None:
            return ""
        public = table.game.view(table.state, None)
        frame = public.get("frame")
        if not frame:  # the set-up's questions: the pick (c5) and the start roll say what they are
            key = f"cogs.judgement.moment.phase.{public.get('phase')}"
            return i18n.gettext(key, lang) if i18n.has(key, lang) else ""
        key = f"cogs.judgement.moment.{frame['kind']}"
        if not i18n.has(key, lang):
            return ""
        params = {k: v for k, v in frame.items() if k not in ("kind", "asked", "passed")}
        msg = table.game.describe(Event(frame["kind"], params))
        ui = self.at(table)
        text = i18n.render(Msg(key, msg.params), lang, lambda seat: ui.seat(seat, lang))
        passed = [ui.seat(s, lang) for s in frame.get("passed", [])]
        if passed and len(frame.get("asked", [])) + len(passed) > 1:
            said = i18n.gettext("cogs.judgement.passed", lang, players=i18n.list_sep(lang).join(passed))
            text = i18n.sentences([text, said], lang)
        return text

    def own(self, table: Any, seat: int | None, lang: str) -> str:
        """The Order card this seat must answer or give now, by name and text, from its OWN view
        (`me.order`, c30: only its giver and recipient see its text): for its private menu only."""
        if table is None or table.state is None or seat is None:
            return ""
        view = table.game.view(table.state, seat)
        card, frame = (view.get("me") or {}).get("order"), view.get("frame") or {}
        if not card or frame.get("kind") not in ("give", "obey") or seat not in frame.get("asked", []):
            return ""
        return i18n.gettext("cogs.judgement.own.order", lang, card=i18n.gettext(f"judgement.card.{card}", lang),
                            text=i18n.gettext(f"judgement.card_text.{card}", lang))


def whole_label(text: str, lang: str, ui: JudgementUI) -> str | None:
    """The game's label of a whole action (`judgement.action.<verb>`), seats as `ui` names them;
    None for a prefix or an action without words."""
    try:
        msg = GAME.label(GAME.parse_action(text))
    except IllegalAction:
        return None
    if not i18n.has(msg.key, lang):
        return None
    return i18n.render(msg, lang, lambda seat: ui.seat(seat, lang))


def action_name(ui: JudgementUI, text: str, lang: str) -> str:
    """One legal action in words, as the first step of a menu names it ("Attack Blue · bob")."""
    tokens = text.split()
    return components.capitalised(ui.label(tokens, 0, lang) if len(tokens) > 1 else ui.verb(tokens[0], lang))


UI = components.register_ui(JudgementUI(key=GAME_KEY, token_keys=(
    "judgement.char.{token}", "judgement.skill.{token}", "judgement.card.{token}", "judgement.loc.{token}",
    "judgement.identity.{token}", "judgement.pack.{token}")))


def merged(first: list[Notice], then: list[Notice]) -> list[Notice]:
    """Two changes made by one command (`/judgement skill name target`: the skill, then its
    target) as one delivery: the first call's public lines go on top of the second call's public
    notice (the first's prompt, turn line and board image are dropped: they are stale by now),
    and every private notice of both calls is kept."""
    lines = [m for n in first if isinstance(n, Public) for m in n.lines if m.key not in TURN_LINES]
    privates = [n for n in first if isinstance(n, Private)]
    at = next((i for i, n in enumerate(then) if isinstance(n, Public)), None)
    if at is None:
        return [*privates, *then]
    head = cast(Public, then[at])
    public = replace(head, lines=[*lines, *head.lines])
    return [public, *privates, *then[:at], *then[at + 1:]]


class JudgementCog(commands.Cog):
    """The City of Judgement: a lobby, every decision by command or private buttons, the role privately."""

    judgement = app_commands.Group(name="judgement", description=_t("Play The City of Judgement in this channel"),
                                   guild_only=True)

    def __init__(self, bot: GavelBot) -> None:
        self.bot = bot

    def choices(self, interaction: discord.Interaction, verb: str, index: int, current: str,
                chosen: dict[int, str | None] | None = None) -> Choices:
        return token_choices(self.bot, interaction, verb, index, current, chosen)

    def whole_choices(self, interaction: discord.Interaction, verbs: Sequence[str], current: str) -> Choices:
        """The user's legal actions of these verbs, each named whole (its label, or its parts for
        a secret action), the action text as the value."""
        table = self.bot.service.table(interaction.channel_id or 0)
        if table is None or table.game_key != GAME_KEY:
            return []
        ui, lang, typed = UI.at(table), lang_of(interaction), current.strip().lower()
        out: Choices = []
        for text in self.bot.service.legal_for(table.channel_id, player_of(interaction)):
            tokens = text.split()
            if tokens[0] not in verbs:
                continue
            name = action_name(ui, text, lang)
            if typed and typed not in text and typed not in name.lower():
                continue
            out.append(app_commands.Choice(name=name[:100], value=text[:100]))
        return out[:AUTOCOMPLETE_MAX]

    async def do(self, interaction: discord.Interaction, verb: str, *tokens: str | None) -> None:
        """Play `verb` with these options; a blank one (Unicode spaces included) is refused with what
        the user may name (`command_text`), before anything reaches the game."""
        legal: list[str] = []
        if tokens:
            table = open_table(self.bot, interaction)
            legal = self.bot.service.legal_for(table.channel_id, player_of(interaction))
        await act(self.bot, interaction, command_text(verb, tokens, legal))

    # ------------------------------------------------------------------ the table
    @judgement.command(name="new", description=_t("Open a City of Judgement lobby in this channel (4-9 players)"))
    @app_commands.describe(variant=_t("A table option that changes the rules (none by default)"),
                           timeout=_t("Seconds a question waits for a player (default 60, 0 = no clock)"))
    @app_commands.choices(variant=variant_choices(GAME_KEY))
    async def new(self, interaction: discord.Interaction, variant: str | None = None,
                  timeout: app_commands.Range[int, 0, TIMEOUT_MAX] | None = None) -> None:
        await open_lobby(self.bot, interaction, GAME_KEY, variant, timeout=timeout)

    @judgement.command(name="board", description=_t("The board, privately (as you see it) when you play here"))
    async def board(self, interaction: discord.Interaction) -> None:
        await post_board(self.bot, interaction)

    @judgement.command(name="role", description=_t("My role, privately: identity, character, goal, Order card"))
    async def role(self, interaction: discord.Interaction) -> None:
        """The ephemeral "My role" (the fallback when DMs are closed): what `/table me` says (the
        seat, its secrets, its recent private news, what it may do), with the role card image."""
        table = open_table(self.bot, interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        player = player_of(interaction)
        me = await self.bot.service.me(table.channel_id, player)
        image = None
        if table.status == "active":
            image = (await self.bot.service.hand(table.channel_id, player)).image
        lang = lang_of(interaction)
        legal = self.bot.service.legal_for(table.channel_id, player)
        named = i18n.list_sep(lang).join(action_name(UI.at(table), a, lang) for a in legal[:25])
        lines = [replace(m, params={**m.params, "actions": named}) if m.key in ME_ACTIONS else m
                 for m in me.lines]
        text = clip("\n".join(replace(me, lines=lines).text(lang)))
        file = board_file(image, "role.png") if image else None
        await interaction.followup.send(text or "\u200b", ephemeral=True, **({"file": file} if file else {}))  # type: ignore[call-overload]

    @judgement.command(name="rules", description=_t("A short summary of the rules"))
    async def rules(self, interaction: discord.Interaction) -> None:
        await send_rules(interaction, GAME_KEY)

    @judgement.command(name="options", description=_t("My options now, privately (the same as the button)"))
    async def options(self, interaction: discord.Interaction) -> None:
        """The private menu of the user's legal actions, as "My options" opens it."""
        table = open_table(self.bot, interaction)
        legal = self.bot.service.legal_for(table.channel_id, player_of(interaction))
        if not legal:
            raise IllegalAction("not_your_turn")
        lang = lang_of(interaction)
        ui = UI.at(table)
        squares = ui.square_labels(table, legal)
        view = components.prompt_view(table.id, table.version, legal, ui, lang, squares, info=False)
        own = ui.own(table, table.seat_of(interaction.user.id), lang)
        text = "\n".join(filter(None, [ui.moment(table, lang), own, i18n.gettext("cogs.prompt.choose", lang)]))
        if not any(a in squares for a in legal):
            await interaction.response.send_message(text, view=view, ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        shown = await self.bot.service.board(table.channel_id, for_user=player_of(interaction))
        file = board_file(getattr(shown, "image", None))
        await interaction.followup.send(text, view=view, ephemeral=True, **({"file": file} if file else {}))  # type: ignore[call-overload]

    # ------------------------------------------------------------------ set-up and the move
    @judgement.command(name="pick", description=_t("Pick your character, in secret, from those dealt to you"))
    @app_commands.describe(character=_t("One of the characters dealt to you"))
    async def pick(self, interaction: discord.Interaction, character: str | None = None) -> None:
        """Without a character: asked which, the characters dealt to the user named (privately)."""
        table = open_table(self.bot, interaction)
        legal = self.bot.service.legal_for(table.channel_id, player_of(interaction))
        await act(self.bot, interaction, pick_text(character, legal))

    @pick.autocomplete("character")
    async def pick_character(self, interaction: discord.Interaction, current: str) -> Choices:
        return self.choices(interaction, "pick", 1, current)

    @judgement.command(name="roll", description=_t("Throw d4+d6: your start roll, or your move"))
    async def roll(self, interaction: discord.Interaction) -> None:
        await self.do(interaction, "roll")

    @judgement.command(name="go", description=_t("Go to a location (after a 7, the Astrolabe's two throws, or Flit)"))
    @app_commands.describe(location=_t("Where to go"))
    async def go(self, interaction: discord.Interaction, location: str) -> None:
        await self.do(interaction, "go", location)

    @go.autocomplete("location")
    async def go_location(self, interaction: discord.Interaction, current: str) -> Choices:
        return self.choices(interaction, "go", 1, current)

    # ------------------------------------------------------------------ locations and cards
    @judgement.command(name="draw", description=_t("Market Square: draw one card from the pack you choose"))
    @app_commands.describe(pack=_t("Holy, Dark or Order"))
    async def draw(self, interaction: discord.Interaction, pack: str) -> None:
        await self.do(interaction, "draw", pack)

    @draw.autocomplete("pack")
    async def draw_pack(self, interaction: discord.Interaction, current: str) -> Choices:
        return self.choices(interaction, "draw", 1, current)

    @judgement.command(name="give", description=_t("Give the card you drew (an Order card) to another player"))
    @app_commands.describe(target=_t("The player who receives it"))
    async def give(self, interaction: discord.Interaction, target: str) -> None:
        await self.do(interaction, "give", target)

    @give.autocomplete("target")
    async def give_target(self, interaction: discord.Interaction, current: str) -> Choices:
        return self.choices(interaction, "give", 1, current)

    @judgement.command(name="obey", description=_t("Answer the Order card you were given (only you see how)"))
    @app_commands.describe(answer=_t("Obey (the default), or give up an equipment card instead"))
    async def obey(self, interaction: discord.Interaction, answer: str | None = None) -> None:
        """A blank answer (a full-width space too) is no answer: the plain `obey`."""
        table = open_table(self.bot, interaction)
        legal = self.bot.service.legal_for(table.channel_id, player_of(interaction))
        await act(self.bot, interaction, obey_text(answer, legal))

    @obey.autocomplete("answer")
    async def obey_answer(self, interaction: discord.Interaction, current: str) -> Choices:
        return self.whole_choices(interaction, ANSWERS, current)

    @judgement.command(name="target", description=_t("Choose the player a card or a skill is aimed at"))
    @app_commands.describe(target=_t("The player"))
    async def target(self, interaction: discord.Interaction, target: str) -> None:
        await self.do(interaction, "target", target)

    @target.autocomplete("target")
    async def target_target(self, interaction: discord.Interaction, current: str) -> Choices:
        return self.choices(interaction, "target", 1, current)

    @judgement.command(name="hurt", description=_t("Alchemist's Tower: deal its damage to a player"))
    @app_commands.describe(target=_t("The player (yourself included)"))
    async def hurt(self, interaction: discord.Interaction, target: str) -> None:
        await self.do(interaction, "hurt", target)

    @hurt.autocomplete("target")
    async def hurt_target(self, interaction: discord.Interaction, current: str) -> Choices:
        return self.choices(interaction, "hurt", 1, current)

    @judgement.command(name="heal", description=_t("Alchemist's Tower: heal a player"))
    @app_commands.describe(target=_t("The player (yourself included)"))
    async def heal(self, interaction: discord.Interaction, target: str) -> None:
        await self.do(interaction, "heal", target)

    @heal.autocomplete("target")
    async def heal_target(self, interaction: discord.Interaction, current: str) -> Choices:
        return self.choices(interaction, "heal", 1, current)

    @judgement.command(name="take", description=_t("Take an equipment card from a player (Black Market, a reward ...)"))
    @app_commands.describe(target=_t("The player who has it"), card=_t("The equipment card"))
    async def take(self, interaction: discord.Interaction, target: str, card: str) -> None:
        await self.do(interaction, "take", target, card)

    @take.autocomplete("target")
    async def take_target(self, interaction: discord.Interaction, current: str) -> Choices:
        return self.choices(interaction, "take", 1, current, {2: getattr(interaction.namespace, "card", None)})

    @take.autocomplete("card")
    async def take_card(self, interaction: discord.Interaction, current: str) -> Choices:
        return self.choices(interaction, "take", 2, current, {1: getattr(interaction.namespace, "target", None)})

    @judgement.command(name="show", description=_t("Show your identity card (or character) when a card asks"))
    async def show_(self, interaction: discord.Interaction) -> None:
        await self.do(interaction, "show")

    @judgement.command(name="keep", description=_t("Keep it hidden when a card asks you to show it"))
    async def keep(self, interaction: discord.Interaction) -> None:
        await self.do(interaction, "keep")

    @judgement.command(name="decline", description=_t("Veiled Lady's Vanish: skip this location's effect"))
    async def decline(self, interaction: discord.Interaction) -> None:
        await self.do(interaction, "decline")

    # ------------------------------------------------------------------ characters and attacks
    @judgement.command(name="attack", description=_t("Attack a player in range (d6 - d4)"))
    @app_commands.describe(target=_t("The player in range"))
    async def attack(self, interaction: discord.Interaction, target: str) -> None:
        await self.do(interaction, "attack", target)

    @attack.autocomplete("target")
    async def attack_target(self, interaction: discord.Interaction, current: str) -> Choices:
        return self.choices(interaction, "attack", 1, current)

    @judgement.command(name="reveal", description=_t("Turn your character card face up"))
    async def reveal(self, interaction: discord.Interaction) -> None:
        await self.do(interaction, "reveal")

    @judgement.command(name="skill", description=_t("Use a skill of your character (then choose its target)"))
    @app_commands.describe(name=_t("The skill"), target=_t("The player it is aimed at, when it asks for one"))
    async def skill(self, interaction: discord.Interaction, name: str, target: str | None = None) -> None:
        """`skill <id>`, then, when a target is named and the skill now asks for one, `target
        <colour>`: both changes told in one message. A target the skill does not take is left
        to the private menu (the skill stands)."""
        if not clean(target):  # a blank target is no target
            await self.do(interaction, "skill", name)
            return
        table = open_table(self.bot, interaction)
        player, service = player_of(interaction), self.bot.service
        used = command_text("skill", [name], service.legal_for(table.channel_id, player))
        await interaction.response.defer(ephemeral=True, thinking=True)
        notices = await service.act(table.channel_id, player, used)
        aimed = f"target {clean(target)}"
        done = "cogs.done"
        if aimed in service.legal_for(table.channel_id, player):
            first = notices
            notices = merged(first, await service.act(table.channel_id, player, aimed))
            # what the first call said travels inside the second's message: its own notices are done
            await service.delivered(n.outbox for n in first if n.outbox is not None and n not in notices)
        else:
            done = "cogs.judgement.target_later"
        with delivering(self.bot, table.channel_id):
            await interaction.edit_original_response(content=i18n.gettext(done, lang_of(interaction)))
            await self.bot.delivery.deliver(notices, channel=interaction.channel, interaction=interaction)  # type: ignore[arg-type]

    @skill.autocomplete("name")
    async def skill_name(self, interaction: discord.Interaction, current: str) -> Choices:
        return self.choices(interaction, "skill", 1, current)

    @skill.autocomplete("target")
    async def skill_target(self, interaction: discord.Interaction, current: str) -> Choices:
        """The target is chosen after the skill: every living player, by name (the engine judges)."""
        table = self.bot.service.table(interaction.channel_id or 0)
        if table is None or table.game_key != GAME_KEY or table.state is None or table.status != "active":
            return []
        legal = self.choices(interaction, "target", 1, current)
        if legal:
            return legal
        ui, lang, typed = UI.at(table), lang_of(interaction), current.strip().lower()
        view = table.game.view(table.state, None)
        out: Choices = []
        for player in view["players"]:
            if not player["alive"]:
                continue
            name = ui.token(player["colour"], lang)
            if typed and typed not in player["colour"] and typed not in name.lower():
                continue
            out.append(app_commands.Choice(name=components.capitalised(name)[:100], value=player["colour"]))
        return out[:AUTOCOMPLETE_MAX]

    @judgement.command(name="rescue", description=_t("Flower Girl's Gift of Flowers: save the dying character"))
    async def rescue(self, interaction: discord.Interaction) -> None:
        await self.do(interaction, "rescue")

    @judgement.command(name="counter", description=_t("Mercenary's Counterstrike: attack back"))
    async def counter(self, interaction: discord.Interaction) -> None:
        await self.do(interaction, "counter")

    @judgement.command(name="pass", description=_t("Do nothing in this window"))
    async def pass_(self, interaction: discord.Interaction) -> None:
        await self.do(interaction, "pass")

    @judgement.command(name="end", description=_t("End your attack step (or your turn)"))
    async def end(self, interaction: discord.Interaction) -> None:
        await self.do(interaction, "end")


__all__ = ["BUTTON_ONLY", "GAME_KEY", "UI", "JudgementCog", "JudgementUI", "merged"]

"""Menus built token by token from action texts, and custom ids that fit in 100 characters."""

from __future__ import annotations

import discord
import pytest

from cogs import components
from gavel.tables import i18n
from gavel.tables.notices import Prompt, Public
from rules.core import Msg, SeatName
from rules.plugin import Speech, Words
from tests.cogs.conftest import _dynamic_only, buttons
from tests.cogs.test_flow import started

MOVES = ["move pike 5,9", "move pike 6,8", "move godfrey 3,4"]


def test_menu_starts_at_the_verb_and_skips_levels_everyone_shares():
    prefix, choices = components.expand(["roll", "lay 3,3"], ())
    assert prefix == () and [c.prefix for c in choices] == [("roll",), ("lay", "3,3")]
    prefix, choices = components.expand(MOVES, ())
    assert prefix == ("move",)
    assert [(c.prefix, c.action) for c in choices] == [
        (("move", "pike"), None),  # two squares: a step
        (("move", "godfrey", "3,4"), "move godfrey 3,4"),  # one square: the action itself
    ]


def test_a_single_action_is_offered_not_played():
    assert components.expand(["roll"], ()) == ((), [components.Choice(("roll",), "roll")])


def test_a_prefix_too_long_for_a_custom_id_travels_as_an_index():
    long = ["say " + "x" * 120, "say " + "y" * 120]
    custom_id = components.action_id(12, 34, components.tokens(long[1]), long)
    assert len(custom_id) <= components.CUSTOM_ID_MAX
    assert custom_id == "gv:a:12:34:#1.2"
    assert components.decode_prefix("#1.2", long) == components.tokens(long[1])
    assert components.decode_prefix("#9.2", long) is None
    assert components.decode_prefix("move pike", MOVES) == ["move", "pike"]


def test_square_buttons_carry_the_labels_drawn_on_the_board():
    words = Words(key="x")
    items = components.menu_items(table_id=1, version=2, legal=MOVES, prefix=("move", "pike"), words=words, lang="en",
                                  squares={"move pike 5,9": "A", "move pike 6,8": "B"})
    assert [i.item.label for i in items] == ["A · 5,9", "B · 6,8"]
    assert [i.item.custom_id for i in items] == ["gv:a:1:2:move pike 5,9", "gv:a:1:2:move pike 6,8"]


@pytest.mark.parametrize(("count", "kind", "widgets"), [(20, "button", 20), (21, "select", 1), (60, "select", 3)])
def test_more_than_twenty_choices_become_selects_of_twenty_five(count, kind, widgets):
    legal = [f"go {n},1" for n in range(count)]
    items = components.menu_items(table_id=1, version=0, legal=legal, prefix=(), words=Words(), lang="en",
                                  squares={})
    assert len(items) == widgets
    assert all(isinstance(i, components.ActionButton if kind == "button" else components.ActionSelect) for i in items)
    if kind == "select":
        assert len(items[0].item.options) == min(count, 25)
        assert len({i.item.custom_id for i in items}) == len(items)


async def test_a_select_menu_plays_the_chosen_action(world, service, monkeypatch):
    w = world
    monkeypatch.setattr(components, "BUTTONS_MAX", 1)  # force selects for every multi-choice step
    table, prompt = await started(w, service)
    await w.alice.click(prompt, label="Roll")
    menu = w.channel.last_message
    select = next(b for b in buttons(menu) if b["type"] == 3)
    step = await w.alice.select(menu, ["ann"], custom_id=select["custom_id"])
    squares = next(b for b in buttons(step.response) if b["type"] == 3)
    value = step.response.message.components[0].children[0].options[0].value
    await w.alice.select(step.response, [value], custom_id=squares["custom_id"])
    assert table.version == 2


async def test_a_private_prompt_shows_its_actions_only_to_the_player(world, service):
    w = world
    table, _ = await started(w, service)
    bot = w.env.bot
    prompt = Prompt(table.id, table.version, 0, w.alice.id, ["roll"], private=True)
    await bot.delivery.deliver([Public(table.id, [Msg("cogs.done")], prompt=prompt)],
                               channel=bot.get_channel(w.channel.id))
    await w.env.settle()
    message = w.channel.last_message
    assert "roll" not in message.content.lower()
    assert [b["label"] for b in buttons(message)] == [i18n.gettext("cogs.button.play"), "My info"]
    refused = await w.bob.click(message, label=i18n.gettext("cogs.button.play"))
    assert refused.response.content == i18n.gettext("error.not_your_prompt")
    menu = await w.alice.click(message, label=i18n.gettext("cogs.button.play"))
    assert menu.ephemeral and [b["label"] for b in buttons(menu.response)] == ["Roll"]
    await w.alice.click(menu.response, label="Roll")
    assert table.version == 1


async def test_a_lone_asked_seat_reads_what_it_alone_knows_atop_its_menu(world, service, monkeypatch):
    """What one seat alone knows of its question (`Prompt.own`: a card only it has read) never
    rides on the channel's message, even when that seat is the only one asked: its private menu
    ("My options") shows it, from its own prompt (`TableService.prompt`)."""
    from dataclasses import replace

    from tests.cogs import toy

    secret = "ORDER-CARD-TEXT"
    monkeypatch.setattr(toy.Toy, "info", replace(toy.Toy.info, hidden_information=True))
    monkeypatch.setattr(toy.Toy, "own_question",
                        lambda self, state, seat: Msg("table.may_act", {"players": secret}) if seat == 0 else None)
    w = world
    table, message = await started(w, service)
    assert table.humans_to_act() == [0] and secret not in message.content
    menu = await w.alice.click(message, label=i18n.gettext("cogs.button.play"))
    assert menu.ephemeral and i18n.gettext("table.may_act", players=secret) in menu.response.content
    assert [b["label"] for b in buttons(menu.response)] == ["Roll"]
    assert secret not in w.channel.last_message.content


def test_long_text_is_split_at_line_ends_not_cut():
    from cogs.delivery import CONTENT_MAX, pages

    lines = [f"AI {n % 3} moves a man from somewhere to somewhere else." for n in range(120)] + ["Winner: bob"]
    out = pages("\n".join(lines))
    assert len(out) > 1 and all(len(p) <= CONTENT_MAX for p in out)
    assert "\n".join(out) == "\n".join(lines)
    assert pages("short") == ["short"]


def test_a_label_starts_with_a_capital_and_nothing_else_changes():
    assert components.capitalised("the Vicar") == "The Vicar"
    assert components.capitalised("the Verger (verger)") == "The Verger (verger)"
    assert components.capitalised("Captain Mainwaring") == "Captain Mainwaring"
    assert components.capitalised("牧師") == "牧師" and components.capitalised("") == ""
    assert components.capitalised("5,9") == "5,9" and components.capitalised("ß") == "ß"


class _MenUI(Words):
    """Men named as the catalogues name them mid-sentence."""

    def token(self, token: str, say: Speech) -> str:
        return {"vicar": "the Vicar", "verger": "the Verger"}.get(token, token)


def _men_ui() -> Words:
    return _MenUI(key="x")


def test_button_labels_that_begin_with_a_lower_case_article_are_capitalised():
    legal = ["hodge vicar", "hodge verger", "hodge pike"]
    items = components.menu_items(table_id=1, version=2, legal=legal, prefix=(), words=_men_ui(), lang="en", squares={})
    assert [i.item.label for i in items] == ["The Vicar", "The Verger", "Pike"]


def test_select_option_labels_are_capitalised_too():
    legal = [f"hodge {m}" for m in ["vicar", "verger"] + [f"m{n}" for n in range(25)]]
    items = components.menu_items(table_id=1, version=2, legal=legal, prefix=(), words=_men_ui(), lang="en", squares={})
    labels = [o.label for i in items for o in i.item.options]
    assert labels[:3] == ["The Vicar", "The Verger", "M0"]
    assert [o.value for i in items for o in i.item.options][:2] == ["vicar", "verger"]  # values stay tokens


def _offered_on_every_page(legal: list[str], **kwargs) -> list[str]:
    """Every select option value reachable from the first menu by its "more" button."""
    offered: list[str] = []
    page, seen = 0, set()
    while page not in seen:
        seen.add(page)
        items = components.menu_items(table_id=1, version=2, legal=legal, prefix=(), words=Words(),
                                      lang="en", squares={}, page=page, **kwargs)
        offered += [o.value for i in items if isinstance(i, components.ActionSelect) for o in i.item.options]
        turns = [i for i in items if isinstance(i, components.PageButton)]
        if not turns:
            break
        page = turns[0].page
    return offered


def test_more_choices_than_four_selects_hold_are_all_offered_page_by_page():
    """An air raid offers up to 129 squares for a bomb; four selects of 25 showed the first
    100 and the rest could not be chosen at all."""
    legal = [f"bomb {c},{r}" for c in range(1, 13) for r in range(1, 12)]  # 132 squares
    offered = _offered_on_every_page(legal)
    assert sorted(offered) == sorted(a.split()[1] for a in legal)
    first = components.menu_items(table_id=1, version=2, legal=legal, prefix=(), words=Words(), lang="en",
                                  squares={})
    assert len(first) <= 4 and len({i.item.row for i in first}) == len(first)  # row 5 stays for "My info"
    more = first[-1]
    assert isinstance(more, components.PageButton) and more.page == 1 and more.version == 2
    assert more.item.label == i18n.gettext("cogs.button.more", page=2, pages=2)
    assert len(more.item.custom_id) <= components.CUSTOM_ID_MAX


def test_a_hundred_choices_still_fit_on_one_page():
    legal = [f"bomb {n},1" for n in range(100)]
    assert sorted(_offered_on_every_page(legal)) == sorted(a.split()[1] for a in legal)
    items = components.menu_items(table_id=1, version=2, legal=legal, prefix=(), words=Words(), lang="en",
                                  squares={})
    assert not any(isinstance(i, components.PageButton) for i in items)


async def test_the_more_button_turns_the_menu_for_the_player_only(world, service, monkeypatch):
    w = world
    for name, value in (("BUTTONS_MAX", 1), ("SELECT_OPTIONS_MAX", 1), ("SELECTS_MAX", 1)):
        monkeypatch.setattr(components, name, value)  # one option a page: two men make two pages
    table, prompt = await started(w, service)
    await w.alice.click(prompt, label="Roll")
    menu = w.channel.last_message
    more = next(b for b in buttons(menu) if (b["custom_id"] or "").startswith("gv:p:"))
    refused = await w.bob.click(menu, custom_id=more["custom_id"])
    assert refused.response.content == i18n.gettext("error.not_your_prompt")
    turned = await w.alice.click(menu, custom_id=more["custom_id"])
    assert turned.ephemeral
    select = next(b for b in buttons(turned.response) if b["type"] == 3)
    options = [o.value for o in turned.response.message.components[0].children[0].options]
    assert options == ["bob"]  # the second page; the first offered ann
    step = await w.alice.select(turned.response, ["bob"], custom_id=select["custom_id"])
    squares = next(b for b in buttons(step.response) if b["type"] == 3)
    value = step.response.message.components[0].children[0].options[0].value
    await w.alice.select(step.response, [value], custom_id=squares["custom_id"])
    assert table.version == 2 and service.table(w.channel.id).state.men["bob"] != [1, 1]


class _SetUI(Words):
    """A game whose `take` step is any non-empty set of cards (`take a+c`), chosen on one select."""

    def combined(self, legal, prefix, say):
        if tuple(prefix) != ("take",):
            return None
        return components.Combined(options=(("a", "Ace"), ("b", "Bee"), ("c", "Sea")),
                                   join=lambda values: "take " + "+".join(sorted(set(values))),
                                   placeholder="Which?")


SETS = ["take a", "take b", "take c", "take a+b", "take a+c", "take b+c", "take a+b+c", "roll"]


def test_a_combined_step_is_the_whole_set_as_a_button_and_one_multi_select():
    items = components.menu_items(table_id=1, version=2, legal=SETS, prefix=("take",), words=_SetUI(key="x"),
                                  lang="en", squares={})
    button, select = items
    assert isinstance(button, components.ActionButton) and button.item.label == "A+b+c"
    assert button.item.custom_id == "gv:a:1:2:take a+b+c"
    assert isinstance(select, components.ActionMultiSelect) and select.item.custom_id == "gv:m:1:2:take"
    assert (select.item.min_values, select.item.max_values, select.item.placeholder) == (1, 3, "Which?")
    assert [(o.value, o.label) for o in select.item.options] == [("a", "Ace"), ("b", "Bee"), ("c", "Sea")]
    # the multi-select's custom id is read back like any menu step's: table, version, prefix
    rebuilt = components.ActionMultiSelect(select.item)
    assert (rebuilt.table_id, rebuilt.version, rebuilt.arg, rebuilt.kind) == (1, 2, "take", "multi")


def test_a_game_without_combined_steps_keeps_one_choice_per_button():
    """Dad's Army, Judge Dredd and every game that does not override `combined`."""
    items = components.menu_items(table_id=1, version=2, legal=SETS, prefix=("take",), words=Words(key="x"),
                                  lang="en", squares={})
    assert len(items) == 7 and all(isinstance(i, components.ActionButton) for i in items)
    first = components.menu_items(table_id=1, version=2, legal=SETS, prefix=(), words=_SetUI(key="x"), lang="en",
                                  squares={})
    assert [i.item.label for i in first] == ["Take", "Roll"]  # the hook is asked only at its own step


def test_a_choice_reads_through_the_games_label_hook():
    class Arrows(Words):
        def label(self, tokens, depth, say):
            return " → ".join(tokens[depth:])

    items = components.menu_items(table_id=1, version=2, legal=MOVES, prefix=(), words=Arrows(key="x"), lang="en",
                                  squares={})
    assert [i.item.label for i in items] == ["Pike", "Godfrey → 3,4"]
    assert Words().label(("move", "godfrey", "3,4"), 1, i18n.speech("en")) == "godfrey 3,4"


def test_the_lines_atop_a_private_menu_are_the_prompts_own_words():
    """What the seats are asked (`Prompt.about`), then what this seat alone knows (`Prompt.own`),
    seats named as the prompt names them, in the reader's language; nothing for a plain turn."""
    about = Msg("table.may_act", {"players": SeatName(1)})
    prompt = Prompt(1, 2, 1, 9, ["pass"], True, about=about, own=Msg("cogs.done"), names=("alice", "bob"))
    assert components.asked_lines(prompt, "zh-TW") == [i18n.gettext("table.may_act", "zh-TW", players="bob"),
                                                      i18n.gettext("cogs.done", "zh-TW")]
    assert components.asked_lines(Prompt(1, 2, 0, 9, ["roll"]), "en") == []
    assert components.said(prompt, None, "en") == ""


def test_a_prompts_words_are_its_games_at_its_facts():
    assert components.words_for(None) == components.PLAIN
    assert components.words_for(Prompt(1, 2, 0, 9, ["roll"], game="no_such_game")) == Words(key="no_such_game")
    prompt = Prompt(1, 2, 0, 9, ["roll"], game="judge_dredd", facts={"players": {"blue": "bob"}})
    assert components.words_for(prompt) == components.words_of("judge_dredd").at({"players": {"blue": "bob"}})


def test_the_menus_are_of_dynamic_items_alone_so_the_tests_may_drop_their_expiry():
    """What `menus_without_expiry_timers` relies on: Gavel's private menus hold only items answered
    by their custom id (and do nothing on expiry); a view with an item of its own keeps its timer."""
    menus = [components.private_prompt_view(1, 2, "en", hand=True, game_key="judge_dredd", undo=True),
             components.undo_view(1, 2, "en")]
    assert all(_dynamic_only(view) for view in menus)
    own = discord.ui.View()
    own.add_item(discord.ui.Button(label="x", custom_id="own"))
    assert not _dynamic_only(own)


def test_a_long_label_is_shortened_at_a_word_keeping_its_last():
    path = " › ".join(["Move"] + [f"Sector {n}" for n in range(1, 30)])  # a Judge's long path
    short = components.shortened(path, 80)
    assert len(short) <= 80 and short.startswith("Move › Sector 1 › ") and short.endswith("… 29")
    assert all(word in path.split(" ") for word in short.split(" ") if word != components.ELLIPSIS)  # whole words
    assert " › …" not in short  # no dangling separator before the ellipsis
    assert components.shortened("Play a card", 80) == "Play a card"  # what fits is left alone
    assert components.shortened("審" * 120, 100) == "審" * 99 + "…"  # nothing to cut at: cut at the limit


async def test_select_options_use_a_hundred_characters_and_buttons_eighty_shortened_by_meaning(world, service,
                                                                                                monkeypatch):
    """Real menus on simcord, with a game whose labels are long paths: each label is within
    Discord's limit (80 for a button, 100 for an option), ends with its destination, and is cut
    only between words."""
    def long_label(self, tokens, depth, say):
        return " › ".join(["Move", *(f"Sector{n}" for n in range(20)), *tokens[depth:]])

    monkeypatch.setattr(Words, "label", long_label)
    w = world
    _table, prompt = await started(w, service)
    [roll] = [b for b in buttons(prompt) if b["type"] == 2 and b["label"].endswith("roll")]
    assert len(roll["label"]) <= 80 and "… roll" in roll["label"] and roll["label"].startswith("Move › Sector0 ›")
    monkeypatch.setattr(components, "BUTTONS_MAX", 1)  # force selects: their options hold 100
    await w.alice.click(prompt, custom_id=roll["custom_id"])
    menu = w.channel.last_message
    options = [o.label for row in menu.components for c in getattr(row, "children", [row]) if c.type.value == 3
               for o in c.options]
    assert options and all(80 < len(label) <= 100 and label.split(" ")[-1] in ("ann", "bob") for label in options)
    assert all(w.split(" ")[-2] == components.ELLIPSIS for w in options)

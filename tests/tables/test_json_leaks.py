"""`--json` local play: a `"kind": "public"` object carries nothing private.

Whole seeded games with human seats (driven here by a random but legal policy) and AI seats,
printed as JSON. In a game with hidden information every prompt is private (its action list can
give a hand or a face-down character away: only the seat holding the Mercenary is offered
`counter`), so a public object says at most who must act; the actions go in a `"kind": "prompt"`
object marked with its seat. Checked on every public object:

- it holds no `actions` list, and no string of it is an action some private prompt offered;
- (The City of Judgement) it names no character that has never been face up, nor one dealt to
  a seat to pick from, by id or by its English or Chinese name.

An open game (Dad's Army) keeps its prompt's actions in the public object: nothing there is
secret, and a reader of the channel may see what the player to act may do.
"""

from __future__ import annotations

import io
import json
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from gavel.tables import i18n
from gavel.tables.console import CHANNEL, Console, LocalOptions
from gavel.tables.service import Table, TableService
from tests.tables.toy_game import fake_renderer

MAX_HUMAN_ACTIONS = 1500


def strings(value: Any) -> Iterator[str]:
    """Every string in a JSON value, keys included."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield k
            yield from strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from strings(v)


def judgement_secrets(table: Table) -> set[str]:
    """The characters nobody but their seat may know now: picked and never face up, or dealt to
    pick from; by id and by name in both languages."""
    hidden = {p.character for p in table.state.players if p.character and not p.ever_revealed}
    hidden |= {c for p in table.state.players for c in p.options}
    return {word for c in hidden for word in (c, *(i18n.gettext(f"judgement.char.{c}", lang)
                                                   for lang in i18n.LANGUAGES))}


def no_secrets(table: Table) -> set[str]:
    return set()


async def play(tmp_path: Path, game: str, *, seats: int, ai: int, seed: str,
               secrets: Callable[[Table], set[str]]) -> tuple[list[dict[str, Any]], list[dict[str, Any]], bool]:
    """Play one game with `--json`; check each public object against the secrets of the moment
    it was printed. Returns (public objects, prompt objects, whether the game ended)."""
    out = io.StringIO()
    # Images are not what is checked here (the service's leak tests look at the boards): a stand-in
    # renderer keeps whole games quick.
    service = TableService(":memory:", renderers={game: fake_renderer(lambda view, **_: b"PNG")})
    console = Console(service, LocalOptions(game=game, seats=seats, ai=ai, seed=seed, json=True,
                                                             images=str(tmp_path / "img")), out)
    rng = random.Random(seed)
    publics: list[dict[str, Any]] = []
    prompts: list[dict[str, Any]] = []
    offered: set[str] = set()
    read = 0

    def check() -> None:
        nonlocal read
        table = console.service.table(CHANNEL)
        hidden = secrets(table) if table is not None and table.state is not None else set()
        lines = out.getvalue().splitlines()
        new = [json.loads(line) for line in lines[read:]]
        read = len(lines)
        for obj in new:  # the prompts first: a public object must not carry what they offer
            if obj["kind"] == "prompt" and obj.get("private"):
                prompts.append(obj)
                offered.update(obj["actions"])
        for obj in new:
            if obj["kind"] != "public":
                continue
            publics.append(obj)
            found = list(strings(obj))
            assert "actions" not in found or not console.service.get(obj["table"]).game.info.hidden_information, obj
            assert not offered & set(found), (offered & set(found), obj)
            text = json.dumps(obj, ensure_ascii=False)
            named = [w for w in hidden if re.search(rf"(?<!\w){re.escape(w)}(?!\w)", text)]
            assert not named, (named, obj)

    await console.setup()
    check()
    for _ in range(MAX_HUMAN_ACTIONS):
        if console.over:
            break
        acting = [(p, legal) for p in console.players if (legal := console.service.legal_for(CHANNEL, p))]
        assert acting, "no human to act and the game is not over"
        player, legal = rng.choice(acting)
        await console.command(f"@{player.name} {rng.choice(legal)}")
        check()
    return publics, prompts, console.over


@pytest.mark.parametrize(("seats", "ai", "seed"), [(1, 5, "j1"), (2, 4, "j2"), (3, 3, "j3")])
async def test_judgement_json_public_objects_carry_no_private_prompt_or_secret(tmp_path: Path, seats: int, ai: int,
                                                                               seed: str) -> None:
    publics, prompts, over = await play(tmp_path, "judgement", seats=seats, ai=ai, seed=seed,
                                        secrets=judgement_secrets)
    assert over, "the game did not end"
    assert prompts and all(isinstance(p["seat"], int) and p["actions"] for p in prompts)
    asked = [o["prompt"] for o in publics if o.get("prompt")]
    assert asked and all("actions" not in p and p["seats"] for p in asked)


async def test_judge_dredd_json_public_objects_carry_no_private_prompt(tmp_path: Path) -> None:
    """A whole game of three seats, two humans (a card-play window may ask both at once) and an AI
    seat (whose moves are printed as public objects too); every object of it is checked. A fourth
    seat, an AI one, made the game several times as long (its choices are the costly part) with the
    same kinds of objects: prompts of each human, windows, the AI's moves, the end."""
    publics, prompts, over = await play(tmp_path, "judge_dredd", seats=2, ai=1, seed="d1", secrets=no_secrets)
    assert over, "the game did not end"
    assert prompts and any(o.get("prompt") for o in publics)
    assert any(a.startswith("play ") for p in prompts for a in p["actions"])  # hands were offered privately


async def test_an_open_games_public_object_keeps_its_actions(tmp_path: Path) -> None:
    publics, prompts, _ = await play(tmp_path, "dads_army", seats=2, ai=1, seed="o1", secrets=no_secrets)
    assert not prompts
    assert any(o.get("prompt", {}).get("actions") for o in publics)


async def test_the_plain_console_labels_every_private_prompt_and_hint_with_its_seat(tmp_path: Path) -> None:
    """Without `--json` the console prints a seat's actions under its label ("[to Alice] Alice
    may: …"), never as a channel line; so is the hint under a refused action ("You may: …"), which
    lists the same actions. Refused actions are typed on purpose to get hints."""
    out = io.StringIO()
    service = TableService(":memory:", renderers={"judgement": fake_renderer(lambda view, **_: b"PNG")})
    console = Console(service, LocalOptions(game="judgement", seats=2, ai=4, seed="p1", images=str(tmp_path)), out)
    await console.setup()
    rng = random.Random(1)
    refused = 0
    for _ in range(MAX_HUMAN_ACTIONS):
        if console.over:
            break
        acting = [(p, legal) for p in console.players if (legal := service.legal_for(CHANNEL, p))]
        player, legal = rng.choice(acting)
        if rng.random() < 0.2:  # refused, printed with the game's hint as a typed line is
            await console.run_lines([f"@{player.name} attack nobody"], script=False)
            refused += 1
            continue
        await console.run_lines([f"@{player.name} {rng.choice(legal)}"], script=False)
    assert console.over and refused
    lines = out.getvalue().splitlines()
    names = [p.name for p in console.players]
    asked = [line for line in lines if re.search(rf"(?:^|\] )(?:{'|'.join(names)}) may: ", line)]
    hints = [line for line in lines if "You may: " in line]
    assert asked and hints
    unlabelled = [line for line in asked + hints if not re.match(rf"\[to (?:{'|'.join(names)})\] ", line)]
    assert not unlabelled, unlabelled[:5]

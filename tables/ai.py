"""AI seats: find a game's policy (`rules.<key>.ai.choose(game, state, seat)`) and ask it.

The service plays AI seats itself until a human must act. A policy that fails or proposes
an illegal action must not stall a table, so the first legal action stands in (and the
problem is logged for the game's author).
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any

from rules.core import Game, IllegalAction, Seat, State

log = logging.getLogger(__name__)

Policy = Callable[[Game[Any], State, Seat], Any]
"""Returns an `Action` or its text."""


def optional_module(name: str) -> ModuleType | None:
    """A game's optional part (`rules.<key>.ai`, `renderer.<key>`), or None when it has none.

    Only the module itself being absent means "none": a module that exists but fails to import
    (a missing dependency, a typo inside) raises, so a broken AI or renderer is not hidden.
    """
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and name.startswith(exc.name):
            return None
        raise


def find_policy(key: str, overrides: Mapping[str, Policy | None] | None = None) -> Policy | None:
    """The AI policy for a game, or None when the game has none."""
    if overrides is not None and key in overrides:
        return overrides[key]
    module = optional_module(f"rules.{key}.ai")
    return getattr(module, "choose", None) if module is not None else None


def choose(game: Game[Any], state: State, seat: Seat, policy: Policy) -> str:
    """The action text the AI plays for `seat` (always a legal one).

    The legal actions are computed once, here: they vet the policy's answer (the engine checks
    it again when it is applied, as it checks every action) and stand in when it fails.
    """
    legal = game.legal_actions(state, seat)
    try:
        text = str(policy(game, state, seat))
        if game.parse_action(text) not in legal:
            raise IllegalAction("illegal_action", action=text)
        return text
    except Exception:
        texts = [str(a) for a in legal]
        log.exception("AI policy for %s failed at version %s; playing %s", game.info.key, state.version, texts[:1])
        if not texts:
            raise
        return texts[0]

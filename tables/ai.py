"""AI seats: find a game's policy (`rules.<key>.ai.choose(game, state, seat)`) and ask it.

The service plays AI seats itself until a human must act. A policy that fails or proposes
an illegal action must not stall a table, so the first legal action stands in (and the
problem is logged for the game's author).
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Callable, Mapping
from typing import Any

from rules.core import Game, IllegalAction, Seat, State

log = logging.getLogger(__name__)

Policy = Callable[[Game[Any], State, Seat], Any]
"""Returns an `Action` or its text."""


def find_policy(key: str, overrides: Mapping[str, Policy | None] | None = None) -> Policy | None:
    """The AI policy for a game, or None when the game has none."""
    if overrides is not None and key in overrides:
        return overrides[key]
    module_name = f"rules.{key}.ai"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and module_name.startswith(exc.name):
            return None
        raise
    return getattr(module, "choose", None)


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

"""The decision frames of The City of Judgement: one registry, so each module owns its own frames.

A frame (`state.Frame`) interrupts the flow to ask some seats something: an Order card's answer,
the rescue window, the killer's reward, where to go after a 7. The module that owns a rule
registers the frames that rule opens with `register(FrameKind(...))` at import time; the engine
asks the registry, never the modules, for what the top frame allows. A handler that has finished
with its frame pops it (`close`); `turn.advance` then carries the flow on.

Per kind:
- `legal(state, seat)`: the actions `seat` may take now (it is in `asked(frame)`).
- `apply(state, seat, action, chance)`: resolve that action; returns the events.
- `timeout(state, seat)`: what a clock picks for `seat` (None: no clock on this frame).
- `public`: the `data` keys everyone may see (view.py shows only these; the rest is the asked
  seats' own business and is shown to them alone when listed in `private`).
- `private`: the `data` keys the asked seats (and `data["to"]` seats) may see.
- `why(state, seat, action)`: optional, the precise refusal (`IllegalAction`, message id
  `error.<code>`) of an action this frame does not list, for the engine's `why_illegal`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from rules.core import Action, Chance, Event, IllegalAction, Seat

from .state import Frame, JudgementState


@dataclass(frozen=True)
class FrameKind:
    name: str
    legal: Callable[[JudgementState, Seat], list[Action]]
    apply: Callable[[JudgementState, Seat, Action, Chance], list[Event]]
    timeout: Callable[[JudgementState, Seat], Action | None] | None = None
    public: tuple[str, ...] = ()
    private: tuple[str, ...] = ()
    why: Callable[[JudgementState, Seat, Action], IllegalAction] | None = None


KINDS: dict[str, FrameKind] = {}
A = TypeVar("A", bound=Action)


def register(kind: FrameKind) -> FrameKind:
    """Declare a frame kind (once, at import of the module that owns it)."""
    if kind.name in KINDS and KINDS[kind.name] is not kind:
        raise ValueError(f"frame kind {kind.name!r} registered twice")
    KINDS[kind.name] = kind
    return kind


def open_frame(state: JudgementState, kind: str, seats: list[Seat], **data: Any) -> Frame:
    """Push a frame asking `seats` (in order); returns it."""
    frame = Frame(kind=kind, seats=list(seats), data=dict(data))
    state.frames.append(frame)
    return frame


def close(state: JudgementState, frame: Frame) -> None:
    """Take `frame` off the stack (it must be there)."""
    state.frames.remove(frame)


def asked(frame: Frame) -> list[Seat]:
    """The seats the frame still waits on."""
    return [s for s in frame.seats if s not in frame.passed]


def waiting(state: JudgementState) -> Frame:
    """The frame on top of the stack, for the handlers of its kind (which run only while it waits)."""
    if not state.frames:
        raise RuntimeError("no frame is waiting")
    return state.frames[-1]


def answered(state: JudgementState, action: Action, kind: type[A]) -> tuple[Frame, A]:
    """For a handler's `apply`: the frame waiting, taken off the stack (`close`), and the action
    that answers it, of the kind the handler's `legal` lists."""
    frame = waiting(state)
    assert isinstance(action, kind)
    close(state, frame)
    return frame, action

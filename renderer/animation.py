"""A whole game as one animated GIF, sized for Discord: the boards a game's renderer drew, one per
step, made small enough to post (at most `LIMIT` bytes, Discord's 8 MiB for any server).

What keeps it small: at most `FRAMES` boards are drawn (steps sampled evenly, the first and the
last always kept), each scaled down to `WIDTH` pixels wide, a frame that looks like the one before
it merged into it (its time added), every frame on one palette (made from a few boards spread
over the game), and Pillow's GIF writer stores only the rectangle each frame changes.
Too big all the same: fewer frames (as many as the bytes over the limit say), down to
`KEPT_FRAMES`, then smaller ones, until it fits. Knows no game.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence

from PIL import Image

LIMIT = 8 * 1024 * 1024 - 64 * 1024
"""Bytes at most (Discord takes 8 MiB per file on every server; a margin for the message)."""
FRAMES = 120
"""Boards drawn at most."""
WIDTH = 640
"""Pixels wide at most (Discord shows an image about this wide)."""
STEP_MS = 600
"""How long each step shows."""
END_MS = 4000
"""How long the last board shows before it starts again."""
TRIES = 4
"""Times the picture is made again, smaller, when it is too big."""
KEPT_FRAMES = 60
"""Frames a picture too big keeps at least: below that, its frames are made smaller instead."""


def sample(count: int, most: int) -> list[int]:
    """At most `most` step numbers of `count`, evenly spread, the first and the last always kept."""
    if count <= 0:
        return []
    if count <= most:
        return list(range(count))
    if most <= 1:
        return [count - 1]
    return sorted({round(i * (count - 1) / (most - 1)) for i in range(most)})


def animate(count: int, draw: Callable[[Sequence[int]], Sequence[bytes]], *, most: int = FRAMES,
            width: int = WIDTH, limit: int = LIMIT) -> bytes:
    """The GIF of `count` steps, `draw` giving the PNG of each step asked for. Raises
    `ValueError` for a game of no step."""
    if count <= 0:
        raise ValueError("no step to animate")
    indices = sample(count, most)
    boards = [Image.open(io.BytesIO(png)).convert("RGB") for png in draw(indices)]
    out = b""
    for _ in range(TRIES):
        out = _gif(boards, width)
        if len(out) <= limit:
            return out
        share = limit / len(out)
        keep = int(len(boards) * share * 0.85)
        if keep >= KEPT_FRAMES:  # fewer frames, spread as evenly, the last one kept
            picked = sample(len(boards), keep)
            boards = [boards[i] for i in picked]
        else:  # as many frames on fewer pixels: the bytes go with the area
            width = max(64, int(width * max(share, 0.25) ** 0.5 * 0.9))
    return out


def _gif(boards: Sequence[Image.Image], width: int) -> bytes:
    frames: list[Image.Image] = []
    durations: list[int] = []
    last_bytes: bytes | None = None
    for board in boards:
        frame = _scaled(board, width)
        raw = frame.tobytes()
        if raw == last_bytes:
            durations[-1] += STEP_MS
            continue
        frames.append(frame)
        durations.append(STEP_MS)
        last_bytes = raw
    durations[-1] = max(durations[-1], END_MS)
    palette = _palette(frames)
    paletted = [f.quantize(palette=palette, dither=Image.Dither.NONE) for f in frames]
    buffer = io.BytesIO()
    paletted[0].save(buffer, format="GIF", save_all=True, append_images=paletted[1:], duration=durations,
                     loop=0, disposal=1, optimize=False)
    return buffer.getvalue()


def _palette(frames: Sequence[Image.Image]) -> Image.Image:
    """One palette for every frame: from a strip of a few of them (the first, the last and two
    between, each made small by keeping pixels as they are), so a colour only the start shows (a
    piece taken later) keeps its place too."""
    picked = [frames[round(i * (len(frames) - 1) / 3)] for i in range(4)] if len(frames) > 4 else list(frames)
    small = [f.resize((max(1, f.width // 4), max(1, f.height // 4)), Image.Resampling.NEAREST) for f in picked]
    strip = Image.new("RGB", (sum(f.width for f in small), max(f.height for f in small)))
    x = 0
    for f in small:
        strip.paste(f, (x, 0))
        x += f.width
    return strip.quantize(colors=255, method=Image.Quantize.MEDIANCUT)


def _scaled(board: Image.Image, width: int) -> Image.Image:
    if board.width <= width:
        return board
    height = max(1, round(board.height * width / board.width))
    return board.resize((width, height), Image.Resampling.LANCZOS)

"""The animated export (`renderer.animation`): steps sampled with the first and last kept, boards
scaled down, a board like the one before merged into it, and a picture over the limit made again
with fewer frames until it fits."""

from __future__ import annotations

import io

from PIL import Image

from renderer.animation import END_MS, STEP_MS, animate, sample


def board(colour: tuple[int, int, int], width: int = 800, height: int = 400, noise: int = 0) -> bytes:
    picture = Image.new("RGB", (width, height), colour)
    for i in range(noise):  # pixels that differ from frame to frame: a picture that compresses badly
        picture.putpixel(((i * 7919 + colour[0] * 31) % width, (i * 104729 + colour[1]) % height),
                         ((i * 13) % 256, (i * 29) % 256, colour[2]))
    out = io.BytesIO()
    picture.save(out, format="PNG")
    return out.getvalue()


def frames_of(gif: bytes) -> tuple[int, tuple[int, int], list[int]]:
    with Image.open(io.BytesIO(gif)) as picture:
        durations = []
        for i in range(picture.n_frames):
            picture.seek(i)
            durations.append(picture.info["duration"])
        return picture.n_frames, picture.size, durations


def test_sample_keeps_the_first_and_the_last_step_and_at_most_what_is_asked() -> None:
    assert sample(5, 10) == [0, 1, 2, 3, 4]
    picked = sample(1000, 50)
    assert picked[0] == 0 and picked[-1] == 999 and len(picked) <= 50 and picked == sorted(set(picked))
    assert sample(0, 10) == [] and sample(7, 1) == [6]


def test_boards_are_scaled_down_and_a_board_like_the_last_is_merged_into_it() -> None:
    red, blue = board((200, 0, 0)), board((0, 0, 200))
    drawn: list[list[int]] = []

    def draw(steps):
        drawn.append(list(steps))
        return [red, red, blue, blue, blue][: len(steps)]

    gif = animate(5, draw)
    count, size, durations = frames_of(gif)
    assert drawn == [[0, 1, 2, 3, 4]]
    assert count == 2 and size == (640, 320)
    assert durations == [2 * STEP_MS, max(3 * STEP_MS, END_MS)]


def test_a_picture_over_the_limit_is_made_again_with_fewer_frames_then_smaller_ones(monkeypatch) -> None:
    from renderer import animation

    boards = [board((i * 8 % 256, i * 16 % 256, 100), noise=3000) for i in range(24)]
    whole = animate(24, lambda steps: [boards[s] for s in steps])
    limit = len(whole) // 3
    smaller = animate(24, lambda steps: [boards[s] for s in steps], limit=limit)  # 24 frames: too few to drop
    assert len(smaller) <= limit
    assert frames_of(smaller)[0] == frames_of(whole)[0] and frames_of(smaller)[1] < frames_of(whole)[1]
    monkeypatch.setattr(animation, "KEPT_FRAMES", 4)
    fewer = animate(24, lambda steps: [boards[s] for s in steps], limit=limit)
    assert len(fewer) <= limit
    assert frames_of(fewer)[0] < frames_of(whole)[0] and frames_of(fewer)[1] == frames_of(whole)[1]

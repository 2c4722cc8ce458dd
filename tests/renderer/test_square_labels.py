"""Short square labels shared by the board image and the buttons (`highlights`, `label_actions`)."""

from __future__ import annotations

import random

from renderer.common import square_labels
from renderer.dads_army import highlights, label_actions
from tests.renderer.views import make_view

MOVES = ["move pike 5,9", "move pike 3,8", "move jones 5,9", "move jones 6,2", "move pike 1,12"]


def test_labels_are_letters_then_double_letters():
    labels = square_labels(30)
    assert labels[:3] == ["A", "B", "C"]
    assert labels[25:28] == ["Z", "AA", "AB"]
    assert len(set(square_labels(200))) == 200


def test_highlights_label_each_distinct_square_once_in_reading_order():
    """One man's moves at a time (the first in the board's order, Jones before Pike): a letter
    never stands for "either man"."""
    hl = highlights(make_view(), MOVES)
    assert hl == {"A": [6, 2], "B": [5, 9]}
    assert highlights(make_view(), [m for m in MOVES if "jones" not in m]) == {"A": [3, 8], "B": [5, 9], "C": [1, 12]}


def test_highlights_are_stable_whatever_the_action_order():
    view = make_view()
    first = highlights(view, MOVES)
    for seed in range(5):
        shuffled = MOVES[:]
        random.Random(seed).shuffle(shuffled)
        assert highlights(view, shuffled) == first


def test_label_actions_gives_each_action_its_squares_label():
    actions = ["roll", *MOVES, "hodge wilson", "lay 7,7", "bomb 2,3", "jack 7,7", "push 3,4"]
    labels = label_actions(make_view(), actions)
    assert set(labels) == set(actions)
    assert labels["roll"] is None and labels["hodge wilson"] is None
    assert labels["move jones 5,9"] and labels["move pike 5,9"] is None  # one man's letters only
    assert labels["lay 7,7"] == labels["jack 7,7"]
    hl = highlights(make_view(), actions)
    for action, label in labels.items():
        if label is not None:
            assert hl[label] == [int(v) for v in action.split()[-1].split(",")]


def test_shelter_actions_are_labelled_with_their_shelter_square():
    actions = ["shelter pike 1", "shelter pike 3", "shelter jones 1"]
    hl = highlights(make_view(), actions)
    assert hl == {"S1": [4, 4], "S3": [5, 9]}  # the shelter's own code, as the command takes it
    assert label_actions(make_view(), actions) == {"shelter pike 1": "S1", "shelter pike 3": "S3",
                                                   "shelter jones 1": "S1"}


def test_too_many_squares_to_letter_get_no_labels():
    """An air raid's bombs: the squares are tinted, named by the pointers; no button names a
    letter the board does not draw."""
    actions = [f"bomb {c},{r}" for r in range(1, 4) for c in range(1, 13)]
    assert set(label_actions(make_view(), actions).values()) == {None}


def test_more_than_26_squares_get_double_letters():
    actions = [f"bomb {c},{r}" for r in range(1, 4) for c in range(1, 13)]
    hl = highlights(make_view(), actions)
    assert len(hl) == 36 and "AA" in hl and hl["AA"] == [3, 3]

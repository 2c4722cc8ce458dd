"""Judtho views built by hand, in the shape the engine will produce (brief 4), so the renderer
is tested without an engine."""

from __future__ import annotations

import copy
from typing import Any

COLOURS = ["white", "red", "yellow", "black"]
ARMY = ["king", "queen", "prince", "rook", "rook", "knight", "knight", "bishop", "bishop"] + ["pawn"] * 6

HOME = {
    "white": {"king": "c1", "queen": "d1", "prince": "e2", "rook": ["a1", "f1"], "knight": ["b1", "e1"],
              "bishop": ["b2", "c2"], "pawn": ["a3", "b3", "c3", "d3", "e3", "f3"]},
    "yellow": {"king": "i1", "queen": "j1", "princess": "h2", "rook": ["g1", "l1"], "knight": ["h1", "k1"],
               "bishop": ["j2", "k2"], "pawn": ["g3", "h3", "i3", "j3", "k3", "l3"]},
    "red": {"king": "c12", "queen": "d12", "princess": "e11", "rook": ["a12", "f12"], "knight": ["b12", "e12"],
            "bishop": ["b11", "c11"], "pawn": ["a10", "b10", "c10", "d10", "e10", "f10"]},
    "black": {"king": "i12", "queen": "j12", "prince": "h11", "rook": ["g12", "l12"], "knight": ["h12", "k12"],
              "bishop": ["j11", "k11"], "pawn": ["g10", "h10", "i10", "j10", "k10", "l10"]},
}


def army(colour: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for piece, where in HOME[colour].items():
        for sq in [where] if isinstance(where, str) else where:
            out[sq] = [colour, piece]
    return out


def relations(alliances: list[list[str]] = (), rivals: bool = True, colours: list[str] = COLOURS) -> dict:
    rel: dict[str, dict[str, str]] = {}
    for a in colours:
        rel[a] = {}
        for b in colours:
            if a == b:
                continue
            allied = any(a in al and b in al for al in alliances)
            rival = rivals and {a, b} in ({"white", "yellow"}, {"red", "black"})
            rel[a][b] = "ally" if allied else ("rival" if rival else "opponent")
    return rel


def make_view(**changes: Any) -> dict[str, Any]:
    """Quattro at the start of play (after Assembly), with any top-level keys replaced."""
    board: dict[str, list[str]] = {}
    for c in COLOURS:
        board |= army(c)
    view: dict[str, Any] = {
        "game": "judtho",
        "variant": "quattro",
        "version": 60,
        "seat": None,
        "phase": "play",
        "to_move": "white",
        "colours": list(COLOURS),
        "players": [{"seat": i, "colours": [c], "points": 0, "material": 75, "status": "active"}
                    for i, c in enumerate(COLOURS)],
        "board": board,
        "reserve": {"white": ["princess"], "red": ["prince"], "yellow": ["prince"], "black": ["princess"]},
        "captured": {c: [] for c in COLOURS},
        "relations": relations(),
        "alliances": [],
        "battle": "ascendancy",
        "last_move": None,
        "winner": None,
    }
    view.update(changes)
    return view


def assembly() -> dict[str, Any]:
    """Assembly half done: each army has placed some pieces, Red to place (3.4)."""
    view = make_view(phase="assembly", to_move="red", battle=None, version=22)
    placed = {"white": 6, "red": 5, "yellow": 5, "black": 5}
    board: dict[str, list[str]] = {}
    reserve: dict[str, list[str]] = {}
    for c in COLOURS:
        squares = list(army(c).items())
        board |= dict(squares[: placed[c]])
        reserve[c] = [p for _, (_, p) in squares[placed[c]:]] + ["princess" if c in ("white", "black") else "prince"]
    view["board"] = board
    view["reserve"] = reserve
    view["last_move"] = {"text": "@Nb1", "from": None, "to": "b1", "captures": []}
    for p in view["players"]:
        p["material"] = 0
    return view


def quattro_alliance() -> dict[str, Any]:
    """Battle for Control: White conquered Red (T1), they are allied; Yellow's Princess just
    swept two pieces (`Sh6xg7xf8`), Red's King was put back on a10 (5.2)."""
    view = make_view(to_move="black", battle="control", version=140)
    b = view["board"]
    for sq in ("c12", "e11", "d12", "b10", "c10", "g3", "h2", "d3", "e3", "g10", "j11", "h10", "b2", "k1"):
        b.pop(sq, None)
    b |= {"a9": ["red", "king"], "d8": ["white", "queen"], "e6": ["white", "pawn"], "d5": ["white", "pawn"],
          "f8": ["yellow", "princess"], "c7": ["red", "princess"], "b9": ["white", "princess"],
          "h7": ["black", "pawn"], "i6": ["black", "knight"], "j5": ["yellow", "knight"],
          "k7": ["black", "bishop"], "e9": ["red", "queen"], "g5": ["yellow", "pawn"], "l6": ["black", "rook"]}
    b.pop("h12", None)
    view["captured"] = {
        "white": [["red", "king"], ["red", "pawn"], ["red", "pawn"], ["black", "bishop"]],
        "red": [["yellow", "pawn"], ["black", "pawn"]],
        "yellow": [["white", "pawn"], ["white", "bishop"], ["black", "knight"], ["black", "pawn"]],
        "black": [["yellow", "princess"], ["white", "pawn"]],
    }
    view["reserve"] = {"white": [], "red": ["prince"], "yellow": ["prince"], "black": ["princess"]}
    view["relations"] = relations([["white", "red"]], rivals=False)
    view["alliances"] = [["white", "red"]]
    view["players"][0] |= {"points": 4, "material": 68}
    view["players"][1] |= {"points": 0, "material": 61, "status": "conquered"}
    view["players"][2] |= {"points": 0, "material": 70}
    view["players"][3] |= {"points": 0, "material": 72}
    view["last_move"] = {"text": "Sh6xg7xf8", "from": "h6", "to": "f8", "captures": ["g7", "f8"]}
    return view


def knight_distant() -> dict[str, Any]:
    """A Knight's distant capture: it stays on i6 and takes h8 and k5 (4.7)."""
    view = quattro_alliance()
    view["last_move"] = {"text": "Ni6x{h8,k5}", "from": "i6", "to": "i6", "captures": ["h8", "k5"]}
    view["to_move"] = "white"
    return view


def duo() -> dict[str, Any]:
    """Duo on the half board (J27): White against Red, files a-f, mid-game."""
    board = army("white") | army("red")
    for sq in ("d3", "c10", "e2"):
        board.pop(sq)
    board |= {"d5": ["white", "pawn"], "c8": ["red", "pawn"], "e6": ["white", "prince"]}
    return make_view(
        variant="duo",
        colours=["white", "red"],
        to_move="red",
        battle=None,
        players=[{"seat": 0, "colours": ["white"], "points": 0, "material": 65, "status": "active"},
                 {"seat": 1, "colours": ["red"], "points": 0, "material": 64, "status": "active"}],
        board=board,
        reserve={"white": ["princess"], "red": ["prince"]},
        captured={"white": [["red", "pawn"]], "red": []},
        relations=relations(rivals=False, colours=["white", "red"]),
        last_move={"text": "e2-e6", "from": "e2", "to": "e6", "captures": []},
    )


def trio() -> dict[str, Any]:
    """Trio: seat 0 plays White and Yellow against the Partnership of Red and Black (9.2)."""
    view = make_view(variant="trio", to_move="yellow")
    view["players"] = [
        {"seat": 0, "colours": ["white", "yellow"], "points": 0, "material": 150, "status": "active"},
        {"seat": 1, "colours": ["red"], "points": 0, "material": 75, "status": "active"},
        {"seat": 2, "colours": ["black"], "points": 0, "material": 75, "status": "active"},
    ]
    view["relations"] = relations([["white", "yellow"], ["red", "black"]], rivals=False)
    view["alliances"] = [["white", "yellow"], ["red", "black"]]
    view["battle"] = None
    view["last_move"] = {"text": "Nb1-c3", "from": "b1", "to": "c3", "captures": []}
    view["board"]["c3"] = view["board"].pop("b1")  # the Knight jumps over the pawn on c3
    return view


def game_over() -> dict[str, Any]:
    """The Third Conquest: the Triple Alliance conquered Black (T3a)."""
    view = quattro_alliance()
    view |= {"phase": "over", "to_move": None, "battle": "dominion", "winner": ["white", "red", "yellow"]}
    view["alliances"] = [["white", "red", "yellow"]]
    view["relations"] = relations([["white", "red", "yellow"]], rivals=False)
    for p, pts in zip(view["players"], (16, 12, 8, 0), strict=True):
        p["points"] = pts
    view["players"][3]["status"] = "conquered"
    view["board"].pop("i12")
    view["captured"]["yellow"].append(["black", "king"])
    view["board"]["i8"] = ["yellow", "queen"]
    view["board"].pop("j1")
    view["last_move"] = {"text": "Qi8xi12#K", "from": "i8", "to": "i12", "captures": ["i12"]}
    view["board"]["i12"] = view["board"].pop("i8")
    return view


ALL = {
    "start": make_view,
    "assembly": assembly,
    "quattro_alliance": quattro_alliance,
    "knight_distant": knight_distant,
    "duo": duo,
    "trio": trio,
    "game_over": game_over,
}


def fresh(name: str) -> dict[str, Any]:
    return copy.deepcopy(ALL[name]())

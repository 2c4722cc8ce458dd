"""Where Gavel's data folder is: the one place that knows it.

The data folder holds each game's content (`<key>/*.toml`), the fonts (`fonts/`) and the
catalogues (`locale/<lang>/LC_MESSAGES/*.po`). In a checkout (and an editable install) it is
`data/` at the top of the repository, beside `rules/`. An installed Gavel (`pip install .`)
holds the same files as the package `gavel.data` (`setup.py` maps `data/` there), beside
`rules/` in the same site-packages, so each copy of the code reads the data that came with it,
wherever the current folder is.

Every reader asks here: the engines' content loaders, the catalogues (`gavel.tables.i18n`) and the
renderer's fonts. Only the standard library, like the rest of `rules/`.
"""

from __future__ import annotations

from pathlib import Path

_BESIDE_RULES = Path(__file__).resolve().parent.parent
INSTALLED_DIR = _BESIDE_RULES / "gavel" / "data"
"""Where an installed Gavel keeps the data (the package `gavel.data`)."""
CHECKOUT_DIR = _BESIDE_RULES / "data"
"""Where a checkout keeps it (the repository's `data/`)."""
DATA_DIR = INSTALLED_DIR if INSTALLED_DIR.is_dir() else CHECKOUT_DIR
"""The data folder this copy of Gavel reads."""


def data_path(*parts: str) -> Path:
    """A file or folder in the data folder: `data_path("judtho", "board.toml")`."""
    return DATA_DIR.joinpath(*parts)

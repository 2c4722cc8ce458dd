"""Gavel as an installed program: the command line (`gavel.cli`, the `gavel` command).

The layers are the top-level packages `rules/`, `gavel/tables/`, `cogs/` and `renderer/`; this package
only starts them. An installed Gavel also holds its data folder here, as `gavel.data` (see
`rules.data`); a checkout keeps it in `data/` at the top of the repository.
"""

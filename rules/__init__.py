"""The game engines and their plug-ins. Importing `rules` installs every game listed in
`rules.registry` (see `rules.registry.plugins()` and `rules.core.games()`)."""

from rules import registry

registry.plugins()

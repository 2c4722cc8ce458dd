"""What every test sees: the plug-in game kept in tests/ is installed, as any game outside the
repository's list would be, so the contract test, the console and the bot all find it."""

from rules import registry

registry.install("tests.plugin_game")

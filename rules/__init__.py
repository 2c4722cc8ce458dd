"""The game engines. Importing `rules` registers every game (see `rules.core.games()`)."""

from rules import dads_army, judge_dredd, judgement, judtho  # noqa: F401  (registers the games)

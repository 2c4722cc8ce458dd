"""審判之城 The City of Judgement: hidden roles for 4-9 players (issue 5).

Not registered yet: for now this package holds only the game's fixed content, read from
`data/judgement/*.toml` by `content.load()` (identities per player count, the six locations, the
15 characters, the 16 Holy, 16 Dark and 16 Order cards). The engine, views, AI and renderer come
later and implement every effect id that `content.EFFECTS` and `content.GOALS` declare.
"""

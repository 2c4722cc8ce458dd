"""Tables: one game played in one channel (service.py: the facade over the parts, registry.py the
tables they share), its persistence (store.py: SQLite, pgstore.py: PostgreSQL, stores.py opens
one), AI seats (ai.py), notices for the front-ends (notices.py), translation (i18n.py) and local
play (console.py). Import what you need from those modules; this package imports nothing, so
`gavel.tables.i18n` stays light for the other layers."""

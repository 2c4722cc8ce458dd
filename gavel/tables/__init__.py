"""Tables: one game played in one channel (service.py), its persistence (store.py: SQLite,
and pgstore.py: PostgreSQL), AI seats (ai.py), notices for the front-ends (notices.py),
translation (i18n.py) and local play (console.py). Import what you need from those modules;
this package imports nothing, so `gavel.tables.i18n` stays light for the other layers."""

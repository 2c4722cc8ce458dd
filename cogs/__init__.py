"""The Discord front-end: slash commands, buttons, selects and DMs over the TableService.

`cogs.bot.create_bot(service)` builds the bot, `cogs.bot.main()` runs it. The cogs only
parse an interaction, call the service and deliver its notices (`cogs.delivery`); menus and
persistent buttons are in `cogs.components`, the one error handler in `cogs.errors`, and
command localisation in `cogs.translator`.
"""

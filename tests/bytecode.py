"""Loaded first (`-p tests.bytecode` in pytest's `addopts`, before the plug-ins installed
packages register): compiled code is kept (`__pycache__`) for the whole test run, even where the
environment says not to (`PYTHONDONTWRITEBYTECODE`). pytest rewrites the assertions of every
plug-in module it loads (pytest-asyncio, Hypothesis's, simcord's ninety-odd modules): kept, that
work is done once, not again at each run's start; and the processes the tests start (`bot.py`,
AI pools, the multi-process and packaging tests) load Gavel compiled once instead of compiling
every module again each time."""

from __future__ import annotations

import os
import sys

sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

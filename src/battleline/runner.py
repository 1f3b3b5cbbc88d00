"""Deprecated: the runner is :mod:`battleline.arena.runner` (its parts in
``battleline.arena.backends``, ``.saves`` and ``.stops``). This module re-exports its
public names and warns once on import."""

from __future__ import annotations

import warnings

from .arena.backends import CHUNK_SECONDS, CPU_CHECK_SECONDS, MAX_CHUNK, NO_CPU_WAIT, RETRIES, local_node, play_chunk
from .arena.runner import (Match, ProgressLines, check_games, check_jobs, max_jobs, paired_games, play_match,
                           run_games)
from .arena.saves import SavedRuns, SaveFile, compressed, load_saved, read_saved
from .arena.stops import MatchInterrupted, RunStopped

__all__ = ["run_games", "play_match", "paired_games", "load_saved", "read_saved", "check_jobs", "check_games",
           "max_jobs", "local_node", "Match", "RETRIES", "SavedRuns", "SaveFile", "RunStopped",
           "MatchInterrupted", "ProgressLines", "play_chunk", "compressed", "CHUNK_SECONDS", "MAX_CHUNK",
           "NO_CPU_WAIT", "CPU_CHECK_SECONDS"]

warnings.warn("battleline.runner is deprecated: import from battleline.arena.runner instead",
              DeprecationWarning, stacklevel=2)

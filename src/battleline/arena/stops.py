"""How a run of many games stops early: :class:`RunStopped` when it cannot go on, and
:class:`MatchInterrupted` for Ctrl-C; both say what is saved and how to play the rest.

>>> isinstance(MatchInterrupted("stopped"), KeyboardInterrupt), RunStopped("full disk", unsaved=3).unsaved
(True, 3)
"""

from __future__ import annotations

__all__ = ["RunStopped", "MatchInterrupted"]


class RunStopped(RuntimeError):
    """A run that could not go on (a save file that cannot be written, a cluster with no
    node left to play): the message says why, what is saved and how to play the rest.
    ``unsaved``: games that finished but could not be written."""

    def __init__(self, message: str, unsaved: int = 0):
        super().__init__(message)
        self.unsaved = unsaved


class MatchInterrupted(KeyboardInterrupt):
    """Ctrl-C during a match: still a ``KeyboardInterrupt``, whose message says what is
    saved and how to play the rest."""


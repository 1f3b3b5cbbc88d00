"""What a mode's controller (:mod:`.play`, :mod:`.edit`, :mod:`.puzzle`) uses of the widget
that holds it: the :class:`Host` protocol. :class:`~.shell.BattleLineWidget` is one; the
controllers name only this, so the shell imports them and they never import the shell.

>>> from battleline.widgets import BattleLineWidget
>>> isinstance(BattleLineWidget(), Host)
True
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from ..wording import Wording

__all__ = ["Host"]


@runtime_checkable
class Host(Protocol):
    """The widget as its controllers see it."""

    wording: Wording    # the words of the language and name set on screen
    mode: str           # the mode on screen: "play", "edit" or "puzzle"

    @property
    def hot_seat(self) -> bool:
        """Whether two people play at one screen (no bot)."""

    @property
    def options(self) -> dict:
        """Play mode's options (shown only in play mode)."""

    def refresh(self) -> None:
        """Send the view of the mode on screen to the browser."""

    def edit(self) -> None:
        """Switch to edit mode, with the position on screen as the draft."""

    def play_from_editor(self, opponent: Any = "hard") -> None:
        """Play on from the edited position against ``opponent``."""

"""The errors both games raise. All are ``ValueError``s, so ``except ValueError`` catches any
bad input; each message names the rule broken or the text that could not be read.

>>> issubclass(InvalidMoveError, ValueError) and issubclass(IllegalMoveError, ValueError)
True
"""

from __future__ import annotations

__all__ = ["InvalidMoveError", "IllegalMoveError", "PositionError", "shorten"]


class InvalidMoveError(ValueError):
    """Move text that cannot be read at all (a typo, an unknown card, a flag out of range)."""


class IllegalMoveError(ValueError):
    """A well-formed move that the rules do not allow in this position."""


class PositionError(ValueError):
    """A position, record or puzzle that is malformed or impossible."""


def shorten(text: object, limit: int = 40) -> str:
    """``repr`` of a piece of user input, cut to ``limit`` characters, for error messages:
    never echo a long input whole.

    >>> shorten("R7@3")
    "'R7@3'"
    >>> shorten("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…' (100 characters)"
    """
    if isinstance(text, str):
        if len(text) <= limit:
            return repr(text)
        return repr(text[: limit - 4] + "…") + f" ({len(text)} characters)"
    r = repr(text)
    return r if len(r) <= limit else r[: limit - 1] + "…"

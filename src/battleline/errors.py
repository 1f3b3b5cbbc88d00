"""The errors both games raise. All are ``ValueError``s, so ``except ValueError`` catches any
bad input; each message names the rule broken or the text that could not be read.

>>> issubclass(InvalidMoveError, ValueError) and issubclass(IllegalMoveError, ValueError)
True
"""

from __future__ import annotations

import reprlib
from collections.abc import Callable
from typing import Any

__all__ = ["RuleError", "InvalidMoveError", "IllegalMoveError", "PositionError", "clip", "shorten",
           "MAX_POSITION_TEXT", "MAX_RECORD_TEXT", "check_record_length", "read_text"]

# The longest position text either game's reader takes: a real position is a few hundred
# characters (a thousand or two with comments); reading megabytes would only stall the kernel.
MAX_POSITION_TEXT = 20_000
# The longest record text either game reads (a real record is a few thousand characters):
# checked before the JSON is parsed, which takes many times its size in memory.
MAX_RECORD_TEXT = 5_000_000


def check_record_length(text, error: type[ValueError] = ValueError) -> None:
    """Raise ``error`` when ``text`` (a record's text, or a paste that may be one) is longer
    than :data:`MAX_RECORD_TEXT` characters; anything else passes.

    >>> check_record_length("x" * (MAX_RECORD_TEXT + 1))
    Traceback (most recent call last):
    ...
    ValueError: a record is at most 5,000,000 characters, not 5,000,001
    """
    if isinstance(text, (str, bytes, bytearray)) and len(text) > MAX_RECORD_TEXT:
        raise error(f"a record is at most {MAX_RECORD_TEXT:,} characters, not {len(text):,}")


def read_text(value: object, read: Callable[[str], Any], error: type[ValueError], *, not_text: str,
              refused: str) -> Any:
    """``read(value)`` for a piece of text from a document (a record's action, a puzzle's
    move): ``error`` saying ``not_text`` when it is no text, or ``refused`` and the reason
    when ``read`` refuses it (a ``ValueError``).

    >>> read_text("12", int, ValueError, not_text="not text", refused="the count")
    12
    >>> read_text("x", int, ValueError, not_text="not text", refused="the count")
    Traceback (most recent call last):
    ...
    ValueError: the count: invalid literal for int() with base 10: 'x'
    """
    if not isinstance(value, str):
        raise error(not_text)
    try:
        return read(value)
    except ValueError as e:
        raise error(f"{refused}: {e}") from None


class RuleError(ValueError):
    """A ``ValueError`` that also names the rule it reports, for wording it in other
    languages: ``rule`` is a stable key (``"not-in-hand"``) or None, ``params`` fills its
    blanks (card ids, flag numbers, players 0/1). ``str(err)`` stays the English message.

    >>> e = IllegalMoveError("R7 is not in south's hand", rule="not-in-hand", card="R7", player=1)
    >>> e.rule, e.params, str(e)
    ('not-in-hand', {'card': 'R7', 'player': 1}, "R7 is not in south's hand")
    """

    def __init__(self, message: str = "", *, rule: str | None = None, **params):
        super().__init__(message)
        self.rule = rule
        self.params = params


class InvalidMoveError(RuleError):
    """Move text that cannot be read at all (a typo, an unknown card, a flag out of range)."""


class IllegalMoveError(RuleError):
    """A well-formed move that the rules do not allow in this position."""


class PositionError(RuleError):
    """A position, record or puzzle that is malformed or impossible."""


def clip(text: str, limit: int = 40) -> str:
    """``text`` cut to ``limit`` characters (an ellipsis marks the cut), for quoting user
    input inside a sentence.

    >>> clip("R7@3"), clip("x" * 50, 10)
    ('R7@3', 'xxxxxxxxx…')
    """
    return text if len(text) <= limit else text[: limit - 1] + "…"


def shorten(text: object, limit: int = 40) -> str:
    """``repr`` of a piece of user input, cut to ``limit`` characters, for error messages:
    never echo a long input whole.

    >>> shorten("R7@3")
    "'R7@3'"
    >>> shorten("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…' (100 characters)"
    >>> deep = []
    >>> for _ in range(100_000): deep = [deep]
    >>> shorten(deep)
    '[[[[[[[[[...]]]]]]]]]'
    """
    if isinstance(text, str):
        if len(text) <= limit:
            return repr(text)
        return repr(text[: limit - 4] + "…") + f" ({len(text)} characters)"
    try:
        r = repr(text)
    except RecursionError:   # nested deeper than repr goes (a hostile widget message): show the top
        r = _SHALLOW.repr(text)
    return r if len(r) <= limit else r[: limit - 1] + "…"


_SHALLOW = reprlib.Repr()
_SHALLOW.maxlevel = 8

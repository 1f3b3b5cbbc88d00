"""Helpers shared by the tests."""

import dataclasses


def norm(o):
    """An observation with the hands in card order (the order of a hand is not part of
    the position)."""
    return dataclasses.replace(o, hand=tuple(sorted(o.hand)),
                               opponent_known=tuple(sorted(o.opponent_known)))

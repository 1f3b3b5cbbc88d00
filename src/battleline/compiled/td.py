"""TD(lambda) on a linear value over sparse features, for both games' learned values
(:mod:`battleline.standard.kernel.value`, :mod:`battleline.ancient.kernel.value`): the value
is ``sigmoid(w . x)``; a state's features are index/value pairs (``put`` appends one).

Both kernel packages import this module, so it is one of :data:`battleline.compiled.SHARED_KERNEL_FILES`.

>>> import numpy as np
>>> index, value = np.zeros(4, dtype=np.int64), np.zeros(4)
>>> n = put(index, value, put(index, value, 0, 2, 1.0), 3, 0.0)
>>> n, float(sparse_value(np.array([0.0, 0.0, 0.0]), index, value, n))
(1, 0.5)
"""

from __future__ import annotations

import math

from . import kernel_function

__all__ = ["put", "sparse_value", "td_learn", "outcome_error"]


@kernel_function
def put(index, value, n, feature, amount):
    """Append one feature (a zero is left out); returns the new count."""
    if amount != 0.0:
        index[n] = feature
        value[n] = amount
        n += 1
    return n


@kernel_function
def sparse_value(weights, index, value, n):
    """``sigmoid(w . x)`` of a sparse feature list."""
    total = 0.0
    for i in range(n):
        total += weights[index[i]] * value[i]
    return 1.0 / (1.0 + math.exp(-total))


@kernel_function
def td_learn(weights, index, value, counts, n_states, outcome, alpha, lam, trace):
    """TD(lambda) over one view's recorded states (rows of ``index``/``value``, ``counts``
    active features each), the last followed by ``outcome``: each state's value moves toward
    the next one's, by ``alpha`` times the error along the eligibility ``trace`` (decayed by
    ``lam``; the gradient of the sigmoid). Returns the sum of squared errors."""
    trace[:] = 0.0
    if n_states == 0:
        return 0.0
    current = sparse_value(weights, index[0], value[0], counts[0])
    squared = 0.0
    for t in range(n_states):
        trace *= lam
        slope = current * (1.0 - current)
        for i in range(counts[t]):
            trace[index[t, i]] += slope * value[t, i]
        if t + 1 < n_states:
            following = sparse_value(weights, index[t + 1], value[t + 1], counts[t + 1])
        else:
            following = outcome
        error = following - current
        squared += error * error
        weights += alpha * error * trace
        if t + 1 < n_states:
            current = sparse_value(weights, index[t + 1], value[t + 1], counts[t + 1])
    return squared


@kernel_function
def outcome_error(weights, index, value, counts, n_states, outcome):
    """The sum over the recorded states of (result - value)², before the game is learned."""
    total = 0.0
    for t in range(n_states):
        error = outcome - sparse_value(weights, index[t], value[t], counts[t])
        total += error * error
    return total

"""Helpers shared by the tests."""

import asyncio
import dataclasses
import threading


def load_experiment(name: str):
    """The script ``docs/experiments/<name>.py`` as a module (the experiments are scripts,
    not part of the package)."""
    import importlib.util
    import sys
    from pathlib import Path
    folder = Path(__file__).resolve().parents[1] / "docs" / "experiments"
    if str(folder) not in sys.path:
        sys.path.append(str(folder))     # a script imports its siblings, as when run from there
    path = folder / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def norm(o):
    """An observation with the hands in card order (the order of a hand is not part of
    the position)."""
    return dataclasses.replace(o, hand=tuple(sorted(o.hand)),
                               opponent_known=tuple(sorted(o.opponent_known)))


def run_async(main, timeout: float = 60):
    """``asyncio.run(main())`` in a thread of its own, returning its result: the browser
    tests' Playwright session keeps an event loop running in the main thread."""
    out, errors = [], []

    def target():
        try:
            out.append(asyncio.run(main()))
        except BaseException as e:  # re-raised in the test's thread
            errors.append(e)

    t = threading.Thread(target=target)
    t.start()
    t.join(timeout)
    assert not t.is_alive(), "the event loop did not finish"
    if errors:
        raise errors[0]
    return out[0]


def advance(seed: int, plies: int):
    """A game of the given seed after ``plies`` moves of a seeded random player."""
    from battleline import Game
    from battleline.standard.bots import RandomBot
    g = Game(seed=seed)
    mover = RandomBot(seed=seed)
    for _ in range(plies):
        if g.is_over():
            break
        g.play(mover.choose(g.observation(g.to_move)))
    return g


def run_in_plain_python(code: str, timeout: float = 600) -> str:
    """Run ``code`` in a fresh process with the kernels in their plain-Python mode
    (``BATTLELINE_KERNEL=python``); its standard output, after asserting it exited cleanly."""
    import os
    import subprocess
    import sys
    env = {**os.environ, "BATTLELINE_KERNEL": "python"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=timeout)
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-2000:]
    return out.stdout


def in_two_tiers(quick_examples: int, cases, full):
    """A Hypothesis property in two sizes: ``in_two_tiers(n, given(...), settings(...))(body)``
    returns two tests of ``body``, the quick tier's with ``n`` examples and the slow tier's
    with the ``full`` settings, so the whole suite still tries every example it tried before.
    Name them ``test_x, test_x_at_length``."""
    import pytest
    from hypothesis import settings
    return lambda body: (settings(full, max_examples=quick_examples)(cases(body)),
                         pytest.mark.slow(full(cases(body))))


def at_screen(widget):
    """A widget for two people at one screen with its first cover lifted, as the first
    player's click does (tests of what happens once a player is at the screen)."""
    if widget.view.get("cover"):
        widget.reveal()
    return widget

"""Review for both games: ``battleline.review(game)`` and ``python -m battleline review RECORD``.

A game of Battle Line (a :class:`~battleline.standard.game.Game` or its record) is reviewed by
:mod:`battleline.standard.reviewing`, a battle of Ancient Battles (an ``AncientGame`` or its
record) by :mod:`battleline.ancient.reviewing`; both give a
:class:`~battleline.annotation.Review`. See ``docs/review.md``.

>>> from battleline import Game, review
>>> g = Game(seed=2)
>>> g.play(g.legal_moves()[0])
>>> review(g, budget=32).decisions[0].index
0
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .annotation import Progress, Review, check_budget, check_seed
from .errors import MAX_RECORD_TEXT, check_record_length, shorten

__all__ = ["review", "hint", "game_kind", "main", "parser"]


def game_kind(game) -> str:
    """``"standard"`` or ``"ancient"``: which game a game object or record text is.

    >>> game_kind('{"format": "battleline-record"}'), game_kind('{"game": "ancient battles"}')
    ('standard', 'ancient')
    """
    if isinstance(game, (str, bytes, bytearray)):
        check_record_length(game)
        try:
            doc = json.loads(game)
        except (ValueError, RecursionError):
            raise ValueError(f"a record is JSON text (Game.record() or AncientGame.record()), not "
                             f"{shorten(game)}") from None
        game = doc
    if isinstance(game, dict):
        if game.get("format") == "battleline-record":
            return "standard"
        if game.get("game") == "ancient battles":
            return "ancient"
        raise ValueError(f"not a game record of either game: {shorten(game)}")
    kind = type(game).__name__
    if kind == "Game":
        return "standard"
    if kind == "AncientGame":
        return "ancient"
    raise ValueError(f"a review takes a Game, an AncientGame or a record's text, not {shorten(game)}")


def review(game, seat: int | str | None = None, *, budget: int | None = None, seed: int = 0,
           progress: Progress | None = None) -> Review:
    """Review a game of either game (see the module's docstring); the arguments are those of
    :func:`battleline.standard.reviewing.review`."""
    if game_kind(game) == "ancient":
        from .ancient import reviewing as ancient_reviewing
        if isinstance(game, (bytes, bytearray)):
            game = game.decode()
        return ancient_reviewing.review(game, seat, budget=budget, seed=seed, progress=progress)
    from .standard import reviewing
    return reviewing.review(game, seat, budget=budget, seed=seed, progress=progress)


def hint(game, *, budget: int | None = None, seed: int = 0):
    """The move the search prefers for the seat to move, in either game (a
    :class:`~battleline.annotation.Decision` whose ``played`` is None)."""
    kind = {"Game": "standard", "AncientGame": "ancient"}.get(type(game).__name__)
    if kind is None:
        raise ValueError(f"a hint takes a Game or an AncientGame, not {shorten(game)}")
    if kind == "ancient":
        from .ancient import reviewing as ancient_reviewing
        return ancient_reviewing.hint(game, budget=budget, seed=seed)
    from .standard import reviewing
    return reviewing.hint(game, budget=budget, seed=seed)


def parser() -> argparse.ArgumentParser:
    """The command's arguments: ``RECORD [--seat south] [--json] [--budget N] [--seed S] [--lang ja]``.

    >>> parser().parse_args(["game.json", "--seat", "south"]).seat
    'south'
    """
    ap = argparse.ArgumentParser(prog="python -m battleline review",
                                 description="Review a game: every decision judged by the search from what "
                                             "its player knew, with the better move and a reason.")
    ap.add_argument("record", help="a game record's file (Game.record() or AncientGame.record()), or - for "
                                   "standard input")
    ap.add_argument("--seat", choices=["north", "south"], default=None, help="review one seat (default: both)")
    ap.add_argument("--json", action="store_true", help="print the review as JSON")
    ap.add_argument("--budget", type=int, default=None, help="play-outs a decision (default: the game's)")
    ap.add_argument("--seed", type=int, default=0, help="the search's seed (the same seed, the same review)")
    ap.add_argument("--lang", choices=["en", "ja"], default="en", help="the comments' language")
    return ap


def main(argv: list[str] | None = None) -> int:
    """``python -m battleline review RECORD [--seat south] [--json] [--budget N] [--seed S]``:
    the budget and seed are checked before the record is read (replaying it loads the search)."""
    args = parser().parse_args(argv)
    try:
        check_budget(args.budget, 0)
        check_seed(args.seed)
        text = sys.stdin.read(MAX_RECORD_TEXT + 1) if args.record == "-" else _read(args.record)
        result = review(text, args.seat, budget=args.budget, seed=args.seed, progress=_progress_bar())
    except ValueError as e:
        print(f"python -m battleline review: {e}", file=sys.stderr)
        return 2
    print(json.dumps(result.to_json(), indent=1, ensure_ascii=False) if args.json else result.to_text(args.lang))
    return 0


def _read(path: str) -> str:
    try:
        with open(Path(path), encoding="utf-8") as f:
            return f.read(MAX_RECORD_TEXT + 1)
    except OSError as e:
        raise ValueError(f"cannot read {shorten(path)}: {e.strerror or e}") from None
    except UnicodeDecodeError:
        raise ValueError(f"{shorten(path)} is not text") from None


def _progress_bar() -> Progress:
    """A tqdm bar on standard error (silent when nothing is to be judged)."""
    from tqdm import tqdm
    bar = None

    def progress(done: int, total: int) -> None:
        nonlocal bar
        if bar is None:
            bar = tqdm(total=total, desc="reviewing", unit="decision", file=sys.stderr, leave=False)
        bar.update(done - bar.n)
        if done >= total:
            bar.close()
    return progress

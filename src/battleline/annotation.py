"""A reviewed game's annotations, shared by both games' reviews: decisions, labels, marks.

A review judges each decision of a seat from what that seat knew at the time: the search
estimates, in worlds dealt again from the seat's observation, the seat's chance of winning
after the move it played and after the move the search prefers. The drop between the two is
the decision's ``loss``, and the loss gives its label, as lichess marks chess moves (a drop
in winning chances of 5, 10 and 15 points):

========================  ==============  ====
loss (chance, 0-1)        label           mark
========================  ==============  ====
the search's own choice,  ``best``
or below 0.01
below 0.05                ``good``
0.05 to below 0.10        ``inaccuracy``  ?!
0.10 to below 0.15        ``mistake``     ?
0.15 or more              ``blunder``     ??
========================  ==============  ====

>>> label_of(0.0), label_of(0.03), label_of(0.07), label_of(0.12), label_of(0.4)
('best', 'good', 'inaccuracy', 'mistake', 'blunder')
>>> MARKS["blunder"]
'??'
"""

from __future__ import annotations

import json
import numbers
from dataclasses import asdict, dataclass, field
from typing import Callable

from .errors import shorten

__all__ = ["LABELS", "MARKS", "THRESHOLDS", "ACCEPT_WITHIN", "within_reach", "Decision", "Review", "label_of", "check_seat", "check_budget",
           "check_seed", "decision_seed", "Progress"]

LABELS = ("best", "good", "inaccuracy", "mistake", "blunder")
# The least loss of each label after "best": lichess's 0.1/0.2/0.3 on its -1..1 scale.
THRESHOLDS = {"good": 0.01, "inaccuracy": 0.05, "mistake": 0.10, "blunder": 0.15}
MARKS = {"best": "", "good": "", "inaccuracy": "?!", "mistake": "?", "blunder": "??"}
SEAT_NAMES = ("north", "south")
#: Practice (:mod:`battleline.practice`) and a "better" puzzle accept an answer whose chance of
#: winning is at most this far below the best move's: 5 percentage points of win chance.
ACCEPT_WITHIN = 0.05

#: ``progress(done, total)``: called after each judged decision (``total`` is the number of
#: decisions to judge).
Progress = Callable[[int, int], None]


def label_of(loss: float, played_is_best: bool = False) -> str:
    """The label of a decision that lost ``loss`` of its chance of winning.

    >>> label_of(0.2, played_is_best=True)
    'best'
    """
    if played_is_best:
        return "best"
    label = "best"
    for name in ("good", "inaccuracy", "mistake", "blunder"):
        if loss >= THRESHOLDS[name] - 1e-12:
            label = name
    return label


def within_reach(chance: float, chance_best: float, within: float = ACCEPT_WITHIN) -> bool:
    """Whether an answer's chance of winning is at most ``within`` (a fraction: 0.05 is 5
    percentage points) below the best move's, both judged on the same worlds.

    >>> within_reach(0.56, 0.60), within_reach(0.54, 0.60), within_reach(0.7, 0.6)
    (True, False, True)
    """
    return chance_best - chance <= within + 1e-9


def check_seat(seat) -> int | None:
    """``seat`` as 0 (north), 1 (south) or None (both); names are accepted.

    >>> check_seat("south"), check_seat(0), check_seat(None)
    (1, 0, None)
    """
    if seat is None:
        return None
    if isinstance(seat, str) and seat.strip().lower() in SEAT_NAMES:
        return SEAT_NAMES.index(seat.strip().lower())
    if isinstance(seat, bool) or not isinstance(seat, numbers.Integral) or seat not in (0, 1):
        raise ValueError(f"seat is 0 (north), 1 (south) or None (both seats), not {shorten(seat)}")
    return int(seat)


def check_budget(budget, default: int, low: int = 16, high: int = 1_000_000) -> int:
    """``budget`` (play-outs a decision) as a whole number in [low, high]; None gives
    ``default``.

    >>> check_budget(None, 800), check_budget(64, 800)
    (800, 64)
    """
    if budget is None:
        return default
    if isinstance(budget, bool) or not isinstance(budget, int) or not low <= budget <= high:
        raise ValueError(f"budget is a whole number of play-outs from {low} to {high:,}, not {shorten(budget)}")
    return budget


def check_seed(seed) -> int:
    """A review's seed: a whole number from 0 to 2**32 - 1.

    >>> check_seed(7)
    7
    """
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**32:
        raise ValueError(f"seed is a whole number from 0 to 2**32 - 1, not {shorten(seed)}")
    return seed


def decision_seed(seed: int, index: int) -> int:
    """A decision's own random stream, from the review's seed and the move's index alone (so
    that a review is fair: nothing the seat could not see chooses its worlds).

    >>> decision_seed(0, 5) == decision_seed(0, 5) != decision_seed(1, 5)
    True
    """
    return (seed * 1_000_003 + index) & 0xFFFFFFFFFFFF


@dataclass(frozen=True)
class Decision:
    """One judged decision.

    ``index`` is the move's 0-based place in the game's move list; ``played`` and ``best``
    the move made and the move the search prefers (as text); ``chance_played`` and
    ``chance_best`` the seat's chance of winning after each (None where nothing was searched:
    a hint to claim, or to make the only legal move); ``loss`` their difference (never
    below 0); ``label`` and ``mark`` from :func:`label_of`; ``reason`` and ``reason_ja`` the
    reason in words; ``flags`` the flags (Battle Line) or squares (Ancient Battles) the reason
    names, for a view to highlight; ``motifs`` the keys of the ideas the reason names
    (``battleline.standard.motifs``, ``battleline.ancient.motifs``). A hint is a Decision
    whose ``played`` is None.

    >>> d = Decision(4, 0, "R7@3", "R9@3", 0.41, 0.62, 0.21, "blunder", "??", "…", "…")
    >>> d.mark, d.is_hint
    ('??', False)
    """

    index: int
    seat: int
    played: str | None
    best: str
    chance_played: float | None
    chance_best: float | None
    loss: float
    label: str
    mark: str
    reason: str
    reason_ja: str
    flags: tuple = ()
    playouts: int = 0
    motifs: tuple = ()

    @property
    def is_hint(self) -> bool:
        return self.played is None

    def comment(self, lang: str = "en") -> str:
        """The decision's comment in a record: its label, the better move and the reason."""
        reason = self.reason_ja if lang == "ja" else self.reason
        if self.label == "best":
            return f"{self.chance_played:.0%}. {reason}"
        better = f"Best was {self.best} ({self.chance_best:.0%})" if lang != "ja" else \
            f"最善は {self.best}（{self.chance_best:.0%}）"
        return f"{self.label}: {self.chance_played:.0%}. {better}. {reason}"


@dataclass
class Review:
    """A reviewed game: its moves (as text, with the seat that made each) and the judged
    decisions, in move order. :meth:`to_text` is the annotated record, :meth:`to_json` the
    same as data.

    >>> r = Review("standard", ["R7@3"], [0], [Decision(0, 0, "R7@3", "R7@3", 0.5, 0.5, 0.0,
    ...            "best", "", "Even.", "互角。")], seat=None, budget=64, seed=0)
    >>> print(r.to_text().splitlines()[-1])
    1. north R7@3 {50%. Even.}
    """

    game: str
    moves: list
    movers: list
    decisions: list = field(default_factory=list)
    seat: int | None = None
    budget: int = 0
    seed: int = 0
    result: str | None = None

    def summary(self) -> dict:
        """Per seat: the count of each label and the average loss.

        >>> Review("standard", [], [], []).summary()["north"]["decisions"]
        0
        """
        out = {}
        for s, name in enumerate(SEAT_NAMES):
            mine = [d for d in self.decisions if d.seat == s]
            counts = {label: sum(1 for d in mine if d.label == label) for label in LABELS}
            out[name] = {"decisions": len(mine), **counts,
                         "average_loss": round(sum(d.loss for d in mine) / len(mine), 4) if mine else 0.0}
        return out

    def to_json(self) -> dict:
        """The review as JSON-ready data."""
        return {"format": "battleline-review", "version": 1, "game": self.game,
                "seat": None if self.seat is None else SEAT_NAMES[self.seat], "budget": self.budget,
                "seed": self.seed, "result": self.result, "moves": list(self.moves),
                "movers": [SEAT_NAMES[m] for m in self.movers],
                "decisions": [{**asdict(d), "seat": SEAT_NAMES[d.seat], "flags": list(d.flags), "motifs": list(d.motifs)}
                              for d in self.decisions],
                "summary": self.summary()}

    def to_text(self, lang: str = "en") -> str:
        """An annotated record, like a PGN with comments: a header, then every move
        numbered, each judged one with its mark and ``{comment}``."""
        from .texts import review_counts, say as text_of
        say = lambda key, **blanks: text_of(lang, key, **blanks)  # noqa: E731
        judged = {d.index: d for d in self.decisions}
        reviewed = say("study.header_both") if self.seat is None else SEAT_NAMES[self.seat]
        lines = [f"[Game \"{self.game}\"]", f"[Reviewed \"{reviewed}\"]",
                 f"[Budget \"{say('study.header_budget', n=self.budget)}\"]", f"[Seed \"{self.seed}\"]"]
        if self.result:
            lines.append(f"[Result \"{self.result}\"]")
        for name, row in self.summary().items():
            if row["decisions"]:
                summary = say("study.header_seat", counts=review_counts(say, row), loss=f"{row['average_loss']:.1%}")
                lines.append(f"[{name.capitalize()} \"{summary}\"]")
        lines.append("")
        for i, (move, mover) in enumerate(zip(self.moves, self.movers)):
            d = judged.get(i)
            text = f"{i + 1}. {SEAT_NAMES[mover]} {move}"
            if d is not None:
                text += f"{d.mark} {{{d.comment(lang)}}}"
            lines.append(text)
        return "\n".join(lines)

    def to_json_text(self) -> str:
        return json.dumps(self.to_json(), indent=1, ensure_ascii=False)

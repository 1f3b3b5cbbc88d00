"""The bot interface for Ancient Battles, army building for points battles, and the named
levels (:func:`battleline.ancient.bots.ancient_bot` makes a bot from its level).

A bot gets only ``game.observation(side)`` and returns one of its ``legal_actions`` as an
:class:`~battleline.ancient.actions.Action`. To look ahead it rebuilds a game from the
observation (:func:`battleline.ancient.worlds.sample_world`), sampling what it cannot see.

>>> from battleline.ancient import AncientGame
>>> from battleline.ancient.bots import ancient_bot
>>> g = AncientGame.scenario("marathon", seed=1)
>>> bot = ancient_bot("easy", seed=2)
>>> str(bot.choose(g.observation(g.to_act))) in g.observation(g.to_act).legal_actions
True
"""

from __future__ import annotations

import random

from ...cards import COLORS
from ...errors import PositionError
from ...plugins import LEVELS as GAME_LEVELS
from ..actions import Action
from ..armies import MAX_CARDS, MAX_PER_TYPE, POINTS_BUDGET, Army, check_points_army
from ..observation import Observation
from ..worlds import sample_world

__all__ = ["AncientBot", "LEVELS", "random_army", "army_from_plan"]

#: The levels' classes in Ancient Battles: ``hard`` is the dice search of the fights since
#: issue 42 (it beat ``PlannerBot`` by a rule fixed in advance; docs/experiments/LOG.md).
LEVELS = {**GAME_LEVELS, "hard": "DiceFightBot"}


class AncientBot:
    """A player of Ancient Battles. Subclasses implement :meth:`decide`.

    ``seed`` makes a bot deterministic: a fresh bot with the same seed, given the same
    observation, makes the same choice (the hidden parts it samples and the dice it imagines
    come from its own random stream, never from the game).
    """

    name = "bot"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(self, obs: Observation) -> Action:
        """The action to play, from the observation of the side to act."""
        if not obs.legal_actions:
            raise ValueError(f"{obs.side} has nothing to decide ({obs.phase} step, {obs.to_act} to act)")
        if len(obs.legal_actions) == 1:
            return Action.parse(obs.legal_actions[0])
        return Action.parse(self.decide(obs))

    def decide(self, obs: Observation) -> str:
        """The text of one of ``obs.legal_actions`` (at least two to choose from)."""
        raise NotImplementedError

    def world(self, obs: Observation):
        """A game consistent with ``obs``, the hidden parts sampled from this bot's stream."""
        return sample_world(obs, self.rng)

    def build_army(self, colours: str) -> Army:
        """A points army from cards of ``colours`` (three letters of ``ROYGBP``), within the
        budget and every limit. The default is a random army."""
        return random_army(colours, self.rng)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed!r})"


def random_army(colours: str, rng: random.Random) -> Army:
    """Random cards of ``colours`` added while every points limit holds; bows at random.

    >>> a = random_army("ROY", random.Random(3))
    >>> a.points <= 100 and a.colours <= set("ROY")
    True
    """
    pool = [f"{c}{v}" for c in _colours(colours) for v in range(1, 11)]
    rng.shuffle(pool)
    cards: list[str] = []
    bows: list[str] = []
    points = 0
    for card in pool:
        value = int(card[1:])
        if len(cards) == MAX_CARDS or points + value > POINTS_BUDGET:
            continue
        if sum(int(c[1:]) == value for c in cards) == MAX_PER_TYPE:
            continue
        cards.append(card)
        points += value
        if value in (3, 7) and points < POINTS_BUDGET and rng.random() < 0.5:
            bows.append(card)
            points += 1
    army = Army(cards, bows)
    check_points_army(army)
    return army


def army_from_plan(colours: str, plan: list[tuple[int, int, int]]) -> Army:
    """An army from ``plan``, a list of ``(value, count, bows)``: ``count`` cards of that
    value from ``colours`` in order, the first ``bows`` of them with a bow. Checked against
    every points limit (PositionError names the one broken).

    >>> army_from_plan("GBP", [(5, 3, 0), (7, 2, 2)]).text()
    'G5 G7* B5 B7* P5'
    """
    cols = _colours(colours)
    cards, bows = [], []
    for value, count, n_bows in plan:
        if count > len(cols):
            raise PositionError(f"type limit: {count} cards of value {value} from {len(cols)} colours")
        for i in range(count):
            cards.append(f"{cols[i]}{value}")
            if i < n_bows:
                bows.append(f"{cols[i]}{value}")
    army = Army(cards, bows)
    check_points_army(army)
    return army


def _colours(colours: str) -> list[str]:
    cols = [c for c in str(colours).upper() if c in COLORS]
    if not cols or len(cols) != len(str(colours)) or len(set(cols)) != len(cols) or len(cols) > 3:
        raise PositionError(f"colour limit: up to three distinct colours of {''.join(COLORS)}, not {colours!r}")
    return cols


def troop_value(card: str) -> int:
    """The value (troop type) of a card text such as ``"R4"`` or ``"R3*"``."""
    return int(card.rstrip("*")[1:])


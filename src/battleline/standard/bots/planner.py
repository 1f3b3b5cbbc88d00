"""PlannerBot: many-world search to the end of the game on the compiled kernel (``hard``).

Claims it can prove are made at once, as every bot does; draws and Scout's steps are chosen
as ``medium`` chooses them. For the card it plays, the bot ranks every legal move with
``medium``'s one-ply evaluation (:func:`~battleline.standard.bots.heuristic.rank_moves`), keeps the
best ``candidates`` (eight), and searches them by successive halving on the kernel
(:mod:`battleline.standard.kernel.search`): each world deals the cards it cannot see at random again,
every candidate still in is played in that same world and then the greedy policy plays both
sides to the end of the game (optionally with Tactics cards, or by the contest rule that
feeds no flag it can no longer win: :mod:`battleline.standard.kernel.policy`); after each third
of the budget the worse half is dropped. The candidate with the best average wins, less the
price of a Tactics card (the greedy play-outs never play one, so the search would spend them
too freely). Playing every candidate in the same worlds
measures their differences on common deals; a bandit (UCB1) that gave each its own worlds
measured weaker (``docs/experiments/LOG.md``). The work per move is a fixed
number of play-outs, so the seed makes the bot reproducible; the wall clock is only a
backstop. Where the kernel is not compiled (no numba, or ``BATTLELINE_KERNEL=python``), and
while a notebook is still compiling it in the background, the bot plays as
:class:`~battleline.standard.bots.search.SearchBot` instead, so that no move waits for the compiler.

>>> from battleline import Game
>>> g = Game(seed=5)
>>> PlannerBot(seed=1, playouts=50).choose(g.observation(g.to_move)) in g.legal_moves()
True
"""

from __future__ import annotations

import time

import numpy as np

from .. import kernel
from ..encoding import encode_move
from ..game import Observation
from ..kernel.layout import TROOP_COUNT
from ..kernel.policy import POLICY_CONTEST, POLICY_GREEDY, POLICY_TACTICS
from ..kernel.search import FLAG_SHARE, search_paired_value, search_paired_with
from ..kernel.value import load_weights
from ..moves import Move
from ...errors import shorten
from ...planning import KernelPlanning, check_count, check_seconds, halving_rounds
from .base import Bot, gc_paused
from .heuristic import HeuristicBot, rank_moves, tactic_cost
from .search import SearchBot

__all__ = ["PlannerBot", "PLAYOUTS", "CANDIDATES", "known_places"]

PLAYOUTS = 2500          # play-outs per decision: about 0.6 s of CPU time on a quiet core
CANDIDATES = 8           # the one-ply ranking's best moves that are searched
COST_SCALE = 0.1         # a Tactics card's price (in flags) as a share of a won game
CHUNK = 250              # play-outs between two looks at the clock
DEADLINE_SHARE = 0.9     # of move_time: the backstop


class PlannerBot(KernelPlanning, Bot):
    """Determinized UCB search with play-outs to the end of the game, on the kernel.

    ``playouts`` per decision; ``move_time`` (seconds) the wall-clock backstop;
    ``candidates`` the moves searched; ``playout_tactics`` makes the play-outs play Tactics
    cards for both sides by cheap rules (:func:`~battleline.standard.kernel.policy.play_out_tactics`;
    off by default; ``docs/experiments/LOG.md`` has its measurement); ``playout_contest`` makes them
    choose troops by the contest rule (no troop fed to a flag it can no longer win; the
    lowest troop thrown away when every flag is lost; off by default); ``prior`` (a share
    of a won game, 0 by default) is added to the score of ``medium``'s first choice in
    every round of the halving, so that another move must beat it by that much;
    ``value_turns`` (None by default: play-outs to the end) cuts each play-out after that
    many turns and scores the value learned by TD(lambda) from self-play
    (:mod:`battleline.standard.kernel.value`, its shipped weights).

    >>> PlannerBot(playout_contest=True, playout_tactics=True).playout_policy
    3
    """

    name = "planner"
    search_kernel = kernel
    cost_scale = COST_SCALE  # a Tactics card's price (in flags) as a share of a won game

    def __init__(self, seed: int | None = None, move_time: float = 1.0, playouts: int = PLAYOUTS,
                 candidates: int = CANDIDATES, playout_tactics: bool = False, playout_contest: bool = False,
                 prior: float = 0.0, value_turns: int | None = None):
        super().__init__(seed)
        if value_turns is not None:
            value_turns = check_count("value_turns", value_turns, low=0)
        self.value_turns = value_turns
        self.value_weights = None if value_turns is None else shipped_weights()
        if isinstance(prior, bool) or not isinstance(prior, (int, float)) or not 0 <= prior <= 1:
            raise ValueError(f"prior is a share of a won game from 0 to 1, not {shorten(prior)}")
        self.prior = float(prior)
        for name, value in (("playout_tactics", playout_tactics), ("playout_contest", playout_contest)):
            if not isinstance(value, bool):
                raise ValueError(f"{name} is True or False, not {shorten(value)}")
        self.playout_tactics = playout_tactics
        self.playout_contest = playout_contest
        # The kernel's policy flag bits (kernel.policy), passed to every search.
        self.playout_policy = ((POLICY_TACTICS if playout_tactics else POLICY_GREEDY)
                               | (POLICY_CONTEST if playout_contest else POLICY_GREEDY))
        self.candidates = check_count("candidates", candidates)
        self.move_time = check_seconds("move_time", move_time)
        self.playouts = check_count("playouts", playouts)
        self._fallback = SearchBot(seed=seed, move_time=move_time)
        self._heuristic = HeuristicBot(seed=seed)
        self.last_playouts = 0       # play-outs of the last searched decision (for benchmarks)
        self.last_used_kernel = False

    def choose(self, obs: Observation) -> Move:
        world, moves, claim = self.world_and_moves(obs)
        if claim is not None:
            return claim
        if len(moves) == 1:
            return moves[0]
        if world.phase != "play":
            self._heuristic.rng = self.rng
            return self._heuristic.choose(obs)
        self.last_used_kernel = self.kernel_usable()
        if not self.last_used_kernel:
            self._fallback.rng = self.rng
            return self._fallback.choose(obs)
        with gc_paused():
            return self._search(obs, world, moves)

    def _search(self, obs: Observation, world, moves: list[Move]) -> Move:
        deadline = time.perf_counter() + self.move_time * DEADLINE_SHARE
        me = obs.seat
        cands = [m for _, m in rank_moves(world, moves, me)[:self.candidates]]
        if len(cands) == 1:
            return cands[0]
        costs = np.array([tactic_cost(world, m, me) for m in cands])
        favour = np.zeros(len(cands))
        favour[0] = self.prior           # medium's first choice
        template = kernel.state_of(world)
        known_troops, known_tactics, troop_slots, tactic_slots = known_places(obs)
        numbers = np.array([encode_move(m) for m in cands], dtype=np.int64)
        rewards = np.zeros(len(cands), dtype=np.float64)
        held = np.zeros((len(cands), 10), dtype=np.int64)
        active = np.ones(len(cands), dtype=np.bool_)
        rng = np.array([kernel.seed_stream(self.rng.getrandbits(63))], dtype=np.int64)
        worlds = 0
        done = 0
        for share in halving_rounds(len(cands)):
            # Each round's play-outs go to the candidates still in, in the same worlds.
            alive = int(active.sum())
            round_worlds = max(1, int(self.playouts * share) // alive)
            while round_worlds > 0:
                step = min(round_worlds, max(1, CHUNK // alive))
                done += self.play_worlds(template, (known_troops, known_tactics, troop_slots, tactic_slots),
                                         numbers, active, step, rng, rewards, held)
                worlds += step
                round_worlds -= step
                if time.perf_counter() > deadline:
                    break
            scores = rewards / worlds - self.cost_scale * costs + favour
            keep = max(1, alive // 2)
            ranked = sorted((k for k in range(len(cands)) if active[k]), key=lambda k: (-scores[k], k))
            active[:] = False
            active[ranked[:keep]] = True
            if keep == 1 or time.perf_counter() > deadline:
                break
        self.last_playouts = done
        return cands[ranked[0]]

    def play_worlds(self, template: np.ndarray, known: tuple, numbers: np.ndarray, active: np.ndarray,
                    worlds: int, rng: np.ndarray, rewards: np.ndarray, held: np.ndarray) -> int:
        """Play the ``active`` candidates (``numbers``) in ``worlds`` new common worlds of
        ``template`` (``known``: :func:`known_places`), adding to ``rewards`` and ``held``
        (:func:`~battleline.standard.kernel.search.search_paired_with`); returns the play-outs
        made. A variant with other play-outs changes only this."""
        if self.value_turns is not None:
            return search_paired_value(template, *known, numbers, active, len(numbers), worlds, rng, rewards,
                                       FLAG_SHARE, held, self.playout_policy, self.value_weights,
                                       self.value_turns)
        return search_paired_with(template, *known, numbers, active, len(numbers), worlds, rng, rewards,
                                  FLAG_SHARE, held, self.playout_policy)


_SHIPPED: list[np.ndarray] = []


def shipped_weights() -> np.ndarray:
    """The learned value's shipped weights, read once per process."""
    if not _SHIPPED:
        _SHIPPED.append(load_weights())
    return _SHIPPED[0]


def known_places(obs: Observation) -> tuple[int, int, np.ndarray, np.ndarray]:
    """What the seat knows of the hidden places: the opponent's cards it has seen (troop and
    Tactics masks), and which deck slots (bottom first) hold a card it put back with Scout.

    >>> from battleline import Game
    >>> troops, tactics, troop_slots, tactic_slots = known_places(Game(seed=1).observation(0))
    >>> troops, tactics, int(troop_slots.sum()), int(tactic_slots.sum())
    (0, 0, 0, 0)
    """
    known_troops = known_tactics = 0
    for c in obs.opponent_known:
        if c < TROOP_COUNT:
            known_troops |= 1 << c
        else:
            known_tactics |= 1 << (c - TROOP_COUNT)
    troop_slots = np.zeros(TROOP_COUNT, dtype=np.bool_)
    tactic_slots = np.zeros(10, dtype=np.bool_)
    for deck, depth, _ in obs.known_deck:
        slots = troop_slots if deck == "troop" else tactic_slots
        size = obs.deck_sizes[0 if deck == "troop" else 1]
        slots[size - 1 - depth] = True
    return known_troops, known_tactics, troop_slots, tactic_slots

"""Review and hints for Ancient Battles: each decision judged by the search from what its side knew.

The decisions judged are a side's choices in its player turn: the **plan** of an action step
(its moves and reinforcements, judged as a whole from the step's start: the engine's action
list gives each action, the decision sits at the first), each **shot** or **attack**, and
the **end** of the fire or melee step. For each, the search rebuilds the battle from the
side's observation (the opponent's Tactics hand and the deck's order dealt again, the dice
fresh in every world) and plays candidates in common worlds on the kernel
(:class:`~battleline.ancient.bots.planner.TurnSearch`'s worlds): ``hard``'s best plans (its
beam search) or its best fights by expected gain, plus the choice made, by successive halving;
then the choice made against the search's choice on fresh worlds. Every play-out runs to the
battle's end with the kernel's play-out policy for both sides, so a chance is a share of
battles won (a draw counts half; a play-out still going after :data:`MAX_PLAYOUT_ACTIONS`,
the policy's rare endless exchanges of fire and rallies, counts as a draw). The same
play-outs count what a wargamer reads: the points each side loses by the end of the
opponent's next turn, which of the side's troops are hit by then, the battles won this very
turn, and the Back Row race (battles won or lost on terrain); the reasons quote them.

Fair: the worlds come from the side's observation at that moment and from ``seed`` and the
decision's index alone, so two battles that looked the same to the side get the same review.
Not judged: set-up (leaders, deployment, the initiative), Tactics, withdrawals, Loyalty and
rallies, and action steps that draw a Tactics card: the play-outs never play a Tactics card,
so they would value drawing one at nothing (for the same reason the search's own plans never
draw). Decisions with a single legal option are left out.

>>> from battleline.ancient import AncientGame
>>> g = AncientGame.empty(seed=1)
>>> g.put("c2", "Hoplites", "south"); g.put("c3", "Skirmishers", "north")
>>> g.play("end actions"); g.play("attack c2-c3")
>>> [(d.index, d.played, d.label) for d in review(g, "south", budget=16).decisions]
[(0, 'end actions', 'best'), (1, 'attack c2-c3', 'best')]
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from .. import review_driver
from ..annotation import MARKS, Decision, Progress, Review, check_budget, check_seat, check_seed, decision_seed, label_of
from ..cards import Card
from ..errors import shorten
from ..texts.ancient import ancient_troop
from ..texts.motifs import motif_sentence
from ..texts.review import reason as reason_words
from . import kernel
from .actions import PLAN_JOINER, Action
from .board import SIDE_NAMES, side_index
from .bots.evaluation import Weights, action_gain
from .bots.planner import TurnSearch, halving_rounds
from .bots.search import SearchBot
from .danger import attack_danger
from .motifs import find as find_motifs
from .motifs import missed, race_opened
from .game import AncientGame
from .kernel.effects import apply
from .kernel.layout import (
    ARMY, BY_LEADER, BY_TERRAIN, DISRUPTED, DRAWN, ELIMINATED, HALF, LOST_POINTS, P_MELEE, P_OVER, P_TACTICS,
    PHASE, REASON, TROOP_COUNT, TURN, WHERE, WINNER,
)
from .kernel.policy import play_out, quick_reply
from .kernel.rules import legal_actions as kernel_legal_actions
from .observation import Observation
from .rules import Rules
from .worlds import sample_world

__all__ = ["review", "iter_review", "hint", "search_ready", "decision_points", "DecisionPoint", "BUDGET", "HINT_BUDGET",
           "PLAN_CANDIDATES", "FIGHT_CANDIDATES", "MAX_PLAYOUT_ACTIONS"]

BUDGET = 600             # play-outs a decision: the halving's share and the confirmation's
HINT_BUDGET = 240        # a hint's, for an answer within about two seconds (compiled)
CONFIRM_SHARE = 0.4      # of the budget, for the choice made and the best on fresh worlds
PLAN_CANDIDATES = 6      # hard's best plans searched, besides the plan made
FIGHT_CANDIDATES = 7     # the end of the step and hard's best shots or attacks by expected gain
MAX_PLAYOUT_ACTIONS = 4000   # a play-out still going then counts as a draw (a battle takes a few hundred)
FIGHT_PHASES = ("fire", "melee")
# What a reason needs to be quoted: a change of this size between the best and the choice made.
WON_NOW_SHARE = 0.5      # battles won this turn, to say the choice wins (or the best would have)
RACE_SWING = 0.10        # battles won less battles lost on the Back Row
HIT_SWING = 0.15         # continuations in which one troop is hit by the opponent's next turn
POINTS_SWING = 1.0       # points taken less points lost by then
# one play-out's figures, the columns of ReviewSearch.totals
(VALUE, WON_NOW, TERRAIN_WON, TERRAIN_LOST, POINTS_LOST, POINTS_TAKEN, UNFINISHED, NOW_BY_TERRAIN,
 NOW_BY_LEADER) = range(9)
N_FIGURES = 9


@dataclass(frozen=True)
class DecisionPoint:
    """A decision a review judges: its ``index`` in the battle's action list (a plan's first
    action), the ``side`` (0 north, 1 south), its ``kind`` (``actions``, ``fire`` or
    ``melee``), the action(s) ``played`` (a plan: the whole step) and the side's
    ``observation`` before it."""

    index: int
    side: int
    kind: str
    played: tuple[str, ...]
    observation: Observation

    @property
    def text(self) -> str:
        return PLAN_JOINER.join(self.played)


def battle_of(game: AncientGame | str | bytes | dict) -> AncientGame:
    """A copy of the battle (an :class:`AncientGame`, a record's text or the dict it holds) at
    its first action, its actions still to be replayed (see :func:`decision_points`)."""
    if isinstance(game, (bytes, bytearray)):
        game = game.decode("utf-8", errors="replace")
    if isinstance(game, (str, dict)):
        return AncientGame.from_record(game)
    if not isinstance(game, AncientGame):
        raise ValueError(f"an Ancient Battles review takes an AncientGame, a record's text or its dict, "
                         f"not {shorten(game)}")
    return AncientGame.from_record(game.record())


def decision_points(game: AncientGame | str | dict, seat: int | str | None = None) -> tuple[list[DecisionPoint], list[str], list[int]]:
    """The judged decisions of ``seat`` (None: both) in the battle, with every action's text and
    the side that made it. The battle is replayed from its first action.

    >>> g = AncientGame.empty(seed=1); g.put("c2", "Hoplites", "south"); g.put("c3", "Peltasts", "north")
    >>> g.play("end actions")
    >>> points, actions, movers = decision_points(g)
    >>> [(p.index, p.kind, p.played) for p in points], actions, movers
    ([(0, 'actions', ('end actions',))], ['end actions'], [1])
    """
    seat = check_seat(seat)
    position = battle_of(game)
    actions = position.actions_played
    for _ in actions:
        position.undo()
    points: list[DecisionPoint] = []
    movers: list[int] = []
    plan: list = []          # the open action step: [index, side, texts, observation]
    step = None
    for index, action in enumerate(actions):
        side = side_index(position.to_act)
        movers.append(side)
        here = (side, position.turn, position.state.half)
        if plan and (position.phase != "actions" or here != step):
            points.extend(_closed(plan))
            plan = []
        if position.phase == "actions" and here != step:
            step = here
            if seat in (None, side) and len(position.legal_actions()) > 1:
                plan = [index, side, [], position.observation(SIDE_NAMES[side])]
        if plan and position.phase == "actions":
            plan[2].append(str(action))
        elif position.phase in FIGHT_PHASES and seat in (None, side) and len(position.legal_actions()) > 1:
            points.append(DecisionPoint(index, side, position.phase, (str(action),),
                                        position.observation(SIDE_NAMES[side])))
        position.push(action)
    if plan:
        points.extend(_closed(plan))
    return points, [str(a) for a in actions], movers


def _closed(plan: list) -> list[DecisionPoint]:
    """The action step's decision, unless it drew a Tactics card (not judged: see the module)."""
    index, side, texts, obs = plan
    return [] if "draw" in texts else [DecisionPoint(index, side, "actions", tuple(texts), obs)]


def walk(game: AncientGame | str | dict, seat: int | None) -> review_driver.Walk:
    """The battle walked for a review (:mod:`battleline.review_driver`): its judged decisions
    (:func:`decision_points`), every action's text and side, and how it ended."""
    points, actions, movers = decision_points(game, seat)
    outcome = battle_of(game).outcome
    return review_driver.Walk(points, actions, movers, outcome.describe() if outcome else None)


def iter_review(game: AncientGame | str | dict, seat: int | str | None = None, *, budget: int | None = None,
                seed: int = 0) -> Iterator[Decision]:
    """Judge the battle's decisions one at a time, in action order (a generator: stop
    iterating to cancel). Arguments as :func:`review`."""
    return review_driver.iter_review(JUDGE, game, seat, budget=budget, seed=seed)


def review(game: AncientGame | str | dict, seat: int | str | None = None, *, budget: int | None = None,
           seed: int = 0, progress: Progress | None = None) -> Review:
    """Review a battle of Ancient Battles (an :class:`AncientGame`, finished or not, or its
    record's text) from its first action: every decision of ``seat`` (0 or ``"north"``, 1 or
    ``"south"``, None for both) judged from what that side knew then, with ``budget``
    play-outs a decision (default :data:`BUDGET`). ``progress(done, total)`` is called after
    each decision.

    >>> g = AncientGame.empty(seed=1); g.put("c2", "Hoplites", "south"); g.put("c3", "Peltasts", "north")
    >>> g.play("end actions")
    >>> r = review(g, budget=16)
    >>> r.game, r.moves, r.decisions[0].seat, r.decisions[0].label
    ('ancient', ['end actions'], 1, 'best')
    """
    return review_driver.review(JUDGE, game, seat, budget=budget, seed=seed, progress=progress)


def hint(game: AncientGame, *, budget: int | None = None, seed: int = 0) -> Decision:
    """The choice the search prefers for the side to act (a whole plan in the action step),
    with its chance and a one-line reason: a :class:`~battleline.annotation.Decision` whose
    ``played`` is None, from that side's observation only. Where the search does not judge
    (set-up, Tactics, withdrawals, Loyalty, rallies) it is ``hard``'s choice, unsearched.

    >>> g = AncientGame.empty(seed=1); g.put("c2", "Hoplites", "south"); g.put("c3", "Skirmishers", "north")
    >>> g.play("end actions")
    >>> h = hint(g, budget=16)
    >>> h.is_hint, h.best
    (True, 'attack c2-c3')
    """
    if not isinstance(game, AncientGame):
        raise ValueError(f"a hint takes an AncientGame, not {shorten(game)}")
    if game.outcome is not None:
        raise ValueError("the battle is over: there is no action to hint")
    budget = check_budget(budget, HINT_BUDGET)
    seed = check_seed(seed)
    obs = game.observation(game.to_act)
    index = len(game.actions_played)
    if len(obs.legal_actions) == 1:
        return _unsearched_hint(obs, obs.legal_actions[0], index, "ab_only")
    if obs.phase != "actions" and obs.phase not in FIGHT_PHASES:
        rng = random.Random(decision_seed(seed, index))
        choice = SearchBot(seed=rng.getrandbits(32)).choose(obs)
        return _unsearched_hint(obs, str(choice), index, "ab_not_searched")
    kernel.prepare_kernel()
    return judge(obs, None, index, budget, seed)


def search_ready() -> bool:
    """Whether a hint or a review searches at once (:func:`battleline.review_driver.search_ready`).

    >>> search_ready() in (True, False)
    True
    """
    return review_driver.search_ready(kernel)


# ------------------------------------------------------------------ judging one decision

def judge(obs: Observation, played: tuple[str, ...] | None, index: int, budget: int, seed: int) -> Decision:
    """One decision: ``played`` (None for a hint) against the search's choice, from ``obs``."""
    rng = random.Random(decision_seed(seed, index))
    world = sample_world(obs, rng)
    me = side_index(obs.side)
    candidates = plan_candidates(world, me) if obs.phase == "actions" else fight_candidates(world, me)
    search = ReviewSearch(world, candidates, rng.getrandbits(63))
    mine = search.add(played) if played is not None else None
    best = search.best_of(int(budget * (1 - CONFIRM_SHARE)), keep=mine)
    pair = [best] if mine in (None, best) else [best, mine]
    if mine is None and search.runner_up != best:
        pair.append(search.runner_up)
    figures = search.confirm(pair, max(8, int(budget * CONFIRM_SHARE) // len(pair)))
    chance_best = round(float(figures[0][VALUE]), 4)
    chance_played = chance_best if mine in (None, best) else round(float(figures[1][VALUE]), 4)
    loss = round(max(0.0, chance_best - chance_played), 4) if mine is not None else 0.0
    label = label_of(loss, played_is_best=mine == best) if mine is not None else "best"
    if label == "best" and mine not in (None, best):
        # as good as the search's choice on these worlds: the reason is the choice made's own
        pair, figures = pair[1:], figures[1:]
    words = Words(obs, world, search, pair, figures, played=mine)
    en, ja, squares = words.reason()
    ideas = ideas_of(world, None if played is None or label == "best" else played, search.candidates[best])
    if ideas:           # the idea first, then the chances; a battle won this turn is said first
        first = words.key in WIN_NOW_KEYS
        en = " ".join([en, *(i[0] for i in ideas)] if first else [*(i[0] for i in ideas), en])
        ja = "".join([ja, *(i[1] for i in ideas)] if first else [*(i[1] for i in ideas), ja])
        squares = list(dict.fromkeys([*(sq for i in ideas for sq in i[2]), *squares]))
    return Decision(index=index, seat=me, played=None if played is None else PLAN_JOINER.join(played),
                    best=search.text(best), chance_played=None if mine is None else chance_played,
                    chance_best=chance_best, loss=loss, label=label, mark=MARKS[label], reason=en, reason_ja=ja,
                    flags=tuple(squares), playouts=search.playouts,
                    motifs=tuple(dict.fromkeys(i[3] for i in ideas)))


# What a decision worse than the search's choice may show that the better one does not.
BAD_IDEAS = ("back_row_open", "in_danger", "exposed")
WIN_NOW_KEYS = ("ab_win_now", "ab_win_missed")
MOST_IDEAS = 2


def ideas_of(world: AncientGame, played: tuple[str, ...] | None,
             best: tuple[str, ...]) -> list[tuple[str, str, tuple[str, ...], str]]:
    """The ideas behind a decision (:mod:`.motifs`), each as ``(English, Japanese, squares,
    key)``, at most :data:`MOST_IDEAS`: what the choice made leaves that the better one does
    not (a Back Row square open, a unit in danger), a reinforcement or a rally it missed, a
    fight's exact odds, and the casualty race when it is close. ``played`` None: a hint, or a
    choice as good as the best, whose own fight and race are said."""
    chosen = list(played if played is not None else best)
    found = find_motifs(world, chosen)
    fights = [m for m in found if m.key == "attack_odds"]
    out = []
    if played is not None:
        better = find_motifs(world, list(best))
        fights += [m for m in better if m.key == "attack_odds"]
        if not fights:          # two plans of the action step: what the one played leaves
            out = race_opened(world, list(played), list(best))
            out += [m for m in found if m.key in BAD_IDEAS and m not in better] + missed(played, best)
    out += fights + [m for m in found if m.key == "casualty_race"]
    return [(motif_sentence(m, "en"), motif_sentence(m, "ja"), m.squares, m.key) for m in out[:MOST_IDEAS]]


def plan_candidates(world: AncientGame, me: int) -> list[tuple[str, ...]]:
    """``hard``'s best plans for the action step (its beam search, without its wall clock, so
    the same world gives the same plans), those that draw a Tactics card left out."""
    ranked = SearchBot(seed=0).ranked_plans(world, me, Rules(world.state), None)
    plans = [tuple(plan) for _, plan in ranked if "draw" not in plan][:PLAN_CANDIDATES]
    return plans or [("end actions",)]


def fight_candidates(world: AncientGame, me: int) -> list[tuple[str, ...]]:
    """The end of the fire or melee step and ``hard``'s best shots or attacks by expected gain
    (the exact odds), the best of them first."""
    legal = world.legal_actions()
    fights = sorted((a for a in legal if a.kind in ("fire", "attack")), key=lambda a: -action_gain(world, a, me))
    ends = [a for a in legal if a.kind not in ("fire", "attack")]
    ranked = fights[:FIGHT_CANDIDATES - 1]
    if fights and action_gain(world, fights[0], me) > 0:
        ordered = ranked[:1] + ends[:1] + ranked[1:]
    else:
        ordered = ends[:1] + ranked
    return [(str(a),) for a in ordered]


class ReviewSearch(TurnSearch):
    """Candidates played in common worlds of one decision (:class:`TurnSearch`'s worlds), each
    play-out run to the battle's end by the kernel's policy. ``totals[k]`` sums candidate
    ``k``'s figures (``VALUE`` ... ``UNFINISHED``) over the worlds it was played in, ``hits[k]``
    how often each of the side's troop cards was disrupted or eliminated by the end of the
    opponent's next player turn."""

    def __init__(self, world: AncientGame, candidates: list[tuple[str, ...]], seed: int) -> None:
        super().__init__(kernel.state_of(world), seed, policy=Weights)
        self.candidates = list(candidates)
        self.numbers = [self.encode(list(c)) for c in self.candidates]
        self.new_world()
        self.keys = [self.position_key(n) for n in self.numbers]
        self.runner_up = 0
        self.base_lost = (int(self.template[LOST_POINTS + self.me]), int(self.template[LOST_POINTS + 1 - self.me]))
        self.base_hit = self.hit_mask(self.template)

    def text(self, k: int) -> str:
        return PLAN_JOINER.join(self.candidates[k])

    def position_key(self, numbers: list[int]) -> bytes:
        """The position a candidate reaches in the present world (two plans that reach the same
        position, their moves in another order, are one candidate)."""
        s = self.trial
        s[:] = self.world
        n = kernel_legal_actions(s, self.actions)
        for a in numbers:
            if n == 0 or not (self.actions[:n] == a).any():
                return b"illegal"
            n = apply(s, self.dice, a, self.actions)
        return s.tobytes()

    def add(self, played: tuple[str, ...]) -> int:
        """The index of the choice made among the candidates (added if it is none of them)."""
        numbers = self.encode(list(played))
        key = self.position_key(numbers)
        if key in self.keys and key != b"illegal":
            return self.keys.index(key)
        self.candidates.append(tuple(played))
        self.numbers.append(numbers)
        self.keys.append(key)
        return len(self.candidates) - 1

    def hit_mask(self, s: np.ndarray) -> int:
        """The side's troop cards eliminated or carrying a disruption marker in ``s``."""
        return int(s[ELIMINATED + self.me]) | (int(s[DISRUPTED]) & int(s[ARMY + self.me]))

    def play_turns(self, n: int, turns: int) -> int:
        """The policy plays both sides in ``trial`` until ``turns`` new player turns have begun
        (or the battle ends); returns the number of legal actions then."""
        s = self.trial
        last = (int(s[TURN]), int(s[HALF]))
        for _ in range(MAX_PLAYOUT_ACTIONS):
            if n == 0:
                return 0
            if P_TACTICS <= s[PHASE] <= P_MELEE and (s[TURN], s[HALF]) != last:
                turns -= 1
                if turns == 0:
                    return n
                last = (int(s[TURN]), int(s[HALF]))
            a = quick_reply(s, self.dice, self.policy, self.actions, n, self.copy, self.scratch, self.terms)
            n = apply(s, self.dice, a, self.actions)
        return n

    def play_through(self, k: int) -> tuple[np.ndarray, int] | None:
        """Candidate ``k`` in the present world, played on to the battle's end: its figures and
        the troops hit by the end of the opponent's next turn (None if it is not legal here)."""
        s = self.trial
        s[:] = self.world
        n = kernel_legal_actions(s, self.actions)
        for a in self.numbers[k]:
            if n == 0 or not (self.actions[:n] == a).any():
                return None
            n = apply(s, self.dice, a, self.actions)
        self.playouts += 1
        figures = np.zeros(N_FIGURES)
        n = self.play_turns(n, 1)                 # to the opponent's player turn
        if s[PHASE] == P_OVER and s[WINNER] == self.me:
            figures[WON_NOW] = 1
            figures[NOW_BY_TERRAIN] = s[REASON] == BY_TERRAIN
            figures[NOW_BY_LEADER] = s[REASON] == BY_LEADER
        n = self.play_turns(n, 1)                 # through it: what it did to us
        figures[POINTS_LOST] = s[LOST_POINTS + self.me] - self.base_lost[0]
        figures[POINTS_TAKEN] = s[LOST_POINTS + 1 - self.me] - self.base_lost[1]
        hit = self.hit_mask(s) & ~self.base_hit
        if n:
            play_out(s, self.dice, self.policy, MAX_PLAYOUT_ACTIONS)
        over = s[PHASE] == P_OVER
        figures[VALUE] = 0.5 if not over or s[WINNER] == DRAWN else float(s[WINNER] == self.me)
        figures[UNFINISHED] = not over
        if over and s[REASON] == BY_TERRAIN:
            figures[TERRAIN_WON if s[WINNER] == self.me else TERRAIN_LOST] = 1
        return figures, hit

    def run(self, active: list[int], worlds: int) -> tuple[np.ndarray, np.ndarray]:
        """``active`` candidates played in ``worlds`` new common worlds: their figures' sums
        (a candidate not legal in a world counts as a lost battle there) and hit counts."""
        totals = np.zeros((len(self.candidates), N_FIGURES))
        hits = np.zeros((len(self.candidates), TROOP_COUNT))
        bits = np.arange(TROOP_COUNT, dtype=np.int64)
        for _ in range(worlds):
            self.new_world()
            for k in active:
                result = self.play_through(k)
                if result is None:
                    continue
                totals[k] += result[0]
                hits[k] += (result[1] >> bits) & 1
        return totals, hits

    def best_of(self, budget: int, keep: int | None) -> int:
        """Successive halving over the candidates (``keep``, the choice made, stays in every
        round so that it is never dropped unmeasured, but it wins only on its merits)."""
        k = len(self.candidates)
        active = list(range(k))
        totals = np.zeros(k)
        worlds = 0
        ranked = active
        for share in halving_rounds(k):
            round_worlds = max(1, int(budget * share) // len(active))
            figures, _ = self.run(active, round_worlds)
            totals += figures[:, VALUE]
            worlds += round_worlds
            ranked = sorted(active, key=lambda c: (-totals[c] / worlds, c))
            survivors = ranked[:max(1, len(active) // 2)]
            active = sorted(set(survivors) | ({keep} if keep is not None else set()))
            if len(survivors) == 1:
                break
        self.runner_up = ranked[1] if len(ranked) > 1 else ranked[0]
        return ranked[0]

    def confirm(self, pair: list[int], worlds: int) -> list[np.ndarray]:
        """Each of ``pair``'s figures on fresh common worlds, as shares and means; the hit
        shares are kept in ``self.hit_shares``."""
        totals, hits = self.run(pair, worlds)
        self.hit_shares = {k: hits[k] / worlds for k in pair}
        return [totals[k] / worlds for k in pair]


# ------------------------------------------------------------------ reasons

class Words:
    """The reason for one judged decision, in English and Japanese, from what the search saw
    (``figures`` of the candidates in ``pair``: the best first, then the choice made or, for a
    hint, the runner-up), and the squares it names."""

    def __init__(self, obs: Observation, world: AncientGame, search: ReviewSearch, pair: list[int],
                 figures: list[np.ndarray], played: int | None) -> None:
        self.obs, self.world, self.search = obs, world, search
        self.pair, self.figures, self.played = pair, figures, played
        self.key = ""                  # the reason's sentence, once said

    def say(self, key: str, squares: list[str], **blanks) -> tuple[str, str, list[str]]:
        self.key = key
        en = {k: _in_words(k, v, "en", self.obs) for k, v in blanks.items()}
        ja = {k: _in_words(k, v, "ja", self.obs) for k, v in blanks.items()}
        return _sentence(reason_words("en", key, **en)), reason_words("ja", key, **ja), squares

    def reason(self) -> tuple[str, str, list[str]]:
        best = self.search.text(self.pair[0])
        f = self.figures[0]
        squares = _squares(self.search.candidates[self.pair[0]])
        if self.played is not None and len(self.pair) > 1:
            return self.against(best, self.search.text(self.pair[1]), f, self.figures[1])
        if f[WON_NOW] >= WON_NOW_SHARE:
            return self.say("ab_win_now", squares, move=best, p=_pct(f[WON_NOW]), how=self.how_won(f))
        if self.played is None and len(self.pair) > 1:
            return self.say("ab_hint", squares, best=best, alt=self.search.text(self.pair[1]),
                            a=_pct(f[VALUE]), b=_pct(self.figures[1][VALUE]))
        if self.played is None:
            return self.say("ab_hint_alone", squares, best=best, a=_pct(f[VALUE]))
        options = "plans" if self.obs.phase == "actions" else "options"
        return self.say("ab_best", squares, n=len(self.search.candidates), options=options, p=_pct(f[VALUE]),
                        lost=_points(f[POINTS_LOST]), taken=_points(f[POINTS_TAKEN]))

    def against(self, best: str, played: str, f: np.ndarray, g: np.ndarray) -> tuple[str, str, list[str]]:
        """Why ``best`` (figures ``f``) beats the choice made, ``played`` (figures ``g``)."""
        squares = _squares(self.search.candidates[self.pair[0]])
        if f[WON_NOW] >= WON_NOW_SHARE and g[WON_NOW] <= f[WON_NOW] - 0.25:
            return self.say("ab_win_missed", squares, best=best, played=played, a=_pct(f[WON_NOW]),
                            how=self.how_won(f), b=_pct(g[VALUE]))
        race_best, race_played = f[TERRAIN_WON] - f[TERRAIN_LOST], g[TERRAIN_WON] - g[TERRAIN_LOST]
        if race_best - race_played >= max(RACE_SWING, 0.5 * (f[VALUE] - g[VALUE])):
            return self.say("ab_race", squares + self.back_row(), best=best, played=played, a=_pct(f[TERRAIN_WON]),
                            c=_pct(f[TERRAIN_LOST]), b=_pct(g[TERRAIN_WON]), d=_pct(g[TERRAIN_LOST]))
        exposed = self.exposed()
        if exposed is not None:
            return exposed
        net_best, net_played = f[POINTS_TAKEN] - f[POINTS_LOST], g[POINTS_TAKEN] - g[POINTS_LOST]
        if net_best - net_played >= POINTS_SWING:
            return self.say("ab_points", squares, best=best, played=played, a=_pct(f[VALUE]), b=_pct(g[VALUE]),
                            lost_best=_points(f[POINTS_LOST]), taken_best=_points(f[POINTS_TAKEN]),
                            lost_played=_points(g[POINTS_LOST]), taken_played=_points(g[POINTS_TAKEN]))
        return self.say("ab_chances", squares, best=best, played=played, a=_pct(f[VALUE]), b=_pct(g[VALUE]))

    def how_won(self, f: np.ndarray) -> str:
        """How the battles won this turn were won, most of them."""
        terrain, leader = f[NOW_BY_TERRAIN], f[NOW_BY_LEADER]
        ways = {"terrain": terrain, "leader": leader, "casualties": f[WON_NOW] - terrain - leader}
        return max(ways, key=ways.get)

    def back_row(self) -> list[str]:
        """The enemy's Back Row, the race's goal."""
        s = self.world.state
        return [s.board.names[sq] for sq in s.board.back_row(1 - side_index(self.obs.side))]

    def exposed(self) -> tuple[str, str, list[str]] | None:
        """The side's troop hit by the opponent's next turn far more often after the choice made
        than after the best (for an attack, with its exact danger from :mod:`.danger`)."""
        best, mine = self.pair[0], self.pair[1]
        swing = self.search.hit_shares[mine] - self.search.hit_shares[best]
        card = int(np.argmax(swing))
        if swing[card] < HIT_SWING:
            return None
        square = self.square_after(mine, card)
        if square is None:
            return None
        blanks = dict(played=self.search.text(mine), best=self.search.text(best), square=square,
                      troop=card % 10 + 1, a=_pct(self.search.hit_shares[mine][card]),
                      b=_pct(self.search.hit_shares[best][card]))
        action = self.search.candidates[mine][0]
        if action.startswith("attack ") and square in Action.parse(action).squares[:-1]:
            danger = next(d for d in attack_danger(self.obs, action) if d.square == square)
            return self.say("ab_danger", [square], exact=_pct(danger.hit), **blanks)
        return self.say("ab_exposed", [square], **blanks)

    def square_after(self, k: int, card: int) -> str | None:
        """Where ``card`` stands after candidate ``k`` in the search's first world."""
        s = self.search.trial
        s[:] = self.search.template
        n = kernel_legal_actions(s, self.search.actions)
        for a in self.search.numbers[k]:
            if n == 0:
                break
            n = apply(s, self.search.dice, a, self.search.actions)
        sq = int(s[WHERE + card])
        return self.world.state.board.names[sq] if sq >= 0 else None


ACTION_BLANKS = ("best", "played", "move", "alt")


def _in_words(key: str, value, lang: str, obs: Observation):
    """A blank in ``lang``: actions in words (:func:`action_words`, from ``obs``), troop values
    as troop names, how a battle is won, options."""
    if key in ACTION_BLANKS:
        return action_words(obs, value, lang)
    if key == "troop":
        return ancient_troop(value, lang)
    if key == "how":
        return reason_words(lang, "ab_how_" + value)
    if key == "options":
        return reason_words(lang, "ab_" + value)
    return value


def _sentence(text: str) -> str:
    """An English reason that begins with an action in words begins with a capital."""
    return text[:1].upper() + text[1:]


def action_words(obs: Observation, text: str, lang: str) -> str:
    """A decision (one action, or a plan's actions joined by :data:`PLAN_JOINER`) in words of
    ``lang``, its cards named by troop as ``obs`` shows them, no notation.

    >>> from battleline.ancient import AncientGame
    >>> g = AncientGame.empty(seed=1)
    >>> g.put("c2", "Hoplites", "south"); g.put("c3", "Peltasts", "north")
    >>> obs = g.observation("south")
    >>> action_words(obs, "attack c2-c3", "en"), action_words(obs, "attack c2-c3", "ja")
    ('the attack from c2 (Hoplites) on c3 (Peltasts)', 'c2の重装歩兵によるc3の投擲兵への攻撃')
    >>> action_words(obs, "c2-d2, end actions", "en")
    'moving the Hoplites from c2 to d2'
    """
    say = lambda key, **blanks: reason_words(lang, key, **blanks)  # noqa: E731
    actions = [Action.parse(a) for a in text.split(PLAN_JOINER)]
    moves = [say("ab_move_one", troop=_troop(obs, a.squares[0], lang), frm=a.squares[0], to=a.squares[1])
             for a in actions if a.kind == "move"]
    reserves = [say("ab_reinforce_one", troop=ancient_troop(Card(a.card).value, lang), card=a.card, to=a.squares[0])
                for a in actions if a.kind == "reinforce"]
    if moves or reserves:
        return say("ab_plan_both" if moves and reserves else "ab_plan_moves" if moves else "ab_plan_reinforce",
                   moves=_listed(moves, lang), cards=_listed(reserves, lang))
    a = actions[0]
    if a.kind == "end" and a.option in ("actions", "fire", "melee"):
        return say("ab_end_" + a.option)
    if a.kind == "fire":
        return say("ab_fire", frm=_unit(obs, a.squares[0], lang), target=_unit(obs, a.squares[1], lang))
    if a.kind == "attack":
        return say("ab_attack", attackers=_listed([_unit(obs, sq, lang) for sq in a.squares[:-1]], lang),
                   target=_unit(obs, a.squares[-1], lang))
    return say("ab_action", action=text)     # a step the review does not judge (a hint's set-up)


def _troop(obs: Observation, square: str, lang: str) -> str:
    cell = obs.field.get(square)
    if cell is None or cell.get("hidden") or not cell.get("cards"):
        return reason_words(lang, "ab_card")
    return ancient_troop(Card(cell["cards"][0]).value, lang)


def _unit(obs: Observation, square: str, lang: str) -> str:
    """``c3 (Peltasts)`` / ``c3の投擲兵``; a face-down card by its square alone."""
    cell = obs.field.get(square)
    if cell is None or cell.get("hidden") or not cell.get("cards"):
        return square
    return reason_words(lang, "ab_unit", square=square, troop=_troop(obs, square, lang))


def _listed(items: list[str], lang: str) -> str:
    """``a, b and c`` / ``a、bとc``."""
    if len(items) < 2:
        return "".join(items)
    return reason_words(lang, "ab_list_sep").join(items[:-1]) + reason_words(lang, "ab_list_and") + items[-1]


def _squares(actions: tuple[str, ...]) -> list[str]:
    """The squares a candidate's actions end on (moves, reinforcements, targets)."""
    out = []
    for text in actions:
        squares = Action.parse(text).squares
        if squares and squares[-1] not in out:
            out.append(squares[-1])
    return out


def _pct(share: float) -> int:
    return int(round(100 * float(share)))


def _points(mean: float) -> str:
    return f"{float(mean):.1f}"


def _unsearched_hint(obs: Observation, action: str, index: int, key: str) -> Decision:
    en, ja = (reason_words(lang, key, best=_in_words("best", action, lang, obs)) for lang in ("en", "ja"))
    en = _sentence(en)
    return Decision(index=index, seat=side_index(obs.side), played=None, best=action, chance_played=None,
                    chance_best=None, loss=0.0, label="best", mark="", reason=en, reason_ja=ja,
                    flags=tuple(_squares((action,))))


# the judge and the kernel looked up when called (tests put scripted ones in their place)
JUDGE = review_driver.Judge("ancient", BUDGET, walk, lambda *args: judge(*args), lambda: kernel.prepare_kernel())

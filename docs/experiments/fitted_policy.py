"""Can a cheap play-out rule be fitted to `medium`'s troop choices? (docs/experiments/LOG.md, issue 34)

    python docs/experiments/fitted_policy.py --fit-deals 9601-9680 --test-deals 9501-9540

The play-outs' greedy rule plays `medium`'s own troop 12.7% of the time
(``policy_agreement.py``). This script describes every legal troop move by a few features the
kernel computes cheaply (the formation the side could still complete with the card, and the
opponent's there; how full both sides are; whether the card completes the side, wins the flag
by proof at once, or goes where the flag is lost; the card's value; the flag's place; whether
it is the greedy rule's move), fits a conditional logit (a softmax over the legal troop moves,
by maximum likelihood) to `medium`'s choices in games against itself on the fitting deals, and
counts on other deals how often the fitted rule's best move is `medium`'s. A fitted rule that
agrees far more often than the greedy rule is worth compiling into the kernel as a play-out
policy (expert iteration's first step, with `medium` as the expert).

>>> rows = choices(range(9501, 9502))
>>> len(rows) > 10 and all(x.shape[1] == len(FEATURES) and 0 <= k < len(x) for x, k in rows)
True
"""

from __future__ import annotations

import argparse

import numpy as np

from battleline import Game
from battleline.compiled import script_function as kernel_function
from battleline.standard import kernel
from battleline.standard.bots.planner import PlannerBot
from battleline.standard.kernel.layout import (FOG_FLAG, HAND_TROOPS, OVER, PASS_MOVE, PHASE, PLAY, PLAY_BASE,
                                               SIDE_LEN, STATE_SIZE, TO_MOVE, TROOP_COUNT, TROOPS_ALL, VISIBLE)
from battleline.standard.kernel.play import claim_all
from battleline.standard.kernel.policy import POLICY_GREEDY, policy_move, potential, rival_strength
from battleline.standard.kernel.rules import (apply_move, cards_needed, claims_open, free_flags, provable_flags,
                                              side_index, side_masks)
from battleline.standard.kernel.search import FLAG_SHARE, MAX_PLAYOUT_MOVES, count_held, determinize, result_value
from battleline.standard.kernel.strength import NO_COMPLETION, RANK_STEP, strongest_above
from policy_agreement import medium_troops

FEATURES = ("rank", "total", "rival_rank", "ahead", "mine_full", "theirs_full", "completes", "lost", "value",
            "edge", "full_rank")
N_FEATURES = len(FEATURES)


@kernel_function
def flag_rival(s, player, f, available):
    """The strongest formation the opponent's side at ``f`` makes (complete) or could still
    make (from the troops not yet visible)."""
    fog = s[FOG_FLAG] == f
    rival = rival_strength(s, player, f, fog)
    if rival < 0:
        need = cards_needed(s, f)
        troops, wilds = side_masks(s, 1 - player, f)
        theirs = s[SIDE_LEN + side_index(1 - player, f)]
        rival = strongest_above(troops, wilds, available, max(0, need - theirs), fog, -1)
    return rival


@kernel_function
def move_features(s, player, c, f, rival, out):
    """Troop ``c`` to flag ``f``'s features (``FEATURES``' order) into ``out``; ``rival`` is
    :func:`flag_rival` of the flag."""
    need = cards_needed(s, f)
    fog = s[FOG_FLAG] == f
    troops, wilds = side_masks(s, player, f)
    count = s[SIDE_LEN + side_index(player, f)]
    theirs = s[SIDE_LEN + side_index(1 - player, f)]
    available = TROOPS_ALL & ~s[VISIBLE]
    score = potential(troops, wilds, count, c, need, fog, available, -1)
    rank = -1
    if score != NO_COMPLETION:
        rank = 0 if fog else score // RANK_STEP
    rival_rank = -1
    if rival != NO_COMPLETION:
        rival_rank = 0 if fog else rival // RANK_STEP
    out[0] = rank / 4
    out[1] = (score % RANK_STEP if score >= 0 else 0) / 30
    out[2] = rival_rank / 4
    out[3] = 1.0 if score > rival else 0.0
    out[4] = count / need
    out[5] = theirs / need
    out[6] = 1.0 if count + 1 == need else 0.0
    out[7] = 1.0 if theirs == need and score <= rival else 0.0
    out[8] = (c % 10 + 1) / 10
    out[9] = abs(f - 5) / 4
    out[10] = count / need * rank / 4


@kernel_function
def fitted_card(s, player, weights):
    """The fitted rule's troop move for the player to move in the play phase: the legal
    (troop, flag) with the highest ``weights`` · features (ties: the first in hand order,
    flags 1 to 9); a pass when no troop can be placed."""
    free = free_flags(s, player)
    hand = s[HAND_TROOPS + player]
    if not free or not hand:
        return PASS_MOVE
    available = TROOPS_ALL & ~s[VISIBLE]
    x = np.empty(N_FEATURES, dtype=np.float64)
    best, best_move = -1e300, PASS_MOVE
    for f in range(1, 10):
        if not free >> f & 1:
            continue
        rival = flag_rival(s, player, f, available)
        for c in range(TROOP_COUNT):
            if not hand >> c & 1:
                continue
            move_features(s, player, c, f, rival, x)
            score = 0.0
            for i in range(N_FEATURES):
                score += weights[i] * x[i]
            if score > best:
                best, best_move = score, PLAY_BASE + c * 9 + f - 1
    return best_move


@kernel_function
def fitted_step(s, weights):
    """One step of the fitted play-out: provable claims, the fitted troop in the play phase,
    the greedy policy's draws and Scout returns otherwise."""
    if claims_open(s) and provable_flags(s, s[TO_MOVE]):
        return claim_all(s)
    if s[PHASE] == PLAY:
        apply_move(s, fitted_card(s, s[TO_MOVE], weights))
    else:
        apply_move(s, policy_move(s, POLICY_GREEDY))
    return 1


@kernel_function
def fitted_search(template, known_troops, known_tactics, known_troop_slots, known_tactic_slots,
                  moves, active, n_moves, worlds, rng, rewards, flag_share, held, weights):
    """``kernel.search.search_paired_with`` whose play-outs play the fitted rule for both sides."""
    me = template[TO_MOVE]
    world = np.empty(STATE_SIZE, dtype=np.int64)
    trial = np.empty(STATE_SIZE, dtype=np.int64)
    pool = np.empty(TROOP_COUNT, dtype=np.int64)
    made = 0
    for _ in range(worlds):
        determinize(template, world, rng, 1 - me, known_troops, known_tactics, known_troop_slots,
                    known_tactic_slots, pool)
        for k in range(n_moves):
            if not active[k]:
                continue
            trial[:] = world
            apply_move(trial, moves[k])
            steps = 0
            while trial[PHASE] != OVER and steps < MAX_PLAYOUT_MOVES:
                steps += fitted_step(trial, weights)
            rewards[k] += result_value(trial, me, flag_share)
            count_held(trial, me, held, k)
            made += 1
    return made


def features(g: Game, player: int, move) -> np.ndarray:
    """One troop move's features, from the kernel's reading of ``g``."""
    s = kernel.state_of(g)
    x = np.empty(N_FEATURES)
    rival = flag_rival(s, player, move.flag, TROOPS_ALL & ~s[VISIBLE])
    move_features(s, player, move.card, move.flag, rival, x)
    return x


def choices(deals) -> list[tuple[np.ndarray, int]]:
    """`medium` against itself on ``deals``: at each troop it plays, the features of every
    legal troop move and the index of the one it chose."""
    rows = []
    for g, player, move in medium_troops(deals):
        options = [m for m in g.legal_moves() if m.kind == "play" and m.card < 60]
        if len(options) > 1:
            rows.append((np.array([features(g, player, m) for m in options]), options.index(move)))
    return rows


def fit(rows: list[tuple[np.ndarray, int]]) -> np.ndarray:
    """The conditional logit's weights (maximum likelihood, a little L2 for stability)."""
    from scipy.optimize import minimize     # the fit alone needs scipy (not in the test extra)

    def loss(w):
        total, grad = 0.0, np.zeros_like(w)
        for x, k in rows:
            z = x @ w
            z -= z.max()
            p = np.exp(z)
            p /= p.sum()
            total -= np.log(p[k] + 1e-12)
            grad -= x[k] - p @ x
        return total + 0.01 * w @ w, grad + 0.02 * w
    return minimize(loss, np.zeros(len(FEATURES)), jac=True, method="L-BFGS-B").x


def agreement(rows, w: np.ndarray) -> float:
    """The share of ``rows`` where the highest-scored move is `medium`'s."""
    return float(np.mean([int(np.argmax(x @ w)) == k for x, k in rows]))


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fit-deals", default="9601-9680")
    ap.add_argument("--test-deals", default="9501-9540")
    args = ap.parse_args(argv)
    span = [tuple(int(x) for x in a.split("-")) for a in (args.fit_deals, args.test_deals)]
    train = choices(range(span[0][0], span[0][1] + 1))
    test = choices(range(span[1][0], span[1][1] + 1))
    w = fit(train)
    print(f"fitted on {len(train)} choices, tested on {len(test)}")
    print("weights: " + ", ".join(f"{n} {v:+.2f}" for n, v in zip(FEATURES, w)))
    print(f"agreement with medium on the test deals: fitted {agreement(test, w):.1%}; "
          f"choices with more than one troop move: {len(test)}")


if __name__ == "__main__":
    main()


# The weights of the fit on `medium`'s 3,638 troop choices in deals 20001-20080 (disjoint from
# the arena's deals; --fit-deals 20001-20080), to two places, in FEATURES' order.
FITTED_WEIGHTS = np.array([1.99, 0.22, -1.38, 1.30, 1.55, 0.19, -1.36, -1.85, -0.58, 0.98, 6.89])


class PlannerFitted(PlannerBot):
    """``hard`` v5 whose play-outs play the fitted rule (``FITTED_WEIGHTS``) for both sides
    in place of the greedy rule: the same candidates, budget and halving.

    PYTHONPATH=docs/experiments python -m battleline.arena fitted_policy:PlannerFitted medium \\
        --games 400 --seed 9501 --move-time 10 --jobs 1 --save docs/arena/planner-fitted-vs-medium.jsonl.gz

    >>> g = Game(seed=5)
    >>> PlannerFitted(seed=1, playouts=40).choose(g.observation(g.to_move)) in g.legal_moves()
    True
    """

    weights = FITTED_WEIGHTS

    def play_worlds(self, template, known, numbers, active, worlds, rng, rewards, held) -> int:
        return fitted_search(template, *known, numbers, active, len(numbers), worlds, rng, rewards, FLAG_SHARE,
                             held, self.weights)

"""An information-set search (single-observer ISMCTS) for the standard game: a scouting experiment.

A diagnostic player, not a level of the ladder. ``hard`` scores each candidate in the same
sampled worlds, and in each world every later move is chosen knowing that world's cards
("strategy fusion"): deep determinized playouts were measured no better than ``hard``
(``docs/experiments/LOG.md``). This bot instead grows one tree over its own information: a node is the
sequence of moves it has seen since the root (its own card plays and the opponent's card
plays), and every iteration samples a fresh world from the observation
(:func:`battleline.standard.worlds.sample_world`), walks the tree choosing only among the moves legal
in that world, and adds one node. Its own later moves are thus chosen by statistics shared by
every world that reaches the node, not by one world's future.

- Our nodes: UCB1 over the moves available in the world, with availability counts (the
  exploration term uses how often a move was available, not the parent's visits). At the
  root the candidates are the heuristic's best ``width`` moves
  (:func:`battleline.standard.bots.heuristic.rank_moves`); below it, each troop in hand at its best
  flag by the greedy rule's potential formation (at most ``deep_width`` of them, strongest
  first). Untried moves are expanded in that order.
- Opponent nodes: the opponent is modelled as the greedy player, as ``hard``'s playouts do
  (a Tactics card when it wins at once, else the greedy card); its card is a public move,
  so the tree branches on what it played in each world (a chance node for us).
- Claims are made as soon as they are provable, and draws are troops (inside the tree and
  the rollouts, as :func:`battleline.standard.bots.playout.finish_turn` does).
- After the new node, greedy turns for both sides until ``horizon`` turns from the root
  (None: the end of the game); the end is valued as the chance of winning the game
  (:func:`battleline.standard.bots.evaluation.win_chance` of the flag chances, knowing that world's
  hands), 1 / 0 / 0.5 when the game is over. A Tactics card at the root pays
  ``tactic_cost / CHANCE_SCALE`` (``medium``'s price, in games rather than flags).
- The move is the root child visited most.

The work per move is ``iterations`` worlds (deterministic for a seed); the wall clock,
``DEADLINE_SHARE`` of ``move_time``, is only a backstop. Draws use
:func:`battleline.standard.bots.heuristic.choose_draw` and Scout's phases ``medium``'s choice.

Measured with the arena on the paired deals of ``docs/arena/hard-vs-greedy-v3.jsonl.gz``:

    PYTHONPATH=src:docs/experiments python -m battleline.arena ismcts:ISMCTSBot greedy \\
        --games 50 --seed 9001 --jobs 1 --save /tmp/ismcts-50.jsonl
    python docs/experiments/ismcts.py --compare /tmp/ismcts-50.jsonl
    python docs/experiments/ismcts.py --time 9050 --plies 10 20 30 40 --bot ISMCTSShallow

Results (2026-11-22, 50 games each on deals 9001-9025, where `hard` v3 won 39; load average
1.2 to 5, two arenas side by side; saved as ``docs/arena/ismcts-*-vs-greedy.jsonl``):
ISMCTSBot 36, ISMCTSToEnd 25, ISMCTSShallow 38, ISMCTSFocus 33, ISMCTSOpenLoop 41,
ISMCTSOpenShallow 38, ISMCTSMore (500 worlds, about 0.8 s CPU a move) 38. None is a signal.
In a mid-game position the root's twelve moves got 16 to 27 visits each and the opponent's
greedy answers split each of them ten ways, so the nodes below the root see two or three worlds:
at this budget the tree is a flat Monte Carlo over the root moves, without the common worlds
that let `hard` compare its candidates.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

from battleline import Game
from battleline.standard.bots import Bot, HeuristicBot
from battleline.standard.bots.base import gc_paused
from battleline.standard.bots.evaluation import flag_chances, win_chance
from battleline.standard.bots.greedy import potential_strength
from battleline.standard.bots.heuristic import choose_draw, rank_moves, tactic_cost
from battleline.standard.bots.playout import CENTRE_FIRST, finish_turn, greedy_play, play_out, winning_tactic
from battleline.cards import TROOP_MASK
from battleline.standard.game import Observation
from battleline.standard.moves import PLAY_TABLE, Move
from battleline.standard.worlds import sample_world

ITERATIONS = 250       # worlds a move
HORIZON = 8            # turns from the root (tree and rollout together); None: to the end
EXPLORATION = 0.7      # UCB1 constant, for values in [0, 1]
WIDTH = 12             # root candidates (the heuristic's best)
DEEP_WIDTH = 5         # candidates at our deeper nodes (troops at their best flag)
CHANCE_SCALE = 6.0     # flags per game: the Tactics price in the value's units
DEADLINE_SHARE = 0.8


class Node:
    """Statistics of one of our information sets (or of an opponent's observed answer)."""

    __slots__ = ("children", "avail", "visits", "total")

    def __init__(self):
        self.children: dict = {}   # move -> Node
        self.avail: dict = {}      # move -> times it was available here
        self.visits = 0
        self.total = 0.0


def best_flag_moves(w: Game, p: int, limit: int) -> list[Move]:
    """Each troop in ``p``'s hand at its best flag by the greedy rule (strongest potential
    formation, ties nearest the centre), strongest first, at most ``limit``; the greedy
    card (a pass) when no troop can be placed."""
    available = w.unseen_troops() & TROOP_MASK
    open_flags = []
    for f in CENTRE_FIRST:
        side = w.cards_at(f, p)
        need = w.required(f)
        if w.claimed_by(f) is None and len(side) < need:
            open_flags.append((f, tuple(side), need, w.fog_at(f)))
    keyed = []
    for c in w.hand(p):
        if c >= 60:
            continue
        best = None
        for f, side, need, fog in open_flags:
            key = (potential_strength(side, c, need, fog, available), -abs(f - 5), -f, -(c % 10), -c)
            if best is None or key > best[0]:
                best = (key, f)
        if best is not None:
            keyed.append((best[0], PLAY_TABLE[c][best[1]]))
    if not keyed:
        return [greedy_play(w, p)]
    keyed.sort(key=lambda t: t[0], reverse=True)
    return [m for _, m in keyed[:limit]]


class ISMCTSBot(Bot):
    """Single-observer ISMCTS with greedy opponent answers and greedy rollouts.

    >>> g = Game(seed=5)
    >>> ISMCTSBot(seed=1, iterations=20).choose(g.observation(g.to_move)) in g.legal_moves()
    True
    """

    name = "ismcts"
    ITERATIONS = ITERATIONS
    HORIZON = HORIZON
    EXPLORATION = EXPLORATION
    WIDTH = WIDTH
    DEEP_WIDTH = DEEP_WIDTH
    OPEN_LOOP = False

    def __init__(self, seed: int | None = None, move_time: float = 2.0, iterations: int | None = None,
                 horizon: int | None | str = "default", exploration: float | None = None,
                 width: int | None = None, deep_width: int | None = None):
        super().__init__(seed)
        self.move_time = move_time
        self.iterations = self.ITERATIONS if iterations is None else iterations
        self.horizon = self.HORIZON if horizon == "default" else horizon
        self.exploration = self.EXPLORATION if exploration is None else exploration
        self.width = self.WIDTH if width is None else width
        self.deep_width = self.DEEP_WIDTH if deep_width is None else deep_width
        self.heuristic = HeuristicBot(seed=seed)
        self.last_iterations = 0

    def choose(self, obs: Observation) -> Move:
        with gc_paused():
            return self.decide(obs)

    def decide(self, obs: Observation) -> Move:
        start = time.perf_counter()
        deadline = start + self.move_time * DEADLINE_SHARE
        world, moves, claim = self.world_and_moves(obs)
        if claim is not None:
            return claim
        me = obs.seat
        if world.phase == "draw" and len(moves) > 1:
            return choose_draw(world, moves, me)
        if len(moves) == 1 or world.phase != "play":
            self.heuristic.rng = self.rng
            return self.heuristic.choose(obs)
        ranked = rank_moves(world, moves, me, deadline)
        cands = [m for _, m in ranked[: self.width]]
        if len(cands) == 1:
            return cands[0]
        price = {m: tactic_cost(world, m, me) / CHANCE_SCALE for m in cands}
        root = Node()
        n = 0
        while n < self.iterations and (n == 0 or time.perf_counter() < deadline):
            self.iterate(root, sample_world(obs, self.rng), me, cands, price)
            n += 1
        self.last_iterations = n
        return max(cands, key=lambda m: (root.children[m].visits if m in root.children else -1,
                                         mean(root.children.get(m), price.get(m, 0.0))))

    def iterate(self, root: Node, w: Game, me: int, cands: list[Move], price: dict) -> None:
        """One world: select and expand in the tree, roll out, back the value up."""
        path = [root]
        node = root
        turns = 0
        expanded = False
        while not w.is_over() and w.phase == "play" and (self.horizon is None or turns < self.horizon):
            p = w.to_move
            if p != me:
                move = self.opponent_turn(w, p)
                turns += 1
                if self.OPEN_LOOP:
                    continue   # the answer is not a node: our next move's statistics pool them all
                child = node.children.get(move)
                if child is None:
                    child = node.children[move] = Node()
                node = child
                path.append(node)
                continue
            if expanded:
                break
            for f in w.provable_flags(me):
                w.push(Move.claim(f))
                if w.is_over():
                    break
            if w.is_over():
                break
            actions = cands if node is root else best_flag_moves(w, me, self.deep_width)
            move = self.select(node, actions, price if node is root else None)
            if move not in node.children:
                node.children[move] = Node()
                expanded = True
            w.push(move)
            finish_turn(w, me)
            turns += 1
            node = node.children[move]
            path.append(node)
        if not w.is_over() and w.phase == "play" and (self.horizon is None or turns < self.horizon):
            play_out(w, None if self.horizon is None else self.horizon - turns, tactics_first=w.to_move != me)
        value = self.value(w, me)
        for nd in path:
            nd.visits += 1
            nd.total += value

    def opponent_turn(self, w: Game, p: int) -> Move:
        """The greedy player's turn for ``p``; returns its card (the public move)."""
        for f in w.provable_flags(p):
            w.push(Move.claim(f))
            if w.is_over():
                return Move.claim(f)
        move = winning_tactic(w, p) or greedy_play(w, p)
        w.push(move)
        finish_turn(w, p)
        return move

    def select(self, node: Node, actions: list[Move], price: dict | None) -> Move:
        avail = node.avail
        for m in actions:
            avail[m] = avail.get(m, 0) + 1
        for m in actions:   # untried moves first, in the order given (best first)
            if m not in node.children:
                return m
        c = self.exploration
        best, best_score = actions[0], -math.inf
        for m in actions:
            ch = node.children[m]
            score = mean(ch, price.get(m, 0.0) if price else 0.0) + c * math.sqrt(math.log(avail[m]) / ch.visits)
            if score > best_score:
                best, best_score = m, score
        return best

    @staticmethod
    def value(w: Game, me: int) -> float:
        o = w.outcome()
        if o is not None:
            return 1.0 if o.winner == me else 0.0 if o.winner is not None else 0.5
        return win_chance(flag_chances(w, me, see_their_hand=True))


def mean(node: Node | None, price: float) -> float:
    if node is None or node.visits == 0:
        return -math.inf
    return node.total / node.visits - price


# Variants for the arena (module:Class takes no settings).
class ISMCTSToEnd(ISMCTSBot):
    """Rollouts to the end of the game (fewer worlds in the same time)."""
    HORIZON = None
    ITERATIONS = 90


class ISMCTSFocus(ISMCTSBot):
    """Less exploration: the values of the root moves differ by a few hundredths."""
    EXPLORATION = 0.3


class ISMCTSOpenLoop(ISMCTSBot):
    """The opponent's answers are not nodes: our next move is chosen over all of them
    (blind to the answer, but each of our second moves gets ten times the worlds)."""
    OPEN_LOOP = True


class ISMCTSOpenShallow(ISMCTSOpenLoop):
    """Open loop, four turns from the root, 400 worlds."""
    HORIZON = 4
    ITERATIONS = 400


class ISMCTSMore(ISMCTSBot):
    """Twice the worlds (twice the time): does the search gain from more?"""
    ITERATIONS = 500


class ISMCTSShallow(ISMCTSBot):
    """Four turns from the root, as far as `hard` looks."""
    HORIZON = 4
    ITERATIONS = 400


def compare(path: str, reference: str) -> str:
    """Wins in ``path`` against ``hard`` (v3) on the same (deal, a_seat) games."""
    def load(p):
        return {(r["deal"], r["a_seat"]): r["winner"] for r in map(json.loads, Path(p).read_text().splitlines())}
    mine, ref = load(path), load(reference)
    keys = [k for k in mine if k in ref]
    won = sum(mine[k] == "a" for k in keys)
    ref_won = sum(ref[k] == "a" for k in keys)
    both = sum(mine[k] == "a" and ref[k] == "a" for k in keys)
    return (f"{won} of {len(keys)} won; hard v3 won {ref_won} of the same games; both won {both}, "
            f"only this bot {won - both}, only hard {ref_won - both}")


def cpu_per_move(deal: int, plies: list[int], bot: Bot) -> list[tuple[int, float, int]]:
    """CPU seconds of ``bot``'s move after ``plies`` greedy moves of ``deal``."""
    from battleline.standard.bots import GreedyBot
    out = []
    for k in plies:
        g = Game(seed=deal)
        greedy = GreedyBot(seed=1)
        while len(g.moves) < k and not g.is_over():
            g.play(greedy.choose(g.observation(g.to_move)))
        while not g.is_over() and (g.phase != "play" or g.provable_flags(g.to_move)):
            g.play(greedy.choose(g.observation(g.to_move)))
        if g.is_over():
            continue
        t = time.process_time()
        bot.choose(g.observation(g.to_move))
        out.append((len(g.moves), time.process_time() - t, getattr(bot, "last_iterations", 0)))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--compare", metavar="FILE", help="arena results to compare with hard v3 on the same games")
    ap.add_argument("--reference", default=str(Path(__file__).resolve().parent.parent / "arena" / "hard-vs-greedy-v3.jsonl.gz"))
    ap.add_argument("--time", type=int, metavar="DEAL", help="CPU time of one move in positions of this deal")
    ap.add_argument("--plies", type=int, nargs="+", default=[12, 24, 36])
    ap.add_argument("--bot", default="ISMCTSBot", help="the class of this module to time")
    args = ap.parse_args(argv)
    if args.compare:
        print(compare(args.compare, args.reference))
    if args.time is not None:
        bot = globals()[args.bot](seed=1, move_time=100.0)
        for ply, cpu, n in cpu_per_move(args.time, args.plies, bot):
            print(f"deal {args.time} after {ply} moves: {cpu:.3f} s CPU, {n} worlds")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""HeuristicBot (``medium``): one decision at a time, judged by the static evaluation and the
engine's exact odds.

- Fire and melee: every fire or attack is scored by its expected casualties in points
  (:func:`.evaluation.action_gain`, exact odds, rampages included); the best goes first while
  any gains anything.
- Actions: each move, reinforcement or draw is tried in a world rebuilt from the observation
  and scored by :func:`.evaluation.evaluate` (threats met and made, Chariots and Elephants
  in bow range, a line of heavy infantry screened by light troops, the weakest column
  reinforced, terrain progress when the casualty race is lost); it stops when nothing
  improves on ending the step.
- Tactics: Loyalty cards at once; a leader's rally when it saves points; Fog and Mud in
  front of enemy mounted troops; the others when the evaluation says they pay.
- Set-up: the leader on a heavy infantry card kept back; heavy infantry in the centre,
  mounted troops on the wings, light troops between. Against an army with four or more
  Chariots and Elephants, mobile troops and missiles deploy first and the forward-only
  heavy infantry waits in reserve, to be placed once the enemy's deployment is seen.

>>> from battleline.ancient import AncientGame
>>> g = AncientGame.empty(seed=1)
>>> g.put("c2", "Phalangists", "south"); g.put("c3", "Skirmishers", "north")
>>> g.put("e2", "Skirmishers", "south"); g.put("e3", "Elephants", "north")
>>> g.play("end actions"); g.play("end fire")
>>> str(HeuristicBot(seed=1).choose(g.observation("south")))    # the sure kill, not the Elephant
'attack c2-c3'
"""

from __future__ import annotations

import time

from ...cards import Card
from ...planning import check_count
from ..observation import Observation
from ..rules import Rules
from ..troops import MOUNTED
from .base import AncientBot, army_from_plan, troop_value
from .evaluation import Weights, action_gain, draw_pressure, evaluate, melee_chances, unit_worth


def planned_action(world, text: str):
    """The world's legal action written ``text``."""
    for a in world.legal_actions():
        if str(a) == text:
            return a
    raise ValueError(f"planned action {text!r} is not legal in this world")

def distinct_actions(world, legal=None) -> list:
    """``legal`` (by default the world's legal actions) without reinforcements that differ
    from an earlier one only in which of two alike reserve cards goes to the square (same
    value, bow or not, neither carrying a leader): the search need try only one of them."""
    s = world.state
    seen = set()
    out = []
    for a in world.legal_actions() if legal is None else legal:
        if a.kind == "reinforce":
            c = int(Card(a.card))
            key = (c % 10, c in s.bows, a.squares, c == s.leader_of[s.owner[c]])
            if key in seen:
                continue
            seen.add(key)
        out.append(a)
    return out


__all__ = ["HeuristicBot", "deployment_plan", "MEDIUM_ARMY", "planned_action", "distinct_actions",
           "check_count"]



SHORT_NAMES = [str(Card(i)) for i in range(60)]

# A points army: a solid centre of Phalangists and Hoplites, Heavy Cavalry and Elephants to
# strike, Light Cavalry with bows and Javalineers to shoot, Skirmishers to screen (97 points).
MEDIUM_ARMY = [(5, 3, 0), (4, 3, 0), (8, 3, 0), (10, 2, 0), (7, 2, 2), (3, 2, 2), (1, 2, 0)]

# Leader-card preference: sturdy, cavalry-proof infantry that need not lead the charge.
_LEADER_PREFERENCE = (5, 4, 6, 3, 10, 8, 2, 1, 7, 9)
# Deployment preference when the army is wider than the Back Row: strongest first.
_DEPLOY_ORDER = (5, 4, 8, 10, 6, 9, 3, 7, 2, 1)
# Against many Chariots and Elephants (which crush heavy infantry and strike first): mobile
# troops and missiles first, forward-only heavy infantry kept in reserve, to be placed where
# the enemy's deployment shows they are safe.
_DEPLOY_ORDER_HEAVY_ENEMY = (8, 1, 2, 7, 6, 3, 10, 9, 5, 4)
_HEAVY_ENEMY = 4          # Chariots and Elephants in the enemy army that call for it


def deployment_plan(cards: list[str], squares: list[str], keep: set[str] = frozenset(),
                    preference: tuple[int, ...] = _DEPLOY_ORDER) -> list[tuple[str, str]]:
    """(card, square) placements: the cards deployed (in the order of ``preference``, by
    default strongest first; ``keep`` held back while others remain) with heavy infantry and
    Elephants in the centre, light troops next to them and mounted troops on the wings.

    >>> deployment_plan(["R5", "R8", "R1"], ["a1", "b1", "c1", "d1", "e1"])
    [('R5', 'c1'), ('R1', 'b1'), ('R8', 'd1')]
    >>> deployment_plan(["R5", "R8", "R1"], ["a1", "b1"], preference=_DEPLOY_ORDER_HEAVY_ENEMY)
    [('R1', 'a1'), ('R8', 'b1')]
    """
    order = sorted(cards, key=lambda c: (c in keep, preference.index(troop_value(c)), c))
    chosen = order[:min(len(squares), len(cards))]
    mid = (len(squares) - 1) / 2
    by_centre = sorted(squares, key=lambda sq: (abs(squares.index(sq) - mid), squares.index(sq)))

    def group(c: str) -> int:
        v = troop_value(c)
        return 0 if v in (3, 4, 5, 6, 10) else 1 if v in (1, 2) else 2

    placed = sorted(chosen, key=lambda c: (group(c), preference.index(troop_value(c)), c))
    guarded = [c for c in placed if c in keep]
    if guarded:      # a leader's card that must deploy goes in a corner: fewest ways in
        rest = [c for c in placed if c not in keep]
        corner = squares[0]
        return [(guarded[0], corner)] + list(zip(rest, [sq for sq in by_centre if sq != corner]))
    return list(zip(placed, by_centre))


class HeuristicBot(AncientBot):
    """The ``medium`` level (see the module docstring)."""

    name = "medium"

    def __init__(self, seed: int | None = None, beam: int = 3) -> None:
        super().__init__(seed)
        self.beam = check_count("beam", beam)
        self._plan: list[str] = []
        self._plan_key = None

    def build_army(self, colours: str):
        return army_from_plan(colours, MEDIUM_ARMY)

    def decide(self, obs: Observation) -> str:
        handler = getattr(self, "_" + obs.phase, None)
        if handler is None:
            return obs.legal_actions[0]
        return handler(obs)

    # ------------------------------------------------------------------ set-up
    def _leader(self, obs: Observation) -> str:
        options = [a for a in obs.legal_actions if a.startswith("leader ")]
        return min(options, key=lambda a: (_LEADER_PREFERENCE.index(troop_value(a.split()[1])), a))

    def _deploy(self, obs: Observation) -> str:
        legal = set(obs.legal_actions)
        mine = [c for c in obs.armies[obs.side]]
        cards = [c.rstrip("*") for c in mine]
        back_row = "1" if obs.side == "south" else "4"
        squares = [chr(ord("a") + i) + back_row for i in range(obs.width)]
        keep = {card for card in (obs.leaders.get(obs.side) or (None, None))[1:] if card}
        for card, sq in deployment_plan(cards, squares, keep, self.deployment_preference(obs)):
            if f"deploy {card}@{sq}" in legal:
                return f"deploy {card}@{sq}"
        return next(a for a in obs.legal_actions if a.startswith("deploy "))

    def deployment_preference(self, obs: Observation) -> tuple[int, ...]:
        """The troop values in the order they deploy (the rest waits in reserve): strongest
        first, or against four or more enemy Chariots and Elephants mounted troops and
        missiles first, heavy infantry last."""
        other = "north" if obs.side == "south" else "south"
        heavy = sum(troop_value(c) in (9, 10) for c in obs.armies[other])
        return _DEPLOY_ORDER_HEAVY_ENEMY if heavy >= _HEAVY_ENEMY else _DEPLOY_ORDER

    def _initiative(self, obs: Observation) -> str:
        return "scout first" if "scout first" in obs.legal_actions else "roll"

    # ------------------------------------------------------------------ tactics
    def _tactics(self, obs: Observation) -> str:
        legal = obs.legal_actions
        for a in legal:
            if a in ("play Traitor", "play Deserter"):
                return a
        world = self.world(obs)
        me = world.state.to_act
        rules = Rules(world.state)
        fog = self._terrain_play(world, legal)
        if fog:
            return fog
        actions = world.legal_actions()
        best, best_score = "end tactics", None
        scores = {}
        for a in actions:
            text = str(a)
            if text.startswith(("play Fog", "play Mud")):
                continue
            world.push(a)
            scores[text] = evaluate(world, me, rules, self.weights)
            world.undo()
        base = scores.get("end tactics", 0.0)
        for text, sc in scores.items():
            if text != "end tactics" and sc > base + 0.5 and (best_score is None or sc > best_score):
                best, best_score = text, sc
        return best

    def _terrain_play(self, world, legal: list[str]) -> str | None:
        """Fog or Mud on the empty square in front of the most valuable enemy mounted unit."""
        s = world.state
        me = s.to_act
        best, best_value = None, 0
        for a in legal:
            if not a.startswith(("play Fog@", "play Mud@")):
                continue
            sq = s.board.lookup[a.split("@")[1]]
            ahead = s.board.back[1 - me][sq]      # the square the enemy would come from
            if ahead < 0:
                continue
            c = s.cells[ahead]
            if c >= 0 and s.owner[c] != me and MOUNTED[c % 10 + 1] and c % 10 + 1 > best_value:
                best, best_value = a, c % 10 + 1
        return best if best_value >= 8 else None

    # ------------------------------------------------------------------ actions
    def _actions(self, obs: Observation) -> str:
        key = (obs.turn, obs.side, obs.first)
        if self._plan and self._plan_key == key and self._plan[0] in obs.legal_actions:
            return self._plan.pop(0)
        plan = self.plan_turn(obs)
        self._plan_key = key
        self._plan = plan[1:]
        return plan[0]

    def plan_turn(self, obs: Observation) -> list[str]:
        """The action step's plan: the best sequence the beam search finds."""
        world = self.world(obs)
        return self.beam_search(world, world.state.to_act, Rules(world.state), None)[0][1]

    def score(self, world, me: int, rules: Rules) -> float:
        """What a plan's position is worth to ``me``: the static evaluation (``hard``
        adds the terrain race)."""
        return evaluate(world, me, rules, self.weights)

    def beam_search(self, world, me: int, rules: Rules, deadline: float | None) -> list[tuple[float, list[str]]]:
        """Plans ranked by :meth:`score` of the position they reach (``beam`` kept per
        action; of two alike reserve cards for a square only one is tried; a position
        reached twice is scored once)."""
        beam: list[tuple[float, list[str]]] = [(0.0, [])]
        finished: dict[tuple, tuple[float, list[str]]] = {}
        # A step with nothing left to do ends by itself, and the initiative (this world's
        # imagined dice) may give us the next action step too: a plan ends with its turn.
        this_turn = (world.state.turn, world.state.half)
        for _depth in range(7):
            expanded: dict[tuple, tuple[float, list[str]]] = {}
            for _, plan in beam:
                for a in plan:
                    world.push(planned_action(world, a))
                state = world.state
                if state.phase == "actions" and state.to_act == me:
                    guarded = state.leader_of[me]
                    if self.weights.stall_advance and draw_pressure(state, self.weights.stall_turns):
                        guarded = -1     # a draw looms: the leader may march too
                    for a in distinct_actions(world):
                        text = str(a)
                        if a.kind == "reinforce" and guarded >= 0 and a.card == SHORT_NAMES[guarded]:
                            continue     # the leader's card stays safe in reserve
                        world.push(a)
                        s = world.state
                        k = (tuple(s.cells), tuple(s.stacked), s.actions_left, s.drew, tuple(s.hands[me]))
                        done = (text == "end actions" or s.phase != "actions" or s.to_act != me
                                or (s.turn, s.half) != this_turn)
                        table = finished if done else expanded
                        if k not in table:     # a position reached before scores the same
                            table[k] = (self.score(world, me, rules), plan + [text])
                        world.undo()
                for _ in plan:
                    world.undo()
                if deadline is not None and time.perf_counter() > deadline and finished:
                    break
            if not expanded or (deadline is not None and time.perf_counter() > deadline and finished):
                break
            beam = sorted(expanded.values(), key=lambda x: (-x[0], x[1]))[:self.beam]
        rules.bind(world.state)
        ranked = sorted(finished.values(), key=lambda x: (-x[0], x[1]))
        return ranked or [(0.0, ["end actions"])]

    # ------------------------------------------------------------------ combat
    def _fight(self, obs: Observation, end: str) -> str:
        """The fire or attack with the best expected gain (casualties from the exact odds,
        plus :meth:`strike_bonus`), or ``end`` when none gains."""
        world = self.world(obs)
        me = world.state.to_act
        bonus = self.strike_bonus(world, me)
        best, best_gain = end, 0.0
        for a in world.legal_actions():
            if a.kind not in ("fire", "attack"):
                continue
            gain = action_gain(world, a, me)
            if bonus is not None:
                gain += bonus(a)
            if gain > best_gain:
                best, best_gain = str(a), gain
        return best

    def strike_bonus(self, world, me: int):
        """What a fire or attack is worth beyond its expected casualties, as a function of
        the action, prepared once per decision (None: nothing more). With ``follow_up``:
        what a hit by fire adds to this turn's melee."""
        if not self.follow_up:
            return None
        rules = Rules(world.state)
        return lambda a: self.follow_up_gain(world, rules, a, me) if a.kind == "fire" else 0.0

    weights = Weights      # the evaluation's weights
    follow_up = False      # fire where a disruption sets up this turn's melee (hard)

    @staticmethod
    def follow_up_gain(world, rules: Rules, a, me: int) -> float:
        """What a hit by fire ``a`` adds to the melee that follows: the best own unit facing
        the target strikes it at half strength, where 1-5 already eliminates."""
        s = world.state
        t = s.cells[s.board.lookup[a.squares[-1]]]
        if t < 0 or s.disrupted[t]:
            return 0.0
        odds = world.odds(a)
        p_hit = float(odds.disrupted + odds.eliminated)
        w = unit_worth(s, t)
        extra = 0.0
        for c, t2 in rules.attack_groups(me):
            if t2 != t or len(c) != 1:
                continue
            a_, d_, _dis, am, dm = rules.melee_numbers(c, t)
            p_dis, p_elim = melee_chances(a_, d_, False, am, dm)
            before = w * (p_elim + 0.5 * p_dis)
            q_dis, q_elim = melee_chances(a_, d_, True, am, dm)
            after = 0.5 * w * (q_dis + q_elim)
            extra = max(extra, after - before)
        return p_hit * extra

    def _fire(self, obs: Observation) -> str:
        return self._fight(obs, "end fire")

    def _melee(self, obs: Observation) -> str:
        return self._fight(obs, "end melee")

    def _withdrawal(self, obs: Observation) -> str:
        """Step back when standing risks much; the attack is spent either way."""
        world = self.world(obs)
        s = world.state
        pending = next(line for line in obs.flow if line.startswith("pending withdrawal"))
        attackers, target = pending.split()[2].split(">")
        atk = tuple(int(Card(c)) for c in attackers.split("+"))
        t = int(Card(target))
        numbers = Rules(s).melee_numbers(atk, t)
        p_dis, p_elim = melee_chances(*numbers)
        risk = p_elim + (p_dis if s.disrupted[t] else 0.5 * p_dis)
        return "withdraw" if risk > 0.2 and "withdraw" in obs.legal_actions else "stand"

    def _loyalty(self, obs: Observation) -> str:
        """Give up the least valuable card (a disrupted one counts half)."""
        def cost(a: str) -> tuple:
            what = a.split()[1]
            cell = obs.field.get(what)
            if cell is None:
                return (troop_value(what), a)
            worth = sum(troop_value(c) for c in cell["cards"]) * (0.5 if cell["disrupted"] else 1)
            if cell.get("leader"):
                worth += 100
            return (worth, a)
        return min(obs.legal_actions, key=cost)

    def _rally(self, obs: Observation) -> str:
        def worth(a: str) -> tuple:
            sq = a.split()[1]
            cell = obs.field.get(sq)
            if cell is None:
                return (-1, a)
            return (sum(troop_value(c) for c in cell["cards"]) + (100 if cell.get("leader") else 0), a)
        return max(obs.legal_actions, key=worth)

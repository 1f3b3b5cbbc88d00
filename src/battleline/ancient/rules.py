"""The rules engine of Ancient Battles: what each side may do (the legal-action generators)
and what an action does (apply, in place), on an :class:`~.state.AncientState`.

:class:`~.game.AncientGame` wraps this with validation, undo, queries and notation; bots that
need speed use ``AncientGame.push``, which lands here directly. Everything per troop type is
read from :mod:`.troops`; the dice arithmetic comes from :mod:`.combat`.

>>> from battleline.ancient.state import new_state
>>> s = new_state(9, seed=3)
>>> rules = Rules(s)
>>> [str(a) for a in rules.legal()]
['draw', 'end actions']
"""

from __future__ import annotations

from itertools import combinations

from ..cards import Card
from ..cards import mask_indices as _bits
from ..errors import PositionError
from .actions import Action
from .board import NORTH, SIDE_NAMES, SIDES, SOUTH, SOUTH_FIRST
from .combat import half, melee_result, missile_hits
from .state import AncientState
from .troops import CAVALRY, HEAVY_INFANTRY, INFANTRY, LIGHT, MOUNTED, TROOP_TYPES

__all__ = ["Rules", "check_position", "SCOUT", "REDEPLOY", "SHIELD", "COMPANION", "LOYALTY_CARDS", "LEADER_CARDS",
           "TERRAIN_CARDS"]

ALEXANDER, DARIUS, COMPANION, SHIELD, FOG, MUD, SCOUT, REDEPLOY, DESERTER, TRAITOR = range(60, 70)
LEADER_CARDS = (ALEXANDER, DARIUS)
TERRAIN_CARDS = (FOG, MUD)
LOYALTY_CARDS = (DESERTER, TRAITOR)
LOYAL_VALUES = frozenset({1, 2, 3, 7})   # Skirmishers, Peltasts, Javalineers, Light Cavalry
SHORT = [str(Card(i)) for i in range(70)]
CARD_INDEX = {name: i for i, name in enumerate(SHORT)}
TYPES = TROOP_TYPES
ELEPHANT = 10
CHARIOTS = 9

END = {step: Action("end", option=step) for step in ("tactics", "actions", "fire", "melee")}
DRAW, ROLL, WITHDRAW, STAND = Action("draw"), Action("roll"), Action("withdraw"), Action("stand")
SCOUT_FIRST, SCOUT_SECOND = Action("scout", option="first"), Action("scout", option="second")
RALLY_NONE = Action("rally")


class Rules:
    """Legal actions and their effects for one state (mutated in place)."""

    __slots__ = ("s", "b", "names", "dice", "_moves", "_acts", "_armed", "_points", "_weapons")

    def __init__(self, state: AncientState) -> None:
        self.bind(state)

    def bind(self, state: AncientState) -> None:
        """Work on another state object (after undo restores a copy)."""
        self.s = state
        self.b = state.board
        self.names = state.board.names
        self.dice = state.dice
        # per side and type value, per square: ((destination, mask of the squares one of
        # which must be free on the way; 0 for one step), ...)
        self._moves = _move_tables(state.width)
        self._acts = _action_cache(state.width)
        # cards that may have a missile weapon (a stack is checked in weapon())
        self._weapons = [TYPES[c % 10 + 1].weapon(c in state.bows) for c in range(60)]
        self._armed = [w is not None for w in self._weapons]
        self._points = [state.army_points(p) for p in SIDES]   # armies are fixed in play

    # ------------------------------------------------------------------ helpers
    def weapon(self, card: int) -> str | None:
        """The missile weapon of the unit led by ``card`` (a stack shoots with a bow only if
        both its cards carry one)."""
        s = self.s
        t = TYPES[card % 10 + 1]
        sq = s.where[card]
        other = s.stacked[sq] if sq >= 0 else -1
        bow = card in s.bows and (other < 0 or other in s.bows)
        return t.weapon(bow)

    def own_units(self, side: int):
        """(square, primary card) of a side's units on the table, by square."""
        cells = self.s.cells
        return [(sq, cells[sq]) for sq in _bits(self.s.side_squares[side])]

    def destinations(self, card: int, ignore_done: bool = False) -> list[int]:
        """Squares the unit led by ``card`` may move to (empty if it cannot move)."""
        s = self.s
        sq = s.where[card]
        if sq < 0 or s.disrupted[card] or (not ignore_done and card in s.moved):
            return []
        v = card % 10 + 1
        blocked = s.occupied | (s.bad if MOUNTED[v] else 0)
        return [dest for dest, vias in self._moves[s.owner[card]][v][sq]
                if not blocked >> dest & 1 and (not vias or vias & ~blocked)]

    def fire_squares(self, card: int, ignore_done: bool = False) -> list[int]:
        """Squares of undisrupted enemy units the unit led by ``card`` may fire at."""
        s = self.s
        sq = s.where[card]
        if sq < 0 or s.disrupted[card] or (not ignore_done and card in s.fired):
            return []
        weapon = self._weapons[card] if s.stacked[sq] < 0 else self.weapon(card)
        if weapon is None:
            return []
        side = s.owner[card]
        fwd = self.b.forward[side]
        f = fwd[sq]
        if f < 0:
            return []
        enemy = s.side_squares[1 - side]
        occ = s.occupied
        dis, cells = s.disrupted, s.cells
        out = []
        if enemy >> f & 1 and not dis[cells[f]]:
            out.append(f)
        if weapon == "bow":
            f_empty = not occ >> f & 1
            if f_empty:
                ff = fwd[f]
                if ff >= 0 and enemy >> ff & 1 and not dis[cells[ff]]:
                    out.append(ff)
            for lat in (self.b.left[sq], self.b.right[sq]):
                if lat < 0:
                    continue
                d = fwd[lat]
                if d >= 0 and (f_empty or not occ >> lat & 1) and enemy >> d & 1 and not dis[cells[d]]:
                    out.append(d)
        return out

    def flank_pairs(self, side: int) -> frozenset:
        """Who may flank-attack whom this player turn: (attacker, its square, target, its
        square) for each own single card with an enemy beside or behind and none in front."""
        s, b = self.s, self.b
        enemy = s.side_squares[1 - side]
        fwd, back = b.forward[side], b.back[side]
        pairs = []
        for sq, c in self.own_units(side):
            if s.stacked[sq] >= 0:
                continue   # stacks never flank
            f = fwd[sq]
            if f >= 0 and enemy >> f & 1:
                continue
            for x in (b.left[sq], b.right[sq], back[sq]):
                if x >= 0 and enemy >> x & 1:
                    pairs.append((c, sq, s.cells[x], x))
        return frozenset(pairs)

    def attack_groups(self, side: int, ignore_done: bool = False, flank_pairs=None) -> list[tuple[tuple[int, ...], int]]:
        """Every melee attack the side may make: (attacking primary cards, target card)."""
        s, b = self.s, self.b
        enemy = s.side_squares[1 - side]
        fwd = b.forward[side]
        dis, cells, attacked = s.disrupted, s.cells, s.attacked
        frontal: dict[int, int] = {}
        # only squares with an enemy directly in front can attack frontally
        facing = s.side_squares[side] & ((enemy >> self.b.width) if side == SOUTH else (enemy << self.b.width))
        for sq in _bits(facing):
            c = cells[sq]
            if dis[c] or (not ignore_done and c in attacked):
                continue
            f = fwd[sq]
            if f >= 0 and enemy >> f & 1:
                t = cells[f]
                if CAVALRY[c % 10 + 1] and TYPES[t % 10 + 1].cavalry_proof:
                    continue
                frontal[t] = c
        if flank_pairs is None:
            flank_pairs = s.flank_pairs
        if not flank_pairs or "flank" not in s.options:
            return [((c,), t) for t, c in frontal.items()]
        flankers: dict[int, list[int]] = {}
        where = s.where
        for c, csq, t, tsq in flank_pairs:
            if (where[c] == csq and where[t] == tsq and not dis[c] and s.stacked[csq] < 0
                    and (ignore_done or c not in attacked) and s.owner[c] == side):
                flankers.setdefault(t, []).append(c)
        groups = [((c,), t) for t, c in frontal.items() if t not in flankers]
        for t in sorted(flankers):
            front = frontal.get(t, -1)
            cands = ([front] if front >= 0 else []) + sorted(flankers[t])
            proof = TYPES[t % 10 + 1].cavalry_proof
            front_infantry = front >= 0 and INFANTRY[front % 10 + 1]
            n = len(cands)
            for mask in range(1, 1 << n):
                members = tuple(cands[k] for k in range(n) if mask >> k & 1)
                if proof and any(CAVALRY[c % 10 + 1] for c in members) and not (
                        front_infantry and front in members):
                    continue   # cavalry joins only beside infantry attacking from the front
                groups.append((members, t))
        return groups

    def melee_numbers(self, attackers, target) -> tuple[int, int, bool, int, int]:
        """(attack, defence before halving, defender disrupted, attack modifier, defence
        modifier) of a melee, as :func:`~.combat.melee_odds` takes them."""
        s, b = self.s, self.b
        side = s.owner[attackers[0]]
        tsq = s.where[target]
        tv = target % 10 + 1
        t_infantry = INFANTRY[tv]
        attack = amod = 0
        small = s.small_elephants
        for c in attackers:
            csq = s.where[c]
            v = s.value(c)
            cv = c % 10 + 1
            if b.forward[side][csq] != tsq and (CAVALRY[cv] or cv == CHARIOTS) and t_infantry:
                v = half(v)       # cavalry and chariots on a flank or rear of infantry
            if s.bad >> csq & 1:
                if s.stacked[csq] >= 0:
                    v = half(v)   # a stack on bad terrain fights at half strength
                else:
                    amod -= 2
            if c in s.attachments:
                amod += 2
            if small == side and cv == ELEPHANT and tv == ELEPHANT:
                amod -= 2
            attack += v
        defence = s.value(target)
        dmod = 0
        if s.bad >> tsq & 1:
            if s.stacked[tsq] >= 0:
                defence = half(defence)
            else:
                dmod -= 2
        if target in s.attachments:
            dmod += 2
        if small == 1 - side and tv == ELEPHANT and any(c % 10 + 1 == ELEPHANT for c in attackers):
            dmod -= 2
        return attack, defence, s.disrupted[target], amod, dmod

    def can_withdraw(self, attackers, target) -> bool:
        """Advanced withdrawal: may the defender step back before this melee?"""
        s, b = self.s, self.b
        if "withdrawal" not in s.options or s.disrupted[target]:
            return False
        tsq = s.where[target]
        if s.stacked[tsq] >= 0:
            return False
        tv = target % 10 + 1
        if LIGHT[tv]:
            ok = any(INFANTRY[c % 10 + 1] or c % 10 + 1 == ELEPHANT for c in attackers)
        elif CAVALRY[tv]:
            ok = any(INFANTRY[c % 10 + 1] for c in attackers)
        else:
            return False
        if not ok:
            return False
        behind = b.back[s.owner[target]][tsq]
        if behind < 0 or s.occupied >> behind & 1:
            return False
        return not (MOUNTED[tv] and s.bad >> behind & 1)

    def disrupted_units(self, side: int) -> list[int]:
        """Squares of the side's disrupted units on the table."""
        s = self.s
        return [sq for sq, c in self.own_units(side) if s.disrupted[c]]

    def redeployable(self, side: int) -> list[int]:
        """Squares of own units with no enemy in front, beside or behind."""
        s, b = self.s, self.b
        enemy = s.side_squares[1 - side]
        out = []
        for sq, _ in self.own_units(side):
            if not any(x >= 0 and enemy >> x & 1 for x in (b.forward[side][sq], b.left[sq], b.right[sq],
                                                          b.back[side][sq])):
                out.append(sq)
        return out

    def loyalty_choices(self, side: int) -> list[Action]:
        """What the side must choose from when the opponent plays Traitor or Deserter."""
        s = self.s
        values = LOYAL_VALUES | s.loyalty_extra[side]
        on_table = [sq for sq, c in self.own_units(side) if c % 10 + 1 in values]
        if on_table:
            return [self._acts.remove_sq(sq) for sq in on_table]
        return [self._acts.remove_card(c) for c in s.reserve[side] if c % 10 + 1 in values]

    def stack_squares(self, side: int, card: int, among) -> list[int]:
        """Own squares where ``card`` may complete a stack: a single card of the same heavy
        infantry type placed in this deployment or this player turn."""
        s = self.s
        v = card % 10 + 1
        if "stacks" not in s.options or not HEAVY_INFANTRY[v]:
            return []
        out = []
        for c in among:
            sq = s.where[c]
            if sq >= 0 and s.owner[c] == side and c % 10 + 1 == v and s.stacked[sq] < 0 \
                    and s.cells[sq] == c:
                out.append(sq)
        return out

    def may_draw(self, side: int) -> bool:
        """Spend three actions on a Tactics card: once per turn, a card left, a scenario
        leader's card on the table, and the reserve empty since the start of the player turn
        (drawing starts on the turn after the last reserve card was placed)."""
        s = self.s
        if s.drew or s.actions_left < 3 or s.reserve[side] or s.placed or not s.deck:
            return False
        return s.leader_card[side] < 0 or (s.leader_of[side] >= 0 and s.where[s.leader_of[side]] >= 0)

    # ------------------------------------------------------------------ legal actions
    def legal(self) -> list[Action]:
        """The legal actions of the side to act, in a fixed order."""
        s = self.s
        ph = s.phase
        p = s.to_act
        A = self._acts
        if ph == "actions":
            out = []
            cells = s.cells
            if s.actions_left > 0:
                move_row = A.move_rows
                occ = s.occupied
                mounted_blocked = occ | s.bad
                dis, moved, table, mounted = s.disrupted, s.moved, self._moves[p], MOUNTED
                m = s.side_squares[p]
                while m:     # each own unit (the bit loop inlined: this is the hot path)
                    low = m & -m
                    m ^= low
                    sq = low.bit_length() - 1
                    c = cells[sq]
                    if dis[c] or c in moved:
                        continue
                    v = c % 10 + 1
                    blocked = mounted_blocked if mounted[v] else occ
                    row = move_row[sq]
                    out.extend([row[d] for d, vias in table[v][sq]
                                if not blocked >> d & 1 and (not vias or vias & ~blocked)])
                empty_back = [sq for sq in self.b.back_row(p) if not occ >> sq & 1]
                rein = A.reinforce_rows
                stacking = s.placed and "stacks" in s.options
                for c in s.reserve[p]:
                    row = rein[c]
                    out.extend([row[sq] for sq in empty_back])
                    if stacking and HEAVY_INFANTRY[c % 10 + 1]:
                        for sq in self.stack_squares(p, c, s.placed):
                            out.append(row[sq])
                if self.may_draw(p):
                    out.append(DRAW)
            out.append(END["actions"])
            return out
        if ph == "fire":
            out = []
            armed = self._armed
            weapons = self._weapons
            enemy = s.side_squares[1 - p]
            bow_reach, javelin_reach = _reach_tables(s.width)
            bow_reach, javelin_reach = bow_reach[p], javelin_reach[p]
            m = s.side_squares[p]
            while m:
                low = m & -m
                m ^= low
                sq = low.bit_length() - 1
                c = s.cells[sq]
                if not armed[c] or s.disrupted[c] or c in s.fired:
                    continue
                if not enemy & (javelin_reach[sq] if weapons[c] == "javelin" else bow_reach[sq]):
                    continue   # nobody within reach
                row = A.fire_rows[sq]
                out.extend([row[x] for x in self.fire_squares(s.cells[sq])])
            out.append(END["fire"])
            return out
        if ph == "melee":
            where = s.where
            rows = A.attack_rows
            out = [rows[where[group[0]]][where[t]] if len(group) == 1 else
                   A.attack(tuple([where[c] for c in group]), where[t])
                   for group, t in self.attack_groups(p)]
            out.append(END["melee"])
            return out
        if ph == "tactics":
            return self.tactics_plays(p) + [END["tactics"]]
        if ph == "withdrawal":
            return [WITHDRAW, STAND]
        if ph == "loyalty":
            return self.loyalty_choices(p)
        if ph == "rally":
            return [A.rally(sq) for sq in self.disrupted_units(p)] + [RALLY_NONE]
        if ph == "initiative":
            return [SCOUT_FIRST, SCOUT_SECOND, ROLL] if SCOUT in s.hands[p] else [ROLL]
        if ph == "deploy":
            out = []
            empty_back = [sq for sq in self.b.back_row(p) if not s.occupied >> sq & 1]
            deployed_own = [c for c in s.army[p] if s.where[c] >= 0] if "stacks" in s.options else ()
            for c in s.reserve[p]:
                row = A.deploy_rows[c]
                out.extend([row[sq] for sq in empty_back])
                if deployed_own:
                    for sq in self.stack_squares(p, c, deployed_own):
                        out.append(row[sq])
            return out
        if ph == "leader":
            return [Action("leader", SHORT[c]) for c in s.army[p]]
        return []

    def tactics_plays(self, p: int) -> list[Action]:
        """Tactics the side may play now (its Tactics step); Scout is kept for the initiative."""
        s = self.s
        names = self.names
        out: list[Action] = []
        hand = s.hands[p]
        lc = s.leader_card[p]
        if lc >= 0 and not s.leader_rallied[p]:
            c = s.leader_of[p]
            if c >= 0 and s.where[c] >= 0 and s.disrupted[c]:
                out.append(Action("play", SHORT[lc]))
        for card in sorted(set(hand)):
            name = SHORT[card]
            if card in LEADER_CARDS:
                dis = self.disrupted_units(p)
                if dis:
                    k = min(3, len(dis))
                    for combo in combinations(sorted(names[x] for x in dis), k):
                        out.append(Action("play", name, combo))
            elif card in TERRAIN_CARDS:
                for sq in self.b.front_row(SOUTH) + self.b.front_row(NORTH):
                    if not s.occupied >> sq & 1 and sq not in s.terrain:
                        out.append(Action("play", name, (names[sq],)))
            elif card in (SHIELD, COMPANION):
                for sq, c in self.own_units(p):
                    v = c % 10 + 1
                    if c not in s.attachments and (INFANTRY[v] if card == SHIELD else CAVALRY[v]):
                        out.append(Action("play", name, (names[sq],)))
            elif card == REDEPLOY:
                empty_back = [sq for sq in self.b.back_row(p) if not s.occupied >> sq & 1]
                for sq in self.redeployable(p):
                    for d in empty_back:
                        out.append(Action("play", name, (names[sq], names[d])))
            elif card in LOYALTY_CARDS:
                out.append(Action("play", name))
        return out

    # ------------------------------------------------------------------ effects
    def place(self, card: int, sq: int) -> None:
        """Put ``card`` on square ``sq`` (stacking on a card already there)."""
        s = self.s
        bit = 1 << sq
        if s.cells[sq] >= 0:
            s.stacked[sq] = card
            s.disrupted[card] = s.disrupted[s.cells[sq]]
        else:
            s.cells[sq] = card
            s.occupied |= bit
            s.side_squares[s.owner[card]] |= bit
        s.where[card] = sq

    # Lists, sets and dicts other than the per-square and per-card arrays are replaced, never
    # changed in place: a state copy (the undo history) shares them.
    def _take_from_reserve(self, p: int, card: int) -> None:
        s = self.s
        reserve = list(s.reserve)
        reserve[p] = [c for c in reserve[p] if c != card]
        s.reserve = reserve

    def _take_from_hand(self, p: int, card: int) -> None:
        s = self.s
        hands = list(s.hands)
        hand = hands[p][:]
        hand.remove(card)
        hands[p] = hand
        s.hands = hands

    def _relocate(self, card: int, to: int) -> None:
        s = self.s
        sq = s.where[card]
        other = s.stacked[sq]
        side = s.owner[card]
        s.cells[sq] = -1
        s.stacked[sq] = -1
        s.cells[to] = card
        s.stacked[to] = other
        s.where[card] = to
        if other >= 0:
            s.where[other] = to
        move = (1 << sq) | (1 << to)
        s.occupied ^= move
        s.side_squares[side] ^= move

    def eliminate(self, card: int) -> None:
        """Remove a unit from the table (both cards of a stack) as eliminated."""
        s = self.s
        sq = s.where[card]
        side = s.owner[card]
        unit = s.unit_cards(sq)
        for x in unit:
            s.where[x] = -1
            s.disrupted[x] = False
        lost = list(s.eliminated)
        lost[side] = lost[side] + list(unit)
        s.eliminated = lost
        s.cells[sq] = -1
        s.stacked[sq] = -1
        bit = ~(1 << sq)
        s.occupied &= bit
        s.side_squares[side] &= bit
        if card in s.attachments:
            att = s.attachments[card]
            s.attachments = {k: v for k, v in s.attachments.items() if k != card}
            s.discards = s.discards + [att]
        s.turn_hit = True
        if s.leader_of[side] in unit and s.outcome is None:
            s.outcome = (1 - side, "leader")

    def hit(self, card: int) -> None:
        """A disruption: marks the unit, or eliminates it if already disrupted; a disrupted
        Elephant rampages (Advanced)."""
        s = self.s
        s.turn_hit = True
        if s.disrupted[card]:
            self.eliminate(card)
            return
        sq = s.where[card]
        s.disrupted[card] = True
        other = s.stacked[sq]
        if other >= 0:
            s.disrupted[other] = True
        if card % 10 + 1 == ELEPHANT and "rampage" in s.options:
            self.rampage(card)

    def rampage(self, elephant: int) -> None:
        """The disrupted Elephant attacks a random orthogonal neighbour, then leaves the field."""
        s = self.s
        sq = s.where[elephant]
        side = s.owner[elephant]
        around = [x for x in self.b.around[side * self.b.size + sq] if s.occupied >> x & 1]
        victim = -1
        if around:
            victim = s.cells[around[s.dice.pick(len(around))]]
            strength = s.value(victim)
            if s.disrupted[victim]:
                strength = half(strength)
            if s.dice.roll() <= strength:
                victim = -1
        self.eliminate(elephant)
        if victim >= 0:
            self.hit(victim)

    def resolve_fire(self, card: int, target: int) -> None:
        self.s.fired = self.s.fired | {card}
        if missile_hits(self.s.dice.roll(), target % 10 + 1):
            self.hit(target)

    def resolve_melee(self, attackers, target) -> None:
        attack, defence, dis, amod, dmod = self.melee_numbers(attackers, target)
        dice = self.s.dice
        a = dice.roll()
        d = dice.roll()
        strength = (defence // 2 or 1) if dis else defence
        result = melee_result(attack + a + amod - strength - d - dmod, dis)
        if result == "disrupted":
            self.hit(target)
        elif result == "eliminated":
            if dis:
                self.hit(target)
            else:
                self.eliminate(target)

    # ------------------------------------------------------------------ the flow
    def begin_player_turn(self, side: int) -> None:
        s = self.s
        s.to_act = side
        s.actions_left = 6
        s.drew = False
        s.moved = set()
        s.placed = set()
        s.fired = set()
        s.attacked = set()
        s.flank_pairs = self.flank_pairs(side) if "flank" in s.options else frozenset()
        s.phase = "tactics"

    def roll_initiative(self) -> None:
        dice = self.s.dice
        while True:
            a, b = dice.roll(), dice.roll()
            if a != b:
                break
        self.s.first = SOUTH if a > b else NORTH   # south rolls first
        self.s.half = 0
        self.begin_player_turn(self.s.first)

    def start_turn(self) -> None:
        # Every player holding Tactics cards is asked (south first), Scout or not: waiting
        # only for a Scout holder would tell the opponent who holds it.
        s = self.s
        askers = [p for p in SOUTH_FIRST if s.hands[p]]
        if askers:
            s.phase = "initiative"
            s.to_act = askers[0]
            s.pending = ("initiative", tuple(askers[1:]))
        else:
            self.roll_initiative()

    def acting_side(self) -> int:
        s = self.s
        return s.first if s.half == 0 else 1 - s.first

    def check_victory(self, p: int) -> None:
        s = self.s
        if s.outcome is not None:
            return
        o = 1 - p
        held = 0
        for sq in self.b.back_row(o):
            if s.side_squares[p] >> sq & 1:
                c = s.cells[sq]
                if not s.disrupted[c] and TYPES[c % 10 + 1].holds_ground:
                    held += 1
        if held > s.width // 2:
            s.outcome = (p, "terrain")
            return
        for winner, loser in ((p, o), (o, p)):
            lost = sum(s.cost(c) for c in s.eliminated[loser])
            if 2 * lost > self._points[loser]:
                s.outcome = (winner, "casualties")
                return

    def end_player_turn(self) -> None:
        s = self.s
        self.check_victory(self.acting_side())
        if s.outcome is not None:
            return
        if s.half == 0:
            s.half = 1
            self.begin_player_turn(1 - s.first)
        elif "rally" in s.options:
            s.rally_order = [s.first, 1 - s.first]
            s.phase = "rally"
            s.to_act = s.first
        else:
            self.close_turn()

    def close_turn(self) -> None:
        s = self.s
        s.quiet_turns = 0 if s.turn_hit else s.quiet_turns + 1
        s.turn_hit = False
        if s.quiet_turns >= s.draw_after:
            s.outcome = (-1, "draw")
            return
        s.turn += 1
        self.start_turn()

    def settle(self) -> list[Action] | None:
        """Run the automatic steps until a side has a real decision; return its legal
        actions (or None when the battle is over)."""
        s = self.s
        while True:
            if s.outcome is not None:
                s.phase = "over"
                return None
            ph = s.phase
            if ph == "rally":
                if not s.rally_order:
                    self.close_turn()
                    continue
                s.to_act = s.rally_order[0]
                if not self.disrupted_units(s.to_act):
                    s.rally_order = s.rally_order[1:]
                    continue
                return self.legal()
            legal = self.legal()
            # A Tactics step with cards in hand waits even if none is playable: skipping it
            # would tell the opponent the hand holds nothing playable.
            if ph in ("tactics", "actions", "fire", "melee") and len(legal) == 1 and not (
                    ph == "tactics" and s.hands[s.to_act]):
                if ph == "tactics":
                    s.phase = "actions"
                elif ph == "actions":
                    s.phase = "fire"
                elif ph == "fire":
                    s.phase = "melee"
                else:
                    self.end_player_turn()
                continue
            return legal

    def apply(self, a: Action) -> None:
        """Do a legal action (unchecked), then the automatic steps after it."""
        s = self.s
        k = a.kind
        L = self.b.lookup
        p = s.to_act
        if k == "move":
            card = s.cells[L[a.squares[0]]]
            self._relocate(card, L[a.squares[1]])
            s.moved = s.moved | {card}
            s.actions_left -= 1
        elif k == "reinforce":
            card = CARD_INDEX[a.card]
            self._take_from_reserve(p, card)
            self.place(card, L[a.squares[0]])
            s.moved = s.moved | {card}
            s.placed = s.placed | {card}
            s.actions_left -= 1
        elif k == "end":
            if a.option == "tactics":
                s.phase = "actions"
            elif a.option == "actions":
                s.phase = "fire"
            elif a.option == "fire":
                s.phase = "melee"
            else:
                self.end_player_turn()
        elif k == "fire":
            card = s.cells[L[a.squares[0]]]
            self.resolve_fire(card, s.cells[L[a.squares[1]]])
        elif k == "attack":
            attackers = tuple(s.cells[L[x]] for x in a.squares[:-1])
            target = s.cells[L[a.squares[-1]]]
            s.attacked = s.attacked | set(attackers)
            if self.can_withdraw(attackers, target):
                s.pending = ("withdrawal", attackers, target)
                s.phase = "withdrawal"
                s.to_act = 1 - p
            else:
                self.resolve_melee(attackers, target)
        elif k == "draw":
            hands = list(s.hands)
            hands[p] = hands[p] + [s.deck[-1]]
            s.hands = hands
            s.deck = s.deck[:-1]
            s.drew = True
            s.actions_left -= 3
        elif k in ("withdraw", "stand"):
            _, attackers, target = s.pending
            s.pending = None
            s.phase = "melee"
            s.to_act = 1 - p
            if k == "withdraw":
                self._relocate(target, self.b.back[p][s.where[target]])
            else:
                self.resolve_melee(attackers, target)
        elif k == "play":
            self._play_tactic(a, p)
        elif k == "remove":
            s.pending = None
            s.phase = "tactics"
            s.to_act = 1 - p
            if a.squares:
                self.eliminate(s.cells[L[a.squares[0]]])
            else:
                card = CARD_INDEX[a.card]
                self._take_from_reserve(p, card)
                lost = list(s.eliminated)
                lost[p] = lost[p] + [card]
                s.eliminated = lost
                s.turn_hit = True
                if s.leader_of[p] == card and s.outcome is None:
                    s.outcome = (1 - p, "leader")
        elif k == "rally":
            if a.squares:
                card = s.cells[L[a.squares[0]]]
                for x in s.unit_cards(L[a.squares[0]]):
                    s.disrupted[x] = False
            s.rally_order = s.rally_order[1:]
        elif k == "deploy":
            card = CARD_INDEX[a.card]
            self._take_from_reserve(p, card)
            self.place(card, L[a.squares[0]])
            s.deployed = s.deployed[:]
            s.deployed[p] += 1
            if s.deployed[p] >= min(s.width, len(s.army[p])):
                if p == SOUTH:
                    s.to_act = NORTH
                else:
                    s.hidden_deployment = False
                    self.start_turn()
        elif k == "leader":
            s.leader_of = s.leader_of[:]
            s.leader_of[p] = CARD_INDEX[a.card]
            if p == SOUTH and s.leader_card[NORTH] >= 0:
                s.to_act = NORTH
            else:
                s.phase, s.to_act = "deploy", SOUTH
        elif k == "scout":
            s.pending = None
            self._take_from_hand(p, SCOUT)
            s.discards = s.discards + [SCOUT]
            s.first = p if a.option == "first" else 1 - p
            s.half = 0
            self.begin_player_turn(s.first)
        elif k == "roll":
            rest = s.pending[1] if s.pending else ()
            if rest:
                s.to_act = rest[0]
                s.pending = ("initiative", rest[1:])
            else:
                s.pending = None
                self.roll_initiative()
        else:  # pragma: no cover - validated before
            raise AssertionError(k)

    def _play_tactic(self, a: Action, p: int) -> None:
        s = self.s
        L = self.b.lookup
        card = CARD_INDEX[a.card]
        if card == s.leader_card[p] and card not in s.hands[p]:
            c = s.leader_of[p]
            for x in s.unit_cards(s.where[c]):
                s.disrupted[x] = False
            s.leader_rallied = s.leader_rallied[:]
            s.leader_rallied[p] = True
            return
        self._take_from_hand(p, card)
        if card in LEADER_CARDS:
            for name in a.squares:
                for x in s.unit_cards(L[name]):
                    s.disrupted[x] = False
            s.discards = s.discards + [card]
        elif card in TERRAIN_CARDS:
            sq = L[a.squares[0]]
            s.terrain = {**s.terrain, sq: card}
            s.bad |= 1 << sq
        elif card in (SHIELD, COMPANION):
            s.attachments = {**s.attachments, s.cells[L[a.squares[0]]]: card}
        elif card == REDEPLOY:
            self._relocate(s.cells[L[a.squares[0]]], L[a.squares[1]])
            s.discards = s.discards + [card]
        elif card in LOYALTY_CARDS:
            s.discards = s.discards + [card]
            if self.loyalty_choices(1 - p):
                s.pending = ("loyalty", card)
                s.phase = "loyalty"
                s.to_act = 1 - p


class _Acts:
    """Interned Action objects for one width, so the generators allocate nothing."""

    __slots__ = ("names", "_move", "_fire", "_rein", "_dep", "_att", "_rally", "_rsq", "_rcard",
                 "move_rows", "fire_rows", "reinforce_rows", "deploy_rows", "attack_rows")

    def __init__(self, names) -> None:
        self.names = names
        n = range(len(names))
        # [from][to] and [card][square] tables: the generators index, never allocate
        self.move_rows = [[Action("move", "", (names[a], names[b])) for b in n] for a in n]
        self.fire_rows = [[Action("fire", "", (names[a], names[b])) for b in n] for a in n]
        self.attack_rows = [[Action("attack", "", (names[a], names[b])) for b in n] for a in n]
        self.reinforce_rows = [[Action("reinforce", SHORT[c], (names[q],)) for q in n] for c in range(60)]
        self.deploy_rows = [[Action("deploy", SHORT[c], (names[q],)) for q in n] for c in range(60)]
        self._move, self._fire, self._rein, self._dep = {}, {}, {}, {}
        self._att, self._rally, self._rsq, self._rcard = {}, {}, {}, {}

    def move(self, a: int, b: int) -> Action:
        k = a * 64 + b
        x = self._move.get(k)
        if x is None:
            x = self._move[k] = Action("move", "", (self.names[a], self.names[b]))
        return x

    def fire(self, a: int, b: int) -> Action:
        k = a * 64 + b
        x = self._fire.get(k)
        if x is None:
            x = self._fire[k] = Action("fire", "", (self.names[a], self.names[b]))
        return x

    def reinforce(self, c: int, sq: int) -> Action:
        k = c * 64 + sq
        x = self._rein.get(k)
        if x is None:
            x = self._rein[k] = Action("reinforce", SHORT[c], (self.names[sq],))
        return x

    def deploy(self, c: int, sq: int) -> Action:
        k = c * 64 + sq
        x = self._dep.get(k)
        if x is None:
            x = self._dep[k] = Action("deploy", SHORT[c], (self.names[sq],))
        return x

    def attack(self, squares: tuple[int, ...], target: int) -> Action:
        k = (squares, target)
        x = self._att.get(k)
        if x is None:
            x = self._att[k] = Action("attack", "", tuple(sorted(self.names[q] for q in squares))
                                      + (self.names[target],))
        return x

    def rally(self, sq: int) -> Action:
        x = self._rally.get(sq)
        if x is None:
            x = self._rally[sq] = Action("rally", "", (self.names[sq],))
        return x

    def remove_sq(self, sq: int) -> Action:
        x = self._rsq.get(sq)
        if x is None:
            x = self._rsq[sq] = Action("remove", "", (self.names[sq],))
        return x

    def remove_card(self, c: int) -> Action:
        x = self._rcard.get(c)
        if x is None:
            x = self._rcard[c] = Action("remove", SHORT[c])
        return x


_CACHES: dict[int, _Acts] = {}
_MOVES: dict[int, tuple] = {}
_REACH: dict[int, tuple] = {}


def _reach_tables(width: int) -> tuple:
    """Per side and square, the masks of squares a bow / a javelin could ever reach."""
    tables = _REACH.get(width)
    if tables is None:
        from .board import board
        b = board(width)
        bows, javelins = [], []
        for side in SIDES:
            fwd = b.forward[side]
            brow, jrow = [], []
            for sq in range(b.size):
                f = fwd[sq]
                squares = [f] if f >= 0 else []
                jrow.append(sum(1 << x for x in squares))
                if f >= 0:
                    squares += [fwd[f]] + [fwd[x] for x in (b.left[sq], b.right[sq]) if x >= 0]
                brow.append(sum(1 << x for x in squares if x >= 0))
            bows.append(brow)
            javelins.append(jrow)
        tables = _REACH[width] = (bows, javelins)
    return tables


def _move_tables(width: int) -> tuple:
    tables = _MOVES.get(width)
    if tables is None:
        from .board import board
        b = board(width)
        tables = _MOVES[width] = tuple(
            tuple(tuple(tuple((d, sum(1 << x for x in vias)) for d, vias in per_square)
                        for per_square in b.moves[(side, TYPES[v].steps, TYPES[v].sideways)]) if v else None
                  for v in range(11))
            for side in SIDES)
    return tables


def _action_cache(width: int) -> _Acts:
    from .board import board
    acts = _CACHES.get(width)
    if acts is None:
        acts = _CACHES[width] = _Acts(board(width).names)
    return acts


def check_position(s: AncientState) -> None:
    """Raise PositionError naming the first rule a position breaks beyond its syntax (the
    step, who acts, pending decisions, face-down cards, leaders, every card in one place).
    Position text is read by :mod:`.notation`, then checked here."""
    if s.hidden_deployment and s.phase not in ("leader", "deploy"):
        raise PositionError("cards are face down only during leader choice and deployment (hidden no)")
    acting = s.first if s.half == 0 else 1 - s.first
    if s.phase in ("tactics", "actions", "fire", "melee") and s.to_act != acting:
        raise PositionError(f"in the {s.phase} step the side to act is the one whose player turn it is "
                            f"({SIDE_NAMES[acting]}, from the turn line)")
    if s.phase in ("withdrawal", "loyalty") and s.to_act == acting:
        raise PositionError(f"the {s.phase} decision belongs to the side whose player turn it is not")
    if s.phase in ("withdrawal",) and (s.pending is None or s.pending[0] != "withdrawal"):
        raise PositionError("the withdrawal step needs a pending withdrawal line")
    if s.phase == "loyalty" and (s.pending is None or s.pending[0] != "loyalty"):
        raise PositionError("the loyalty step needs a pending loyalty line")
    if s.pending is not None and s.phase not in ("withdrawal", "loyalty", "initiative"):
        raise PositionError("a pending decision belongs to the initiative, withdrawal or loyalty step")
    if s.phase == "initiative":
        if s.pending is None or s.pending[0] != "initiative":
            raise PositionError("the initiative step needs a 'pending initiative' line")
        if not s.hands[s.to_act]:
            raise PositionError("at the initiative only a player holding Tactics cards is asked")
    if s.pending is not None and s.pending[0] == "withdrawal":
        if any(s.where[c] < 0 for c in s.pending[1] + (s.pending[2],)):
            raise PositionError("a pending withdrawal names cards not on the field")
    if s.phase == "over" and s.outcome is None:
        raise PositionError("the step 'over' needs an outcome line")
    if s.outcome is not None and s.phase != "over":
        raise PositionError("a battle with an outcome is in step 'over'")
    if s.phase in ("leader", "deploy") and not s.hidden_deployment:
        raise PositionError("during leader choice and deployment the cards are face down (hidden yes)")
    if s.phase == "leader" and s.leader_card[s.to_act] < 0:
        raise PositionError(f"{SIDE_NAMES[s.to_act]} has no leader to attach")
    for p in SOUTH_FIRST:
        if s.leader_card[p] >= 0 and s.leader_of[p] < 0 and s.phase != "leader":
            raise PositionError(f"{SIDE_NAMES[p]}'s leader must be attached to a card after the leader step")
    try:
        s.card_places()
    except AssertionError as e:
        raise PositionError(f"the 70 cards: {e}") from None

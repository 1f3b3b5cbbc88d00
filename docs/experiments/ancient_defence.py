"""``hard`` that sees a terrain victory coming two moves ahead (docs/experiments/LOG.md, "Defending the
Back Row").

The terrain race in ``hard``'s plan score (``race_chances``) counts a side only once it can
complete a terrain victory in its next action step. By then the defender may have no
answer: units never step back, and a reserve card placed on an empty square in front of an
enemy often dies at once. ``HardDefends`` adds ``approach`` times the race's worth for each
side that could complete it within two moves of its own units (the others standing still)
but not in one: its own such threat for it, the opponent's against it. A plug, or a unit
that bars the way, then pays one answer earlier. Named for the arena as
``ancient_defence:HardDefends``:

    PYTHONPATH=docs/experiments python -m battleline.arena ancient_defence:HardDefends \\
        ancient_rushers:TerrainRush --game ancient --scenario all --games 140 --seed 30000 --jobs 1
"""

from __future__ import annotations

from battleline.ancient.bots.evaluation import melee_chances
from battleline.ancient.bots.planner import PlannerBot
from battleline.ancient.bots.terrain_race import terrain_reach, terrain_reach_within
from battleline.ancient.rules import Rules
from battleline.ancient.troops import HOLDS_GROUND, TROOP_TYPES, CAVALRY


def race_approach(s, rules: Rules, me: int) -> float:
    """+1 if ``me`` could complete a terrain victory within two moves of its units but not in
    one, -1 if the opponent could, the sum if both (``rules`` bound to ``s``)."""
    need = s.width // 2 + 1
    total = 0.0
    for q, sign in ((me, 1.0), (1 - me, -1.0)):
        held, now = terrain_reach(s, rules, q)
        if held + now >= need:
            continue               # the race term already counts it
        _, soon = terrain_reach_within(s, rules, q, 2)
        if held + soon >= need:
            total += sign
    return total


def plug_losses(s, rules: Rules, q: int) -> list[float]:
    """For each unit of the other side on its own Back Row with a unit of ``q`` that holds
    ground in front of it, the chance that one attack by that unit eliminates it (the square
    then opens to the attacker's next step)."""
    other = 1 - q
    back = set(s.board.back_row(other))
    fwd = s.board.forward[other]
    out = []
    for sq, c in rules.own_units(other):
        if sq not in back:
            continue
        f = fwd[sq]
        x = s.cells[f] if f >= 0 else -1
        if x < 0 or s.owner[x] != q or s.disrupted[x] or not HOLDS_GROUND[x % 10 + 1]:
            continue
        if CAVALRY[x % 10 + 1] and TROOP_TYPES[c % 10 + 1].cavalry_proof:
            continue
        out.append(melee_chances(*rules.melee_numbers((x,), c))[1])
    return out


def chance_at_least(base: int, chances: list[float], need: int) -> float:
    """The chance that ``base`` plus the number of independent events of ``chances`` that
    happen reaches ``need``."""
    dist = [1.0]                      # dist[k]: chance that k events happened
    for p in chances:
        dist = [a * (1 - p) + b * p for a, b in zip(dist + [0.0], [0.0] + dist)]
    return sum(v for k, v in enumerate(dist) if base + k >= need)


def race_two_turns(s, rules: Rules, me: int) -> float:
    """Each side's chance to complete a terrain victory within two moves of its units, its
    plugs' eliminations in one attack each counted as squares opened, ours for and theirs
    against; a side already counted by the race term is left out."""
    need = s.width // 2 + 1
    total = 0.0
    for q, sign in ((me, 1.0), (1 - me, -1.0)):
        held, now = terrain_reach(s, rules, q)
        if held + now >= need:
            continue
        _, soon = terrain_reach_within(s, rules, q, 2)
        total += sign * chance_at_least(held + soon, plug_losses(s, rules, q), need)
    return total


class HardDefends(PlannerBot):
    """``hard`` whose plan score also counts the terrain race two moves ahead."""

    name = "hard-defends"
    approach = 0.2

    def score(self, world, me: int, rules: Rules) -> float:
        value = super().score(world, me, rules)
        s = world.state
        if s.outcome is not None or not self.race:
            return value
        return value + self.race * self.approach * race_approach(s, rules, me)


class HardGuardsPlugs(HardDefends):
    """``hard`` that also counts plugs about to fall: ``race_two_turns`` in place of
    ``race_approach``."""

    name = "hard-guards-plugs"

    def score(self, world, me: int, rules: Rules) -> float:
        value = PlannerBot.score(self, world, me, rules)
        s = world.state
        if s.outcome is not None or not self.race:
            return value
        return value + self.race * self.approach * race_two_turns(s, rules, me)


def count_changed_plans(term, deals: range) -> tuple[int, int, int]:
    """In battles of ``hard``'s beam search (``SearchBot``) against ``TerrainRush`` on
    ``deals`` (both seats), at each of its action-step decisions: how many there were, at how
    many ``term`` was not 0 in the sampled world, and at how many the best plan of the beam
    changed when ``race × approach × term`` was added to its score."""
    from ancient_rushers import TerrainRush
    from battleline.ancient import AncientGame
    from battleline.ancient.bots import SearchBot
    from battleline.arena.ancient import scenario_for
    SIDES = ("south", "north")          # the seats of this measurement: 0 south, 1 north

    class WithTerm(SearchBot):
        def score(self, world, me, rules):
            value = super().score(world, me, rules)
            if world.state.outcome is None:
                value += self.race * HardDefends.approach * term(world.state, rules, me)
            return value

    decisions = nonzero = changed = 0
    for deal in deals:
        for seat in (0, 1):
            game = AncientGame.scenario(scenario_for("all", deal), seed=deal)
            bots = {seat: SearchBot(seed=deal), 1 - seat: TerrainRush(seed=deal + 7)}
            while game.outcome is None and game.turn < 40:
                side = SIDES.index(game.to_act)
                obs = game.observation(SIDES[side])
                if side == seat and obs.phase == "actions" and len(obs.legal_actions) > 1:
                    world = bots[seat].world(obs)
                    me = world.state.to_act
                    decisions += 1
                    nonzero += term(world.state, Rules(world.state), me) != 0
                    plain = SearchBot(seed=1).ranked_plans(world, me, Rules(world.state), None)[0][1]
                    other = WithTerm(seed=1).ranked_plans(world, me, Rules(world.state), None)[0][1]
                    changed += plain != other
                game.play(bots[side].choose(obs))
    return decisions, nonzero, changed


if __name__ == "__main__":
    import argparse
    parser = argparse.ArgumentParser(description="How often a defence term changes hard's plans.")
    parser.add_argument("term", choices=("approach", "plugs"))
    parser.add_argument("--deals", default="30000-30009", help="FIRST-LAST")
    args = parser.parse_args()
    first, last = map(int, args.deals.split("-"))
    chosen = race_approach if args.term == "approach" else race_two_turns
    print("decisions %d, term not 0: %d, best plan changed: %d" % count_changed_plans(chosen, range(first, last + 1)))

"""Where an Ancient Battles bot's points go in the battles it does not win (or, with
``--won``, in those it wins).

A diagnostic, not a player. It replays the battles of an arena file (``--save``) that bot A
did not win, with the same bots and seeds, and adds up the points A lost to each enemy
strike, by how the striker got there and by the troop type that was hit:

- ``moved``: the striker moved in this player turn (and so struck first);
- ``placed``: it was placed from the reserve this player turn;
- ``standing``: it stood there already (a duel going on);
- ``missile``: fire.

A disruption counts half the unit's cost, an elimination the rest. The bots have no clock,
so a replay is the same battle; a battle whose replay ends otherwise than the file says
(another version of the bots) is reported and left out.

    python docs/experiments/ancient_losses.py docs/arena/ancient-medium-vs-easy-v5.jsonl.gz
"""

from __future__ import annotations

import argparse
import json
from collections import Counter

from battleline.ancient import AncientGame
from battleline.ancient.bots import ancient_bot
from battleline.ancient.bots.evaluation import points_lost
from battleline.arena.ancient import scenario_for
from battleline.sides import side_index

SIDES = ("south", "north")          # the arena's seats: 0 south, 1 north
TROOPS = {1: "Skirmishers", 2: "Peltasts", 3: "Javalineers", 4: "Hoplites", 5: "Phalangists",
          6: "Hypaspists", 7: "Light Cavalry", 8: "Heavy Cavalry", 9: "Chariots", 10: "Elephants"}


def replay(record: dict) -> tuple[dict | None, Counter, Counter]:
    """Replay one battle; (its outcome or None if it differs from ``record``, points lost by
    how the striker got there, points lost by troop type)."""
    a_seat, deal = record["a_seat"], record["deal"]
    game = AncientGame.scenario(scenario_for("all", deal), seed=deal)
    bots = [None, None]
    bots[a_seat] = ancient_bot(record["a"], seed=deal * 2 + a_seat)
    bots[1 - a_seat] = ancient_bot(record["b"], seed=deal * 2 + 1 - a_seat)
    by_how, by_type = Counter(), Counter()
    a_side = side_index(SIDES[a_seat])     # the game's number for the side A plays
    arrived: dict[str, str] = {}
    turn = None
    while game.outcome is None and game.turn <= 200:
        side = SIDES.index(game.to_act)
        s = game.state
        if (s.turn, s.half) != turn:
            turn, arrived = (s.turn, s.half), {}
        action = bots[side].choose(game.observation(SIDES[side]))
        strike = None
        if side != a_seat and action.kind in ("attack", "fire"):
            how = "missile" if action.kind == "fire" else arrived.get(action.squares[0], "standing")
            target = s.cells[s.board.lookup[action.squares[-1]]]
            strike = (how, TROOPS[target % 10 + 1], points_lost(s, a_side))
        if action.kind == "move":
            arrived[action.squares[-1]] = "moved"
        elif action.kind == "reinforce":
            arrived[action.squares[-1]] = "placed"
        game.play(action)
        if strike:
            how, troop, before = strike
            loss = points_lost(game.state, a_side) - before
            by_how[how] += loss
            by_type[troop] += loss
    o = game.outcome
    winner = None if o is None or o.winner is None else ("a" if SIDES.index(o.winner_name) == a_seat else "b")
    same = winner == record["winner"] and game.turn == record["turns"]
    return ({"winner": winner, "reason": o.reason if o else "turn limit"} if same else None), by_how, by_type


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("file")
    ap.add_argument("--limit", type=int, default=None, help="at most this many battles")
    ap.add_argument("--won", action="store_true", help="the battles A won instead")
    args = ap.parse_args(argv)
    records = [r for r in map(json.loads, open(args.file))
               if "deal" in r and (r["winner"] == "a") == args.won]
    by_how, by_type = Counter(), Counter()
    done = differed = 0
    for r in records[:args.limit]:
        outcome, how, troop = replay(r)
        if outcome is None:
            differed += 1
            continue
        done += 1
        by_how.update(how)
        by_type.update(troop)
    total = sum(by_how.values())
    print(f"{done} battles {'won' if args.won else 'not won'} by {records[0]['a'] if records else 'A'} replayed"
          f" ({differed} replayed otherwise and left out); points lost to enemy strikes: {total:g}")
    for name, counter in (("how the striker got there", by_how), ("troop type hit", by_type)):
        print(name + ":")
        for key, value in counter.most_common():
            print(f"  {key:15} {value:7g}  {100 * value / total if total else 0:5.1f}%")


if __name__ == "__main__":
    main()

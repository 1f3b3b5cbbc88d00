"""Does an idea explain the search's preference? Counted on a motif-share run's marked decisions (issue 43).

Replays the games of a ``motif_share.py`` run (``--out`` of that script, Battle Line only),
judges each marked decision again (the same worlds: the same ``judge``, budget and seed, so the
same better move; a decision whose label or ideas differ from the run's is reported and left
out), and counts, for each candidate idea below, how often it holds for the better move and not
the move played ("forward") and how often for the move played and not the better move ("the
reverse"). An idea that describes the move played as a fault (``BAD``) is counted the other
way round: forward when it holds for the move played. An idea is adopted as a motif only when
forward >= 6 and forward >= 3 x the reverse (fixed before counting).

    python docs/experiments/motif_ideas.py docs/experiments/motif-share/standard.jsonl

Each idea reads only what the mover could see: the table, the discards, the mover's hand.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from motif_share import play  # noqa: E402

from battleline.annotation import decision_seed  # noqa: E402
from battleline.standard import reviewing  # noqa: E402
from battleline.standard.formations import CARDS_NEEDED, KINDS, best  # noqa: E402
from battleline.standard.motifs import best_formation, find, possible_best, scouted, still_available  # noqa: E402
from battleline.standard.rules import FLAGS, win_reason  # noqa: E402
from battleline.standard.worlds import sample_world  # noqa: E402
from battleline.cards import TROOP_MASK  # noqa: E402

FORWARD_AT_LEAST, RATIO_AT_LEAST = 6, 3


def after(w, m):
    a = w.copy()
    a.push(m)
    return a


def to_a_side(m):
    return m.kind == "play" and bool(m.flag) and (m.card.is_troop or m.card.is_wild)


def two_flags(m, o):
    return to_a_side(m) and to_a_side(o) and m.flag != o.flag


def troops(m, o):
    return m.kind == "play" and o.kind == "play" and m.card.is_troop and o.card.is_troop


def kind_index(b):
    return -1 if b is None else KINDS.index(b[1]) if b[1] in KINDS else 99


def edge(mine, theirs):
    if mine is None:
        return -1
    return 1 if theirs is None else mine[0] - theirs[0]


def full(w, f, side):
    return len(w.sides[side][f]) >= CARDS_NEEDED[w.mud_flag == f]


def mask(cards):
    return sum(1 << c for c in cards if c < 60)


def open_contested(a, me, f):
    """The opponent has cards at ``f``, not claimed and not yet provable by them."""
    return bool(a.sides[1 - me][f]) and a.claimed[f] < 0 and f not in set(a.provable_flags(1 - me))


# ------------------------------------------------------------------ the ideas: (world, me, move, other) -> bool

def blocks(w, me, m, o):
    """The card on the table lowers the best kind the opponent's side at an open flag can still make."""
    if not (m.kind == "play" and m.card.is_troop):
        return False
    a = after(w, m)
    return any(kind_index(possible_best(a, 1 - me, f)) < kind_index(possible_best(w, 1 - me, f))
               for f in FLAGS if w.claimed[f] < 0 and w.sides[1 - me][f] and w.fog_flag != f
               and not full(w, f, 1 - me))


def answers(w, me, m, o):
    """The move's flag holds more of the opponent's cards than the other move's."""
    return two_flags(m, o) and len(w.sides[1 - me][m.flag]) > len(w.sides[1 - me][o.flag])


def answers_complete(w, me, m, o):
    """The opponent's side at the move's flag is complete, at the other move's not."""
    return two_flags(m, o) and full(w, m.flag, 1 - me) and not full(w, o.flag, 1 - me)


def joins(w, me, m, o):
    """The move's flag already holds the mover's cards, the other move's none."""
    return two_flags(m, o) and bool(w.sides[me][m.flag]) and not w.sides[me][o.flag]


def tempo(w, me, m, o):
    """The move completes the mover's side while the opponent's there is not complete."""
    if not to_a_side(m):
        return False
    f = m.flag
    return len(w.sides[me][f]) + 1 == CARDS_NEEDED[w.mud_flag == f] and not full(w, f, 1 - me)


def outmatched_fog(w, me, m, o):
    """(BAD) Under Fog, the opponent's cards at the flag can still make a higher total (the motif)."""
    return any(x.key == "outmatched_fog" for x in find(w, me, m))


def needed_elsewhere(w, me, m, o):
    """(BAD) The card lowers the best kind the mover's side can still make at another open flag."""
    if not (m.kind == "play" and m.card.is_troop):
        return False
    a = after(w, m)
    return any(kind_index(possible_best(a, me, f)) < kind_index(possible_best(w, me, f))
               for f in FLAGS if f != m.flag and w.claimed[f] < 0 and w.sides[me][f] and w.fog_flag != f
               and not full(w, f, me))


def falls_short(w, me, m, o):
    """(BAD) Where the opponent has cards, the mover's side can no longer beat their best (ties too, Fog too)."""
    if not to_a_side(m) or not w.sides[1 - me][m.flag]:
        return False
    a = after(w, m)
    return edge(best_formation(a, me, m.flag), best_formation(a, 1 - me, m.flag)) <= 0


def lowest(w, me, m, o):
    """The move spends the lowest troop in the hand, the other move not."""
    if not troops(m, o):
        return False
    low = min(c.value for c in w.hand(me) if c.is_troop)
    return m.card.value == low and o.card.value != low


def concedes(w, me, m, o):
    """The lowest troop in the hand, to a flag where the mover's side falls short of the opponent's best."""
    return lowest(w, me, m, o) and falls_short(w, me, m, o)


def lower(w, me, m, o):
    """The move's troop is lower than the other move's."""
    return troops(m, o) and m.card.value < o.card.value


def empty_flag(w, me, m, o):
    """The move opens a flag with no card on either side; the other move's flag has cards."""
    return two_flags(m, o) and not (w.sides[0][m.flag] or w.sides[1][m.flag]) and \
        bool(w.sides[0][o.flag] or w.sides[1][o.flag])


def tied(w, me, m, o):
    """(BAD) Where the opponent has cards, the two sides' best are exactly as strong (who finishes first wins)."""
    if not (m.kind == "play" and m.flag and m.card.is_troop):
        return False
    a = after(w, m)
    if not open_contested(a, me, m.flag):
        return False
    mine, theirs = best_formation(a, me, m.flag), best_formation(a, 1 - me, m.flag)
    return mine is not None and theirs is not None and mine[0] == theirs[0]


def threat_higher(w, me, m, o):
    """The opponent's best at the move's flag is stronger than at the other move's (where the threat is)."""
    if not two_flags(m, o):
        return False
    theirs = [best_formation(after(w, x), 1 - me, x.flag) for x in (m, o)]
    return edge(theirs[0], None) > 0 and (theirs[1] is None or theirs[0][0] > theirs[1][0])


def sets_up_proof(w, me, m, o):
    """After the move, a troop still in hand would, played at the same flag, let the mover prove it."""
    if not to_a_side(m):
        return False
    a, f = after(w, m), m.flag
    if a.claimed[f] >= 0 or f in a.provable_flags(me) or full(a, f, me):
        return False
    return any(f in after(a, a.parse_move(f"{c}@{f}")).provable_flags(me) for c in a.hand(me) if c.is_troop)


def one_flag_from_winning(w, me, m, o):
    """After the move the mover is one open flag from winning."""
    a = after(w, m)
    flags = set(a.flags_held(me)) | set(a.provable_flags(me))
    if win_reason(flags):
        return False
    return any(win_reason(flags | {f}) for f in FLAGS if a.claimed[f] < 0 and f not in flags)


def opponent_card_gone(w, me, m, o):
    """At the move's flag the opponent's side can no longer make the kind its cards aim for: the cards are seen."""
    if not to_a_side(m):
        return False
    a, f = after(w, m), m.flag
    theirs = a.sides[1 - me][f]
    if not theirs or a.claimed[f] >= 0 or a.fog_flag == f or full(a, f, 1 - me):
        return False
    need = CARDS_NEEDED[a.mud_flag == f] - len(theirs)
    hoped = best(list(theirs), TROOP_MASK & ~mask(a.sides[me][f]) & ~mask(theirs), need, False)
    real = best(list(theirs), still_available(a) & ~mask(theirs), need, False)
    return hoped is not None and (real is None or real[1] != hoped[1])


def in_hand_pair(w, me, m, o):
    """(BAD) The card played has a partner in the hand (same colour within 2, or same value)."""
    return troops(m, o) and any(h != m.card and h.is_troop and (h.color == m.card.color and
                                abs(h.value - m.card.value) <= 2 or h.value == m.card.value) for h in w.hand(me))


def triples(f):
    """How many runs of three adjacent flags ``f`` is part of (the Breakthrough's shapes)."""
    return sum(1 for first in FLAGS[:-2] if first <= f <= first + 2)


def central(w, me, m, o):
    """Both moves play to a flag; the move's flag is part of more runs of three adjacent flags."""
    return two_flags(m, o) and triples(m.flag) > triples(o.flag)


def beside_own(w, me, m, o):
    """Both moves play to a flag; more flags next to the move's are held or provable by the mover."""
    if not two_flags(m, o):
        return False
    mine = set(w.flags_held(me)) | set(w.provable_flags(me))
    return sum(g in mine for g in (m.flag - 1, m.flag + 1)) > sum(g in mine for g in (o.flag - 1, o.flag + 1))


def scout_first(w, me, m, o):
    """The move is a Scout while the other puts a card on the table (the motif, as adopted)."""
    return bool(scouted(w, me, o, m))


def taken_from(w, m):
    """The flag a Deserter, Traitor or Redeploy move takes its card from."""
    return next((f for f in FLAGS for s in (0, 1) if m.card is not None and m.card in w.sides[s][f]), None)


def weakens(w, me, m, o):
    """A Deserter or Traitor move lowers the best the opponent's side can still make where it takes the card."""
    if m.kind not in ("deserter", "traitor"):
        return False
    f = taken_from(w, m)
    if f is None:
        return False
    a = after(w, m)
    before, now = best_formation(w, 1 - me, f), best_formation(a, 1 - me, f)
    return before is not None and (now is None or now[0] < before[0])


IDEAS = [blocks, answers, answers_complete, joins, tempo, outmatched_fog, needed_elsewhere, falls_short, lowest,
         concedes, lower, empty_flag, tied, threat_higher, sets_up_proof, one_flag_from_winning, opponent_card_gone,
         in_hand_pair, central, beside_own, scout_first, weakens]
BAD = {outmatched_fog, needed_elsewhere, falls_short, tied, in_hand_pair}


def decisions(path: Path):
    """Each marked decision of the run: ``(world, seat, played, better, named before)``."""
    for line in (json.loads(x) for x in path.read_text().splitlines()):
        game = play("standard", line["seed"], line["medium_seat"])
        points = {p.index: p for p in reviewing.walk(game, None).points}
        for marked in line["marked"]:
            p = points.get(marked["index"])
            d = p and reviewing.judge(p.observation, p.played, p.index, line["budget"], line["seed"])
            # ideas adopted after the run may follow the run's own (at most two are named)
            if d is None or d.label != marked["label"] or list(d.motifs)[:len(marked["motifs"])] != marked["motifs"]:
                print(f"seed {line['seed']} move {marked['index']}: not the run's decision, left out")
                continue
            obs = reviewing.canonical(p.observation)
            world = sample_world(obs, random.Random(decision_seed(line["seed"], p.index)))
            yield world, p.seat, world.parse_move(d.played), world.parse_move(d.best), bool(marked["motifs"])


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("run", nargs="+", help="motif_share.py --out files of Battle Line games")
    args = ap.parse_args(argv)
    rows = [r for run in args.run for r in decisions(Path(run))]
    print(f"{len(rows)} marked decisions, {sum(not r[4] for r in rows)} naming no idea")
    for idea in IDEAS:
        forward = reverse = forward_unnamed = 0
        for world, me, played, better, named in rows:
            good, bad = idea(world, me, better, played), idea(world, me, played, better)
            if idea in BAD:
                good, bad = bad, good
            forward += good and not bad
            forward_unnamed += good and not bad and not named
            reverse += bad and not good
        adopt = forward >= FORWARD_AT_LEAST and forward >= RATIO_AT_LEAST * reverse
        print(f"{idea.__name__:22} forward {forward:3} (naming none {forward_unnamed:2})  reverse {reverse:3}"
              f"  {'passes' if adopt else 'fails'}")


if __name__ == "__main__":
    main()

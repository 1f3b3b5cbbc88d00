"""The motifs of Battle Line moves (battleline.standard.motifs), each on a hand-built position:
found where it holds, and absent from a quiet move of the same position."""

from __future__ import annotations

import pytest

from battleline import Game
from battleline.cards import Card
from battleline.standard.editor import PositionDraft
from battleline.standard.motifs import find, possible_best
from battleline.standard.worlds import sample_world


def draft(flags: dict, hand_south=("R4", "B3", "P5", "R6", "P9", "G1", "O3"), claims=(), discards=(),
          to_move=1) -> Game:
    """A position: ``flags`` maps ``(flag, side)`` to cards; south's hand; claimed flags as
    ``(flag, side)``; discards as ``(card, side)``."""
    d = PositionDraft(to_move=to_move)
    for (flag, side), cards in flags.items():
        for c in cards.split():
            d.place(c, flag=flag, side=side)
    for c in hand_south:
        d.place(c, hand=1)
    for c, side in discards:
        d.place(c, discard=side)
    for flag, side in claims:
        d.claim(flag, side)
    return d.game()


NORTH_HOLDS_1_AND_2 = {(1, 0): "R9 R10 O9", (1, 1): "P1 P2 O4", (2, 0): "Y9 Y10 O10", (2, 1): "P3 P4 O6"}


def keys(game: Game, move: str, me: int = 1) -> list[str]:
    return [m.key for m in find(game, me, move)]


def motif(game: Game, move: str, key: str, me: int = 1):
    found = [m for m in find(game, me, move) if m.key == key]
    assert len(found) == 1, (key, find(game, me, move))
    return found[0]


def test_a_win_at_once():
    """South holds flags 1 and 2; R5 completes a Wedge 3-4-5 at flag 3 against north's
    finished Host, which proves flag 3 and the Breakthrough."""
    g = draft({(1, 0): "P1 P2 O4", (1, 1): "R9 R10 O9", (2, 0): "P3 P4 O6", (2, 1): "Y9 Y10 O10",
               (3, 0): "B2 Y6 P8", (3, 1): "R3 R4"},
              hand_south=("R5", "B3", "P5", "R6", "P9", "G1", "O3"), claims=((1, 1), (2, 1)))
    m = motif(g, "R5@3", "win_at_once")
    assert m.flags == (3,) and m.detail == ("breakthrough",)
    assert "win_at_once" not in keys(g, "P9@4")


def test_a_win_allowed_a_claim_given_and_a_formation_spoiled():
    """North holds flags 1 and 2 and has a Phalanx of 5s at flag 3; south's G7 G8 could still
    make a Wedge there, but Y2 finishes it as a Host: north proves flag 3, and the game."""
    g = draft({**NORTH_HOLDS_1_AND_2, (3, 0): "B5 Y5 G5", (3, 1): "G7 G8"},
              hand_south=("Y2", "B3", "R4", "P5", "R6", "P9", "G1"), claims=((1, 0), (2, 0)))
    allowed = motif(g, "Y2@3", "win_allowed")
    assert allowed.flags == (3,) and allowed.detail == ("breakthrough",)
    assert motif(g, "Y2@3", "claim_given").flags == (3,)
    spoiled = motif(g, "Y2@3", "own_card_breaks")
    assert spoiled.flags == (3,) and [str(c) for c in spoiled.cards] == ["Y2"] and spoiled.detail == ("wedge", "host")
    assert keys(g, "P9@4") == []


def test_a_win_threatened():
    """North holds flag 1; south's Y2 hands over flag 2, after which flag 3 would win north
    the game (flags 1-2-3), as would nothing before."""
    g = draft({(1, 0): "R9 R10 O9", (1, 1): "P1 P2 O4", (2, 0): "B5 Y5 G5", (2, 1): "G7 G8"},
              hand_south=("Y2", "B3", "R4", "P5", "R6", "P9", "G1"), claims=((1, 0),))
    threat = motif(g, "Y2@2", "win_threatened")
    assert threat.flags == (3,)
    assert "win_threatened" not in keys(g, "P9@5")


def test_a_card_spent_on_a_flag_lost_for_good():
    """North's Wedge 8-9-10 at flag 4 cannot be beaten: a 10 there is a strong card lost."""
    g = draft({(4, 0): "B8 B9 B10", (4, 1): "Y2"},
              hand_south=("R10", "B3", "R4", "P5", "R6", "P9", "G1"))
    lost = motif(g, "R10@4", "lost_flag")
    assert lost.flags == (4,) and lost.detail == ("high",)
    assert motif(g, "B3@4", "lost_flag").detail == ("low",)
    assert "lost_flag" not in keys(g, "R10@5")


def test_the_card_a_formation_needs_is_gone():
    """Every other 8 lies in the discards: R8 beside Y8 cannot become a Phalanx of 8s."""
    g = draft({(3, 1): "Y8"}, hand_south=("R8", "B3", "R4", "P5", "R6", "P9", "G1"),
              discards=(("G8", 0), ("B8", 0), ("O8", 1), ("P8", 1)))
    gone = motif(g, "R8@3", "card_gone")
    assert gone.flags == (3,) and sorted(str(c) for c in gone.cards) == ["B8", "G8", "O8", "P8"]
    assert gone.detail[0] == "phalanx"
    with_one_left = draft({(3, 1): "Y8"}, hand_south=("R8", "B3", "R4", "P5", "R6", "P9", "G1"),
                          discards=(("G8", 0), ("B8", 0), ("O8", 1)))
    assert "card_gone" not in keys(with_one_left, "R8@3")


def test_fog_that_turns_a_flag_and_mud_that_changes_nothing():
    """North's Wedge 1-2-3 beats south's Phalanx of 10s until Fog makes it totals: 6 against 30."""
    g = draft({(6, 0): "R1 R2 R3", (6, 1): "B10 G10 Y10"},
              hand_south=("Fog", "Mud", "R4", "P5", "R6", "P9", "G1"))
    fog = motif(g, "Fog@6", "fog")
    assert fog.flags == (6,) and fog.detail[0] is True
    assert fog.detail[1][0] > fog.detail[2][0]           # south's best total is now the higher
    mud = motif(g, "Mud@6", "mud")
    assert mud.detail[0] is False                         # north's Wedge stays ahead under Mud
    assert "fog" not in keys(g, "P9@5") and "mud" not in keys(g, "P9@5")


def test_possible_best_follows_what_is_seen():
    g = draft({(3, 1): "Y8"}, discards=(("G8", 0), ("B8", 0), ("O8", 1), ("P8", 1)))
    assert possible_best(g, 1, 3)[1] == "wedge"
    g2 = draft({(3, 1): "Y8 R8"}, hand_south=("B3", "R4", "P5", "R6", "P9", "G1", "O2"),
               discards=(("G8", 0), ("B8", 0), ("O8", 1), ("P8", 1)))
    assert possible_best(g2, 1, 3)[1] == "host"


@pytest.mark.parametrize("seed", range(3))
def test_motifs_read_only_what_the_mover_sees(seed):
    """Worlds dealt from the mover's observation give the same motifs as the real game."""
    import random
    g = Game(seed=seed)
    rng = random.Random(seed)
    for _ in range(30):
        g.play(rng.choice(g.legal_moves()))
    me = g.to_move
    moves = [m for m in g.legal_moves() if m.kind == "play"][:8]
    real = {str(m): find(g, me, m) for m in moves}
    for k in range(3):
        w = sample_world(g.observation(me), random.Random(k))
        assert {str(m): find(w, me, m) for m in moves} == real


def test_the_better_card_can_still_become_a_higher_formation():
    """P4 beside P3 keeps a Wedge possible at flag 4; B9 beside R2 at flag 5 is at best a Host."""
    from battleline.standard.motifs import prospect
    from battleline.standard.moves import Move
    g = draft({(4, 1): "P3", (5, 1): "R2"}, hand_south=("P4", "B9", "G1", "Y5", "O7", "R8", "B2"))
    [m] = prospect(g, 1, Move.parse("B9@5"), Move.parse("P4@4"))
    assert m.flags == (4, 5) and [str(c) for c in m.cards] == ["P4", "B9"] and m.detail == ("wedge", "host")
    assert prospect(g, 1, Move.parse("P4@4"), Move.parse("B9@5")) == []       # the other way round: none
    assert prospect(g, 1, Move.parse("B2@5"), Move.parse("B9@5")) == []       # both Hosts at best


def test_a_card_at_a_flag_the_opponent_can_still_outclass():
    """North's Y8 Y9 at flag 2 can still become a Wedge; R3 beside south's B5, a Skirmish Line."""
    g = draft({(2, 0): "Y8 Y9", (2, 1): "B5", (6, 0): "Y2"}, hand_south=("R3", "B9", "G1", "Y5", "O7", "R8", "B2"))
    [m] = [m for m in find(g, 1, "R3@2") if m.key == "outmatched"]
    assert m.flags == (2,) and m.detail == ("skirmish", "wedge")
    assert "outmatched" not in keys(g, "B9@4")                      # north has no card at flag 4
    assert "outmatched" not in keys(g, "B9@6")                      # a Wedge each, still


def test_a_high_card_spent_where_a_low_one_does_as_well():
    """B9 on an empty flag makes nothing better than G1 beside G2 (a Wedge each): keep the 9."""
    from battleline.standard.motifs import prospect
    from battleline.standard.moves import Move
    g = draft({(3, 1): "G2"}, hand_south=("G1", "B9", "R4", "Y5", "O7", "R8", "B2"))
    [m] = prospect(g, 1, Move.parse("B9@5"), Move.parse("G1@3"))
    assert m.key == "high_card_spent" and m.flags == (3, 5) and [str(c) for c in m.cards] == ["G1", "B9"]
    assert prospect(g, 1, Move.parse("R4@5"), Move.parse("G1@3")) == []      # a 4 is no high card


def test_a_flag_still_won_against_one_that_cannot_be():
    """G8 beside G9 G10 at flag 3 makes a Wedge 8-9-10, and every other 10 is seen: nothing north
    can make there beats it. Alone at flag 6 it can still make a Wedge 6-7-8, which north's
    Wedge 8-9-10 there beats. A Wedge each: only the contest differs."""
    from battleline.standard.motifs import prospect
    from battleline.standard.moves import Move
    g = draft({(3, 1): "G9 G10", (6, 0): "Y8 Y9 Y10"}, hand_south=("G8", "R4", "Y5", "O7", "R8", "B3", "P1"),
              discards=(("R10", 0), ("B10", 0), ("O10", 1), ("P10", 1)))
    [m] = prospect(g, 1, Move.parse("G8@6"), Move.parse("G8@3"))
    assert m.key == "contest" and m.flags == (3, 6) and m.detail[0] == m.detail[2] == "wedge"
    assert prospect(g, 1, Move.parse("G8@3"), Move.parse("G8@6")) == []
    assert prospect(g, 1, Move.parse("G8@3"), Move.parse("G8@3")) == []     # both still win flag 3


def test_a_card_that_lets_the_mover_prove_a_flag():
    """G8 beside G9 G10 at flag 3 makes a Wedge 8-9-10, every other 10 seen: south can prove
    flag 3 at once. At flag 6 it proves nothing."""
    g = draft({(3, 1): "G9 G10", (6, 0): "Y8 Y9 Y10"}, hand_south=("G8", "R4", "Y5", "O7", "R8", "B3", "P1"),
              discards=(("R10", 0), ("B10", 0), ("O10", 1), ("P10", 1)))
    assert motif(g, "G8@3", "claim_made").flags == (3,)
    assert "claim_made" not in keys(g, "G8@6")
    assert "claim_made" not in keys(g, "R4@3")           # a Host of 4, 9, 10: north may still beat it


def test_a_card_the_opponent_can_still_outrank_in_the_same_kind():
    """R3 against north's B5 B6 at flag 2: a Wedge at best (R3 R4 R5), north's can still be a
    stronger one (B5 B6 B7). B9 there can still make a Wedge 8-9-10: nothing outranks it."""
    g = draft({(2, 0): "B5 B6"}, hand_south=("R3", "B9", "G1", "Y5", "O7", "R8", "B2"))
    m = motif(g, "R3@2", "outranked")
    assert m.flags == (2,) and [str(c) for c in m.cards] == ["R3"]
    assert m.detail[0] == "wedge" and [str(c) for c in m.detail[1]] == ["R3", "R4", "R5"]
    assert [str(c) for c in m.detail[2]] == ["B5", "B6", "B7"]
    assert not {"outranked", "outmatched"} & set(keys(g, "B9@2"))
    assert "outranked" not in keys(g, "R3@4")                       # north has no card at flag 4


def test_the_better_card_can_still_become_a_stronger_formation_of_the_same_kind():
    """On an empty flag B9 can still become a Wedge 8-9-10 and B2 at best a Wedge 2-3-4."""
    from battleline.standard.motifs import prospect
    from battleline.standard.moves import Move
    g = draft({}, hand_south=("B2", "B9", "G1", "Y5", "O7", "R8", "P3"))
    [m] = prospect(g, 1, Move.parse("B2@5"), Move.parse("B9@5"))
    assert m.key == "stronger_prospect" and m.flags == (5, 5) and m.detail[0] == "wedge"
    assert [str(c) for c in m.detail[1]] == ["B8", "B9", "B10"] and [str(c) for c in m.detail[2]] == ["B2", "B3", "B4"]
    assert all(m.key != "stronger_prospect" for m in prospect(g, 1, Move.parse("B9@5"), Move.parse("B2@5")))
    assert prospect(g, 1, Move.parse("B2@5"), Move.parse("B2@6")) == []        # the same formation


def test_the_better_card_completes_a_formation_with_the_hand():
    """R3 at flag 7 with R1 and R2 in hand is a Wedge 1-2-3; Y7 there, with the hand, a Host
    at best (no Y8, no third 7). North's B3 keeps either from a contest."""
    from battleline.standard.motifs import prospect
    from battleline.standard.moves import Move
    g = draft({(7, 0): "B3"}, hand_south=("R1", "R2", "R3", "Y7", "B7", "Y9", "O2"))
    [m] = prospect(g, 1, Move.parse("Y7@7"), Move.parse("R3@7"))
    assert m.key == "hand_completes" and m.flags == (7, 7)
    assert m.detail == ("wedge", tuple(Card(c) for c in ("R1", "R2", "R3")), "host")
    g2 = draft({(7, 0): "B3"}, hand_south=("R1", "R2", "R3", "Y7", "Y8", "Y9", "O2"))   # Y7 Y8 Y9: a Wedge too
    assert all(m.key != "hand_completes" for m in prospect(g2, 1, Move.parse("Y7@7"), Move.parse("R3@7")))


def test_a_lower_card_that_still_beats_the_opponents_best():
    """G3 against north's B2 at flag 9 can still make a Wedge 3-4-5, above north's best there (a
    Wedge 2-3-4), as R7 can: the 7 is kept. Against B5 B6 (a Wedge 5-6-7) the 3 is not enough."""
    from battleline.standard.motifs import prospect
    from battleline.standard.moves import Move
    g = draft({(9, 0): "B2"}, hand_south=("G3", "R7", "Y1", "Y6", "G8", "O9", "P2"))
    [m] = prospect(g, 1, Move.parse("R7@9"), Move.parse("G3@9"))
    assert m.key == "lower_card_enough" and m.flags == (9, 9)
    assert m.detail == ("wedge", tuple(Card(c) for c in ("G3", "G4", "G5")), "wedge",
                        tuple(Card(c) for c in ("B2", "B3", "B4")))
    assert all(m.key != "lower_card_enough" for m in prospect(g, 1, Move.parse("G3@9"), Move.parse("R7@9")))
    strong = draft({(9, 0): "B5 B6"}, hand_south=("G3", "R7", "Y1", "Y6", "G8", "O9", "P2"))
    assert all(m.key != "lower_card_enough" for m in prospect(strong, 1, Move.parse("R7@9"), Move.parse("G3@9")))


def test_a_flag_under_fog_still_won_against_one_that_cannot_be():
    """Fog at flag 5: south's R7 and O9 there make 16, and a 10 still unseen makes 26, above the
    25 north's R6 G9 can reach. P6 at flag 6, against north's Y8 Y9, makes a Wedge 6-7-8 at
    best, and north's Wedge 8-9-10 beats it. Only who can still win the flag tells them apart."""
    from battleline.standard.motifs import prospect
    from battleline.standard.moves import Move
    g = draft({(5, 0): "Fog R6 G9", (5, 1): "R7", (6, 0): "Y8 Y9"},
              hand_south=("O9", "P6", "B1", "G2", "Y3", "B4", "G8"))
    [m] = prospect(g, 1, Move.parse("P6@6"), Move.parse("O9@5"))
    assert m.key == "contest_fog" and m.flags == (5, 6) and [str(c) for c in m.cards] == ["O9", "P6"]
    assert m.detail == ((26, "total"), (25, "total"), (421, "wedge"), (427, "wedge"))
    assert prospect(g, 1, Move.parse("O9@5"), Move.parse("P6@6")) == []       # the other way round
    assert prospect(g, 1, Move.parse("O9@5"), Move.parse("O9@5")) == []       # both still win flag 5
    [low] = prospect(g, 1, Move.parse("B1@5"), Move.parse("O9@5"))            # 7 + 1 + 10 = 18: B1 cannot
    assert low.key == "contest_fog" and low.detail[2] == (18, "total")
    assert prospect(g, 1, Move.parse("G8@5"), Move.parse("O9@5")) == []       # 25 against 25: a tie is no loss


def test_a_redeploy_that_turns_the_flag_it_takes_a_card_from():
    """South's R6 B6 at flag 2 make a Phalanx of 6s at best, short of north's Wedge R2 R3 R4.
    Redeploying R6 to the discard leaves B6, which can still become a Wedge 6-7-8 and beat it;
    Y10 at flag 3 leaves flag 2 short, Redeploying B6 instead turns it as well."""
    from battleline.standard.motifs import taken_away
    from battleline.standard.moves import Move
    g = draft({(2, 1): "R6 B6", (2, 0): "R2 R3"}, hand_south=("Redeploy", "Y10", "G1", "O4", "Y4", "B2", "R9"))
    redeploy = Move.parse("Redeploy R6@discard")
    [m] = taken_away(g, 1, Move.parse("Y10@3"), redeploy)
    assert m.key == "guile_turns" and m.flags == (2,) and m.cards == (Card("Redeploy"), Card("R6"))
    assert m.detail[0][1] == "wedge" and [str(c) for c in m.detail[0][2]] == ["B6", "B7", "B8"]
    assert m.detail[2:] == ((318, "phalanx"), (409, "wedge"))
    assert taken_away(g, 1, Move.parse("Redeploy B6@discard"), redeploy) == []   # that turns it too
    assert taken_away(g, 1, redeploy, Move.parse("Y10@3")) == []                 # no card taken
    strong = draft({(2, 1): "R6 B6", (2, 0): "B7 B8"}, hand_south=("Redeploy", "Y10", "G1", "O4", "Y4", "B2", "R9"))
    assert taken_away(strong, 1, Move.parse("Y10@3"), redeploy) == []            # B6 alone still falls short


def test_a_card_at_a_flag_under_fog_the_opponent_can_still_outtotal():
    """Fog at flag 5: north's R6 G9 there can still reach 25 with a 10 unseen. B1 beside south's
    R7 reaches 18 at best (R7, B1 and a 10), short of it; O9 reaches 26 and G8 ties at 25 (a
    tie may go to who finished first: not counted). Without Fog, or without north's cards at
    the flag, the idea is not this one."""
    g = draft({(5, 0): "Fog R6 G9", (5, 1): "R7", (6, 0): "Y8 Y9"},
              hand_south=("O9", "P6", "B1", "G2", "Y3", "B4", "G8"))
    [m] = [m for m in find(g, 1, "B1@5") if m.key == "outmatched_fog"]
    assert m.flags == (5,) and m.cards == (Card("B1"),)
    mine, theirs = m.detail
    assert mine[:2] == (18, "total") and [str(c) for c in mine[2]][:2] == ["B1", "R7"]
    assert theirs[:2] == (25, "total") and [str(c) for c in theirs[2]][:2] == ["R6", "G9"]
    assert "outmatched_fog" not in keys(g, "O9@5")                  # 26 against 25
    assert "outmatched_fog" not in keys(g, "G8@5")                  # 25 against 25: a tie
    assert "outmatched_fog" not in keys(g, "B1@6")                  # no Fog at flag 6
    bare = draft({(5, 0): "Fog", (5, 1): "R7"}, hand_south=("O9", "P6", "B1", "G2", "Y3", "B4", "G8"))
    assert "outmatched_fog" not in keys(bare, "B1@5")               # north has no troop at flag 5


def test_a_scout_that_draws_before_a_card_is_committed():
    """South holds a Scout: against a troop put on the table, the better Scout commits nothing
    this turn and draws first. Not the other way round, and not between two troops or two
    moves that each play no card."""
    from battleline.standard.motifs import scouted
    from battleline.standard.moves import Move
    g = draft({(4, 0): "Y9", (9, 1): "Y5 R5"}, hand_south=("Scout", "P6", "R7", "R8", "G1", "G7", "P2"))
    scout, troop = Move.parse("Scout"), Move.parse("P6@1")
    [m] = scouted(g, 1, troop, scout)
    assert m.key == "scout_first" and m.flags == (1,) and m.cards == (Card("Scout"), Card("P6"))
    assert m.detail == (sum(len(deck) for deck in g.decks),) and m.detail[0] > 3
    assert scouted(g, 1, scout, troop) == []                         # the Scout was played
    assert scouted(g, 1, troop, Move.parse("R7@2")) == []            # two troops
    assert scouted(g, 1, scout, scout) == []

"""The contest rule of the play-outs (``POLICY_CONTEST``): no troop fed to a flag the player
can no longer win, the lowest troop thrown away when every flag is lost. The kernel's held
to the Python reference (``bots.playout.play_out(contest=True)``) move by move, in both
kernel modes, with Tactics cards and without, and the rule itself on positions built for it."""

from __future__ import annotations

import pytest

from battleline import Game
from battleline.cards import ALL_CARDS, parse_cards
from battleline.standard.bots.playout import greedy_play, rival_strength
from battleline.standard.encoding import encode_move
from battleline.standard import kernel
from battleline.standard.kernel.check import compare_play_outs
from battleline.standard.kernel.policy import POLICY_CONTEST, POLICY_GREEDY, POLICY_TACTICS, policy_move
from util import run_in_plain_python


@pytest.mark.parametrize("tactics", [False, True])
@pytest.mark.parametrize("seeds", [range(0, 6), pytest.param(range(6, 40), marks=pytest.mark.slow)])
def test_the_contest_play_out_is_the_reference_move_by_move(seeds, tactics):
    r = compare_play_outs(seeds, tactics=tactics, contest=True)
    assert r["disagreements"] == 0, r["problems"]
    assert r["positions"] >= 10 * len(seeds)
    # The rule was exercised: many troops differ from the greedy rule's.
    assert r["contest_changed"] >= r["positions"], r
    assert bool(r["tactics_played"]) == tactics, r


PLAIN_CHECK = """
from battleline.standard import kernel
from battleline.standard.kernel.check import compare_play_outs
assert kernel.MODE == "python", kernel.MODE
for tactics in (False, True):
    r = compare_play_outs(range(3), tactics=tactics, contest=True)
    assert r["disagreements"] == 0, r
    assert r["contest_changed"] > 0, r
print("plain python contest play-outs ok", r["positions"])
"""


def test_the_contest_play_out_is_the_reference_in_plain_python_mode():
    assert "plain python contest play-outs ok" in run_in_plain_python(PLAIN_CHECK)


def _position(north_hand: str, flags: dict[int, list[tuple[int, str]]]) -> Game:
    """North to play, south's hand empty; the cards not named lie in the decks (troops,
    then Tactics)."""
    hand = parse_cards(north_hand)
    placed = {f: [(p, parse_cards(c)[0]) for p, c in side] for f, side in flags.items()}
    used = set(hand) | {c for side in placed.values() for _, c in side}
    rest = [c for c in ALL_CARDS if c not in used]
    return Game.assemble(to_move=0, flags=placed, hands=(hand, []),
                         decks=([c for c in rest if c.is_troop], [c for c in rest if c.is_tactic]))


def _both(g: Game, contest: bool) -> str:
    """The reference's and the kernel's card for north, as the same text."""
    ref = greedy_play(g, 0, contest)
    k = int(policy_move(kernel.state_of(g), POLICY_CONTEST if contest else POLICY_GREEDY))
    assert k == encode_move(ref), (str(ref), k)
    return str(ref)


# South's Wedge B8 B9 B10 at flag 5 was complete first; north's R8 R9 there can at best tie it.
TIED_AT_5 = {5: [(1, "B8"), (1, "B9"), (1, "B10"), (0, "R8"), (0, "R9")]}


def test_the_greedy_rule_feeds_a_lost_flag_and_the_contest_rule_does_not():
    g = _position("R10 O3 Y4", TIED_AT_5)
    assert rival_strength(g, 0, 5) == 427 and rival_strength(g, 1, 5) is None
    assert _both(g, contest=False) == "R10@5"     # the Wedge 8-9-10 the greedy rule sees
    # A tie is lost (south completed first): Y4 to the centre's next flag, a Wedge 4-5-6 to come.
    assert _both(g, contest=True) == "Y4@4"


def test_an_empty_side_whose_best_only_ties_is_lost_too():
    # R8 R9 unseen: R10 could still make the same Wedge 8-9-10 as south's, at any empty flag.
    g = _position("R10 O3 Y4", {5: [(1, "B8"), (1, "B9"), (1, "B10")]})
    assert _both(g, contest=False) == "R10@5"     # the centre first
    assert _both(g, contest=True) == "R10@4"      # the next flag from the centre


def full(flags) -> dict:
    """North's complete sides (Phalanxes of purple, blue and yellow) at ``flags``."""
    return {f: [(0, f"P{f}"), (0, f"B{f}"), (0, f"Y{f}")] for f in flags}


def test_where_every_flag_is_lost_the_lowest_troop_is_thrown_on_the_lowest_flag():
    # Only flags 8 and 9 are free, and south's Wedges there beat all north can make.
    g = _position("R5 G3 O6", {**full(range(1, 8)), 8: [(1, "G8"), (1, "G9"), (1, "G10"), (0, "R2")],
                               9: [(1, "O7"), (1, "O8"), (1, "O9"), (0, "R1")]})
    assert _both(g, contest=False) == "R5@8"      # R2 R5 R10 to come: a Battalion Order, lost anyway
    assert _both(g, contest=True) == "G3@8"


def test_a_flag_is_read_with_fog_as_it_lies():
    # Under Fog south's Wedge G1 G2 G3 at flag 5 counts 6, which R10 P10 beat with any card
    # (without Fog it would beat their Phalanx); flag 9 is lost.
    g = _position("R3 G4 O6", {**full((1, 2, 3, 4, 6, 7, 8)),
                               5: [(1, "G1"), (1, "G2"), (1, "G3"), (1, "Fog"), (0, "R10"), (0, "P10")],
                               9: [(1, "O7"), (1, "O8"), (1, "O9"), (0, "R1")]})
    assert rival_strength(g, 0, 5) == 6
    assert _both(g, contest=False) == "R3@9"      # a Wedge R1 R2 R3 to come, below theirs
    assert _both(g, contest=True) == "O6@5"       # the highest total where the flag is open


def test_the_planner_searches_with_contest_play_outs_when_asked():
    from battleline.standard.bots.planner import PlannerBot
    with pytest.raises(ValueError, match="playout_contest"):
        PlannerBot(playout_contest=1)
    assert PlannerBot().playout_contest is False and PlannerBot().playout_policy == POLICY_GREEDY
    both = PlannerBot(playout_contest=True, playout_tactics=True)
    assert both.playout_policy == POLICY_CONTEST | POLICY_TACTICS
    g = _position("R10 O3 Y4", TIED_AT_5)
    bot = PlannerBot(seed=1, playouts=200, move_time=60.0, playout_contest=True)
    assert bot.choose(g.observation(0)) in g.legal_moves()
    assert bot.last_used_kernel == kernel.compiled() and (bot.last_playouts > 0) == kernel.compiled()

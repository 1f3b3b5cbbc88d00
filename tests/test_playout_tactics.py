"""Play-outs that play Tactics cards: the kernel's (``play_out_tactics``) held to the Python
reference (``bots.playout.play_out(play_tactics=True)``) move by move, in both kernel modes,
and the rules themselves on positions built for them."""

from __future__ import annotations

import pytest

from battleline import Game
from battleline.cards import ALL_CARDS, parse_cards
from battleline.standard.bots.playout import play_out, tactic_play, threatened
from battleline.standard.encoding import encode_move
from battleline.standard import kernel
from battleline.standard.kernel.check import compare_play_outs
from battleline.standard.kernel.policy import tactic_move
from util import run_in_plain_python

RULES = {"Fog", "Mud", "traitor", "deserter", "redeploy", "scout"}
LEADERS = {"Alexander", "Darius"}


@pytest.mark.parametrize("seeds", [range(0, 8), pytest.param(range(8, 40), marks=pytest.mark.slow)])
def test_the_tactics_play_out_is_the_reference_move_by_move(seeds):
    r = compare_play_outs(seeds)
    assert r["disagreements"] == 0, r["problems"]
    assert r["positions"] >= 10 * len(seeds)
    # Every rule was exercised: a Leader, Fog, Mud, Traitor, Deserter, Redeploy and Scout.
    played = set(r["tactics_played"])
    assert RULES <= played and played & LEADERS, r["tactics_played"]


PLAIN_CHECK = """
from battleline.standard import kernel
from battleline.standard.kernel.check import compare_play_outs
assert kernel.MODE == "python", kernel.MODE
r = compare_play_outs(range(3))
assert r["disagreements"] == 0, r
assert r["tactics_played"], r
print("plain python play-outs ok", r["positions"])
"""


def test_the_tactics_play_out_is_the_reference_in_plain_python_mode():
    assert "plain python play-outs ok" in run_in_plain_python(PLAIN_CHECK)


def test_without_tactics_the_play_out_is_still_the_greedy_one():
    r = compare_play_outs(range(2), tactics=False)
    assert r["disagreements"] == 0 and r["tactics_played"] == {}, r


def _position(north_hand: str, flags: dict[int, list[tuple[int, str]]], south_hand: str = "",
              played: tuple[str, str] = ("", "")) -> Game:
    """North to play; ``played`` the Tactics cards each side has played (in its discards);
    the cards not named lie in the decks (troops, then Tactics)."""
    hands = (parse_cards(north_hand), parse_cards(south_hand))
    placed = {f: [(p, parse_cards(c)[0]) for p, c in side] for f, side in flags.items()}
    discards = (parse_cards(played[0]), parse_cards(played[1]))
    used = set(hands[0]) | set(hands[1]) | {c for side in placed.values() for _, c in side}
    used |= set(discards[0]) | set(discards[1])
    rest = [c for c in ALL_CARDS if c not in used]
    return Game.assemble(to_move=0, flags=placed, hands=hands, discards=discards,
                         decks=([c for c in rest if c.is_troop], [c for c in rest if c.is_tactic]))


# South holds a Wedge 8-9-10 at flag 5; north's R2 there cannot beat it from its hand.
WEDGE_AT_5 = {5: [(1, "B8"), (1, "B9"), (1, "B10"), (0, "R2")]}


def _both(g: Game):
    """The reference's and the kernel's choice for north, as the same text."""
    ref = tactic_play(g, 0)
    k = int(tactic_move(kernel.state_of(g), 0))
    assert (ref is None and k == -1) or (ref is not None and k == encode_move(ref))
    return None if ref is None else str(ref)


def test_a_flag_the_opponent_has_won_is_threatened_and_answered():
    g = _position("O3 Y4 G5 Deserter", WEDGE_AT_5)
    assert threatened(g, 0, 5, False) and not threatened(g, 1, 5, False)
    assert _both(g) == "Deserter B10"          # their best card there
    # B10 goes where the greedy rule would play it: an empty flag (a Phalanx of 10s may still
    # come), the nearest the centre, not beside R2 at flag 5 (only a Host there).
    assert _both(_position("O3 Y4 G5 Traitor", WEDGE_AT_5)) == "Traitor B10@4"
    assert _both(_position("O3 Y4 G5 Mud", WEDGE_AT_5)) == "Mud@5"
    assert _both(_position("O3 Y4 G5 Redeploy", WEDGE_AT_5)) == "Redeploy R2@4"


def test_fog_is_played_only_where_the_totals_then_win():
    weak_wedge = {5: [(1, "B1"), (1, "B2"), (1, "B3"), (0, "R9")]}
    assert _both(_position("O10 Y4 G10 Fog", weak_wedge)) == "Fog@5"     # 9 + 10 + 10 beat 6
    assert _both(_position("O3 Y4 G5 Fog", WEDGE_AT_5)) is None          # 2 + 5 + 4 lose to 27 anyway


def test_a_morale_card_completes_a_side_that_wins_by_proof():
    g = _position("O3 Y4 Alexander Shield", {3: [(0, "R8"), (0, "R9")]})
    assert _both(g) == "Alexander@3"           # R8 R9 and a Leader: the top Wedge, provable
    assert _both(_position("O3 Y4 Alexander", {3: [(0, "R2"), (0, "G7")]})) is None


def test_no_tactics_card_past_the_limit():
    assert _both(_position("O3 Y4 G5 Deserter", WEDGE_AT_5, played=("Scout", "Fog"))) == "Deserter B10"
    assert _both(_position("O3 Y4 G5 Deserter", WEDGE_AT_5, played=("Scout", ""))) is None


# North's sides at flags 1-8 are complete; only flag 9 is free, where R1 G9 stand.
FULL = {f: [(0, f"P{f}"), (0, f"B{f}"), (0, f"Y{f}")] for f in range(1, 9)}


def test_scout_when_no_troop_in_hand_makes_more_than_a_host():
    assert _both(_position("O3 R5 Scout", {**FULL, 9: [(0, "R1"), (0, "G9")]})) == "Scout"
    assert _both(_position("O3 R5 Scout", {**FULL, 9: [(0, "R1"), (0, "R2")]})) is None   # R1 R2 O3: a Skirmish


def test_a_play_out_with_tactics_plays_them_and_can_be_taken_back():
    g = _position("O3 Y4 G5 Deserter", WEDGE_AT_5, south_hand="P1 P2 O9")
    world = g.copy()
    pushed = play_out(world, play_tactics=True)
    assert "deserter" in [m.kind for _, m in world.history()]
    for _ in range(pushed):
        world.undo()
    assert world.position() == g.position()


def test_the_planner_searches_with_tactics_play_outs_when_asked():
    from battleline.standard.bots.planner import PlannerBot
    with pytest.raises(ValueError, match="playout_tactics"):
        PlannerBot(playout_tactics="yes")
    assert PlannerBot().playout_tactics is False          # off by default
    g = _position("O3 Y4 G5 R7 B2 Deserter", WEDGE_AT_5, south_hand="P1 P2 O9 Traitor")
    bot = PlannerBot(seed=1, playouts=200, move_time=60.0, playout_tactics=True)
    move = bot.choose(g.observation(0))
    assert move in g.legal_moves()
    assert bot.last_used_kernel == kernel.compiled() and (bot.last_playouts > 0) == kernel.compiled()

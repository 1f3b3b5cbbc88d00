"""The game: turn flow, claims, ties, every Tactics card, the Tactics limit,
deadlock, error messages and the players' observations.

Each rule is checked on a small scripted position built with
``Game.from_position`` (decks given as ``rest seed N``), so that a failure
points at one rule. The rulebook (GMT) and the rulings in ``docs/rules.md`` are the law.
"""

from __future__ import annotations

import dataclasses

import pytest

from battleline import (Card, ClaimResult, Game, IllegalMoveError, InvalidMoveError, Move,
                        Observation, Outcome, PositionError, evaluate)

ALL_CARDS = [Card(i) for i in range(70)]


# --------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------

def make(*flags: str, north: str = "-", south: str = "-", turn: str = "north play",
         troop: str = "rest seed 1", tactic: str = "rest seed 2", rules: str = "standard",
         discard_north: str = "-", discard_south: str = "-", idle: int = 0) -> Game:
    """A game from a few lines: flags as ``"1: north R1 R2 | south B4"``; every
    card not named lies in its deck (shuffled by the ``rest seed``)."""
    lines = ["battleline position 1", f"rules {rules}", f"turn {turn}"]
    if idle:
        lines.append(f"idle {idle}")
    lines += [f"flag {f}" for f in flags]
    lines += [f"hand north: {north}", f"hand south: {south}", f"troop deck: {troop}",
              f"tactic deck: {tactic}", f"discard north: {discard_north}",
              f"discard south: {discard_south}"]
    return Game.from_position("\n".join(lines) + "\n")


def refused(game: Game, move, *words: str, error: type = IllegalMoveError) -> ValueError:
    """``move`` is refused with ``error`` (an illegal move; ``InvalidMoveError`` for text
    that cannot be read) and a message containing ``words``, and nothing changes."""
    before = game.position()
    n_moves = len(game.moves)
    with pytest.raises(error) as info:
        game.play(move)
    message = str(info.value)
    for w in words:
        assert w.lower() in message.lower(), f"{w!r} not in {message!r}"
    assert game.position() == before
    assert len(game.moves) == n_moves
    return info.value


def legal(game: Game) -> set[str]:
    return {str(m) for m in game.legal_moves()}


def cards(text: str) -> list[Card]:
    return [Card(c) for c in text.split()]


NO_DECKS = dict(north="P1 P2 P3 P4 P5 Alexander Companion", south="P6 P7 P8 P9 P10 Darius Shield",
                troop="-", tactic="-", discard_north="Scout Redeploy Deserter",
                discard_south="Traitor Fog Mud")


def no_decks(**changes) -> Game:
    """Both decks empty: 50 troops on the board, flag 9 open (north B9, south B10),
    P1..P10 and the unplayed Tactics in hands, the rest in the discards."""
    kw = dict(NO_DECKS)
    kw.update(changes)
    return make(*full_board(skip=(9,)), "9: north B9 | south B10", **kw)


def non_claims(game: Game) -> set[str]:
    return {str(m) for m in game.legal_moves() if m.kind != "claim"}


def full_board(skip: tuple[int, ...] = ()) -> list[str]:
    """Every flag full on both sides with troops (54 of them), except ``skip``."""
    troops = iter(c for c in ALL_CARDS[:60])
    out = []
    for f in range(1, 10):
        if f in skip:
            continue
        n = " ".join(str(next(troops)) for _ in range(3))
        s = " ".join(str(next(troops)) for _ in range(3))
        out.append(f"{f}: north {n} | south {s}")
    return out


# --------------------------------------------------------------------------
# Error classes
# --------------------------------------------------------------------------

def test_error_classes_are_value_errors():
    assert issubclass(IllegalMoveError, ValueError)
    assert issubclass(PositionError, ValueError)


def test_new_game_deals_seven_each_and_decks():
    g = Game(seed=5)
    assert len(g.hand(0)) == len(g.hand(1)) == 7
    assert all(c.is_troop for c in g.hand(0) + g.hand(1))
    assert len(g.deck("troop")) == 46 and len(g.deck("tactic")) == 10
    assert g.phase == "play" and g.to_move == g.first_player
    assert Game(seed=5).position() == g.position()
    assert Game(seed=5, first=1).to_move == 1
    assert Game(seed=5, rules="advanced").rules == "advanced"
    with pytest.raises(ValueError):
        Game(seed=1, rules="chess")


# --------------------------------------------------------------------------
# Turn flow: play, pass, draw, end
# --------------------------------------------------------------------------

def test_must_play_a_troop_when_one_can_be_placed():
    g = make(north="R7 Fog", south="B1")
    assert "pass" not in legal(g)
    refused(g, "pass", "must play a troop card")
    # The Tactics card is an alternative, not an obligation.
    assert "Fog@1" in legal(g)


def test_pass_allowed_with_only_tactics_in_hand():
    g = make(north="Fog Scout", south="B1")
    assert "pass" in legal(g)
    g.play("pass")
    assert g.phase == "draw" and g.to_move == 0
    assert sorted(g.hand(0)) == sorted(cards("Fog Scout"))
    assert non_claims(g) == {"draw troop", "draw tactic"}


def test_pass_allowed_with_empty_hand():
    g = make(north="-", south="B1")
    assert legal(g) == {"pass"}
    g.play("pass")
    assert g.phase == "draw"


def test_pass_allowed_when_every_own_place_is_full_or_claimed():
    # 54 troops on the board; north holds the other six in hand.
    board = full_board()
    g = make(*board, north="P5 P6 P7", south="P8 P9 P10",
             troop="-", tactic="rest seed 3")
    assert not any(m.kind == "play" and m.card.is_troop for m in g.legal_moves())
    assert "pass" in legal(g)
    refused(g, "P5@1", "already has 3 cards")
    g.play("pass")
    assert g.phase == "draw"


def test_after_play_the_draw_phase():
    g = make(north="R7 R8", south="B1")
    g.play("R7@3")
    assert g.phase == "draw" and g.to_move == 0
    assert g.cards_at(3, 0) == [Card("R7")]
    assert legal(g) == {"draw troop", "draw tactic"}
    refused(g, "R8@4", "played your card this turn")
    refused(g, "pass", "played your card")
    refused(g, "end", "must draw")
    top = g.deck("tactic")[0]
    g.play("draw tactic")
    assert top in g.hand(0) and len(g.hand(0)) == 2
    assert g.to_move == 1 and g.phase == "play"


def test_draw_phase_moves_refused_in_play_phase():
    g = make(north="R7", south="B1")
    for m in ("draw troop", "draw tactic", "end", "return R7"):
        refused(g, m, "before you draw")


def test_hand_refills_to_seven():
    g = Game(seed=11, first=0)
    for _ in range(6):  # three turns each
        p = g.to_move
        troop = next(m for m in g.legal_moves() if m.kind == "play" and m.card.is_troop)
        g.play(troop)
        assert len(g.hand(p)) == 6
        g.play("draw troop")
        assert len(g.hand(p)) == 7
        assert g.to_move == 1 - p


def test_draw_from_an_empty_deck_is_refused():
    g = no_decks(tactic="Shield", south="P6 P7 P8 P9 P10 Darius")
    g.play("P1@9")
    assert non_claims(g) == {"draw tactic"}
    refused(g, "draw troop", "troop deck is empty")


def test_draw_only_from_the_deck_that_has_cards():
    g = make(north="R7 Alexander Darius Companion Shield Fog", south="B1 Mud Scout Redeploy Deserter Traitor",
             tactic="-")
    g.play("R7@1")
    assert legal(g) == {"draw troop"}
    refused(g, "draw tactic", "tactic deck is empty")
    g.play("draw troop")
    assert len(g.hand(0)) == 6


def test_end_only_when_no_draw_is_possible():
    # Both decks empty: no draw; 'end' ends the turn.
    g = no_decks()
    g.play("P5@9")
    assert non_claims(g) == {"end"}
    refused(g, "draw troop", "troop deck is empty")
    refused(g, "draw tactic", "tactic deck is empty")
    g.play("end")
    assert g.to_move == 1 and g.phase == "play"
    assert len(g.hand(0)) == 6


def test_end_when_hand_already_holds_seven():
    g = make(north="Alexander Darius Companion Shield Fog Mud Scout", south="B1")
    g.play("pass")
    assert legal(g) == {"end"}
    refused(g, "draw troop", "already holds seven")
    g.play("end")
    assert g.to_move == 1


def test_empty_decks_play_goes_on():
    g = no_decks()
    for mv in ("P1@9", "end", "P6@9", "end", "P2@9", "end", "P7@9", "end"):
        g.play(mv)
    assert not g.is_over()
    assert len(g.hand(0)) == 5 and len(g.hand(1)) == 5
    # Flag 9 is full now: north cannot place a troop and may pass.
    assert "pass" in legal(g)
    g.play("pass")
    g.play("end")
    assert g.to_move == 1


# --------------------------------------------------------------------------
# Claims
# --------------------------------------------------------------------------

WEDGE_VS_B8 = "1: north R3 R4 R5 | south B8"


def test_claim_before_playing_standard():
    g = make(WEDGE_VS_B8, "2: north - | south B7", "3: north B10 | south -", north="R9", south="G1")
    assert "claim 1" in legal(g)
    result = g.claim(1)
    assert isinstance(result, ClaimResult) and result
    assert g.claimed_by(1) == 0 and g.phase == "play"
    assert "claimed by north" in g.position()
    g.play("R9@2")
    assert g.phase == "draw"


def test_claim_after_playing_standard():
    g = make(WEDGE_VS_B8, "2: north - | south B7", north="R9 B10", south="G1")
    assert not g.check_claim(1)
    g.play("B10@3")                 # B10 is now visible: the claim can be proved
    assert g.phase == "draw"
    assert "claim 1" in legal(g)
    g.play("claim 1")
    assert g.claimed_by(1) == 0 and g.phase == "draw"
    g.play("draw troop")
    assert g.to_move == 1


def test_several_claims_in_one_turn():
    g = make("1: north R1 R2 R3 | south O4 O5 O6", "2: north Y7 Y8 Y9 | south B1 G2 P4",
             "5: north G8 G9 G10 | south -", north="R9", south="G1")
    assert g.provable_flags() == [2, 5]
    g.play("claim 2")
    g.play("claim 5")
    assert g.flags_held(0) == [2, 5]
    assert not g.is_over()


def test_claim_not_during_scout():
    g = make(WEDGE_VS_B8, "2: north - | south B7", "3: north B10 | south -",
             north="Scout R9", south="G1")
    assert g.check_claim(1)
    g.play("Scout")
    assert g.phase == "scout-draw"
    assert not any(m.kind == "claim" for m in g.legal_moves())
    before = g.position()
    result = g.claim(1)
    assert not result and "Scout" in result.explanation
    assert g.position() == before
    refused(g, "claim 1", "not during Scout")
    for _ in range(3):
        g.play("draw troop")
    assert g.phase == "scout-return"
    assert not g.claim(1)
    refused(g, "claim 1", "Scout")


def test_claim_advanced_only_before_playing():
    g = make(WEDGE_VS_B8, "2: north - | south B7", "3: north B10 | south -",
             north="R9", south="G1", rules="advanced")
    assert "claim 1" in legal(g)
    g.play("R9@2")
    assert g.phase == "draw"
    assert "claim 1" not in legal(g) and g.check_claim(1)
    before = g.position()
    result = g.claim(1)
    assert not result and "Advanced rule" in result.explanation
    assert g.position() == before
    refused(g, "claim 1", "Advanced rule")
    g.play("draw troop")
    g.play(next(m for m in g.legal_moves() if m.kind == "play"))
    g.play("draw troop")
    # North's next turn: the claim comes at the beginning.
    assert g.to_move == 0 and g.phase == "play"
    assert g.claim(1) and g.claimed_by(1) == 0


def test_claim_advanced_after_pass_is_refused():
    g = make(WEDGE_VS_B8, "2: north - | south B7", "3: north B10 | south -",
             north="-", south="G1", rules="advanced")
    g.play("pass")
    refused(g, "claim 1", "Advanced rule")


def test_unprovable_claim_changes_nothing():
    g = make(WEDGE_VS_B8, north="R9", south="G1")
    before = g.position()
    result = g.claim(1)
    assert isinstance(result, ClaimResult) and not result
    assert result.explanation and "B" in "".join(str(c) for c in result.counterexample)
    # The counterexample is a real one: unseen blue troops next to the B8.
    assert len(result.counterexample) == 2
    assert all(c.is_troop and c.color == "B" for c in result.counterexample)
    assert result.counter_formation is not None and result.counter_formation.kind == "wedge"
    assert g.position() == before and g.claimed_by(1) is None
    assert g.moves == []
    err = refused(g, "claim 1", "could still add")
    assert getattr(err, "claim", None) is not None and not err.claim
    assert "claim 1" not in legal(g)


def test_claim_own_hand_is_no_proof():
    # B7 and B10 in north's own hand: may not be used; the claim fails.
    g = make(WEDGE_VS_B8, north="B7 B10 R9", south="G1")
    assert not g.claim(1)
    # On the table (or in a discard pile), they are visible: the claim holds.
    g = make(WEDGE_VS_B8, "2: north B7 | south B10", north="R9", south="G1")
    assert g.claim(1)
    g = make(WEDGE_VS_B8, "2: north B7 | south -", north="R9", south="G1",
             discard_south="B10 Redeploy", discard_north="Deserter")
    assert g.claim(1)


def test_cards_returned_by_scout_are_no_proof():
    # North put B7 and B10 back with Scout: north knows where they are, but they
    # are not visible, so they may still reach south.
    g = make(WEDGE_VS_B8, north="Scout B7 B10 R9", south="G1 G2")
    g.play("Scout")
    for _ in range(3):
        g.play("draw tactic")
    g.play("return B7")
    g.play("return B10")
    g.play("G1@5")
    g.play("draw tactic")
    assert {c for _, _, c in g.observation(0).known_deck} == {Card("B7"), Card("B10")}
    result = g.claim(1)
    assert not result and set(result.counterexample) & {Card("B7"), Card("B10")}


def test_unplayed_tactics_cannot_prevent_a_claim():
    # South holds a Leader, yet the claim holds.
    g = make(WEDGE_VS_B8, "2: north B7 | south B10", north="R9", south="Alexander Darius")
    assert g.claim(1)


def test_wild_card_on_the_opponent_side_counts():
    g = make("1: north R3 R4 R5 | south Alexander", "2: north B7 | south B10", north="R9", south="G1",
             turn="north play")
    # (south has played one Tactics card, north none: allowed)
    result = g.claim(1)
    assert not result and result.counterexample


def test_claim_incomplete_side_refused():
    g = make("1: north R3 R4 | south -", north="R9", south="G1")
    result = g.claim(1)
    assert not result and "needs 3" in result.explanation
    refused(g, "claim 1", "needs 3")


def test_claim_tie_is_enough_against_an_open_side():
    # Phalanx of 10s; G9 visible so green cannot make a 8-9-10 wedge around G10.
    # The opponent could at best tie with another phalanx of 10s, playing last.
    g = make("1: north R10 O10 Y10 | south G10", "2: north G9 | south B9", "3: north P9 | south O9",
             "4: north R9 | south Y9", "5: north G8 | south -", north="R1", south="G1")
    result = g.claim(1)
    assert result, result.explanation


def test_claim_already_claimed_flag():
    g = make("1 claimed by north: north R8 R9 R10 | south O4", north="R1", south="G1")
    result = g.claim(1)
    assert not result and "already claimed" in result.explanation
    refused(g, "claim 1", "already claimed")


def test_claim_bad_flag_number():
    g = make(north="R9", south="G1")
    for bad in (0, 10, "3"):
        with pytest.raises(InvalidMoveError):
            g.claim(bad)
    refused(g, "claim 10", "1 to 9", error=InvalidMoveError)


def test_breakthrough_ends_the_game_at_once():
    g = make("1 claimed by north: north R8 R9 R10 | south -",
             "2 claimed by north: north O8 O9 O10 | south -",
             "3: north Y1 Y2 Y3 | south B1 B2 B4",
             "4: north G8 G9 G10 | south -", north="P5", south="G1")
    assert g.provable_flags() == [3, 4]
    g.play("claim 3")
    assert g.is_over() and g.phase == "over"
    o = g.outcome()
    assert isinstance(o, Outcome)
    assert (o.winner, o.reason, o.flags) == (0, "breakthrough", (3, 0))
    assert o.describe() == "north wins by breakthrough"
    assert g.legal_moves() == []
    assert g.claimed_by(4) is None  # play halts: no other flag may be claimed
    refused(g, "claim 4", "over")
    refused(g, "P5@5", "over")
    assert not g.claim(4)
    assert "result north breakthrough" in g.position()


def test_breakthrough_in_the_middle():
    g = make("4 claimed by south: north - | south R8 R9 R10",
             "6 claimed by south: north - | south O8 O9 O10",
             "5: north B1 B2 B4 | south Y1 Y2 Y3", north="G1", south="P5", turn="south play")
    g.play("P5@1")
    g.play("claim 5")
    assert g.outcome() == Outcome(1, "breakthrough", (0, 3))


def test_envelopment_ends_the_game_at_once():
    g = make("1 claimed by north: north R8 R9 R10 | south -",
             "2 claimed by north: north O8 O9 O10 | south -",
             "4 claimed by north: north P8 P9 P10 | south -",
             "6 claimed by north: north G8 G9 G10 | south -",
             "8: north Y1 Y2 Y3 | south B1 B2 B4", north="B7", south="B9")
    g.play("claim 8")
    o = g.outcome()
    assert (o.winner, o.reason, o.flags) == (0, "envelopment", (5, 0))
    assert g.legal_moves() == []


def test_four_scattered_flags_do_not_win():
    g = make("1 claimed by north: north R8 R9 R10 | south -",
             "2 claimed by north: north O8 O9 O10 | south -",
             "4 claimed by north: north P8 P9 P10 | south -",
             "6: north Y1 Y2 Y3 | south B1 B2 B4", north="B7", south="B9")
    g.play("claim 6")
    assert not g.is_over() and g.flags_held(0) == [1, 2, 4, 6]


CLAIMED_1 = "1 claimed by south: north R1 R2 | south Y8 Y9 Y10"


def test_claimed_flag_accepts_no_cards():
    g = make(CLAIMED_1, north="R5 Alexander", south="G9")
    assert not any(m.flag == 1 for m in g.legal_moves())
    refused(g, "R5@1", "already claimed")
    refused(g, "Alexander@1", "already claimed")


def test_claimed_flag_accepts_no_environment():
    g = make(CLAIMED_1, north="R5 Fog Mud", south="G9")
    refused(g, "Fog@1", "claimed")
    refused(g, "Mud@1", "claimed")


def test_claimed_flag_no_guile_effects():
    g = make(CLAIMED_1, "2: north R4 | south B3", north="R5 Redeploy Deserter Traitor", south="G9")
    refused(g, "Deserter Y8", "claimed flag")
    refused(g, "Traitor Y9@2", "claimed flag")
    refused(g, "Redeploy R1@2", "claimed flag")
    refused(g, "Redeploy R1@discard", "claimed flag")
    refused(g, "Redeploy R4@1", "already claimed")
    refused(g, "Traitor B3@1", "already claimed")


def test_claimed_flag_environment_is_untouchable():
    g = make("1 claimed by south: north R1 R2 | south Fog Y8 Y9 Y10", north="R5 Deserter", south="G9")
    assert "Deserter Fog" not in legal(g)
    refused(g, "Deserter Fog", "claimed")
    g = make("1 claimed by south: north Mud R1 R2 | south Y8 Y9 Y10 Y7", north="R5 Redeploy", south="G9",
             discard_south="Scout")
    assert not any(m.kind == "redeploy" for m in g.legal_moves())
    refused(g, "Redeploy Mud@2", "claimed")


# --------------------------------------------------------------------------
# Ties: the side holding the card placed last loses
# --------------------------------------------------------------------------

HOSTS = "north R7 B2 G1 | south Y3 B3 G4"   # both Host, total 10 (the rulebook's example)


@pytest.mark.parametrize("order, winner", [("NNNSSS", 0), ("SSSNNN", 1), ("NSNSNS", 0),
                                           ("SNSNSN", 1), ("NNSSSN", 1), ("SSNNNS", 0)])
def test_tie_goes_against_the_last_card(order, winner):
    g = make(f"1: {HOSTS} | order {order}", north="R9", south="O9")
    assert bool(g.check_claim(1, player=winner))
    assert not g.check_claim(1, player=1 - winner)
    assert g.completed_later(1, 1 - winner)
    assert g.flag_view(1).placed[-1][0] == 1 - winner


def test_tie_claim_during_play():
    g = make("1: north R7 B2 | south Y3 B3 G4", north="G1 R9", south="O9")
    g.play("G1@1")                       # north completes last: north loses the tie
    result = g.claim(1)
    assert not result and "last" in result.explanation
    g.play("draw troop")
    assert g.claim(1) and g.claimed_by(1) == 1


def test_tie_after_traitor():
    # G1 was placed long ago at flag 2; taken by Traitor it counts as placed now.
    g = make("1: north R7 B2 | south Y3 B3 G4", "2: north - | south G1", north="Traitor R9", south="O9")
    g.play("Traitor G1@1")
    assert g.cards_at(1, 0) == cards("R7 B2 G1") and g.cards_at(2, 1) == []
    assert g.flag_view(1).placed[-1] == (0, Card("G1"))
    assert "order NNSSSN" in g.position()
    assert not g.claim(1)
    g.play("draw troop")
    assert g.claim(1) and g.claimed_by(1) == 1


def test_tie_after_traitor_onto_the_same_flag():
    # South took Y3 from north at the same flag: south now holds the last card.
    g = make("1: north R7 B2 G1 | south B3 G4 | order SSNNN", "2: north Y3 | south -",
             north="R9", south="Traitor O9", turn="south play")
    # Traitor from a flag onto the same flag is allowed.
    assert "Traitor R7@1" in legal(g)
    g.play("Traitor Y3@1")
    assert g.cards_at(1, 1) == cards("B3 G4 Y3")
    assert not g.claim(1)
    g.play("draw troop")
    assert g.claim(1) and g.claimed_by(1) == 0


def test_tie_after_redeploy():
    g = make("1: north R7 B2 | south Y3 B3 G4", "2: north G1 | south -", north="Redeploy R9", south="O9")
    g.play("Redeploy G1@1")
    assert g.flag_view(1).placed[-1] == (0, Card("G1"))
    assert not g.claim(1)
    g.play("draw troop")
    assert g.claim(1)


def test_tie_after_deserter():
    # North completed first and would win the tie; Deserter takes the G1, north
    # completes again with Y1: the new completion time counts, north now loses.
    g = make(f"1: {HOSTS} | order NNNSSS", north="Y1 R9", south="Deserter O9", turn="south play")
    assert g.check_claim(1, player=0)
    assert not g.claim(1)
    g.play("Deserter G1")
    assert g.discards(0) == [Card("G1")] and g.discards(1) == [Card("Deserter")]
    assert not g.check_claim(1, player=0)      # incomplete again
    g.play("draw troop")
    g.play("Y1@1")
    assert not g.claim(1)
    g.play("draw troop")
    assert g.claim(1) and g.claimed_by(1) == 1


def test_tie_after_mud_recompletion():
    # North completed last (would lose the tie). Mud makes both sides incomplete;
    # north now completes its four first, south last: the tie goes to north.
    g = make(f"1: {HOSTS} | order SSSNNN", north="P1 R9", south="Mud O1 O9", turn="south play")
    assert g.check_claim(1, player=1)
    g.play("Mud@1")
    assert g.required(1) == 4 and g.mud_at(1)
    assert not g.check_claim(1, player=1) and not g.check_claim(1, player=0)
    g.play("draw troop")
    g.play("P1@1")                             # north: R7 B2 G1 P1, Host 11
    g.play("draw troop")
    g.play("O1@1")                             # south: Y3 B3 G4 O1, Host 11, placed last
    assert not g.claim(1)
    g.play("draw troop")
    assert g.claim(1) and g.claimed_by(1) == 0


# --------------------------------------------------------------------------
# Morale Tactics
# --------------------------------------------------------------------------

def test_leader_is_wild_and_counts_as_tactics():
    g = make("1: north R9 R10 | south -", north="Alexander R1", south="G1")
    assert "Alexander@1" in legal(g)
    g.play("Alexander@1")
    assert g.cards_at(1, 0) == cards("R9 R10 Alexander")
    assert g.tactics_played(0) == 1
    # Wedge 8-9-10 at its best: another 8-9-10 wedge would only tie (they play last).
    assert g.claim(1)


def test_second_leader_unplayable():
    g = make("1: north Alexander | south -", north="Darius R1", south="G1", discard_south="Scout")
    assert not any(m.card == Card("Darius") for m in g.legal_moves())
    refused(g, "Darius@2", "only one Leader")


def test_second_leader_unplayable_after_the_first_left_the_table():
    g = make("1: north Alexander R5 | south B1", north="Darius R1", south="Deserter G1 G2",
             turn="south play")
    g.play("Deserter Alexander")
    assert Card("Alexander") in g.discards(0)
    g.play("draw troop")
    assert g.tactics_played(0) == g.tactics_played(1) == 1
    assert g.can_play_tactic(0)
    refused(g, "Darius@2", "only one Leader")
    assert not any(m.card == Card("Darius") for m in g.legal_moves())
    # Same after Redeploy to the discards.
    g = make("1: north Alexander R5 | south B1", north="Darius Redeploy R1", south="G1 G2",
             discard_south="Scout Fog")
    g.play("Redeploy Alexander@discard")
    g.play("draw troop")
    g.play("G1@2")
    g.play("draw troop")
    refused(g, "Darius@2", "only one Leader")


def test_leader_in_the_position_reader():
    # A Leader in north's discards still counts as north's one Leader.
    g = make(north="Darius R1", south="G1", discard_north="Alexander", discard_south="Deserter")
    refused(g, "Darius@2", "only one Leader")


def test_companion_cavalry_is_an_eight():
    g = make("1: north R6 R7 | south O6 O7 Y8", north="Companion", south="G1")
    g.play("Companion@1")
    # R6 R7 + Companion as R8: a Wedge beats the Skirmish Line.
    assert g.claim(1)
    assert g.tactics_played(0) == 1


def test_shield_bearers_is_at_most_three():
    g = make("1: north R1 R2 | south O10 Y10 G10", north="Shield", south="G1")
    g.play("Shield@1")
    assert g.claim(1)                   # Wedge 1-2-3 beats Phalanx of 10s
    g = make("1: north R5 R6 | south O4 Y5 G6", north="Shield", south="G1")
    g.play("Shield@1")
    # Shield cannot be a 4 or 7: Battalion (R5 R6 R3) beats the Skirmish Line.
    assert g.claim(1)
    g = make("1: north R5 R6 | south O9 O10 O8", north="Shield", south="G1")
    g.play("Shield@1")
    assert not g.claim(1)               # the Battalion loses to the Wedge


def test_morale_cards_occupy_a_place():
    g = make("1: north R1 R2 | south -", north="Companion Shield R3", south="G1")
    g.play("Companion@1")
    g.play("draw troop")
    g.play("G1@5")
    g.play("draw troop")
    assert not any(m.kind == "play" and m.flag == 1 for m in g.legal_moves())
    refused(g, "R3@1", "already has 3 cards")


# --------------------------------------------------------------------------
# Environment Tactics
# --------------------------------------------------------------------------

def test_fog_decides_by_total():
    g = make("1: north Fog R1 R2 R3 | south O9 Y9 G2", north="R9", south="G1", turn="south play")
    assert g.claim(1)
    g = make("1: north R1 R2 R3 | south O9 Y9 G2", north="R9", south="G1", turn="south play",
             discard_north="Scout")
    assert not g.claim(1)


def test_fog_play_and_claim_by_total():
    g = make("1: north R1 R2 R3 | south O9 Y9 G2", north="R9", south="G1 Fog", turn="south play")
    assert "Fog@1" in legal(g)
    g.play("Fog@1")
    assert g.fog_at(1) and g.environment(1) == [(Card("Fog"), 1)]
    assert g.tactics_played(1) == 1
    assert g.claim(1)


def test_fog_on_own_side_any_unclaimed_flag():
    g = make("3 claimed by south: north R1 | south O1 O2 O3", north="Fog R9", south="G1")
    fogs = {m.flag for m in g.legal_moves() if m.card == Card("Fog")}
    assert fogs == {1, 2, 4, 5, 6, 7, 8, 9}
    g.play("Fog@5")
    assert "flag 5: north Fog" in g.position()


def test_fog_and_mud_on_one_flag():
    g = make("1: north Fog R10 R9 R8 | south O1 O2 O3", north="R7", south="Mud G1", turn="south play")
    assert "Mud@1" in legal(g)
    g.play("Mud@1")
    assert g.fog_at(1) and g.mud_at(1) and g.required(1) == 4
    g.play("draw troop")
    g.play("R7@1")
    g.play("draw troop")
    g.play("G1@1")
    # Totals of four cards: 34 against 7.
    assert g.check_claim(1, player=0)


def test_mud_needs_four_cards():
    g = make("1: north R7 R8 R9 | south O1 O2 O3", north="Mud R10", south="G1")
    assert g.check_claim(1)
    g.play("Mud@1")
    assert not g.check_claim(1)
    result = g.claim(1) if g.phase == "play" else g.check_claim(1)
    assert not result and "needs 4" in result.explanation
    g.play("draw troop")
    g.play("G1@1")
    g.play("draw troop")
    g.play("R10@1")                     # a fourth place under Mud
    assert g.cards_at(1, 0) == cards("R7 R8 R9 R10")
    assert g.check_claim(1)             # four-card Wedge against three cards + any one


def test_mud_fourth_card_then_full():
    g = make("1: north Mud R7 R8 R9 R10 | south O1", north="R1", south="G1")
    refused(g, "R1@1", "already has 4 cards")


def test_mud_four_card_formations():
    g = make("1: north Mud R1 R2 R3 R4 | south O10 Y10 G10 B10", north="R9", south="G1")
    assert g.claim(1)                  # a four-card Wedge beats a four-card Phalanx


def test_mud_leaves_by_deserter_side_keeps_four_best_three_count():
    g = make("1: north Mud R7 R8 R9 Y2 | south O4 O5 O6", north="R1 B1", south="Deserter G1",
             turn="south play")
    assert "Deserter Mud" in legal(g)
    g.play("Deserter Mud")
    assert not g.mud_at(1) and g.required(1) == 3
    assert g.discards(0) == [Card("Mud")]
    assert g.cards_at(1, 0) == cards("R7 R8 R9 Y2")        # north keeps its four
    g.play("draw troop")
    refused(g, "B1@1", "already has 4 cards")             # and takes no more
    assert not any(m.kind == "play" and m.flag == 1 for m in g.legal_moves())
    result = g.claim(1)
    assert result and result.formation.kind == "wedge"    # the best three: R7 R8 R9


def test_mud_leaves_by_redeploy():
    g = make("1: north Mud R7 R8 R9 Y2 | south O4 O5 O6", north="Redeploy B1", south="G1",
             discard_south="Scout")
    assert "Redeploy Mud@discard" in legal(g) and "Redeploy Mud@4" in legal(g)
    g.play("Redeploy Mud@4")
    assert g.mud_at(4) and g.required(1) == 3 and g.required(4) == 4
    assert g.cards_at(1, 0) == cards("R7 R8 R9 Y2")
    assert g.claim(1)
    g2 = make("1: north Mud R7 R8 R9 Y2 | south O4 O5", north="Redeploy B1", south="G1 G2",
              discard_south="Scout")
    g2.play("Redeploy Mud@discard")
    assert g2.discards(0) == cards("Redeploy Mud")
    g2.play("draw troop")
    g2.play("G1@1")                      # south may still complete its three
    assert g2.cards_at(1, 1) == cards("O4 O5 G1")
    g2.play("draw troop")
    refused(g2, "B1@1", "already has 4 cards")


def test_mud_leaving_position_with_four_cards_is_valid():
    g = make("1: north R7 R8 R9 Y2 | south O4 O5 O6", north="B1", south="G1",
             discard_north="Mud", discard_south="Deserter")
    refused(g, "B1@1", "already has 4 cards")
    assert g.claim(1)


# --------------------------------------------------------------------------
# Scout
# --------------------------------------------------------------------------

def scout_game():
    return make(north="Scout R1 R2 R3 R4 R5 R6", south="B1 B2 B3 B4 B5 B6 B7")


def test_scout_three_draws_then_two_returns():
    g = scout_game()
    troops, tactics = g.deck("troop"), g.deck("tactic")
    g.play("Scout")
    assert g.phase == "scout-draw" and g.discards(0) == [Card("Scout")]
    assert g.tactics_played(0) == 1
    assert legal(g) == {"draw troop", "draw tactic"}
    refused(g, "return R1", "draw three cards first")
    refused(g, "end", "draw three")
    g.play("draw troop")
    g.play("draw tactic")
    assert g.phase == "scout-draw"
    g.play("draw troop")
    assert g.phase == "scout-return"
    assert sorted(g.hand(0)) == sorted(cards("R1 R2 R3 R4 R5 R6") + [troops[0], troops[1], tactics[0]])
    assert legal(g) == {f"return {c}" for c in g.hand(0)}
    refused(g, "draw troop", "put two cards back")
    refused(g, "return B1", "not in north's hand")
    g.play("return R6")
    assert g.phase == "scout-return"
    g.play("return R5")
    # After two returns the turn is over, without a further draw.
    assert g.to_move == 1 and g.phase == "play"
    assert len(g.hand(0)) == 7 and tactics[0] in g.hand(0)
    assert g.deck("troop")[:3] == [Card("R5"), Card("R6"), troops[2]]
    assert g.deck("tactic")[0] == tactics[1]


def test_scout_returns_in_chosen_order_to_matching_decks():
    g = make(north="Scout Fog R1", south="B1")
    tactic_top = g.deck("tactic")[0]
    g.play("Scout")
    for d in ("tactic", "tactic", "tactic"):
        g.play(f"draw {d}")
    g.play("return R1")
    g.play("return Fog")
    assert g.deck("troop")[0] == Card("R1")
    assert g.deck("tactic")[0] == Card("Fog")
    assert tactic_top in g.hand(0)


def test_scout_with_fewer_than_three_cards_left():
    g = no_decks(north="P1 P2 P3 P4 Alexander Scout", troop="P5", tactic="Companion",
                 discard_north="Redeploy Deserter")
    g.play("Scout")
    g.play("draw troop")
    assert legal(g) == {"draw tactic"}
    g.play("draw tactic")
    assert g.phase == "scout-return"          # nothing left: straight to the returns
    g.play("return P5")
    assert g.phase == "scout-return"
    g.play("return Companion")
    assert g.to_move == 1
    assert g.deck("troop") == cards("P5") and g.deck("tactic") == cards("Companion")
    assert len(g.hand(0)) == 5


def test_scout_with_one_card_left():
    g = no_decks(north="P1 P2 P3 P4 Alexander Scout Companion", troop="P5",
                 discard_north="Redeploy Deserter")
    g.play("Scout")
    g.play("draw troop")
    assert g.phase == "scout-return"
    g.play("return P1")
    g.play("return P2")
    assert g.to_move == 1 and g.deck("troop") == cards("P2 P1")
    assert len(g.hand(0)) == 5


def test_scout_not_playable_with_empty_decks():
    g = no_decks(north="P1 P2 P3 P4 P5 Alexander Scout", discard_north="Companion Redeploy Deserter")
    assert g.can_play_tactic()
    assert "Scout" not in legal(g)
    refused(g, "Scout", "both decks are empty")


def test_scout_knowledge_of_returned_cards():
    g = scout_game()
    troops = g.deck("troop")
    g.play("Scout")
    for _ in range(3):
        g.play("draw troop")
    g.play("return R1")
    g.play("return R2")
    o0, o1 = g.observation(0), g.observation(1)
    assert o0.known_deck == (("troop", 0, Card("R2")), ("troop", 1, Card("R1")))
    assert o1.known_deck == ()
    assert "troop deck: R2[north] R1[north] " in g.position()
    assert Card("R1") in o1.unseen and Card("R1") not in o0.unseen
    # South draws R2: north's view lists it among south's known cards.
    g.play("B1@1")
    g.play("draw troop")
    assert Card("R2") in g.hand(1)
    o0 = g.observation(0)
    assert o0.opponent_known == (Card("R2"),)
    assert o0.known_deck == (("troop", 0, Card("R1")),)
    assert g.observation(1).opponent_known == ()
    assert "R2[north]" in g.position()
    # South plays R2: it is on the table, no longer "known in hand".
    g.play("R3@2")
    g.play("draw tactic")
    g.play("R2@3")
    assert g.observation(0).opponent_known == ()
    assert troops[0] in g.hand(0)


# --------------------------------------------------------------------------
# Redeploy
# --------------------------------------------------------------------------

def test_redeploy_to_another_flag_and_discard():
    g = make("1: north R5 R6 | south B1", "2: north R9 R8 R7 | south -", north="Redeploy R1", south="G1")
    moves = legal(g)
    assert "Redeploy R5@3" in moves and "Redeploy R5@discard" in moves
    assert "Redeploy R5@1" not in moves           # another flag
    assert "Redeploy R5@2" not in moves           # no free place
    refused(g, "Redeploy R5@1", "another flag")
    refused(g, "Redeploy R5@2", "no free place")
    refused(g, "Redeploy B1@3", "not one of your cards")
    refused(g, "Redeploy R1@3", "not one of your cards")
    g.play("Redeploy R5@3")
    assert g.cards_at(1, 0) == cards("R6") and g.cards_at(3, 0) == cards("R5")
    assert g.discards(0) == [Card("Redeploy")] and g.tactics_played(0) == 1
    assert g.phase == "draw"
    g.undo()
    g.play("Redeploy R6@discard")
    assert g.discards(0) == cards("Redeploy R6")


def test_redeploy_environment_cards():
    g = make("1: north Fog R5 | south B1", north="Redeploy R1", south="G1", discard_south="Scout")
    moves = legal(g)
    assert "Redeploy Fog@2" in moves and "Redeploy Fog@discard" in moves
    g.play("Redeploy Fog@2")
    assert g.fog_at(2) and not g.fog_at(1)
    assert g.environment(2) == [(Card("Fog"), 0)]
    g.undo()
    g.play("Redeploy Fog@discard")
    assert g.discards(0) == cards("Redeploy Fog") and not g.fog_at(1)


def test_redeploy_only_own_cards():
    g = make("1: north - | south B1 Fog", north="Redeploy R1", south="G1", discard_north="-")
    # South's Fog: north has no card at a flag: Redeploy is not playable.
    assert not any(m.kind == "redeploy" for m in g.legal_moves())
    refused(g, "Redeploy Fog@2", "not one of your cards")


def test_redeploy_morale_card():
    g = make("1: north Alexander R5 | south B1", north="Redeploy R1", south="G1", discard_south="Scout")
    g.play("Redeploy Alexander@4")
    assert g.cards_at(4, 0) == cards("Alexander")


# --------------------------------------------------------------------------
# Deserter
# --------------------------------------------------------------------------

def test_deserter_discards_any_opponent_card():
    g = make("1: north - | south B1 Fog", "2: north R1 | south Darius", "3: north - | south Mud",
             north="Deserter R2", south="G1", discard_north="Scout Redeploy")
    moves = {m for m in legal(g) if m.startswith("Deserter")}
    assert moves == {"Deserter B1", "Deserter Fog", "Deserter Darius", "Deserter Mud"}
    refused(g, "Deserter R1", "not one of your opponent's cards")
    refused(g, "Deserter G1", "not one of your opponent's cards")
    for target in ("B1", "Fog", "Darius", "Mud"):
        g.play(f"Deserter {target}")
        assert g.discards(1) == [Card(target)]
        assert g.discards(0) == cards("Scout Redeploy Deserter")
        assert g.tactics_played(0) == 3
        g.undo()


def test_deserter_not_playable_without_a_target():
    g = make("1: north R1 | south -", north="Deserter R2", south="G1")
    assert not any(m.kind == "deserter" for m in g.legal_moves())


# --------------------------------------------------------------------------
# Traitor
# --------------------------------------------------------------------------

def test_traitor_takes_opponent_troops_only():
    g = make("1: north R1 R2 R3 | south B1 Darius", "2: north - | south Fog B5", north="Traitor R9", south="G1",
             discard_north="Scout")
    moves = {m for m in legal(g) if m.startswith("Traitor")}
    expected = {f"Traitor {c}@{f}" for c in ("B1", "B5") for f in range(2, 10)}
    assert moves == expected
    refused(g, "Traitor Darius@2", "only troop cards")
    refused(g, "Traitor Fog@3", "only troop cards")
    refused(g, "Traitor B1@1", "no free place")
    refused(g, "Traitor R1@2", "not one of your opponent's cards")
    g.play("Traitor B5@2")
    assert g.cards_at(2, 0) == cards("B5") and g.cards_at(2, 1) == []
    assert g.discards(0) == cards("Scout Traitor") and g.discards(1) == []


def test_traitor_same_flag_allowed():
    g = make("1: north R1 | south B1 B2", north="Traitor R9", south="G1", discard_south="Scout")
    g.play("Traitor B2@1")
    assert g.cards_at(1, 0) == cards("R1 B2") and g.cards_at(1, 1) == cards("B1")


def test_traitor_not_playable_without_free_place():
    g = make(*full_board(skip=(9,)), "9: north - | south P4", north="Traitor", south="P1",
             troop="rest seed 1")
    # north's free places: flag 9
    assert any(m.kind == "traitor" for m in g.legal_moves())
    g = make(*full_board(), north="Traitor", south="-", troop="rest seed 1")
    assert not any(m.kind == "traitor" for m in g.legal_moves())
    refused(g, "Traitor R4@9", "no free place")


# --------------------------------------------------------------------------
# The Tactics limit
# --------------------------------------------------------------------------

def test_tactics_limit():
    g = make(north="Fog Mud R1", south="G1 G2")
    g.play("Fog@1")
    g.play("draw troop")
    g.play("G1@2")
    g.play("draw troop")
    assert not any(m.card is not None and m.card.is_tactic for m in g.legal_moves())
    refused(g, "Mud@2", "one more Tactics card")
    assert not g.can_play_tactic()


def test_tactics_limit_counts_every_tactic_ever_played():
    # North's Fog was discarded by the Deserter; north's Scout lies in the discards.
    # Played: north 2 (Scout, Fog), south 1 (Deserter): north may not play another.
    g = make(north="Mud Redeploy R1", south="G1", discard_north="Scout Fog", discard_south="Deserter")
    assert g.tactics_played(0) == 2 and g.tactics_played(1) == 1
    refused(g, "Mud@2", "one more Tactics card")
    assert "pass" not in legal(g)
    g = make("1: north R5 | south -", north="Mud Redeploy", south="G1", discard_north="Scout Fog",
             discard_south="Deserter")
    refused(g, "Redeploy R5@2", "one more Tactics card")
    assert legal(g) == {"pass"}


def test_tactics_limit_leader_and_guile():
    g = make("1: north R5 | south B4", north="Alexander Scout", south="G1", discard_north="Redeploy")
    refused(g, "Alexander@2", "one more Tactics card")
    refused(g, "Scout", "one more Tactics card")


def test_tactics_even_count_allows_one():
    g = make(north="Mud R1", south="G1 Fog", turn="south play")
    g.play("Fog@3")
    g.play("draw troop")
    assert g.can_play_tactic()
    g.play("Mud@3")
    assert g.tactics_played(0) == g.tactics_played(1) == 1


# --------------------------------------------------------------------------
# Deadlock
# --------------------------------------------------------------------------

def deadlock_game(flags_north=(), flags_south=()):
    board = []
    troops = iter(ALL_CARDS[:60])
    for f in range(1, 10):
        n = " ".join(str(next(troops)) for _ in range(3))
        s = " ".join(str(next(troops)) for _ in range(3))
        head = f"{f}"
        owner = 0 if f in flags_north else 1 if f in flags_south else None
        if owner is not None:
            head += f" claimed by {('north', 'south')[owner]}"
            # The owner holds the stronger side (a claim that was provable).
            strong, weak = sorted((n, s), key=lambda x: evaluate(x), reverse=True)
            n, s = (strong, weak) if owner == 0 else (weak, strong)
        board.append(f"{head}: north {n} | south {s}")
    # The six troops left (P5..P10) and the Tactics sit in hands and discards; no free place.
    return make(*board, north="P5 P6 P7 Alexander Companion Mud Scout", south="P8 P9 P10 Darius Shield Fog",
                troop="-", tactic="-", discard_north="Redeploy Deserter", discard_south="Traitor")


@pytest.mark.parametrize("north_flags, south_flags, winner", [
    ((), (), None), ((1, 3), (5,), 0), ((2,), (4, 6), 1), ((1,), (9,), None)])
def test_deadlock_ends_the_game(north_flags, south_flags, winner):
    g = deadlock_game(north_flags, south_flags)
    for mv in ("pass", "end", "pass"):
        g.play(mv)
        assert not g.is_over()
    g.play("end")
    o = g.outcome()
    assert o is not None and o.reason == "deadlock" and o.winner == winner
    assert o.flags == (len(north_flags), len(south_flags))
    assert g.phase == "over" and g.legal_moves() == []
    if winner is None:
        assert "draw" in o.describe()


def test_deadlock_counter_reset_by_claim_or_card():
    g = deadlock_game()
    g.play("pass"); g.play("end")            # idle 1
    g.play(f"claim {g.provable_flags()[0]}")
    g.play("pass"); g.play("end")            # south claimed: not idle
    assert not g.is_over()
    g.play("pass"); g.play("end")
    assert not g.is_over()
    g.play("Fog@9"); g.play("end")           # a card played: not idle
    assert not g.is_over()
    g.play("pass"); g.play("end")
    assert not g.is_over()
    g.play("pass"); g.play("end")
    assert g.outcome().reason == "deadlock"


def test_deadlock_with_full_hands_while_a_deck_has_cards():
    # docs/rules.md, Deadlock: with both hands full and no troop to place, nobody can draw and
    # the state repeats forever, as with empty decks; two idle turns in a row end the game.
    # (A real case from the arena: north held seven unplayable Tactics, south seven troops
    # and no free place, and 14 troops were left in the deck.)
    g = make(*full_board(), north="P5 P6 P7 P8 P9 P10 Alexander",
             south="Darius Companion Shield Fog Mud Scout Redeploy", troop="-", tactic="Deserter Traitor")
    g.play("pass"); g.play("end")
    assert not g.is_over() and g.observation(0).idle_turns == 1
    assert Game.from_position(g.position()).position() == g.position()
    g.play("pass"); g.play("end")
    assert g.is_over() and g.outcome().reason == "deadlock"


def test_an_active_turn_resets_the_deadlock_count():
    g = make(*full_board(), north="P5 P6 P7 P8 P9 P10 Alexander",
             south="Darius Companion Shield Fog Mud Scout Redeploy", troop="-", tactic="Deserter Traitor")
    g.play("pass"); g.play("end")
    assert g.observation(0).idle_turns == 1
    # A draw becomes possible once a card is played, and the game goes on.
    g.play("Fog@1")
    assert non_claims(g) == {"draw tactic"}
    g.play("draw tactic")
    assert not g.is_over() and g.observation(0).idle_turns == 0


def test_deadlock_idle_line_in_position():
    g = deadlock_game()
    g.play("pass"); g.play("end")
    assert "idle 1" in g.position()
    g2 = Game.from_position(g.position())
    g2.play("pass"); g2.play("end")
    assert g2.outcome().reason == "deadlock"


# --------------------------------------------------------------------------
# Error messages and unchanged positions
# --------------------------------------------------------------------------

def test_illegal_moves_name_the_rule():
    g = make("1: north R1 R2 R3 | south -", north="R5 Darius", south="G1",
             discard_north="Alexander", discard_south="Deserter")
    refused(g, "R5@1", "already has 3 cards")
    refused(g, "Darius@2", "only one Leader")
    refused(g, "B7@2", "not in north's hand")
    refused(g, "Traitor B7@2", "Traitor is not in north's hand")
    refused(g, "Scout", "Scout is not in north's hand")
    refused(g, "nonsense", "cannot read move", error=InvalidMoveError)
    refused(g, "R5@0", "1 to 9", error=InvalidMoveError)
    refused(g, "Scout@3", "not played at a flag")


def test_play_accepts_move_objects_and_text():
    g = make(north="R5 R6", south="G1")
    g.play(Move.play("R5", 1))
    g.undo()
    g.play("r5 @ 1")
    assert g.moves == [Move.play("R5", 1)]


def test_undo_everything_back_to_the_start():
    g = Game(seed=21)
    start = g.position()
    positions = [start]
    for _ in range(30):
        g.play(g.legal_moves(claims=False)[-1])
        positions.append(g.position())
    for p in reversed(positions[:-1]):
        g.undo()
        assert g.position() == p
    with pytest.raises(IllegalMoveError):
        g.undo()


# --------------------------------------------------------------------------
# Observation: what a player may know
# --------------------------------------------------------------------------

def _cards_in(obj) -> set[Card]:
    """Every Card reachable in an Observation."""
    out: set[Card] = set()
    if isinstance(obj, Card):
        out.add(obj)
    elif dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            out |= _cards_in(getattr(obj, f.name))
    elif isinstance(obj, (tuple, list, set, frozenset)):
        for x in obj:
            out |= _cards_in(x)
    elif isinstance(obj, dict):
        for k, v in obj.items():
            out |= _cards_in(k) | _cards_in(v)
    return out


def hidden_from(g: Game, player: int) -> set[Card]:
    """Cards ``player`` must not see: the opponent's hand and the decks."""
    return set(g.hand(1 - player)) | set(g.deck("troop")) | set(g.deck("tactic"))


def test_observation_own_hand_not_opponents():
    g = Game(seed=3)
    for p in (0, 1):
        o = g.observation(p)
        assert isinstance(o, Observation) and o.seat == p
        assert sorted(o.hand) == sorted(g.hand(p))
        assert o.opponent_hand_size == 7 and o.opponent_known == ()
        assert o.deck_sizes == (46, 10)
        assert not (_cards_in(o) & hidden_from(g, p))
        assert set(o.unseen) == hidden_from(g, p)
    with pytest.raises(ValueError):
        g.observation(2)


def test_observation_independent_of_hidden_cards():
    # The same table and north hand; south's hand and the decks differ.
    a = make("1: north R1 R2 | south B5", north="R9 Fog", south="G1 G2 G3", troop="rest seed 1",
             tactic="rest seed 2")
    b = make("1: north R1 R2 | south B5", north="R9 Fog", south="P7 O4 Y10", troop="rest seed 9",
             tactic="rest seed 8")
    assert a.position() != b.position()
    assert a.observation(0) == b.observation(0)
    assert a.observation(1) != b.observation(1)
    # And they stay equal while the same public moves are played.
    for mv in ("R9@2",):
        a.play(mv)
        b.play(mv)
    assert a.observation(0) == b.observation(0)


def test_observation_hides_scout_returns_from_the_opponent():
    g = scout_game()
    g.play("Scout")
    for _ in range(3):
        g.play("draw troop")
    g.play("return R1")
    g.play("return R2")
    # South's view: does not depend on which cards north returned.
    h = scout_game()
    h.play("Scout")
    for _ in range(3):
        h.play("draw troop")
    h.play("return R3")
    h.play("return R4")
    assert g.observation(1) == h.observation(1)
    assert not (_cards_in(g.observation(1)) & hidden_from(g, 1))
    # North's view knows what north returned.
    assert g.observation(0) != h.observation(0)
    assert {c for _, _, c in g.observation(0).known_deck} == {Card("R1"), Card("R2")}
    known = _cards_in(g.observation(0))
    assert Card("R1") in known and Card("R2") in known
    assert not ((known - {Card("R1"), Card("R2")}) & hidden_from(g, 0))


def test_observation_through_a_random_game():
    import random
    rng = random.Random(4)
    g = Game(seed=4)
    while not g.is_over() and len(g.moves) < 300:
        for p in (0, 1):
            o = g.observation(p)
            allowed = set(o.opponent_known) | {c for _, _, c in o.known_deck}
            assert not ((_cards_in(o) - allowed) & hidden_from(g, p))
            assert sorted(o.hand) == sorted(g.hand(p))
        g.play(rng.choice(g.legal_moves()))


# The refusal of a Guile move names the rule it breaks. (Regression: the engine
# once checked the *target* card against the hand and said "<Tactic> is not in
# north's hand" although the Tactics card was in hand.)
GUILE_REFUSALS = [
    (dict(flags=("1 claimed by south: north R1 R2 | south Y8 Y9 Y10",), north="R5 Deserter"),
     "Deserter Y8", "claimed flag"),
    (dict(flags=("1 claimed by south: north R1 R2 | south Y8 Y9 Y10", "2: north R4 | south B3"),
          north="R5 Traitor"), "Traitor Y9@2", "claimed flag"),
    (dict(flags=("1 claimed by south: north R1 R2 | south Y8 Y9 Y10",), north="R5 Redeploy"),
     "Redeploy R1@2", "claimed flag"),
    (dict(flags=("1 claimed by south: north R1 R2 | south Y8 Y9 Y10", "2: north R4 | south B3"),
          north="R5 Redeploy"), "Redeploy R4@1", "already claimed"),
    (dict(flags=("1 claimed by south: north R1 R2 | south Y8 Y9 Y10", "2: north R4 | south B3"),
          north="R5 Traitor"), "Traitor B3@1", "already claimed"),
    (dict(flags=("1: north R5 R6 | south B1",), north="Redeploy R1"), "Redeploy R5@1", "another flag"),
    (dict(flags=("1: north R5 R6 | south B1", "2: north R9 R8 R7 | south -"), north="Redeploy R1"),
     "Redeploy R5@2", "no free place"),
    (dict(flags=("1: north R5 R6 | south B1",), north="Redeploy R1"), "Redeploy B1@3",
     "not one of your cards"),
    (dict(flags=("1: north R1 | south B1",), north="Deserter R2"), "Deserter R1",
     "not one of your opponent's cards"),
    (dict(flags=("1: north R1 | south B1 Darius",), north="Traitor R2", discard_north="Scout"),
     "Traitor Darius@2", "only troop cards"),
    (dict(flags=("1: north R1 R2 R3 | south B1",), north="Traitor R4"), "Traitor B1@1", "no free place"),
    (dict(flags=("1: north R5 | south -",), north="Mud Redeploy", discard_north="Scout Fog",
          discard_south="Deserter"), "Redeploy R5@2", "one more Tactics card"),
]


@pytest.mark.parametrize("setup, move, words", GUILE_REFUSALS, ids=[m for _, m, _ in GUILE_REFUSALS])
def test_guile_refusals_name_the_rule(setup, move, words):
    setup = dict(setup)
    flags = setup.pop("flags")
    g = make(*flags, south=setup.pop("south", "G1"), **setup)
    refused(g, move, words)


@pytest.mark.parametrize("seed", ["x", 1.5, 2.0, True, b"7", [1]])
def test_a_seed_that_is_not_a_whole_number_is_refused_in_both_games(seed):
    """random.Random took a text (or a float) as a seed, so Game(seed="x") dealt a game."""
    from battleline.ancient import AncientGame
    with pytest.raises(ValueError, match="seed must be a whole number or None, not "):
        Game(seed=seed)
    with pytest.raises(ValueError, match="seed is an integer, not "):
        AncientGame.scenario("issus", seed=seed)
    with pytest.raises(ValueError, match="seed is an integer, not "):
        AncientGame.empty(seed=seed)


@pytest.mark.parametrize("first", [1.0, True, "1"])
def test_the_seat_moving_first_is_a_whole_number(first):
    with pytest.raises(ValueError, match="first must be 0 \\(north\\), 1 \\(south\\) or None"):
        Game(seed=1, first=first)

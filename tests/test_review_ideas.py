"""The review's reasons name ideas (battleline.standard.motifs) before the percentages, on
scripted play-outs (tests/test_review_verdicts.scripted): the search's choice is fixed, and
the reason must say what the move played does that the better move does not."""

from __future__ import annotations

from test_review_verdicts import reviewed

from battleline.standard.editor import PositionDraft


def position(flags: dict, hand: tuple, claims=()) -> str:
    d = PositionDraft(to_move=1)
    for (flag, side), cards in flags.items():
        for c in cards.split():
            d.place(c, flag=flag, side=side)
    for c in hand:
        d.place(c, hand=1)
    for flag, side in claims:
        d.claim(flag, side)
    return d.text()


# North holds flags 1 and 2 and has a Phalanx of 5s at flag 3; south's G7 G8 there could
# still make a Wedge. Y2 finishes flag 3 as a Host: north proves it, and the Breakthrough.
BREAKTHROUGH_ALLOWED = position(
    {(1, 0): "R9 R10 O9", (1, 1): "P1 P2 O4", (2, 0): "Y9 Y10 O10", (2, 1): "P3 P4 O6",
     (3, 0): "B5 Y5 G5", (3, 1): "G7 G8"},
    ("Y2", "B3", "R4", "P5", "P9", "G1", "Fog"), claims=((1, 0), (2, 0)))


def test_a_move_that_hands_over_the_game_says_so_before_the_numbers(monkeypatch):
    d = reviewed(monkeypatch, "Y2@3", {"Y2@3": 0.0}, position=BREAKTHROUGH_ALLOWED)    # the others 50%
    assert d.label == "blunder" and d.best != "Y2@3"
    assert "win_allowed" in d.motifs
    assert d.reason.startswith("Yellow 2 at flag 3 lets your opponent prove flag 3 at once and win by Breakthrough.")
    assert "相手はすぐにフラッグ3を証明でき、突破で勝ちます" in d.reason_ja
    assert 3 in d.flags


def test_a_tactics_card_spent_for_less_than_it_gains(monkeypatch):
    d = reviewed(monkeypatch, "Fog@4", {"Fog@4": 0.55, "B3@9": 0.75}, position=BREAKTHROUGH_ALLOWED)
    assert d.label == "blunder" and d.best == "B3@9"
    assert "tactic_spent" in d.motifs
    assert "Fog is spent for less than it gains: Blue 3 at flag 9 keeps it and wins 75%" in d.reason


def test_a_move_as_good_as_the_best_names_no_fault(monkeypatch):
    d = reviewed(monkeypatch, "B3@9", {"B3@9": 0.75}, position=BREAKTHROUGH_ALLOWED)
    assert d.label in ("best", "good") and not {"win_allowed", "tactic_spent"} & set(d.motifs)


def test_the_better_move_that_proves_a_flag_is_named(monkeypatch):
    """The search prefers G8 at flag 3, which proves flag 3 (a Wedge 8-9-10, every other 10
    seen); the move played proves nothing. The reason says what the better move makes."""
    d = PositionDraft(to_move=1)
    for flag, side, cards in ((3, 1, "G9 G10"), (6, 0, "Y8 Y9 Y10")):
        for c in cards.split():
            d.place(c, flag=flag, side=side)
    for c in ("G8", "R4", "Y5", "O7", "R8", "B3", "P1"):
        d.place(c, hand=1)
    for c, side in (("R10", 0), ("B10", 0), ("O10", 1), ("P10", 1)):
        d.place(c, discard=side)
    r = reviewed(monkeypatch, "R4@5", {"R4@5": 0.3, "G8@3": 0.8}, position=d.text())
    assert r.best == "G8@3" and r.label == "blunder" and "claim_made" in r.motifs
    assert r.reason.startswith("Green 8 at flag 3 lets you prove flag 3 at once")
    assert "フラッグ3をすぐに証明できます" in r.reason_ja


def test_a_guile_card_spent_for_less_than_it_gains(monkeypatch):
    """Traitor's move names the troop it takes (``Traitor B5@2``): the Tactics card spent is
    still the Traitor, and the reason says so."""
    position_text = position({(4, 0): "B5", (1, 1): "R2"}, ("Traitor", "B3", "R4", "P5", "P9", "G1", "Y2"))
    d = reviewed(monkeypatch, "Traitor B5@1", {"Traitor B5@1": 0.3, "B3@9": 0.8}, position=position_text)
    assert d.best == "B3@9" and "tactic_spent" in d.motifs
    assert "Traitor is spent for less than it gains: Blue 3 at flag 9 keeps it" in d.reason


def test_a_card_the_opponent_can_outrank_is_named(monkeypatch):
    """R3 against north's B5 B6 at flag 2: a Wedge 3-4-5 at best, north's still a Wedge 5-6-7."""
    position_text = position({(2, 0): "B5 B6"}, ("R3", "B9", "G1", "Y5", "O7", "R8", "B2"))
    d = reviewed(monkeypatch, "R3@2", {"R3@2": 0.3}, position=position_text)
    assert d.best != "R3@2" and d.label == "blunder" and "outranked" in d.motifs
    assert d.reason.startswith("Red 3 at flag 2 leaves your side there at best a Wedge of Red 3, Red 4 and Red 5")


def test_a_better_redeploy_that_turns_a_flag_is_named(monkeypatch):
    """South's R6 B6 at flag 2 fall short of north's Wedge R2 R3 R4; the search prefers to
    Redeploy R6 to the discard, after which B6 can still make a Wedge 6-7-8 there."""
    position_text = position({(2, 1): "R6 B6", (2, 0): "R2 R3"}, ("Redeploy", "Y10", "G1", "O4", "Y4", "B2", "R9"))
    d = reviewed(monkeypatch, "Y10@3", {"Y10@3": 0.3, "Redeploy R6@discard": 0.8}, position=position_text)
    assert d.best == "Redeploy R6@discard" and d.label == "blunder" and "guile_turns" in d.motifs
    assert d.reason.startswith("Redeploy taking Red 6 from flag 2 lets your side there still beat")
    assert "転進でフラッグ2から赤6を取ると" in d.reason_ja and 2 in d.flags


def test_a_card_under_fog_the_opponent_can_still_outtotal_is_named(monkeypatch):
    """Fog at flag 5: B1 beside south's R7 reaches 18 at best, north's R6 G9 still 25."""
    position_text = position({(5, 0): "Fog R6 G9", (5, 1): "R7", (6, 0): "Y8 Y9"},
                             ("O9", "P6", "B1", "G2", "Y3", "B4", "G8"))
    d = reviewed(monkeypatch, "B1@5", {"B1@5": 0.3, "P6@6": 0.8}, position=position_text)
    assert d.best == "P6@6" and d.label == "blunder" and "outmatched_fog" in d.motifs
    assert d.reason.startswith("Blue 1 at flag 5 leaves your side there at best a total of 18 (Blue 1, Red 7 and")
    assert "相手の側はまだ合計25" in d.reason_ja and 5 in d.flags


def test_a_better_scout_is_named_before_the_numbers(monkeypatch):
    """The search prefers the Scout to P6 at flag 1: the reason says the Scout draws before a
    card is committed, and names the card and the flag the move played commits (the position
    of a game of the motif-share run, where the one-ply ranking lists the Scout)."""
    position_text = position({(1, 0): "B2", (4, 0): "Y9", (9, 0): "G2", (9, 1): "Y5 R5"}, ("Scout", "P6", "R7", "R8", "G1", "G7", "P2"))
    d = reviewed(monkeypatch, "P6@1", {"P6@1": 0.3, "Scout": 0.8}, position=position_text)
    assert d.best == "Scout" and d.label == "blunder" and "scout_first" in d.motifs
    assert d.reason.startswith("Scout puts no card on the table this turn") and "Purple 6 at flag 1" in d.reason
    assert "偵察ならこの手番は場にカードを出しません" in d.reason_ja and 1 in d.flags

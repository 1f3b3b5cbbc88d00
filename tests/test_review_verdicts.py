"""The review's verdicts on scripted play-outs: its label cut-offs, the price it charges for a
Tactics card, and the flag each reason names (battleline.annotation, battleline.standard.reviewing).

The play-outs are replaced by a script (:func:`scripted`) that gives each move a fixed share
of won worlds and of worlds in which the seat holds each flag, so that every test knows the
chances the review sees and checks what the review makes of them.
"""

from __future__ import annotations

import pytest

from battleline import Game, review
from battleline.annotation import LABELS, MARKS, THRESHOLDS, label_of
from battleline.standard import reviewing
from battleline.standard.encoding import encode_move
from battleline.standard.moves import Move

# South to play. Medium's one-ply ranking puts Alexander at flag 3 first (a Wedge with R8 R9),
# then the troop G6 at flag 5: the Tactics card's price is what may move the search off it.
ALEXANDER_FIRST = """battleline position 1
rules standard
turn south play
flag 3: north G3 G4 | south R8 R9
flag 5: north B5 | south -
hand north: P10 G9 B9 Y1 Y2 Y3 Y4
hand south: Alexander B1 B2 O1 O2 Y6 G6
troop deck: rest seed 2
tactic deck: rest seed 2
discard north: -
discard south: -
"""
BUDGET = 200


def scripted(chances: dict[str, float], held: dict[str, dict[int, float]] | None = None, default: float = 0.5):
    """A stand-in for the kernel's paired play-outs: move ``m`` wins ``chances[m]`` of its worlds
    (``default`` for moves not named) and holds flag ``f`` in ``held[m][f]`` of them."""
    held = held or {}
    by_number = {encode_move(Move.parse(m)): m for m in set(chances) | set(held)}

    def search(template, known_troops, known_tactics, troop_slots, tactic_slots, moves, active, n_moves,
               worlds, rng, rewards, flag_share, held_counts, policy):
        made = 0
        for k in range(n_moves):
            if not active[k]:
                continue
            name = by_number.get(int(moves[k]))
            rewards[k] += worlds * chances.get(name, default)
            for flag, share in held.get(name, {}).items():
                held_counts[k, flag] += round(worlds * share)
            made += worlds
        return made
    return search


def reviewed(monkeypatch, move: str, chances, held=None, position: str = ALEXANDER_FIRST):
    """The review of south's one decision ``move`` in ``position``, on scripted play-outs."""
    monkeypatch.setattr(reviewing, "search_paired_with", scripted(chances, held))
    g = Game.from_position(position)
    g.play(move)
    (d,) = review(g, seat="south", budget=BUDGET).decisions
    return d


# ------------------------------------------------------------------ label cut-offs

@pytest.mark.parametrize("label", ["good", "inaccuracy", "mistake", "blunder"])
def test_each_label_starts_at_its_threshold(label):
    cut = THRESHOLDS[label]
    below = LABELS[LABELS.index(label) - 1]
    assert label_of(cut) == label
    assert label_of(cut - 0.001) == below
    assert label_of(cut + 0.001) == label


def test_the_cut_offs_are_lichess_five_ten_fifteen_points():
    assert THRESHOLDS == {"good": 0.01, "inaccuracy": 0.05, "mistake": 0.10, "blunder": 0.15}
    assert [MARKS[label] for label in LABELS] == ["", "", "?!", "?", "??"]


@pytest.mark.parametrize("played_chance, label", [
    (0.785, "good"), (0.75, "inaccuracy"), (0.70, "mistake"), (0.65, "blunder"), (0.5, "blunder")])
def test_a_decision_is_labelled_by_the_chance_it_lost(monkeypatch, played_chance, label):
    d = reviewed(monkeypatch, "B1@4", {"G6@5": 0.8, "B1@4": played_chance, "Alexander@3": 0.3})
    assert (d.best, d.chance_best) == ("G6@5", 0.8)
    assert d.loss == pytest.approx(0.8 - played_chance, abs=1e-4)
    assert (d.label, d.mark) == (label, MARKS[label])


# ------------------------------------------------------------------ a Tactics card's price

def test_the_review_prefers_a_troop_to_a_tactics_card_the_play_outs_value_the_same(monkeypatch):
    d = reviewed(monkeypatch, "B1@4", {})             # every move wins half its worlds
    assert Move.parse(d.best).card < 60, d.best       # not Alexander@3, the one-ply ranking's first
    assert d.best == "G6@5"


def test_a_tactics_card_worth_more_than_its_price_is_still_the_best(monkeypatch):
    d = reviewed(monkeypatch, "B1@4", {"Alexander@3": 0.9})
    assert d.best == "Alexander@3"


def test_a_hint_prefers_a_troop_to_a_tactics_card_the_play_outs_value_the_same(monkeypatch):
    monkeypatch.setattr(reviewing, "search_paired_with", scripted({}))
    h = reviewing.hint(Game.from_position(ALEXANDER_FIRST), budget=BUDGET)
    assert h.best == "G6@5"


# ------------------------------------------------------------------ the flags reasons name

def without_ideas(monkeypatch):
    """The reason's own sentence alone: the ideas named before it (tests/test_review_ideas.py)
    are left out, so that the flags a test reads are the sentence's."""
    monkeypatch.setattr(reviewing, "_ideas", lambda *args, **kwargs: [])


def test_a_flag_swing_names_the_flag_the_better_move_holds_more(monkeypatch):
    without_ideas(monkeypatch)
    d = reviewed(monkeypatch, "B1@4", {"G6@5": 0.8, "B1@4": 0.6},
                 {"G6@5": {5: 0.9, 7: 0.5}, "B1@4": {5: 0.2, 7: 0.5, 4: 0.6}})
    assert d.flags == (5,)
    assert "flag 5" in d.reason and "90%" in d.reason and "20%" in d.reason
    assert "フラッグ5" in d.reason_ja


def test_a_flag_swing_at_the_ninth_flag_names_flag_nine(monkeypatch):
    without_ideas(monkeypatch)
    d = reviewed(monkeypatch, "B1@4", {"G6@9": 0.8, "B1@4": 0.6}, {"G6@9": {9: 0.9}, "B1@4": {9: 0.1}})
    assert d.best == "G6@9" and d.flags == (9,) and "flag 9" in d.reason


def test_the_best_move_held_names_its_own_flag(monkeypatch):
    without_ideas(monkeypatch)
    d = reviewed(monkeypatch, "G6@5", {"G6@5": 0.8}, {"G6@5": {5: 0.7, 2: 0.9}})
    assert (d.played, d.best, d.label) == ("G6@5", "G6@5", "best")
    assert d.flags == (5,) and "flag 5" in d.reason and "70%" in d.reason


def test_no_flag_is_named_when_the_chances_alone_differ(monkeypatch):
    without_ideas(monkeypatch)
    d = reviewed(monkeypatch, "B1@4", {"G6@5": 0.8, "B1@4": 0.6}, {"G6@5": {5: 0.5}, "B1@4": {5: 0.48}})
    assert d.flags == () and "hold" not in d.reason and "80%" in d.reason

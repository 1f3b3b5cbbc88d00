"""The review, hints and replay of Battle Line (battleline.standard.reviewing, battleline.annotation)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from battleline import Game, review
from battleline.annotation import LABELS, THRESHOLDS, label_of
from battleline.standard import reviewing
from battleline.practice import WIN_IN_ONE_EXAMPLE
from battleline.standard.moves import Move

# South holds flags 1 and 2; R10 at flag 3 completes a Wedge that can be proved at once, and
# the three adjacent flags win the game (the rulebook's Breakthrough). Nothing else wins now,
# and North, holding flags 7 and 8, wins next turn with P10 at flag 9 unless South wins first.
WIN_IN_ONE = WIN_IN_ONE_EXAMPLE     # the practice module's example, public for doctests
BUDGET = 96


def played(move: str, position: str = WIN_IN_ONE) -> Game:
    g = Game.from_position(position)
    g.play(move)
    return g


def test_a_planted_mistake_is_found_and_the_better_move_wins():
    r = review(played("B1@4"), seat="south", budget=BUDGET)
    (d,) = r.decisions
    assert (d.index, d.seat, d.played, d.best) == (0, 1, "B1@4", "R10@3")
    assert d.loss > THRESHOLDS["inaccuracy"] and LABELS.index(d.label) > LABELS.index("good")
    assert d.chance_best == 1.0 and d.mark in ("?!", "?", "??")
    g = Game.from_position(WIN_IN_ONE)
    g.play(d.best)
    g.play("claim 3")
    assert g.is_over() and g.outcome().winner == 1


def test_the_winning_move_itself_is_best_and_says_why():
    (d,) = review(played("R10@3"), seat=1, budget=BUDGET).decisions
    assert (d.played, d.best, d.label, d.loss, d.mark) == ("R10@3", "R10@3", "best", 0.0, "")
    assert d.flags == (3,)
    assert "flag 3" in d.reason and "Red 10" in d.reason and "won" in d.reason
    assert "フラッグ3" in d.reason_ja


def test_the_other_seat_and_forced_moves_are_left_out():
    g = played("B1@4")
    assert review(g, seat="north", budget=BUDGET).decisions == []
    assert not reviewing.judged(Game.from_position(WIN_IN_ONE), Move.parse("claim 1"))
    g.play(g.legal_moves()[0])          # south's draw: not judged
    assert [d.index for d in review(g, budget=BUDGET).decisions] == [0]


def test_fair_two_games_that_looked_the_same_to_the_seat_get_the_same_review():
    # North's hand differs (south never saw it: the rest of the troops lie in the deck); south's
    # view of every decision is the same.
    hidden = WIN_IN_ONE.replace("troop deck: -", "troop deck: rest seed 5").replace("discard north: rest",
                                                                                     "discard north: -")
    other = hidden.replace("hand north: P10 G9 B9", "hand north: P10 G10 B3")
    a, b = played("B1@4", hidden), played("B1@4", other)
    assert a.observation(1) == b.observation(1) and a.position() != b.position()
    assert review(a, seat=1, budget=BUDGET).decisions == review(b, seat=1, budget=BUDGET).decisions


def test_the_same_seed_gives_the_same_review_and_another_seed_its_own_worlds():
    g = random_game(5, moves=30)
    one, again = review(g, seat=0, budget=BUDGET, seed=3), review(g, seat=0, budget=BUDGET, seed=3)
    assert one.decisions == again.decisions and one.decisions
    assert review(g, seat=0, budget=BUDGET, seed=4).decisions != one.decisions


def test_reasons_name_real_flags_and_cards():
    g = random_game(8, moves=40)
    for d in review(g, budget=BUDGET).decisions:
        assert all(1 <= f <= 9 for f in d.flags)
        for f in d.flags:
            assert f"flag {f}" in d.reason and f"フラッグ{f}" in d.reason_ja
        for move in {d.played, d.best}:
            m = Move.parse(move)
            if m.kind == "play" and m.card < 60:
                assert m.card.name if hasattr(m.card, "name") else True
        assert 0 <= d.chance_played <= 1 and 0 <= d.chance_best <= 1
        assert d.loss == pytest.approx(max(0.0, d.chance_best - d.chance_played), abs=1e-4)
        assert d.label == "best" or d.label == label_of(d.loss)


def test_the_review_streams_and_can_be_cancelled():
    g = random_game(9, moves=40)
    stream = reviewing.iter_review(g, budget=BUDGET)
    first = next(stream)
    stream.close()
    with pytest.raises(StopIteration):
        next(stream)
    assert first == review(g, budget=BUDGET).decisions[0]
    seen = []
    review(g, seat=1, budget=BUDGET, progress=lambda done, total: seen.append((done, total)))
    assert seen and seen[-1][0] == seen[-1][1] and [d for d, _ in seen] == list(range(1, len(seen) + 1))


def test_a_record_text_reviews_as_its_game():
    g = random_game(4, moves=20)
    assert review(g.record(), budget=BUDGET).to_json() == review(g, budget=BUDGET).to_json()


def test_to_text_and_to_json():
    r = review(played("B1@4"), budget=BUDGET)
    text = r.to_text()
    assert "1. south B1@4" in text and "Best was R10@3" in text and "??" in text or "?" in text
    data = json.loads(json.dumps(r.to_json()))
    assert data["decisions"][0]["best"] == "R10@3" and data["summary"]["south"]["decisions"] == 1
    assert "最善は R10@3" in r.to_text("ja")


def test_a_hint_is_the_winning_move_with_its_reason():
    h = reviewing.hint(Game.from_position(WIN_IN_ONE), budget=BUDGET)
    assert h.is_hint and h.best == "R10@3" and h.chance_best == 1.0 and "won" in h.reason
    claim = Game.from_position(WIN_IN_ONE.replace("turn south play", "turn south play").replace(
        "flag 3: north G3 | south R8 R9", "flag 3: north G3 | south R8 R9 R10").replace("hand south: R10 B1 B2",
                                                                                         "hand south: B1 B2"))
    assert reviewing.hint(claim, budget=BUDGET).best == "claim 3"


@pytest.mark.parametrize("bad, words", [
    ({"seat": 2}, "seat is 0"), ({"seat": "east"}, "seat is 0"), ({"budget": 3}, "budget"),
    ({"budget": 10**9}, "budget"), ({"seed": -1}, "seed"), ({"budget": 2.5}, "budget")])
def test_bad_arguments_are_refused_clearly(bad, words):
    with pytest.raises(ValueError, match=words):
        review(played("B1@4"), **bad)


def test_bad_games_are_refused_clearly():
    for bad in ("not json", '{"format": "chess"}', 42, None):
        with pytest.raises(ValueError):
            review(bad)


def test_the_command_line_reviews_a_record(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(played("B1@4").record())
    out = subprocess.run([sys.executable, "-m", "battleline", "review", str(path), "--seat", "south", "--json",
                          "--budget", str(BUDGET)], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    assert json.loads(out.stdout)["decisions"][0]["best"] == "R10@3"
    bad = subprocess.run([sys.executable, "-m", "battleline", "review", str(tmp_path / "missing.json")],
                         capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and "cannot read" in bad.stderr and "Traceback" not in bad.stderr


def random_game(seed: int, moves: int) -> Game:
    from battleline.standard.bots import HeuristicBot, RandomBot
    g = Game(seed=seed)
    bots = (HeuristicBot(seed=seed), RandomBot(seed=seed + 1))
    while not g.is_over() and len(g.moves) < moves:
        g.play(bots[g.to_move].choose(g.observation(g.to_move)))
    return g


def test_a_win_under_mud_names_its_four_card_formation():
    # Mud at flag 3: four cards a side. O7 completes O4-O7, provable at once, the third flag in a row.
    mud = WIN_IN_ONE.replace("flag 3: north G3 | south R8 R9", "flag 3: north Mud G3 | south O4 O5 O6").replace(
        "hand south: R10 B1 B2", "hand south: O7 B1 B2")
    g = Game.from_position(mud)
    g.play("O7@3")
    (d,) = review(g, seat=1, budget=BUDGET).decisions
    assert d.best == "O7@3" and d.label == "best" and "Wedge" in d.reason


def test_a_win_under_fog_is_named_as_a_total():
    # Fog at flag 3: only totals count. R10 makes 27, which North's G3 and any two cards cannot reach.
    fog = WIN_IN_ONE.replace("flag 3: north G3 | south R8 R9", "flag 3: north Fog G3 | south R8 R9")
    g = Game.from_position(fog)
    g.play("R10@3")
    (d,) = review(g, seat=1, budget=BUDGET).decisions
    assert d.best == "R10@3" and d.label == "best"
    assert "Fog" in d.reason and "flag 3" in d.reason and "won" in d.reason
    assert "霧" in d.reason_ja


@pytest.mark.parametrize("seat", [1.0, 0.0, True, "1"])
def test_a_seat_that_is_not_a_whole_number_or_a_name_is_refused(seat):
    """seat=1.0 compared equal to 1 and was taken; a bool is no seat either."""
    from battleline.annotation import check_seat
    with pytest.raises(ValueError, match="seat is 0 \\(north\\), 1 \\(south\\) or None"):
        check_seat(seat)
    with pytest.raises(ValueError, match="seat is 0"):
        review(played("B1@4"), seat, budget=BUDGET)


@pytest.mark.parametrize("bad", [None, 42, "text", {"format": "battleline-record"}])
def test_a_bad_hint_names_the_hint_not_a_review(bad):
    import battleline
    with pytest.raises(ValueError, match="^a hint takes a Game or an AncientGame, not "):
        battleline.hint(bad)


@pytest.mark.parametrize("args, words", [(["--budget", "0"], "budget is a whole number"),
                                         (["--seed", "-1"], "seed is a whole number")])
def test_the_command_checks_its_arguments_before_reading_the_record(tmp_path, args, words, capsys):
    """A bad budget is refused before the record is read and replayed (which loads the search):
    here the record does not even exist, and the budget is what the message names."""
    from battleline.reviewing import main
    assert main([str(tmp_path / "missing.json"), *args]) == 2
    err = capsys.readouterr().err
    assert words in err and "cannot read" not in err


def test_the_readme_shows_the_review_command_with_its_real_arguments():
    import shlex
    from pathlib import Path

    from battleline.reviewing import parser
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    lines = [line.split("#")[0].split(">")[0] for line in readme.splitlines()
             if line.startswith("python -m battleline review")]
    assert lines
    for line in lines:
        args = parser().parse_args(shlex.split(line)[4:])     # exits (SystemExit) on a wrong argument
        assert args.record == "game.json"


@pytest.mark.parametrize("game", ["standard", "ancient"])
def test_the_analysis_says_whether_its_search_is_ready(game, monkeypatch):
    """What a widget reads to say "Preparing the search" while the kernel compiles."""
    import importlib
    kernel = importlib.import_module(f"battleline.{game}.kernel")
    analysis = importlib.import_module(f"battleline.{game}.reviewing")
    monkeypatch.setattr(kernel, "kernel_ready", lambda: False)
    assert analysis.search_ready() is (not kernel.compiled())
    monkeypatch.setattr(kernel, "kernel_ready", lambda: True)
    assert analysis.search_ready() is True


def opening(seed: int, moves: int) -> Game:
    from battleline.standard.bots import RandomBot
    g = Game(seed=seed)
    bot = RandomBot(seed=seed)
    for _ in range(moves):
        g.play(bot.choose(g.observation(g.to_move)))
    return g


@pytest.mark.parametrize("seed", [16, 20])
def test_the_order_of_a_hand_changes_no_review_nor_hint(seed):
    # A record lists the starting hands sorted; the game dealt them in the deck's order. Before
    # the search put its candidates in hand order, these games' reviews differed (seed 16's
    # first best move, seed 20's third) with the same cards in hand.
    g = opening(seed, moves=8)
    same = Game.from_record(g.record())
    assert [sorted(g.hand(p)) for p in (0, 1)] == [sorted(same.hand(p)) for p in (0, 1)]
    assert [list(g.hand(p)) for p in (0, 1)] != [list(same.hand(p)) for p in (0, 1)]
    assert review(g, budget=16).decisions == review(same, budget=16).decisions
    start = Game(seed=seed)
    assert reviewing.hint(start, budget=16) == reviewing.hint(Game.from_record(start.record()), budget=16)


# WIN_IN_ONE without North's threat: every move of South keeps a certain win (R10 at flag 3
# next turn), and R10 at flag 3 wins at once.
SURE_WIN = WIN_IN_ONE.replace("flag 9: north P8 P9 | south -\n", "")


def test_a_certain_win_beside_a_win_at_once_says_so():
    g = played("B1@4", SURE_WIN)
    (d,) = review(g, seat=1, budget=BUDGET).decisions
    assert d.chance_played == 1.0 and d.label == "best" and d.best == "R10@3"
    assert "The best of the" not in d.reason
    assert d.reason.startswith("Both keep a certain win") and "Red 10 at flag 3 wins at once" in d.reason
    assert "すぐに勝てました" in d.reason_ja and d.flags == (3,)
    (won,) = review(played("R10@3", SURE_WIN), seat=1, budget=BUDGET).decisions
    assert won.label == "best" and "the game is won" in won.reason
    h = reviewing.hint(Game.from_position(SURE_WIN), budget=BUDGET)
    assert h.best == "R10@3" and "won" in h.reason

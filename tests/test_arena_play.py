"""The arena's referee, written once for both games against the game interface
(battleline.arena.play), one seat convention (battleline.sides) in both games' arenas, and
the same games and saved summaries as before the arena was written once (issue 41)."""

from __future__ import annotations

import hashlib
import json
import time
from pathlib import Path

import pytest

from battleline.arena import ancient as arena_ancient
from battleline.arena import standard as arena_standard
from battleline.arena.play import play_between, seat_bots
from battleline.sides import NORTH, SOUTH, Outcome

ROOT = Path(__file__).resolve().parents[1]


class Countdown:
    """A stand-in game: the seats take ``per_turn`` decisions in turn, seat 0 first, and the
    game ends after ``length`` decisions, won by seat 0."""

    def __init__(self, length: int, per_turn: int = 1):
        self.length, self.per_turn, self.actions_taken = length, per_turn, []

    @property
    def result(self):
        return Outcome(0, "counted out") if len(self.actions_taken) >= self.length else None

    @property
    def current_player(self):
        return None if self.result else len(self.actions_taken) // self.per_turn % 2

    def observation(self, seat):
        return (seat, len(self.actions_taken))

    def play(self, action):
        self.actions_taken.append(action)


class Thinker:
    """A bot that thinks ``seconds`` on the stand-in clock and keeps what it was shown."""

    def __init__(self, seconds: float, clock: list):
        self.seconds, self.clock, self.seen = seconds, clock, []

    def choose(self, obs):
        self.seen.append(obs)
        self.clock[0] += self.seconds
        return f"move {obs[1]}"


@pytest.fixture
def clock(monkeypatch):
    now = [0.0]
    monkeypatch.setattr(time, "perf_counter", lambda: now[0])
    return now


def test_each_seat_is_shown_its_own_observation_and_timed_apart(clock):
    game = Countdown(5)
    bots = [Thinker(1.0, clock), Thinker(3.0, clock)]
    played = play_between(game, bots, max_decisions=10, timed=lambda g: len(g.actions_taken) > 0)
    assert bots[0].seen == [(0, 0), (0, 2), (0, 4)] and bots[1].seen == [(1, 1), (1, 3)]
    assert played.times == ([1.0, 1.0], [3.0, 3.0])            # the first decision is not timed
    assert played.decisions == 5 and game.actions_taken == [f"move {n}" for n in range(5)]


def test_the_decisions_of_a_player_turn_are_summed_for_its_seat(clock):
    game = Countdown(6, per_turn=2)
    played = play_between(game, [Thinker(1.0, clock), Thinker(3.0, clock)], max_decisions=10,
                          turn_of=lambda g: len(g.actions_taken) // 2)
    assert played.turn_times == ([2.0, 2.0], [6.0])


def test_the_arena_may_stop_a_game_and_a_game_without_end_is_a_bug(clock):
    game = Countdown(9)
    played = play_between(game, [Thinker(1.0, clock), Thinker(1.0, clock)], max_decisions=20,
                          stop=lambda g: len(g.actions_taken) == 3)
    assert played.decisions == 3 and game.result is None
    with pytest.raises(RuntimeError, match="deal 4: the game did not end in 2 decisions"):
        play_between(Countdown(9), [Thinker(1.0, clock), Thinker(1.0, clock)], max_decisions=2,
                     label="deal 4: the game")


def test_bots_are_seeded_by_the_deal_and_seated_by_the_game():
    made = []
    bots = seat_bots(lambda spec, seed: made.append(spec) or (spec, seed), "A", "B", deal=7, a_seat=1, seat_a=SOUTH)
    assert bots[SOUTH] == ("A", 15) and bots[NORTH] == ("B", 14) and made == ["A", "B"]


@pytest.mark.parametrize("a_seat, side", [(0, "south"), (1, "north")])
def test_ancient_seats_are_the_sides_ones_and_a_saved_a_seat_keeps_its_meaning(monkeypatch, a_seat, side):
    """Ancient runs were saved with a_seat 0 for bot A in the south: bot A is shown south's
    observation in that battle, and sits at ``SOUTH`` (1) in the sides' numbering."""
    real = arena_ancient.ancient_bot
    sides_seen = {"easy": set(), "medium": set()}

    class Spy:
        def __init__(self, spec, seed=None):
            self.spec, self.bot = spec, real(spec, seed=seed)

        def __getattr__(self, name):
            return getattr(self.bot, name)

        def choose(self, obs):
            sides_seen[self.spec].add(obs.side)
            return self.bot.choose(obs)

    monkeypatch.setattr(arena_ancient, "ancient_bot", Spy)
    monkeypatch.setattr(arena_ancient, "MAX_TURNS", 2)          # two turns say it
    arena_ancient.play_battle("easy", "medium", deal=2, a_seat=a_seat, scenario="issus")
    assert sides_seen["easy"] == {side} and sides_seen["medium"] == {"south", "north"} - {side}
    assert arena_ancient.seat_of_a(a_seat) == (SOUTH if side == "south" else NORTH)


# What the arena played and read back before it was written once (commit b1a9296): each game's
# result, and a digest of its actions in order.
SAME_GAMES = [
    ("standard", ("medium", "easy", 20, 0), {}, "a", "envelopment", "180b4828e14e5ab1"),
    ("standard", ("medium", "easy", 20, 1), {}, "a", "breakthrough", "8413c850caef2fb5"),
    ("standard", ("greedy", "medium", 7, 1), {"rules": "advanced"}, "a", "envelopment", "96ec3c902479ce8c"),
    ("ancient", ("medium", "easy", 42, 0), {"scenario": "all"}, "a", "leader", "cd7c5240d8c93117"),
    ("ancient", ("easy", "medium", 51, 0), {"scenario": "points"}, "b", "casualties", "b37d7e27f5831310"),
    ("ancient", ("easy", "easy", 42, 1), {"scenario": "all"}, "a", "leader", "1914ace738a4d12f"),
]


@pytest.mark.parametrize("game, args, options, winner, reason, digest", SAME_GAMES)
def test_the_same_deal_plays_the_same_game_move_for_move(monkeypatch, game, args, options, winner, reason, digest):
    from battleline.ancient import AncientGame
    from battleline.standard.game import Game
    actions = []
    for cls in (Game, AncientGame):
        monkeypatch.setattr(cls, "play", lambda self, action, real=cls.play: actions.append(str(action)) or real(self, action))
    play = arena_standard.play_game if game == "standard" else arena_ancient.play_battle
    r = play(*args, **options)
    assert (r.winner, r.reason) == (winner, reason)
    assert hashlib.sha256("\n".join(actions).encode()).hexdigest()[:16] == digest


SAVED = [
    ("medium-vs-greedy.jsonl.gz", "standard", "d5e5992fe0d8f913", "caa86731ceb9de09"),
    ("ancient-medium-vs-easy-v2.jsonl.gz", "ancient", "f27eb019fbaa8c66", "6dff40cf3ac964db"),
    ("ancient-planner-vs-medium-points.jsonl.gz", "ancient", "0cdb892c1c4dcfd9", "cd92d44865f90a9d"),
]


@pytest.mark.parametrize("name, game, summary_digest, report_digest", SAVED)
def test_saved_runs_read_back_to_the_same_summary_and_report(name, game, summary_digest, report_digest):
    """``--combine FILE --json`` and the report of runs saved in docs/arena, byte for byte."""
    module = arena_standard if game == "standard" else arena_ancient
    combine = module.combine if game == "standard" else module.combine_ancient
    s = combine([str(ROOT / "docs" / "arena" / name)])
    digest = lambda text: hashlib.sha256(text.encode()).hexdigest()[:16]   # noqa: E731
    assert (digest(json.dumps(s)), digest(module.report(s))) == (summary_digest, report_digest)

"""Replay, review, hints, and saving and loading, in the Ancient Battles widget.

- :class:`AncientReplay`: a battle's record stepped through; each position is rebuilt from
  the record's start by replaying its actions (the dice come again from the record's
  stream: never read from the live battle).
- :class:`ReplayBattle`: a battle controller frozen on one position, seen from one side: the
  view of the live battle (:func:`.view.battle_view`) draws it, with nothing to act on.
- :class:`AncientStudy`: the replay on screen, the review streaming in, a hint, the record
  shown once the battle is over, a pasted record or position loaded.

The analysis is ``battleline.ancient.reviewing`` (``iter_review``, ``hint``), run in the
background as the bot is (:class:`..study.AnalysisRunner`).

>>> g = AncientGame.scenario("marathon", seed=1)
>>> for _ in range(3): g.play(g.legal_actions()[0])
>>> r = AncientReplay(g.record())
>>> r.total, r.position(3).position() == g.position()
(3, True)
"""

from __future__ import annotations

import json
from typing import Any, Protocol

from ...ancient import Action, AncientGame
from ...ancient.actions import parse_plan
from ...errors import IllegalMoveError, shorten
from ...sides import PLAYER_NAMES, side_index
from ..messages import MessageRouter
from ..study import AnalysisRunner, Cursor, HintDesk, ReviewProgress, analysis_ready, decision_view, hint_line
from ..study_panel import (MARKED, HintFlow, RecordFlow, ReplayFlow, ReviewFlow, SteppedRecord, load_pasted,
                           replay_routes, study_routes)
from .battle import BattleController, origin_of
from .view import SIDES, battle_view, target_of
from .words import AncientWords

__all__ = ["AncientReplay", "ReplayBattle", "AncientStudy", "StudyHost", "load_battle", "side_name", "plan_steps",
           "position_key"]

RECORD_FILE = "ancient-battles-record.json"


def side_name(side: Any) -> str:
    """``"south"`` or ``"north"`` for a side's name or number.

    >>> side_name(1), side_name("north")
    ('south', 'north')
    """
    return PLAYER_NAMES[side_index(side)]


class StudyHost(Protocol):
    """What :class:`AncientStudy` uses of its widget (:class:`~.shell.AncientBattlesWidget`
    is one; this module never imports the shell)."""

    words: AncientWords
    battle: BattleController
    builder: Any                # the army builder on screen, or None
    review_budget: int | None

    def refresh(self) -> None:
        """Publish the view."""


def other(side: str) -> str:
    return "north" if side == "south" else "south"


def position_key(game: AncientGame) -> tuple[str, ...]:
    """What a hint is asked for: the battle's actions so far.

    >>> position_key(AncientGame.scenario("issus", seed=1))
    ()
    """
    return tuple(str(a) for a in game.actions_played)


def squares_of(a: Action) -> list[str]:
    """The squares an action lights: what it acts with, then its target."""
    return [*origin_of(a), *([target_of(a)] if target_of(a) else [])]


def plan_steps(game: AncientGame, side: str, actions: list[Action], words: AncientWords) -> list[dict]:
    """A choice (one action, or an action step's plan) from ``game`` for ``side``, action by
    action: its number, its text, its words and its squares, each worded from what ``side``
    sees once the actions before it are played (on a copy: ``game`` is not changed).

    >>> g = AncientGame.empty(seed=1); g.put("c2", "Hoplites", "south"); g.put("d2", "Peltasts", "south")
    >>> [(s["step"], s["text"]) for s in plan_steps(g, "south", parse_plan("c2-c3, c3-c4"), AncientWords())]
    [(1, 'Move Hoplites (R4) on c2 to c3'), (2, 'Move Hoplites (R4) on c3 to c4')]
    """
    copy = AncientGame.from_position(game.position())
    steps = []
    for n, a in enumerate(actions, start=1):
        steps.append({"step": n, "action": str(a), "text": words.label(copy.observation(side), a),
                      "squares": squares_of(a)})
        if copy.outcome is None and a in copy.legal_actions():
            copy.play(a)
    return steps


def plan_words(steps: list[dict], say) -> str:
    """A plan in words, its actions numbered in order (one action: its words alone)."""
    if len(steps) == 1:
        return steps[0]["text"]
    return say("study.plan_joiner").join(say("study.plan_step", n=s["step"], action=s["text"]) for s in steps)


def plan_squares(steps: list[dict]) -> list[str]:
    """The squares of a plan in the order its actions use them (each once)."""
    out: list[str] = []
    for s in steps:
        out += [sq for sq in s["squares"] if sq not in out]
    return out


class AncientReplay(SteppedRecord):
    """An Ancient Battles record (its JSON text) to step through."""

    def __init__(self, record: str):
        self.record = record
        self.final = AncientGame.from_record(record)    # checks the whole record (PositionError)
        self.doc = json.loads(record)
        self.actions: list[Action] = self.final.actions_played
        self.record_actions = self.actions
        self.cursor_game: AncientGame | None = None
        self.lines: dict = {}      # (reader, lang) -> the move list's words, and each action's dice
        self.steps_taken_in: list[tuple] | None = None   # per action: (phase, side, turn) it was taken in

    @property
    def total(self) -> int:
        return len(self.actions)

    def start(self) -> AncientGame:
        return AncientGame.from_position(self.doc["start"])

    def step_goes_on(self, index: int, g: AncientGame) -> bool:
        """Whether ``g``, the position after ``index`` actions, is still in the action step the
        last of them was taken in (the "actions left" chip belongs to the move on screen:
        none after a melee or fire move, even with the next action step on the board)."""
        if index == 0:
            return True
        if self.steps_taken_in is None:
            start = self.start()
            self.steps_taken_in = []
            for a in self.actions:
                self.steps_taken_in.append((start.phase, start.to_act, start.turn))
                start.play(a)
        return self.steps_taken_in[index - 1] == ("actions", g.to_act, g.turn) and g.phase == "actions"

    def actors(self) -> list[str]:
        """The side that took each action."""
        return [side for side, _ in self.described(None, AncientWords())]

    def described(self, reader: str | None, words: AncientWords) -> list[tuple[str, tuple[str, dict | None]]]:
        """Per action, the side that took it and its log line with its dice, as ``reader``
        saw them (None: each action as its own side saw it, for open hands)."""
        key = (reader, words.lang)
        if key not in self.lines:
            g = self.start()
            out = []
            for a in self.actions:
                actor = g.to_act
                seen_by = actor if reader is None else reader
                before = g.observation(seen_by)
                rolls = len(g.rolls)
                g.play(a)
                line, dice = words.describe(actor, a, before, g.observation(seen_by), g.rolls[rolls:])
                if not line:
                    line = words.label(before, a)
                out.append((actor, (" ".join(line.split("\n")), dice)))
            self.lines[key] = out
        return self.lines[key]


def load_battle(text: str) -> tuple[str, Any]:
    """A pasted text read as a record (``("record", AncientReplay)``) or a position
    (``("position", AncientGame)``); a ValueError names what is wrong with it as either.

    >>> load_battle(AncientGame.scenario("issus", seed=1).position())[0]
    'position'
    """
    return load_pasted(text, AncientReplay, AncientGame.from_position)


class ReplayBattle(BattleController):
    """A battle controller on one position of a replay, seen from ``side``: nothing to
    act on, no bot to run."""

    def __init__(self, game: AncientGame, words: AncientWords, side: str, dice: dict | None):
        human = words.human
        super().__init__(game, words, human=side, bot=None)
        words.human = human   # the battle's words still say "You" and "Bot" against a bot
        self.fixed_side = side
        self.dice = dice
        self.combat_dice = dice is not None and dice.get("side") is not None

    @property
    def side(self) -> str:
        return self.fixed_side

    def covered_at_start(self) -> bool:
        return False

    def legal(self) -> list[Action]:
        return []


class AncientStudy(HintFlow, RecordFlow, ReplayFlow, ReviewFlow):
    """Replay, review, hints, save and load for one Ancient Battles widget (``host``): the
    shared flows (:mod:`..study_panel`) on the battle and its replay."""

    messages = MessageRouter("the replay", unavailable="go back to the battle first")
    game_name = "ancient"
    record_file = RECORD_FILE
    refusals = {"save": ("the record can be saved once the battle is over", None),
                "hands": ("the hands open once the battle is over", None),
                "seat": ("you review this battle from your own side", None),
                "review": ("a battle is reviewed once it is over", None),
                "no-review": ("no review is running", None)}

    def __init__(self, host: StudyHost, background: bool):
        self.host = host
        self.runner = AnalysisRunner(background)       # hints
        self.review_runner = AnalysisRunner(background)
        self.analyst = None           # the analysis module (None: battleline.ancient.reviewing)
        self.replay: AncientReplay | None = None
        self.on_screen = False        # whether the replay is on screen (else the battle)
        self.cursor: Cursor | None = None
        self.seat = "south"
        self.fixed_seat = False
        self.loaded = False
        self.hands_open = False
        self.review: ReviewProgress | None = None
        self.hints = HintDesk(self.runner, host.refresh, arrived=self.count_hint)
        self.hints_used = 0
        self.record_shown_for: Any = None
        self.message: dict | None = None

    @property
    def words(self) -> AncientWords:
        return self.host.words

    @property
    def battle(self) -> BattleController:
        return self.host.battle

    def say(self, key: str, **params) -> str:
        return self.words.say(key, **params)

    def who(self, side: str) -> str:
        """Who made a decision: ``You`` or ``Bot`` in your own battle against the bot (as
        Battle Line's review says), else the side (two people at one screen, a loaded record)."""
        if self.fixed_seat:
            return self.say("you") if side == self.seat else self.say("bot")
        return self.words.side(side)

    def need_replay(self) -> None:
        if not self.on_screen:
            raise IllegalMoveError("open the replay first")

    def need_battle(self) -> None:
        if self.on_screen:
            raise IllegalMoveError("go back to the battle first")
        if self.host.builder is not None:
            raise IllegalMoveError("build and confirm your army first")

    def show_error(self, error) -> None:
        self.message = {"kind": "error", "text": self.words.error(error)}
        self.host.refresh()

    # ------------------------------------------------------------ hints
    def hint_game(self) -> AncientGame:
        self.need_battle()
        b = self.battle
        g = b.game
        if b.thinking or g.to_act is None or g.to_act != b.side:
            raise IllegalMoveError("a hint is for your turn")
        return g

    def live_game(self) -> AncientGame:
        return self.battle.game

    @staticmethod
    def is_over(g: AncientGame) -> bool:
        return g.outcome is not None

    @staticmethod
    def position_key(g: AncientGame) -> tuple[str, ...]:
        return position_key(g)

    @staticmethod
    def analysis_copy(g: AncientGame) -> AncientGame:
        return AncientGame.from_record(g.record())

    def count_hint(self) -> None:
        """A hint was shown: the result counts it."""
        self.hints_used += 1

    def hint_view(self) -> dict | None:
        hint = None if self.on_screen else self.current_hint()
        return None if hint is None else self.shown_hint(hint, self.say, {"squares": [], "action": None, "plan": []})

    def hint_words(self, d) -> dict:
        """A hint's choice (one action, or the whole plan of an action step) in words, its
        squares lit in the order its actions use them."""
        steps = plan_steps(self.battle.game, self.battle.side, parse_plan(str(d.best)), self.words)
        return {"action": steps[0]["action"], "plan": steps, "squares": plan_squares(steps),
                "text": hint_line(d, self.say, self.words.lang, plan_words(steps, self.say))}

    # ------------------------------------------------------------ save and load
    def record_source(self) -> Any:
        if self.on_screen:
            return self.replay
        g = self.battle.game
        return g if g.outcome is not None and self.host.builder is None else None

    @staticmethod
    def read_pasted(text: str) -> tuple[str, Any]:
        return load_battle(text)

    def open_loaded_record(self, replay: AncientReplay) -> None:
        self.open(replay, loaded=True)
        self.message = {"kind": "info", "text": self.say("study.loaded_record", n=replay.total)}

    def play_loaded_position(self, game: AncientGame) -> None:
        self.close_replay()
        self.hints_used = 0
        self.host.builder = None
        self.battle.start(game)
        self.battle.message = {"kind": "info", "text": self.say(
            "study.loaded_position", side=self.words.side(game.to_act or self.battle.human))}

    # ------------------------------------------------------------ replay and review
    def replay_finished(self) -> AncientStudy:
        g = self.battle.game
        if g.outcome is None or self.host.builder is not None:
            raise IllegalMoveError("a battle is replayed once it is over")
        record = g.record()
        if self.replay is None or self.loaded or self.replay.record != record:
            self.open(AncientReplay(record), loaded=False)
        self.on_screen = True
        return self

    def open(self, replay: AncientReplay, loaded: bool) -> None:
        self.stop_review_quietly()
        b = self.battle
        own = not loaded and b.bot is not None
        self.replay, self.loaded, self.on_screen = replay, loaded, True
        self.cursor = Cursor(replay.total)
        self.seat = b.human if own else "south"
        self.fixed_seat = own
        self.hands_open = False
        self.review = None
        self.message = None

    def close_replay(self) -> None:
        self.stop_review_quietly()
        self.on_screen = False
        self.message = None
        self.host.refresh()

    @property
    def may_open_hands(self) -> bool:
        return self.replay is not None and (self.replay.final.outcome is not None or self.loaded)

    def review_analyst(self) -> Any:
        return self.analyst

    def review_progress(self, seat: str | None, analyst: Any) -> ReviewProgress:
        judged = sum(1 for s in self.replay.actors() if seat is None or s == seat)   # at most
        return ReviewProgress(judged, self.seat, side=side_name)

    def review_game(self) -> AncientGame:
        return AncientGame.from_record(self.replay.record)

    # ------------------------------------------------------------ views
    def battle_extras(self, view: dict) -> dict:
        """The study part of the live battle's view (and the hints in its result)."""
        over = view.get("outcome") is not None
        if over and self.hints_used and view["outcome"]:
            note = self.say("study.with_hints", n=self.hints_used, s="" if self.hints_used == 1 else "s")
            view["outcome"] = {**view["outcome"], "text": view["outcome"]["text"] + note}
            view["status"] = view["status"] + note
        b = self.battle
        g = b.game
        mine = not b.thinking and g.to_act is not None and g.to_act == b.side
        ready = analysis_ready("ancient", self.analyst)
        view["study"] = self.study_view(
            hint=self.hint_view(), can_hint=ready and mine and not self.hint_standing(), hints_used=self.hints_used,
            can_replay=over and bool(g.actions_played), can_review=ready and over and bool(g.actions_played),
            record_available=over, analysis=ready)
        return view

    def replay_view(self) -> dict:
        """The view of the replay on screen: the position after the chosen action, from the
        reviewing side, drawn as the live battle is."""
        words = self.words
        r = self.replay
        i = self.cursor.index
        g = r.position(i)
        seat = self.seat
        lines = r.described(None if self.hands_open else seat, words)
        dice = lines[i - 1][1][1] if i else None
        view = battle_view(ReplayBattle(g, words, seat, dice), words)
        if not r.step_goes_on(i, g):
            view["actions_left"] = None
        where = self.cursor.view(self.say)
        view["status"] = where["where"] + (": " + lines[i - 1][1][0] if i else "")
        view["log"] = []
        view["can_undo"] = False
        view["message"] = self.message
        view["hot_seat"] = False
        view["open_hands"] = self.open_hands_view(g) if self.hands_open else None
        view["replay"] = self.replay_panel(where, lines, g)
        view["study"] = self.study_view(hint=None, can_hint=False, hints_used=0, can_replay=False, can_review=False,
                                        analysis=False, record_available=True)
        return view

    def decision_words(self, d) -> tuple[dict, dict | None]:
        """A judged decision (one action, or an action step's plan) in words, and the better
        choice's squares to light (None when the choice made was the best)."""
        words = self.words
        before = self.replay.position(d.index)
        side = side_name(d.seat)
        played = plan_steps(before, side, parse_plan(str(d.played)), words)
        best = (plan_steps(before, side, parse_plan(str(d.best)), words)
                if d.label in MARKED and d.best is not None else None)
        decision = decision_view(d, self.say, words.lang, self.who(side), plan_words(played, self.say),
                                 None if best is None else plan_words(best, self.say))
        decision["plan"] = played
        better = None if best is None else {"action": best[0]["action"], "plan": best, "squares": plan_squares(best)}
        return decision, better

    def open_hands_view(self, g: AncientGame) -> dict:
        """What the other side holds (its Tactics cards and reserve), once hands are open."""
        theirs = other(self.seat)
        obs = g.observation(theirs)
        return {"side": theirs, "hand": [self.words.card(c) for c in obs.hand],
                "reserve": [self.words.card(c) for c in obs.reserve[theirs]]}

    def replay_panel(self, where: dict, lines: list, g: AncientGame) -> dict:
        words = self.words
        review = self.review
        moves = self.move_list([(actor, text) for actor, (text, _) in lines])
        decision = None
        better = None
        i = where["index"]
        if review is not None and i and (i - 1) in review.decisions:
            try:
                decision, better = self.decision_words(review.decisions[i - 1])
            except Exception as e:  # noqa: BLE001 (an answer of the analysis the view cannot word)
                decision = {"index": i - 1, "mark": "", "kind": None, "label": "", "better": None, "plan": [],
                            "played": self.say("study.review_failed", text=f"{type(e).__name__}: {shorten(str(e))}")}
            self.replay.position(i)   # the cursor back on the position on screen
        if review is not None:
            review.seat = self.seat
        return self.panel(where, moves, decision, better, seat=self.seat,
                          seats=[{"id": s, "label": words.side(s)} for s in SIDES], who=self.who(self.seat))


study_routes(AncientStudy.messages, AncientStudy)
replay_routes(AncientStudy.messages, AncientStudy, SIDES)

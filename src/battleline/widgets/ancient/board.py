"""The analysis board in the Ancient Battles widget: what the game-neutral
:class:`..board.BoardController` needs of Ancient Battles (the field drawn as in the live
battle, from the side to act's observation; actions in words; each shot's and attack's
results, with their exact chances, to choose from), the field's clicks (:class:`FieldClicks`:
a branch move is played as the battle is, by clicking units, squares and the battle's
buttons), and the widget's host side (what "Analyse" opens on, a review's marked decision
and its better plan).

>>> from battleline.ancient import AncientGame
>>> g = AncientGame.empty(seed=1); g.put("c2", "Peltasts", "south"); g.put("c3", "Chariots", "north")
>>> g.play("end actions")
>>> fight = [a for a in FieldAdapter(AncientWords()).legal(g) if a["action"] == "fire c2-c3"][0]
>>> [o["text"] for o in fight["outcomes"]]
['no effect (67%)', 'c3 disrupted (33%)']
"""

from __future__ import annotations

from typing import Any

from ...ancient import Action, AncientGame
from ...annotation import Review, check_budget
from ...ancient.actions import parse_plan
from ...errors import IllegalMoveError
from ...sides import PLAYER_NAMES, side_index
from ..board import BoardController
from ..messages import MessageRouter, Text
from ..study import percent
from .study import MARKED, ReplayBattle
from .view import battle_view
from .words import AncientWords

__all__ = ["FieldAdapter", "BranchBattle", "FieldClicks", "AncientBoardHosting"]


class BranchBattle(ReplayBattle):
    """The battle view's choosing on the board's position: the side to act's legal actions
    offered on the field as in the battle (units to choose, squares to click, buttons), the
    choice made (a chosen card, a combined attack, the rules shown) kept while the board
    stays on one position. It plays nothing itself: :class:`FieldClicks` plays on the board."""

    def __init__(self, words: AncientWords):
        super().__init__(AncientGame.empty(), words, "south", None)
        self.played = -1     # how many actions self.game had when the choice was made

    def on(self, game: AncientGame, side: str) -> "BranchBattle":
        """Show ``game`` as ``side`` sees it; a choice made on another position is dropped
        (the board plays on its game in place, and rebuilds it when the cursor moves)."""
        if game is not self.game or len(game.actions_played) != self.played:
            self.selected, self.group, self.inspected = None, [], None
        self.game, self.fixed_side, self.played = game, side, len(game.actions_played)
        return self

    def legal(self) -> list[Action]:
        g = self.game
        return [] if g.outcome is not None or g.to_act != self.side else g.legal_actions()


class FieldAdapter:
    """Ancient Battles' part of the analysis board."""

    game = "ancient"      # its analysis: battleline.ancient.reviewing

    def __init__(self, words: AncientWords):
        self.words = words
        self.branch = BranchBattle(words)

    def draw(self, game: AncientGame, seat: int) -> dict:
        """The field as ``seat`` (the side to act) sees it, its legal actions offered on the
        field as in the battle (and in the board's panel); a fight offered on the field
        carries its results to choose (``outcomes``, as the panel's)."""
        side = PLAYER_NAMES[seat]
        view = battle_view(self.branch.on(game, side), self.words)
        for choice in view["choices"]:
            if choice["kind"] in ("fire", "attack"):
                choice["outcomes"] = self.outcomes(game, Action.parse(choice["action"]))
        view.update({"log": [], "can_undo": False, "message": None, "hot_seat": False, "cover": None,
                     "study": None, "mode": "board",
                     "status": self.result_words(game) if game.outcome is not None
                     else self.words.say("board.to_move", side=self.words.side(side))})
        return view

    def action_words(self, game: AncientGame, action: Any) -> str:
        side = game.to_act or "south"
        return self.words.label(game.observation(side), Action.parse(str(action)))

    def legal(self, game: AncientGame) -> list[dict]:
        obs = game.observation(game.to_act)
        out = []
        for a in game.legal_actions():
            out.append({"action": str(a), "text": self.words.label(obs, a), "outcomes": self.outcomes(game, a)})
        return out

    def outcomes(self, game: AncientGame, action: Action) -> list[dict]:
        """A shot's or an attack's results to choose (their index in ``chance_outcomes``)."""
        outcomes = game.chance_outcomes(action) if action.kind in ("fire", "attack") else ()
        return [{"result": i, "text": self.outcome_words(o)} for i, o in enumerate(outcomes)]

    def outcome_words(self, outcome: Any) -> str:
        say = self.words.say
        effects = [say(f"board.effect.{what}", square=square) for square, what in outcome.result]
        return say("board.result", effects=", ".join(effects) or say("board.effect.none"),
                   chance=percent(outcome.probability))

    def side_name(self, seat: int | None) -> str:
        return "" if seat is None else self.words.side(PLAYER_NAMES[seat])

    def decision_words(self, game: AncientGame, text: str) -> str:
        """A plan or a fight action of the side to act in ``game``, in words (as a review says it)."""
        from ...ancient.reviewing import action_words
        return action_words(game.observation(game.to_act), text, self.words.lang)

    def result_words(self, game: AncientGame) -> str:
        return self.words.say(f"reason.{game.outcome.reason}")

    def error_words(self, error: Any) -> str:
        return self.words.error(error)


class FieldClicks:
    """The field's clicks on the Ancient analysis board: the battle view's own intents
    (``select``, ``act``, ``join``, ``leave``, ``inspect``, ``dismiss``) for the position at
    the board's cursor. Python judges each click with the battle's rules of choosing
    (:class:`BranchBattle`); an action is played on the board (``board.play``: rolled on the
    board's dice), a fight's chosen result by ``board_result``. A refused click changes
    nothing and is said in the board's panel.

    >>> from battleline import AncientBattlesWidget
    >>> g = AncientGame.empty(seed=1); g.put("e2", "Heavy Cavalry", "south")
    >>> w = AncientBattlesWidget(g, opponent=None); w.reveal(); w.board.level = "easy"
    >>> w.handle_message({"type": "board_open", "seed": 1})
    >>> w.board_clicks.select("e2"); w.board_clicks.act("e2-e3")
    >>> [r["action"] for r in w.view["board"]["rows"]], g.cell("e2") is not None
    (['e2-e3'], True)
    """

    messages = MessageRouter("the analysis board", unavailable="go back to the game first")

    def __init__(self, board: BoardController, branch: BranchBattle):
        self.board = board
        self.branch = branch

    def here(self) -> BranchBattle:
        """The choosing on the position at the cursor (as its side to act sees it)."""
        game = self.board.need().game()
        return self.branch.on(game, game.to_act or self.branch.side)

    def done(self) -> None:
        self.board.message = None
        self.board.host.refresh()

    @messages.on("select", square=Text(optional=True, nullable=True), card=Text(optional=True, nullable=True))
    def select(self, square: str | None = None, card: str | None = None) -> None:
        """Choose a unit (a square), a reserve or Tactics card; neither: drop the choice."""
        if square is not None and card is not None:
            raise ValueError("select takes a square or a card, not both")
        self.here().select(square if square is not None else card)
        self.done()

    @messages.on("act", action=Text())
    def act(self, action: str) -> None:
        """Play an action the field offered (a fight: its dice rolled) on the board."""
        self.here()
        self.board.play(action)

    @messages.on("join", square=Text())
    def join(self, square: str) -> None:
        """Add the card on ``square`` to the chosen card's combined attack."""
        self.here().join(square)
        self.done()

    @messages.on("leave", square=Text())
    def leave(self, square: str) -> None:
        """Take the card on ``square`` out of the combined attack."""
        self.here().leave(square)
        self.done()

    @messages.on("inspect", square=Text(optional=True, nullable=True))
    def inspect(self, square: str | None = None) -> None:
        """The rules of the card on ``square`` (None: close them)."""
        self.here().inspect(square)
        self.done()

    @messages.on("dismiss")
    def dismiss(self) -> None:
        """Close the board's message."""
        self.done()


class AncientBoardHosting:
    """A mixin of :class:`~.shell.AncientBattlesWidget`: the board's host side."""

    def board_start(self) -> tuple[Any, int | None, int | None, str]:
        """The battle, action index, viewer and origin "Analyse" opens on now."""
        study = self.study
        if study.on_screen:
            final = study.replay.final
            return final, study.cursor.index, None if final.outcome is not None else side_index(study.seat), "replay"
        if self.builder is not None:
            raise IllegalMoveError("build and confirm your army first")
        b = self.battle
        if b.thinking or b.cover:
            raise IllegalMoveError("the board opens on your turn, or once the battle is over")
        g = b.game
        return g, None, None if g.outcome is not None else side_index(b.side), "game"

    def board_decision(self, index: int | None) -> tuple[Any, list[str]]:
        """The review's marked decision at action ``index`` (None: the one on screen) and its
        better plan, action by action."""
        study = self.study
        if not study.on_screen or study.review is None:
            raise IllegalMoveError("the line is shown for a move the review marked: review the battle first")
        i = study.cursor.index - 1 if index is None else index
        d = study.review.decisions.get(i)
        if d is None or d.label not in MARKED or d.best is None:
            raise IllegalMoveError(f"action {i + 1} has no better choice marked by the review")
        return d, [str(a) for a in parse_plan(str(d.best))]

    def practice_review(self) -> tuple[Any, Review, int]:
        """The replay's battle, its finished review (its budget, seed 0) and the side reviewed."""
        study = self.study
        if not study.on_screen or study.review is None or study.review.state == "running":
            raise IllegalMoveError("practise once the review has finished", rule="practice-no-review")
        from ...ancient.reviewing import BUDGET
        decisions = [study.review.decisions[i] for i in sorted(study.review.decisions)]
        seat = side_index(study.seat)
        review = Review("ancient", [str(a) for a in study.replay.actions], [], decisions, seat=seat,
                        budget=check_budget(self.review_budget, BUDGET), seed=0)
        return study.replay.final, review, seat

    def board_shown(self, on: bool) -> None:
        if not on and not self.study.on_screen:
            self.refresh()
            self.battle.maybe_bot()

    def board_entry(self) -> dict:
        """What the battle's and the replay's views offer of the board."""
        study = self.study
        b = self.battle
        can = study.on_screen or (self.builder is None and not b.thinking and not b.cover)
        line = False
        if study.on_screen and study.review is not None:
            d = study.review.decisions.get(study.cursor.index - 1)
            line = d is not None and d.label in MARKED and d.best is not None
        return {"can_analyse": can, "can_line": line, "can_practise": study.on_screen and self.board.practice.available(),
                "words": {"analyse": self.words.say("board.analyse"), "line": self.words.say("board.line"),
                          "practise": self.words.say("practice.start")}}

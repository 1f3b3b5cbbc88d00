"""The Ancient Battles anywidget shell: command an army by clicking, see the odds, roll.

Python is the single source of truth. The widget holds the battle's controller
(:mod:`.battle`) and, in a points battle until the army is confirmed, the army
builder (:mod:`.builder`); it routes each browser message to the typed handler of
the one on screen (:mod:`..messages`) and publishes one synced trait, ``view``
(:mod:`.view`, built only from the observation of the side on screen).
``docs/widget.md`` describes the protocol.

>>> w = AncientBattlesWidget(scenario="marathon", opponent="easy", seed=2)
>>> w.view["phase"], w.view["width"]
('deploy', 7)
>>> w.select("R1"); sorted(c["square"] for c in w.view["choices"])[:3]
['a1', 'b1', 'c1']
"""

from __future__ import annotations

import html
import pathlib
from typing import Any

import anywidget
import traitlets

from ...ancient import Action, AncientGame, Army
from ...errors import IllegalMoveError, shorten
from ..kernel import in_kernel
from ..messages import answer_safely, dispatch
from .battle import STEP_DELAY, BattleController, opponent_bot
from .builder import COLOURS, ArmyBuilder
from .study import AncientStudy
from ..board import BoardController
from .board import AncientBoardHosting, FieldAdapter, FieldClicks
from .view import SIDES, battle_view
from .words import AncientWords

__all__ = ["AncientBattlesWidget"]

STATIC = pathlib.Path(__file__).parents[2] / "static"


class AncientBattlesWidget(AncientBoardHosting, anywidget.AnyWidget):
    """Ancient Battles in a notebook cell.

    ``AncientBattlesWidget(game=None, *, scenario="issus", side="south", opponent="medium",
    advanced=(), lang="en", names="ancient", seed=None)``: ``game`` shows and plays on from a
    built or scripted battle (else ``scenario`` is set up); ``side`` is the human's side;
    ``opponent`` a bot level, a bot object (``choose(observation)``) or None (two people at
    one screen: the view follows the side to act).

    >>> w = AncientBattlesWidget(scenario="issus", opponent=None, seed=1)
    >>> w.view["phase"], w.view["side"]
    ('leader', 'north')
    """

    _esm = STATIC / "ancient.js"
    _css = STATIC / "ancient.css"
    view = traitlets.Dict().tag(sync=True)

    def __init__(self, game: AncientGame | None = None, *, scenario: str = "issus", side: str = "south",
                 opponent: Any = "medium", advanced=(), lang: str = "en", names: str = "ancient",
                 seed: int | None = None, bot_seed: int | None = None, background_bot: bool | None = None,
                 step_delay: float = STEP_DELAY, review_budget: int | None = None, **kwargs) -> None:
        super().__init__(**kwargs)
        if side not in SIDES:
            raise ValueError(f"side must be 'south' or 'north', not {shorten(side)}")
        if lang not in ("en", "ja"):
            raise ValueError(f"lang is 'en' or 'ja', not {shorten(lang)}")
        if names != "ancient":
            raise ValueError(f"names: Ancient Battles uses the rulebook's names ('ancient'), not {shorten(names)}")
        if game is not None and not isinstance(game, AncientGame):
            raise ValueError(f"game must be a battleline.ancient.AncientGame, not {type(game).__name__}")
        self.words = AncientWords(lang, names)
        self.review_budget = review_budget   # play-outs a decision for reviews and hints (None: the default)
        self.seed, self.advanced = seed, advanced
        self.builder: ArmyBuilder | None = None
        if game is None and scenario == "points":
            # the player builds an army first; a stand-in game until it is confirmed
            self.builder = ArmyBuilder(self.words, on_confirm=self._army_confirmed, refresh=self.refresh)
            game = AncientGame.empty(seed=seed)
        elif game is None:
            game = AncientGame.scenario(scenario, seed=seed, advanced=advanced)
        self.battle = BattleController(game, self.words, human=side, bot=opponent_bot(opponent, seed=bot_seed),
                                       seed=seed, step_delay=step_delay, refresh=self.refresh,
                                       background_bot=in_kernel() if background_bot is None else background_bot)
        self.study = AncientStudy(self, self.battle.background_bot)
        field = FieldAdapter(self.words)
        self.board = BoardController(self, field, self.battle.background_bot)
        self.board_clicks = FieldClicks(self.board, field.branch)   # the board played on the field
        self.on_msg(self._on_msg)
        self.refresh()
        if self.builder is None:
            self.battle.maybe_bot()

    # --------------------------------------------------------------- public
    @property
    def game(self) -> AncientGame:
        """The live engine game (a stand-in while a points army is being built)."""
        return self.battle.game

    @game.setter
    def game(self, game: AncientGame) -> None:
        self.battle.game = game

    @property
    def lang(self) -> str:
        return self.words.lang

    @property
    def human(self) -> str:
        return self.battle.human

    @property
    def bot(self):
        return self.battle.bot

    @property
    def side(self) -> str:
        """The side on screen: the human's, or (two people at one screen) the side to act."""
        return self.battle.side

    def play(self, action: Action | str) -> None:
        """Play an action for the side on screen, as if clicked (raises on an illegal one).

        >>> w = AncientBattlesWidget(scenario="marathon", opponent=None, seed=1)
        >>> w.reveal(); w.play("deploy R1@a1"); w.view["log"][-1]
        'South placed a card face down on a1.'
        """
        self._need_battle()
        self.battle.act(action)

    def reveal(self) -> None:
        """Lift the screen cover between two people's turns, as the next player's click on it
        does (the cover hides both hands; :meth:`play` and :meth:`undo` are refused while it is
        down). The first side to act waits behind it too.

        >>> w = AncientBattlesWidget(scenario="issus", opponent=None, seed=1)
        >>> w.view["cover"]["text"]
        'Pass to North — click when ready'
        >>> w.reveal(); w.play(w.game.legal_actions()[0]); w.view["cover"]["text"], w.view["hand"], w.view["rows"]
        ('Pass to South — click when ready', [], [])
        >>> w.reveal(); w.view["cover"], len(w.view["rows"])
        (None, 4)
        """
        self.battle.reveal()

    def select(self, what: str | None) -> None:
        """Choose a card (a square, a reserve card or a Tactics card in hand) to see what it
        can do; None drops the choice."""
        self._need_battle()
        self.battle.select(what)

    def join(self, square: str) -> None:
        """Add the card on ``square`` to the chosen card's combined (flank) attack, as if
        clicked: the view then shows the attack's strength and its exact odds on every target
        the group may attack. Raises, naming the cards that may join, if this one may not.

        >>> g = AncientGame.empty(seed=2, advanced=("flank",))
        >>> g.put("d3", "Phalangists", "north"); g.put("d2", "Javalineers", "south")
        >>> g.put("c3", "Heavy Cavalry", "south"); g.play("end actions"); g.play("end fire")
        >>> w = AncientBattlesWidget(g, opponent=None)
        >>> w.reveal(); w.select("d2"); w.join("c3"); [c["action"] for c in w.view["choices"]]
        ['attack c3+d2-d3']
        >>> w.view["choices"][0]["strength"]["attack"]
        7
        """
        self._need_battle()
        self.battle.join(square)

    def leave(self, square: str) -> None:
        """Take the card on ``square`` out of the combined attack being built."""
        self._need_battle()
        self.battle.leave(square)

    def undo(self) -> None:
        """Take back your last player turn (and the bot's turn after it). The dice stream and
        the Tactics deck order are renewed, so undo never shows a die or card ahead."""
        self._need_battle()
        self.battle.undo()

    # --------------------------------------------------------------- replay, review, hints
    def replay(self, review: bool = False) -> None:
        """Step through the finished battle (``review``: judge it too)."""
        self.study.open_finished(review)

    def goto(self, index: int) -> None:
        """In the replay, show the position after ``index`` actions."""
        self.study.goto(index)

    def hint(self) -> dict | None:
        """Ask for a hint for your turn; returns what the view shows (in a kernel it comes
        in the background)."""
        self.study.ask_hint()
        return self.view["study"]["hint"]

    def record(self) -> str:
        """The battle's record (JSON text): the replay's, or the battle being played."""
        if self.study.on_screen:
            return self.study.replay.record
        return self.game.record()

    def load(self, text: str) -> None:
        """Load a pasted record (the replay) or position (play on from it)."""
        self.study.load(text)

    def handle_message(self, content: Any) -> None:
        """Run one message from the browser (raises on a bad one, which changes nothing): the
        army builder's kinds while an army is being built, the battle's otherwise."""
        study = (AncientStudy.messages, self.study)
        board = (BoardController.entry, self.board)
        if self.board.is_open:
            dispatch(content, board, (BoardController.messages, self.board), (FieldClicks.messages, self.board_clicks),
                     elsewhere=[AncientStudy.messages, BattleController.messages, ArmyBuilder.messages])
        elif self.study.on_screen:
            dispatch(content, board, study, elsewhere=[BattleController.messages, ArmyBuilder.messages,
                                                       BoardController.messages])
        elif self.builder is not None:
            dispatch(content, (ArmyBuilder.messages, self.builder), elsewhere=[BattleController.messages])
        else:
            dispatch(content, study, board, (BattleController.messages, self.battle),
                     elsewhere=[ArmyBuilder.messages, BoardController.messages])

    def build_view(self) -> dict:
        """The view of what is on screen now (``view`` holds the last one published)."""
        if self.board.is_open:
            return self.board.view()
        if self.study.on_screen:
            return {**self.study.replay_view(), "board_entry": self.board_entry()}
        if self.builder is not None:
            return self.builder.view(self.human)
        return {**self.study.battle_extras(battle_view(self.battle, self.words)), "board_entry": self.board_entry()}

    def refresh(self) -> None:
        """Publish the view."""
        self.view = self.build_view()

    # --------------------------------------------------------------- internals
    def _on_msg(self, _widget, content, _buffers=None) -> None:
        answer_safely(lambda: self.handle_message(content), self._show_error,
                      went_wrong=lambda text: self.words.say("went_wrong", text=text))

    def _show_error(self, error: ValueError | str) -> None:
        """Show a refused intent (an error, or a text already worded) in the view."""
        if self.board.is_open:
            self.board.show_error(error)
            self.refresh()
            return
        if self.study.on_screen:
            self.study.show_error(error)
            return
        (self.builder or self.battle).show_error(error)

    def _need_battle(self) -> None:
        if self.builder is not None:
            raise IllegalMoveError("build and confirm your army first")

    def _army_confirmed(self, mine: Army) -> None:
        theirs = self._opponent_army(mine)
        south, north = (mine, theirs) if self.human == "south" else (theirs, mine)
        game = AncientGame.points(south, north, seed=self.seed, advanced=self.advanced)
        self.builder = None
        self.battle.start(game, self.words.say("log_points", mine=mine.points, theirs=theirs.points))

    def _opponent_army(self, mine: Army) -> Army:
        """The bot's army from three colours the player's army does not use: its own
        ``build_army(colours)`` when it has one, else Heavy Cavalry to Hoplites (90 points)."""
        free = "".join([c for c in COLOURS if c not in mine.colours][:3])
        if self.bot is not None and hasattr(self.bot, "build_army"):
            return self.bot.build_army(free)
        return Army([f"{c}{v}" for c in free for v in (8, 7, 6, 5, 4)], name="the bot's army")

    # --------------------------------------------------------------- static picture
    def _repr_html_(self) -> str:
        """The field as a small HTML table (for renderers without the live widget)."""
        v = self.view
        if v.get("mode") == "builder":
            b = v["builder"]
            return (f'<div><p>{html.escape(v["status"])}</p><p>{b["points"]} of {b["budget"]} points: '
                    f'{html.escape(" ".join(c["id"] for c in b["army"]) or "no troops yet")}</p></div>')
        rows = []
        for row in v["rows"]:
            cells = []
            for sq in row:
                u = sq["unit"]
                text = "" if u is None else "▮" if u["hidden"] else (
                    f"{u['symbol']}{u['value']}{'*' if u['bow'] else ''}{'!' if u['disrupted'] else ''}")
                colour = "" if u is None else ("#dbe9ff" if u["side"] == "south" else "#ffe1d6")
                bad = "background:#d9d2c3;" if sq["terrain"] else ""
                cells.append(f'<td title="{html.escape(sq["label"])}" style="border:1px solid #888;'
                             f'width:2.6em;height:2.2em;text-align:center;{bad}'
                             f'{"background:" + colour + ";" if colour else ""}">{html.escape(text)}</td>')
            rows.append("<tr>" + "".join(cells) + "</tr>")
        return (f'<div><p>{html.escape(v["status"])}</p><table style="border-collapse:collapse">'
                + "".join(rows) + "</table></div>")

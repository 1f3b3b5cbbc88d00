"""The notebook widget: play Battle Line in JupyterLab.

Python is the single source of truth. The widget owns the engine's
:class:`~battleline.game.Game` (inside a :class:`~battleline.match.Match`),
publishes one synced trait, ``view``, built only from what the seat on screen
may know, and checks every intent the browser sends. ``docs/widget.md``
describes the protocol.

>>> w = BattleLineWidget(opponent="easy", seed=3)
>>> w.view["phase"] in ("play", "draw")
True
"""

from __future__ import annotations

import asyncio
import pathlib
from typing import Any

import anywidget
import traitlets

from . import texts
from .bots import LEVELS, bot_from_spec
from .cards import ALL_CARDS, FOG, MUD, TROOP_MASK, Card
from .editor import PositionDraft
from .formations import Formation, best, side_best
from .game import DRAW, PLAY, PLAYER_NAMES, Game
from .match import Match
from .errors import shorten
from .names import load as load_names
from .moves import IllegalMoveError, Move

__all__ = ["BattleLineWidget", "PositionEditor", "PuzzleWidget"]

STATIC = pathlib.Path(__file__).parent / "static"
OPTIONS = ("highlight_claimable", "auto_claim")
MODES = ("play", "edit", "puzzle")
SIDES = {"north": 0, "south": 1}


def kernel_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop running in this thread (a Jupyter kernel's), or None in scripts and
    tests: a bot thinks in the background only where a loop can carry its result back."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def card_json(card: Card, lang: str = "en", names: str = "ancient") -> dict:
    """The card as the browser sees it, named in the language and name set."""
    c = Card(card)
    return {
        "id": str(c),
        "name": texts.card_name(c, lang, names),
        "title": texts.card_title(c, lang, names),
        "color": c.color,
        "value": c.value,
        "kind": c.kind,
        "label": texts.card_label(c, lang, names),
    }


def move_json(m: Move) -> dict:
    return {"kind": m.kind, "card": None if m.card is None else str(m.card), "flag": m.flag,
            "deck": m.deck, "text": str(m)}


class BattleLineWidget(anywidget.AnyWidget):
    """Battle Line in a notebook cell.

    ``BattleLineWidget(game=None, *, opponent="hard", seat=1, rules="standard", seed=None,
    lang="en", names="ancient")``: ``opponent`` is a bot level (``"easy"``, ``"medium"``,
    ``"hard"``), a bot object, or ``None`` for two people at one screen; ``game`` shows and
    plays on from a scripted or puzzle position; ``seat`` is the human's player (0 north,
    1 south); ``lang`` is ``"en"`` or ``"ja"``; ``names`` is ``"ancient"`` (the rulebook's
    names), ``"scifi"``, or a name set of one's own (a dict or a JSON file: see
    :mod:`battleline.names`). Both can be changed while the widget runs (``w.lang = "ja"``,
    ``w.names = "scifi"``): the whole view is worded again. :class:`PositionEditor` and
    :class:`PuzzleWidget` open the same widget in its edit and puzzle modes.
    """

    _esm = STATIC / "widget.js"
    _css = STATIC / "widget.css"
    view = traitlets.Dict().tag(sync=True)
    lang = traitlets.Unicode("en").tag(sync=True)
    """``"en"`` or ``"ja"``; setting it re-words the whole view (labels, log, status, messages)."""
    names = traitlets.Any("ancient")
    """The name set: ``"ancient"``, ``"scifi"``, a dict or the path of a JSON file (see
    ``battleline.names``; a file is read once, when set). Not synced: the browser may ask only
    for a built-in set (the ``language`` message), never for a file of the kernel's machine."""

    def __init__(self, game: Game | None = None, *, opponent: Any = "hard", seat: int = 1,
                 rules: str = "standard", seed: int | None = None, bot_seed: int | None = None,
                 background_bot: bool | None = None, lang: str = "en", names: str = "ancient",
                 mode: str = "play", draft: PositionDraft | None = None, puzzles=None, **kwargs):
        super().__init__(**kwargs)
        if seat not in (0, 1):
            raise ValueError(f"seat must be 0 (north) or 1 (south), not {shorten(seat)}")
        if game is not None and not isinstance(game, Game):
            raise ValueError(f"game must be a battleline.Game, not {type(game).__name__}")
        if mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}, not {shorten(mode)}")
        self._ready = False
        self.lang = lang
        self.names = names
        self._nameset = texts.names_of(self.names, self.lang)
        self._worded: dict = {}       # log line -> its words in the language on screen
        self.mode = mode
        self._opponent_spec = opponent
        self._bot_seed = bot_seed
        self.bot = None if opponent is None else bot_from_spec(opponent, seed=bot_seed)
        self.seat = seat
        self.rules = rules
        # The bot thinks in a worker thread on the kernel's event loop; outside a kernel
        # (scripts, tests) it moves at once unless asked otherwise.
        self.background_bot = _in_kernel() if background_bot is None else background_bot
        self.options = {name: False for name in OPTIONS}
        self._thinking = False
        self._generation = 0          # bumped by new game / undo: stale bot work is dropped
        self._cover = False
        self._log: list[str] = []
        self._log_at: list[int] = []  # moves played when each log line was written
        self._last: list[Move] = []
        self._last_claim: dict | None = None
        self._message: dict | None = None
        self._turn_starts: list[int] = []
        self._explain_flag: int | None = None
        # edit mode: the draft; play mode started from it can go back to it
        self.draft = draft if draft is not None else PositionDraft()
        self._edit_message: dict | None = None
        self._from_editor = False
        # puzzle mode
        self.puzzles = list(puzzles or [])
        self.session = None
        self.match = Match(seed=seed, rules=rules, game=game)
        self.on_msg(self._on_msg)
        self._ready = True
        if mode == "puzzle":
            if not self.puzzles:
                raise ValueError("puzzle mode needs at least one puzzle")
            self._open_puzzle(0)
        elif mode == "edit":
            self._refresh()
        else:
            self._start_game()

    # --------------------------------------------------------------- public
    @property
    def game(self) -> Game:
        """The live engine game (in puzzle mode, the puzzle's)."""
        if self.mode == "puzzle" and self.session is not None:
            return self.session.game
        return self.match.game

    @property
    def hot_seat(self) -> bool:
        return self.bot is None

    def play(self, move: Move | str) -> None:
        """Play a move for the player to move, as if clicked (raises on an illegal move)."""
        if self.mode == "puzzle":
            self._puzzle_move(move)
            return
        self._need_mode("play", "playing a move")
        self._human_move(move, raise_errors=True)

    def new_game(self) -> None:
        """Start a new match."""
        self._need_mode("play", "a new game")
        self._generation += 1
        self.match = Match(seed=None, rules=self.rules)
        self._start_game()

    def next_game(self) -> None:
        """Start the next game of the match once this one is over."""
        self._need_mode("play", "the next game")
        if not self.game.is_over():
            raise IllegalMoveError("the game is not over yet", rule="game-not-over")
        self._generation += 1
        self.match.next_game()
        self._start_game()

    def undo(self) -> None:
        """Take back your last turn (against a bot) or the last move (hot-seat)."""
        self._need_mode("play", "undo")
        g = self.game
        if not g.moves:
            raise IllegalMoveError("there is nothing to undo", rule="nothing-to-undo")
        if self.hot_seat:
            target = len(g.moves) - 1
        else:
            starts = [t for t in self._turn_starts if t < len(g.moves)]
            if not starts:
                raise IllegalMoveError("there is none of your turns to undo", rule="nothing-to-undo")
            target = starts[-1]
        # Checked: from here on nothing can fail.
        self._generation += 1
        self._thinking = False
        at_screen = g.to_move
        while len(g.moves) > target:
            g.undo()
        # The log follows the game: lines about the moves taken back go with them.
        keep = sum(1 for n in self._log_at if n <= target)
        del self._log[keep:], self._log_at[keep:]
        if self.hot_seat:
            if g.to_move != at_screen:
                self._cover = True  # the other player's hand waits behind the screen
            self._note(self._line("undo_move"))
        else:
            self._turn_starts = [t for t in self._turn_starts if t <= target]
            self._note(self._line("undo_turn"))
        self._last = []
        self._last_claim = None
        self._message = None
        self._refresh()
        self._maybe_bot()

    def set_option(self, name: str, value: bool) -> None:
        if name not in OPTIONS:
            raise ValueError(f"unknown option {shorten(name)}: expected one of {', '.join(OPTIONS)}")
        if not isinstance(value, bool):
            raise ValueError(f"option {name} takes true or false, not {shorten(value)}")
        self.options[name] = value
        self._auto_claims()
        self._refresh()

    def explain(self, flag: int | None) -> dict | None:
        """Explain ``flag`` from the seat on screen (None closes the explanation);
        returns what the view shows."""
        if flag is not None:
            if isinstance(flag, bool) or not isinstance(flag, int) or not 1 <= flag <= 9:
                raise ValueError(f"flags are numbered 1 to 9, not {shorten(flag)}")
            if self.mode == "edit":
                raise IllegalMoveError("explanations are for a game or a puzzle, not the editor",
                                       rule="explain-editor")
            if self.mode == "puzzle" and self.session.status == "solving":
                raise IllegalMoveError("explanations open once the puzzle is solved or shown",
                                       rule="explain-puzzle")
        self._explain_flag = flag
        self._refresh()
        return self.view.get("explain")

    # ------------------------------------------------------------ editor
    def edit(self) -> None:
        """Go (back) to the position editor, with the draft as it was."""
        if self.mode == "puzzle":
            raise ValueError("a puzzle cannot be edited here: open it with PositionEditor(puzzle.position)")
        self._generation += 1
        self._thinking = False
        self.mode = "edit"
        self._edit_message = None
        self._refresh()

    def play_from_editor(self, opponent: Any = "hard") -> None:
        """Start a game at the editor's position: you take the side to move against
        ``opponent`` (a level), or two people play at one screen (None)."""
        self._need_mode("edit", "playing from the editor")
        if opponent is not None and (not isinstance(opponent, str) or opponent not in LEVELS):
            raise ValueError(f"opponent must be one of {', '.join(LEVELS)} or null, not {shorten(opponent)}")
        game = self.draft.game()
        self._opponent_spec = opponent
        self.bot = None if opponent is None else bot_from_spec(opponent, seed=self._bot_seed)
        self.seat = self.draft.to_move
        self.rules = self.draft.rules
        self._generation += 1
        self.match = Match(seed=None, rules=self.draft.rules, game=game)
        self.mode = "play"
        self._from_editor = True
        self._start_game()

    def _edit(self, content: dict) -> None:
        kind = content["type"]
        d = self.draft
        if kind == "edit_place":
            self._edit_place(content)
            self._edit_message = None
        elif kind == "edit_claim":
            player = content.get("player")
            d.claim(content.get("flag"), None if player is None else self._side(player))
            self._edit_message = None
        elif kind == "edit_set":
            if "to_move" in content:
                d.set_turn(self._side(content["to_move"]))
            if "rules" in content:
                d.set_rules(content["rules"])
            self._edit_message = None
        elif kind == "edit_load":
            text = content.get("text")
            if not isinstance(text, str):
                raise ValueError("edit_load needs 'text', a position text")
            new, dropped = PositionDraft.from_text(text)
            self.draft = new
            self._edit_message = {"kind": "info", "text": self._line("ed_dropped", what=texts.Dropped(dropped))
                                  if dropped else self._line("ed_loaded")}
        elif kind == "edit_clear":
            self.draft = PositionDraft(rules=d.rules, to_move=d.to_move)
            self._edit_message = {"kind": "info", "text": self._line("ed_cleared")}
        elif kind == "edit_play":
            self.play_from_editor(content.get("opponent"))
            return
        else:
            raise ValueError(f"unknown message type {shorten(kind)}")
        self._refresh()

    def _edit_place(self, content: dict) -> None:
        card = content.get("card")
        if not isinstance(card, str):
            raise ValueError("edit_place needs 'card', a card id such as 'R7'")
        to = content.get("to")
        d = self.draft
        if to == "flag":
            d.put(card, flag=content.get("flag"), side=self._side(content.get("side")))
        elif to == "hand":
            d.put(card, hand=self._side(content.get("player")))
        elif to == "discard":
            d.put(card, discard=self._side(content.get("player")))
        elif to == "deck":
            d.put(card, deck_top=True)
        elif to == "rest":
            d.remove(card)
        else:
            raise ValueError(f"'to' must be flag, hand, discard, deck or rest, not {shorten(to)}")

    @staticmethod
    def _side(name) -> int:
        if not isinstance(name, str) or name not in SIDES:  # a list would not even hash
            raise ValueError(f"a side is 'north' or 'south', not {shorten(name)}")
        return SIDES[name]

    # ------------------------------------------------------------ puzzles
    def _open_puzzle(self, index: int) -> None:
        from .puzzles.session import PuzzleSession
        self.pindex = index
        self.session = PuzzleSession(self.puzzles[index], self.lang, self._nameset)
        self._explain_flag = None
        self._refresh()

    def _puzzle_move(self, move) -> None:
        self.session.try_move(move)
        self._after_puzzle_change()

    def _after_puzzle_change(self) -> None:
        if self.session.status == "solving":
            self._explain_flag = None
        self._refresh()

    def _puzzle(self, content: dict) -> None:
        kind = content["type"]
        s = self.session
        if kind == "move":
            text = content.get("move")
            if not isinstance(text, str):
                raise ValueError("a move message needs 'move', the move text")
            self._puzzle_move(text)
        elif kind == "puzzle_answer":
            flags = content.get("flags")
            if not isinstance(flags, list):
                raise ValueError("puzzle_answer needs 'flags', a list of flag numbers")
            s.answer_claims(flags)
            self._after_puzzle_change()
        elif kind == "puzzle_step":
            s.step()
            self._after_puzzle_change()
        elif kind == "puzzle_solution":
            s.show_solution()
            self._after_puzzle_change()
        elif kind == "puzzle_reset":
            s.reset()
            self._explain_flag = None
            self._refresh()
        elif kind == "puzzle_goto":
            n = content.get("number")
            if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= len(self.puzzles):
                raise ValueError(f"number must be a puzzle number from 1 to {len(self.puzzles)}, not {shorten(n)}")
            self._open_puzzle(n - 1)
        else:
            raise ValueError(f"{shorten(kind)} is not available in puzzle mode")

    # ------------------------------------------------------------ messages
    def _need_mode(self, mode: str, what: str) -> None:
        if self.mode != mode:
            raise ValueError(f"{what} is not available in {self.mode} mode")

    def _on_msg(self, _widget, content, _buffers=None) -> None:
        try:
            self._handle(content)
        except ValueError as e:
            self._set_error(e)
        except Exception as e:  # never a traceback in the notebook
            self._set_error(f"Something went wrong: {type(e).__name__}: {e}")

    def _set_error(self, error) -> None:
        """Show a refused intent: an exception (said by its rule in the language on screen,
        now and after a switch of language) or a text."""
        message = {"kind": "error", "text": error}
        if self.mode == "edit":
            self._edit_message = message
        elif self.mode == "puzzle":
            self.session.show_error(error)
        else:
            self._message = message
        self._refresh()

    def _handle(self, content) -> None:
        if not isinstance(content, dict):
            raise ValueError("a message must be a JSON object with a 'type'")
        kind = content.get("type")
        if not isinstance(kind, str):
            raise ValueError("a message must be a JSON object with a 'type'")
        if kind == "explain":
            self.explain(content.get("flag"))
            return
        if kind == "language":
            names = content.get("names")
            if names is not None and names not in texts.NAME_SETS:
                raise ValueError(f"names must be one of {', '.join(texts.NAME_SETS)}")
            lang = content.get("lang")
            if lang is not None and lang not in texts.LANGS:
                raise ValueError(f"lang must be one of {', '.join(texts.LANGS)}")
            self.set_language(lang, names)
            return
        if self.mode == "edit":
            if not kind.startswith("edit_"):
                raise ValueError(f"{shorten(kind)} is not available in edit mode")
            self._edit(content)
            return
        if self.mode == "puzzle":
            self._puzzle(content)
            return
        if kind == "move":
            text = content.get("move")
            if not isinstance(text, str):
                raise ValueError("a move message needs 'move', the move text")
            self._human_move(text, raise_errors=False)
        elif kind == "undo":
            self.undo()
        elif kind == "new_game":
            self.new_game()
        elif kind == "next_game":
            self.next_game()
        elif kind == "option":
            self.set_option(content.get("name"), content.get("value"))
        elif kind == "reveal":
            if not self._cover:
                raise IllegalMoveError("there is nothing to reveal", rule="nothing-to-reveal")
            self._cover = False
            self._message = None
            self._refresh()
        elif kind == "edit":
            if not self._from_editor:
                raise ValueError("this game was not started from the editor")
            self.edit()
        elif kind.startswith("edit_") or kind.startswith("puzzle_"):
            raise ValueError(f"{shorten(kind)} is not available in play mode")
        else:
            raise ValueError(f"unknown message type {shorten(kind)}")

    # -------------------------------------------------------------- turns
    def _start_game(self) -> None:
        self._thinking = False
        g = self.game
        first = self._who(g.to_move)
        mine = not self.hot_seat and g.to_move == self.seat
        verb = self._line("plays_first_you" if mine else "plays_first_other")
        self._log, self._log_at = [], []
        self._note(self._line("new_game", rules=self._line(f"rules_{g.rules}"), who=first, verb=verb))
        self._last = []
        self._last_claim = None
        self._message = None
        self._cover = False
        self._explain_flag = None
        self._turn_starts = []
        if not self.hot_seat and self.game.to_move == self.seat:
            self._turn_starts.append(len(self.game.moves))
        self._auto_claims()
        self._refresh()
        self._maybe_bot()

    def _viewer(self) -> int:
        """The seat whose view is on screen: the human, or in hot-seat the player to move;
        in a puzzle, the side the puzzle asks about."""
        if self.mode == "puzzle":
            return self.session.seat
        return self.game.to_move if self.hot_seat else self.seat

    def _who(self, player: int) -> texts.Line | texts.Player:
        if self.hot_seat:
            return texts.Player(player)
        return self._line("you") if player == self.seat else self._line("bot")

    def _say(self, key: str, **kw) -> str:
        return texts.Line(key, **kw).render(self.lang, self._nameset)

    @staticmethod
    def _line(key: str, **kw) -> texts.Line:
        """A sentence kept as words to say (in the language on screen when the view is built)."""
        return texts.Line(key, **kw)

    def _words(self, value) -> str:
        return texts.render(value, self.lang, self._nameset)

    def _log_words(self) -> list[str]:
        """The last 200 log lines in words; each line is worded once per language (a line
        never changes, so its words are kept until the language or name set changes)."""
        cache = self._worded
        if len(cache) > 2000:
            cache.clear()
        out = []
        for line in self._log[-200:]:
            text = cache.get(line)
            if text is None:
                text = cache[line] = self._words(line)
            out.append(text)
        return out

    def _name(self, card) -> str:
        return texts.card_name(card, self.lang, self._nameset)

    def _card(self, card) -> dict:
        return card_json(card, self.lang, self._nameset)

    # ------------------------------------------------------------ language
    @traitlets.validate("lang")
    def _valid_lang(self, proposal):
        texts.check(proposal["value"])
        return proposal["value"]

    @traitlets.validate("names")
    def _valid_names(self, proposal):
        value = proposal["value"]
        if isinstance(value, pathlib.Path) or (isinstance(value, str) and value not in texts.NAME_SETS):
            value = load_names(value) if str(value).lower().endswith(".json") else value  # read once
        elif isinstance(value, texts.NameSet):
            value = value.to_dict()
        texts.names_of(value, self.lang)  # a ValueError naming the bad key
        return value

    @traitlets.observe("lang", "names")
    def _reword(self, _change=None) -> None:
        self._nameset = texts.names_of(self.names, self.lang)
        self._worded = {}
        if not getattr(self, "_ready", False):
            return
        if self.session is not None:
            self.session.lang, self.session.names = self.lang, self._nameset
        self._refresh()

    def set_language(self, lang: str | None = None, names=None) -> None:
        """Switch the language and/or the name set while the widget runs (as setting
        ``w.lang`` / ``w.names`` does); a bad value changes nothing."""
        if lang is not None:
            texts.check(lang)
        if names is not None:
            texts.names_of(names, lang or self.lang)
        with self.hold_trait_notifications():
            if lang is not None:
                self.lang = lang
            if names is not None:
                self.names = names

    def _human_move(self, move, raise_errors: bool) -> None:
        g = self.game
        if g.is_over():
            raise IllegalMoveError("the game is over", rule="game-over")
        if self._thinking or (not self.hot_seat and g.to_move != self.seat):
            raise IllegalMoveError("wait: it is the bot's turn", rule="bot-turn")
        if self._cover:
            raise IllegalMoveError("pass the screen first", rule="pass-screen-first")
        m = g.parse_move(move)
        player = g.to_move
        if m.kind == "claim":
            result = g.claim(m.flag)
            self._last_claim = (result, m.flag)
            if not result:
                self._message = None  # the explanation shows with the claim, at the flag
                if raise_errors:
                    err = IllegalMoveError(f"{m}: {result.explanation}", rule="claim-failed", flag=m.flag)
                    err.claim = result
                    raise err
                self._refresh()
                return
            self._note(self._describe(player, m, result))
        else:
            g.play(m)  # raises IllegalMoveError, game unchanged
            self._note(self._describe(player, m))
            self._last_claim = None
        self._message = None
        self._after_move(player)

    def _after_move(self, player: int) -> None:
        g = self.game
        if g.is_over():
            self._note(self._result_text())
            self._refresh()
            return
        if g.to_move != player:
            if self.hot_seat:
                self._cover = True
                self._last = self._turn_moves(player)
            elif g.to_move == self.seat:
                self._turn_starts.append(len(g.moves))
        self._auto_claims()
        self._refresh()
        self._maybe_bot()

    def _note(self, line: texts.Line) -> None:
        """Add a line to the log, marked with the number of moves played."""
        self._log.append(line)
        self._log_at.append(len(self.game.moves))

    def _turn_moves(self, player: int) -> list[Move]:
        """The moves of ``player``'s last turn (for marking them on the table)."""
        out = []
        for who, move in reversed(self.game.history()):
            if who != player:
                break
            out.append(move)
        return list(reversed(out))

    def _auto_claims(self) -> None:
        g = self.game
        if not self.options["auto_claim"] or g.is_over() or self._thinking:
            return
        if not self.hot_seat and g.to_move != self.seat:
            return
        if g.phase not in g._claim_phases():
            return
        player = g.to_move
        for f in g.provable_flags():
            result = g.claim(f)
            if result:
                self._note(self._describe(player, Move.claim(f), result) + self._line("automatic"))
                if g.is_over():
                    self._note(self._result_text())
                    return

    # ---------------------------------------------------------------- bot
    def _maybe_bot(self) -> None:
        g = self.game
        if self.mode != "play" or self.hot_seat or g.is_over() or g.to_move == self.seat:
            return
        self._thinking = True
        self._refresh()
        loop = kernel_loop() if self.background_bot else None
        if loop is None:
            self._bot_turn_sync()
        else:
            loop.create_task(self._bot_turn_async(self._generation))

    def _bot_turn_sync(self) -> None:
        bot_seat = 1 - self.seat
        moves = []
        while not self.game.is_over() and self.game.to_move == bot_seat:
            m = self.bot.choose(self.game.observation(bot_seat))
            self._apply_bot_move(m, moves)
        self._bot_done(moves)

    async def _bot_turn_async(self, generation: int) -> None:
        bot_seat = 1 - self.seat
        loop = asyncio.get_running_loop()
        moves: list[Move] = []
        try:
            while not self.game.is_over() and self.game.to_move == bot_seat:
                obs = self.game.observation(bot_seat)
                m = await loop.run_in_executor(None, self.bot.choose, obs)
                if generation != self._generation:
                    return  # a new game, an undo or the editor happened meanwhile
                self._apply_bot_move(m, moves)
        except Exception as e:
            if generation != self._generation:
                return  # the failure of a game that is gone
            self._message = {"kind": "error", "text": f"The bot failed: {type(e).__name__}: {e}"}
        self._bot_done(moves)

    def _apply_bot_move(self, m: Move, moves: list[Move]) -> None:
        bot_seat = 1 - self.seat
        result = None
        if m.kind == "claim":
            result = self.game.claim(m.flag)
            if not result:
                raise IllegalMoveError(f"the bot claimed flag {m.flag} without proof", rule="bot-claim-unproved",
                                       flag=m.flag)
        else:
            self.game.play(m)
        moves.append(m)
        self._note(self._describe(bot_seat, m, result))

    def _bot_done(self, moves: list[Move]) -> None:
        self._thinking = False
        self._last = moves
        g = self.game
        if g.is_over():
            self._note(self._result_text())
        else:
            self._turn_starts.append(len(g.moves))
            self._auto_claims()
        self._refresh()

    # -------------------------------------------------------------- words
    def _describe(self, player: int, m: Move, result=None) -> texts.Line:
        """The log line of a move, kept as words to say in the language on screen."""
        who = self._who(player)
        viewer = self._viewer() if self.hot_seat else self.seat
        k = m.kind
        say = self._line
        if k == "play":
            return say("played", who=who, card=m.card, flag=m.flag)
        if k == "claim":
            if result is not None and result.formation is not None:
                return say("claimed_with", who=who, flag=m.flag, formation=result.formation)
            return say("claimed", who=who, flag=m.flag)
        if k == "draw":
            deck = say(f"deck_{m.deck}")
            if player == viewer and not self.hot_seat and self.game.hand(player):
                return say("drew_card", who=who, deck=deck, card=self.game.hand(player)[-1])
            return say("drew", who=who, deck=deck)
        if k == "return":
            deck = say("deck_troop" if m.card.is_troop else "deck_tactic")
            if player == viewer and not self.hot_seat:
                return say("returned_card", who=who, card=m.card, deck=deck)
            return say("returned", who=who, deck=deck)
        if k == "scout":
            return say("scouted", who=who, card=Card("Scout"))
        if k == "redeploy":
            if m.flag is None:
                return say("redeployed_discard", who=who, card=m.card)
            return say("redeployed", who=who, card=m.card, flag=m.flag)
        if k == "deserter":
            return say("deserter", who=who, card=m.card)
        if k == "traitor":
            return say("traitor", who=who, card=m.card, flag=m.flag)
        if k == "pass":
            return say("passed", who=who)
        return say("ended", who=who)

    def _result_text(self) -> texts.Line:
        o = self.game.outcome()
        if o.winner is None:
            return self._line("draw_result", a=o.flags[0], b=o.flags[1])
        reason = self._line(f"reason_{o.reason}")
        if not self.hot_seat and o.winner == self.seat:
            return self._line("win_you", reason=reason)
        return self._line("win_other", who=self._who(o.winner), reason=reason)

    def _claim_json(self, result, flag: int) -> dict:
        cf = result.counter_formation
        return {
            "flag": flag,
            "holds": bool(result),
            "explanation": texts.claim_explanation(result, self.lang, self._nameset),
            "counterexample": [self._card(c) for c in result.counterexample],
            "formation": texts.formation_text(cf, self.lang, self._nameset) if cf is not None else None,
        }

    def _message_json(self, message: dict | None) -> dict | None:
        if message is None:
            return None
        return {**message, "text": self._words(message["text"])}

    def _explain_json(self, flag: int, viewer: int) -> dict:
        """Flag ``flag`` in plain words, from ``viewer``'s side, using table cards only."""
        g = self.game
        say = self._say
        me, opp = viewer, 1 - viewer
        need = g.required(flag)
        fog = g.fog_at(flag)
        lines = []
        owner = g.claimed_by(flag)
        if owner is not None:
            lines.append(say("ex_claimed", flag=flag, who=say("ex_mine" if owner == me else "ex_theirs")))
        for p, key in ((me, "ex_side_mine"), (opp, "ex_side_theirs")):
            cards = g.cards_at(flag, p)
            if len(cards) >= need:
                text = _formation_text(cards, need, fog, self.lang, self._nameset)
            elif cards:
                text = say("ex_cards", cards=list(cards), n=len(cards), need=need)
            else:
                text = say("ex_empty")
            lines.append(say(key, text=text))
        env = g.environment(flag)
        if env:
            lines.append(say("ex_env", cards=[c for c, _ in env]))
        out = {"flag": flag, "lines": lines, "holds": None, "counterexample": [], "counter_formation": None}
        if owner is not None:
            return out
        theirs = [int(c) for c in g.cards_at(flag, opp)]
        if len(theirs) < need:
            unseen = TROOP_MASK & ~g._visible
            reach = best(theirs, unseen, need - len(theirs), fog, -1)
            if reach is None:
                lines.append(say("ex_reach_none"))
            else:
                form = Formation._from_result(reach, theirs)
                lines.append(say("ex_reach", formation=texts.formation_text(form, self.lang, self._nameset)))
        result = g.check_claim(flag, me)
        if len(g.cards_at(flag, me)) >= need:
            why = texts.claim_explanation(result, self.lang, self._nameset)
            lines.append(say("ex_claim_yes" if result else "ex_claim_no", why=why))
            out["holds"] = bool(result)
            out["counterexample"] = [self._card(c) for c in result.counterexample]
            cf = result.counter_formation
            out["counter_formation"] = (texts.formation_text(cf, self.lang, self._nameset)
                                        if cf is not None else None)
        return out

    # --------------------------------------------------------------- view
    def _status(self, viewer: int) -> str:
        g = self.game
        say = self._say
        if g.is_over():
            return self._words(self._result_text())
        if self._thinking:
            return say("thinking")
        if self.hot_seat and self._cover:
            return say("pass_screen", who=texts.player_name(g.to_move, self.lang))
        if not self.hot_seat and g.to_move != self.seat:
            return say("bot_to_move")
        whose = say("your") if not self.hot_seat else say("players", who=texts.player_name(g.to_move, self.lang))
        ph = g.phase
        if ph == PLAY:
            return say("turn_play", whose=whose)
        if ph == DRAW:
            if any(m.kind == "draw" for m in g.legal_moves(claims=False)):
                return say("turn_draw_claim" if g.rules == "standard" else "turn_draw", whose=whose)
            return say("turn_no_draw", whose=whose)
        n = g._scout_left
        if ph == "scout-draw":
            return say("scout_draw", n=n, s="s" if n != 1 else "")
        if ph == "scout-return":
            return say("scout_return", n=n, s="s" if n != 1 else "")
        return ""

    def _refresh(self) -> None:
        if self.mode == "edit":
            self.view = self._edit_view()
        elif self.mode == "puzzle":
            self.view = self._puzzle_view()
        else:
            self.view = self._build_view()

    def _common(self) -> dict:
        return {"version": 1, "mode": self.mode, "lang": self.lang, "names": self._nameset.name}

    def _edit_view(self) -> dict:
        d = self.draft
        card = self._card
        where = d.where
        placed = d.placed(self.lang)
        flags = []
        for f in range(1, 10):
            sides = {name: [card(c) for c in d.order if where[c] == ("flag", f, p) and c.is_formation_card]
                     for name, p in SIDES.items()}
            env = [{"card": card(c), "side": PLAYER_NAMES[where[c][2]]}
                   for c in d.order if where[c][:2] == ("flag", f) and not c.is_formation_card]
            claimed = d.claimed.get(f)
            flags.append({"number": f, **sides, "env": env,
                          "claimed": None if claimed is None else PLAYER_NAMES[claimed]})
        tops = {name: [card(c) for c in reversed(d.order) if where[c] == ("deck", k)]
                for k, name in ((0, "troop"), (1, "tactic"))}
        rest = {"troop": sum(1 for c in ALL_CARDS[:60] if c not in where),
                "tactic": sum(1 for c in ALL_CARDS[60:] if c not in where)}
        return {
            **self._common(),
            "editor": {
                "palette": [{"card": card(c), "placed": placed.get(c)} for c in ALL_CARDS],
                "flags": flags,
                "hands": {name: [card(c) for c in d.order if where[c] == ("hand", p)] for name, p in SIDES.items()},
                "discards": {name: [card(c) for c in d.order if where[c] == ("discard", p)]
                             for name, p in SIDES.items()},
                "deck_tops": tops,
                "rest": rest,
                "tactics_played": {name: d.tactics_played(p) for name, p in SIDES.items()},
                "to_move": PLAYER_NAMES[d.to_move],
                "rules": d.rules,
                "text": d.text(),
                "message": self._message_json(self._edit_message),
                "opponents": list(LEVELS),
                "opponent_labels": {level: self._say("bot_named", name=self._say(f"level_{level}"))
                                    for level in LEVELS},
            },
        }

    def _puzzle_view(self) -> dict:
        s = self.session
        p = s.puzzle
        view = self._build_view()
        view["mode"] = "puzzle"
        view["log"] = list(s.steps)
        view["can_undo"] = False
        view["can_next_game"] = False
        view["opponent"] = texts.player_name(1 - s.seat, self.lang)
        view["me"] = texts.player_name(s.seat, self.lang)
        view["puzzle"] = {
            "id": p.id, "title": p.text("title", self.lang), "level": p.level, "kind": p.kind,
            "question": p.text("question", self.lang), "status": s.status, "feedback": s.feedback,
            "steps": list(s.steps), "can_step": s.can_step,
            "can_show_solution": s.can_show_solution, "tries": s.tries,
            "number": self.pindex + 1, "total": len(self.puzzles),
        }
        return view

    def _build_view(self) -> dict:
        g = self.game
        viewer = self._viewer()
        obs = g.observation(viewer)
        me, opp = viewer, 1 - viewer
        card = self._card
        puzzle = self.mode == "puzzle"
        hidden = self.hot_seat and self._cover and not puzzle
        if puzzle:
            my_turn = bool(self.session.legal_moves()) or (
                self.session.puzzle.kind == "claims" and self.session.status == "solving")
            legal = [move_json(m) for m in self.session.legal_moves()]
        else:
            my_turn = (not g.is_over() and not self._thinking and not hidden
                       and (self.hot_seat or g.to_move == self.seat))
            legal = [move_json(m) for m in g.legal_moves()] if my_turn else []
        claims_open = my_turn and g.phase in g._claim_phases()
        claimable = set()
        if claims_open and not puzzle and self.options["highlight_claimable"]:
            claimable = set(g.provable_flags(viewer))
        flags = []
        for fv in obs.flags:
            f = fv.number
            need = fv.required
            env = []
            if fv.fog is not None:
                env.append({"card": card(ALL_CARDS[FOG]), "mine": fv.fog == me})
            if fv.mud is not None:
                env.append({"card": card(ALL_CARDS[MUD]), "mine": fv.mud == me})
            claimed = None if fv.claimed_by is None else ("mine" if fv.claimed_by == me else "theirs")
            flags.append({
                "number": f,
                "mine": [] if hidden else [card(c) for c in fv.cards[me]],
                "theirs": [] if hidden else [card(c) for c in fv.cards[opp]],
                "env": [] if hidden else env,
                "claimed": claimed,
                "required": need,
                "my_formation": None if hidden else _formation_text(fv.cards[me], need, fv.fog is not None,
                                                                    self.lang, self._nameset),
                "their_formation": None if hidden else _formation_text(fv.cards[opp], need, fv.fog is not None,
                                                                       self.lang, self._nameset),
                "claimable": f in claimable,
            })
        scores = self.match.scores if not puzzle else (0, 0)
        o = g.outcome()
        result = None
        if o is not None and not puzzle:
            winner = None if o.winner is None else ("mine" if o.winner == me else "theirs")
            result = {"winner": winner, "reason": o.reason, "text": self._words(self._result_text())}
        if self.hot_seat:
            opponent_name = texts.player_name(opp, self.lang)
        else:
            spec = self._opponent_spec
            name = (self._say(f"level_{spec}") if spec in LEVELS
                    else spec if isinstance(spec, str) else type(self.bot).__name__)
            opponent_name = self._say("bot_named", name=name)
        known = obs.opponent_known
        if puzzle and self.session.puzzle.kind == "win":
            known = tuple(g.hand(opp))  # everything is known in a win puzzle
        explain = None
        if self._explain_flag is not None and not hidden:
            explain = self._explain_json(self._explain_flag, viewer)
        view = {
            **self._common(),
            "seat": viewer,
            "me": texts.player_name(me, self.lang) if self.hot_seat else self._say("you"),
            "opponent": opponent_name,
            "hot_seat": self.hot_seat,
            "cover": hidden,
            "rules": g.rules,
            "my_turn": my_turn,
            "phase": g.phase,
            "scout_left": obs.scout_left if g.phase in ("scout-draw", "scout-return") else 0,
            "thinking": self._thinking and not puzzle,
            "status": self._puzzle_status() if puzzle else self._status(viewer),
            "flags": flags,
            "hand": [] if hidden else [card(c) for c in obs.hand],
            "opponent_hand": obs.opponent_hand_size,
            "opponent_known": [] if hidden else [card(c) for c in known],
            "decks": {"troop": obs.deck_sizes[0], "tactic": obs.deck_sizes[1]},
            "discards": {"mine": [card(c) for c in obs.discards[me]],
                         "theirs": [card(c) for c in obs.discards[opp]]},
            "tactics_played": {"mine": obs.tactics_played[me], "theirs": obs.tactics_played[opp]},
            "legal": legal,
            "last": [_public_move(m) for m in self._last] if not puzzle else [],
            "log": self._log_words(),
            "claim": self._claim_json(*self._last_claim) if self._last_claim and not puzzle else None,
            "message": self._message_json(self._message) if not puzzle else None,
            "result": result,
            "score": {"mine": scores[me], "theirs": scores[opp]},
            "options": dict(self.options),
            "can_undo": (not puzzle and bool(g.moves) and not self._thinking and (
                self.hot_seat or any(t < len(g.moves) for t in self._turn_starts))),
            "can_next_game": g.is_over() and not puzzle,
            "can_edit": self._from_editor and not puzzle,
            "explain": explain,
            **self._affordances(obs, me, claims_open, hidden, puzzle),
        }
        return view

    def _affordances(self, obs, me: int, claims_open: bool, hidden: bool, puzzle: bool) -> dict:
        """What the front end may offer besides ``legal``, decided here so that the browser
        decides no rule: a claim button on every open flag where the viewer's side is
        complete (enabled when a claim may be tried now; a claim that cannot be proved is
        answered in ``claim``), and whether flags may be explained."""
        g = self.game
        claims_puzzle = puzzle and self.session.puzzle.kind == "claims"
        buttons = []
        if not hidden and not g.is_over() and not claims_puzzle:
            for fv in obs.flags:
                if fv.claimed_by is None and len(fv.cards[me]) >= fv.required:
                    buttons.append({"flag": fv.number, "enabled": claims_open,
                                    "text": str(Move.claim(fv.number))})
        explainable = not hidden and (not puzzle or self.session.status != "solving")
        return {"claim_buttons": buttons, "explainable": explainable}

    def _puzzle_status(self) -> str:
        s = self.session
        if s.status != "solving":
            return s.feedback["text"] if s.feedback else ""
        if s.puzzle.kind == "claims":
            return self._say("pz_picks")
        if s.puzzle.kind == "win":
            n = s.turns_left
            return self._say("pz_turns", n=n, s="" if n == 1 else "s")
        return self._say("pz_solving")


class PositionEditor(BattleLineWidget):
    """The widget in edit mode: build a position card by card, check it, export it, and
    play from it.

    ``PositionEditor(position=None, *, lang="en", names="ancient")``: ``position`` is a
    :class:`~battleline.editor.PositionDraft` (a scripted setup), a position text, or a
    :class:`~battleline.game.Game`; None gives an empty board.

    >>> from battleline.editor import PositionDraft
    >>> d = PositionDraft(to_move=1); d.place("R8", flag=3, side=1)
    >>> ed = PositionEditor(d)
    >>> ed.view["editor"]["flags"][2]["south"][0]["id"]
    'R8'
    """

    def __init__(self, position: PositionDraft | str | Game | None = None, **kwargs):
        if isinstance(position, str):
            draft, _ = PositionDraft.from_text(position)
        elif isinstance(position, Game):
            draft = PositionDraft.from_game(position)
        elif position is None or isinstance(position, PositionDraft):
            draft = position
        else:
            raise ValueError("position must be a PositionDraft, a position text or a Game, "
                             f"not {type(position).__name__}")
        kwargs.setdefault("opponent", None)
        super().__init__(mode="edit", draft=draft, **kwargs)


class PuzzleWidget(BattleLineWidget):
    """The widget in puzzle mode: the question, your tries judged as you play, and the
    solution step by step.

    ``PuzzleWidget(puzzles=None, *, lang="en", names="ancient")``: one
    :class:`~battleline.puzzles.Puzzle`, a list of them, or None for every bundled puzzle.

    >>> w = PuzzleWidget()
    >>> w.view["puzzle"]["number"], w.view["puzzle"]["total"] >= 20
    (1, True)
    """

    def __init__(self, puzzles=None, **kwargs):
        from .puzzles import Puzzle, bundled
        if puzzles is None:
            puzzles = bundled()
        elif isinstance(puzzles, Puzzle):
            puzzles = [puzzles]
        puzzles = list(puzzles)
        if not puzzles or not all(isinstance(p, Puzzle) for p in puzzles):
            raise ValueError("puzzles must be a Puzzle or a non-empty list of them")
        kwargs.setdefault("opponent", None)
        super().__init__(mode="puzzle", puzzles=puzzles, **kwargs)


def _in_kernel() -> bool:
    """Whether we run inside a Jupyter kernel (whose event loop handles the widget)."""
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    return shell is not None and getattr(shell, "kernel", None) is not None


def _public_move(m: Move) -> dict:
    """A move as the other player saw it: a returned card stays hidden."""
    d = move_json(m)
    if m.kind == "return":
        d["card"] = None
        d["deck"] = "troop" if m.card.is_troop else "tactic"
        d["text"] = f"return ({d['deck']})"
    return d


def _formation_text(cards, need: int, fog: bool, lang: str = "en", names="ancient") -> str | None:
    if len(cards) < need:
        return None
    res = side_best([int(c) for c in cards], need, fog)
    return texts.formation_text(Formation._from_result(res, res[4]), lang, names)

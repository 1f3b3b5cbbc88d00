"""Play mode: a game against a bot or between two people at one screen.

The controller owns the :class:`~battleline.standard.match.Match`, the bot and what the
view remembers between moves (the log, the last turn, a claim's answer, the
hot-seat cover). Each message kind of play mode has one typed handler in
:data:`PlayController.messages`.

>>> from battleline.widgets import BattleLineWidget
>>> w = BattleLineWidget(opponent=None, seed=2)      # hot-seat: no bot
>>> w.view["cover"], w.view["hand"]                   # North's hand waits behind the screen
(True, [])
>>> w.reveal(); w.play(w.view["legal"][0]["text"]); w.view["cover"]
False
"""

from __future__ import annotations

from typing import Any

from ... import texts
from ...standard.bots import LEVELS, bot_from_spec
from ...errors import shorten
from ...standard.game import DRAW, PLAY, Game
from ...standard.match import Match
from ...standard.moves import IllegalMoveError, Move
from .host import Host
from ..messages import Boolean, Choice, MessageRouter, Text
from ..pieces import public_move_json
from ..study import hints_note
from ..turns import BotRunner, TurnLog, bot_preparing, log_reader, refresh_when_prepared, warm_up
from .table import Seat, claim_view, table_view

__all__ = ["PlayController", "OPTIONS", "option_labels"]

OPTIONS = ("highlight_claimable", "auto_claim")


def option_labels(words) -> dict[str, str]:
    """The learner options' labels in the language on screen."""
    return {name: words.say(f"option_{name}") for name in OPTIONS}


class PlayController:
    """Play mode of one widget (``host``): the match, the bot, the turns and the log (the
    log, undo and the bot's turn are the shared :mod:`battleline.widgets.turns`)."""

    messages = MessageRouter("play mode")
    bot_thinks_in_thread = True

    def __init__(self, host: Host, *, game: Game | None, opponent: Any, seat: int,
                 rules: str, seed: int | None, bot_seed: int | None, background_bot: bool):
        self.host = host
        self.words = host.wording
        self.opponent_spec = opponent
        self.bot_seed = bot_seed
        self.bot = None if opponent is None else bot_from_spec(opponent, seed=bot_seed)
        self.warm_up_bot()
        self.seat = seat
        self.rules = rules
        self.bot_turns = BotRunner(background_bot)
        self.options = {name: False for name in OPTIONS}
        self.cover = False
        self.turns = TurnLog()       # the log, and where the human's turns began (undo)
        self.last: list[Move] = []
        self.last_claim: tuple | None = None
        self.message: dict | None = None
        self.explain: int | None = None
        self.from_editor = False
        self.hints_used = 0          # hints shown in this game (the result line says so)
        self.match = Match(seed=seed, rules=rules, game=game)

    # ------------------------------------------------------------ state
    @property
    def game(self) -> Game:
        return self.match.game

    @property
    def hot_seat(self) -> bool:
        return self.bot is None

    @property
    def background_bot(self) -> bool:
        """Whether the bot thinks in the background of a kernel (else at once)."""
        return self.bot_turns.background

    @background_bot.setter
    def background_bot(self, value: bool) -> None:
        self.bot_turns.background = value

    @property
    def thinking(self) -> bool:
        """Whether the bot's turn is being played."""
        return self.bot_turns.thinking

    def is_human(self, player: int) -> bool:
        """Whether ``player`` plays at this screen (both do in hot-seat)."""
        return self.bot is None or player == self.seat

    def viewer(self) -> int:
        """The seat on screen: the human's, or in hot-seat the player to move."""
        return self.game.to_move if self.hot_seat else self.seat

    def humans_turn(self) -> bool:
        g = self.game
        return not g.is_over() and not self.thinking and self.is_human(g.to_move)

    def refresh(self) -> None:
        self.host.refresh()

    def warm_up_bot(self) -> None:
        warm_up(self.bot)
        # the status line's "preparing" note goes when the preparation ends (in a kernel)
        refresh_when_prepared(self.bot, self.refresh)

    def bot_preparing(self) -> bool:
        return bot_preparing(self.bot)

    def show_error(self, error) -> None:
        self.message = {"kind": "error", "text": error}

    def stop(self) -> None:
        """Leave play mode: a bot still thinking is ignored when it answers."""
        self.bot_turns.forget()

    def restart_from(self, game: Game, opponent: Any, from_editor: bool = True) -> None:
        """Play on from ``game`` (the editor's position, or a loaded one): the side to move
        is the human's."""
        self.opponent_spec = opponent
        self.bot = None if opponent is None else bot_from_spec(opponent, seed=self.bot_seed)
        self.warm_up_bot()
        self.seat = game.to_move
        self.rules = game.rules
        self.bot_turns.forget()
        self.match = Match(seed=None, rules=game.rules, game=game)
        self.from_editor = from_editor
        self.start_game()

    # ------------------------------------------------------------ actions (also public on the widget)
    def play(self, move: Move | str, raise_errors: bool = True) -> None:
        g = self.game
        if g.is_over():
            raise IllegalMoveError("the game is over", rule="game-over")
        if self.thinking or not self.is_human(g.to_move):
            raise IllegalMoveError("wait: it is the bot's turn", rule="bot-turn")
        if self.cover:
            raise IllegalMoveError("pass the screen first", rule="pass-screen-first")
        m = g.parse_move(move)
        player = g.to_move
        if m.kind == "claim":
            result = g.claim(m.flag)
            self.last_claim = (result, m.flag)
            if not result:
                self.message = None  # the explanation shows with the claim, at the flag
                if raise_errors:
                    err = IllegalMoveError(f"{m}: {result.explanation}", rule="claim-failed", flag=m.flag)
                    err.claim = result
                    raise err
                self.refresh()
                return
            self.note(self.describe(player, m, result))
        else:
            g.play(m)  # raises IllegalMoveError, game unchanged
            self.note(self.describe(player, m))
            self.last_claim = None
        self.message = None
        self.after_move(player)

    def new_game(self) -> None:
        self.bot_turns.forget()
        self.match = Match(seed=None, rules=self.rules)
        self.start_game()

    def next_game(self) -> None:
        if not self.game.is_over():
            raise IllegalMoveError("the game is not over yet", rule="game-not-over")
        self.bot_turns.forget()
        self.match.next_game()
        self.start_game()

    def undo(self) -> None:
        g = self.game
        if self.cover:
            # the player waiting behind the screen may not take back the other's move unseen
            raise IllegalMoveError("pass the screen first: undo is for the player at the screen",
                                   rule="pass-screen-first")
        if not g.moves:
            raise IllegalMoveError("there is nothing to undo", rule="nothing-to-undo")
        # at one screen a move at a time, against a bot the human's whole last turn
        target = len(g.moves) - 1 if self.hot_seat else self.turns.undo_target(len(g.moves))
        # Checked: from here on nothing can fail.
        self.bot_turns.forget()
        at_screen = g.to_move
        while len(g.moves) > target:
            g.undo()
        self.turns.cut(target)   # the log follows the game
        if self.hot_seat:
            if g.to_move != at_screen:
                self.cover = True  # the other player's hand waits behind the screen
            self.note(self.words.line("undo_move"))
        else:
            self.note(self.words.line("undo_turn"))
        self.last = []
        self.last_claim = None
        self.message = None
        self.refresh()
        self.maybe_bot()

    def set_option(self, name: str, value: bool) -> None:
        if name not in OPTIONS:
            raise ValueError(f"unknown option {shorten(name)}: expected one of {', '.join(OPTIONS)}")
        if not isinstance(value, bool):
            raise ValueError(f"option {name} takes true or false, not {shorten(value)}")
        self.options[name] = value
        self.auto_claims()
        self.refresh()

    def reveal(self) -> None:
        if not self.cover:
            raise IllegalMoveError("there is nothing to reveal", rule="nothing-to-reveal")
        self.cover = False
        self.message = None
        self.refresh()

    def check_explain(self, flag: int | None) -> None:
        """Explanations are offered in play mode at any time (the cover hides them)."""

    # ------------------------------------------------------------ messages
    @messages.on("move", move=Text())
    def on_move(self, move: str) -> None:
        self.play(move, raise_errors=False)

    @messages.on("undo")
    def on_undo(self) -> None:
        self.undo()

    @messages.on("new_game")
    def on_new_game(self) -> None:
        self.new_game()

    @messages.on("next_game")
    def on_next_game(self) -> None:
        self.next_game()

    @messages.on("option", name=Choice(OPTIONS), value=Boolean())
    def on_option(self, name: str, value: bool) -> None:
        self.set_option(name, value)

    @messages.on("reveal")
    def on_reveal(self) -> None:
        self.reveal()

    @messages.on("edit")
    def on_edit(self) -> None:
        if not self.from_editor:
            raise ValueError("this game was not started from the editor")
        self.host.edit()

    # ------------------------------------------------------------ turns
    def start_game(self) -> None:
        self.bot_turns.forget()
        g = self.game
        mine = not self.hot_seat and g.to_move == self.seat
        verb = self.words.line("plays_first_you" if mine else "plays_first_other")
        self.turns = TurnLog()
        self.note(self.words.line("new_game", rules=self.words.line(f"rules_{g.rules}"),
                                  who=self.who(g.to_move), verb=verb))
        self.last = []
        self.last_claim = None
        self.message = None
        # at one screen the first hand waits behind the screen too, as every later one
        self.cover = self.hot_seat and not g.is_over()
        self.explain = None
        self.hints_used = 0
        if mine:
            self.turns.mark(len(g.moves))
        self.auto_claims()
        self.refresh()
        self.maybe_bot()

    def after_move(self, player: int) -> None:
        g = self.game
        if g.is_over():
            self.note(self.result_line())
            self.refresh()
            return
        if g.to_move != player:
            if self.hot_seat:
                self.cover = True
                self.last = self.turn_moves(player)
            elif g.to_move == self.seat:
                self.turns.mark(len(g.moves))
        self.auto_claims()
        self.refresh()
        self.maybe_bot()

    def note(self, line: texts.Line) -> None:
        """Add a line to the log, marked with the number of moves played."""
        self.turns.note(line, len(self.game.moves))

    def turn_moves(self, player: int) -> list[Move]:
        """The moves of ``player``'s last turn (for marking them on the table)."""
        out = []
        for who, move in reversed(self.game.history()):
            if who != player:
                break
            out.append(move)
        return list(reversed(out))

    def auto_claims(self) -> None:
        g = self.game
        if not self.options["auto_claim"] or not self.humans_turn() or not g.claims_open():
            return
        player = g.to_move
        for f in g.provable_flags():
            result = g.claim(f)
            if result:
                self.note(self.describe(player, Move.claim(f), result) + self.words.line("automatic"))
                if g.is_over():
                    self.note(self.result_line())
                    return

    # ------------------------------------------------------------ the bot (BotTurn hooks)
    def maybe_bot(self) -> None:
        g = self.game
        if self.host.mode != "play" or g.is_over() or self.is_human(g.to_move):
            return
        self.bot_turns.start(self)

    def bot_to_act(self) -> bool:
        return not self.game.is_over() and self.game.to_move == 1 - self.seat

    def bot_observation(self):
        return self.game.observation(1 - self.seat)

    def bot_choose(self, observation) -> Move:
        return self.bot.choose(observation)

    def bot_apply(self, m: Move) -> None:
        result = None
        if m.kind == "claim":
            result = self.game.claim(m.flag)
            if not result:
                raise IllegalMoveError(f"the bot claimed flag {m.flag} without proof",
                                       rule="bot-claim-unproved", flag=m.flag)
        else:
            self.game.play(m)
        self.note(self.describe(1 - self.seat, m, result))

    def bot_pause(self, m: Move) -> None:
        return None   # the bot's moves show together, at the end of its turn

    def bot_failed(self, e: Exception) -> None:
        self.message = {"kind": "error", "text": f"The bot failed: {type(e).__name__}: {e}"}

    def bot_done(self, moves: list[Move]) -> None:
        self.last = moves
        g = self.game
        if g.is_over():
            self.note(self.result_line())
        else:
            self.turns.mark(len(g.moves))
            self.auto_claims()
        self.refresh()

    # ------------------------------------------------------------ words
    def who(self, player: int) -> texts.Line | texts.Player:
        if self.hot_seat:
            return texts.Player(player)
        return self.words.line("you") if player == self.seat else self.words.line("bot")

    def describe(self, player: int, m: Move, result=None) -> texts.Line:
        """The log line of a move, kept as words to say in the language on screen. A drawn
        or returned card is named only to its owner, and only against a bot
        (:func:`~battleline.widgets.turns.log_reader`: the screen is covered between turns)."""
        g = self.game
        reader = log_reader(self.seat, player, against_bot=not self.hot_seat, screen_cover=True)
        secret = (None if player != reader else
                  g.hand(player)[-1] if m.kind == "draw" and g.hand(player) else
                  m.card if m.kind == "return" else None)
        return texts.move_line(self.who(player), m, result, secret)

    def result_line(self) -> texts.Line:
        o = self.game.outcome()
        if o.winner is not None and not self.hot_seat and o.winner == self.seat:
            line = texts.result_line(o, None)
        else:
            line = texts.result_line(o, self.who(o.winner) if o.winner is not None else None)
        hints = hints_note(self.hints_used)
        return line if hints is None else line + hints

    def opponent_name(self, opp: int) -> str:
        if self.hot_seat:
            return texts.player_name(opp, self.words.lang)
        spec = self.opponent_spec
        name = (texts.level_name(spec, self.words.lang) if spec in LEVELS
                else spec if isinstance(spec, str) else type(self.bot).__name__)
        return self.words.say("bot_named", name=name)

    def status(self) -> str:
        g = self.game
        say = self.words.say
        if g.is_over():
            return self.words.words(self.result_line())
        if self.thinking:
            return say("thinking")
        if self.hot_seat and self.cover:
            return say("pass_screen", who=texts.player_name(g.to_move, self.words.lang))
        if not self.is_human(g.to_move):
            return say("bot_to_move")
        whose = say("your") if not self.hot_seat else say("players", who=texts.player_name(g.to_move, self.words.lang))
        turn = self.turn_status(whose)
        return f"{turn} {say('bot_preparing')}" if self.bot_preparing() else turn

    def turn_status(self, whose: str) -> str:
        """What the human to move does now, in words."""
        g = self.game
        say = self.words.say
        ph = g.phase
        if ph == PLAY:
            return say("turn_play", whose=whose)
        if ph == DRAW:
            if any(m.kind == "draw" for m in g.legal_moves(claims=False)):
                return say("turn_draw_claim" if g.claims_open() else "turn_draw", whose=whose)
            return say("turn_no_draw", whose=whose)
        n = g.observation(g.to_move).scout_left
        if ph in ("scout-draw", "scout-return"):
            return say(ph.replace("-", "_"), n=n, s="s" if n != 1 else "")
        return ""

    # ------------------------------------------------------------ the view
    def score_view(self, mine: int, theirs: int, viewer: int) -> dict:
        """The match's score, with the words that say what it counts (docs/rules.md)."""
        say, lang = self.words.say, self.words.lang
        me, opponent = ((texts.player_name(viewer, lang), texts.player_name(1 - viewer, lang)) if self.hot_seat
                        else (say("match_you"), say("match_bot")))
        text, note = say("match_points", me=me, mine=mine, opponent=opponent, theirs=theirs), say("match_points_note")
        return {"mine": mine, "theirs": theirs, "text": text, "note": note,
                "line": say("match_points_line", points=text, note=note)}

    def view(self) -> dict:
        g = self.game
        words = self.words
        viewer = self.viewer()
        hidden = self.hot_seat and self.cover
        my_turn = self.humans_turn() and not hidden
        seat = Seat(viewer=viewer, my_turn=my_turn, legal=g.legal_moves() if my_turn else [],
                    cover=hidden, highlight_claimable=self.options["highlight_claimable"],
                    explain=self.explain)
        o = g.outcome()
        result = None
        if o is not None:
            winner = None if o.winner is None else ("mine" if o.winner == viewer else "theirs")
            result = {"winner": winner, "reason": o.reason, "text": words.words(self.result_line())}
        scores = self.match.scores
        return {
            **table_view(g, seat, words),
            "option_labels": option_labels(words),
            "me": texts.player_name(viewer, words.lang) if self.hot_seat else words.say("you"),
            "opponent": self.opponent_name(1 - viewer),
            "hot_seat": self.hot_seat,
            "thinking": self.thinking,
            "status": self.status(),
            "bot_preparing": not g.is_over() and self.bot_preparing(),
            "last": [public_move_json(m) for m in self.last],
            "log": words.log(self.turns.lines),
            "claim": claim_view(*self.last_claim, words) if self.last_claim else None,
            "message": words.message(self.message),
            "result": result,
            "score": self.score_view(scores[viewer], scores[1 - viewer], viewer),
            "options": dict(self.options),
            "can_undo": bool(g.moves) and not self.thinking and not hidden and (
                self.hot_seat or self.turns.can_undo(len(g.moves))),
            "can_next_game": g.is_over(),
            "can_edit": self.from_editor,
        }

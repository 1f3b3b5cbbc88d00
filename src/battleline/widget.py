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

from .bots import bot_from_spec
from .cards import ALL_CARDS, Card
from .formations import Formation, side_best
from .game import DRAW, FLAGS, OVER, PLAY, PLAYER_NAMES, Game
from .match import Match
from .moves import IllegalMoveError, Move

__all__ = ["BattleLineWidget"]

STATIC = pathlib.Path(__file__).parent / "static"
LABELS = {"Alexander": "Alex", "Darius": "Dar", "Companion": "Comp", "Shield": "Shld",
          "Fog": "Fog", "Mud": "Mud", "Scout": "Scout", "Redeploy": "Redep", "Deserter": "Desert",
          "Traitor": "Traitor"}
OPTIONS = ("highlight_claimable", "auto_claim")


def card_json(card: Card) -> dict:
    """The card as the browser sees it."""
    c = Card(card)
    return {
        "id": str(c),
        "name": c.name,
        "title": f"{c.name}: {c.troop_name}" if c.is_troop else c.text,
        "color": c.color,
        "value": c.value,
        "kind": c.kind,
        "label": str(c.value) if c.is_troop else LABELS[str(c)],
    }


def move_json(m: Move) -> dict:
    return {"kind": m.kind, "card": None if m.card is None else str(m.card), "flag": m.flag,
            "deck": m.deck, "text": str(m)}


class BattleLineWidget(anywidget.AnyWidget):
    """Battle Line in a notebook cell.

    ``BattleLineWidget(game=None, *, opponent="hard", seat=1, rules="standard", seed=None)``:
    ``opponent`` is a bot level (``"easy"``, ``"medium"``, ``"hard"``), a bot object,
    or ``None`` for two people at one screen; ``game`` shows and plays on from a
    scripted or puzzle position; ``seat`` is the human's player (0 north, 1 south).
    """

    _esm = STATIC / "widget.js"
    _css = STATIC / "widget.css"
    view = traitlets.Dict().tag(sync=True)

    def __init__(self, game: Game | None = None, *, opponent: Any = "hard", seat: int = 1,
                 rules: str = "standard", seed: int | None = None, bot_seed: int | None = None,
                 background_bot: bool | None = None, **kwargs):
        super().__init__(**kwargs)
        if seat not in (0, 1):
            raise ValueError(f"seat must be 0 (north) or 1 (south), not {seat!r}")
        if game is not None and not isinstance(game, Game):
            raise ValueError(f"game must be a battleline.Game, not {type(game).__name__}")
        self._opponent_spec = opponent
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
        self._last: list[Move] = []
        self._last_claim: dict | None = None
        self._message: dict | None = None
        self._turn_starts: list[int] = []
        self.match = Match(seed=seed, rules=rules, game=game)
        self.on_msg(self._on_msg)
        self._start_game()

    # --------------------------------------------------------------- public
    @property
    def game(self) -> Game:
        """The live engine game."""
        return self.match.game

    @property
    def hot_seat(self) -> bool:
        return self.bot is None

    def play(self, move: Move | str) -> None:
        """Play a move for the player to move, as if clicked (raises on an illegal move)."""
        self._human_move(move, raise_errors=True)

    def new_game(self) -> None:
        """Start a new match."""
        self._generation += 1
        self.match = Match(seed=None, rules=self.rules)
        self._start_game()

    def next_game(self) -> None:
        """Start the next game of the match once this one is over."""
        if not self.game.is_over():
            raise IllegalMoveError("the game is not over yet")
        self._generation += 1
        self.match.next_game()
        self._start_game()

    def undo(self) -> None:
        """Take back your last turn (against a bot) or the last move (hot-seat)."""
        g = self.game
        if not g.moves:
            raise IllegalMoveError("there is nothing to undo")
        self._generation += 1
        self._thinking = False
        if self.hot_seat:
            g.undo()
            self._log.append("Last move taken back.")
        else:
            now = len(g.moves)
            starts = [t for t in self._turn_starts if t < now]
            if not starts:
                raise IllegalMoveError("there is none of your turns to undo")
            target = starts[-1]
            while len(g.moves) > target:
                g.undo()
            self._turn_starts = [t for t in self._turn_starts if t <= target]
            self._log.append("Your last turn was taken back.")
        self._last = []
        self._last_claim = None
        self._message = None
        self._refresh()
        self._maybe_bot()

    def set_option(self, name: str, value: bool) -> None:
        if name not in OPTIONS:
            raise ValueError(f"unknown option {name!r}: expected one of {', '.join(OPTIONS)}")
        if not isinstance(value, bool):
            raise ValueError(f"option {name} takes true or false, not {value!r}")
        self.options[name] = value
        self._auto_claims()
        self._refresh()

    # ------------------------------------------------------------ messages
    def _on_msg(self, _widget, content, _buffers=None) -> None:
        try:
            self._handle(content)
        except ValueError as e:
            self._message = {"kind": "error", "text": str(e)}
            self._refresh()
        except Exception as e:  # never a traceback in the notebook
            self._message = {"kind": "error", "text": f"Something went wrong: {type(e).__name__}: {e}"}
            self._refresh()

    def _handle(self, content) -> None:
        if not isinstance(content, dict):
            raise ValueError("a message must be a JSON object with a 'type'")
        kind = content.get("type")
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
                raise ValueError("there is nothing to reveal")
            self._cover = False
            self._message = None
            self._refresh()
        else:
            raise ValueError(f"unknown message type {kind!r}")

    # -------------------------------------------------------------- turns
    def _start_game(self) -> None:
        self._thinking = False
        self._log = [f"New game: {self.game.rules} rules. "
                     f"{self._who(self.game.to_move)} {'play' if self._who(self.game.to_move) == 'You' else 'plays'} first."]
        self._last = []
        self._last_claim = None
        self._message = None
        self._cover = False
        self._turn_starts = []
        if not self.hot_seat and self.game.to_move == self.seat:
            self._turn_starts.append(len(self.game.moves))
        self._auto_claims()
        self._refresh()
        self._maybe_bot()

    def _viewer(self) -> int:
        """The seat whose view is on screen: the human, or in hot-seat the player to move."""
        return self.game.to_move if self.hot_seat else self.seat

    def _who(self, player: int) -> str:
        if self.hot_seat:
            return PLAYER_NAMES[player].capitalize()
        return "You" if player == self.seat else "Bot"

    def _human_move(self, move, raise_errors: bool) -> None:
        g = self.game
        if g.is_over():
            raise IllegalMoveError("the game is over")
        if self._thinking or (not self.hot_seat and g.to_move != self.seat):
            raise IllegalMoveError("wait: it is the bot's turn")
        if self._cover:
            raise IllegalMoveError("pass the screen first")
        m = g.parse_move(move)
        player = g.to_move
        if m.kind == "claim":
            result = g.claim(m.flag)
            self._last_claim = self._claim_json(result, m.flag)
            if not result:
                self._message = None  # the explanation shows with the claim, at the flag
                if raise_errors:
                    raise IllegalMoveError(f"{m}: {result.explanation}")
                self._refresh()
                return
            self._log.append(self._describe(player, m, result))
        else:
            g.play(m)  # raises IllegalMoveError, game unchanged
            self._log.append(self._describe(player, m))
            self._last_claim = None
        self._message = None
        self._after_move(player)

    def _after_move(self, player: int) -> None:
        g = self.game
        if g.is_over():
            self._log.append(self._result_text())
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
                self._log.append(self._describe(player, Move.claim(f), result) + " (automatic)")
                if g.is_over():
                    self._log.append(self._result_text())
                    return

    # ---------------------------------------------------------------- bot
    def _maybe_bot(self) -> None:
        g = self.game
        if self.hot_seat or g.is_over() or g.to_move == self.seat:
            return
        self._thinking = True
        self._refresh()
        loop = None
        if self.background_bot:
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:
                loop = None
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
                    return  # a new game or an undo happened meanwhile
                self._apply_bot_move(m, moves)
        except Exception as e:
            self._message = {"kind": "error", "text": f"The bot failed: {type(e).__name__}: {e}"}
        self._bot_done(moves)

    def _apply_bot_move(self, m: Move, moves: list[Move]) -> None:
        bot_seat = 1 - self.seat
        result = None
        if m.kind == "claim":
            result = self.game.claim(m.flag)
            if not result:
                raise IllegalMoveError(f"the bot claimed flag {m.flag} without proof")
        else:
            self.game.play(m)
        moves.append(m)
        self._log.append(self._describe(bot_seat, m, result))

    def _bot_done(self, moves: list[Move]) -> None:
        self._thinking = False
        self._last = moves
        g = self.game
        if g.is_over():
            self._log.append(self._result_text())
        else:
            self._turn_starts.append(len(g.moves))
            self._auto_claims()
        self._refresh()

    # -------------------------------------------------------------- words
    def _describe(self, player: int, m: Move, result=None) -> str:
        who = self._who(player)
        viewer = self._viewer() if self.hot_seat else self.seat
        k = m.kind
        if k == "play":
            return f"{who} played {m.card.name} at flag {m.flag}."
        if k == "claim":
            if result is not None and result.formation is not None:
                return f"{who} claimed flag {m.flag} with {result.formation.describe()}."
            return f"{who} claimed flag {m.flag}."
        if k == "draw":
            card_txt = ""
            if player == viewer and not self.hot_seat:
                drawn = self.game.hand(player)[-1] if self.game.hand(player) else None
                card_txt = f" ({drawn.name})" if drawn is not None else ""
            return f"{who} drew a {m.deck} card{card_txt}."
        if k == "return":
            deck = "troop" if m.card.is_troop else "tactic"
            if player == viewer and not self.hot_seat:
                return f"{who} put {m.card.name} back on the {deck} deck."
            return f"{who} put a card back on the {deck} deck."
        if k == "scout":
            return f"{who} played Scout."
        if k == "redeploy":
            where = "the discard pile" if m.flag is None else f"flag {m.flag}"
            return f"{who} redeployed {m.card.name} to {where}."
        if k == "deserter":
            return f"{who} played Deserter on {m.card.name}."
        if k == "traitor":
            return f"{who} played Traitor: {m.card.name} to flag {m.flag}."
        if k == "pass":
            return f"{who} passed."
        return f"{who} ended the turn."

    def _result_text(self) -> str:
        o = self.game.outcome()
        if o.winner is None:
            return f"Draw by deadlock ({o.flags[0]}-{o.flags[1]} flags)."
        who = self._who(o.winner)
        verb = "win" if who == "You" else "wins"
        return f"{who} {verb} by {o.reason}!"

    def _claim_json(self, result, flag: int) -> dict:
        cf = result.counter_formation
        return {
            "flag": flag,
            "holds": bool(result),
            "explanation": result.explanation,
            "counterexample": [card_json(c) for c in result.counterexample],
            "formation": cf.describe() if cf is not None else None,
        }

    # --------------------------------------------------------------- view
    def _status(self, viewer: int) -> str:
        g = self.game
        if g.is_over():
            return self._result_text()
        if self._thinking:
            return "Bot is thinking…"
        if self.hot_seat and self._cover:
            return f"Pass the screen to {PLAYER_NAMES[g.to_move].capitalize()}."
        if not self.hot_seat and g.to_move != self.seat:
            return "Bot to move."
        who = "Your" if not self.hot_seat else f"{PLAYER_NAMES[g.to_move].capitalize()}'s"
        ph = g.phase
        if ph == PLAY:
            return f"{who} turn: play a card."
        if ph == DRAW:
            if any(m.kind == "draw" for m in g.legal_moves(claims=False)):
                return f"{who} turn: draw a card" + (" (you may still claim)." if g.rules == "standard" else ".")
            return f"{who} turn: no card to draw; end the turn."
        if ph == "scout-draw":
            return f"Scout: draw {g._scout_left} more card{'s' if g._scout_left != 1 else ''}."
        if ph == "scout-return":
            return f"Scout: put {g._scout_left} card{'s' if g._scout_left != 1 else ''} back."
        return ""

    def _refresh(self) -> None:
        self.view = self._build_view()

    def _build_view(self) -> dict:
        g = self.game
        viewer = self._viewer()
        obs = g.observation(viewer)
        me, opp = viewer, 1 - viewer
        hidden = self.hot_seat and self._cover
        my_turn = (not g.is_over() and not self._thinking and not hidden
                   and (self.hot_seat or g.to_move == self.seat))
        legal = [move_json(m) for m in g.legal_moves()] if my_turn else []
        claimable = set()
        if my_turn and self.options["highlight_claimable"] and g.phase in g._claim_phases():
            claimable = set(g.provable_flags(viewer))
        flags = []
        for fv in obs.flags:
            f = fv.number
            need = fv.required
            env = []
            if fv.fog is not None:
                env.append({"card": card_json(ALL_CARDS[64]), "mine": fv.fog == me})
            if fv.mud is not None:
                env.append({"card": card_json(ALL_CARDS[65]), "mine": fv.mud == me})
            claimed = None if fv.claimed_by is None else ("mine" if fv.claimed_by == me else "theirs")
            flags.append({
                "number": f,
                "mine": [] if hidden else [card_json(c) for c in fv.cards[me]],
                "theirs": [] if hidden else [card_json(c) for c in fv.cards[opp]],
                "env": [] if hidden else env,
                "claimed": claimed,
                "required": need,
                "my_formation": None if hidden else _formation_text(fv.cards[me], need, fv.fog is not None),
                "their_formation": None if hidden else _formation_text(fv.cards[opp], need, fv.fog is not None),
                "claimable": f in claimable,
            })
        scores = self.match.scores
        o = g.outcome()
        result = None
        if o is not None:
            winner = None if o.winner is None else ("mine" if o.winner == me else "theirs")
            result = {"winner": winner, "reason": o.reason, "text": self._result_text()}
        opponent_name = (PLAYER_NAMES[opp].capitalize() if self.hot_seat
                         else f"Bot ({self._opponent_spec})" if isinstance(self._opponent_spec, str)
                         else f"Bot ({type(self.bot).__name__})")
        return {
            "version": 1,
            "seat": viewer,
            "me": PLAYER_NAMES[me].capitalize() if self.hot_seat else "You",
            "opponent": opponent_name,
            "hot_seat": self.hot_seat,
            "cover": hidden,
            "rules": g.rules,
            "my_turn": my_turn,
            "phase": g.phase,
            "scout_left": obs.scout_left if g.phase in ("scout-draw", "scout-return") else 0,
            "thinking": self._thinking,
            "status": self._status(viewer),
            "flags": flags,
            "hand": [] if hidden else [card_json(c) for c in obs.hand],
            "opponent_hand": obs.opponent_hand_size,
            "opponent_known": [] if hidden else [card_json(c) for c in obs.opponent_known],
            "decks": {"troop": obs.deck_sizes[0], "tactic": obs.deck_sizes[1]},
            "discards": {"mine": [card_json(c) for c in obs.discards[me]],
                         "theirs": [card_json(c) for c in obs.discards[opp]]},
            "tactics_played": {"mine": obs.tactics_played[me], "theirs": obs.tactics_played[opp]},
            "legal": legal,
            "last": [_public_move(m) for m in self._last],
            "log": list(self._log[-200:]),
            "claim": self._last_claim,
            "message": self._message,
            "result": result,
            "score": {"mine": scores[me], "theirs": scores[opp]},
            "options": dict(self.options),
            "can_undo": bool(g.moves) and not self._thinking and (
                self.hot_seat or any(t < len(g.moves) for t in self._turn_starts)),
            "can_next_game": g.is_over(),
        }


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


def _formation_text(cards, need: int, fog: bool) -> str | None:
    if len(cards) < need:
        return None
    res = side_best([int(c) for c in cards], need, fog)
    return Formation._from_result(res, res[4]).describe()

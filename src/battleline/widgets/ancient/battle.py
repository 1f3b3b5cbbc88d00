"""The battle's controller: the game, the bot and its turn shown step by step, the choices
being made (a chosen card, a combined attack, the rules shown), the log, and undo.

Its messages are :data:`BattleController.messages`, one typed handler per kind; the view
is built by :func:`.view.battle_view` from the observation of the side on screen.

>>> from battleline.ancient import AncientGame
>>> b = BattleController(AncientGame.scenario("marathon", seed=1), AncientWords(), human="south", bot=None)
>>> BattleController.messages.dispatch(b, {"type": "reveal"})    # two people: South lifts the cover
>>> BattleController.messages.dispatch(b, {"type": "act", "action": "deploy R1@a1"})
>>> b.log[-1]
'South placed a card face down on a1.'
"""

from __future__ import annotations

import random
from typing import Any, Callable

from ...ancient import Action, AncientGame
from ...errors import IllegalMoveError, shorten
from ...plugins import LEVELS
from ..messages import MessageRouter, Text
from ..turns import BotRunner, TurnLog, bot_preparing, log_reader, refresh_when_prepared, warm_up
from .words import AncientWords

__all__ = ["BattleController", "opponent_bot", "origin_of", "LEVELS",
           "STEP_DELAY", "SHOW_BUDGET"]

#: The actions whose dice are a fight's (the rest roll for the initiative).
COMBAT_KINDS = ("fire", "attack", "stand")
#: Seconds between two shown steps of the bot's turn in a kernel, and the most one player
#: turn of the bot is slowed down for showing (the rest goes at once): with the bot's
#: thinking and the messages to the page, its whole turn is on screen within 2 s.
STEP_DELAY = 0.12
SHOW_BUDGET = 1.0


def opponent_bot(spec: Any, seed: int | None = None):
    """A bot for ``spec``: None (two people at one screen), a level (``"easy"``,
    ``"medium"``, ``"hard"``) or an object with ``choose(observation)``.

    >>> opponent_bot(None) is None
    True
    """
    if spec is None:
        return None
    if hasattr(spec, "choose"):
        return spec
    if not isinstance(spec, str) or spec not in LEVELS:
        raise ValueError(f"opponent must be None, one of {', '.join(LEVELS)} or a bot with "
                         f"choose(observation), not {shorten(spec)}")
    from ...ancient.bots import ancient_bot   # the bots (and their kernel) load when asked for
    return ancient_bot(spec, seed=seed)


def origin_of(a: Action) -> list[str]:
    """What the player chooses first for this action (a square, a card), or [] for an
    action taken at once (a button or a square lit without choosing)."""
    if a.kind in ("move", "fire"):
        return [a.squares[0]]
    if a.kind == "attack":
        return list(a.squares[:-1])
    if a.kind in ("deploy", "reinforce", "play"):
        return [a.card]
    return []


class BattleController:
    """The battle on screen: ``game``, the ``human``'s side, the ``bot`` (None: two people
    at one screen), and what the player is choosing. ``refresh`` publishes the view. The
    log, undo's marks and the bot's turn are the shared :mod:`battleline.widgets.turns`."""

    messages = MessageRouter("the battle")
    bot_thinks_in_thread = False   # its turn is shown step by step, each step as it comes

    def __init__(self, game: AncientGame, words: AncientWords, *, human: str, bot: Any,
                 seed: int | None = None, background_bot: bool = False, step_delay: float = STEP_DELAY,
                 refresh: Callable[[], None] = lambda: None) -> None:
        self.game = game
        self.words = words
        self.human = human
        self.bot = bot
        words.human = human if bot is not None else None   # "You" and "Bot" against a bot
        warm_up(bot)
        self.bot_turns = BotRunner(background_bot)
        self.step_delay = step_delay
        self.refresh = refresh
        self.rng = random.Random(seed)
        self.reset()
        self.cover = self.covered_at_start()
        # the status line's "preparing" note goes when the preparation ends (in a kernel)
        refresh_when_prepared(bot, lambda: self.refresh())

    def reset(self) -> None:
        """Forget every choice and the log (a new battle, or one rebuilt by undo)."""
        self.selected: str | None = None
        self.group: list[str] = []           # cards added to the chosen card's combined attack
        self.message: dict | None = None
        self.bot_turns.forget()              # a bot turn being shown for an older battle stops
        self.dice: dict | None = None
        self.combat_dice = False             # whether those dice decided a fire or a melee
        self.attacked: str | None = None     # the square of the last attack (the withdrawal prompt)
        self.standing_odds = None            # that attack's odds if the defender stands
        self.inspected: str | None = None    # the square whose rules are shown
        # two people at one screen: the screen is covered between their turns, so that
        # neither sees the other's hand (the view then holds no secret of either side)
        self.cover = False
        # the log, and where each stretch of the human's decisions began (undo goes back to one)
        self.turns = TurnLog(marks=[0] if self.game.to_act == self.human or self.bot is None else [])

    def start(self, game: AncientGame, note: str = "") -> None:
        """Play ``game`` from now on (a confirmed points army's battle)."""
        self.game = game
        self.reset()
        self.cover = self.covered_at_start()
        self.note(note)
        self.refresh()
        self.maybe_bot()

    def covered_at_start(self) -> bool:
        """Two people at one screen: the first side's hand waits behind the cover, as every
        later one does."""
        return self.bot is None and self.game.to_act is not None

    # ------------------------------------------------------------ state
    @property
    def side(self) -> str:
        """The side on screen: the human's, or (two people at one screen) the side to act."""
        if self.bot is None and self.game.to_act is not None:
            return self.game.to_act
        return self.human

    @property
    def log(self) -> list[str]:
        """The log's lines, in the language on screen."""
        return self.turns.lines

    @property
    def thinking(self) -> bool:
        """Whether the bot's turn is being played (and shown)."""
        return self.bot_turns.thinking

    @property
    def background_bot(self) -> bool:
        return self.bot_turns.background

    @property
    def can_undo(self) -> bool:
        """Whether a turn of the human's can be taken back: never while the bot plays, nor
        once the battle is over (its result stands), nor by the player waiting behind the cover."""
        return (self.game.outcome is None and not self.thinking and not self.cover
                and self.turns.can_undo(len(self.game.actions_played)))

    def legal(self) -> list[Action]:
        """The actions the side on screen may take now (none while the bot plays or the
        screen is covered)."""
        g = self.game
        if self.thinking or self.cover or g.to_act is None or g.to_act != self.side:
            return []
        return g.legal_actions()

    def origins(self) -> set[str]:
        return {o for a in self.legal() for o in origin_of(a)}

    def attack_plan(self, legal: list[Action]) -> dict | None:
        """The melee attack being built from the chosen card: its attackers (the chosen card
        first, then those added), the legal attacks by exactly those cards, and the cards
        that may still join (None when the chosen card makes no attack)."""
        chosen = self.selected
        attacks = [a for a in legal if a.kind == "attack" and chosen in a.squares[:-1]]
        if not attacks:
            self.group = []
            return None
        members = {chosen, *self.group}
        fits = [a for a in attacks if members <= set(a.squares[:-1])]
        if not fits:   # the field changed under the group: start again from the chosen card
            self.group, members, fits = [], {chosen}, attacks
        return {"attackers": [chosen, *self.group],
                "exact": [a for a in fits if set(a.squares[:-1]) == members],
                "joinable": sorted({x for a in fits for x in a.squares[:-1]} - members)}

    def affordances(self) -> tuple[list[Action], dict | None]:
        """The legal actions and the attack being built, the choice dropped if it no longer
        leads to any action."""
        legal = self.legal()
        if self.selected is not None and self.selected not in {o for a in legal for o in origin_of(a)}:
            self.selected = None
        return legal, self.attack_plan(legal)

    def show_error(self, error) -> None:
        self.message = {"kind": "error", "text": self.words.error(error)}
        self.refresh()

    # ------------------------------------------------------------ choosing
    def select(self, what: str | None) -> None:
        """Choose a card (a square, a reserve card or a Tactics card in hand) to see what it
        can do; None drops the choice."""
        if what is None:
            self.selected = None
        else:
            if not isinstance(what, str) or what not in self.origins():
                raise IllegalMoveError(f"{shorten(what)}: nothing of yours to act with there now")
            self.selected = what
        self.group = []
        self.inspected = None
        self.message = None
        self.refresh()

    def join(self, square: str) -> None:
        """Add the card on ``square`` to the chosen card's combined (flank) attack."""
        plan = self.attack_plan(self.legal())
        if plan is None:
            raise IllegalMoveError("choose a card to attack with first; then add the cards that join it")
        if not isinstance(square, str) or square not in plan["joinable"]:
            may = ", ".join(plan["joinable"]) or "none"
            raise IllegalMoveError(f"{shorten(square)} cannot join this attack (cards that may join: {may})")
        self.group.append(square)
        self.message = None
        self.refresh()

    def leave(self, square: str) -> None:
        """Take the card on ``square`` out of the combined attack being built."""
        if not isinstance(square, str) or square not in self.group:
            raise IllegalMoveError(f"{shorten(square)} is not one of the cards joining the attack")
        self.group.remove(square)
        self.message = None
        self.refresh()

    def inspect(self, square: str | None) -> None:
        """Show the rules of the card on ``square`` (any card the side on screen can see);
        None closes them."""
        if square is None:
            self.inspected = None
        else:
            cell = self.game.observation(self.side).field.get(square)
            if cell is None or cell.get("hidden"):
                raise ValueError(f"{shorten(square)}: no card you can see there")
            self.inspected = square
        self.message = None
        self.refresh()

    def need_turn(self) -> None:
        """Refuse an intent while the side on screen may not act."""
        if self.cover:
            raise IllegalMoveError(f"pass the screen to {self.game.to_act} first")
        if self.thinking:
            raise IllegalMoveError("the opponent is playing its turn")
        if self.game.to_act is None:
            raise IllegalMoveError("the battle is over")
        if self.game.to_act != self.side:
            raise IllegalMoveError(f"it is {self.game.to_act}'s turn to act")

    # ------------------------------------------------------------ messages
    @messages.on("select", square=Text(optional=True, nullable=True), card=Text(optional=True, nullable=True))
    def select_message(self, square: str | None = None, card: str | None = None) -> None:
        """``{"type": "select", "square": "c2"}``, ``{"type": "select", "card": "R4"}`` or
        ``{"type": "select"}`` (drop the choice)."""
        if square is not None and card is not None:
            raise ValueError("select takes a square or a card, not both")
        self.need_turn()
        self.select(square if square is not None else card)

    @messages.on("act", action=Text())
    def act_message(self, action: str) -> None:
        """``{"type": "act", "action": "c2-c3"}``: an action text the view offered."""
        self.need_turn()
        self.act(action)

    @messages.on("join", square=Text())
    def join_message(self, square: str) -> None:
        """``{"type": "join", "square": "c3"}``: add that card to the combined attack."""
        self.need_turn()
        self.join(square)

    @messages.on("leave", square=Text())
    def leave_message(self, square: str) -> None:
        """``{"type": "leave", "square": "c3"}``: take that card out of the combined attack."""
        self.need_turn()
        self.leave(square)

    @messages.on("inspect", square=Text(optional=True, nullable=True))
    def inspect_message(self, square: str | None = None) -> None:
        """``{"type": "inspect", "square": "c3"}``: the rules of the card there (either side,
        any time), and why it cannot act now; ``{"type": "inspect"}`` closes them."""
        self.inspect(square)

    @messages.on("reveal")
    def reveal(self) -> None:
        """``{"type": "reveal"}``: the next player, at the screen, lifts the cover."""
        if not self.cover:
            raise IllegalMoveError("there is nothing to reveal")
        self.cover = False
        self.message = None
        self.refresh()

    @messages.on("undo")
    def undo_message(self) -> None:
        """``{"type": "undo"}``: take back your last player turn."""
        self.undo()

    @messages.on("dismiss")
    def dismiss(self) -> None:
        """``{"type": "dismiss"}``: close the message."""
        self.message = None
        self.refresh()

    # ------------------------------------------------------------ playing
    def act(self, action: Action | str) -> None:
        """Play ``action`` for the side to act (refused while the bot's side is to act)."""
        g = self.game
        if g.to_act is None:
            raise IllegalMoveError("the battle is over")
        if self.bot is not None and g.to_act != self.human:
            raise IllegalMoveError(f"it is {g.to_act}'s turn to act")
        if self.cover:
            raise IllegalMoveError(f"pass the screen to {g.to_act} first")
        acting = g.to_act
        self.push(action, acting)   # checks the action; nothing changes on error
        self.inspected = None
        self.group = []
        if self.bot is None and g.to_act is not None and g.to_act != acting:
            self.turns.mark(len(g.actions_played))
            self.cover = True
        self.selected = None
        self.message = None
        self.refresh()
        self.maybe_bot()

    def push(self, action, side: str) -> None:
        """Play ``action`` for ``side`` and log it in words (from the observations around it,
        of :func:`~battleline.widgets.turns.log_reader`'s seat: this view has no screen cover)."""
        g = self.game
        reader = log_reader(self.human, side, against_bot=self.bot is not None, screen_cover=False)
        before = g.observation(reader)
        parsed = Action.parse(action)
        # the odds of an attack the defender may withdraw from, for the withdrawal prompt
        # (taken before the attack is played; they count the defender as standing)
        standing = g.odds(parsed) if parsed.kind == "attack" and "withdrawal" in g.options and \
            parsed in g.legal_actions() else None
        g.play(action)
        self.attacked = parsed.squares[-1] if parsed.kind == "attack" else None
        self.standing_odds = standing if g.phase == "withdrawal" else None
        after = g.observation(before.side)
        line, dice = self.words.describe(side, parsed, before, after, *g.last_dice())
        if dice is not None:
            self.dice = dice
            # initiative dice (rolled at once, or by "roll") say nothing once the battle is over
            self.combat_dice = dice["side"] is not None and parsed.kind in COMBAT_KINDS
        if any(c.get("hidden") for c in before.field.values()) and after.phase != "deploy" and not any(
                c.get("hidden") for c in after.field.values()):
            parts = line.split("\n")
            line = "\n".join(parts[:1] + [self.words.say("log_revealed")] + parts[1:])
        self.note(line)
        if g.outcome is not None:
            self.note(self.words.outcome(g.outcome.winner_name, g.outcome.reason))

    def note(self, text: str) -> None:
        for line in text.split("\n") if text else ():
            self.turns.note(line, len(self.game.actions_played))

    def undo(self) -> None:
        """Take back your last player turn (and the bot's turn after it). The dice stream and
        the Tactics deck order are renewed, so undo never shows a die or card ahead."""
        if self.thinking:
            raise IllegalMoveError("wait until the opponent's turn is shown")
        if self.cover:
            # the player waiting behind the screen may not take back the other's turn unseen
            raise IllegalMoveError(f"pass the screen to {self.game.to_act} first: undo is for the player at the screen")
        if self.game.outcome is not None:
            raise IllegalMoveError("the battle is over: its result stands")
        target = self.turns.undo_target(len(self.game.actions_played))
        at_screen = self.game.to_act
        while len(self.game.actions_played) > target:
            self.game.undo()
        self.turns.cut(target)   # the log follows the battle
        kept = list(self.turns.lines)
        self.game = AncientGame.from_position(self.renewed(self.game.position()))
        self.reset()   # the rebuilt battle counts its actions from 0: so do the kept lines
        for line in kept:
            self.turns.note(line, len(self.game.actions_played))
        self.note(self.words.say("log_undone"))
        # at one screen, the other player's hand waits behind the cover
        self.cover = self.bot is None and self.game.to_act != at_screen
        self.refresh()

    def renewed(self, position: str) -> str:
        """The position with a fresh dice stream and a reshuffled Tactics deck."""
        out = []
        for line in position.splitlines():
            if line.startswith("dice "):
                line = f"dice seed {self.rng.randrange(2 ** 32)} position 0"
            elif line.startswith("deck ") and line != "deck empty":
                cards = line.split()[1:]
                self.rng.shuffle(cards)
                line = "deck " + " ".join(cards)
            out.append(line)
        return "\n".join(out) + "\n"

    # ------------------------------------------------------------ the bot (BotTurn hooks)
    def maybe_bot(self) -> None:
        """Let the bot play while its side is to act: at once outside a kernel, step by step
        in one."""
        g = self.game
        if self.bot is None or g.to_act is None or g.to_act == self.human or self.thinking:
            return
        self.bot_turns.start(self)

    @property
    def bot_preparing(self) -> bool:
        """Whether the bot's compiled search is still being prepared (it plays its quicker
        search meanwhile)."""
        return bot_preparing(self.bot)

    def bot_to_act(self) -> bool:
        return self.game.to_act not in (None, self.human)

    def bot_observation(self):
        return self.game.observation(self.game.to_act)

    def bot_choose(self, observation) -> Action:
        return Action.parse(self.bot.choose(observation))

    def bot_apply(self, action: Action) -> None:
        """One action of the bot, shown at once."""
        self.push(action, self.game.to_act)
        self.refresh()

    def bot_pause(self, action: Action) -> float:
        """Each step stays on screen a moment, within the budget of the bot's player turn."""
        if str(action) == "end melee":
            self.bot_turns.restart_clock()   # its next player turn has a budget of its own
            return 0.0
        if action.kind != "end" and self.step_delay and \
                self.bot_turns.elapsed() + self.step_delay <= SHOW_BUDGET:
            return self.step_delay
        return 0.0   # let the kernel send this view

    def bot_failed(self, e: Exception) -> None:
        self.message = {"kind": "error",
                        "text": self.words.say("bot_failed", text=f"{type(e).__name__}: {shorten(str(e))}")}

    def bot_done(self, played: list[Action]) -> None:
        if self.game.to_act == self.human:
            self.turns.mark(len(self.game.actions_played))
        self.refresh()

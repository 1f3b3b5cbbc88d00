"""The notebook view of Ancient Battles: command an army by clicking, see the odds, roll.

Python is the single source of truth. The widget owns an
:class:`~battleline.ancient.AncientGame`, publishes one synced trait, ``view``, built only
from ``game.observation(side)`` of the side on screen plus the affordances computed here
(reachable squares, targets with their exact odds, the legal actions as labelled intents),
and checks every intent the browser sends. ``docs/widget.md`` describes the protocol.

>>> w = AncientBattlesWidget(scenario="marathon", opponent="easy", seed=2)
>>> w.view["phase"], w.view["width"]
('deploy', 7)
>>> w.select("R1"); sorted(c["square"] for c in w.view["choices"])[:3]
['a1', 'b1', 'c1']
"""

from __future__ import annotations

import asyncio
import html
import pathlib
import random
from fractions import Fraction
from typing import Any

import anywidget
import traitlets

from .ancient import SCENARIOS, Action, AncientGame, Army, troop_type
from .ancient.combat import defence_strength
from .ancient.armies import MAX_CARDS, MAX_COLOURS, MAX_PER_TYPE, POINTS_BUDGET, check_points_army
from .cards import Card
from .errors import IllegalMoveError, shorten
from .texts import ancient_say, ancient_scenario_words, ancient_troop
from .widgets import card_json, in_kernel, kernel_loop
from .widgets.messages import Choice, MessageRouter, Text, answer_safely, dispatch

__all__ = ["AncientBattlesWidget", "RandomAncientBot", "opponent_bot"]

STATIC = pathlib.Path(__file__).parent / "static"
SIDES = ("south", "north")
COLOURS = ("R", "O", "Y", "G", "B", "P")
#: What the army builder's ``army`` message may do.
ARMY_OPS = ("colour", "add", "remove", "bow", "confirm")
LEVELS = ("easy", "medium", "hard")
#: Seconds between two shown steps of the bot's turn in a kernel, and the most one player
#: turn of the bot is slowed down for showing (the rest goes at once): with the bot's
#: thinking and the messages to the page, its whole turn is on screen within 2 s.
STEP_DELAY = 0.12
SHOW_BUDGET = 1.0

#: Short symbols of the troop types (drawn on every card with the type's name).
SYMBOLS = {1: "Sk", 2: "Pe", 3: "Jv", 4: "Ho", 5: "Ph", 6: "Hy", 7: "LC", 8: "HC", 9: "Ch", 10: "El"}
#: The silhouette family the front end draws for each type.
FAMILIES = {1: "light", 2: "light", 3: "heavy", 4: "heavy", 5: "heavy", 6: "heavy", 7: "horse",
            8: "horse", 9: "chariot", 10: "elephant"}

#: The rules' phases and end-of-step buttons, worded by texts.ancient_say ("phase.X", "end.X").
PHASES = ("leader", "deploy", "initiative", "tactics", "actions", "fire", "melee", "withdrawal",
          "loyalty", "rally", "over")

class RandomAncientBot:
    """A stand-in opponent: a uniformly random legal action of its own observation (used
    only while ``battleline.ancient.bots`` does not exist).

    >>> from battleline.ancient import AncientGame
    >>> g = AncientGame.scenario("marathon", seed=1)
    >>> RandomAncientBot(seed=0).choose(g.observation("south")).startswith("deploy")
    True
    """

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation) -> str:
        if not observation.legal_actions:
            raise ValueError("the bot was asked to act while it has no legal action")
        return self.rng.choice(observation.legal_actions)


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
    try:
        from .ancient import bots as ancient_bots  # the Ancient Battles bots, once they exist
    except ImportError:
        return RandomAncientBot(seed)
    for factory in ("ancient_bot", "bot_from_spec", "make_bot"):
        if hasattr(ancient_bots, factory):
            return getattr(ancient_bots, factory)(spec, seed=seed)
    return RandomAncientBot(seed)


def _fraction(p: Fraction) -> dict:
    return {"fraction": f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator),
            "percent": round(float(p) * 100, 1)}


class AncientBattlesWidget(anywidget.AnyWidget):
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

    #: The battle's message kinds, and the army builder's (``scenario="points"``, until the
    #: army is confirmed); a kind of the other one is refused, naming what to do instead.
    messages = MessageRouter("the battle")
    builder = MessageRouter("the army builder", unavailable="build and confirm your army first")

    def __init__(self, game: AncientGame | None = None, *, scenario: str = "issus", side: str = "south",
                 opponent: Any = "medium", advanced=(), lang: str = "en", names: str = "ancient",
                 seed: int | None = None, bot_seed: int | None = None, background_bot: bool | None = None,
                 step_delay: float = STEP_DELAY, **kwargs) -> None:
        super().__init__(**kwargs)
        if side not in SIDES:
            raise ValueError(f"side must be 'south' or 'north', not {shorten(side)}")
        if lang not in ("en", "ja"):
            raise ValueError(f"lang is 'en' or 'ja', not {shorten(lang)}")
        if names != "ancient":
            raise ValueError(f"names: Ancient Battles uses the rulebook's names ('ancient'), not {shorten(names)}")
        if game is not None and not isinstance(game, AncientGame):
            raise ValueError(f"game must be a battleline.ancient.AncientGame, not {type(game).__name__}")
        self.lang = lang
        self.human = side
        self.bot = opponent_bot(opponent, seed=bot_seed)
        self.placeholder_bot = isinstance(self.bot, RandomAncientBot)
        self.background_bot = in_kernel() if background_bot is None else background_bot
        self.step_delay = step_delay
        self._rng = random.Random(seed)
        self._seed, self._advanced = seed, advanced
        # scenario "points": the player builds an army first (the army builder)
        self._draft: dict | None = None
        if game is None and scenario == "points":
            self._draft = {"colours": [], "cards": [], "bows": []}
            self.game = AncientGame.empty(seed=seed)   # a stand-in until the army is confirmed
        else:
            self.game = game if game is not None else AncientGame.scenario(scenario, seed=seed, advanced=advanced)
        self._reset_bookkeeping()
        self.on_msg(self._on_msg)
        self._refresh()
        self._maybe_bot()

    # --------------------------------------------------------------- public
    @property
    def side(self) -> str:
        """The side on screen: the human's, or (two people at one screen) the side to act."""
        if self.bot is None and self.game.to_act is not None:
            return self.game.to_act
        return self.human

    def play(self, action: Action | str) -> None:
        """Play an action for the side on screen, as if clicked (raises on an illegal one).

        >>> w = AncientBattlesWidget(scenario="marathon", opponent=None, seed=1)
        >>> w.play("deploy R1@a1"); w.view["log"][-1]
        'South places a card face down on a1.'
        """
        self._act(action)

    def select(self, what: str | None) -> None:
        """Choose a card (a square, a reserve card or a Tactics card in hand) to see what it
        can do; None drops the choice."""
        if what is None:
            self._selected = None
        else:
            if not isinstance(what, str) or what not in self._origins():
                raise IllegalMoveError(f"{shorten(what)}: nothing of yours to act with there now")
            self._selected = what
        self._group = []
        self._inspected = None
        self._message = None
        self._refresh()

    def join(self, square: str) -> None:
        """Add the card on ``square`` to the chosen card's combined (flank) attack, as if
        clicked: the view then shows the attack's strength and its exact odds on every target
        the group may attack. Raises, naming the cards that may join, if this one may not.

        >>> g = AncientGame.empty(seed=2, advanced=("flank",))
        >>> g.put("d3", "Phalangists", "north"); g.put("d2", "Javalineers", "south")
        >>> g.put("c3", "Heavy Cavalry", "south"); g.play("end actions"); g.play("end fire")
        >>> w = AncientBattlesWidget(g, opponent=None)
        >>> w.select("d2"); w.join("c3"); [c["action"] for c in w.view["choices"]]
        ['attack c3+d2-d3']
        >>> w.view["choices"][0]["strength"]["attack"]
        7
        """
        plan = self._attack_plan(self._legal())
        if plan is None:
            raise IllegalMoveError("choose a card to attack with first; then add the cards that join it")
        if not isinstance(square, str) or square not in plan["joinable"]:
            may = ", ".join(plan["joinable"]) or "none"
            raise IllegalMoveError(f"{shorten(square)} cannot join this attack (cards that may join: {may})")
        self._group.append(square)
        self._message = None
        self._refresh()

    def leave(self, square: str) -> None:
        """Take the card on ``square`` out of the combined attack being built."""
        if not isinstance(square, str) or square not in self._group:
            raise IllegalMoveError(f"{shorten(square)} is not one of the cards joining the attack")
        self._group.remove(square)
        self._message = None
        self._refresh()

    def undo(self) -> None:
        """Take back your last player turn (and the bot's turn after it). The dice stream and
        the Tactics deck order are renewed, so undo never shows a die or card ahead."""
        if self._thinking:
            raise IllegalMoveError("wait until the opponent's turn is shown")
        if self._draft is not None:
            raise IllegalMoveError("build and confirm your army first")
        n = len(self.game.actions_played)
        marks = [m for m in self._marks if m < n]
        if not marks:
            raise IllegalMoveError("there is none of your turns to undo")
        target = marks[-1]
        while len(self.game.actions_played) > target:
            self.game.undo()
        keep = sum(1 for at in self._log_at if at <= target)
        log = self._log[:keep]
        self.game = AncientGame.from_position(self._renewed(self.game.position()))
        self._reset_bookkeeping()
        self._log, self._log_at = log + [self._t("log_undone")], [0] * (keep + 1)
        self._refresh()

    # --------------------------------------------------------------- messages
    def handle_message(self, content: Any) -> None:
        """Run one message from the browser (raises on a bad one, which changes nothing): the
        army builder's kinds while an army is being built, the battle's otherwise."""
        here, other = (self.builder, self.messages) if self._draft is not None else (self.messages, self.builder)
        dispatch(content, (here, self), elsewhere=[other])

    def _on_msg(self, _widget, content, _buffers=None) -> None:
        answer_safely(lambda: self.handle_message(content), self._error,
                      went_wrong=lambda text: self._t("went_wrong", text=text))

    @messages.on("select", square=Text(optional=True, nullable=True), card=Text(optional=True, nullable=True))
    def _msg_select(self, square: str | None = None, card: str | None = None) -> None:
        """``{"type": "select", "square": "c2"}``, ``{"type": "select", "card": "R4"}`` or
        ``{"type": "select"}`` (drop the choice)."""
        if square is not None and card is not None:
            raise ValueError("select takes a square or a card, not both")
        self._need_turn()
        self.select(square if square is not None else card)

    @messages.on("act", action=Text())
    def _msg_act(self, action: str) -> None:
        """``{"type": "act", "action": "c2-c3"}``: an action text the view offered."""
        self._need_turn()
        self._act(action)

    @messages.on("join", square=Text())
    def _msg_join(self, square: str) -> None:
        """``{"type": "join", "square": "c3"}``: add that card to the combined attack."""
        self._need_turn()
        self.join(square)

    @messages.on("leave", square=Text())
    def _msg_leave(self, square: str) -> None:
        """``{"type": "leave", "square": "c3"}``: take that card out of the combined attack."""
        self._need_turn()
        self.leave(square)

    @messages.on("undo")
    def _msg_undo(self) -> None:
        """``{"type": "undo"}``: take back your last player turn."""
        self.undo()

    @builder.on("dismiss")
    @messages.on("dismiss")
    def _msg_dismiss(self) -> None:
        """``{"type": "dismiss"}``: close the message."""
        self._message = None
        self._refresh()

    @messages.on("inspect", square=Text(optional=True, nullable=True))
    def _msg_inspect(self, square: str | None = None) -> None:
        """``{"type": "inspect", "square": "c3"}``: the rules of the card there (either side,
        any time), and why it cannot act now; ``{"type": "inspect"}`` closes them."""
        if square is None:
            self._inspected = None
        else:
            obs = self.game.observation(self.side)
            cell = obs.field.get(square)
            if cell is None or cell.get("hidden"):
                raise ValueError(f"{shorten(square)}: no card you can see there")
            self._inspected = square
        self._message = None
        self._refresh()

    def _help(self, obs) -> dict | None:
        """The rules of the inspected (or chosen) card, and why it cannot act now."""
        square = self._inspected or (self._selected if self._selected in obs.field else None)
        cell = obs.field.get(square) if square else None
        if cell is None or cell.get("hidden"):
            return None
        card = Card(cell["cards"][0])
        t = troop_type(card.value)
        name = ancient_troop(t.value, self.lang)
        weapon = t.weapon(bool(cell["bows"]))
        reach = self._t({"javelin": "h_javelin", "bow": "h_bow", None: "h_none"}[weapon])
        lines = [self._t("h_move", type=name, value=t.value, steps=t.steps, s="s" if t.steps > 1 else "",
                         ways=self._t("h_ways_side" if t.sideways else "h_ways_fwd"),
                         terrain=self._t("h_no_bad") if t.mounted else ""),
                 self._t("h_missiles", reach=reach, hit=self._t("h_hit6" if t.missile_hit == 6 else "h_hit56")),
                 self._t("h_melee", value=t.value) + (self._t("h_proof") if t.cavalry_proof else "")]
        if cell["attachment"]:
            lines.append(self._t("h_quality", quality=self._t(f"x_{cell['attachment']}")))
        if cell["disrupted"]:
            lines.append(self._t("h_disrupted"))
        if cell["side"] == obs.side and obs.to_act == obs.side and square not in self._origins():
            step = obs.phase
            done = {"actions": obs.moved, "fire": obs.fired, "melee": obs.attacked}.get(step, [])
            if cell["disrupted"]:
                why = "why_disrupted"
            elif any(c in done for c in cell["cards"]):
                why = {"actions": "why_moved", "fire": "why_fired", "melee": "why_attacked"}[step]
            elif step == "actions":
                why = "why_blocked"
            elif step == "fire":
                why = "why_no_weapon" if weapon is None else "why_no_target"
            elif step == "melee":
                why = "why_no_enemy"
            else:
                why = "why_step"
            lines.append(self._t("h_cannot", why=self._t(why, step=step)))
        return {"square": square, "title": self._t("h_title", square=square, type=name), "lines": lines}

    def _need_turn(self) -> None:
        if self._thinking:
            raise IllegalMoveError("the opponent is playing its turn")
        if self.game.to_act is None:
            raise IllegalMoveError("the battle is over")
        if self.game.to_act != self.side:
            raise IllegalMoveError(f"it is {self.game.to_act}'s turn to act")

    def _error(self, error: ValueError | str) -> None:
        """Show a refused intent (an error, or a text already worded) in the view."""
        self._message = {"kind": "error", "text": self._t("error", text=str(error))}
        self._refresh()

    def _t(self, key: str, **kw) -> str:
        """The view's sentence ``key`` in the widget's language (texts.ancient_say)."""
        return ancient_say(self.lang, key, **kw)

    def _side_word(self, side: str) -> str:
        return self._t(f"side.{side}")

    # --------------------------------------------------------------- playing
    def _reset_bookkeeping(self) -> None:
        self._selected: str | None = None
        self._group: list[str] = []          # cards added to the chosen card's combined attack
        self._message: dict | None = None
        self._thinking = False
        self._generation = getattr(self, "_generation", 0) + 1
        self._log: list[str] = []
        self._log_at: list[int] = []
        self._dice: dict | None = None
        self._attacked: str | None = None   # the square of the last attack (the withdrawal prompt)
        self._standing_odds = None          # that attack's odds if the defender stands
        self._inspected: str | None = None  # the square whose rules are shown
        # where each stretch of the human's decisions began (undo goes back to one)
        self._marks: list[int] = [0] if self.game.to_act == self.human or self.bot is None else []

    def _act(self, action: Action | str) -> None:
        if self._draft is not None:
            raise IllegalMoveError("build and confirm your army first")
        g = self.game
        if g.to_act is None:
            raise IllegalMoveError("the battle is over")
        if self.bot is not None and g.to_act != self.human:
            raise IllegalMoveError(f"it is {g.to_act}'s turn to act")
        acting = g.to_act
        self._push(action, acting)   # checks the action; nothing changes on error
        self._inspected = None
        self._group = []
        if self.bot is None and g.to_act is not None and g.to_act != acting:
            self._marks.append(len(g.actions_played))
        self._selected = None
        self._message = None
        self._refresh()
        self._maybe_bot()

    def _push(self, action, side: str) -> None:
        g = self.game
        before = g.observation(self.human if self.bot is not None else side)
        rolls = len(g.rolls)
        parsed = Action.parse(action)
        # the odds of an attack the defender may withdraw from, for the withdrawal prompt
        # (taken before the attack is played; they count the defender as standing)
        standing = g.odds(parsed) if parsed.kind == "attack" and "withdrawal" in g.options and \
            parsed in g.legal_actions() else None
        g.play(action)
        self._attacked = parsed.squares[-1] if parsed.kind == "attack" else None
        self._standing_odds = standing if g.phase == "withdrawal" else None
        after = g.observation(before.side)
        line = self._describe(side, Action.parse(action), before, after, g.rolls[rolls:])
        if any(c.get("hidden") for c in before.field.values()) and after.phase != "deploy" and not any(
                c.get("hidden") for c in after.field.values()):
            parts = line.split("\n")
            line = "\n".join(parts[:1] + [self._t("log_revealed")] + parts[1:])
        self._note(line)
        if g.outcome is not None:
            self._note(self._outcome_words(g.outcome.winner, g.outcome.reason))

    def _note(self, text: str) -> None:
        for line in text.split("\n") if text else ():
            self._log.append(line)
            self._log_at.append(len(self.game.actions_played))

    def _maybe_bot(self) -> None:
        g = self.game
        if self.bot is None or g.to_act is None or g.to_act == self.human or self._thinking:
            return
        self._thinking = True
        self._refresh()
        loop = kernel_loop() if self.background_bot else None
        if loop is None:
            try:
                while self.game.to_act not in (None, self.human):
                    self._bot_step()
            except Exception as e:
                self._message = {"kind": "error", "text": self._t("bot_failed", text=f"{type(e).__name__}: {shorten(str(e))}")}
            self._bot_done()
        else:
            loop.create_task(self._bot_async(self._generation))

    def _bot_step(self) -> Action:
        """One action of the bot, shown at once; returns it."""
        side = self.game.to_act
        action = Action.parse(self.bot.choose(self.game.observation(side)))
        self._push(action, side)
        self._refresh()
        return action

    async def _bot_async(self, generation: int) -> None:
        loop = asyncio.get_running_loop()
        start = loop.time()
        try:
            while self.game.to_act not in (None, self.human):
                action = self._bot_step()
                if str(action) == "end melee":
                    start = loop.time()   # its next player turn has a budget of its own
                    shown = False
                else:
                    shown = action.kind != "end"
                # each step stays on screen a moment, within the budget of the player turn
                if shown and self.step_delay and loop.time() - start + self.step_delay <= SHOW_BUDGET:
                    await asyncio.sleep(self.step_delay)
                else:
                    await asyncio.sleep(0)   # let the kernel send this view
                if generation != self._generation:
                    return   # an undo happened meanwhile
        except Exception as e:
            if generation != self._generation:
                return
            self._message = {"kind": "error", "text": self._t("bot_failed", text=f"{type(e).__name__}: {shorten(str(e))}")}
        self._bot_done()

    def _bot_done(self) -> None:
        self._thinking = False
        if self.game.to_act == self.human:
            self._marks.append(len(self.game.actions_played))
        self._refresh()

    def _renewed(self, position: str) -> str:
        """The position with a fresh dice stream and a reshuffled Tactics deck."""
        out = []
        for line in position.splitlines():
            if line.startswith("dice "):
                line = f"dice seed {self._rng.randrange(2 ** 32)} position 0"
            elif line.startswith("deck ") and line != "deck empty":
                cards = line.split()[1:]
                self._rng.shuffle(cards)
                line = "deck " + " ".join(cards)
            out.append(line)
        return "\n".join(out) + "\n"

    # --------------------------------------------------------------- words
    def _unit_words(self, obs, square: str) -> str:
        cell = obs.field.get(square)
        if cell is None:
            return square
        if cell.get("hidden"):
            return self._t("unit_hidden", square=square)
        return self._t("unit", type=ancient_troop(Card(cell["cards"][0]).value, self.lang),
                       cards="+".join(cell["cards"]), square=square)

    def _type_of(self, card: str) -> str:
        return ancient_troop(Card(card).value, self.lang)

    def _outcome_words(self, winner: str | None, reason: str) -> str:
        reason = self._t(f"reason.{reason}")
        return self._t("drawn", reason=reason) if winner is None else self._t(
            "won", side=self._side_word(winner), reason=reason)

    def _describe(self, side: str, a: Action, before, after, rolls: list[int], split: bool = True) -> str:
        started = after.turn > before.turn or (before.phase == "deploy" and after.phase != "deploy")
        new_turn = split and started and a.kind not in ("roll", "scout") and rolls
        if new_turn:
            # the next turn's initiative was rolled at once (nobody held a Tactics card): its
            # deciding pair is the last two dice; an action without dice of its own rolled
            # only initiative dice (ties included)
            own = rolls[:-2] if a.kind in ("fire", "attack", "stand", "withdraw") else []
            first = self._describe(side, a, before, after, own, split=False) if a.kind != "end" else ""
            initiative = rolls[len(own):]
            line = self._t("log_initiative", turn=after.turn, dice=", ".join(map(str, initiative)),
                           side=self._side_word(after.first))
            self._dice = {"text": line, "rolls": initiative, "side": None}
            return (first + "\n" + line) if first else line
        who = self._side_word(side)
        dice = self._t("log_dice", dice=", ".join(map(str, rolls))) if rolls else ""
        k = a.kind
        if k == "move":
            text = self._t("log_move", who=who, unit=self._unit_words(before, a.squares[0]), to=a.squares[1])
        elif k == "deploy":
            text = self._t("log_deploy", who=who, square=a.squares[0])
        elif k == "reinforce":
            text = self._t("log_reinforce", who=who, type=self._type_of(a.card), card=a.card, square=a.squares[0])
        elif k == "leader":
            text = self._t("log_leader", who=who, card=a.card, type=self._type_of(a.card))
        elif k == "draw":
            text = self._t("log_draw", who=who)
        elif k in ("fire", "attack"):
            attackers = self._t("and").join(self._unit_words(before, s) for s in a.squares[:-1])
            key = "log_fire" if k == "fire" else ("log_attack" if len(a.squares) > 2 else "log_attack1")
            text = self._t(key, who=who, attackers=attackers, target=self._unit_words(before, a.squares[-1]))
        elif k == "roll":
            text = self._t("log_roll", who=who)
        elif k == "scout":
            text = self._t("log_scout", who=who, option=self._t(f"option.{a.option}"))
        elif k == "play":
            text = self._t("log_play", who=who, what=self._played_words(a))
        elif k == "remove":
            target = a.squares[0] if a.squares else a.card
            text = self._t("log_remove", who=who, what=self._unit_words(before, target) if a.squares else target)
        elif k in ("withdraw", "stand"):
            text = self._t(f"log_{k}", who=who)
        elif k == "rally":
            text = self._t("log_rally", who=who, square=a.squares[0]) if a.squares else self._t("log_rally_none", who=who)
        elif k == "end":
            return ""
        else:
            text = f"{who}: {a}."
        result = self._changes(before, after) if k in ("fire", "attack", "play", "remove", "stand", "withdraw") else ""
        if k in ("fire", "attack") and not result:
            result = self._t("log_no_effect") if rolls else ""
        if k in ("roll", "scout") and after.turn >= before.turn:
            result = self._t("log_first", side=self._side_word(after.first))
        line = text + dice + result
        if rolls or k in ("fire", "attack"):
            self._dice = {"text": line, "rolls": list(rolls), "side": side}
        return line

    def _played_words(self, a: Action) -> str:
        """A played Tactics card, its name in the view's language, with what it names."""
        rest = str(a)[5:]
        card = a.card
        if card and self.lang != "en":
            try:
                rest = rest.replace(card, card_json(Card(card), self.lang)["name"], 1)
            except ValueError:
                pass
        return rest

    def _changes(self, before, after) -> str:
        out = []
        for sq, cell in sorted(before.field.items()):
            if cell.get("hidden"):
                continue
            now = after.field.get(sq)
            if now is None or now.get("cards") != cell["cards"]:
                if not any(n.get("cards") == cell["cards"] for n in after.field.values()):
                    out.append(self._t("ch_eliminated", square=sq))
            elif now["disrupted"] and not cell["disrupted"]:
                out.append(self._t("ch_disrupted", square=sq))
            elif cell["disrupted"] and not now["disrupted"]:
                out.append(self._t("ch_rallied", square=sq))
        return self._t("log_result", changes=", ".join(out)) if out else ""

    def _label(self, obs, a: Action) -> str:
        k = a.kind
        if k == "move":
            return self._t("l_move", unit=self._unit_words(obs, a.squares[0]), to=a.squares[1])
        if k in ("deploy", "reinforce"):
            return self._t(f"l_{k}", type=self._type_of(a.card), card=a.card, square=a.squares[0])
        if k == "fire":
            return self._t("l_fire", unit=self._unit_words(obs, a.squares[0]), target=self._unit_words(obs, a.squares[1]))
        if k == "attack":
            who = self._t("and").join(self._unit_words(obs, s) for s in a.squares[:-1])
            return self._t("l_attack1" if len(a.squares) == 2 else "l_attack", units=who,
                           target=self._unit_words(obs, a.squares[-1]))
        if k == "end":
            return self._t(f"end.{a.option}") if a.option in ("tactics", "actions", "fire", "melee") else str(a)
        if k in ("draw", "roll", "withdraw", "stand"):
            return self._t(f"l_{k}")
        if k == "scout":
            return self._t("l_scout", option=self._t(f"option.{a.option}"))
        if k == "leader":
            return self._t("l_leader", card=a.card, type=self._type_of(a.card))
        if k == "play":
            return self._t("l_play", what=self._played_words(a))
        if k == "remove":
            return self._t("l_remove", what=self._unit_words(obs, a.squares[0]) if a.squares else a.card)
        if k == "rally":
            return self._t("l_rally", square=a.squares[0]) if a.squares else self._t("l_rally_none")
        return str(a)

    # --------------------------------------------------------------- affordances
    def _legal(self) -> list[Action]:
        g = self.game
        if self._thinking or g.to_act is None or g.to_act != self.side:
            return []
        return g.legal_actions()

    @staticmethod
    def _origin_of(a: Action) -> list[str]:
        """What the player chooses first for this action (a square, a card), or [] for an
        action taken at once (a button or a square lit without choosing)."""
        if a.kind in ("move", "fire"):
            return [a.squares[0]]
        if a.kind == "attack":
            return list(a.squares[:-1])
        if a.kind in ("deploy", "reinforce"):
            return [a.card]
        if a.kind == "play":
            return [a.card]
        return []

    @staticmethod
    def _target_of(a: Action) -> str | None:
        """The square clicked to take the action, if there is exactly one."""
        if a.kind in ("move", "fire", "attack"):
            return a.squares[-1]
        if a.kind in ("deploy", "reinforce"):
            return a.squares[0]
        if a.kind == "play" and len(a.squares) == 1:
            return a.squares[0]
        if a.kind in ("remove", "rally") and a.squares:
            return a.squares[0]
        return None

    def _attack_plan(self, legal: list[Action]) -> dict | None:
        """The melee attack being built from the chosen card: its attackers (the chosen card
        first, then those added), the legal attacks by exactly those cards, and the cards
        that may still join (None when the chosen card makes no attack)."""
        chosen = self._selected
        attacks = [a for a in legal if a.kind == "attack" and chosen in a.squares[:-1]]
        if not attacks:
            self._group = []
            return None
        members = {chosen, *self._group}
        fits = [a for a in attacks if members <= set(a.squares[:-1])]
        if not fits:   # the field changed under the group: start again from the chosen card
            self._group, members, fits = [], {chosen}, attacks
        return {"attackers": [chosen, *self._group],
                "exact": [a for a in fits if set(a.squares[:-1]) == members],
                "joinable": sorted({x for a in fits for x in a.squares[:-1]} - members)}

    def _attack_view(self, obs, plan: dict, choices: list[dict]) -> dict:
        """The combined attack on screen: who attacks, who may join, and in words the
        strength against each target (the targets' odds are in ``choices``)."""
        attackers = [{"square": sq, "label": self._unit_words(obs, sq), "chosen": i == 0}
                     for i, sq in enumerate(plan["attackers"])]
        joinable = [{"square": sq, "label": self._t("join_label", unit=self._unit_words(obs, sq))}
                     for sq in plan["joinable"]]
        names = self._t("and").join(a["label"] for a in attackers)
        if choices:
            text = self._t("attack_with", units=names) + self._t("list_sep").join(
                c["strength"]["text"] for c in choices if c.get("strength"))
        else:
            text = self._t("attack_needs_more", units=names, squares=", ".join(plan["joinable"]))
        if plan["joinable"]:
            text += self._t("attack_may_join", squares=", ".join(plan["joinable"]))
        return {"attackers": attackers, "joinable": joinable, "text": text,
                "combined": len(attackers) > 1 or bool(joinable)}

    def _strength(self, obs, a: Action) -> dict:
        """An attack's totals before the dice (each side then adds a die)."""
        n = self.game.melee_numbers(a)
        attack = n.attack + n.attack_modifier
        defence = defence_strength(n.defence, n.defender_disrupted) + n.defence_modifier
        return {"attack": attack, "defence": defence,
                "text": self._t("strength", attack=attack, defence=defence,
                                target=self._unit_words(obs, a.squares[-1]))}

    def _origins(self) -> set[str]:
        return {o for a in self._legal() for o in self._origin_of(a)}

    def _choice(self, obs, a: Action, with_odds: bool) -> dict:
        c = {"action": str(a), "label": self._label(obs, a), "kind": a.kind, "square": self._target_of(a)}
        if a.kind == "stand" and self._standing_odds is not None:
            o = self._standing_odds
            c["odds"] = {"no_effect": _fraction(o.no_effect), "disrupted": _fraction(o.disrupted),
                         "eliminated": _fraction(o.eliminated)}
            c["label"] += self._t("odds", none=c["odds"]["no_effect"]["fraction"],
                                  dis=c["odds"]["disrupted"]["fraction"], elim=c["odds"]["eliminated"]["fraction"])
        if with_odds and a.kind in ("fire", "attack"):
            o = self.game.odds(a)
            c["odds"] = {"no_effect": _fraction(o.no_effect), "disrupted": _fraction(o.disrupted),
                         "eliminated": _fraction(o.eliminated)}
            if a.kind == "attack":
                c["strength"] = self._strength(obs, a)
            c["label"] += self._t("odds", none=c["odds"]["no_effect"]["fraction"],
                                  dis=c["odds"]["disrupted"]["fraction"], elim=c["odds"]["eliminated"]["fraction"])
        return c

    # --------------------------------------------------------------- the view
    def _refresh(self) -> None:
        self.view = self._builder_view() if self._draft is not None else self._build_view()

    # --------------------------------------------------------------- the army builder
    @builder.on("army", op=Choice(ARMY_OPS), colour=Choice(COLOURS, optional=True), card=Text(optional=True))
    def _msg_army(self, op: str, colour: str | None = None, card: str | None = None) -> None:
        """``{"type": "army", "op": "colour" | "add" | "remove" | "bow" | "confirm", ...}``:
        build a points army (``colour`` with ``"colour": "R"``, the others with ``"card"``)."""
        wants = "colour" if op == "colour" else "card" if op != "confirm" else None
        given = {"colour": colour, "card": card}
        for name, value in given.items():
            if value is None and name == wants:
                raise ValueError(f"army {op}: the field {name!r} is missing")
            if value is not None and name != wants:
                raise ValueError(f"army {op}: takes no {name!r}")
        d = self._draft
        if op == "colour":
            if colour in d["colours"]:
                d["colours"].remove(colour)
                d["cards"] = [c for c in d["cards"] if c[0] != colour]
                d["bows"] = [c for c in d["bows"] if c[0] != colour]
            else:
                d["colours"].append(colour)
        elif op == "confirm":
            self._confirm_army()
            return
        else:
            if card not in {c["id"] for c in self._palette()}:
                raise ValueError(f"{shorten(card)}: not a troop card of the colours chosen")
            if op == "add":
                if card in d["cards"]:
                    raise ValueError(f"{card} is in the army already")
                d["cards"].append(card)
            elif op == "remove":
                if card not in d["cards"]:
                    raise ValueError(f"{card} is not in the army")
                d["cards"].remove(card)
                if card in d["bows"]:
                    d["bows"].remove(card)
            else:
                if card not in d["cards"]:
                    raise ValueError(f"{card} is not in the army")
                bows = [b for b in d["bows"] if b != card] if card in d["bows"] else d["bows"] + [card]
                Army(d["cards"], bows=bows)      # the engine refuses a bow a type cannot carry
                d["bows"] = bows
        self._message = None
        self._refresh()

    def _draft_army(self) -> Army:
        d = self._draft
        return Army(sorted(d["cards"], key=lambda c: (Card(c).value, c)), bows=d["bows"], name="your army")

    def _opponent_army(self, mine: Army) -> Army:
        """The bot's army from three colours the player's army does not use: its own
        ``build_army(colours)`` when it has one, else Heavy Cavalry to Hoplites (90 points)."""
        free = "".join([c for c in COLOURS if c not in mine.colours][:3])
        if self.bot is not None and hasattr(self.bot, "build_army"):
            return self.bot.build_army(free)
        return Army([f"{c}{v}" for c in free for v in (8, 7, 6, 5, 4)], name="the bot's army")

    def _problem(self) -> str | None:
        """The first limit the draft army breaks, in the engine's words (None if it is sound)."""
        try:
            check_points_army(self._draft_army())
        except ValueError as e:
            return str(e)
        return None

    def _confirm_army(self) -> None:
        problem = self._problem()
        if problem is not None:
            raise ValueError(f"the army cannot be confirmed: {problem}")
        mine = self._draft_army()
        theirs = self._opponent_army(mine)
        south, north = (mine, theirs) if self.human == "south" else (theirs, mine)
        self.game = AncientGame.points(south, north, seed=self._seed, advanced=self._advanced)
        self._draft = None
        self._reset_bookkeeping()
        self._note(self._t("log_points", mine=mine.points, theirs=theirs.points))
        self._refresh()
        self._maybe_bot()

    def _palette(self) -> list[dict]:
        d = self._draft
        out = []
        for colour in d["colours"]:
            for value in range(1, 11):
                card = Card(f"{colour}{value}")
                t = troop_type(value)
                out.append(dict(card_json(card, self.lang), type=ancient_troop(t.value, self.lang), in_army=str(card) in d["cards"],
                                bow=str(card) in d["bows"], can_bow=t.may_carry_bow))
        return out

    def _builder_view(self) -> dict:
        d = self._draft
        problem = self._problem() if d["cards"] else self._t("builder_start")
        army = [c for c in self._palette() if c["in_army"]]
        points = sum(c["value"] + (1 if c["bow"] else 0) for c in army)
        counts: dict[str, int] = {}
        for c in army:
            counts[c["type"]] = counts.get(c["type"], 0) + 1
        return {
            "game": "ancient", "mode": "builder", "lang": self.lang, "side": self.human, "message": self._message,
            "status": self._t("builder_status"),
            "builder": {"colours_all": list(COLOURS), "colours": list(d["colours"]), "palette": self._palette(),
                        "army": army, "points": points, "budget": POINTS_BUDGET, "left": POINTS_BUDGET - points,
                        "cards": len(army), "max_cards": MAX_CARDS, "max_per_type": MAX_PER_TYPE,
                        "max_colours": MAX_COLOURS, "types": counts, "problem": problem,
                        "can_confirm": problem is None},
        }

    def _build_view(self) -> dict:
        g = self.game
        side = self.side
        obs = g.observation(side)
        other = "north" if side == "south" else "south"
        legal = self._legal()
        if self._selected is not None and self._selected not in {o for a in legal for o in self._origin_of(a)}:
            self._selected = None
        plan = self._attack_plan(legal)
        choices = [self._choice(obs, a, True) for a in legal if self._selected in self._origin_of(a)
                   and (plan is None or a.kind != "attack" or a in plan["exact"])]
        free = [a for a in legal if not self._origin_of(a)]
        field_squares = [self._square(obs, sq, side) for sq in self._display_order(obs.width, side)]
        selectable = sorted({o for a in legal for o in self._origin_of(a)})
        sc = SCENARIOS.get(obs.scenario) if obs.scenario else None
        status = self._status(obs)
        return {
            "game": "ancient", "lang": self.lang, "side": side, "opponent": other,
            "side_names": {x: self._side_word(x) for x in SIDES},
            "hot_seat": self.bot is None, "width": obs.width, "turn": obs.turn, "phase": obs.phase,
            "to_act": obs.to_act, "my_turn": bool(legal), "thinking": self._thinking,
            "first": obs.first, "advanced": list(obs.advanced), "status": status,
            "scenario": None if sc is None else {
                "name": sc.name, "title": ancient_scenario_words(sc.title, self.lang),
                "south": ancient_scenario_words(sc.south.name, self.lang),
                "north": ancient_scenario_words(sc.north.name, self.lang),
                "notes": ancient_scenario_words(sc.notes, self.lang)},
            "rows": [field_squares[i * obs.width:(i + 1) * obs.width] for i in range(4)],
            "actions_left": obs.actions_left if obs.phase == "actions" else None,
            "reserve": [self._reserve_card(c) for c in obs.reserve[side]],
            "opponent_reserve": obs.reserve_sizes[other],
            "hand": [dict(card_json(Card(c), self.lang), playable=c in selectable) for c in obs.hand],
            "opponent_hand": obs.opponent_hand_size, "deck": obs.deck_size,
            "discards": list(obs.discards),
            "leaders": {s: {"card": v[0], "with": v[1]} for s, v in obs.leaders.items()},
            "score": {s: self._score(obs, s) for s in SIDES},
            "selectable": selectable, "selected": self._selected, "choices": choices,
            "targets": [self._choice(obs, a, False) for a in free if self._target_of(a)],
            "buttons": [self._choice(obs, a, False) for a in free if not self._target_of(a)],
            "log": list(self._log[-200:]), "dice": self._dice,
            "message": self._message, "can_undo": bool([m for m in self._marks if m < len(g.actions_played)])
            and not self._thinking,
            "outcome": None if g.outcome is None else {"winner": g.outcome.winner, "reason": g.outcome.reason,
                                                        "text": self._t(f"reason.{g.outcome.reason}")},
            "placeholder_bot": self.placeholder_bot, "played": len(g.actions_played),
            "help": self._help(obs),
            "attack": None if plan is None else self._attack_view(obs, plan, choices),
        }

    @staticmethod
    def _display_order(width: int, side: str) -> list[str]:
        """Squares top row first: the opponent's Back Row at the top, yours at the bottom."""
        cols = "abcdefghijk"[:width]
        rows = (4, 3, 2, 1) if side == "south" else (1, 2, 3, 4)
        if side == "north":
            cols = cols[::-1]
        return [f"{c}{r}" for r in rows for c in cols]

    def _square(self, obs, sq: str, side: str) -> dict:
        row = int(sq[1:])
        cell = obs.field.get(sq)
        back = "south" if row == 1 else "north" if row == 4 else None
        d = {"square": sq, "row": row, "terrain": obs.terrain.get(sq), "back_row": back,
             "front_row": "south" if row == 2 else "north" if row == 3 else None, "unit": None}
        if cell is not None:
            if cell.get("hidden"):
                d["unit"] = {"side": cell["side"], "mine": cell["side"] == side, "hidden": True}
            else:
                value = Card(cell["cards"][0]).value
                d["unit"] = {
                    "side": cell["side"], "mine": cell["side"] == side, "hidden": False,
                    "cards": [card_json(Card(c), self.lang) for c in cell["cards"]],
                    "type": ancient_troop(value, self.lang),
                    "value": value, "symbol": SYMBOLS[value], "family": FAMILIES[value],
                    "disrupted": cell["disrupted"], "bow": bool(cell["bows"]), "quality": cell["attachment"],
                    "leader": cell["leader"], "stack": len(cell["cards"]) > 1,
                    # every card deployed stays face down until the reveal ends the deployment
                    "facedown_own": obs.phase == "deploy",
                }
        unit = d["unit"]
        if unit is None:
            words = self._t("sq_empty")
        elif unit["hidden"]:
            words = self._t("sq_hidden_mine" if unit["mine"] else "sq_hidden_theirs")
        else:
            extras = [w for w, on in ((self._t("x_bow"), unit["bow"]),
                                      (unit["quality"] and self._t(f"x_{unit['quality']}"), unit["quality"]),
                                      (self._t("x_leader", name=unit["leader"]), unit["leader"]),
                                      (self._t("x_stack"), unit["stack"]),
                                      (self._t("x_disrupted"), unit["disrupted"])) if on]
            ids = "+".join(c["id"] for c in unit["cards"])
            words = (self._t("sq_mine" if unit["mine"] else "sq_theirs", type=unit["type"], cards=ids)
                     + (self._t("list_sep") if self.lang == "ja" else ", ").join([""] + extras))
        if d["terrain"]:
            words += self._t("sq_bad", kind=d["terrain"])
        d["label"] = f"{sq}, {words}"
        return d

    def _reserve_card(self, c: str) -> dict:
        card = Card(c)
        return dict(card_json(card, self.lang), type=ancient_troop(card.value, self.lang), symbol=SYMBOLS[card.value], family=FAMILIES[card.value])

    @staticmethod
    def _score(obs, side: str) -> dict:
        """Casualties of ``side`` against its army's value, and the opponent's Back Row it holds."""
        army_text = obs.armies[side]
        if army_text:
            army = Army.from_text(" ".join(army_text))
            lost, points = sum(army.cost(Card(c)) for c in obs.eliminated[side]), army.points
        else:
            lost = points = 0
        back = 4 if side == "south" else 1
        held = sorted(sq for sq, cell in obs.field.items() if int(sq[1:]) == back and not cell.get("hidden")
                      and cell["side"] == side and not cell["disrupted"]
                      and troop_type(Card(cell["cards"][0]).value).holds_ground)
        return {"lost": lost, "army": points, "loses_above": points / 2,
                "back_row_held": held, "back_row_needed": obs.width // 2 + 1}

    def _status(self, obs) -> str:
        if obs.outcome is not None:
            return self._outcome_words(*obs.outcome)
        if self._thinking:
            return self._t("thinking", side=self._side_word(obs.to_act))
        who = self._t("your") if obs.to_act == obs.side else self._t("theirs", side=self._side_word(obs.to_act))
        words = self._t(f"phase.{obs.phase}") if obs.phase in PHASES else obs.phase
        if obs.phase == "withdrawal" and obs.to_act == obs.side:
            if self._attacked in obs.field:
                words = self._t("attacked_prompt", unit=self._unit_words(obs, self._attacked))
        extra = self._t("actions_left", n=obs.actions_left) if obs.phase == "actions" else ""
        return self._t("status", turn=obs.turn, who=who, words=words, extra=extra)

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


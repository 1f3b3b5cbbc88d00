"""What the Ancient Battles view says: units, actions, log lines and outcomes, in the
language on screen.

A thin layer over the shared :class:`~battleline.widgets.wording.Wording`, whose sentences come from the
Ancient block of :mod:`battleline.texts` (``ancient_say``). It reads only observations
(``game.observation(side)``) and actions, never the game itself.

>>> words = AncientWords("ja")
>>> words.side("south"), words.troop(7)
('南軍', '軽騎兵')
>>> from battleline.ancient import Action
>>> AncientWords().label(None, Action.parse("end actions"))
'End actions'
"""

from __future__ import annotations

from typing import Any

from ...ancient import Action
from ...cards import Card
from ...texts import ancient_say, ancient_scenario_words, ancient_troop, ancient_troop_short
from ..wording import Wording

__all__ = ["AncientWords"]

#: The steps whose end is a button of its own (worded ``end.<step>``).
END_BUTTONS = ("tactics", "actions", "fire", "melee")
#: Actions whose result is worded from the field before and after.
CHANGING = ("fire", "attack", "play", "remove", "stand", "withdraw")


class AncientWords:
    """The Ancient view's words in ``lang`` (``"en"`` or ``"ja"``); ``names`` is the
    rulebook's name set, the only one Ancient Battles uses."""

    def __init__(self, lang: str = "en", names: Any = "ancient") -> None:
        self.wording = Wording(lang, names, sentences=ancient_say)
        #: the side a person plays against a bot (the log and the result then say "You" and
        #: "Bot", as Battle Line's do), or None: two people at one screen, named by side
        self.human: str | None = None

    @property
    def lang(self) -> str:
        return self.wording.lang

    def say(self, key: str, **params) -> str:
        """The view's sentence ``key`` in the language on screen."""
        return self.wording.say(key, **params)

    def card(self, card) -> dict:
        """A card as the browser sees it (the Battle Line widget's card piece)."""
        return self.wording.card(card)

    def troop(self, value: int) -> str:
        return ancient_troop(value, self.lang)

    def troop_short(self, value: int) -> str:
        """The troop type's short name, for a narrow field square: ``Lt Cav`` / ``軽騎``."""
        return ancient_troop_short(value, self.lang)

    def type_of(self, card: str) -> str:
        return self.troop(Card(card).value)

    def scenario(self, text: str) -> str:
        return ancient_scenario_words(text, self.lang)

    def side(self, side: str) -> str:
        return self.say(f"side.{side}")

    def who(self, side: str) -> str:
        """Who acts: ``You`` or ``Bot`` against a bot, else the side (``South``).

        >>> w = AncientWords(); w.who("north"), (setattr(w, "human", "south") or w.who("north"))
        ('North', 'Bot')
        """
        if self.human is None:
            return self.side(side)
        return self.say("you") if side == self.human else self.say("bot")

    def whose(self, side: str) -> str:
        """``Your``, ``Bot's`` or ``South's``, as :meth:`who`."""
        if self.human is None:
            return self.say("whose_side", side=self.side(side))
        return self.say("whose_you") if side == self.human else self.say("whose_bot")

    def first(self, side: str) -> str:
        """`` You move first.`` / `` Bot moves first.`` / `` South moves first.``"""
        return self.say("log_first_you") if side == self.human else self.say("log_first", side=self.who(side))

    def error(self, error: Any) -> str:
        """A refused intent, after the language's lead-in."""
        return self.say("error", text=str(error))

    def odds(self, odds: dict) -> str:
        """The odds of a shot or an attack (as in a choice) after its label."""
        return self.say("odds", none=odds["no_effect"]["fraction"], dis=odds["disrupted"]["fraction"],
                        elim=odds["eliminated"]["fraction"])

    def unit(self, obs, square: str) -> str:
        """The card on ``square`` as ``obs`` shows it (a face-down card stays unnamed)."""
        cell = obs.field.get(square)
        if cell is None:
            return square
        if cell.get("hidden"):
            return self.say("unit_hidden", square=square)
        return self.say("unit", type=self.type_of(cell["cards"][0]), cards="+".join(cell["cards"]), square=square)

    def outcome(self, winner: str | None, reason: str) -> str:
        reason = self.say(f"reason.{reason}")
        if winner is None:
            return self.say("drawn", reason=reason)
        if winner == self.human:
            return self.say("won_you", reason=reason)
        return self.say("won", side=self.who(winner), reason=reason)

    def card_name(self, card: str) -> str:
        """A Tactics card's name in the view's language (``Companion Cavalry``, ``付き添いの騎兵``)."""
        try:
            return self.card(Card(card))["name"]
        except ValueError:
            return card

    def squares(self, squares) -> str:
        """``a1``, ``a1 and g1``, ``a1, b1 and g1`` (``a1、b1とg1``)."""
        squares = list(squares)
        if len(squares) < 2:
            return "".join(squares)
        return self.say("tag_sep").join(squares[:-1]) + self.say("and") + squares[-1]

    def played(self, a: Action) -> str:
        """A played Tactics card in words: its name and what it names, no notation.

        >>> AncientWords().played(Action.parse("play Companion@i1"))
        'Companion Cavalry on i1'
        >>> AncientWords("ja").played(Action.parse("play Alexander a1 g1"))
        'アレクサンダー（a1とg1を再集結）'
        """
        name, squares = self.card_name(a.card), a.squares
        if a.card == "Redeploy" and len(squares) == 2:
            return self.say("play_redeploy", card=name, frm=squares[0], to=squares[1])
        if a.card in ("Fog", "Mud", "Shield", "Companion") and len(squares) == 1:
            return self.say("play_on", card=name, square=squares[0])
        if a.card in ("Traitor", "Deserter") or not a.card:
            return name
        # a leader: from hand it rallies the squares named; a scenario leader its own card
        return self.say("play_leader", card=name, squares=self.squares(squares)) if squares else \
            self.say("play_leader_own", card=name)

    def changes(self, before, after) -> str:
        """What an action did to the cards on the field, from the observations around it."""
        out = []
        for sq, cell in sorted(before.field.items()):
            if cell.get("hidden"):
                continue
            now = after.field.get(sq)
            if now is None or now.get("cards") != cell["cards"]:
                if not any(n.get("cards") == cell["cards"] for n in after.field.values()):
                    out.append(self.say("ch_eliminated", square=sq))
            elif now["disrupted"] and not cell["disrupted"]:
                out.append(self.say("ch_disrupted", square=sq))
            elif cell["disrupted"] and not now["disrupted"]:
                out.append(self.say("ch_rallied", square=sq))
        return self.say("log_result", changes=", ".join(out)) if out else ""

    def describe(self, side: str, a: Action, before, after, rolls: list[int],
                 initiative: list[int] = ()) -> tuple[str, dict | None]:
        """The log line of ``side``'s action ``a`` (observations before and after it, the dice
        it rolled, and the next turn's ``initiative`` dice rolled at once after it: see
        :meth:`~battleline.ancient.AncientGame.last_dice`), and the dice to show for it
        (None: the dice shown stay)."""
        if a.kind in ("roll", "scout"):
            rolls, initiative = list(rolls) + list(initiative), []
        if initiative:
            # nobody held a Tactics card: the next turn's initiative was rolled at once, and
            # gets a line of its own after the action's (an "end" has no line)
            first = self.describe(side, a, before, after, rolls)[0] if a.kind != "end" else ""
            line = self.say("log_initiative", turn=after.turn, dice=", ".join(map(str, initiative)),
                            first=self.first(after.first))
            return ((first + "\n" + line) if first else line), {"text": line, "rolls": list(initiative), "side": None}
        who = self.who(side)
        dice = self.say("log_dice", dice=", ".join(map(str, rolls))) if rolls else ""
        k = a.kind
        if k == "end":
            return "", None
        text = self._action_words(who, a, before, self.whose(side))
        result = self.changes(before, after) if k in CHANGING else ""
        if k in ("fire", "attack") and not result:
            result = self.say("log_no_effect") if rolls else ""
        if k in ("roll", "scout") and after.turn >= before.turn:
            result = self.first(after.first)
        line = text + dice + result
        shown = {"text": line, "rolls": list(rolls), "side": side} if rolls or k in ("fire", "attack") else None
        return line, shown

    def _action_words(self, who: str, a: Action, before, whose: str) -> str:
        k = a.kind
        if k == "move":
            return self.say("log_move", who=who, unit=self.unit(before, a.squares[0]), to=a.squares[1])
        if k == "deploy":
            return self.say("log_deploy", who=who, square=a.squares[0])
        if k == "reinforce":
            return self.say("log_reinforce", who=who, type=self.type_of(a.card), card=a.card, square=a.squares[0])
        if k == "leader":
            return self.say("log_leader", who=who, whose=whose, card=a.card, type=self.type_of(a.card))
        if k == "draw":
            return self.say("log_draw", who=who)
        if k in ("fire", "attack"):
            attackers = self.say("and").join(self.unit(before, s) for s in a.squares[:-1])
            key = "log_fire" if k == "fire" else ("log_attack" if len(a.squares) > 2 else "log_attack1")
            return self.say(key, who=who, attackers=attackers, target=self.unit(before, a.squares[-1]))
        if k == "roll":
            return self.say("log_roll", who=who)
        if k == "scout":
            return self.say("log_scout", who=who, option=self.say(f"option.{a.option}"))
        if k == "play":
            return self.say("log_play", who=who, what=self.played(a))
        if k == "remove":
            target = a.squares[0] if a.squares else a.card
            return self.say("log_remove", who=who, what=self.unit(before, target) if a.squares else self.reserve_card(target))
        if k in ("withdraw", "stand"):
            return self.say(f"log_{k}", who=who, whose=whose)
        if k == "rally":
            return (self.say("log_rally", who=who, square=a.squares[0]) if a.squares
                    else self.say("log_rally_none", who=who))
        return f"{who}: {a}."

    def reserve_card(self, card: str) -> str:
        """A card removed from the reserve: ``Peltasts (R2) from the reserve``."""
        return self.say("from_reserve", type=self.type_of(card), card=card)

    def label(self, obs, a: Action) -> str:
        """The label of a legal action offered to the player (a choice or a button)."""
        k = a.kind
        if k == "move":
            return self.say("l_move", unit=self.unit(obs, a.squares[0]), to=a.squares[1])
        if k in ("deploy", "reinforce"):
            return self.say(f"l_{k}", type=self.type_of(a.card), card=a.card, square=a.squares[0])
        if k == "fire":
            return self.say("l_fire", unit=self.unit(obs, a.squares[0]), target=self.unit(obs, a.squares[1]))
        if k == "attack":
            who = self.say("and").join(self.unit(obs, s) for s in a.squares[:-1])
            return self.say("l_attack1" if len(a.squares) == 2 else "l_attack", units=who,
                            target=self.unit(obs, a.squares[-1]))
        if k == "end":
            return self.say(f"end.{a.option}") if a.option in END_BUTTONS else str(a)
        if k in ("draw", "roll", "withdraw", "stand"):
            return self.say(f"l_{k}")
        if k == "scout":
            return self.say("l_scout", option=self.say(f"option.{a.option}"))
        if k == "leader":
            return self.say("l_leader", card=a.card, type=self.type_of(a.card))
        if k == "play":
            return self.say("l_play", what=self.played(a))
        if k == "remove":
            return self.say("l_remove", what=self.unit(obs, a.squares[0]) if a.squares else self.reserve_card(a.card))
        if k == "rally":
            return self.say("l_rally", square=a.squares[0]) if a.squares else self.say("l_rally_none")
        return str(a)

"""The army builder of a points battle (``scenario="points"``): three colours, troops in
and out, bows, the budget and every limit live in the engine's words, and a confirm that
refuses a bad army.

Its messages are :data:`ArmyBuilder.messages` (``army``, ``dismiss``); a confirmed army goes
to ``on_confirm``, which starts the battle.

>>> armies = []
>>> b = ArmyBuilder(AncientWords(), on_confirm=armies.append)
>>> ArmyBuilder.messages.dispatch(b, {"type": "army", "op": "colour", "colour": "R"})
>>> ArmyBuilder.messages.dispatch(b, {"type": "army", "op": "add", "card": "R8"})
>>> b.view("south")["builder"]["points"], b.problem()
(8, None)
>>> ArmyBuilder.messages.dispatch(b, {"type": "army", "op": "confirm"}); armies, b.view("south")["builder"]["ask"][:40]
([], 'Your army costs 8 of 100 points, 92 unsp')
>>> ArmyBuilder.messages.dispatch(b, {"type": "army", "op": "confirm"}); armies[0].points   # asked again
8
"""

from __future__ import annotations

from typing import Callable

from ...ancient import Army, troop_type
from ...ancient.armies import MAX_CARDS, MAX_COLOURS, MAX_PER_TYPE, POINTS_BUDGET, check_points_army, may_buy_bow
from ...cards import Card
from ...errors import shorten
from ..messages import Choice, MessageRouter, Text
from .words import AncientWords

__all__ = ["ArmyBuilder", "COLOURS", "ARMY_OPS"]

COLOURS = ("R", "O", "Y", "G", "B", "P")
#: What the ``army`` message may do.
ARMY_OPS = ("colour", "add", "remove", "bow", "confirm")


class ArmyBuilder:
    """A points army being built: the colours chosen, the troop cards and the bows."""

    messages = MessageRouter("the army builder", unavailable="build and confirm your army first")

    def __init__(self, words: AncientWords, on_confirm: Callable[[Army], None],
                 refresh: Callable[[], None] = lambda: None) -> None:
        self.words = words
        self.on_confirm = on_confirm
        self.refresh = refresh
        self.colours: list[str] = []
        self.cards: list[str] = []
        self.bows: list[str] = []
        self.message: dict | None = None
        # an army confirmed once with points unspent: the second confirm plays it
        self.asked: tuple | None = None

    # ------------------------------------------------------------ messages
    @messages.on("army", op=Choice(ARMY_OPS), colour=Choice(COLOURS, optional=True), card=Text(optional=True))
    def army_message(self, op: str, colour: str | None = None, card: str | None = None) -> None:
        """``{"type": "army", "op": "colour" | "add" | "remove" | "bow" | "confirm", ...}``:
        ``colour`` with ``"colour": "R"`` (a toggle), ``add``/``remove``/``bow`` with ``"card"``."""
        wants = "colour" if op == "colour" else None if op == "confirm" else "card"
        for name, value in (("colour", colour), ("card", card)):
            if value is None and name == wants:
                raise ValueError(f"army {op}: the field {name!r} is missing")
            if value is not None and name != wants:
                raise ValueError(f"army {op}: takes no {name!r}")
        if op == "confirm":
            self.confirm()
            return
        self.asked = None    # a changed army is asked about afresh
        if op == "colour":
            self.toggle_colour(colour)
        elif op == "add":
            self.add(card)
        elif op == "remove":
            self.remove(card)
        else:
            self.toggle_bow(card)
        self.message = None
        self.refresh()

    @messages.on("dismiss")
    def dismiss(self) -> None:
        """``{"type": "dismiss"}``: close the message."""
        self.message = None
        self.refresh()

    def show_error(self, error) -> None:
        self.message = {"kind": "error", "text": self.words.error(error)}
        self.refresh()

    # ------------------------------------------------------------ building
    def toggle_colour(self, colour: str) -> None:
        """Choose ``colour``, or drop it with its cards."""
        if colour in self.colours:
            self.colours.remove(colour)
            self.cards = [c for c in self.cards if c[0] != colour]
            self.bows = [c for c in self.bows if c[0] != colour]
        else:
            self.colours.append(colour)

    def _troop_card(self, card: str) -> str:
        if card not in {c["id"] for c in self.palette()}:
            raise ValueError(f"{shorten(card)}: not a troop card of the colours chosen")
        return card

    def add(self, card: str) -> None:
        if self._troop_card(card) in self.cards:
            raise ValueError(f"{card} is in the army already")
        self.cards.append(card)

    def remove(self, card: str) -> None:
        if self._troop_card(card) not in self.cards:
            raise ValueError(f"{card} is not in the army")
        self.cards.remove(card)
        if card in self.bows:
            self.bows.remove(card)

    def toggle_bow(self, card: str) -> None:
        if self._troop_card(card) not in self.cards:
            raise ValueError(f"{card} is not in the army")
        bows = [b for b in self.bows if b != card] if card in self.bows else self.bows + [card]
        Army(self.cards, bows=bows)      # the engine refuses a bow a type cannot carry
        if card not in self.bows and not may_buy_bow(Card(card).value):
            # refused at once, as docs/widget.md says (the button is not offered either)
            raise ValueError(f"bow on {card}: Heavy Cavalry with bow exists only in scenarios")
        self.bows = bows

    def army(self) -> Army:
        return Army(sorted(self.cards, key=lambda c: (Card(c).value, c)), bows=self.bows, name="your army")

    def problem(self) -> str | None:
        """The first limit the army breaks, in the engine's words (None if it is sound)."""
        try:
            check_points_army(self.army())
        except ValueError as e:
            return str(e)
        return None

    def unspent(self) -> int:
        """The points of the budget the army leaves unspent."""
        return POINTS_BUDGET - self.army().points

    def confirm(self) -> None:
        """Play the army (refused if it breaks a limit). An army with points unspent is
        confirmed on the second confirm: the first says how many are left."""
        problem = self.problem()
        if problem is not None:
            raise ValueError(f"the army cannot be confirmed: {problem}")
        army = self.army()
        if self.unspent() > 0 and self.asked != (tuple(self.cards), tuple(self.bows)):
            self.asked = (tuple(self.cards), tuple(self.bows))
            self.message = None
            self.refresh()
            return
        self.on_confirm(army)

    # ------------------------------------------------------------ the view
    def _ask(self, points: int) -> str | None:
        """The question after a first confirm with points unspent (None otherwise)."""
        if self.asked is None:
            return None
        return self.words.say("builder_unspent", points=points, budget=POINTS_BUDGET,
                              left=POINTS_BUDGET - points)

    def palette(self) -> list[dict]:
        """The troop cards of the colours chosen, as card pieces with their type and bow."""
        out = []
        for colour in self.colours:
            for value in range(1, 11):
                card = Card(f"{colour}{value}")
                t = troop_type(value)
                out.append(dict(self.words.card(card), type=self.words.troop(t.value), in_army=str(card) in self.cards,
                                bow=str(card) in self.bows, can_bow=may_buy_bow(t.value)))
        return out

    def view(self, side: str) -> dict:
        palette = self.palette()
        problem = self.problem() if self.cards else self.words.say("builder_start")
        army = [c for c in palette if c["in_army"]]
        points = sum(c["value"] + (1 if c["bow"] else 0) for c in army)
        counts: dict[str, int] = {}
        for c in army:
            counts[c["type"]] = counts.get(c["type"], 0) + 1
        return {
            "game": "ancient", "mode": "builder", "lang": self.words.lang, "side": side, "message": self.message,
            "status": self.words.say("builder_status"),
            "builder": {"colours_all": list(COLOURS), "colours": list(self.colours), "palette": palette,
                        "army": army, "points": points, "budget": POINTS_BUDGET, "left": POINTS_BUDGET - points,
                        "cards": len(army), "max_cards": MAX_CARDS, "max_per_type": MAX_PER_TYPE,
                        "max_colours": MAX_COLOURS, "types": counts, "problem": problem,
                        "can_confirm": problem is None, "ask": self._ask(points)},
        }

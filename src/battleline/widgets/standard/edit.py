"""Edit mode: the position editor, a :class:`~battleline.standard.editor.PositionDraft` on screen.

Every message kind of edit mode has one typed handler in
:data:`EditController.messages`; the draft checks each change with the engine's
own rules and refuses a bad one whole.

>>> from battleline.widgets import PositionEditor
>>> ed = PositionEditor()
>>> ed._on_msg(None, {"type": "edit_place", "card": "R7", "to": "flag", "flag": 3, "side": "south"})
>>> ed.view["editor"]["flags"][2]["south"][0]["id"], ed.view["editor"]["flags"][2]["required"]
('R7', 3)
"""

from __future__ import annotations

from ... import texts
from ...standard.bots import LEVELS
from ...cards import ALL_CARDS
from ...standard.editor import RULE_SETS, PositionDraft
from ...errors import PositionError
from ...standard.game import PLAYER_NAMES
from .host import Host
from ..messages import Choice, Integer, MessageRouter, Text

__all__ = ["EditController", "SIDES", "DEFAULT_OPPONENT"]

SIDES = {"north": 0, "south": 1}
PLACES = ("flag", "hand", "discard", "deck", "rest")
DEFAULT_OPPONENT = "hard"  # the opponent "Play from here" offers first


def side_number(name) -> int:
    if not isinstance(name, str) or name not in SIDES:  # a list would not even hash
        raise ValueError(f"a side is 'north' or 'south', not {texts.shorten_text(name)}")
    return SIDES[name]


class EditController:
    """Edit mode of one widget (``host``): the draft and the answer to the last edit."""

    messages = MessageRouter("edit mode")

    def __init__(self, host: Host, draft: PositionDraft | None):
        self.host = host
        self.words = host.wording
        self.draft = draft if draft is not None else PositionDraft()
        self.message: dict | None = None

    def show_error(self, error) -> None:
        self.message = {"kind": "error", "text": error}

    def changed(self, message: dict | None = None) -> None:
        self.message = message
        self.host.refresh()

    # ------------------------------------------------------------ messages
    @messages.on("edit_place", card=Text(), to=Choice(PLACES), flag=Integer(optional=True),
                 side=Choice(SIDES, optional=True), player=Choice(SIDES, optional=True))
    def on_place(self, card: str, to: str, flag: int | None = None, side: str | None = None,
                 player: str | None = None) -> None:
        d = self.draft
        if to == "flag":
            d.put(card, flag=flag, side=side_number(side))
        elif to in ("hand", "discard"):
            d.put(card, **{to: side_number(player)})
        elif to == "deck":
            d.put(card, deck_top=True)
        else:
            d.remove(card)
        self.changed()

    @messages.on("edit_claim", flag=Integer(), player=Choice(SIDES, optional=True, nullable=True))
    def on_claim(self, flag: int, player: str | None = None) -> None:
        self.draft.claim(flag, None if player is None else SIDES[player])
        self.changed()

    @messages.on("edit_set", to_move=Choice(SIDES, optional=True), rules=Text(optional=True))
    def on_set(self, to_move: str | None = None, rules: str | None = None) -> None:
        d = self.draft
        before = d.rules
        if rules is not None:
            d.set_rules(rules)  # the draft names the rules it knows
        if to_move is not None:
            try:
                d.set_turn(SIDES[to_move])
            except PositionError:
                d.set_rules(before)  # all or nothing
                raise
        self.changed()

    @messages.on("edit_load", text=Text())
    def on_load(self, text: str) -> None:
        new, dropped = PositionDraft.from_text(text)
        self.draft = new
        line = self.words.line
        self.changed({"kind": "info", "text": line("ed_dropped", what=texts.Dropped(dropped))
                      if dropped else line("ed_loaded")})

    @messages.on("edit_clear")
    def on_clear(self) -> None:
        d = self.draft
        self.draft = PositionDraft(rules=d.rules, to_move=d.to_move)
        self.changed({"kind": "info", "text": self.words.line("ed_cleared")})

    @messages.on("edit_play", opponent=Text(optional=True, nullable=True))
    def on_play(self, opponent: str | None = None) -> None:
        self.host.play_from_editor(opponent)  # it names the levels it knows

    # ------------------------------------------------------------ the view
    def view(self) -> dict:
        d = self.draft
        words = self.words
        card = words.card
        where = d.where
        placed = d.placed(lambda place: texts.place_words(place, words.lang))
        game = d.game()
        flags = []
        for f in range(1, 10):
            sides = {name: [card(c) for c in d.order if where[c] == ("flag", f, p) and c.is_formation_card]
                     for name, p in SIDES.items()}
            env = [{"card": card(c), "side": PLAYER_NAMES[where[c][2]]}
                   for c in d.order if where[c][:2] == ("flag", f) and not c.is_formation_card]
            claimed = d.claimed.get(f)
            flags.append({"number": f, **sides, "env": env, "required": game.required(f),
                          "claimed": None if claimed is None else PLAYER_NAMES[claimed]})
        tops = {name: [card(c) for c in reversed(d.order) if where[c] == ("deck", k)]
                for k, name in ((0, "troop"), (1, "tactic"))}
        rest = {"troop": sum(1 for c in ALL_CARDS if c.is_troop and c not in where),
                "tactic": sum(1 for c in ALL_CARDS if c.is_tactic and c not in where)}
        return {
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
                "rules_offered": [{"id": r, "label": words.say(f"rules_label_{r}")} for r in RULE_SETS],
                "text": d.text(),
                "message": words.message(self.message),
                "opponents": list(LEVELS),
                "opponent_labels": {level: words.say("bot_named", name=texts.level_name(level, words.lang))
                                    for level in LEVELS},
                "default_opponent": DEFAULT_OPPONENT,
            },
        }

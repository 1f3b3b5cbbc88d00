"""Text forms of an Ancient Battles game: the position (exact round trip, readable, fit for
puzzles), the record (JSON: the start, the actions, the rolls) and the terminal drawing.

A position is a list of lines, one fact each; every line but the first may be left out of a
hand-written puzzle (defaults: width 9, no scenario, no Advanced rules, south to act in its
action step of turn 1, all Tactics cards not named elsewhere in the deck, dice seed 0)::

    ancient position
    width 9
    advanced flank rally
    turn 1 first south half 0
    phase actions south
    c2 south R3* disrupted
    c3 north B7
    reserve north G2

Field lines are ``SQUARE SIDE CARD[+CARD] [disrupted] [TACTIC]`` with ``*`` after a card
that carries a bow and a Shield/Companion card last. An army is its cards on the field, in
reserve and eliminated.

>>> from battleline.ancient import AncientGame
>>> g = AncientGame.empty(seed=2); g.put("c2", "R3", "south", bow=True)
>>> "c2 south R3*" in g.position()
True
>>> AncientGame.from_position(g.position()).position() == g.position()
True
"""

from __future__ import annotations

import json

from ..cards import Card
from ..errors import MAX_POSITION_TEXT, PositionError, check_record_length, read_text, shorten
from .board import NORTH, SIDE_NAMES, SIDES, SOUTH, SOUTH_FIRST, by_side
from .dice import MAX_SEED
from .rules import COMPANION, LEADER_CARDS, SHIELD, TERRAIN_CARDS, check_position
from .state import ADVANCED_RULES, PHASES, AncientState, new_state
from .troops import HEAVY_INFANTRY, MOUNTED, TROOP_TYPES

__all__ = ["write_position", "read_position", "write_record", "read_record", "drawing"]

HEADER = "ancient position"
SHORT = [str(Card(i)) for i in range(70)]


def _cards(cards, bows=()) -> str:
    return " ".join(SHORT[c] + ("*" if c in bows else "") for c in cards)


def write_position(s: AncientState, dice_position: int | None = None) -> str:
    """The position text of a state (``dice_position`` overrides the shared stream's, for a
    saved start)."""
    names = s.board.names
    lines = [HEADER, f"width {s.width}"]
    if s.scenario:
        lines.append(f"scenario {s.scenario}")
    lines.append("advanced " + (" ".join(r for r in ADVANCED_RULES if r in s.options) or "none"))
    lines.append(f"draw-after {s.draw_after}")
    for p in SOUTH_FIRST:
        if s.leader_card[p] >= 0:
            on = SHORT[s.leader_of[p]] if s.leader_of[p] >= 0 else "-"
            lines.append(f"leader {SIDE_NAMES[p]} {SHORT[s.leader_card[p]]} {on}"
                         + (" rallied" if s.leader_rallied[p] else ""))
    if any(s.loyalty_extra) or s.small_elephants is not None:
        for p in SOUTH_FIRST:
            if s.loyalty_extra[p]:
                lines.append(f"loyalty {SIDE_NAMES[p]} " + " ".join(str(v) for v in sorted(s.loyalty_extra[p])))
        if s.small_elephants is not None:
            lines.append(f"small-elephants {SIDE_NAMES[s.small_elephants]}")
    lines.append(f"turn {s.turn} first {SIDE_NAMES[s.first]} half {s.half}")
    lines.append(f"phase {s.phase} {SIDE_NAMES[s.to_act]}")
    lines.append(f"actions-left {s.actions_left} drew {'yes' if s.drew else 'no'}")
    for key in ("moved", "placed", "fired", "attacked"):
        cards = sorted(getattr(s, key))
        if cards:
            lines.append(f"{key} {_cards(cards)}")
    if "flank" in s.options and not s.flank_pairs:
        lines.append("flank none")
    elif s.flank_pairs:
        lines.append("flank " + " ".join(f"{SHORT[c]}@{names[a]}>{SHORT[t]}@{names[b]}"
                                         for c, a, t, b in sorted(s.flank_pairs)))
    if s.pending is not None:
        if s.pending[0] == "withdrawal":
            lines.append(f"pending withdrawal {'+'.join(SHORT[c] for c in s.pending[1])}>{SHORT[s.pending[2]]}")
        elif s.pending[0] == "initiative":
            lines.append(" ".join(["pending initiative"] + [SIDE_NAMES[q] for q in s.pending[1]]))
        else:
            lines.append(f"pending loyalty {SHORT[s.pending[1]]}")
    if s.rally_order:
        lines.append("rally-order " + " ".join(SIDE_NAMES[p] for p in s.rally_order))
    lines.append(f"deployed {s.deployed[SOUTH]} {s.deployed[NORTH]} hidden {'yes' if s.hidden_deployment else 'no'}")
    lines.append(f"quiet {s.quiet_turns} hit {'yes' if s.turn_hit else 'no'}")
    if s.outcome is not None:
        w, why = s.outcome
        lines.append(f"outcome {SIDE_NAMES[w] if w >= 0 else 'none'} {why}")
    for sq in range(s.board.size):
        cards = s.unit_cards(sq)
        if cards:
            p = s.owner[cards[0]]
            text = f"{names[sq]} {SIDE_NAMES[p]} " + "+".join(SHORT[c] + ("*" if c in s.bows else "") for c in cards)
            if s.disrupted[cards[0]]:
                text += " disrupted"
            if cards[0] in s.attachments:
                text += " " + SHORT[s.attachments[cards[0]]]
            lines.append(text)
    for sq, c in sorted(s.terrain.items()):
        lines.append(f"terrain {names[sq]} {SHORT[c]}")
    for p in SOUTH_FIRST:
        if s.reserve[p]:
            lines.append(f"reserve {SIDE_NAMES[p]} {_cards(s.reserve[p], s.bows)}")
    for p in SOUTH_FIRST:
        if s.eliminated[p]:
            lines.append(f"eliminated {SIDE_NAMES[p]} {_cards(s.eliminated[p], s.bows)}")
    for p in SOUTH_FIRST:
        if s.hands[p]:
            lines.append(f"hand {SIDE_NAMES[p]} {_cards(s.hands[p])}")
    lines.append("deck " + (_cards(s.deck) or "empty"))
    if s.discards:
        lines.append(f"discards {_cards(s.discards)}")
    d = s.dice
    pos = d.position if dice_position is None else dice_position
    lines.append(f"dice seed {d.seed} position {pos}" + (f" script {' '.join(map(str, d.script))}" if d.script else ""))
    return "\n".join(lines) + "\n"


_KNOWN = {"width", "scenario", "advanced", "draw-after", "leader", "loyalty", "small-elephants", "turn",
          "phase", "actions-left", "moved", "placed", "fired", "attacked", "flank", "pending",
          "rally-order", "deployed", "quiet", "outcome", "terrain", "reserve", "eliminated", "hand",
          "deck", "discards", "dice"}


class _Reader:
    """Reads position text, one concept at a time (the field, terrain, the piles of cards,
    the leaders, the deck, the turn flow), into a new state; every card is seen once."""

    def __init__(self, text: str) -> None:
        if not isinstance(text, str):
            raise PositionError(f"a position is text, not {shorten(text)}")
        if len(text) > MAX_POSITION_TEXT:
            raise PositionError(f"position text is at most {MAX_POSITION_TEXT:,} characters, not {len(text):,}")
        self.lines = [ln.split("#")[0].strip() for ln in text.strip().splitlines()]
        self.lines = [ln for ln in self.lines if ln]
        if not self.lines or self.lines[0].lower() != HEADER:
            raise PositionError(f"a position starts with the line {HEADER!r}")
        self.seen: set[int] = set()
        self.head: dict[str, list[list[str]]] = {}
        self.field_lines: list[tuple[str, list[str]]] = []
        for line in self.lines[1:]:
            words = line.split()
            key = words[0].lower()
            if len(key) >= 2 and key[0] in "abcdefghijk" and key[1:].isdigit():
                self.field_lines.append((line, words))
            else:
                self.head.setdefault(key, []).append(words[1:])
        for key in self.head:
            if key not in _KNOWN:
                raise PositionError(f"unknown line {shorten(key)} in the position")
        self.bows: set[int] = set()
        self.owner = [-1] * 60

    def one(self, key: str, default=None):
        """The words of the line ``key`` (at most one such line), or ``default``."""
        got = self.head.get(key)
        if not got:
            return default
        if len(got) > 1:
            raise PositionError(f"the line {key!r} appears twice")
        return got[0]

    def card(self, text: str, line: str) -> int:
        try:
            c = int(Card(text))
        except ValueError:
            raise PositionError(f"unknown card {shorten(text)} in line {shorten(line)}") from None
        if c in self.seen:
            raise PositionError(f"{SHORT[c]} appears twice (line {shorten(line)})")
        self.seen.add(c)
        return c

    def troop(self, token: str, line: str, side: int) -> int:
        """A troop card of ``side`` (``*`` after it: with a bow)."""
        bow = token.endswith("*")
        c = self.card(token.rstrip("*"), line)
        if c >= 60:
            raise PositionError(f"{SHORT[c]} is a Tactics card, not a troop (line {shorten(line)})")
        if bow:
            if not TROOP_TYPES[c % 10 + 1].may_carry_bow:
                raise PositionError(f"{SHORT[c]} cannot carry a bow (line {shorten(line)})")
            self.bows.add(c)
        self.owner[c] = side
        return c

    def tactic(self, token: str, line: str) -> int:
        c = self.card(token, line)
        if c < 60:
            raise PositionError(f"{SHORT[c]} is a troop, not a Tactics card (line {shorten(line)})")
        return c

    # ------------------------------------------------------------------ the set-up lines
    def new_state(self) -> AncientState:
        """The state the header lines give (width, scenario, Advanced rules, draw counter,
        dice), with nothing on it yet."""
        width = _int((self.one("width", ["9"]) or ["?"])[0], "width")
        if width not in (7, 9, 11):
            raise PositionError(f"the field is 7, 9 or 11 wide, not {width}")
        words = self.one("advanced", ["none"])
        options = frozenset() if words == ["none"] else frozenset(words)
        for o in options:
            if o not in ADVANCED_RULES:
                raise PositionError(f"unknown Advanced rule {shorten(o)}")
        scenario = (self.one("scenario") or [None])[0]
        if scenario is not None:
            from .armies import SCENARIOS
            if scenario not in SCENARIOS:
                raise PositionError(f"unknown scenario {shorten(scenario)}")
        draw_after = _int((self.one("draw-after", ["10"]) or ["?"])[0], "draw-after", 1)
        dice_words = self.one("dice", ["seed", "0", "position", "0"])
        if len(dice_words) < 4 or dice_words[0] != "seed" or dice_words[2] != "position" or (
                len(dice_words) > 4 and dice_words[4] != "script"):
            raise PositionError("the dice line reads 'dice seed S position P [script R R ...]'")
        seed = _int(dice_words[1], "dice", 0, MAX_SEED)
        self.dice_position = _int(dice_words[3], "dice", 0, 10 ** 6)
        script = [_int(x, "dice script", 1, 6) for x in dice_words[5:]]
        s = new_state(width, options=options, draw_after=draw_after, scenario=scenario, seed=seed, script=script)
        s.deck = []
        return s

    def field(self, s: AncientState) -> None:
        """The field lines: ``SQUARE SIDE CARD[+CARD] [disrupted] [TACTIC]``."""
        b = s.board
        for line, words in self.field_lines:
            sq = b.lookup.get(words[0].lower())
            if sq is None:
                raise PositionError(f"no square {shorten(words[0])} on a field {s.width} wide")
            if s.cells[sq] >= 0:
                raise PositionError(f"two lines for square {words[0]}: no position holds two cards but a stack")
            if len(words) < 3:
                raise PositionError(f"a field line reads 'SQUARE SIDE CARD [disrupted] [TACTIC]': {shorten(line)}")
            p = _side(words[1], line)
            parts = words[2].split("+")
            if len(parts) > 2:
                raise PositionError(f"at most two cards stack: {shorten(line)}")
            cards = [self.troop(x, line, p) for x in parts]
            rest = words[3:]
            dis = False
            if rest and rest[0] == "disrupted":
                dis, rest = True, rest[1:]
            if len(cards) == 2:
                if "stacks" not in s.options:
                    raise PositionError(f"a stack needs the stacks rule: {shorten(line)}")
                if cards[0] % 10 != cards[1] % 10 or not HEAVY_INFANTRY[cards[0] % 10 + 1]:
                    raise PositionError(f"a stack is two heavy infantry cards of one type: {shorten(line)}")
            s.cells[sq] = cards[0]
            s.occupied |= 1 << sq
            s.side_squares[p] |= 1 << sq
            for c in cards:
                s.where[c] = sq
                s.disrupted[c] = dis
            if len(cards) == 2:
                s.stacked[sq] = cards[1]
            if rest:
                self.attachment(s, cards[0], rest, line)

    def attachment(self, s: AncientState, card: int, rest: list[str], line: str) -> None:
        """Shield Bearers or Companion Cavalry at the end of a field line."""
        if len(rest) > 1:
            raise PositionError(f"cannot read the end of field line {shorten(line)}")
        att = self.tactic(rest[0], line)
        if att not in (SHIELD, COMPANION):
            raise PositionError(f"only Shield Bearers or Companion Cavalry go on a card: {shorten(line)}")
        t = TROOP_TYPES[card % 10 + 1]
        if (att == SHIELD and not t.infantry) or (att == COMPANION and not t.cavalry):
            raise PositionError(f"Shield Bearers go on infantry, Companions on cavalry: {shorten(line)}")
        s.attachments[card] = att

    def terrain(self, s: AncientState) -> None:
        """``terrain SQUARE Fog|Mud`` lines."""
        b = s.board
        for words in self.head.get("terrain", []):
            line = "terrain " + " ".join(words)
            if len(words) != 2:
                raise PositionError(f"a terrain line reads 'terrain SQUARE Fog|Mud': {shorten(line)}")
            sq = b.lookup.get(words[0].lower())
            if sq is None or b.row(sq) not in (2, 3):
                raise PositionError(f"bad terrain lies on a Front Row square (rows 2 and 3): {shorten(line)}")
            c = self.tactic(words[1], line)
            if c not in TERRAIN_CARDS:
                raise PositionError(f"terrain is Fog or Mud: {shorten(line)}")
            if sq in s.terrain:
                raise PositionError(f"two terrain cards on {words[0]}")
            if s.cells[sq] >= 0 and MOUNTED[s.cells[sq] % 10 + 1]:
                raise PositionError(f"Cavalry, Chariots and Elephants never stand on bad terrain: {shorten(line)}")
            s.terrain[sq] = c
            s.bad |= 1 << sq

    def piles(self, s: AncientState) -> None:
        """Reserves, eliminated cards, hands and the discards."""
        for key, target in (("reserve", s.reserve), ("eliminated", s.eliminated)):
            for words in self.head.get(key, []):
                line = key + " " + " ".join(words)
                if not words:
                    raise PositionError(f"empty line {shorten(line)}")
                p = _side(words[0], line)
                target[p].extend(self.troop(x, line, p) for x in words[1:])
        for p in SOUTH_FIRST:
            s.reserve[p].sort()
        for words in self.head.get("hand", []):
            line = "hand " + " ".join(words)
            p = _side(words[0] if words else "?", line)
            s.hands[p].extend(self.tactic(x, line) for x in words[1:])
        for words in self.head.get("discards", []):
            s.discards.extend(self.tactic(x, "discards") for x in words)

    def leaders(self, s: AncientState) -> None:
        """Scenario leaders (``leader SIDE Alexander|Darius CARD|- [rallied]``) and the
        scenario's Loyalty and small-Elephant rules."""
        for words in self.head.get("leader", []):
            line = "leader " + " ".join(words)
            if len(words) not in (3, 4) or (len(words) == 4 and words[3] != "rallied"):
                raise PositionError(f"a leader line reads 'leader SIDE Alexander|Darius CARD|- [rallied]': {shorten(line)}")
            p = _side(words[0], line)
            lc = self.tactic(words[1], line)
            if lc not in LEADER_CARDS:
                raise PositionError(f"a leader is Alexander or Darius: {shorten(line)}")
            s.leader_card[p] = lc
            if words[2] != "-":
                try:
                    c = int(Card(words[2]))
                except ValueError:
                    raise PositionError(f"unknown card in {shorten(line)}") from None
                if c >= 60 or self.owner[c] != p:
                    raise PositionError(f"the leader goes with a troop card of its own army: {shorten(line)}")
                s.leader_of[p] = c
            s.leader_rallied[p] = len(words) == 4
        extra = [frozenset(), frozenset()]
        for words in self.head.get("loyalty", []):
            p = _side(words[0] if words else "?", "loyalty")
            extra[p] = frozenset(_int(x, "loyalty", 1, 10) for x in words[1:])
        s.loyalty_extra = tuple(extra)
        se = self.one("small-elephants")
        s.small_elephants = _side(se[0], "small-elephants") if se else None

    def deck(self, s: AncientState) -> None:
        """The Tactics deck (every Tactics card not named elsewhere, if no line names it)."""
        deck = self.one("deck")
        if deck is None:
            s.deck = [c for c in range(60, 70) if c not in self.seen]
        elif deck != ["empty"]:
            s.deck = [self.tactic(x, "deck") for x in deck]
        missing = [SHORT[c] for c in range(60, 70) if c not in self.seen and c not in s.deck]
        if missing:
            raise PositionError(f"Tactics cards unaccounted for: {' '.join(missing)}")

    # ------------------------------------------------------------------ the flow lines
    def turn(self, s: AncientState) -> None:
        """Turn, step, actions left and the cards that moved, were placed, fired or attacked."""
        w = self.one("turn", ["1", "first", "south", "half", "0"])
        if len(w) != 5 or w[1] != "first" or w[3] != "half":
            raise PositionError("the turn line reads 'turn N first SIDE half 0|1'")
        s.turn = _int(w[0], "turn", 1)
        s.first = _side(w[2], "turn")
        s.half = _int(w[4], "turn", 0, 1)
        w = self.one("phase", ["actions", "south"])
        if len(w) != 2 or w[0] not in PHASES:
            raise PositionError(f"the phase line reads 'phase STEP SIDE' with STEP one of {' '.join(PHASES)}")
        s.phase, s.to_act = w[0], _side(w[1], "phase")
        w = self.one("actions-left", ["6", "drew", "no"])
        if len(w) != 3 or w[1] != "drew":
            raise PositionError("the actions-left line reads 'actions-left N drew yes|no'")
        s.actions_left = _int(w[0], "actions-left", 0, 6)
        s.drew = _yes(w[2], "actions-left")
        for key in ("moved", "placed", "fired", "attacked"):
            cards = set()
            for x in self.one(key, []):
                try:
                    c = int(Card(x))
                except ValueError:
                    raise PositionError(f"unknown card {shorten(x)} in line {key!r}") from None
                if c >= 60 or self.owner[c] < 0:
                    raise PositionError(f"{x} in line {key!r} is not in an army")
                cards.add(c)
            setattr(s, key, cards)

    def flank(self, s: AncientState) -> None:
        """The flank attacks fixed at the start of the player turn (Advanced)."""
        pairs = []
        flank_words = self.one("flank")
        for tok in (flank_words if flank_words not in (None, ["none"]) else []):
            try:
                a, t = tok.split(">")
                c, csq = a.split("@")
                tc, tsq = t.split("@")
                pairs.append((int(Card(c)), s.board.lookup[csq], int(Card(tc)), s.board.lookup[tsq]))
            except (ValueError, KeyError):
                raise PositionError(f"cannot read flank pair {shorten(tok)}") from None
        s.flank_pairs = frozenset(pairs)
        if flank_words is None and "flank" in s.options and s.phase in ("tactics", "actions") and not s.moved:
            # a puzzle without a flank line starts the side to act's player turn here
            from .rules import Rules
            s.flank_pairs = Rules(s).flank_pairs(s.to_act)

    def decisions(self, s: AncientState) -> None:
        """A pending decision, the rally order, deployment, the draw counter and the outcome."""
        w = self.one("pending")
        if w is not None:
            try:
                if w[0] == "withdrawal" and len(w) == 2:
                    a, t = w[1].split(">")
                    s.pending = ("withdrawal", tuple(int(Card(x)) for x in a.split("+")), int(Card(t)))
                elif w[0] == "initiative" and len(w) <= 2:
                    s.pending = ("initiative", tuple(_side(x, "pending") for x in w[1:]))
                elif w[0] == "loyalty" and len(w) == 2:
                    s.pending = ("loyalty", int(Card(w[1])))
                else:
                    raise ValueError
            except ValueError:
                raise PositionError(f"cannot read pending {shorten(' '.join(w))}") from None
        s.rally_order = [_side(x, "rally-order") for x in self.one("rally-order", [])]
        w = self.one("deployed", ["0", "0", "hidden", "no"])
        if len(w) != 4 or w[2] != "hidden":
            raise PositionError("the deployed line reads 'deployed N N hidden yes|no'")
        s.deployed = list(by_side(_int(w[0], "deployed", 0, 11), _int(w[1], "deployed", 0, 11)))
        s.hidden_deployment = _yes(w[3], "deployed")
        w = self.one("quiet", ["0", "hit", "no"])
        if len(w) != 3 or w[1] != "hit":
            raise PositionError("the quiet line reads 'quiet N hit yes|no'")
        s.quiet_turns, s.turn_hit = _int(w[0], "quiet"), _yes(w[2], "quiet")
        w = self.one("outcome")
        if w is not None:
            if len(w) != 2 or w[1] not in ("terrain", "casualties", "leader", "draw"):
                raise PositionError("the outcome line reads 'outcome SIDE|none REASON'")
            s.outcome = (-1 if w[0] == "none" else _side(w[0], "outcome"), w[1])


def _side(word: str, line: str) -> int:
    w = word.lower()
    if w not in SIDE_NAMES:
        raise PositionError(f"expected south or north, not {shorten(word)} in line {shorten(line)}")
    return SIDE_NAMES.index(w)


def _int(word: str, line: str, low: int = 0, high: int = 10 ** 9) -> int:
    try:
        v = int(word)
    except ValueError:
        raise PositionError(f"expected a number, not {shorten(word)} in line {shorten(line)}") from None
    if not low <= v <= high:
        raise PositionError(f"{v} is out of range in line {shorten(line)}")
    return v


def _yes(word: str, line: str) -> bool:
    if word not in ("yes", "no"):
        raise PositionError(f"expected yes or no, not {shorten(word)} in line {shorten(line)}")
    return word == "yes"


def read_position(text: str) -> AncientState:
    """Parse and check a position; PositionError (naming the line or the rule) if it is
    malformed or impossible."""
    r = _Reader(text)
    s = r.new_state()
    r.field(s)
    r.terrain(s)
    r.piles(s)
    r.leaders(s)
    r.deck(s)
    s.owner = r.owner
    s.bows = r.bows
    s.army = [sorted(c for c in range(60) if r.owner[c] == p) for p in SIDES]   # by side number
    r.turn(s)
    r.flank(s)
    r.decisions(s)
    check_position(s)
    s.dice.fast_forward([], 0)
    for _ in range(r.dice_position):
        s.dice.roll()
    return s


def write_record(game) -> str:
    """The record of a game: JSON with the starting position, the actions and the rolls."""
    start_pos = game.start_roll
    return json.dumps({"game": "ancient battles", "version": 1,
                       "start": write_position(game.start_state, start_pos),
                       "actions": [str(a) for a in game.actions_played],
                       "rolls": game.state.dice.rolls[start_pos:game.state.dice.position]}, indent=1)


def read_record(cls, text: str | dict):
    """Replay a record (its JSON text, or the dict it holds); PositionError if it is
    malformed, too long (:data:`~battleline.errors.MAX_RECORD_TEXT`) or does not replay."""
    if isinstance(text, dict):
        data = text
    elif not isinstance(text, str):
        raise PositionError(f"a record is JSON text (AncientGame.record()) or its dict, not {type(text).__name__}")
    else:
        check_record_length(text, PositionError)
        try:
            data = json.loads(text)
        except ValueError as e:
            raise PositionError(f"a record is JSON: {shorten(str(e), 60)}") from None
        except RecursionError:   # absurdly deep nesting: refuse it like any other bad record
            raise PositionError("a record is JSON nested too deeply") from None
    if not isinstance(data, dict) or data.get("game") != "ancient battles" or data.get("version") != 1:
        raise PositionError("not an Ancient Battles record (version 1)")
    actions, rolls = data.get("actions"), data.get("rolls")
    if not isinstance(actions, list) or not isinstance(rolls, list) or not isinstance(data.get("start"), str):
        raise PositionError("a record holds 'start' text, 'actions' and 'rolls' lists")
    game = cls.from_position(data["start"])
    first = game.state.dice.position
    for i, a in enumerate(actions):
        read_text(a, game.play, PositionError, not_text=f"action {i + 1} of the record is not text",
                  refused=f"action {i + 1} of the record ({shorten(a)}) does not replay")
    got = game.state.dice.rolls[first:game.state.dice.position]
    if got != rolls:
        raise PositionError("the record's rolls differ from the replayed dice")
    return game


def drawing(game) -> str:
    """The field for a terminal: rows 4 to 1, south's cards ``(R4)``, north's ``[B7]``; a
    stack shows ``+``, a disrupted card ``!``, Troop Quality ``^``, the leader ``L``; bad
    terrain ``~~`` when empty."""
    s = game.state
    rows = []
    for r in range(3, -1, -1):
        cells = []
        for col in range(s.width):
            sq = r * s.width + col
            cards = s.unit_cards(sq)
            if cards:
                p = s.owner[cards[0]]
                t = SHORT[cards[0]] + ("+" if len(cards) > 1 else "")
                t += "!" if s.disrupted[cards[0]] else ""
                t += "^" if cards[0] in s.attachments else ""
                t += "L" if s.leader_of[p] in cards else ""
                if sq in s.terrain:
                    t += "~"
                cell = ("(" + t + ")") if p == SOUTH else ("[" + t + "]")
            else:
                cell = "~~" if sq in s.terrain else "."
            cells.append(cell.center(8))
        rows.append(f"{r + 1} " + "".join(cells))
    rows.append("  " + "".join(ch.center(8) for ch in "abcdefghijk"[: s.width]))
    o = game.outcome
    if o is not None:
        status = f"battle over: {o.winner_name or 'draw'} ({o.reason})"
    else:
        status = f"turn {s.turn}, {SIDE_NAMES[s.to_act]} to act ({s.phase})"
    res = f"reserves: south {len(s.reserve[SOUTH])}, north {len(s.reserve[NORTH])}; Tactics deck {len(s.deck)}"
    return "\n".join([status] + rows + [res])

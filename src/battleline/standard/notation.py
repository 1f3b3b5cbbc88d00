"""Text forms: positions, game records (JSON) and the terminal drawing.

The position format is described in ``docs/notation.md``. In short::

    battleline position 1
    rules standard
    turn south play
    flag 1: north R7 R8 R9 | south B2 B3
    flag 2 claimed by north: north Y8 Y9 Y10 | south G2 Fog
    hand north: R1 O4 Alexander
    hand south: rest
    troop deck: rest seed 12
    tactic deck: Scout Mud
    discard north: Redeploy

>>> from battleline import Game
>>> g = Game(seed=4)
>>> Game.from_position(g.position()).position() == g.position()
True
"""

from __future__ import annotations

import json
import random
import re

from typing import TypeVar

from ..cards import ALL_CARDS, Card
from ..errors import MAX_POSITION_TEXT, check_record_length, shorten
from .moves import PositionError
from .rules import DRAW, FLAGS, OVER, PLAY, PLAYER_NAMES, SCOUT_DRAW, SCOUT_RETURN

# The writers read a Game's public state and the readers build one through the class they are
# given (its ``assemble``): Game's text methods call them, so this module never imports the
# game ("Game" in annotations is battleline.standard.game.Game).
G = TypeVar("G")

__all__ = ["write_position", "read_position", "write_record", "read_record", "draw_text"]

HEADER = "battleline position 1"
_PLAYER = {"north": 0, "south": 1, "n": 0, "s": 1}
DECK_NAMES = ("troop", "tactic")


# ---------------------------------------------------------------- writing
def _mark(card: Card, known_by: int | None) -> str:
    return f"{card}[{PLAYER_NAMES[known_by]}]" if known_by is not None else str(card)


def _cards_or_dash(parts: list[str]) -> str:
    return " ".join(parts) if parts else "-"


def write_position(game: "Game") -> str:
    """The complete position as text; :func:`read_position` gives it back exactly."""
    g = game
    lines = [HEADER, f"rules {g.rules}"]
    turn = f"turn {PLAYER_NAMES[g.to_move]} {g.phase}"
    if g.phase in (SCOUT_DRAW, SCOUT_RETURN):
        turn += f" {g.scout_left}"
    elif g.phase == PLAY and g.turn_active:
        turn += " active"
    elif g.phase in (DRAW, OVER) and not g.turn_active:
        turn += " idle"
    lines.append(turn)
    if g.idle_turns:
        lines.append(f"idle {g.idle_turns}")
    if g.outcome() is not None:
        o = g.outcome()
        lines.append(f"result {'draw' if o.winner is None else PLAYER_NAMES[o.winner]} {o.reason}")
    for f in FLAGS:
        head = f"flag {f}"
        if g.claimed[f] >= 0:
            head += f" claimed by {PLAYER_NAMES[g.claimed[f]]}"
        sides = []
        for p in (0, 1):
            parts = [str(c) for c, owner in g.environment(f) if owner == p]
            parts += [str(c) for c in g.sides[p][f]]
            sides.append(f"{PLAYER_NAMES[p]} {_cards_or_dash(parts)}")
        line = f"{head}: {sides[0]} | {sides[1]}"
        order = _order_string(g, f)
        default = "N" * len(g.sides[0][f]) + "S" * len(g.sides[1][f])
        if order != default:
            line += f" | order {order}"
        lines.append(line)
    for p in (0, 1):
        known = g.opponent_known[1 - p]
        parts = [_mark(c, 1 - p if known >> c & 1 else None) for c in sorted(g.hands[p])]
        lines.append(f"hand {PLAYER_NAMES[p]}: {_cards_or_dash(parts)}")
    for d in (0, 1):
        parts = []
        for c in reversed(g.decks[d]):
            who = None
            for p in (0, 1):
                if g.known_deck[p] >> c & 1:
                    who = p
            parts.append(_mark(c, who))
        lines.append(f"{DECK_NAMES[d]} deck: {_cards_or_dash(parts)}")
    for p in (0, 1):
        lines.append(f"discard {PLAYER_NAMES[p]}: {_cards_or_dash([str(c) for c in g.discard_piles[p]])}")
    return "\n".join(lines) + "\n"


def _order_string(g: "Game", f: int) -> str:
    placed = sorted((g.placed_at[c], p) for p in (0, 1) for c in g.sides[p][f])
    return "".join("NS"[p] for _, p in placed)


# ---------------------------------------------------------------- reading
def _card(tok: str, lineno: int) -> tuple[Card, int | None]:
    m = re.fullmatch(r"([^\[\]]+)(?:\[(\w+)\])?", tok)
    if not m:
        raise PositionError(f"line {lineno}: cannot read card {shorten(tok)}", rule="position-text", line=lineno)
    try:
        card = Card(m.group(1))
    except ValueError as e:
        raise PositionError(f"line {lineno}: {e}", rule="position-text", line=lineno) from None
    who = None
    if m.group(2) is not None:
        if m.group(2).lower() not in ("north", "south"):
            raise PositionError(f"line {lineno}: {shorten(tok)}: the mark must be [north] or [south]", rule="position-text", line=lineno)
        who = _PLAYER[m.group(2).lower()]
    return card, who


def _card_list(body: str, lineno: int) -> list[tuple[Card, int | None]]:
    body = body.strip()
    if body in ("-", ""):
        return []
    return [_card(t, lineno) for t in body.replace(",", " ").split()]


def read_position(text: str, game_class: type[G]) -> G:
    """A game of ``game_class`` (:meth:`Game.from_position` passes ``Game``) from position text,
    built by its ``assemble``. Raises :class:`PositionError` naming the line or the rule when
    the text is malformed or the position impossible."""
    _check_text(text)
    raw = [(i + 1, ln.split("#", 1)[0].strip()) for i, ln in enumerate(text.splitlines())]
    rows = [(i, ln) for i, ln in raw if ln]
    if not rows or rows[0][1].lower() != HEADER:
        raise PositionError(f"line 1: a position starts with {HEADER!r}", rule="position-text")
    rules = "standard"
    turn = None
    idle = 0
    result = None
    flags: dict[int, tuple] = {}
    hands: dict[int, list] = {}
    decks: dict[int, object] = {}
    discards: dict[int, list] = {}
    seen_keys = set()
    for lineno, ln in rows[1:]:
        low = ln.lower()
        key = None
        m = re.fullmatch(r"rules (\S+)", low)
        if m:
            key = "rules"
            rules = m.group(1)
            if rules not in ("standard", "advanced"):
                raise PositionError(f"line {lineno}: rules must be 'standard' or 'advanced', not {shorten(rules)}", rule="position-text", line=lineno)
        elif low.startswith("turn "):
            key = "turn"
            turn = _read_turn(low, lineno)
        elif low.startswith("idle "):
            key = "idle"
            if not re.fullmatch(r"idle [0-9]{1,9}", low):
                raise PositionError(f"line {lineno}: 'idle' is followed by the number of idle turns "
                                    f"in a row", rule="position-text", line=lineno)
            idle = int(low.split()[1])
        elif low.startswith("result "):
            key = "result"
            m = re.fullmatch(r"result (north|south|draw) (breakthrough|envelopment|deadlock)", low)
            if not m:
                raise PositionError(f"line {lineno}: cannot read {shorten(ln)}: expected "
                                    f"'result north|south|draw breakthrough|envelopment|deadlock'", rule="position-text", line=lineno)
            result = (None if m.group(1) == "draw" else _PLAYER[m.group(1)], m.group(2))
        elif low.startswith("flag "):
            f, entry = _read_flag(ln, lineno)
            key = f"flag {f}"
            flags[f] = entry
        elif low.startswith("hand "):
            p, body = _player_line("hand", ln, lineno)
            key = f"hand {p}"
            hands[p] = _card_list(body, lineno)
        elif re.match(r"(troop|tactic)s? deck", low):
            m = re.fullmatch(r"(troop|tactic)s? deck:(.*)", ln, flags=re.I)
            if not m:
                raise PositionError(f"line {lineno}: cannot read {shorten(ln)}: expected 'troop deck: CARDS'", rule="position-text", line=lineno)
            d = 0 if m.group(1).lower() == "troop" else 1
            key = f"deck {d}"
            body = m.group(2).strip()
            rm = re.fullmatch(r"rest(?: seed ([0-9]{1,18}))?", body.lower())
            if rm:
                if rm.group(1) is None:
                    raise PositionError(f"line {lineno}: 'rest' needs a seed: 'rest seed 12'",
                                        rule="position-text", line=lineno)
                decks[d] = ("rest", int(rm.group(1)), lineno)
            else:
                decks[d] = _card_list(body, lineno)
        elif low.startswith("discard "):
            p, body = _player_line("discard", ln, lineno)
            key = f"discard {p}"
            body = body.strip()
            discards[p] = "rest" if body.lower() == "rest" else [c for c, _ in _card_list(body, lineno)]
        else:
            raise PositionError(f"line {lineno}: cannot read {shorten(ln)}", rule="position-text", line=lineno)
        if key in seen_keys:
            raise PositionError(f"line {lineno}: {key} is given twice", rule="position-text", line=lineno)
        seen_keys.add(key)
    if turn is None:
        raise PositionError("the position has no 'turn' line (e.g. 'turn north play')", rule="position-text")
    return _build(game_class, rules, turn, idle, result, flags, hands, decks, discards)


def _check_text(text: object) -> None:
    """Refuse what is not text, or too long to be a position, before reading a line of it."""
    if not isinstance(text, str):
        raise PositionError(f"a position is text, not {type(text).__name__}", rule="position-text")
    if len(text) > MAX_POSITION_TEXT:
        raise PositionError(f"position text is at most {MAX_POSITION_TEXT:,} characters, not {len(text):,}",
                            rule="position-text")


def _player_line(word: str, ln: str, lineno: int) -> tuple[int, str]:
    """``(player, rest)`` of a line ``hand north: …`` or ``discard south: …``."""
    m = re.fullmatch(rf"{word} (north|south):(.*)", ln, flags=re.I)
    if not m:
        raise PositionError(f"line {lineno}: cannot read {shorten(ln)}: expected '{word} north: CARDS'",
                            rule="position-text", line=lineno)
    return _PLAYER[m.group(1).lower()], m.group(2)


def _read_turn(low: str, lineno: int):
    m = re.fullmatch(r"turn (north|south) (play|draw|scout-draw|scout-return|over)(?: (\S+))?", low)
    if not m:
        raise PositionError(f"line {lineno}: cannot read {shorten(low)}: expected 'turn north|south "
                            f"play|draw|scout-draw N|scout-return N|over'", rule="position-text", line=lineno)
    p, phase, extra = _PLAYER[m.group(1)], m.group(2), m.group(3)
    active = phase != PLAY
    left = 0
    if phase in (SCOUT_DRAW, SCOUT_RETURN):
        hi = 3 if phase == SCOUT_DRAW else 2
        if extra is None or not re.fullmatch(r"[0-9]", extra) or not 1 <= int(extra) <= hi:
            raise PositionError(f"line {lineno}: {phase} needs the number of cards still to "
                                f"{'draw' if hi == 3 else 'return'} (1 to {hi})",
                                rule="position-text", line=lineno)
        left = int(extra)
    elif extra is not None:
        if phase == PLAY and extra == "active":
            active = True
        elif phase in (DRAW, OVER) and extra == "idle":
            active = False
        else:
            raise PositionError(f"line {lineno}: unexpected {shorten(extra)} after '{phase}'", rule="position-text", line=lineno)
    return p, phase, left, active


def _read_flag(ln: str, lineno: int):
    m = re.fullmatch(r"flag ([0-9])(?: claimed by (north|south))?:(.*)", ln, flags=re.I)
    if not m or not 1 <= int(m.group(1)) <= 9:
        raise PositionError(f"line {lineno}: cannot read {shorten(ln)}: expected "
                            f"'flag 3: north CARDS | south CARDS' (flags 1 to 9)", rule="position-text", line=lineno)
    f = int(m.group(1))
    owner = _PLAYER[m.group(2).lower()] if m.group(2) else -1
    parts = [s.strip() for s in m.group(3).split("|")]
    if len(parts) not in (2, 3):
        raise PositionError(f"line {lineno}: flag {f} needs 'north …' and 'south …' separated by '|'",
                            rule="position-text", line=lineno)
    sides = []
    for want, part in zip(("north", "south"), parts[:2]):
        pm = re.fullmatch(rf"{want}(?:\s+(.*))?", part, flags=re.I)
        if not pm:
            raise PositionError(f"line {lineno}: flag {f}: expected '{want} CARDS', found {shorten(part)}", rule="position-text", line=lineno)
        cards = [c for c, _ in _card_list(pm.group(1) or "-", lineno)]
        sides.append(cards)
    order = None
    if len(parts) == 3:
        om = re.fullmatch(r"order ([NSns]+)", parts[2])
        if not om:
            raise PositionError(f"line {lineno}: flag {f}: expected 'order NSN…', found {shorten(parts[2])}", rule="position-text", line=lineno)
        order = om.group(1).upper()
    return f, (owner, sides, order, lineno)


def _build(game_class: type[G], rules, turn, idle, result, flags, hands, decks, discards) -> G:
    """The parsed lines as a :class:`Game`, through :meth:`Game.assemble` (which checks the
    position); here only what belongs to the text: marks, ``order`` and ``rest``."""
    p_turn, phase, left, active = turn
    placements: dict[int, list] = {}
    claimed: dict[int, int] = {}
    for f, (owner, sides, order, lineno) in flags.items():
        if owner >= 0:
            claimed[f] = owner
        # Fog and Mud have no place in the order of placement; Guile cards are left in for
        # Game.assemble to reject.
        formation = [[c for c in side if not c.is_environment] for side in sides]
        n0, n1 = len(formation[0]), len(formation[1])
        if order is None:
            order = "N" * n0 + "S" * n1
        if order.count("N") != n0 or order.count("S") != n1:
            raise PositionError(f"line {lineno}: flag {f}: the order {shorten(order)} must have one letter per "
                                f"card: {n0} N and {n1} S", rule="position-text", line=lineno)
        placed = [(p, c) for p in (0, 1) for c in sides[p] if c.is_environment]
        queues = [iter(formation[0]), iter(formation[1])]
        placed += [(p, next(queues[p])) for p in (0 if ch == "N" else 1 for ch in order)]
        placements[f] = placed
    listed = {c for entry in placements.values() for _, c in entry}
    for p in (0, 1):
        if discards.get(p) != "rest":
            listed.update(discards.get(p, []))
    known_opp = [0, 0]
    hand_cards = [[], []]
    missing = [f"hand {PLAYER_NAMES[p]}:" for p in (0, 1) if p not in hands]
    missing += [f"{DECK_NAMES[d]} deck:" for d in (0, 1) if d not in decks]
    for p in (0, 1):
        for c, who in hands.get(p, []):
            if who is not None:
                if who == p:
                    raise PositionError(f"{c}[{PLAYER_NAMES[who]}] in {PLAYER_NAMES[p]}'s hand: the mark "
                                        f"names the opponent who knows the card", rule="position-text")
                known_opp[who] |= 1 << c
            hand_cards[p].append(c)
        listed.update(hand_cards[p])
    known_deck = [0, 0]
    deck_cards: list[list] = [[], []]
    for d in (0, 1):
        spec = decks.get(d, [])
        if isinstance(spec, tuple):
            continue
        for c, who in spec:
            if who is not None:
                known_deck[who] |= 1 << c
            deck_cards[d].append(c)
        listed.update(deck_cards[d])
    for d in (0, 1):
        spec = decks.get(d)
        if isinstance(spec, tuple):   # 'rest seed N': the cards of its kind listed nowhere, shuffled
            pool = [c for c in (ALL_CARDS[:60] if d == 0 else ALL_CARDS[60:]) if c not in listed]
            random.Random(spec[1]).shuffle(pool)
            deck_cards[d] = pool[::-1]    # the shuffled list's end is the top
            listed.update(pool)
    rest_piles = [p for p in (0, 1) if discards.get(p) == "rest"]
    if len(rest_piles) > 1:
        raise PositionError("only one discard pile can be 'rest'", rule="position-text")
    piles = [list(discards.get(p, [])) if discards.get(p) != "rest" else
             [c for c in ALL_CARDS if c not in listed] for p in (0, 1)]
    try:
        game = game_class.assemble(rules=rules, to_move=p_turn, phase=phase, flags=placements,
                             claimed=claimed, hands=hand_cards, decks=deck_cards, discards=piles,
                             known_deck=known_deck, opponent_known=known_opp, scout_left=left,
                             idle_turns=idle, turn_active=active, result=result)
    except PositionError as e:
        # A card written twice is named before a missing line (whose cards then seem missing).
        if not missing or e.rule == "card-twice":
            raise
    if missing:
        raise PositionError(f"the position has no '{missing[0]}' line", rule="position-text")
    return game


# ---------------------------------------------------------------- records
def write_record(game: "Game") -> str:
    """The game as JSON: the start position and the moves; :func:`read_record` replays it."""
    start = game.copy()
    for _ in game.moves:
        start.undo()
    doc = {
        "format": "battleline-record",
        "version": 1,
        "seed": game.seed,
        "start": write_position(start),
        "moves": [str(m) for m in game.moves],
        "result": game.outcome().describe() if game.outcome() else None,
    }
    return json.dumps(doc, indent=1)


def json_document(data, what: str, error: type[ValueError]) -> object:
    """``data`` read as JSON (text or bytes; a dict or list is taken as already read);
    raises ``error`` for anything else, however malformed or deeply nested.

    >>> json_document('{"a": 1}', "a record", ValueError)
    {'a': 1}
    """
    if isinstance(data, (dict, list)):
        return data
    if not isinstance(data, (str, bytes, bytearray)):
        raise error(f"{what} is JSON text, not {type(data).__name__}")
    try:
        return json.loads(data)
    except RecursionError:
        raise error(f"{what} is nested too deeply to read") from None
    except ValueError as e:  # JSONDecodeError and UnicodeDecodeError
        raise error(f"{what} is not JSON: {e}") from None


def read_record(text: str | dict, game_class: type[G]) -> G:
    """Replay a record (its JSON text, or the dict it holds) in a game of ``game_class``
    (:class:`~battleline.standard.game.Game`); raises :class:`PositionError` naming the bad
    part. :meth:`Game.from_record` calls it."""
    check_record_length(text, PositionError)
    doc = json_document(text, "a record", PositionError)
    if not isinstance(doc, dict) or doc.get("format") != "battleline-record":
        raise PositionError("not a battleline record: expected a JSON object with "
                            "\"format\": \"battleline-record\"", rule="position-text")
    if doc.get("version") != 1:
        raise PositionError(f"unsupported record version {shorten(doc.get('version'))}", rule="position-text")
    start, moves = doc.get("start"), doc.get("moves")
    if not isinstance(start, str) or not isinstance(moves, list):
        raise PositionError("a record needs \"start\" (position text) and \"moves\" (a list of move texts)",
                            rule="position-text")
    g = read_position(start, game_class)
    g.seed = doc.get("seed")
    for i, m in enumerate(moves, 1):
        if not isinstance(m, str):
            raise PositionError(f"move {i}: {shorten(m)} is not move text", rule="position-text")
        try:
            g.play(m)
        except ValueError as e:  # unreadable or illegal
            raise PositionError(f"move {i} ({shorten(m)}): {e}", rule="position-text") from None
    return g


# ---------------------------------------------------------------- drawing
def draw_text(g: "Game") -> str:
    """The battle line as text for a terminal: north above the flags, south below."""
    width = 6
    out = []
    status = f"{g.rules} rules, " + (g.outcome().describe() if g.outcome() else
                                      f"{PLAYER_NAMES[g.to_move]} to {g.phase.replace('-', ' ')}")
    out.append(f"Battle Line ({status})")
    out.append(f"north hand ({len(g.hands[0])}): " + " ".join(str(c) for c in g.hands[0]))
    rows_n = max([len(g.sides[0][f]) for f in FLAGS] + [3])
    for r in range(rows_n - 1, -1, -1):
        out.append("       " + "".join(
            (_abbr(g.sides[0][f][r]) if r < len(g.sides[0][f]) else ".").center(width) for f in FLAGS))
    out.append("       " + "".join(_env_text(g, f, 0).center(width) for f in FLAGS))
    out.append("flags  " + "".join(_flag_text(g, f).center(width) for f in FLAGS))
    out.append("       " + "".join(_env_text(g, f, 1).center(width) for f in FLAGS))
    rows_s = max([len(g.sides[1][f]) for f in FLAGS] + [3])
    for r in range(rows_s):
        out.append("       " + "".join(
            (_abbr(g.sides[1][f][r]) if r < len(g.sides[1][f]) else ".").center(width) for f in FLAGS))
    out.append(f"south hand ({len(g.hands[1])}): " + " ".join(str(c) for c in g.hands[1]))
    out.append("(flags: [n] open, ^n^ held by north, vnv held by south)")
    out.append(f"decks: troop {len(g.decks[0])}, tactic {len(g.decks[1])};  "
               f"discards: north {' '.join(map(str, g.discard_piles[0])) or '-'}, "
               f"south {' '.join(map(str, g.discard_piles[1])) or '-'}")
    return "\n".join(out)


def _abbr(card: Card) -> str:
    """At most five characters, so that the columns line up."""
    return str(card) if card < 60 else str(card)[:4]


def _env_text(g: "Game", f: int, p: int) -> str:
    return "+".join(str(c)[:3] for c, owner in g.environment(f) if owner == p)


def _flag_text(g: "Game", f: int) -> str:
    o = g.claimed[f]
    return f"[{f}]" if o < 0 else ("^" + str(f) + "^" if o == 0 else "v" + str(f) + "v")

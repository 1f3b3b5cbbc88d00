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

from .cards import ALL_CARDS, FOG, MUD, REDEPLOY, SCOUT, TROOP_MASK, Card
from .claims import build_result, claim_holds
from .formations import check_side
from .game import DRAW, FLAGS, OVER, PLAY, PLAYER_NAMES, SCOUT_DRAW, SCOUT_RETURN, Game, Outcome
from .errors import shorten
from .moves import PositionError

__all__ = ["write_position", "read_position", "write_record", "read_record", "draw_text"]

HEADER = "battleline position 1"
_PLAYER = {"north": 0, "south": 1, "n": 0, "s": 1}
DECK_NAMES = ("troop", "tactic")


# ---------------------------------------------------------------- writing
def _mark(card: Card, known_by: int | None) -> str:
    return f"{card}[{PLAYER_NAMES[known_by]}]" if known_by is not None else str(card)


def _cards_or_dash(parts: list[str]) -> str:
    return " ".join(parts) if parts else "-"


def write_position(game: Game) -> str:
    """The complete position as text; :func:`read_position` gives it back exactly."""
    g = game
    lines = [HEADER, f"rules {g.rules}"]
    turn = f"turn {PLAYER_NAMES[g._to_move]} {g._phase}"
    if g._phase in (SCOUT_DRAW, SCOUT_RETURN):
        turn += f" {g._scout_left}"
    elif g._phase == PLAY and g._active:
        turn += " active"
    elif g._phase in (DRAW, OVER) and not g._active:
        turn += " idle"
    lines.append(turn)
    if g._idle:
        lines.append(f"idle {g._idle}")
    if g._outcome is not None:
        o = g._outcome
        lines.append(f"result {'draw' if o.winner is None else PLAYER_NAMES[o.winner]} {o.reason}")
    for f in FLAGS:
        head = f"flag {f}"
        if g._claimed[f] >= 0:
            head += f" claimed by {PLAYER_NAMES[g._claimed[f]]}"
        sides = []
        for p in (0, 1):
            parts = [str(ALL_CARDS[FOG + k]) for k in (0, 1)
                     if g._env_flag[k] == f and g._env_owner[k] == p]
            parts += [str(c) for c in g._cards[p][f]]
            sides.append(f"{PLAYER_NAMES[p]} {_cards_or_dash(parts)}")
        line = f"{head}: {sides[0]} | {sides[1]}"
        order = _order_string(g, f)
        default = "N" * len(g._cards[0][f]) + "S" * len(g._cards[1][f])
        if order != default:
            line += f" | order {order}"
        lines.append(line)
    for p in (0, 1):
        known = g._known_opp[1 - p]
        parts = [_mark(c, 1 - p if known >> c & 1 else None) for c in sorted(g._hands[p])]
        lines.append(f"hand {PLAYER_NAMES[p]}: {_cards_or_dash(parts)}")
    for d in (0, 1):
        parts = []
        for c in reversed(g._decks[d]):
            who = None
            for p in (0, 1):
                if g._known_deck[p] >> c & 1:
                    who = p
            parts.append(_mark(c, who))
        lines.append(f"{DECK_NAMES[d]} deck: {_cards_or_dash(parts)}")
    for p in (0, 1):
        lines.append(f"discard {PLAYER_NAMES[p]}: {_cards_or_dash([str(c) for c in g._discards[p]])}")
    return "\n".join(lines) + "\n"


def _order_string(g: Game, f: int) -> str:
    placed = sorted((g._placed_at[c], p) for p in (0, 1) for c in g._cards[p][f])
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


def read_position(text: str) -> Game:
    """A :class:`Game` from position text. Raises :class:`PositionError` naming the
    line or the rule when the text is malformed or the position impossible."""
    if not isinstance(text, str):
        raise PositionError(f"a position is text, not {type(text).__name__}", rule="position-text")
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
            m = re.fullmatch(r"hand (north|south):(.*)", ln, flags=re.I)
            if not m:
                raise PositionError(f"line {lineno}: cannot read {shorten(ln)}: expected 'hand north: CARDS'", rule="position-text", line=lineno)
            p = _PLAYER[m.group(1).lower()]
            key = f"hand {p}"
            hands[p] = _card_list(m.group(2), lineno)
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
            m = re.fullmatch(r"discard (north|south):(.*)", ln, flags=re.I)
            if not m:
                raise PositionError(f"line {lineno}: cannot read {shorten(ln)}: expected 'discard north: CARDS'", rule="position-text", line=lineno)
            p = _PLAYER[m.group(1).lower()]
            key = f"discard {p}"
            body = m.group(2).strip()
            discards[p] = "rest" if body.lower() == "rest" else [c for c, _ in _card_list(body, lineno)]
        else:
            raise PositionError(f"line {lineno}: cannot read {shorten(ln)}", rule="position-text", line=lineno)
        if key in seen_keys:
            raise PositionError(f"line {lineno}: {key} is given twice", rule="position-text", line=lineno)
        seen_keys.add(key)
    if turn is None:
        raise PositionError("the position has no 'turn' line (e.g. 'turn north play')", rule="position-text")
    return _build(rules, turn, idle, result, flags, hands, decks, discards)


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


def _build(rules, turn, idle, result, flags, hands, decks, discards) -> Game:
    g = Game.__new__(Game)
    g._clear(rules)
    p_turn, phase, left, active = turn
    where: dict[int, str] = {}

    def put(card: Card, place: str, lineno: int | None = None):
        if card in where:
            at = f"line {lineno}: " if lineno else ""
            raise PositionError(f"{at}card {card} appears twice ({where[card]} and {place})",
                                rule="card-twice", card=str(card))
        where[card] = place

    clock = 1
    for f in FLAGS:
        if f not in flags:
            continue
        owner, sides, order, lineno = flags[f]
        g._claimed[f] = owner
        formation = [[], []]
        for p in (0, 1):
            for c in sides[p]:
                put(c, f"flag {f}", lineno)
                if c.is_environment:
                    g._env_flag[c - FOG] = f
                    g._env_owner[c - FOG] = p
                elif c.is_guile:
                    raise PositionError(f"line {lineno}: {c} is a Guile card; it lies in a discard pile, "
                                        f"not at a flag", rule="guile-on-flag", card=str(c))
                else:
                    formation[p].append(c)
            try:
                check_side(formation[p], f"{PLAYER_NAMES[p]}'s side of flag {f}")
            except ValueError as e:
                raise PositionError(f"line {lineno}: {e}", rule="side-invalid", flag=f, player=p) from None
            g._cards[p][f] = formation[p]
        n0, n1 = len(formation[0]), len(formation[1])
        if order is None:
            order = "N" * n0 + "S" * n1
        if order.count("N") != n0 or order.count("S") != n1:
            raise PositionError(f"line {lineno}: flag {f}: the order {shorten(order)} must have one letter per "
                                f"card: {n0} N and {n1} S", rule="position-text", line=lineno)
        idx = [0, 0]
        for ch in order:
            p = 0 if ch == "N" else 1
            g._placed_at[formation[p][idx[p]]] = clock
            idx[p] += 1
            clock += 1
    g._clock = clock
    for p in (0, 1):
        if discards.get(p) == "rest":
            continue
        for c in discards.get(p, []):
            put(c, f"{PLAYER_NAMES[p]}'s discards")
        g._discards[p] = [] if discards.get(p) == "rest" else list(discards.get(p, []))
    known_opp = [0, 0]
    for p in (0, 1):
        if p not in hands:
            raise PositionError(f"the position has no 'hand {PLAYER_NAMES[p]}:' line", rule="position-text")
        for c, who in hands[p]:
            put(c, f"{PLAYER_NAMES[p]}'s hand")
            if who is not None:
                if who == p:
                    raise PositionError(f"{c}[{PLAYER_NAMES[who]}] in {PLAYER_NAMES[p]}'s hand: the mark "
                                        f"names the opponent who knows the card", rule="position-text")
                known_opp[who] |= 1 << c
        g._hands[p] = [c for c, _ in hands[p]]
    g._known_opp = known_opp
    known_deck = [0, 0]
    rests = []
    for d in (0, 1):
        spec = decks.get(d)
        if spec is None:
            raise PositionError(f"the position has no '{DECK_NAMES[d]} deck:' line", rule="position-text")
        if isinstance(spec, tuple):
            rests.append((d, spec[1]))
            continue
        cards = []
        for c, who in spec:
            put(c, f"the {DECK_NAMES[d]} deck")
            if (d == 0) != c.is_troop:
                raise PositionError(f"{c} cannot lie in the {DECK_NAMES[d]} deck", rule="wrong-deck",
                                    card=str(c), deck=DECK_NAMES[d])
            if who is not None:
                known_deck[who] |= 1 << c
            cards.append(c)
        g._decks[d] = list(reversed(cards))
    for d, seed in rests:
        pool = [c for c in (ALL_CARDS[:60] if d == 0 else ALL_CARDS[60:]) if c not in where]
        random.Random(seed).shuffle(pool)
        for c in pool:
            where[c] = f"the {DECK_NAMES[d]} deck"
        g._decks[d] = pool
    g._known_deck = known_deck
    rest_piles = [p for p in (0, 1) if discards.get(p) == "rest"]
    if len(rest_piles) > 1:
        raise PositionError("only one discard pile can be 'rest'", rule="position-text")
    for p in rest_piles:
        g._discards[p] = [c for c in ALL_CARDS if c not in where]
        for c in g._discards[p]:
            where[c] = f"{PLAYER_NAMES[p]}'s discards"
    missing = [c for c in ALL_CARDS if c not in where]
    if missing:
        raise PositionError(f"card {missing[0]} is missing: each of the 70 cards must be somewhere "
                            f"(a flag, a hand, a deck or a discard pile)"
                            + (f"; {len(missing)} are missing" if len(missing) > 1 else ""),
                            rule="card-missing", card=str(missing[0]))
    _finish_state(g, p_turn, phase, left, active, idle, result)
    _validate(g)
    return g


def _finish_state(g: Game, p_turn, phase, left, active, idle, result) -> None:
    g._to_move = p_turn
    g._first = p_turn
    g._phase = phase
    g._scout_left = left
    g._active = active
    g._idle = idle
    visible = 0
    for f in FLAGS:
        for p in (0, 1):
            for c in g._cards[p][f]:
                visible |= 1 << c
    for k in (0, 1):
        if g._env_flag[k]:
            visible |= 1 << (FOG + k)
    for p in (0, 1):
        for c in g._discards[p]:
            visible |= 1 << c
    g._visible = visible
    for p in (0, 1):
        mine = [c for f in FLAGS for c in g._cards[p][f]] + g._discards[p] + \
               [ALL_CARDS[FOG + k] for k in (0, 1) if g._env_flag[k] and g._env_owner[k] == p]
        tactics = [c for c in mine if c.is_tactic]
        g._tactics_played[p] = len(tactics)
        g._leader_played[p] = any(c.is_leader for c in tactics)
        if sum(1 for c in tactics if c.is_leader) > 1:
            raise PositionError(f"{PLAYER_NAMES[p]} has played both Leaders: each player may play only one",
                                rule="both-leaders", player=p)
    if result is not None:
        winner, reason = result
        counts = (len(g.flags_held(0)), len(g.flags_held(1)))
        g._outcome = Outcome(winner, reason, counts)
        if phase != OVER:
            raise PositionError("a position with a result must have the turn phase 'over'",
                                rule="position-text")
    elif phase == OVER:
        raise PositionError("the turn phase 'over' needs a 'result' line", rule="position-text")


def _wins(held: list[int]) -> str | None:
    if len(held) >= 5:
        return "envelopment"
    s = set(held)
    if any(f in s and f + 1 in s and f + 2 in s for f in range(1, 8)):
        return "breakthrough"
    return None


def _validate(g: Game) -> None:
    """The rules a position must obey beyond each card being somewhere once."""
    for f in FLAGS:
        need = g.required(f)
        mud_gone = g._env_flag[1] != f and (ALL_CARDS[MUD] in g._discards[0] or
                                             ALL_CARDS[MUD] in g._discards[1] or g._env_flag[1] != 0)
        for p in (0, 1):
            n = len(g._cards[p][f])
            cap = 4 if need == 4 or mud_gone else 3
            if n > cap:
                why = ("four only under Mud, or where Mud has left" if cap == 3 else "at most four")
                raise PositionError(f"flag {f} has {n} cards on {PLAYER_NAMES[p]}'s side; "
                                    f"three is the most a side can hold without Mud ({why})",
                                    rule="too-many-cards", flag=f, n=n, player=p)
        owner = g._claimed[f]
        if owner >= 0 and len(g._cards[owner][f]) < need:
            raise PositionError(f"flag {f} is claimed by {PLAYER_NAMES[owner]}, whose side there is "
                                f"not complete ({len(g._cards[owner][f])} of {need} cards)",
                                rule="claim-incomplete", flag=f, player=owner)
    if g._idle >= 2 and (g._outcome is None or g._outcome.reason != "deadlock"):
        raise PositionError("two idle turns in a row end the game by deadlock: add "
                            "'result … deadlock'", rule="position-text")
    unseen = TROOP_MASK & ~g._visible
    for f in FLAGS:
        owner = g._claimed[f]
        if owner < 0:
            continue
        need = g.required(f)
        mine, theirs = g._cards[owner][f], g._cards[1 - owner][f]
        later = len(theirs) >= need and g.completed_later(f, owner)
        # The visible cards only grow during a game, so a claim that cannot be proved
        # now could never have been proved.
        if not claim_holds(mine, theirs, unseen, g._env_flag[0] == f, need, later):
            raise PositionError(f"flag {f} is claimed by {PLAYER_NAMES[owner]}, but that claim "
                                f"cannot be proved from the cards on the table: "
                                f"{build_result(mine, theirs, unseen, g._env_flag[0] == f, need, later).explanation}",
                                rule="claim-unproved", flag=f, player=owner)
    _check_mud_history(g)
    t0, t1 = g._tactics_played
    if abs(t0 - t1) > 1:
        ahead = 0 if t0 > t1 else 1
        raise PositionError(f"{PLAYER_NAMES[ahead]} has played {max(t0, t1)} Tactics cards and "
                            f"{PLAYER_NAMES[1 - ahead]} {min(t0, t1)}: no player may ever be more "
                            f"than one ahead",
                            rule="tactics-ahead", player=ahead, n=max(t0, t1), m=min(t0, t1))
    limit = 10 if g._phase in (SCOUT_DRAW, SCOUT_RETURN) else 7
    for p in (0, 1):
        if len(g._hands[p]) > limit:
            raise PositionError(f"{PLAYER_NAMES[p]}'s hand holds {len(g._hands[p])} cards; "
                                f"the most is seven", rule="hand-size", player=p, n=len(g._hands[p]))
    if g._phase in (SCOUT_DRAW, SCOUT_RETURN) and ALL_CARDS[SCOUT] not in g._discards[g._to_move]:
        raise PositionError("a Scout turn needs the Scout in the discards of the player to move",
                            rule="position-text")
    # A game that is not over always has a move: Scout's phases end when nothing is left to do.
    if g._phase == SCOUT_DRAW and not (g._decks[0] or g._decks[1]):
        raise PositionError("scout-draw needs a card in a deck: with both decks empty "
                            "Scout goes on to returning cards", rule="position-text")
    if g._phase == SCOUT_RETURN and len(g._hands[g._to_move]) < g._scout_left:
        raise PositionError(f"scout-return {g._scout_left} needs that many cards in the hand of "
                            f"{PLAYER_NAMES[g._to_move]}, who holds {len(g._hands[g._to_move])}",
                            rule="position-text")
    wins = [_wins(g.flags_held(p)) for p in (0, 1)]
    if wins[0] and wins[1]:
        raise PositionError("both players hold a winning set of flags", rule="both-win")
    o = g._outcome
    for p in (0, 1):
        if wins[p] and (o is None or o.winner != p):
            raise PositionError(f"{PLAYER_NAMES[p]} holds flags {', '.join(map(str, g.flags_held(p)))}: "
                                f"that is a {wins[p]}, so the game would already be over "
                                f"(add 'result {PLAYER_NAMES[p]} {wins[p]}')", rule="already-won",
                                player=p, reason=wins[p])
    if o is not None:
        if o.reason != "deadlock":
            if o.winner is None or wins[o.winner] is None:
                raise PositionError(f"the result says {o.reason}, but the claimed flags do not show it",
                                    rule="position-text")
            if o.reason != wins[o.winner] and not (o.reason == "breakthrough" and
                                                   _wins_breakthrough(g.flags_held(o.winner))):
                raise PositionError(f"the result says {o.reason}, but the claimed flags show {wins[o.winner]}",
                                    rule="position-text")
        else:
            n0, n1 = o.flags
            expect = None if n0 == n1 else (0 if n0 > n1 else 1)
            if o.winner != expect:
                raise PositionError("a deadlock is won by the player holding more flags "
                                    f"({n0} to {n1} here)", rule="position-text")


def _check_mud_history(g: Game) -> None:
    """A side keeps four cards without Mud only where Mud has been: where it was played and,
    after one Redeploy, where it went."""
    four = [f for f in FLAGS if g._env_flag[1] != f and
            any(len(g._cards[p][f]) > 3 for p in (0, 1))]
    if not four:
        return
    mud = ALL_CARDS[MUD]
    on_table = g._env_flag[1] != 0
    discarded = mud in g._discards[0] or mud in g._discards[1]
    if not on_table and not discarded:
        raise PositionError(f"flag {four[0]} has four cards on a side, but Mud was never played",
                            rule="four-without-mud", flag=four[0])
    redeployed = ALL_CARDS[REDEPLOY] in g._discards[0] or ALL_CARDS[REDEPLOY] in g._discards[1]
    room = (1 if on_table else 2) if redeployed else (0 if on_table else 1)
    if len(four) > room:
        if len(four) == 1:
            raise PositionError(f"flag {four[0]} has four cards on a side without Mud, and Mud cannot "
                                f"have been there", rule="four-without-mud", flag=four[0])
        raise PositionError(f"flags {', '.join(map(str, four))} have four cards on a side without Mud; "
                            f"Mud cannot have been at all of them", rule="four-without-mud-flags",
                            flags=list(four))


def _wins_breakthrough(held: list[int]) -> bool:
    s = set(held)
    return any(f in s and f + 1 in s and f + 2 in s for f in range(1, 8))


# ---------------------------------------------------------------- records
def write_record(game: Game) -> str:
    """The game as JSON: the start position and the moves; :func:`read_record` replays it."""
    start = game.copy()
    while start._stack:
        start.undo()
    doc = {
        "format": "battleline-record",
        "version": 1,
        "seed": game.seed,
        "start": write_position(start),
        "moves": [str(m) for m in game._moves],
        "result": game._outcome.describe() if game._outcome else None,
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


def read_record(text: str | dict) -> Game:
    """Replay a record (its JSON text, or the dict it holds); raises :class:`PositionError`
    naming the bad part."""
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
    g = read_position(start)
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
def draw_text(g: Game) -> str:
    """The battle line as text for a terminal: north above the flags, south below."""
    width = 6
    out = []
    status = f"{g.rules} rules, " + (g._outcome.describe() if g._outcome else
                                      f"{PLAYER_NAMES[g._to_move]} to {g._phase.replace('-', ' ')}")
    out.append(f"Battle Line ({status})")
    out.append(f"north hand ({len(g._hands[0])}): " + " ".join(str(c) for c in g._hands[0]))
    rows_n = max([len(g._cards[0][f]) for f in FLAGS] + [3])
    for r in range(rows_n - 1, -1, -1):
        out.append("       " + "".join(
            (_abbr(g._cards[0][f][r]) if r < len(g._cards[0][f]) else ".").center(width) for f in FLAGS))
    out.append("       " + "".join(_env_text(g, f, 0).center(width) for f in FLAGS))
    out.append("flags  " + "".join(_flag_text(g, f).center(width) for f in FLAGS))
    out.append("       " + "".join(_env_text(g, f, 1).center(width) for f in FLAGS))
    rows_s = max([len(g._cards[1][f]) for f in FLAGS] + [3])
    for r in range(rows_s):
        out.append("       " + "".join(
            (_abbr(g._cards[1][f][r]) if r < len(g._cards[1][f]) else ".").center(width) for f in FLAGS))
    out.append(f"south hand ({len(g._hands[1])}): " + " ".join(str(c) for c in g._hands[1]))
    out.append("(flags: [n] open, ^n^ held by north, vnv held by south)")
    out.append(f"decks: troop {len(g._decks[0])}, tactic {len(g._decks[1])};  "
               f"discards: north {' '.join(map(str, g._discards[0])) or '-'}, "
               f"south {' '.join(map(str, g._discards[1])) or '-'}")
    return "\n".join(out)


def _abbr(card: Card) -> str:
    """At most five characters, so that the columns line up."""
    return str(card) if card < 60 else str(card)[:4]


def _env_text(g: Game, f: int, p: int) -> str:
    return "+".join(str(ALL_CARDS[FOG + k])[:3] for k in (0, 1)
                    if g._env_flag[k] == f and g._env_owner[k] == p)


def _flag_text(g: Game, f: int) -> str:
    o = g._claimed[f]
    return f"[{f}]" if o < 0 else ("^" + str(f) + "^" if o == 0 else "v" + str(f) + "v")

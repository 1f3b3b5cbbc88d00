"""Moves and their legality in Battle Line: the legal moves of the player to move (the cards
that may be played where, the Tactics limit, the hand limit, each phase's moves) and, for a
move that is not legal, the rule it breaks. Functions over the game's public state.

>>> from battleline import Game
>>> g = Game(seed=1, first=0)
>>> len(legal_moves(g)), can_play_tactic(g, 0)
(63, True)
>>> g.play("draw troop")
Traceback (most recent call last):
...
battleline.errors.IllegalMoveError: draw troop: play a card (or pass) before you draw
"""

from __future__ import annotations

from ..deprecation import moved_names
from ..cards import ALL_CARDS, DARIUS, DESERTER, FOG, MUD, REDEPLOY, SCOUT, SHIELD, TRAITOR, Card
from .claiming import FLAGS_IN, PICK_FLAGS, provable_flags
from .moves import CLAIM_MOVES, DRAW_MOVES, END_MOVE, PASS_MOVE, PLAY_TABLE, SCOUT_MOVE, Move
from .rules import DRAW, FLAGS, HAND_SIZE, OVER, PLAY, PLAYER_NAMES, SCOUT_DRAW, SCOUT_RETURN
from .tactics import GUILE_CARD, environment_cards

# ``g: "Game"`` below is battleline.standard.game.Game, named only: the game imports this
# module, so this module does not import the game.

__all__ = ["can_play_tactic", "legal_moves", "why_illegal"]

# Before issue 41 Game was put together from mixins; the mixin's name stands for Game now.
__getattr__ = moved_names(__name__, {
    "Legality": ("battleline.standard.game", "Game", "use Game: it composes this module's rules (issue 41)")})

# Interned Guile and return moves (as PLAY_TABLE does for plays): building them is a hot path.
_RETURN_MOVES = [Move("return", c) for c in ALL_CARDS]
_DESERTER_MOVES = [Move("deserter", c) for c in ALL_CARDS]
_TRAITOR_MOVES = [[None] + [Move("traitor", c, f) for f in FLAGS] for c in ALL_CARDS[:60]]
_REDEPLOY_MOVES = [[Move("redeploy", c, None)] + [Move("redeploy", c, f) for f in FLAGS]
                   for c in ALL_CARDS[:66]]


def can_play_tactic(g: "Game", player: int | None = None) -> bool:
    """The Tactics limit: never more than one Tactics card ahead of the opponent."""
    p = g.to_move if player is None else player
    return g.tactics_counts[p] <= g.tactics_counts[1 - p]


def legal_moves(g: "Game", claims: bool = True) -> list[Move]:
    """Every legal move for the player to move. Claims are listed only for flags
    that can be proved (a claim that fails changes nothing: see :meth:`.game.Game.claim`).
    ``claims=False`` skips the claim proofs.

    >>> from battleline import Game
    >>> len(legal_moves(Game(seed=1, first=0)))        # seven troops at nine flags
    63
    """
    ph = g.phase
    p = g.to_move
    if ph == PLAY:
        if not claims:
            return _card_moves(g, p)
        moves = [CLAIM_MOVES[f] for f in provable_flags(g, p)]
        moves.extend(_card_moves(g, p))
        return moves
    if ph == DRAW:
        moves = ([CLAIM_MOVES[f] for f in provable_flags(g, p)]
                 if claims and g.rules == "standard" else [])
        if _hand_has_room(g, p) and (g.decks[0] or g.decks[1]):
            if g.decks[0]:
                moves.append(DRAW_MOVES["troop"])
            if g.decks[1]:
                moves.append(DRAW_MOVES["tactic"])
        else:
            moves.append(END_MOVE)
        return moves
    if ph == SCOUT_DRAW:
        return [DRAW_MOVES[d] for i, d in enumerate(("troop", "tactic")) if g.decks[i]]
    if ph == SCOUT_RETURN:
        return [_RETURN_MOVES[c] for c in g.hands[p]]
    return []


def _hand_has_room(g: "Game", p: int) -> bool:
    """The hand limit: a player draws only while holding fewer than seven cards."""
    return len(g.hands[p]) < HAND_SIZE


def _card_moves(g: "Game", p: int) -> list[Move]:
    hand = g.hands[p]
    claimed = g.claimed
    free_mask = g.open_flags & ~g.complete_flags[p]
    moves: list[Move] = []
    extend = moves.extend
    has_tactic = False
    if free_mask:
        pick = PICK_FLAGS[free_mask]
        table = PLAY_TABLE
        for c in hand:
            if c < 60:
                extend(pick(table[c]))
            else:
                has_tactic = True
    else:
        has_tactic = any(c >= 60 for c in hand)
    troop_placeable = bool(moves)
    if has_tactic and g.tactics_counts[p] <= g.tactics_counts[1 - p]:
        free = FLAGS_IN[free_mask]
        for c in hand:
            if c < 60:
                continue
            if c <= SHIELD:
                if c <= DARIUS and g.leader_played[p]:
                    continue
                row = PLAY_TABLE[c]
                extend([row[f] for f in free])
            elif c <= MUD:
                row = PLAY_TABLE[c]
                extend([row[f] for f in FLAGS if claimed[f] < 0])
            elif c == SCOUT:
                if g.decks[0] or g.decks[1]:
                    moves.append(SCOUT_MOVE)
            elif c == REDEPLOY:
                extend(_redeploy_moves(g, p, free))
            elif c == DESERTER:
                extend([_DESERTER_MOVES[t] for t in _cards_at_unclaimed(g, 1 - p)])
            elif c == TRAITOR:
                if free:
                    for t in _cards_at_unclaimed(g, 1 - p):
                        if t < 60:
                            row = _TRAITOR_MOVES[t]
                            extend([row[f] for f in free])
    if not troop_placeable:
        moves.append(PASS_MOVE)
    return moves


def _cards_at_unclaimed(g: "Game", p: int) -> list[Card]:
    """p's formation and environment cards at unclaimed flags."""
    out = []
    for f in FLAGS:
        if g.claimed[f] < 0:
            out.extend(g.sides[p][f])
    for c, f, owner in environment_cards(g):
        if f and owner == p and g.claimed[f] < 0:
            out.append(ALL_CARDS[c])
    return out


def _redeploy_moves(g: "Game", p: int, free: list[int]) -> list[Move]:
    moves = []
    for f in FLAGS:
        if g.claimed[f] >= 0:
            continue
        for c in g.sides[p][f]:
            row = _REDEPLOY_MOVES[c]
            moves.extend([row[d] for d in free if d != f])
            moves.append(row[0])
    for c, f, owner in environment_cards(g):
        if f and owner == p and g.claimed[f] < 0:
            row = _REDEPLOY_MOVES[c]
            moves.extend([row[d] for d in FLAGS if d != f and g.claimed[d] < 0])
            moves.append(row[0])
    return moves


def why_illegal(g: "Game", m: Move) -> tuple[str, str, dict]:
    """The rule a move breaks (it is known not to be legal): its key, English words
    and the parameters for wording it in another language. Each phase allows its own
    kinds of move (as :func:`legal_moves` lists them); in the play phase the rules of
    the card played decide.

    >>> from battleline import Game
    >>> from battleline.standard.moves import Move
    >>> why_illegal(Game(seed=1), Move.parse("draw troop"))[:2]
    ('play-first', 'play a card (or pass) before you draw')
    """
    ph = g.phase
    if ph == OVER:
        return "game-over", "the game is over", {}
    if ph != PLAY:
        return _why_not_in_phase(g, m)
    if m.kind in ("draw", "end", "return"):
        return "play-first", "play a card (or pass) before you draw", {}
    if m.kind == "pass":
        return "must-play-troop", "you must play a troop card when you can place one", {}
    p = g.to_move
    card = m.card
    played = ALL_CARDS[GUILE_CARD[m.kind]] if m.kind in GUILE_CARD else card
    if played not in g.hands[p]:
        return "not-in-hand", f"{played} is not in {PLAYER_NAMES[p]}'s hand", {"card": str(played), "player": p}
    if played.is_tactic and not can_play_tactic(g, p):
        return "tactics-limit", "you have already played one more Tactics card than your opponent", {}
    if m.kind == "play":
        return _why_not_placed(g, card, m.flag)
    if m.kind == "scout":
        return "decks-empty", "both decks are empty", {}
    return _why_not_moved(g, m)


def _why_not_in_phase(g: "Game", m: Move) -> tuple[str, str, dict]:
    """Why a move is illegal in the draw phase or during Scout."""
    ph = g.phase
    p = g.to_move
    if m.kind == "draw" and ph != SCOUT_RETURN:
        if ph == DRAW and not _hand_has_room(g, p):
            return "hand-full", "your hand already holds seven cards", {}
        return "deck-empty", f"the {m.deck} deck is empty", {"deck": m.deck}
    if ph == SCOUT_DRAW:
        return "scout-draw-first", "after Scout you draw three cards first (draw troop / draw tactic)", {}
    if ph == SCOUT_RETURN:
        if m.kind == "return":
            return ("not-in-hand", f"{m.card} is not in {PLAYER_NAMES[p]}'s hand",
                    {"card": str(m.card), "player": p})
        return "scout-return-first", "after Scout's draws you put two cards back (return CARD)", {}
    if m.kind == "end":
        return "must-draw", "you must draw a card: your hand holds fewer than seven and a deck has cards", {}
    return "already-played", "you have played your card this turn; now draw (or claim)", {}


def _why_not_placed(g: "Game", card: Card, f: int) -> tuple[str, str, dict]:
    """Why a card in the hand (within the Tactics limit) cannot be played at flag ``f``."""
    if g.claimed[f] >= 0:
        return "flag-claimed", f"flag {f} is already claimed", {"flag": f}
    if card.is_leader and g.leader_played[g.to_move]:
        return "one-leader", "each player may play only one Leader in a game", {}
    if card.is_formation_card:
        n = len(g.sides[g.to_move][f])
        return "side-full", f"flag {f} already has {n} cards on your side", {"flag": f, "n": n}
    return "not-there", "this card cannot be played there", {}


def _why_not_moved(g: "Game", m: Move) -> tuple[str, str, dict]:
    """Why Redeploy, Deserter or Traitor (in the hand, within the Tactics limit) cannot
    take ``m.card``: whose card it must be, where it lies, and where it may go."""
    p = g.to_move
    card = m.card
    src = _where(g, card)
    if m.kind == "redeploy":
        if src is None or src[0] != p:
            return "not-your-card", f"{card} is not one of your cards at a flag", {"card": str(card)}
        if g.claimed[src[1]] >= 0:
            return ("at-claimed-flag", f"{card} is at a claimed flag; nothing there can be moved",
                    {"card": str(card)})
        if m.flag == src[1]:
            return "redeploy-same-flag", "Redeploy moves the card to another flag", {}
        return _why_no_free_place(g, m.flag)
    if src is None or src[0] != 1 - p:
        return ("not-their-card", f"{card} is not one of your opponent's cards at a flag",
                {"card": str(card)})
    if g.claimed[src[1]] >= 0:
        return ("at-claimed-flag", f"{card} is at a claimed flag; nothing there can be taken",
                {"card": str(card)})
    if m.kind == "traitor":
        if not card.is_troop:
            return "traitor-troops-only", "Traitor takes only troop cards, not Tactics cards", {}
        return _why_no_free_place(g, m.flag)
    return "not-legal", "not a legal move now", {}


def _why_no_free_place(g: "Game", d: int) -> tuple[str, str, dict]:
    """Why a card may not be moved to flag ``d`` on the mover's side."""
    if g.claimed[d] >= 0:
        return "flag-claimed", f"flag {d} is already claimed", {"flag": d}
    return "no-free-place", f"flag {d} has no free place on your side", {"flag": d}


def _where(g: "Game", card: int) -> tuple[int, int] | None:
    """(owner, flag) of a card on the table, or None."""
    if card in (FOG, MUD):
        f, owner = (g.fog_flag, g.fog_owner) if card == FOG else (g.mud_flag, g.mud_owner)
        return (owner, f) if f else None
    for p in (0, 1):
        for f in FLAGS:
            if card in g.sides[p][f]:
                return p, f
    return None

"""Moves and their legality in Battle Line: the legal moves of the player to move (the cards
that may be played where, the Tactics limit, the hand limit, each phase's moves) and, for a
move that is not legal, the rule it breaks. A mixin of :class:`~.game.Game`.

>>> from battleline import Game
>>> g = Game(seed=1, first=0)
>>> len(g.legal_moves()), g.can_play_tactic()
(63, True)
>>> g.play("draw troop")
Traceback (most recent call last):
...
battleline.errors.IllegalMoveError: draw troop: play a card (or pass) before you draw
"""

from __future__ import annotations

from ..cards import ALL_CARDS, DARIUS, DESERTER, FOG, MUD, REDEPLOY, SCOUT, SHIELD, TRAITOR, Card
from .claiming import FLAGS_IN, PICK_FLAGS
from .moves import CLAIM_MOVES, DRAW_MOVES, END_MOVE, PASS_MOVE, PLAY_TABLE, SCOUT_MOVE, Move
from .rules import DRAW, FLAGS, HAND_SIZE, OVER, PLAY, PLAYER_NAMES, SCOUT_DRAW, SCOUT_RETURN
from .tactics import GUILE_CARD

__all__ = ["Legality"]

# Interned Guile and return moves (as PLAY_TABLE does for plays): building them is a hot path.
_RETURN_MOVES = [Move("return", c) for c in ALL_CARDS]
_DESERTER_MOVES = [Move("deserter", c) for c in ALL_CARDS]
_TRAITOR_MOVES = [[None] + [Move("traitor", c, f) for f in FLAGS] for c in ALL_CARDS[:60]]
_REDEPLOY_MOVES = [[Move("redeploy", c, None)] + [Move("redeploy", c, f) for f in FLAGS]
                   for c in ALL_CARDS[:66]]


class Legality:
    """What the player to move may do, and why not."""

    __slots__ = ()

    def can_play_tactic(self, player: int | None = None) -> bool:
        """The Tactics limit: never more than one Tactics card ahead of the opponent."""
        p = self.to_move if player is None else player
        return self.tactics_counts[p] <= self.tactics_counts[1 - p]

    def legal_moves(self, claims: bool = True) -> list[Move]:
        """Every legal move for the player to move. Claims are listed only for flags
        that can be proved (a claim that fails changes nothing: see :meth:`claim`).
        ``claims=False`` skips the claim proofs.

        >>> from battleline import Game
        >>> g = Game(seed=1, first=0)
        >>> len(g.legal_moves())        # seven troops at nine flags
        63
        """
        ph = self.phase
        p = self.to_move
        if ph == PLAY:
            if not claims:
                return self._card_moves(p)
            moves = [CLAIM_MOVES[f] for f in self.provable_flags(p)]
            moves.extend(self._card_moves(p))
            return moves
        if ph == DRAW:
            moves = ([CLAIM_MOVES[f] for f in self.provable_flags(p)]
                     if claims and self.rules == "standard" else [])
            if self._hand_has_room(p) and (self.decks[0] or self.decks[1]):
                if self.decks[0]:
                    moves.append(DRAW_MOVES["troop"])
                if self.decks[1]:
                    moves.append(DRAW_MOVES["tactic"])
            else:
                moves.append(END_MOVE)
            return moves
        if ph == SCOUT_DRAW:
            return [DRAW_MOVES[d] for i, d in enumerate(("troop", "tactic")) if self.decks[i]]
        if ph == SCOUT_RETURN:
            return [_RETURN_MOVES[c] for c in self.hands[p]]
        return []

    def _hand_has_room(self, p: int) -> bool:
        """The hand limit: a player draws only while holding fewer than seven cards."""
        return len(self.hands[p]) < HAND_SIZE

    def _card_moves(self, p: int) -> list[Move]:
        hand = self.hands[p]
        claimed = self.claimed
        free_mask = self._open & ~self._complete[p]
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
        if has_tactic and self.tactics_counts[p] <= self.tactics_counts[1 - p]:
            free = FLAGS_IN[free_mask]
            for c in hand:
                if c < 60:
                    continue
                if c <= SHIELD:
                    if c <= DARIUS and self.leader_played[p]:
                        continue
                    row = PLAY_TABLE[c]
                    extend([row[f] for f in free])
                elif c <= MUD:
                    row = PLAY_TABLE[c]
                    extend([row[f] for f in FLAGS if claimed[f] < 0])
                elif c == SCOUT:
                    if self.decks[0] or self.decks[1]:
                        moves.append(SCOUT_MOVE)
                elif c == REDEPLOY:
                    extend(self._redeploy_moves(p, free))
                elif c == DESERTER:
                    extend([_DESERTER_MOVES[t] for t in self._cards_at_unclaimed(1 - p)])
                elif c == TRAITOR:
                    if free:
                        for t in self._cards_at_unclaimed(1 - p):
                            if t < 60:
                                row = _TRAITOR_MOVES[t]
                                extend([row[f] for f in free])
        if not troop_placeable:
            moves.append(PASS_MOVE)
        return moves

    def _cards_at_unclaimed(self, p: int) -> list[Card]:
        """p's formation and environment cards at unclaimed flags."""
        out = []
        for f in FLAGS:
            if self.claimed[f] < 0:
                out.extend(self.sides[p][f])
        for c, f, owner in self._environment_cards():
            if f and owner == p and self.claimed[f] < 0:
                out.append(ALL_CARDS[c])
        return out

    def _redeploy_moves(self, p: int, free: list[int]) -> list[Move]:
        moves = []
        for f in FLAGS:
            if self.claimed[f] >= 0:
                continue
            for c in self.sides[p][f]:
                row = _REDEPLOY_MOVES[c]
                moves.extend([row[d] for d in free if d != f])
                moves.append(row[0])
        for c, f, owner in self._environment_cards():
            if f and owner == p and self.claimed[f] < 0:
                row = _REDEPLOY_MOVES[c]
                moves.extend([row[d] for d in FLAGS if d != f and self.claimed[d] < 0])
                moves.append(row[0])
        return moves


    def parse_move(self, move: Move | str) -> Move:
        """A move from its text (or a Move, unchanged); raises :class:`InvalidMoveError` for
        text that cannot be read, :class:`IllegalMoveError` for a move no rule allows.

        >>> from battleline import Game
        >>> Game(seed=1).parse_move("R7 @ 3")
        Move('R7@3')
        """
        if isinstance(move, Move):
            return move
        return Move.parse(move)

    def _why_illegal(self, m: Move) -> tuple[str, str, dict]:
        """The rule a move breaks (it is known not to be legal): its key, English words
        and the parameters for wording it in another language. Each phase allows its own
        kinds of move (as :meth:`legal_moves` lists them); in the play phase the rules of
        the card played decide."""
        ph = self.phase
        if ph == OVER:
            return "game-over", "the game is over", {}
        if ph != PLAY:
            return self._why_not_in_phase(m)
        if m.kind in ("draw", "end", "return"):
            return "play-first", "play a card (or pass) before you draw", {}
        if m.kind == "pass":
            return "must-play-troop", "you must play a troop card when you can place one", {}
        p = self.to_move
        card = m.card
        played = ALL_CARDS[GUILE_CARD[m.kind]] if m.kind in GUILE_CARD else card
        if played not in self.hands[p]:
            return "not-in-hand", f"{played} is not in {PLAYER_NAMES[p]}'s hand", {"card": str(played), "player": p}
        if played.is_tactic and not self.can_play_tactic(p):
            return "tactics-limit", "you have already played one more Tactics card than your opponent", {}
        if m.kind == "play":
            return self._why_not_placed(card, m.flag)
        if m.kind == "scout":
            return "decks-empty", "both decks are empty", {}
        return self._why_not_moved(m)

    def _why_not_in_phase(self, m: Move) -> tuple[str, str, dict]:
        """Why a move is illegal in the draw phase or during Scout."""
        ph = self.phase
        p = self.to_move
        if m.kind == "draw" and ph != SCOUT_RETURN:
            if ph == DRAW and not self._hand_has_room(p):
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

    def _why_not_placed(self, card: Card, f: int) -> tuple[str, str, dict]:
        """Why a card in the hand (within the Tactics limit) cannot be played at flag ``f``."""
        if self.claimed[f] >= 0:
            return "flag-claimed", f"flag {f} is already claimed", {"flag": f}
        if card.is_leader and self.leader_played[self.to_move]:
            return "one-leader", "each player may play only one Leader in a game", {}
        if card.is_formation_card:
            n = len(self.sides[self.to_move][f])
            return "side-full", f"flag {f} already has {n} cards on your side", {"flag": f, "n": n}
        return "not-there", "this card cannot be played there", {}

    def _why_not_moved(self, m: Move) -> tuple[str, str, dict]:
        """Why Redeploy, Deserter or Traitor (in the hand, within the Tactics limit) cannot
        take ``m.card``: whose card it must be, where it lies, and where it may go."""
        p = self.to_move
        card = m.card
        src = self._where(card)
        if m.kind == "redeploy":
            if src is None or src[0] != p:
                return "not-your-card", f"{card} is not one of your cards at a flag", {"card": str(card)}
            if self.claimed[src[1]] >= 0:
                return ("at-claimed-flag", f"{card} is at a claimed flag; nothing there can be moved",
                        {"card": str(card)})
            if m.flag == src[1]:
                return "redeploy-same-flag", "Redeploy moves the card to another flag", {}
            return self._why_no_free_place(m.flag)
        if src is None or src[0] != 1 - p:
            return ("not-their-card", f"{card} is not one of your opponent's cards at a flag",
                    {"card": str(card)})
        if self.claimed[src[1]] >= 0:
            return ("at-claimed-flag", f"{card} is at a claimed flag; nothing there can be taken",
                    {"card": str(card)})
        if m.kind == "traitor":
            if not card.is_troop:
                return "traitor-troops-only", "Traitor takes only troop cards, not Tactics cards", {}
            return self._why_no_free_place(m.flag)
        return "not-legal", "not a legal move now", {}

    def _why_no_free_place(self, d: int) -> tuple[str, str, dict]:
        """Why a card may not be moved to flag ``d`` on the mover's side."""
        if self.claimed[d] >= 0:
            return "flag-claimed", f"flag {d} is already claimed", {"flag": d}
        return "no-free-place", f"flag {d} has no free place on your side", {"flag": d}

    def _where(self, card: int) -> tuple[int, int] | None:
        """(owner, flag) of a card on the table, or None."""
        if card in (FOG, MUD):
            f, owner = (self.fog_flag, self.fog_owner) if card == FOG else (self.mud_flag, self.mud_owner)
            return (owner, f) if f else None
        for p in (0, 1):
            for f in FLAGS:
                if card in self.sides[p][f]:
                    return p, f
        return None

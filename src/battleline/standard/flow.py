"""The turn flow of Battle Line: playing a card to a flag, drawing, Scout's returns and the
end of a turn (and the deadlock that idle turns make). Functions over the game's public state;
every list change goes through the game's journal (:mod:`.journal`).

>>> from battleline import Game
>>> g = Game(seed=1, first=0)
>>> g.push(g.legal_moves()[0]); g.phase, g.to_move
('draw', 0)
>>> g.push(g.legal_moves()[0]); g.phase, g.to_move
('play', 1)
"""

from __future__ import annotations

from ..deprecation import moved_names
from ..cards import DARIUS, FOG, MUD, TROOP_MASK, Card
from .claiming import finish, flag_counts, recount
from .formations import CARDS_NEEDED
from .rules import DEADLOCK_IDLE_TURNS, DRAW, PLAY, SCOUT_DRAW, SCOUT_RETURN, deadlock_winner
from .tactics import set_environment

# ``g: "Game"`` below is battleline.standard.game.Game, named only: the game imports this
# module, so this module does not import the game.

__all__ = ["play_card", "draw", "return_card", "end_turn"]

# Before issue 41 Game was put together from mixins; the mixin's name stands for Game now.
__getattr__ = moved_names(__name__, {
    "TurnFlow": ("battleline.standard.game", "Game", "use Game: it composes this module's rules (issue 41)")})


def play_card(g: "Game", p: int, card: Card, f: int) -> None:
    """``card`` from p's hand to flag f (Fog and Mud to the flag itself).

    >>> from battleline import Game
    >>> g = Game(seed=1, first=0); card = g.hands[0][0]
    >>> play_card(g, 0, card, 3); g.cards_at(3, 0) == [card], g.phase
    (True, 'draw')
    """
    journal = g.journal
    g.claim_memory.touch(f)
    hand = g.hands[p]
    if card >= FOG:
        journal.take(hand, hand.index(card))
        set_environment(g, card, f, p)
        if card == MUD:
            recount(g, f)
    else:
        side = g.sides[p][f]
        journal.move(hand, hand.index(card), side)
        journal.write(g.placed_at, card, g.clock)
        g.clock += 1
        if len(side) >= CARDS_NEEDED[g.mud_flag == f]:
            complete = g.complete_flags
            journal.write(complete, p, complete[p] | 1 << f)
    g.visible |= 1 << card
    if card >= 60:
        journal.write(g.tactics_counts, p, g.tactics_counts[p] + 1)
        if card <= DARIUS and not g.leader_played[p]:
            journal.write(g.leader_played, p, True)
    g.turn_active = True
    g.phase = DRAW


def draw(g: "Game", p: int, deck: int) -> None:
    """The top card of a deck (0 troop, 1 Tactics) into p's hand; the turn ends unless p
    is drawing for Scout.

    >>> from battleline import Game
    >>> g = Game(seed=1, first=0); top = g.deck("tactic")[0]
    >>> draw(g, 0, 1); g.hands[0][-1] == top, g.to_move
    (True, 1)
    """
    cards = g.decks[deck]
    card = g.journal.move_last(cards, g.hands[p])
    bit = 1 << card
    known = g.known_deck
    if (known[0] | known[1]) & bit:
        _forget_put_back(g, p, bit)
    if g.phase == SCOUT_DRAW:
        g.scout_left -= 1
        if g.scout_left == 0 or not (g.decks[0] or g.decks[1]):
            g.phase = SCOUT_RETURN
            g.scout_left = min(2, len(g.hands[p]))
    else:
        g.turn_active = True
        end_turn(g)


def _forget_put_back(g: "Game", p: int, bit: int) -> None:
    """p drew the card (``bit``) that Scout put back in a deck: no longer known to lie
    there, and now known by the one who put it back to be in p's hand."""
    journal, known = g.journal, g.known_deck
    if known[1 - p] & bit:
        journal.write(known, 1 - p, known[1 - p] ^ bit)
        journal.write(g.opponent_known, 1 - p, g.opponent_known[1 - p] | bit)
    if known[p] & bit:
        journal.write(known, p, known[p] ^ bit)


def return_card(g: "Game", p: int, card: Card) -> None:
    """Scout: ``card`` from p's hand back on top of its deck, known to p there.

    >>> from battleline import Game
    >>> g = Game(seed=1, first=0); card = g.hands[0][0]; g.scout_left = 2
    >>> return_card(g, 0, card); g.deck("troop")[0] == card, g.known_deck[0] == 1 << card
    (True, True)
    """
    journal = g.journal
    hand = g.hands[p]
    deck = 0 if card < 60 else 1
    journal.move(hand, hand.index(card), g.decks[deck])
    journal.write(g.known_deck, p, g.known_deck[p] | 1 << card)
    q = 1 - p
    # The opponent no longer knows where his known cards of this deck kind are.
    kind_mask = TROOP_MASK if deck == 0 else ~TROOP_MASK
    if g.opponent_known[q] & kind_mask:
        journal.write(g.opponent_known, q, g.opponent_known[q] & ~kind_mask)
    g.scout_left -= 1
    if g.scout_left == 0:
        end_turn(g)


def end_turn(g: "Game") -> None:
    """The turn ends: the other player's, or a deadlock after idle turns.

    >>> from battleline import Game
    >>> g = Game(seed=1, first=0); end_turn(g); g.to_move, g.idle_turns
    (1, 1)
    """
    if g.turn_active:
        g.idle_turns = 0
    else:
        g.idle_turns += 1
        # An idle turn drew no card, so either both decks are empty or the hand was
        # full: two in a row repeat forever (docs/rules.md, Deadlock).
        if g.idle_turns >= DEADLOCK_IDLE_TURNS:
            finish(g, deadlock_winner(flag_counts(g)), "deadlock")
            return
    g.to_move = 1 - g.to_move
    g.phase = PLAY
    g.turn_active = False

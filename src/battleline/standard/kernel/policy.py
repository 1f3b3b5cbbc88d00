"""The play-out policy in the kernel: greedy turns, as :mod:`battleline.standard.bots.playout` plays them.

Claim every provable flag; play the troop whose side could still complete the strongest
formation with the troops not yet visible (ties: the flag nearest the centre, then the lower
flag, the lower value, the lower card), or pass; claim again; draw a troop (a Tactics card
when the troop deck is empty). During a Scout turn it draws troops and puts back its lowest
troops.

The policy is chosen by flag bits (``POLICY_GREEDY``, ``POLICY_TACTICS``, ``POLICY_CONTEST``,
which :func:`play_policy`, :func:`policy_move` and the search take). The greedy play-out
(:func:`play_out`) plays no Tactics card.

With ``POLICY_CONTEST`` the troop is chosen by the *contest* rule: a flag is lost for a card
when the opponent's side there is complete and the strongest formation the player's side
could still complete with that card (the same potential, read with Fog and Mud as they lie)
cannot beat it; a tie is lost too, since the opponent completed first. The greedy rule then
chooses among the (card, flag) pairs that are not lost; when every pair is lost, the hand's
lowest troop (ties: the lower card) goes to the lowest-numbered free flag (all of them lost),
where it no longer matters.

With ``POLICY_TACTICS`` (:func:`play_out_tactics`) the policy plays Tactics cards
for both sides by the cheap rules of :func:`tactic_move`, before the troop: a
Morale card that completes a side winning its flag by proof; against a *threatened* flag
(the opponent's side complete and stronger than anything the player's incomplete side can
still make from its own hand) Traitor, Deserter, Fog (when our side wins the totals),
Mud or Redeploy (our best troop there to where the greedy rule would play it); Scout when
no troop in hand makes more than a Host (these rules read the plain greedy rule, with
the contest rule or without). :mod:`battleline.standard.bots.playout` is the Python reference
the tests hold it to, move by move.
"""

from __future__ import annotations

import numpy as np

from ...compiled import kernel_function
from .layout import (
    ALEXANDER, CLAIMED, COMPANION, DARIUS, DECK_LEN, DESERTER, DESERTER_BASE, DRAW, DRAW_TACTIC,
    DRAW_TROOP, END_MOVE, FOG, FOG_FLAG, HAND_SIZE, HAND_TACTICS, HAND_TROOPS, LEADER_PLAYED, MAX_SIDE,
    MUD, MUD_FLAG, OVER, PASS_MOVE, PHASE, PLAY, PLAY_BASE, REDEPLOY, REDEPLOY_BASE, RETURN_BASE,
    SCOUT, SCOUT_DRAW, SCOUT_MOVE, SHIELD, SIDE_CARDS, SIDE_LEN, TACTICS_PLAYED, TO_MOVE, TRAITOR,
    TRAITOR_BASE, TROOP_COUNT, TROOPS_ALL, VISIBLE,
)
from .rules import (
    apply_move, cards_needed, claim_holds, claims_open, free_flags, hand_size,
    provable_flags, side_index, side_masks, strength_under,
)
from ...compiled.bits import lowest_bit
from .play import claim_all
from .strength import COLORS, NO_COMPLETION, RANK_STEP, strongest_above

POLICY_GREEDY = 0     # the greedy rule alone: no Tactics card, every flag fed
POLICY_TACTICS = 1    # bit: Tactics cards by tactic_move before the troop
POLICY_CONTEST = 2    # bit: the contest rule, no troop fed to a lost flag
CENTRE_FIRST = np.array([5, 4, 6, 3, 7, 2, 8, 1, 9], dtype=np.int64)
NOT_SCORED = -2
NO_MOVE = -1
NO_RIVAL = NO_COMPLETION - 1    # the opponent's side is incomplete: below every score
# The Morale cards in the order the play-out spends them: the weakest that does the job.
MORALE_ORDER = np.array([SHIELD, COMPANION, ALEXANDER, DARIUS], dtype=np.int64)
# The cards that answer a threatened flag, in the order the play-out tries them.
GUARD_ORDER = np.array([TRAITOR, DESERTER, FOG, MUD, REDEPLOY], dtype=np.int64)


@kernel_function
def potential(troops, wilds, count, card, need, fog, available, floor):
    """The strongest formation the side (``count`` cards) plus ``card`` could still complete,
    when it is stronger than ``floor`` (``NO_COMPLETION`` otherwise)."""
    missing = need - count - 1
    troops |= 1 << card
    if missing <= 0:
        return strongest_above(troops, wilds, 0, 0, fog, floor)
    return strongest_above(troops, wilds, available & ~(1 << card), missing, fog, floor)


@kernel_function
def hand_by_value(hand, cards):
    """Write the troops of a hand mask into ``cards``, highest value first (then colour);
    returns how many."""
    n = 0
    for v in range(9, -1, -1):
        for color in range(COLORS):
            c = color * 10 + v
            if hand >> c & 1:
                cards[n] = c
                n += 1
    return n


@kernel_function
def greedy_card(s, player, contest):
    """The greedy rule's move for the player to move in the play phase (a pass when no troop
    can be placed); with ``contest`` the contest rule's."""
    return greedy_choice(s, player, contest)[1]


@kernel_function
def rival_strength(s, player, flag, fog):
    """The strength of the opponent's side at ``flag`` when it is complete (read with Fog or
    without), which the player's side must beat; ``NO_RIVAL`` while it is incomplete."""
    if s[SIDE_LEN + side_index(1 - player, flag)] < cards_needed(s, flag):
        return NO_RIVAL
    return strength_under(s, 1 - player, flag, fog)


@kernel_function
def greedy_choice(s, player, contest):
    """``(key, move)``: the greedy rule's move and its ranking key (-1 and a pass when no
    troop can be placed); the key's potential strength is ``key // 10000 - 2``. With
    ``contest`` no card goes where it is lost (the module docstring); when every card is
    lost, the key is -1 and the move :func:`dump_move`."""
    free = free_flags(s, player)
    hand = s[HAND_TROOPS + player]
    if not free or not hand:
        return -1, PASS_MOVE
    available = TROOPS_ALL & ~s[VISIBLE]
    cards = np.empty(TROOP_COUNT, dtype=np.int64)
    n_cards = hand_by_value(hand, cards)
    # An empty side's potential depends only on the card, the size and Fog: scored once.
    empty_scores = np.full((4, TROOP_COUNT), NOT_SCORED, dtype=np.int64)
    best_key = -1
    best_move = PASS_MOVE
    for i in range(9):
        f = CENTRE_FIRST[i]
        if not free >> f & 1:
            continue
        need = cards_needed(s, f)
        fog = s[FOG_FLAG] == f
        troops, wilds = side_masks(s, player, f)
        count = s[SIDE_LEN + side_index(player, f)]
        kind = 2 * (need - 3) + int(fog)
        rival = rival_strength(s, player, f, fog) if contest else NO_RIVAL
        for j in range(n_cards):     # strong cards first, so that the floor rises early
            c = cards[j]
            if count == 0:
                score = empty_scores[kind, j]
                if score == NOT_SCORED:
                    score = potential(0, 0, 0, c, need, fog, available, -1)
                    empty_scores[kind, j] = score
            else:
                # Only a formation at least as strong as the best so far can be chosen.
                floor = best_key // 10000 - 3 if best_key >= 0 else -1     # the best score, less one
                score = potential(troops, wilds, count, c, need, fog, available, max(floor, rival))
            if rival >= 0 and score <= rival:
                continue     # lost here (a tie too: their side was complete first), or below the best
            # Strength first; then the centre (the visiting order), the lower value, the lower card.
            key = (((score + 2) * 10 + 9 - i) * 10 + 9 - c % 10) * 100 + 99 - c
            if key > best_key:
                best_key = key
                best_move = PLAY_BASE + c * 9 + f - 1
    if best_key < 0:
        return -1, dump_move(s, player, free)
    return best_key, best_move


@kernel_function
def dump_move(s, player, free):
    """Where every card is lost: the hand's lowest troop to the lowest-numbered free flag."""
    return PLAY_BASE + lowest_card(s, player) * 9 + lowest_bit(free) - 1


@kernel_function
def lowest_card(s, player):
    """The hand's lowest troop (a Tactics card only when it holds no troop)."""
    troops = s[HAND_TROOPS + player]
    best = -1
    for c in range(TROOP_COUNT):
        if troops >> c & 1 and (best < 0 or c % 10 < best % 10):
            best = c
    if best >= 0:
        return best
    tactics = s[HAND_TACTICS + player]
    for t in range(10):
        if tactics >> t & 1:
            return TROOP_COUNT + t
    return -1


# ------------------------------------------------------------- Tactics in play-outs
@kernel_function
def threatened(s, player, flag, fog):
    """Whether at the unclaimed ``flag`` the opponent's side is complete and the player's,
    still incomplete, can make nothing stronger from the troops in its own hand (both read
    with Fog or without): the flag is lost unless a Tactics card changes it."""
    if s[CLAIMED + flag] >= 0:
        return False
    need = cards_needed(s, flag)
    count = s[SIDE_LEN + side_index(player, flag)]
    if count >= need or s[SIDE_LEN + side_index(1 - player, flag)] < need:
        return False
    theirs = strength_under(s, 1 - player, flag, fog)
    troops, wilds = side_masks(s, player, flag)
    return strongest_above(troops, wilds, s[HAND_TROOPS + player], need - count, fog, theirs) == NO_COMPLETION


@kernel_function
def card_worth(c):
    """What a card adds to a side, to choose which one to take: a troop its value, a Leader
    11 (it stands for any troop), Companion Cavalry 8, Shield Bearers 3."""
    if c < TROOP_COUNT:
        return c % 10 + 1
    if c <= DARIUS:
        return 11
    return 8 if c == COMPANION else 3


@kernel_function
def strongest_card(s, player, flag, troops_only):
    """The player's card at ``flag`` worth most (ties: the lower card); -1 if none."""
    k = side_index(player, flag)
    best = -1
    for i in range(s[SIDE_LEN + k]):
        c = s[SIDE_CARDS + MAX_SIDE * k + i]
        if troops_only and c >= TROOP_COUNT:
            continue
        if best < 0 or card_worth(c) > card_worth(best) or (card_worth(c) == card_worth(best) and c < best):
            best = c
    return best


@kernel_function
def best_flag_for(s, player, card, flags):
    """The flag of ``flags`` (bit f) where the troop ``card`` gives the player's side the
    strongest potential formation, as the greedy rule scores it (ties: centre first); 0 if
    ``flags`` is empty."""
    available = TROOPS_ALL & ~s[VISIBLE]
    best_flag = 0
    best_score = NO_COMPLETION - 1
    for i in range(9):
        f = CENTRE_FIRST[i]
        if not flags >> f & 1:
            continue
        troops, wilds = side_masks(s, player, f)
        count = s[SIDE_LEN + side_index(player, f)]
        score = potential(troops, wilds, count, card, cards_needed(s, f), s[FOG_FLAG] == f, available, -1)
        if score > best_score:
            best_flag, best_score = f, score
    return best_flag


@kernel_function
def morale_move(s, player, tactics, free):
    """A Morale card that completes a side which then wins its flag by proof: the weakest
    such card (Shield Bearers, Companion Cavalry, the Leaders), flags centre first."""
    for j in range(len(MORALE_ORDER)):
        card = MORALE_ORDER[j]
        if not tactics >> (card - TROOP_COUNT) & 1 or (card <= DARIUS and s[LEADER_PLAYED + player]):
            continue
        for i in range(9):
            f = CENTRE_FIRST[i]
            if not free >> f & 1 or s[SIDE_LEN + side_index(player, f)] != cards_needed(s, f) - 1:
                continue
            trial = s.copy()
            apply_move(trial, PLAY_BASE + card * 9 + f - 1)
            if claim_holds(trial, player, f):
                return PLAY_BASE + card * 9 + f - 1
    return NO_MOVE


@kernel_function
def guard_move(s, player, card, flag, free):
    """``card``'s answer to the threatened ``flag``, or -1 where it has none: Traitor takes
    their best troop there to where the greedy rule would play it; Deserter removes their
    best card there; Fog goes there when our side then wins the totals; Mud there; Redeploy
    moves our best troop from there to where the greedy rule would play it."""
    other = 1 - player
    if card == TRAITOR or card == REDEPLOY:
        owner = other if card == TRAITOR else player
        c = strongest_card(s, owner, flag, True)
        targets = free if card == TRAITOR else free & ~(1 << flag)
        g = best_flag_for(s, player, c, targets) if c >= 0 else 0
        if g == 0:
            return NO_MOVE
        return TRAITOR_BASE + c * 9 + g - 1 if card == TRAITOR else REDEPLOY_BASE + c * 10 + g - 1
    if card == DESERTER:
        return DESERTER_BASE + strongest_card(s, other, flag, False)     # their side is complete
    if card == FOG:
        if s[FOG_FLAG] == flag or threatened(s, player, flag, True):
            return NO_MOVE
        return PLAY_BASE + FOG * 9 + flag - 1
    return NO_MOVE if s[MUD_FLAG] == flag else PLAY_BASE + MUD * 9 + flag - 1


@kernel_function
def tactic_move(s, player):
    """The Tactics card the play-out plays now, or -1 (see the module docstring): a Morale
    card that wins a flag by proof; else against the threatened flags (centre first)
    Traitor, Deserter, Fog, Mud, Redeploy, the first that applies; else Scout when no troop
    in hand makes more than a Host. Never past the Tactics limit."""
    tactics = s[HAND_TACTICS + player]
    if not tactics or s[TACTICS_PLAYED + player] > s[TACTICS_PLAYED + 1 - player]:
        return NO_MOVE
    free = free_flags(s, player)
    move = morale_move(s, player, tactics, free)
    if move >= 0:
        return move
    threats = 0
    for f in range(1, 10):
        if threatened(s, player, f, s[FOG_FLAG] == f):
            threats |= 1 << f
    for j in range(len(GUARD_ORDER) if threats else 0):
        card = GUARD_ORDER[j]
        if not tactics >> (card - TROOP_COUNT) & 1:
            continue
        for i in range(9):
            f = CENTRE_FIRST[i]
            if threats >> f & 1:
                move = guard_move(s, player, card, f, free)
                if move >= 0:
                    return move
    if tactics >> (SCOUT - TROOP_COUNT) & 1 and s[DECK_LEN] + s[DECK_LEN + 1] > 0:
        key = greedy_choice(s, player, False)[0]
        if key < 0 or key // 10000 - 2 < RANK_STEP:
            return SCOUT_MOVE
    return NO_MOVE


# ------------------------------------------------------------------ the policy
@kernel_function
def policy_move(s, policy):
    """The policy's move in any phase (claims are made before). ``policy`` holds flag bits:
    with ``POLICY_TACTICS`` a Tactics card by :func:`tactic_move` before the troop, with
    ``POLICY_CONTEST`` the troop by the contest rule (:func:`greedy_choice`)."""
    phase = s[PHASE]
    player = s[TO_MOVE]
    if phase == PLAY:
        if policy & POLICY_TACTICS:
            move = tactic_move(s, player)
            if move >= 0:
                return move
        return greedy_card(s, player, (policy & POLICY_CONTEST) != 0)
    if phase == DRAW and (hand_size(s, player) >= HAND_SIZE or s[DECK_LEN] + s[DECK_LEN + 1] == 0):
        return END_MOVE
    if phase == DRAW or phase == SCOUT_DRAW:
        return DRAW_TROOP if s[DECK_LEN] > 0 else DRAW_TACTIC
    return RETURN_BASE + lowest_card(s, player)


@kernel_function
def policy_step(s, policy):
    """One step of the policy: every provable claim if claims are open, else one move.
    Returns the moves made."""
    if claims_open(s) and provable_flags(s, s[TO_MOVE]):
        return claim_all(s)
    apply_move(s, policy_move(s, policy))
    return 1


@kernel_function
def play_policy(s, max_moves, policy):
    """Play the policy (``policy``: flag bits, :func:`policy_move`) for both sides until the
    game ends or ``max_moves`` moves are made; returns the moves made."""
    made = 0
    while s[PHASE] != OVER and made < max_moves:
        made += policy_step(s, policy)
    return made


@kernel_function
def play_out(s, max_moves):
    """The greedy play-out, no Tactics card played (:func:`play_policy`)."""
    return play_policy(s, max_moves, POLICY_GREEDY)


@kernel_function
def play_out_tactics(s, max_moves):
    """The play-out that plays Tactics cards for both sides (:func:`play_policy`)."""
    return play_policy(s, max_moves, POLICY_TACTICS)

"""The rules in the kernel: sides, claim proofs, legal moves and applying a move.

Every function takes the state array of :mod:`battleline.standard.kernel.layout` and changes it only
where its name says so (``apply_move``). They restate the reference engine
(:mod:`battleline.standard.game`, :mod:`battleline.standard.rules`, :mod:`battleline.standard.claims`) for speed; the
tests hold them to it move by move and by perft.
"""

from __future__ import annotations

from ...compiled import kernel_function
from .layout import (
    ADVANCED, BREAKTHROUGH, CLAIM_BASE, CLAIMED, CLOCK, DARIUS, DEADLOCK, DEADLOCK_IDLE_TURNS,
    DECK_LEN, DESERTER, DESERTER_BASE, DRAW, DRAW_TACTIC, DRAW_TROOP, DRAWN, END_MOVE, ENVELOPMENT,
    ENVELOPMENT_FLAGS, FOG, FOG_FLAG, HAND_SIZE, HAND_TACTICS, HAND_TROOPS, IDLE_TURNS,
    LEADER_PLAYED, MAX_SIDE, MUD, MUD_FLAG, MUD_SIDE_SIZE, OVER, PASS_MOVE, PHASE,
    PLACED_AT, PLAY, PLAY_BASE, REASON, REDEPLOY, REDEPLOY_BASE, REDEPLOY_DISCARD, RETURN_BASE,
    SCOUT, SCOUT_DRAW, SCOUT_DRAWS, SCOUT_LEFT, SCOUT_MOVE, SCOUT_RETURN, SCOUT_RETURNS, SHIELD,
    SIDE_CARDS, SIDE_LEN, SIDE_SIZE, TACTIC_DECK, TACTICS_PLAYED, TO_MOVE, TRAITOR, TRAITOR_BASE,
    TROOP_COUNT, TROOP_DECK, TROOPS_ALL, TURN_ACTIVE, VISIBLE, WINNER,
)
from ...compiled.bits import lowest_bit, popcount
from .strength import NO_COMPLETION, completion_strength, strongest_above

ALL_FLAGS = 0b1111111110       # bit f for flags 1-9


# ---------------------------------------------------------------------- sides
@kernel_function
def environment_field(card):
    """Where the Environment card ``card`` (Fog or Mud) lies in the state: the index of its
    flag (0: not on the table); its owner is at the next index."""
    return FOG_FLAG if card == FOG else MUD_FLAG


@kernel_function
def side_index(player, flag):
    return player * 10 + flag


@kernel_function
def cards_needed(s, flag):
    """Three cards, four where Mud lies."""
    return MUD_SIDE_SIZE if s[MUD_FLAG] == flag else SIDE_SIZE


@kernel_function
def side_masks(s, player, flag):
    """(troop mask, Morale mask) of a player's formation cards at a flag."""
    k = side_index(player, flag)
    troops = 0
    wilds = 0
    for i in range(s[SIDE_LEN + k]):
        c = s[SIDE_CARDS + MAX_SIDE * k + i]
        if c < TROOP_COUNT:
            troops |= 1 << c
        else:
            wilds |= 1 << (c - TROOP_COUNT)
    return troops, wilds


@kernel_function
def card_mask_strength(s, player, flag, skip, fog):
    """The strength of the side's cards but the ``skip``-th (-1: none), all of them placed."""
    k = side_index(player, flag)
    troops = 0
    wilds = 0
    for i in range(s[SIDE_LEN + k]):
        if i == skip:
            continue
        c = s[SIDE_CARDS + MAX_SIDE * k + i]
        if c < TROOP_COUNT:
            troops |= 1 << c
        else:
            wilds |= 1 << (c - TROOP_COUNT)
    return completion_strength(troops, wilds, 0, 0, fog)


@kernel_function
def side_strength(s, player, flag):
    """The strength of a complete side: its cards, or its best ``need`` of more (a side keeps
    four cards when Mud leaves its flag), read with Fog where it lies."""
    return strength_under(s, player, flag, s[FOG_FLAG] == flag)


@kernel_function
def strength_under(s, player, flag, fog):
    """The strength of the player's complete side at ``flag``, read with Fog or without
    (the best ``need`` of its cards when it kept more after Mud left)."""
    need = cards_needed(s, flag)
    length = s[SIDE_LEN + side_index(player, flag)]
    if length == need:
        return card_mask_strength(s, player, flag, -1, fog)
    best = NO_COMPLETION
    for skip in range(length):
        strength = card_mask_strength(s, player, flag, skip, fog)
        if strength > best:
            best = strength
    return best


@kernel_function
def last_placed(s, player, flag):
    """When the side's latest card was placed (0 for an empty side)."""
    k = side_index(player, flag)
    latest = 0
    for i in range(s[SIDE_LEN + k]):
        t = s[PLACED_AT + s[SIDE_CARDS + MAX_SIDE * k + i]]
        if t > latest:
            latest = t
    return latest


@kernel_function
def is_complete(s, player, flag):
    return s[SIDE_LEN + side_index(player, flag)] >= cards_needed(s, flag)


@kernel_function
def free_flags(s, player):
    """Flags (bit f) unclaimed where the player's side still has room."""
    out = 0
    for f in range(1, 10):
        if s[CLAIMED + f] < 0 and not is_complete(s, player, f):
            out |= 1 << f
    return out


@kernel_function
def open_flags(s):
    """Unclaimed flags (bit f)."""
    out = 0
    for f in range(1, 10):
        if s[CLAIMED + f] < 0:
            out |= 1 << f
    return out


# --------------------------------------------------------------------- claims
@kernel_function
def claim_holds(s, player, flag):
    """Whether ``player``'s complete side at the unclaimed ``flag`` wins by proof: against a
    complete side, higher (a tie lost by the side completed later); against an open one, no
    completion from the unseen troops beats it (a tie is enough)."""
    need = cards_needed(s, flag)
    mine = side_strength(s, player, flag)
    other = 1 - player
    if s[SIDE_LEN + side_index(other, flag)] >= need:
        theirs = side_strength(s, other, flag)
        if mine != theirs:
            return mine > theirs
        return last_placed(s, player, flag) <= last_placed(s, other, flag)
    troops, wilds = side_masks(s, other, flag)
    missing = need - s[SIDE_LEN + side_index(other, flag)]
    unseen = TROOPS_ALL & ~s[VISIBLE]
    return strongest_above(troops, wilds, unseen, missing, s[FOG_FLAG] == flag, mine) == NO_COMPLETION


@kernel_function
def provable_flags(s, player):
    """Flags (bit f) the player could claim now by proof alone."""
    out = 0
    for f in range(1, 10):
        if s[CLAIMED + f] < 0 and is_complete(s, player, f) and claim_holds(s, player, f):
            out |= 1 << f
    return out


@kernel_function
def claims_open(s):
    """Whether the player to move may claim now (before or after playing; under the Advanced
    rule only before)."""
    phase = s[PHASE]
    return phase == PLAY or (phase == DRAW and s[ADVANCED] == 0)


@kernel_function
def win_reason(held):
    """ENVELOPMENT, BREAKTHROUGH or 0 for a mask of held flags."""
    if popcount(held) >= ENVELOPMENT_FLAGS:
        return ENVELOPMENT
    if held & (held >> 1) & (held >> 2):
        return BREAKTHROUGH
    return 0


@kernel_function
def flags_held(s, player):
    out = 0
    for f in range(1, 10):
        if s[CLAIMED + f] == player:
            out |= 1 << f
    return out


# ---------------------------------------------------------------- legal moves
@kernel_function
def hand_size(s, player):
    return popcount(s[HAND_TROOPS + player]) + popcount(s[HAND_TACTICS + player])


@kernel_function
def add_flag_moves(moves, n, base, flags):
    """Append ``base + flag - 1`` for every flag in the mask; returns the new count."""
    x = flags
    while x:
        moves[n] = base + lowest_bit(x) - 1
        n += 1
        x &= x - 1
    return n


@kernel_function
def open_side_length(s, player, f):
    """How many cards ``player`` has at flag ``f`` while it is unclaimed; 0 once claimed."""
    if s[CLAIMED + f] >= 0:
        return 0
    return s[SIDE_LEN + side_index(player, f)]


@kernel_function
def environment_flag(s, card, player):
    """The unclaimed flag where ``player`` played the environment ``card`` (Fog, Mud); else 0."""
    flag_field = environment_field(card)
    f = s[flag_field]
    if f and s[flag_field + 1] == player and s[CLAIMED + f] < 0:
        return f
    return 0


@kernel_function
def add_redeploy_moves(s, moves, n, player, free):
    for f in range(1, 10):
        k = side_index(player, f)
        for i in range(open_side_length(s, player, f)):
            c = s[SIDE_CARDS + MAX_SIDE * k + i]
            n = add_flag_moves(moves, n, REDEPLOY_BASE + c * 10, free & ~(1 << f))
            moves[n] = REDEPLOY_BASE + c * 10 + REDEPLOY_DISCARD
            n += 1
    for card in (FOG, MUD):
        f = environment_flag(s, card, player)
        if f:
            n = add_flag_moves(moves, n, REDEPLOY_BASE + card * 10, open_flags(s) & ~(1 << f))
            moves[n] = REDEPLOY_BASE + card * 10 + REDEPLOY_DISCARD
            n += 1
    return n


@kernel_function
def add_enemy_card_moves(s, moves, n, player, free, traitor):
    """Deserter moves (``traitor`` False) or Traitor moves against the opponent's cards."""
    other = 1 - player
    for f in range(1, 10):
        k = side_index(other, f)
        for i in range(open_side_length(s, other, f)):
            c = s[SIDE_CARDS + MAX_SIDE * k + i]
            if not traitor:
                moves[n] = DESERTER_BASE + c
                n += 1
            elif c < TROOP_COUNT:
                n = add_flag_moves(moves, n, TRAITOR_BASE + c * 9, free)
    if not traitor:
        for card in (FOG, MUD):
            if environment_flag(s, card, other):
                moves[n] = DESERTER_BASE + card
                n += 1
    return n


@kernel_function
def add_tactic_moves(s, moves, n, player, free):
    tactics = s[HAND_TACTICS + player]
    for t in range(10):
        if not tactics >> t & 1:
            continue
        c = TROOP_COUNT + t
        if c <= SHIELD:
            if c <= DARIUS and s[LEADER_PLAYED + player]:
                continue
            n = add_flag_moves(moves, n, PLAY_BASE + c * 9, free)
        elif c <= MUD:
            n = add_flag_moves(moves, n, PLAY_BASE + c * 9, open_flags(s))
        elif c == SCOUT:
            if s[DECK_LEN] + s[DECK_LEN + 1] > 0:
                moves[n] = SCOUT_MOVE
                n += 1
        elif c == REDEPLOY:
            n = add_redeploy_moves(s, moves, n, player, free)
        elif c == DESERTER:
            n = add_enemy_card_moves(s, moves, n, player, free, False)
        elif c == TRAITOR and free:
            n = add_enemy_card_moves(s, moves, n, player, free, True)
    return n


@kernel_function
def card_moves(s, moves, n, player):
    """Append the play phase's card moves (troops, Tactics, or a pass)."""
    free = free_flags(s, player)
    start = n
    troops = s[HAND_TROOPS + player]
    if free and troops:
        x = troops
        while x:
            n = add_flag_moves(moves, n, PLAY_BASE + lowest_bit(x) * 9, free)
            x &= x - 1
    troop_placeable = n > start
    if s[HAND_TACTICS + player] and s[TACTICS_PLAYED + player] <= s[TACTICS_PLAYED + 1 - player]:
        n = add_tactic_moves(s, moves, n, player, free)
    if not troop_placeable:
        moves[n] = PASS_MOVE
        n += 1
    return n


@kernel_function
def legal_moves(s, moves, with_claims):
    """Write the legal moves of the player to move into ``moves``; returns how many. With
    ``with_claims`` the provable claims come first, as the reference engine lists them."""
    phase = s[PHASE]
    player = s[TO_MOVE]
    n = 0
    if phase == OVER:
        return 0
    if phase == PLAY or phase == DRAW:
        if with_claims and claims_open(s):
            n = add_flag_moves(moves, n, CLAIM_BASE, provable_flags(s, player))
        if phase == PLAY:
            return card_moves(s, moves, n, player)
        if hand_size(s, player) < HAND_SIZE and s[DECK_LEN] + s[DECK_LEN + 1] > 0:
            n = draw_moves(s, moves, n)
        else:
            moves[n] = END_MOVE
            n += 1
        return n
    if phase == SCOUT_DRAW:
        return draw_moves(s, moves, n)
    troops = s[HAND_TROOPS + player]
    for c in range(TROOP_COUNT):
        if troops >> c & 1:
            moves[n] = RETURN_BASE + c
            n += 1
    tactics = s[HAND_TACTICS + player]
    for t in range(10):
        if tactics >> t & 1:
            moves[n] = RETURN_BASE + TROOP_COUNT + t
            n += 1
    return n


@kernel_function
def draw_moves(s, moves, n):
    if s[DECK_LEN] > 0:
        moves[n] = DRAW_TROOP
        n += 1
    if s[DECK_LEN + 1] > 0:
        moves[n] = DRAW_TACTIC
        n += 1
    return n


# ------------------------------------------------------------------- applying
@kernel_function
def finish(s, winner, reason):
    s[WINNER] = winner
    s[REASON] = reason
    s[PHASE] = OVER


@kernel_function
def end_turn(s):
    if s[TURN_ACTIVE]:
        s[IDLE_TURNS] = 0
    else:
        s[IDLE_TURNS] += 1
        if s[IDLE_TURNS] >= DEADLOCK_IDLE_TURNS:
            north = popcount(flags_held(s, 0))
            south = popcount(flags_held(s, 1))
            finish(s, DRAWN if north == south else (0 if north > south else 1), DEADLOCK)
            return
    s[TO_MOVE] = 1 - s[TO_MOVE]
    s[PHASE] = PLAY
    s[TURN_ACTIVE] = 0


@kernel_function
def take_from_hand(s, player, card):
    if card < TROOP_COUNT:
        s[HAND_TROOPS + player] &= ~(1 << card)
    else:
        s[HAND_TACTICS + player] &= ~(1 << (card - TROOP_COUNT))


@kernel_function
def put_in_hand(s, player, card):
    if card < TROOP_COUNT:
        s[HAND_TROOPS + player] |= 1 << card
    else:
        s[HAND_TACTICS + player] |= 1 << (card - TROOP_COUNT)


@kernel_function
def place(s, player, card, flag):
    """Put a formation card at the end of the player's side of a flag, placed now."""
    k = side_index(player, flag)
    s[SIDE_CARDS + MAX_SIDE * k + s[SIDE_LEN + k]] = card
    s[SIDE_LEN + k] += 1
    s[PLACED_AT + card] = s[CLOCK]
    s[CLOCK] += 1


@kernel_function
def remove_from_table(s, owner, card):
    """Take a card off the owner's side or an Environment card off the table."""
    if card == FOG or card == MUD:
        flag_field = environment_field(card)
        s[flag_field] = 0
        s[flag_field + 1] = -1
        return
    for f in range(1, 10):
        k = side_index(owner, f)
        length = s[SIDE_LEN + k]
        base = SIDE_CARDS + MAX_SIDE * k
        for i in range(length):
            if s[base + i] == card:
                for j in range(i, length - 1):
                    s[base + j] = s[base + j + 1]
                s[base + length - 1] = 0
                s[SIDE_LEN + k] = length - 1
                return


@kernel_function
def play_tactic(s, player, card):
    """A played Tactics card counts towards the limit and makes the turn active."""
    s[TACTICS_PLAYED + player] += 1
    if card <= DARIUS:
        s[LEADER_PLAYED + player] = 1
    s[TURN_ACTIVE] = 1


@kernel_function
def place_card(s, player, card, flag):
    """``card`` goes to ``player``'s side of ``flag``; an environment card (Fog, Mud) marks the flag."""
    if card == FOG or card == MUD:
        flag_field = environment_field(card)
        s[flag_field] = flag
        s[flag_field + 1] = player
    else:
        place(s, player, card, flag)


@kernel_function
def apply_play(s, player, card, flag):
    take_from_hand(s, player, card)
    place_card(s, player, card, flag)
    if card < TROOP_COUNT:
        s[VISIBLE] |= 1 << card
    else:
        play_tactic(s, player, card)
    s[TURN_ACTIVE] = 1
    s[PHASE] = DRAW


@kernel_function
def apply_draw(s, player, deck):
    length = s[DECK_LEN + deck]
    base = TROOP_DECK if deck == 0 else TACTIC_DECK
    card = s[base + length - 1]
    s[DECK_LEN + deck] = length - 1
    put_in_hand(s, player, card)
    if s[PHASE] == SCOUT_DRAW:
        s[SCOUT_LEFT] -= 1
        if s[SCOUT_LEFT] == 0 or s[DECK_LEN] + s[DECK_LEN + 1] == 0:
            s[PHASE] = SCOUT_RETURN
            size = hand_size(s, player)
            s[SCOUT_LEFT] = SCOUT_RETURNS if size > SCOUT_RETURNS else size
    else:
        s[TURN_ACTIVE] = 1
        end_turn(s)


@kernel_function
def apply_return(s, player, card):
    take_from_hand(s, player, card)
    deck = 0 if card < TROOP_COUNT else 1
    base = TROOP_DECK if deck == 0 else TACTIC_DECK
    s[base + s[DECK_LEN + deck]] = card
    s[DECK_LEN + deck] += 1
    s[SCOUT_LEFT] -= 1
    if s[SCOUT_LEFT] == 0:
        end_turn(s)


@kernel_function
def apply_claim(s, player, flag):
    s[CLAIMED + flag] = player
    s[TURN_ACTIVE] = 1
    reason = win_reason(flags_held(s, player))
    if reason:
        finish(s, player, reason)


@kernel_function
def apply_guile(s, player, tactic, card, flag):
    """Redeploy, Deserter or Traitor: ``flag`` 0 sends the card to the discards."""
    take_from_hand(s, player, tactic)
    play_tactic(s, player, tactic)
    if tactic == REDEPLOY:
        remove_from_table(s, player, card)
        if flag:
            place_card(s, player, card, flag)
    elif tactic == DESERTER:
        remove_from_table(s, 1 - player, card)
    else:
        remove_from_table(s, 1 - player, card)
        place(s, player, card, flag)
    s[PHASE] = DRAW


@kernel_function
def apply_move(s, move):
    """Apply a legal move to the state in place (nothing is checked)."""
    player = s[TO_MOVE]
    if move < SCOUT_MOVE:
        apply_play(s, player, (move - PLAY_BASE) // 9, (move - PLAY_BASE) % 9 + 1)
    elif move == SCOUT_MOVE:
        take_from_hand(s, player, SCOUT)
        play_tactic(s, player, SCOUT)
        s[PHASE] = SCOUT_DRAW
        left = s[DECK_LEN] + s[DECK_LEN + 1]
        s[SCOUT_LEFT] = SCOUT_DRAWS if left > SCOUT_DRAWS else left
    elif move < DESERTER_BASE:
        card = (move - REDEPLOY_BASE) // 10
        choice = (move - REDEPLOY_BASE) % 10
        apply_guile(s, player, REDEPLOY, card, 0 if choice == REDEPLOY_DISCARD else choice + 1)
    elif move < TRAITOR_BASE:
        apply_guile(s, player, DESERTER, move - DESERTER_BASE, 0)
    elif move < CLAIM_BASE:
        card = (move - TRAITOR_BASE) // 9
        apply_guile(s, player, TRAITOR, card, (move - TRAITOR_BASE) % 9 + 1)
    elif move < DRAW_TROOP:
        apply_claim(s, player, move - CLAIM_BASE + 1)
    elif move == DRAW_TROOP or move == DRAW_TACTIC:
        apply_draw(s, player, move - DRAW_TROOP)
    elif move < PASS_MOVE:
        apply_return(s, player, move - RETURN_BASE)
    elif move == PASS_MOVE:
        s[PHASE] = DRAW
    else:
        end_turn(s)


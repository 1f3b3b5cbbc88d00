"""Fixed integer encodings for people who train their own agents.

Every possible move has a fixed number in ``range(MOVE_COUNT)``; ``legal_mask``
marks the legal ones; ``observation_vector`` turns a seat's observation into a
fixed-length list of numbers (0/1 flags and a few scaled counts). Nothing here
needs NumPy; the optional PettingZoo environment (:mod:`battleline.standard.rl`) wraps it.

>>> from battleline import Game, Move
>>> decode_move(encode_move(Move.parse("Traitor B5@2")))
Move('Traitor B5@2')
>>> g = Game(seed=1)
>>> sum(legal_mask(g)) == len(g.legal_moves())
True
>>> len(observation_vector(g.observation(0))) == OBSERVATION_SIZE
True
"""

from __future__ import annotations

from ..cards import ALL_CARDS, FOG, MUD
from .game import FLAGS, PHASES, Game, Observation
from .moves import Move

__all__ = ["MOVE_COUNT", "OBSERVATION_SIZE", "ALL_MOVES", "encode_move", "decode_move", "legal_mask",
           "observation_vector"]


def _all_moves() -> list[Move]:
    moves: list[Move] = []
    for c in ALL_CARDS[:66]:                      # troops, Morale and Environment cards
        moves += [Move.play(c, f) for f in FLAGS]
    moves.append(Move.scout())
    for c in ALL_CARDS[:66]:
        moves += [Move.redeploy(c, f) for f in FLAGS] + [Move.redeploy(c, None)]
    moves += [Move.deserter(c) for c in ALL_CARDS[:66]]
    for c in ALL_CARDS[:60]:
        moves += [Move.traitor(c, f) for f in FLAGS]
    moves += [Move.claim(f) for f in FLAGS]
    moves += [Move.draw("troop"), Move.draw("tactic")]
    moves += [Move.return_card(c) for c in ALL_CARDS]
    moves += [Move("pass"), Move("end")]
    return moves


ALL_MOVES: tuple[Move, ...] = tuple(_all_moves())
MOVE_COUNT = len(ALL_MOVES)
_INDEX = {m: i for i, m in enumerate(ALL_MOVES)}


def encode_move(move: Move) -> int:
    """The move's fixed number."""
    try:
        return _INDEX[move]
    except KeyError:
        raise ValueError(f"{move} has no encoding") from None


def decode_move(index: int) -> Move:
    """The move with this number."""
    if not isinstance(index, int) or not 0 <= index < MOVE_COUNT:
        raise ValueError(f"move numbers run from 0 to {MOVE_COUNT - 1}, not {index!r}")
    return ALL_MOVES[index]


def legal_mask(game: Game) -> list[int]:
    """1 for every legal move of the player to move, 0 elsewhere (length MOVE_COUNT)."""
    mask = [0] * MOVE_COUNT
    for m in game.legal_moves():
        mask[_INDEX[m]] = 1
    return mask


# Where a card can be, seen from one seat.
_PLACES = (["my hand"] + [f"my flag {f}" for f in FLAGS] + [f"their flag {f}" for f in FLAGS]
           + ["my discards", "their discards", "their hand (known)", "deck (known)"])
_SCALARS = (["my turn"] + [f"phase {p}" for p in PHASES]
            + [f"flag {f} mine" for f in FLAGS] + [f"flag {f} theirs" for f in FLAGS]
            + ["troop deck / 50", "tactic deck / 10", "their hand / 10", "their tactics in hand / 10",
               "my tactics played / 10", "their tactics played / 10", "my leader played",
               "their leader played", "scout left / 3", "advanced rules"])
OBSERVATION_SIZE = 70 * len(_PLACES) + len(_SCALARS)


def observation_vector(obs: Observation) -> list[float]:
    """The observation as ``OBSERVATION_SIZE`` numbers: for each of the 70 cards a one-hot
    of where this seat knows it to be (all zero when unseen), then the scalars."""
    me, opp = obs.seat, 1 - obs.seat
    width = len(_PLACES)
    v = [0.0] * OBSERVATION_SIZE

    def put(card, place: int) -> None:
        v[int(card) * width + place] = 1.0

    for c in obs.hand:
        put(c, 0)
    for fv in obs.flags:
        for c in fv.cards[me]:
            put(c, fv.number)
        for c in fv.cards[opp]:
            put(c, 9 + fv.number)
        for card, owner in ((ALL_CARDS[FOG], fv.fog), (ALL_CARDS[MUD], fv.mud)):
            if owner is not None:
                put(card, fv.number if owner == me else 9 + fv.number)
    for c in obs.discards[me]:
        put(c, 19)
    for c in obs.discards[opp]:
        put(c, 20)
    for c in obs.opponent_known:
        put(c, 21)
    for _, _, c in obs.known_deck:
        put(c, 22)
    s = 70 * width
    v[s] = float(obs.to_move == me)
    v[s + 1 + PHASES.index(obs.phase)] = 1.0
    s += 1 + len(PHASES)
    for fv in obs.flags:
        if fv.claimed_by is not None:
            v[s + (fv.number - 1) + (0 if fv.claimed_by == me else 9)] = 1.0
    s += 18
    v[s:s + 10] = [obs.deck_sizes[0] / 50, obs.deck_sizes[1] / 10, obs.opponent_hand_size / 10,
                   obs.opponent_hand_tactics / 10, obs.tactics_played[me] / 10,
                   obs.tactics_played[opp] / 10, float(obs.leader_played[me]),
                   float(obs.leader_played[opp]), obs.scout_left / 3, float(obs.rules == "advanced")]
    return v

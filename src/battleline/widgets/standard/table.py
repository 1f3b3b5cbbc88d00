"""The table as one seat sees it: the board part of the play and puzzle views.

Built from ``game.observation(viewer)`` and the engine's public answers (legal
moves, claim proofs), never from the game's hidden state. The controller of the
mode says who looks and what they may do (a :class:`Seat`); this module turns
that into JSON (``docs/widget.md`` describes every field).

>>> from battleline import Game
>>> g = Game(seed=1)
>>> seat = Seat(viewer=g.to_move, my_turn=True, legal=g.legal_moves())
>>> view = table_view(g, seat, Wording("en"))
>>> len(view["flags"]), view["flags"][0]["required"], len(view["hand"])
(9, 3, 7)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ... import texts
from ...cards import ALL_CARDS, FOG, MUD, TROOP_MASK, Card
from ...standard.formations import best, evaluate, side_formation
from ...standard.game import Game, Observation
from ...standard.moves import Move
from ..pieces import move_json
from ..wording import Wording

__all__ = ["Seat", "table_view", "explain_flag", "claim_view", "side_text"]


@dataclass
class Seat:
    """Who looks at the table and what they may do now, as the mode's controller decides."""

    viewer: int                      # the seat whose view is on screen
    my_turn: bool                    # the viewer may act now
    legal: Sequence[Move] = ()       # the moves offered
    cover: bool = False              # hot-seat: the table hides behind "pass the screen"
    highlight_claimable: bool = False
    claim_buttons: bool = True       # False in a claims puzzle (flags are picked instead)
    explainable: bool = True         # whether "Explain flag N" is offered
    explain: int | None = None       # the flag explained, if any
    opponent_known: tuple | None = None  # None: what the observation says


def side_text(cards: Sequence[Card], need: int, fog: bool, words: Wording) -> str | None:
    """The formation of a complete side in words, or None while it is incomplete."""
    if len(cards) < need:
        return None
    return texts.formation_text(side_formation(cards, need, fog), words.lang, words.nameset)


def table_view(game: Game, seat: Seat, words: Wording) -> dict:
    """The board fields of a view: flags, hands, decks, discards, legal moves, claim buttons
    and the explanation, from ``seat.viewer``'s observation."""
    obs = game.observation(seat.viewer)
    me, opp = seat.viewer, 1 - seat.viewer
    card = words.card
    hidden = seat.cover
    may_claim = seat.my_turn and game.claims_open()
    claimable = set(game.provable_flags(me)) if may_claim and seat.highlight_claimable else set()
    flags = []
    for fv in obs.flags:
        need, fog = fv.required, fv.fog is not None
        env = []
        if fv.fog is not None:
            env.append({"card": card(ALL_CARDS[FOG]), "mine": fv.fog == me})
        if fv.mud is not None:
            env.append({"card": card(ALL_CARDS[MUD]), "mine": fv.mud == me})
        flags.append({
            "number": fv.number,
            "mine": [] if hidden else [card(c) for c in fv.cards[me]],
            "theirs": [] if hidden else [card(c) for c in fv.cards[opp]],
            "env": [] if hidden else env,
            "claimed": None if fv.claimed_by is None else ("mine" if fv.claimed_by == me else "theirs"),
            "required": need,
            "my_formation": None if hidden else side_text(fv.cards[me], need, fog, words),
            "their_formation": None if hidden else side_text(fv.cards[opp], need, fog, words),
            "claimable": fv.number in claimable,
        })
    known = obs.opponent_known if seat.opponent_known is None else seat.opponent_known
    buttons = []
    if seat.claim_buttons and not hidden and not game.is_over():
        for fv in obs.flags:
            if fv.claimed_by is None and len(fv.cards[me]) >= fv.required:
                buttons.append({"flag": fv.number, "enabled": may_claim, "text": str(Move.claim(fv.number))})
    explainable = seat.explainable and not hidden
    return {
        "seat": me,
        "cover": hidden,
        "rules": game.rules,
        "my_turn": seat.my_turn,
        "phase": obs.phase,
        "scout_left": obs.scout_left if obs.phase in ("scout-draw", "scout-return") else 0,
        "flags": flags,
        "hand": [] if hidden else [card(c) for c in obs.hand],
        "opponent_hand": obs.opponent_hand_size,
        "opponent_known": [] if hidden else [card(c) for c in known],
        "decks": {"troop": obs.deck_sizes[0], "tactic": obs.deck_sizes[1]},
        "discards": {"mine": [card(c) for c in obs.discards[me]], "theirs": [card(c) for c in obs.discards[opp]]},
        "tactics_played": {"mine": obs.tactics_played[me], "theirs": obs.tactics_played[opp]},
        "legal": [move_json(m) for m in seat.legal],
        "claim_buttons": buttons,
        "explainable": explainable,
        "explain": (explain_flag(game, obs, seat.explain, words)
                    if seat.explain is not None and explainable else None),
    }


def claim_view(result, flag: int, words: Wording) -> dict:
    """The answer to a claim (``view.claim``): whether it holds, why, and a counterexample."""
    cf = result.counter_formation
    return {
        "flag": flag,
        "holds": bool(result),
        "explanation": texts.claim_explanation(result, words.lang, words.nameset),
        "counterexample": [words.card(c) for c in result.counterexample],
        "formation": texts.formation_text(cf, words.lang, words.nameset) if cf is not None else None,
    }


def unseen_troops(obs: Observation) -> int:
    """Troops (a bit mask) on no flag and in no discard pile: what a claim proof lets the
    opponent still get (it trusts only the table, never a hand)."""
    seen = 0
    for fv in obs.flags:
        for side in fv.cards:
            for c in side:
                seen |= 1 << int(c)
    for pile in obs.discards:
        for c in pile:
            seen |= 1 << int(c)
    return TROOP_MASK & ~seen


def explain_flag(game: Game, obs: Observation, flag: int, words: Wording) -> dict:
    """Flag ``flag`` in plain words from the observer's side, using table cards only."""
    say = words.say
    me, opp = obs.seat, 1 - obs.seat
    fv = obs.flag(flag)
    need, fog = fv.required, fv.fog is not None
    lines = []
    if fv.claimed_by is not None:
        lines.append(say("ex_claimed", flag=flag, who=say("ex_mine" if fv.claimed_by == me else "ex_theirs")))
    for p, key in ((me, "ex_side_mine"), (opp, "ex_side_theirs")):
        cards = fv.cards[p]
        if len(cards) >= need:
            text = side_text(cards, need, fog, words)
        elif cards:
            text = say("ex_cards", cards=list(cards), n=len(cards), need=need)
        else:
            text = say("ex_empty")
        lines.append(say(key, text=text))
    env = [ALL_CARDS[FOG]] * (fv.fog is not None) + [ALL_CARDS[MUD]] * (fv.mud is not None)
    if env:
        lines.append(say("ex_env", cards=env))
    out = {"flag": flag, "lines": lines, "holds": None, "counterexample": [], "counter_formation": None}
    if fv.claimed_by is not None:
        return out
    theirs = [int(c) for c in fv.cards[opp]]
    if len(theirs) < need:
        reach = best(theirs, unseen_troops(obs), need - len(theirs), fog, -1)
        if reach is None:
            lines.append(say("ex_reach_none"))
        else:
            form = evaluate(theirs + list(reach[2]), fog=fog, mud=need == 4)
            lines.append(say("ex_reach", formation=texts.formation_text(form, words.lang, words.nameset)))
    if len(fv.cards[me]) >= need:
        result = game.check_claim(flag, me)
        why = texts.claim_explanation(result, words.lang, words.nameset)
        lines.append(say("ex_claim_yes" if result else "ex_claim_no", why=why))
        out["holds"] = bool(result)
        out["counterexample"] = [words.card(c) for c in result.counterexample]
        cf = result.counter_formation
        out["counter_formation"] = texts.formation_text(cf, words.lang, words.nameset) if cf is not None else None
    return out

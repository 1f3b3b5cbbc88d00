"""Review and hints for Battle Line: each decision judged by the search from what its seat knew.

For every move of the reviewed seat that had a choice of card to play (Tactics included), the
search deals the cards the seat could not see again and plays the game
out: first the moves the one-ply ranking likes best, plus the move played, halved round by
round (:mod:`battleline.standard.kernel.search`, as ``hard`` searches); then, on fresh worlds,
the move played against the search's choice, both in the same worlds. The seat's chance of
winning after each is the share of those play-outs it won (a draw counts half). The same
play-outs count the flags the seat holds at their end, which the reasons quote.

Fair: the worlds are dealt from the seat's observation at that moment and from ``seed`` and
the move's index alone, so two games that looked the same to the seat get the same review
(the order of the cards in a hand included: the search takes them in card order).
Claims are not judged (a provable claim only helps, and every bot makes it at once), nor are
the draws, Scout's steps included: the play-outs never play a Tactics card, so they would value
drawing one at nothing and mark every such draw. For the same reason the search's choice, as
``hard``'s, pays a price for spending a Tactics card (the chances it reports are the play-outs'
own). Moves with a single legal option are left out.

>>> from battleline import Game
>>> from battleline.standard.bots import RandomBot
>>> g = Game(seed=3)
>>> bots = RandomBot(seed=1)
>>> for _ in range(6):
...     g.play(bots.choose(g.observation(g.to_move)))
>>> r = review(g, budget=32)
>>> all(d.loss >= 0 and d.label in LABELS for d in r.decisions), r.decisions[0].index
(True, 0)
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

import numpy as np

from .. import review_driver
from ..annotation import (LABELS, MARKS, Decision, Progress, Review, check_budget,  # noqa: F401 (LABELS: the doctests')
                          check_seed, decision_seed, label_of)
from ..cards import Card
from ..errors import shorten
from ..compiled.randomness import seed_stream
from ..texts.motifs import motif_sentence
from ..texts.review import reason as reason_words
from ..texts.shared import card_name
from ..texts.standard import formation_name, move_words
from . import kernel
from .bots.heuristic import rank_moves, tactic_cost
from .bots.planner import COST_SCALE
from ..planning import halving_rounds
from .bots.planner import known_places
from .encoding import encode_move
from .game import Game, Observation
from .kernel.policy import POLICY_GREEDY, POLICY_TACTICS
from .kernel.search import search_paired_with
from .motifs import find, prospect, scouted, taken_away
from .moves import Move
from .rules import win_reason
from .worlds import sample_world

__all__ = ["review", "iter_review", "hint", "search_ready", "BUDGET", "CANDIDATES", "JUDGED_PHASES"]

BUDGET = 6000            # play-outs a decision: the halving's share and the confirmation's
CONFIRM_SHARE = 0.4      # of the budget, for the played move and the best on fresh worlds
CANDIDATES = 12          # the one-ply ranking's best moves searched, besides the move played
JUDGED_PHASES = ("play",)
NO_FLAG_SHARE = 0.0      # a review wants the chance of winning itself, not a margin of flags
PLAYOUT_TACTICS = False  # the play-outs' policy: the greedy rule, or with Tactics cards (docs/experiments/LOG.md)


def start_and_moves(game: Game | str | dict) -> tuple[Game, list[Move]]:
    """The game's start position and its moves, from a :class:`Game` (its whole history) or
    a game record's text (:meth:`Game.record`)."""
    if isinstance(game, (str, bytes, dict)):
        game = Game.from_record(game)
    if not isinstance(game, Game):
        raise ValueError(f"a review takes a Game or a game record's text, not {shorten(game)}")
    moves = list(game.moves)
    start = game.copy()
    for _ in moves:
        start.undo()
    return start, moves


def walk(game: Game | str | dict, seat: int | None) -> review_driver.Walk:
    """The decisions of ``seat`` (None: both) a review judges, each with its mover's
    observation, and every move's text and mover (see :mod:`battleline.review_driver`)."""
    position, moves = start_and_moves(game)
    points, movers = [], []
    for index, move in enumerate(moves):
        mover = position.to_move
        movers.append(mover)
        if seat in (None, mover) and judged(position, move):
            points.append(review_driver.Point(index, mover, move, position.observation(mover)))
        position.play(move)
    outcome = position.outcome()
    return review_driver.Walk(points, [str(m) for m in moves], movers, outcome.describe() if outcome else None)


def iter_review(game: Game | str | dict, seat: int | str | None = None, *, budget: int | None = None,
                seed: int = 0) -> Iterator[Decision]:
    """Judge the game's decisions one at a time, in move order (a generator: stop iterating
    to cancel). Arguments as :func:`review`."""
    return review_driver.iter_review(JUDGE, game, seat, budget=budget, seed=seed)


def review(game: Game | str | dict, seat: int | str | None = None, *, budget: int | None = None,
           seed: int = 0, progress: Progress | None = None) -> Review:
    """Review a game of Battle Line: every decision of ``seat`` (0 north, 1 south, None both)
    judged from what that seat knew then, with ``budget`` play-outs a decision (default
    :data:`BUDGET`). ``progress(done, total)`` is called after each decision.

    >>> from battleline import Game
    >>> g = Game(seed=2)
    >>> g.play(g.legal_moves()[0])
    >>> r = review(g, budget=32)
    >>> [(d.index, d.played) for d in r.decisions] == [(0, str(g.moves[0]))]
    True
    """
    return review_driver.review(JUDGE, game, seat, budget=budget, seed=seed, progress=progress)


def hint(game: Game, *, budget: int | None = None, seed: int = 0) -> Decision:
    """The move the search prefers for the seat to move, with its chance and a one-line
    reason (a :class:`~battleline.annotation.Decision` whose ``played`` is None); from that
    seat's observation only.

    >>> from battleline import Game
    >>> h = hint(Game(seed=4), budget=32)
    >>> h.is_hint and Move.parse(h.best) in Game(seed=4).legal_moves()
    True
    """
    if not isinstance(game, Game):
        raise ValueError(f"a hint takes a Game, not {shorten(game)}")
    if game.is_over():
        raise ValueError("the game is over: there is no move to hint")
    budget = check_budget(budget, BUDGET)
    kernel.prepare_kernel()
    obs = canonical(game.observation(game.to_move))
    world = sample_world(obs, random.Random(decision_seed(check_seed(seed), len(game.moves))))
    moves = [m for m in world.legal_moves() if m.kind != "claim"]
    claims = [m for m in world.legal_moves() if m.kind == "claim"]
    if claims:
        return _simple_hint(obs, claims[0], len(game.moves), "claim")
    if len(moves) == 1:
        return _simple_hint(obs, moves[0], len(game.moves), "only")
    return judge(obs, None, len(game.moves), budget, check_seed(seed))


def search_ready() -> bool:
    """Whether a hint or a review searches at once (:func:`battleline.review_driver.search_ready`).

    >>> search_ready() in (True, False)
    True
    """
    return review_driver.search_ready(kernel)


# ------------------------------------------------------------------ judging one decision

def judged(position: Game, move: Move) -> bool:
    """Whether ``move`` made in ``position`` is a decision a review judges: a card played
    (or a pass) with another legal option besides it."""
    if position.phase not in JUDGED_PHASES or move.kind == "claim":
        return False
    return sum(1 for m in position.legal_moves(claims=False)) > 1


def canonical(obs: Observation) -> Observation:
    """``obs`` with its own hand and the opponent's known cards in card order: the worlds
    dealt, the candidates and the search's tie-breaks follow these orders, which say nothing
    the seat knows (a record lists the starting hands sorted, the game dealt them in the
    deck's order), so the review of a game and of its record agree.

    >>> from battleline import Game
    >>> g = Game(seed=16)
    >>> canonical(g.observation(0)) == canonical(Game.from_record(g.record()).observation(0))
    True
    """
    return replace(obs, hand=tuple(sorted(obs.hand)), opponent_known=tuple(sorted(obs.opponent_known)))


def judge(obs: Observation, played: Move | None, index: int, budget: int, seed: int) -> Decision | None:
    """One decision: ``played`` (None for a hint) against the search's choice, from ``obs``."""
    obs = canonical(obs)
    rng = random.Random(decision_seed(seed, index))
    world = sample_world(obs, rng)
    me = obs.seat
    moves = [m for m in world.legal_moves(claims=False)]
    if len(moves) < 2:
        return None
    ranked = [m for _, m in rank_moves(world, moves, me)][:CANDIDATES]
    if played is not None and played not in ranked:
        ranked.append(played)
    at_once = _win_at_once(world, me, moves)
    if at_once is not None and at_once not in ranked:
        ranked.append(at_once)
    search = _Search(world, obs, ranked, rng)
    best = search.best_of(int(budget * (1 - CONFIRM_SHARE)), keep=played)
    if at_once is not None and best != at_once and not _winning_proof(world, me, best):
        # a certain win by play-outs is no better than the win at once, which the seat can see
        best = at_once
    pair = [best] if played is None or played == best else [best, played]
    if played is None and len(ranked) > 1:
        pair.append(search.runner_up)
    chances, held = search.confirm(pair, max(8, int(budget * CONFIRM_SHARE) // len(pair)))
    if played is None and len(pair) > 1 and search.priced(pair[1], chances[1]) > search.priced(pair[0], chances[0]):
        # the fresh worlds prefer the runner-up: a hint names the move they measured better
        pair, chances, held = pair[::-1], chances[::-1], held[::-1]
        best = pair[0]
    chance_best = round(chances[0], 4)
    chance_played = chance_best if played in (None, best) else round(chances[1], 4)
    loss = round(max(0.0, chance_best - chance_played), 4) if played is not None else 0.0
    label = label_of(loss, played_is_best=played == best) if played is not None else "best"
    if label == "best" and played is not None and played != best:
        # as good as the search's choice on these worlds: the reason is the move played's own
        pair, chances, held, best_for_words = [played], chances[1:], held[1:], played
    else:
        best_for_words = best
    en, ja, flags = _reason(world, me, played, best_for_words, pair, chances, held, len(ranked), at_once)
    ideas = _ideas(world, me, None if label == "best" else played, best_for_words, chances)
    if ideas:
        en = " ".join([*(i[0] for i in ideas), en])
        ja = "".join([*(i[1] for i in ideas), ja])
        flags = list(dict.fromkeys([*(f for i in ideas for f in i[2]), *flags]))
    return Decision(index=index, seat=me, played=None if played is None else str(played), best=str(best),
                    chance_played=None if played is None else chance_played,
                    chance_best=chance_best, loss=loss, label=label, mark=MARKS[label],
                    reason=en, reason_ja=ja, flags=tuple(flags), playouts=search.playouts,
                    motifs=tuple(dict.fromkeys(i[3] for i in ideas)))


class _Search:
    """The paired play-outs of one decision on the kernel, from one sampled world."""

    def __init__(self, world: Game, obs: Observation, candidates: list[Move], rng: random.Random):
        self.template = kernel.state_of(world)
        self.prices = np.array([COST_SCALE * tactic_cost(world, m, obs.seat) for m in candidates])
        self.known = known_places(obs)
        self.candidates = candidates
        self.stream = np.array([seed_stream(rng.getrandbits(63))], dtype=np.int64)
        self.playouts = 0
        self.runner_up = candidates[min(1, len(candidates) - 1)]

    def priced(self, move: Move, chance: float) -> float:
        """A chance less the price of the Tactics card the move spends (as ``hard`` prices it)."""
        return chance - self.prices[self.candidates.index(move)]

    def run(self, moves: list[Move], active: np.ndarray, worlds: int) -> tuple[np.ndarray, np.ndarray]:
        numbers = np.array([encode_move(m) for m in moves], dtype=np.int64)
        wins = np.zeros(len(moves), dtype=np.float64)
        held = np.zeros((len(moves), 10), dtype=np.int64)
        self.playouts += search_paired_with(self.template, *self.known, numbers, active, len(moves), worlds,
                                            self.stream, wins, NO_FLAG_SHARE, held,
                                            POLICY_TACTICS if PLAYOUT_TACTICS else POLICY_GREEDY)
        return wins, held

    def best_of(self, budget: int, keep: Move | None) -> Move:
        """Successive halving over the candidates (``keep``, the move played, stays in every
        round so that it is never dropped unmeasured, but it wins only on its merits)."""
        cands = self.candidates
        active = np.ones(len(cands), dtype=np.bool_)
        totals = np.zeros(len(cands))
        worlds = 0
        ranked = list(range(len(cands)))
        for share in halving_rounds(len(cands)):
            alive = int(active.sum())
            round_worlds = max(1, int(budget * share) // alive)
            wins, _ = self.run(cands, active.copy(), round_worlds)
            totals += wins
            worlds += round_worlds
            scores = totals / worlds - self.prices
            ranked = sorted((k for k in range(len(cands)) if active[k]), key=lambda k: (-scores[k], k))
            survivors = ranked[:max(1, alive // 2)]
            active[:] = False
            active[survivors] = True
            if keep is not None:
                active[cands.index(keep)] = True
            if len(survivors) == 1:
                break
        self.runner_up = cands[ranked[1]] if len(ranked) > 1 else cands[ranked[0]]
        return cands[ranked[0]]

    def confirm(self, pair: list[Move], worlds: int) -> tuple[list[float], np.ndarray]:
        """The chances of ``pair``'s moves on fresh common worlds, and their held-flag shares."""
        wins, held = self.run(pair, np.ones(len(pair), dtype=np.bool_), worlds)
        return [float(w) / worlds for w in wins], held / worlds


# ------------------------------------------------------------------ reasons

def _reason(world: Game, me: int, played: Move | None, best: Move, pair: list[Move], chances: list[float],
            held: np.ndarray, searched: int, at_once: Move | None = None) -> tuple[str, str, list[int]]:
    """The reason in English and Japanese, and the flags it names (``at_once``: a move that
    wins the game at once, if any)."""
    def say(key, **blanks):
        return reason_words("en", key, **_words(blanks, "en")), reason_words("ja", key, **_words(blanks, "ja"))

    pct = [round(100 * c) for c in chances]
    win = _winning_proof(world, me, best)
    if played is None:
        if win:
            return (*say("win_now", move=best, formation=win[1], flag=win[0], count=win[2]), [win[0]])
        if best.kind == "draw":
            other = pct[1] if len(pct) > 1 else pct[0]
            return (*say("draw_deck", deck=best.deck, a=pct[0], b=other), [])
        if len(pair) > 1:
            return (*say("hint", best=best, alt=pair[1], a=pct[0], b=pct[1]), _target(best))
        return (*say("hint_alone", best=best, a=pct[0]), _target(best))
    if played == best:
        if win:
            return (*say("win_now", move=best, formation=win[1], flag=win[0], count=win[2]), [win[0]])
        sooner = _winning_proof(world, me, at_once) if at_once is not None else None
        if sooner:
            return (*say("win_sooner", played=played, best=at_once, formation=sooner[1], flag=sooner[0],
                         p=pct[0]), [sooner[0]])
        flag = _most_held_flag(held[0], best)
        if flag:
            return (*say("holds", p=pct[0], flag=flag, a=round(100 * held[0][flag])), [flag])
        return (*say("wins", n=searched, p=pct[0]), [])
    if win:
        return (*say("win_missed", best=best, played=played, formation=win[1], flag=win[0], b=pct[1]), [win[0]])
    given = _claims_given(world, me, played, best)
    if given:
        return (*say("gives_claim", played=played, best=best, flag=given), [given])
    if best.kind == "draw":
        return (*say("draw_deck", deck=best.deck, a=pct[0], b=pct[1]), [])
    swing = held[0] - held[1]          # where the better move holds more
    flag = int(np.argmax(swing[1:]) + 1)
    if swing[flag] >= 0.05:
        return (*say("flag_swing", best=best, played=played, flag=flag, a=round(100 * held[0][flag]),
                     b=round(100 * held[1][flag])), [flag])
    return (*say("chances_only", best=best, played=played, a=pct[0], b=pct[1]), [])


# The ideas a move played worse than the search's choice may show, and those of the better
# move; the win at once and a claim handed over are said by the reason itself already.
BAD_IDEAS = ("win_allowed", "win_threatened", "lost_flag", "card_gone", "own_card_breaks", "outmatched", "outranked",
             "outmatched_fog", "fog", "mud")
GOOD_IDEAS = ("claim_made", "fog", "mud")
MOST_IDEAS = 2


def _ideas(world: Game, me: int, played: Move | None, best: Move,
           chances: list[float]) -> list[tuple[str, str, tuple[int, ...], str]]:
    """The ideas behind a decision (``battleline.standard.motifs``), each as ``(English,
    Japanese, flags, key)``, at most :data:`MOST_IDEAS`: what the move played does that the
    better move does not, then what the better move does that it does not. A Tactics card spent
    where the better move keeps it is said too. Only what the seat could see is read."""
    theirs = find(world, me, best)
    if played is None:                       # a hint, or a move as good as the best: its own ideas
        return [_said(m, best) for m in theirs if m.key == "win_at_once" or m.key in GOOD_IDEAS][:MOST_IDEAS]
    mine = find(world, me, played)
    out = [_said(m, played) for m in mine if m.key in BAD_IDEAS and m not in theirs]
    out += [_said(m, best) for m in theirs if m.key in GOOD_IDEAS and m not in mine]
    out += [_said(m, best) for m in prospect(world, me, played, best)]
    out += [_said(m, best) for m in taken_away(world, me, played, best)]
    out += [_said(m, best) for m in scouted(world, me, played, best)]
    spent = _tactic_spent(played, best, chances)
    if spent:
        out.append(spent)
    return out[:MOST_IDEAS]


def _said(motif, move: Move) -> tuple[str, str, tuple[int, ...], str]:
    return (motif_sentence(motif, "en", subject=move_words(move, "en")),
            motif_sentence(motif, "ja", subject=move_words(move, "ja")), motif.flags, motif.key)


def _tactic_spent(played: Move, best: Move, chances: list[float]) -> tuple | None:
    """A Tactics card spent where the search's choice keeps it and wins more."""
    card = tactics_card(played)
    if card is None or tactics_card(best) is not None or len(chances) < 2:
        return None
    blanks = {"card": card, "best": best, "a": round(100 * chances[0]), "b": round(100 * chances[1])}
    en = reason_words("en", "tactic_spent", **_words(blanks, "en"))
    ja = reason_words("ja", "tactic_spent", **_words(blanks, "ja"))
    return en, ja, _target(played), "tactic_spent"


GUILE_KINDS = {"scout": "Scout", "redeploy": "Redeploy", "deserter": "Deserter", "traitor": "Traitor"}


def tactics_card(move: Move | None) -> Card | None:
    """The Tactics card a move spends: the card played, or the Guile card of a Scout,
    Redeploy, Deserter or Traitor move (whose ``card`` is the troop it moves); else None.

    >>> str(tactics_card(Move.parse("Traitor G10@6"))), tactics_card(Move.parse("R4@2"))
    ('Traitor', None)
    """
    if move is None:
        return None
    if move.kind in GUILE_KINDS:
        return Card(GUILE_KINDS[move.kind])
    return move.card if move.kind == "play" and move.card is not None and move.card.is_tactic else None


def _words(blanks: dict, lang: str) -> dict:
    """Moves and decks in words of ``lang``; formations by name; other blanks as they are."""
    out = {}
    for key, value in blanks.items():
        if isinstance(value, Move):
            value = move_words(value, lang)
        elif isinstance(value, Card):
            value = card_name(value, lang)
        elif key == "formation":
            value = _formation_words(value, lang)
        elif key == "deck":
            value = draw_deck_words(value, lang)
        out[key] = value
    return out


def draw_deck_words(deck: str, lang: str) -> str:
    """A deck's name in a review, as the board names it.

    >>> draw_deck_words("tactic", "en"), draw_deck_words("tactic", "ja")
    ('Tactics', '戦略')
    """
    if lang == "en":
        return "troop" if deck == "troop" else "Tactics"
    return "軍勢" if deck == "troop" else "戦略"


def _formation_words(kind: str, lang: str) -> str:
    """A formation's name; under Fog, where only the total counts, "Fog total"."""
    if kind == "total":
        return reason_words(lang, "fog_total")
    return formation_name(kind, lang)


def _target(move: Move) -> list[int]:
    return [move.flag] if move.flag else []


def _most_held_flag(shares: np.ndarray, move: Move) -> int:
    """The flag the move was played at, when the seat holds it in most continuations."""
    flag = move.flag if move.kind == "play" and move.flag else 0
    return flag if flag and shares[flag] >= 0.5 else 0


def _winning_proof(world: Game, me: int, move: Move) -> tuple[int, str, int] | None:
    """``(flag, formation kind, flags then held)`` when ``move`` completes a formation the seat
    can prove at once and the flag wins the game; else None. Only the table is read."""
    if move.kind != "play" or not move.flag:
        return None
    after = world.copy()
    after.push(move)
    if move.flag not in after.provable_flags(me):
        return None
    held = set(after.flags_held(me)) | {move.flag}
    if win_reason(held) is None:
        return None
    formation = after.check_claim(move.flag, me).formation        # under Fog or Mud as they lie
    return move.flag, formation.kind if formation else "host", len(held)


def _win_at_once(world: Game, me: int, moves: list[Move]) -> Move | None:
    """A move among ``moves`` that wins the game at once (:func:`_winning_proof`), or None.
    Only a card that completes the seat's side of its flag can (three cards at least)."""
    for move in moves:
        if move.kind == "play" and move.flag and len(world.cards_at(move.flag, me)) >= 2 \
                and _winning_proof(world, me, move):
            return move
    return None


def _claims_given(world: Game, me: int, played: Move, best: Move) -> int:
    """A flag the opponent could prove at once after ``played`` but not after ``best``."""
    def provable_after(move: Move) -> set[int]:
        after = world.copy()
        after.push(move)
        return set(after.provable_flags(1 - me)) - set(after.flags_held(1 - me))

    given = sorted(provable_after(played) - provable_after(best))
    return given[0] if given else 0


def _simple_hint(obs: Observation, move: Move, index: int, why: str) -> Decision:
    words = {"claim": (f"Claim flag {move.flag}: you can prove it now.", f"フラッグ{move.flag}を取得できます：今すぐ証明できます。"),
             "only": (f"{move_words(move)} is the only legal move.", f"{move_words(move, 'ja')}しか指せません。")}[why]
    return Decision(index=index, seat=obs.seat, played=None, best=str(move), chance_played=None, chance_best=None,
                    loss=0.0, label="best", mark="", reason=words[0], reason_ja=words[1],
                    flags=tuple(_target(move)) if why == "claim" else ())


# the judge and the kernel looked up when called (tests put scripted ones in their place)
JUDGE = review_driver.Judge("standard", BUDGET, walk, lambda *args: judge(*args), lambda: kernel.prepare_kernel())

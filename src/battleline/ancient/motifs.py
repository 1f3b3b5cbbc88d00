"""The ideas behind an Ancient Battles decision, each found by exact code from the position.

Each :class:`~battleline.standard.motifs.Motif`-like record here names squares and troops,
and reads only what the deciding side can see (after the reveal the whole field is public;
the opponent's hand is never read). The motifs, by key:

- ``back_row_open``: after the decision a square of the side's own Back Row is empty and an
  enemy unit that holds ground can step onto it in its next action step (named); ``detail``
  says whether enough such steps would win the enemy the battle on terrain;
- ``casualty_race``: how many points each side is from losing by casualties (a side loses
  when it has lost more than half its army's points), given when either side is within
  :data:`CLOSE_RACE` points;
- ``attack_odds``: a shot's or an attack's exact chances of eliminating and disrupting its
  target, and, for an attack, the attacking unit's danger in the enemy's next turn if the
  target survives (``ancient.danger``);
- ``in_danger``: after the decision one of the side's units can be eliminated by a melee
  attack the enemy could make where its units stand, with at least :data:`DANGER` chance;
- ``exposed``: after the decision one of the side's units, not already ``in_danger``, is
  disrupted or eliminated with at least :data:`DANGER` chance by the enemy's fire and then
  its most dangerous melee attack, made where its units stand (``ancient.danger``:
  :func:`~.danger.standing_danger`); ``detail`` (hit, eliminated);
- ``reinforcement_missed`` / ``rally_missed``: the better plan places a reserve card on the
  Back Row, or rallies, where the plan played did not;
- ``race_opened`` (two plans compared, :func:`race_opened`): after the plan played the enemy's
  units that hold ground can reach more empty squares of the side's Back Row within
  :data:`RACE_MOVES` moves of their own than after the better plan (the squares named).

>>> from battleline.ancient import AncientGame
>>> g = AncientGame.empty(7, seed=1)
>>> g.put("c1", "Hoplites", "south"); g.put("b3", "Heavy Cavalry", "north")
>>> [(m.key, m.squares) for m in find(g, "end actions") if m.key == "back_row_open"]
[('back_row_open', ('b1', 'b3'))]
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .actions import Action
from .game import AncientGame
from .odds import action_odds
from .rules import Rules
from .troops import TROOP_TYPES

__all__ = ["Motif", "find", "points_from_losing", "missed", "race_opened", "back_row_reach", "exposed", "CLOSE_RACE",
           "DANGER", "RACE_MOVES"]

CLOSE_RACE = 6               # points from losing at which the casualty race is worth saying
DANGER = Fraction(1, 3)      # a unit that can be eliminated this often is in danger
RACE_MOVES = 2               # the terrain race looked at this many of the enemy's moves ahead


@dataclass(frozen=True)
class Motif:
    """One idea: its ``key`` (see the module), the ``squares`` it names (the side's own
    first), the ``troops`` standing there (their values, 0 for an empty square) and
    ``detail``: the numbers its sentence quotes."""

    key: str
    squares: tuple[str, ...] = ()
    detail: tuple = ()
    troops: tuple[int, ...] = ()


def find(game: AncientGame, decision: str | Action | list) -> list[Motif]:
    """The motifs of ``decision`` (one action, or a plan: a list of actions, or their text
    joined by commas) by the side to act in ``game``, which is left as it was.

    >>> g = AncientGame.empty(seed=1)
    >>> g.put("c2", "Hoplites", "south"); g.put("c3", "Skirmishers", "north")
    >>> g.play("end actions")
    >>> [(m.key, m.detail) for m in find(g, "attack c2-c3")][-1]
    ('attack_odds', (Fraction(1, 6), Fraction(2, 3), Fraction(5, 648)))
    """
    actions = _actions(decision)
    me = game.current_player
    found = casualty_race(game)
    if len(actions) == 1 and actions[0].kind in ("fire", "attack"):
        return found + [_with_troops(game, attack_odds(game, actions[0]))]
    played = 0
    try:
        for a in actions:
            if a.kind in ("fire", "attack") or game.result is not None:
                break
            game.play(a)
            played += 1
        if game.result is None:
            danger = in_danger(game, me)
            found += [_with_troops(game, m) for m in back_row_open(game, me) + danger + exposed(game, me, danger)]
    finally:
        for _ in range(played):
            game.undo()
    return found


def _actions(decision) -> list[Action]:
    if isinstance(decision, Action):
        return [decision]
    if isinstance(decision, str):
        return [Action.parse(part) for part in decision.split(",") if part.strip()]
    return [Action.parse(a) for a in decision]


def _name(game: AncientGame, square: int) -> str:
    return game.state.board.names[square]


def _with_troops(game: AncientGame, motif: Motif) -> Motif:
    """``motif`` with the troops on its squares, read from the field."""
    s = game.state
    values = tuple((s.cells[s.board.lookup[sq]] % 10 + 1) if s.cells[s.board.lookup[sq]] >= 0 else 0
                   for sq in motif.squares)
    return Motif(motif.key, motif.squares, motif.detail, values)


def points_from_losing(game: AncientGame, side: int) -> int:
    """The points ``side`` may still lose before it loses the battle by casualties (it loses
    when it has lost more than half its army's points).

    >>> g = AncientGame.scenario("issus", seed=1)
    >>> points_from_losing(g, 1) == g.state.army_points(1) // 2 + 1
    True
    """
    s = game.state
    lost = sum(s.cost(c) for c in s.eliminated[side])
    return s.army_points(side) // 2 + 1 - lost


def casualty_race(game: AncientGame) -> list[Motif]:
    """``casualty_race`` with ``detail`` ``(the side's points from losing, the enemy's)``,
    when either is within :data:`CLOSE_RACE`."""
    me = game.current_player
    if me is None or not any(game.state.army[p] for p in (0, 1)):
        return []
    mine, theirs = points_from_losing(game, me), points_from_losing(game, 1 - me)
    if min(mine, theirs) > CLOSE_RACE:
        return []
    return [Motif("casualty_race", (), (mine, theirs))]


def attack_odds(game: AncientGame, action: Action) -> Motif:
    """``attack_odds``: ``squares`` (the shooter's or attackers', then the target's) and
    ``detail`` ``(eliminated, disrupted, danger)``: the target's exact chances, and for an
    attack the first attacker's chance of being eliminated in the enemy's next turn (None for
    a shot)."""
    odds = action_odds(game.state, action)
    danger = None
    if action.kind == "attack":
        from .danger import attack_danger
        found = attack_danger(game.observation(game.current_player), action)
        danger = found[0].eliminated if found else Fraction(0)
    return Motif("attack_odds", tuple(action.squares), (odds.eliminated, odds.disrupted, danger))


def back_row_open(game: AncientGame, me: int) -> list[Motif]:
    """Each empty square of ``me``'s Back Row with the enemy units that hold ground and could
    step onto it in their next action step; ``detail`` ``(terrain win in reach,)``: whether the
    enemy's units already there and those steps together would be more than half the width."""
    s = game.state
    rules = Rules(s)
    enemy = 1 - me
    back = s.board.back_row(me)
    empty = [sq for sq in back if s.cells[sq] < 0]
    held = sum(1 for sq in back if s.cells[sq] >= 0 and s.owner[s.cells[sq]] == enemy
               and not s.disrupted[s.cells[sq]] and _holds_ground(s.cells[sq]))
    reach: dict[int, list[int]] = {}
    for sq in range(s.board.size):
        c = s.cells[sq]
        if c < 0 or s.owner[c] != enemy or not _holds_ground(c):     # disrupted: no destinations
            continue
        for d in rules.destinations(c, ignore_done=True):
            if d in empty:
                reach.setdefault(d, []).append(sq)
    in_reach = held + len(reach) > s.width // 2
    return [Motif("back_row_open", (_name(game, d), *(_name(game, x) for x in sorted(reach[d]))), (in_reach,))
            for d in sorted(reach)]


def _holds_ground(card: int) -> bool:
    return TROOP_TYPES[card % 10 + 1].holds_ground


def in_danger(game: AncientGame, me: int) -> list[Motif]:
    """``me``'s units that one melee attack of the enemy, made where its units stand, would
    eliminate with at least :data:`DANGER` chance: ``squares`` (the unit's, then the
    attackers') and ``detail`` ``(chance,)``, the most dangerous attack on each unit."""
    s = game.state
    rules = Rules(s)
    pairs = rules.flank_pairs(1 - me) if "flank" in s.options else frozenset()
    worst: dict[int, tuple[Fraction, tuple[int, ...]]] = {}
    for group, target in rules.attack_groups(1 - me, ignore_done=True, flank_pairs=pairs):
        squares = tuple(_name(game, s.where[c]) for c in group) + (_name(game, s.where[target]),)
        chance = action_odds(s, Action("attack", "", squares, "")).eliminated
        if chance >= DANGER and chance > worst.get(target, (Fraction(-1),))[0]:
            worst[target] = (chance, group)
    out = []
    for target, (chance, group) in sorted(worst.items(), key=lambda kv: s.where[kv[0]]):
        out.append(Motif("in_danger", (_name(game, s.where[target]), *(_name(game, s.where[c]) for c in group)),
                         (chance,)))
    return out


def exposed(game: AncientGame, me: int, danger: list[Motif] | None = None) -> list[Motif]:
    """``me``'s units hit (disrupted or eliminated) with at least :data:`DANGER` chance by the
    enemy's fire and then its most dangerous melee attack where its units stand, those named by
    ``danger`` (:func:`in_danger`'s motifs) left out: ``squares`` (the unit's, then the
    shooters' and attackers') and ``detail`` ``(hit, eliminated)``.

    >>> g = AncientGame.empty(seed=1)
    >>> g.put("c2", "Skirmishers", "south"); g.put("c4", "Javalineers", "north", bow=True)
    >>> [(m.squares, m.detail) for m in exposed(g, 1)]
    []
    """
    from .danger import standing_danger
    s = game.state
    named = {m.squares[0] for m in danger or ()}
    flanks = "flank" in s.options
    out = []
    for sq, card in Rules(s).own_units(me):
        if _name(game, sq) in named:
            continue
        d = standing_danger(s, card, flanks)
        if d.hit >= DANGER:
            sources = tuple(dict.fromkeys((*d.shooters, *d.attackers)))
            out.append(Motif("exposed", (d.square, *sources), (d.hit, d.eliminated)))
    return out


def missed(played: list[str] | str, better: list[str] | str) -> list[Motif]:
    """``reinforcement_missed`` (the squares the better plan reinforces) and ``rally_missed``
    when the better plan does it and the plan played does not.

    >>> [(m.key, m.squares) for m in missed("c2-c3, end actions", "reinforce R4@c1, end actions")]
    [('reinforcement_missed', ('c1',))]
    """
    mine, best = _actions(played), _actions(better)

    def kinds(actions, kind):
        return [a for a in actions if a.kind == kind]

    out = []
    if kinds(best, "reinforce") and not kinds(mine, "reinforce"):
        out.append(Motif("reinforcement_missed", tuple(a.squares[0] for a in kinds(best, "reinforce"))))
    rallies = [a for a in best if a.kind == "rally" and a.squares or (a.kind == "play" and a.squares)]
    if rallies and not any(a.kind == "rally" and a.squares or (a.kind == "play" and a.squares) for a in mine):
        out.append(Motif("rally_missed", tuple(sq for a in rallies for sq in a.squares)))
    return out


def back_row_reach(game: AncientGame, me: int, moves: int = RACE_MOVES) -> tuple[int, list[str]]:
    """The terrain race against ``me``: how many of ``me``'s Back Row squares the enemy already
    holds (undisrupted units that hold ground), and the empty ones its units that hold ground
    could reach in up to ``moves`` moves of their own (the others standing still).

    >>> g = AncientGame.empty(7, seed=1)
    >>> g.put("c1", "Hoplites", "south"); g.put("b3", "Hoplites", "north")
    >>> back_row_reach(g, 1)
    (0, ['b1'])
    """
    s = game.state
    rules = Rules(s)
    enemy = 1 - me
    back = s.board.back_row(me)
    empty = {sq for sq in back if s.cells[sq] < 0}
    held = sum(1 for sq in back if s.cells[sq] >= 0 and s.owner[s.cells[sq]] == enemy
               and not s.disrupted[s.cells[sq]] and _holds_ground(s.cells[sq]))
    reach: set[int] = set()
    for sq in range(s.board.size):
        c = s.cells[sq]
        if c >= 0 and s.owner[c] == enemy and _holds_ground(c):
            reach |= rules.reach_within(c, moves) & empty
    return held, [_name(game, sq) for sq in sorted(reach)]


def race_opened(game: AncientGame, played: list | str, better: list | str) -> list[Motif]:
    """``race_opened`` when, after the plan ``played`` (its moves and reinforcements: the
    fights are left out), the enemy can reach more empty squares of the side's Back Row within
    :data:`RACE_MOVES` moves than after ``better``. ``squares``: those it reaches after the plan
    played; ``detail``: (held, reached after the plan played, reached after the better plan,
    squares needed to win on terrain). ``game`` is left as it was."""
    me = game.current_player
    counts = []
    for plan in (played, better):
        done = 0
        try:
            for a in _actions(plan):
                if a.kind in ("fire", "attack") or game.result is not None or game.current_player != me:
                    break
                game.play(a)
                done += 1
            counts.append(back_row_reach(game, me))
        finally:
            for _ in range(done):
                game.undo()
    (held, mine), (_, theirs) = counts
    if len(mine) <= len(theirs):
        return []
    return [Motif("race_opened", tuple(mine), (held, len(mine), len(theirs), game.width // 2 + 1))]

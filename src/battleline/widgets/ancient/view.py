"""The battle's view: the field, the cards in hand and reserve, the score, and what the side
on screen may do now (reachable squares, targets with their exact odds, labelled buttons).

Built only from ``game.observation(side)`` of the side on screen, the engine's public
queries (``legal_actions``, ``odds``, ``melee_numbers``) and the controller's choices;
``docs/widget.md`` lists every field.

>>> display_order(7, "south")[:2], display_order(7, "north")[:2]
(['a4', 'b4'], ['g1', 'f1'])
>>> from fractions import Fraction
>>> fraction(Fraction(1, 6))
{'fraction': '1/6', 'percent': 16.7}
"""

from __future__ import annotations

from fractions import Fraction

from ...ancient import SCENARIOS, Action, Army, troop_type
from ...ancient.combat import defence_strength
from ...ancient.danger import attack_danger
from ...cards import Card
from .battle import BattleController, origin_of
from .words import AncientWords

__all__ = ["battle_view", "display_order", "fraction", "target_of", "SIDES", "SYMBOLS", "FAMILIES"]

SIDES = ("south", "north")
#: Short symbols of the troop types (drawn on every card with the type's name).
SYMBOLS = {1: "Sk", 2: "Pe", 3: "Jv", 4: "Ho", 5: "Ph", 6: "Hy", 7: "LC", 8: "HC", 9: "Ch", 10: "El"}
#: The silhouette family the front end draws for each type.
FAMILIES = {1: "light", 2: "light", 3: "heavy", 4: "heavy", 5: "heavy", 6: "heavy", 7: "horse",
            8: "horse", 9: "chariot", 10: "elephant"}
#: The rules' phases, worded by texts.ancient_say ("phase.X").
PHASES = ("leader", "deploy", "initiative", "tactics", "actions", "fire", "melee", "withdrawal",
          "loyalty", "rally", "over")
#: How many log lines a view carries (the latest).
LOG_LINES = 200


def fraction(p: Fraction) -> dict:
    """A probability as an exact fraction and a rounded percentage."""
    return {"fraction": f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator),
            "percent": round(float(p) * 100, 1)}


def target_of(a: Action) -> str | None:
    """The square clicked to take the action, if there is exactly one."""
    if a.kind in ("move", "fire", "attack"):
        return a.squares[-1]
    if a.kind in ("deploy", "reinforce"):
        return a.squares[0]
    if a.kind == "play" and len(a.squares) == 1:
        return a.squares[0]
    if a.kind in ("remove", "rally") and a.squares:
        return a.squares[0]
    return None


def display_order(width: int, side: str) -> list[str]:
    """Squares top row first: the opponent's Back Row at the top, yours at the bottom."""
    cols = "abcdefghijk"[:width]
    rows = (4, 3, 2, 1) if side == "south" else (1, 2, 3, 4)
    if side == "north":
        cols = cols[::-1]
    return [f"{c}{r}" for r in rows for c in cols]


def battle_view(battle: BattleController, words: AncientWords) -> dict:
    """The synced ``view`` of the battle, for the side on screen."""
    g = battle.game
    side = battle.side
    obs = g.observation(side)
    other = "north" if side == "south" else "south"
    covered = battle.cover   # two people at one screen, between turns: no secret of either side
    legal, plan = battle.affordances()
    chosen = battle.selected
    choices = [_choice(battle, words, obs, a, True) for a in legal if chosen in origin_of(a)
               and (plan is None or a.kind != "attack" or a in plan["exact"])]
    free = [a for a in legal if not origin_of(a)]
    field_squares = [_square(words, obs, sq, side) for sq in display_order(obs.width, side)]
    selectable = sorted({o for a in legal for o in origin_of(a)})
    sc = SCENARIOS.get(obs.scenario) if obs.scenario else None
    return {
        "game": "ancient", "lang": words.lang, "side": side, "opponent": other,
        "side_names": {x: words.side(x) for x in SIDES},
        "hot_seat": battle.bot is None, "cover": _cover(words, side) if covered else None, "width": obs.width, "turn": obs.turn, "phase": obs.phase,
        "to_act": obs.to_act, "my_turn": bool(legal), "thinking": battle.thinking,
        "first": obs.first, "advanced": list(obs.advanced), "status": _status(battle, words, obs),
        "scenario": None if sc is None else _scenario(words, sc),
        "rows": [] if covered else [field_squares[i * obs.width:(i + 1) * obs.width] for i in range(4)],
        "actions_left": obs.actions_left if obs.phase == "actions" else None,
        "reserve": [] if covered else [_reserve_card(words, c) for c in obs.reserve[side]],
        "opponent_reserve": obs.reserve_sizes[other],
        "hand": [] if covered else [dict(words.card(Card(c)), playable=c in selectable) for c in obs.hand],
        "opponent_hand": obs.opponent_hand_size, "deck": obs.deck_size,
        "discards": list(obs.discards),
        "leaders": {s: {"card": v[0], "with": v[1]} for s, v in obs.leaders.items()},
        "score": {s: _score(words, obs, s) for s in SIDES},
        "odds_legend": {k: words.say(f"legend_{k}") for k in ("title", "elim", "dis", "elim_tip", "dis_tip")},
        "selectable": selectable, "selected": chosen, "choices": choices,
        "targets": [_choice(battle, words, obs, a, False) for a in free if target_of(a)],
        "buttons": [_choice(battle, words, obs, a, False) for a in free if not target_of(a)],
        "log": list(battle.log[-LOG_LINES:]),
        # once the battle is over, only a fight's dice stay: an initiative die would be stale
        "dice": battle.dice if g.outcome is None or battle.combat_dice else None,
        "message": battle.message, "can_undo": battle.can_undo,
        "outcome": None if g.outcome is None else {"winner": g.outcome.winner_name, "reason": g.outcome.reason,
                                                    "text": words.say(f"reason.{g.outcome.reason}")},
        "played": len(g.actions_played),
        "help": None if covered else _help(battle, words, obs),
        "attack": None if plan is None else _attack_view(words, obs, plan, choices),
    }


def _cover(words: AncientWords, side: str) -> dict:
    """The screen cover between two people's turns: to whom to pass it, and its button."""
    return {"text": words.say("cover", side=words.side(side)), "note": words.say("cover_note"),
            "button": words.say("cover_button", side=words.side(side))}


def _scenario(words: AncientWords, sc) -> dict:
    """The scenario's names, and the header that says which army is which side (the army
    names carry their leader in brackets already)."""
    title, south, north = words.scenario(sc.title), words.scenario(sc.south.name), words.scenario(sc.north.name)
    return {"name": sc.name, "title": title, "south": south, "north": north, "notes": words.scenario(sc.notes),
            "heading": words.say("scenario_heading", title=title, south=south, north=north)}


def _square(words: AncientWords, obs, sq: str, side: str) -> dict:
    row = int(sq[1:])
    cell = obs.field.get(sq)
    back = "south" if row == 1 else "north" if row == 4 else None
    d = {"square": sq, "row": row, "terrain": obs.terrain.get(sq), "back_row": back,
         "front_row": "south" if row == 2 else "north" if row == 3 else None, "unit": None}
    if cell is not None:
        if cell.get("hidden"):
            d["unit"] = {"side": cell["side"], "mine": cell["side"] == side, "hidden": True}
        else:
            value = Card(cell["cards"][0]).value
            d["unit"] = {
                "side": cell["side"], "mine": cell["side"] == side, "hidden": False,
                "cards": [words.card(Card(c)) for c in cell["cards"]],
                "type": words.troop(value), "short": words.troop_short(value),
                "value": value, "symbol": SYMBOLS[value], "family": FAMILIES[value],
                "disrupted": cell["disrupted"], "bow": bool(cell["bows"]), "quality": cell["attachment"],
                "leader": cell["leader"], "stack": len(cell["cards"]) > 1,
                # every card deployed stays face down until the reveal ends the deployment
                "facedown_own": obs.phase == "deploy",
            }
    unit = d["unit"]
    say = words.say
    if unit is None:
        text = say("sq_empty")
    elif unit["hidden"]:
        text = say("sq_hidden_mine" if unit["mine"] else "sq_hidden_theirs")
    else:
        extras = [w for w, on in ((say("x_bow"), unit["bow"]),
                                  (unit["quality"] and say(f"x_{unit['quality']}"), unit["quality"]),
                                  (say("x_leader", name=unit["leader"]), unit["leader"]),
                                  (say("x_stack"), unit["stack"]),
                                  (say("x_disrupted"), unit["disrupted"])) if on]
        ids = "+".join(c["id"] for c in unit["cards"])
        text = (say("sq_mine" if unit["mine"] else "sq_theirs", type=unit["type"], cards=ids)
                + say("tag_sep").join([""] + extras))
    if d["terrain"]:
        text += say("sq_bad", kind=d["terrain"])
    d["label"] = f"{sq}, {text}"
    return d


def _reserve_card(words: AncientWords, c: str) -> dict:
    card = Card(c)
    return dict(words.card(card), type=words.troop(card.value), symbol=SYMBOLS[card.value],
                family=FAMILIES[card.value])


def _score(words: AncientWords, obs, side: str) -> dict:
    """Casualties of ``side`` against its army's value, and the opponent's Back Row it holds;
    the battle is lost at ``loses_at`` points (more than half the army's, a whole number)."""
    army_text = obs.armies[side]
    if army_text:
        army = Army.from_text(" ".join(army_text))
        lost, points = sum(army.cost(Card(c)) for c in obs.eliminated[side]), army.points
    else:
        lost = points = 0
    back = 4 if side == "south" else 1
    held = sorted(sq for sq, cell in obs.field.items() if int(sq[1:]) == back and not cell.get("hidden")
                  and cell["side"] == side and not cell["disrupted"]
                  and troop_type(Card(cell["cards"][0]).value).holds_ground)
    at, needed = points // 2 + 1, obs.width // 2 + 1
    return {"lost": lost, "army": points, "loses_at": at, "back_row_held": held, "back_row_needed": needed,
            "text": words.say("score_line", lost=lost, army=points, at=at, held=len(held), needed=needed)}


def _status(battle: BattleController, words: AncientWords, obs) -> str:
    say = words.say
    if obs.outcome is not None:
        return words.outcome(*obs.outcome)
    if battle.thinking:
        return say("thinking")
    if battle.cover:
        return say("cover", side=words.side(obs.to_act))
    if obs.to_act != obs.side:
        # the bot's move (it has not begun, or it failed): the phase's words address the player
        return say("bot_to_act", turn=obs.turn)
    who = say("your") if battle.bot is not None else say("theirs", side=words.side(obs.to_act))
    text = say(f"phase.{obs.phase}") if obs.phase in PHASES else obs.phase
    if obs.phase == "withdrawal" and obs.to_act == obs.side and battle.attacked in obs.field:
        text = say("attacked_prompt", unit=words.unit(obs, battle.attacked))
    extra = say("actions_left", n=obs.actions_left) if obs.phase == "actions" else ""
    if battle.bot_preparing:
        extra += " " + say("bot_preparing")
    return say("status", turn=obs.turn, who=who, words=text, extra=extra)


def _help(battle: BattleController, words: AncientWords, obs) -> dict | None:
    """The rules of the inspected (or chosen) card, and why it cannot act now."""
    say = words.say
    square = battle.inspected or (battle.selected if battle.selected in obs.field else None)
    cell = obs.field.get(square) if square else None
    if cell is None or cell.get("hidden"):
        return None
    t = troop_type(Card(cell["cards"][0]).value)
    name = words.troop(t.value)
    weapon = t.weapon(bool(cell["bows"]))
    reach = say({"javelin": "h_javelin", "bow": "h_bow", None: "h_none"}[weapon])
    lines = [say("h_move", type=name, value=t.value, steps=t.steps, s="s" if t.steps > 1 else "",
                 ways=say("h_ways_side" if t.sideways else "h_ways_fwd"),
                 terrain=say("h_no_bad") if t.mounted else ""),
             say("h_missiles", reach=reach, hit=say("h_hit6" if t.missile_hit == 6 else "h_hit56")),
             say("h_melee", value=t.value) + (say("h_proof") if t.cavalry_proof else "")]
    if cell["attachment"]:
        lines.append(say("h_quality", quality=say(f"x_{cell['attachment']}")))
    if cell["disrupted"]:
        lines.append(say("h_disrupted"))
    if cell["side"] == obs.side and obs.to_act == obs.side and square not in battle.origins():
        step = obs.phase
        done = {"actions": obs.moved, "fire": obs.fired, "melee": obs.attacked}.get(step, [])
        if cell["disrupted"]:
            why = "why_disrupted"
        elif any(c in done for c in cell["cards"]):
            why = {"actions": "why_moved", "fire": "why_fired", "melee": "why_attacked"}[step]
        elif step == "actions":
            why = "why_blocked"
        elif step == "fire":
            why = "why_no_weapon" if weapon is None else "why_no_target"
        elif step == "melee":
            why = "why_no_enemy"
        else:
            why = "why_step"
        lines.append(say("h_cannot", why=say(why, step=step)))
    return {"square": square, "title": say("h_title", square=square, type=name), "lines": lines}


def _odds(o) -> dict:
    return {"no_effect": fraction(o.no_effect), "disrupted": fraction(o.disrupted),
            "eliminated": fraction(o.eliminated)}


def _choice(battle: BattleController, words: AncientWords, obs, a: Action, with_odds: bool) -> dict:
    c = {"action": str(a), "label": words.label(obs, a), "kind": a.kind, "square": target_of(a)}
    if a.kind == "stand" and battle.standing_odds is not None:
        c["odds"] = _odds(battle.standing_odds)
        c["label"] += words.odds(c["odds"])
    if with_odds and a.kind in ("fire", "attack"):
        c["odds"] = _odds(battle.game.odds(a))
        if a.kind == "attack":
            c["strength"] = _strength(battle, words, obs, a)
            c["danger"] = _danger(words, obs, a)
        c["label"] += words.odds(c["odds"])
    return c


def _danger(words: AncientWords, obs, a: Action) -> list[dict]:
    """What the attack exposes: each attacking card's danger in the enemy's next player
    turn, from the observation of the side on screen alone (``docs/ancient.md``)."""
    out = []
    for d in attack_danger(obs, a):
        unit = words.unit(obs, d.square)
        reach = sorted(set(d.shooters) | set(d.attackers))
        text = (words.say("danger", unit=unit, dis=_short(d.disrupted), elim=_short(d.eliminated),
                          squares=", ".join(reach)) if reach else words.say("danger_none", unit=unit))
        out.append({"square": d.square, "unit": unit, "safe": fraction(d.safe),
                    "disrupted": fraction(d.disrupted), "eliminated": fraction(d.eliminated),
                    "text": text})
    return out


def _short(p: Fraction) -> str:
    """A chance for a sentence: its fraction when small, else a percentage ('1/6', '23.5%')."""
    f = fraction(p)
    return f["fraction"] if p.denominator <= 36 else f"{f['percent']}%"


def _strength(battle: BattleController, words: AncientWords, obs, a: Action) -> dict:
    """An attack's totals before the dice (each side then adds a die)."""
    n = battle.game.melee_numbers(a)
    attack = n.attack + n.attack_modifier
    defence = defence_strength(n.defence, n.defender_disrupted) + n.defence_modifier
    return {"attack": attack, "defence": defence,
            "text": words.say("strength", attack=attack, defence=defence, target=words.unit(obs, a.squares[-1]))}


def _attack_view(words: AncientWords, obs, plan: dict, choices: list[dict]) -> dict:
    """The combined attack on screen: who attacks, who may join, and in words the strength
    against each target (the targets' odds are in ``choices``)."""
    say = words.say
    attackers = [{"square": sq, "label": words.unit(obs, sq), "chosen": i == 0}
                 for i, sq in enumerate(plan["attackers"])]
    joinable = [{"square": sq, "label": say("join_label", unit=words.unit(obs, sq))} for sq in plan["joinable"]]
    names = say("and").join(a["label"] for a in attackers)
    if choices:
        text = say("attack_with", units=names) + say("list_sep").join(
            c["strength"]["text"] for c in choices if c.get("strength"))
    else:
        text = say("attack_needs_more", units=names, squares=", ".join(plan["joinable"]))
    if plan["joinable"]:
        text += say("attack_may_join", squares=", ".join(plan["joinable"]))
    return {"attackers": attackers, "joinable": joinable, "text": text,
            "combined": len(attackers) > 1 or bool(joinable)}

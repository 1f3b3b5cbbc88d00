"""Two people at one screen, both games: the view sent when the seat to act changes holds
neither seat's secrets until the next player lifts the cover (issue 33 item 6)."""

from __future__ import annotations

import random

import pytest
from util import at_screen

from battleline.widgets import AncientBattlesWidget


def test_ancient_two_people_at_one_screen_pass_it_behind_a_cover():
    """Issue 33 item 6: when the side to act changes at one screen, the view sent holds
    neither side's secrets (the next side's reserve while deploying, its Tactics hand, the
    field) until the next player lifts the cover; play is refused meanwhile."""
    covers = hands_hidden = 0
    for seed in (4, 5, 6):
        covers, hands_hidden = pass_and_check(seed, covers, hands_hidden)
    assert covers > 20 and hands_hidden


def pass_and_check(seed: int, covers: int, hands_hidden: int) -> tuple[int, int]:
    from battleline.errors import IllegalMoveError
    import json
    w = at_screen(AncientBattlesWidget(scenario="issus", opponent=None, seed=seed))
    rng = random.Random(seed)
    while w.game.outcome is None:
        acting = w.game.to_act
        w.play(rng.choice(w.game.legal_actions()))
        v = w.view
        if w.game.to_act in (None, acting):
            assert v["cover"] is None
            continue
        covers += 1
        nxt = w.game.to_act
        assert v["cover"]["text"] == f"Pass to {nxt.title()} — click when ready" == v["status"]
        assert v["rows"] == v["hand"] == v["reserve"] == v["choices"] == v["buttons"] == []
        text = json.dumps(v)
        obs = w.game.observation(nxt)
        leaders = {x["with"] for x in v["leaders"].values()}
        secrets = list(obs.hand) + ([c for c in obs.reserve[nxt] if c not in leaders]
                                    if obs.phase == "deploy" else [])
        assert not [c for c in secrets if f'"{c}"' in text], (secrets, text[:300])
        hands_hidden += bool(obs.hand)
        with pytest.raises(IllegalMoveError, match="pass the screen"):
            w.play(w.game.legal_actions()[0])
        w.handle_message({"type": "reveal"})
        assert w.view["cover"] is None and w.view["side"] == nxt and len(w.view["rows"]) == 4
        assert [c["id"] for c in w.view["hand"]] == list(obs.hand)
    return covers, hands_hidden


def test_ancient_no_cover_against_a_bot():
    w = AncientBattlesWidget(scenario="marathon", opponent="easy", seed=1)
    for _ in range(10):
        w.play(w.game.legal_actions()[0])
        assert w.view["cover"] is None


def test_battle_line_two_people_at_one_screen_pass_it_behind_a_cover():
    """Issue 33 item 6, Battle Line: the same cover; the view sent while it is down holds
    no card of the next player's hand."""
    import json
    from battleline.widgets import BattleLineWidget
    w = at_screen(BattleLineWidget(opponent=None, seed=3))
    for _ in range(12):
        mover = w.game.to_move
        w.play(w.view["legal"][0]["text"])
        if w.game.to_move == mover:
            continue
        v = w.view
        assert v["cover"] and v["hand"] == [] and v["legal"] == []
        hand = w.game.observation(w.game.to_move).hand
        text = json.dumps(v)
        ids = [w.wording.card(c)["id"] for c in hand]
        assert not [i for i in ids if f'"{i}"' in text], ids
        w.handle_message({"type": "reveal"})
        assert [c["id"] for c in w.view["hand"]] == ids

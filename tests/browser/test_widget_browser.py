"""The widget in a real JupyterLab, clicked with Playwright (see conftest.py).

Each test saves screenshots in its tmp dir. The whole-game test also measures the time
from a click on a place to the updated view (with the Python round trip) and writes the
figures to build/browser-latency.json.
"""

from __future__ import annotations

import json
import statistics
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

HAND = 'button[data-act="hand"]:not([disabled])'
PLACE = 'button[data-act="place"]:not([disabled])'

# The time from a click on a place until the card shows at that flag, measured in the page.
MEASURE_PLACE = """([flag, cardId]) => new Promise((resolve, reject) => {
  const done = () => document.querySelector(`[data-act="mine"][data-card="${cardId}"][data-flag="${flag}"]`);
  const place = document.querySelector(`button[data-act="place"][data-flag="${flag}"]:not([disabled])`);
  if (!place) { reject(new Error("no place at flag " + flag)); return; }
  const t0 = performance.now();
  const obs = new MutationObserver(() => {
    if (done()) { obs.disconnect(); resolve(performance.now() - t0); }
  });
  obs.observe(document.body, { subtree: true, childList: true, attributes: true });
  place.click();
  setTimeout(() => { obs.disconnect(); reject(new Error("no update within 10 s")); }, 10000);
})"""


def button(page, name: str):
    return page.get_by_role("button", name=name, exact=True)


def click(page, name: str) -> None:
    button(page, name).click()


def troop_cards(page):
    """The enabled troop cards in the hand (a Tactics card may need no place, or another)."""
    out = []
    for c in page.locator(HAND).all():
        card = c.get_attribute("data-card") or ""
        if card[:1] in "ROYGBP" and card[1:].isdigit():
            out.append(c)
    return out


def wait_for_human(nb, page, after: int | None = None):
    """Wait until it is the human's turn again (the bot has moved) or the game is over."""
    state = nb.wait_state(lambda s: s["over"] or (not s["thinking"] and s["to_move"] == 1 and
                                                  (after is None or len(s["moves"]) > after)))
    wait_for_view(page, state)
    return state


def wait_for_view(page, state) -> None:
    """Wait until the page shows the view that Python last published (its status line)."""
    page.wait_for_function(
        "t => [...document.querySelectorAll('.bl-status')].some(e => e.textContent === t)",
        arg=state["view_status"], timeout=20000)


def test_a_whole_game_against_the_bot(open_widget):
    nb = open_widget("w = BattleLineWidget(opponent='easy', seed=21, bot_seed=4)")
    page = nb.page
    box = page.get_by_role("checkbox", name="Claim automatically")
    box.click()
    page.wait_for_function("() => [...document.querySelectorAll('input[type=checkbox]')]"
                           ".some(b => b.checked)", timeout=20000)
    latencies = []
    clicks = 0
    while True:
        s = wait_for_human(nb, page)
        if s["over"]:
            break
        n = len(s["moves"])
        phase = s["phase"]
        if phase == "play":
            hand = page.locator(HAND)
            troops = troop_cards(page)
            if troops:
                card = troops[0].get_attribute("data-card")
                troops[0].click()
                place = page.locator(PLACE).first
                place.wait_for()
                flag = place.get_attribute("data-flag")
                latencies.append(page.evaluate(MEASURE_PLACE, [flag, card]))
            elif button(page, "Pass").count() and button(page, "Pass").is_enabled():
                click(page, "Pass")
            else:
                hand.first.click()
                page.locator(f"{PLACE}, button[aria-label^='Flag ']:not([disabled])").first.click()
        elif phase == "draw":
            for name in ("Draw troop", "Draw tactic", "End turn"):
                b = button(page, name)
                if b.count() and b.is_enabled():
                    b.click()
                    break
        elif phase == "scout-draw":
            troop = button(page, "Draw troop")
            click(page, "Draw troop" if troop.count() and troop.is_enabled() else "Draw tactic")
        elif phase == "scout-return":
            page.locator(HAND).first.click()
        nb.wait_state(lambda st: st["over"] or len(st["moves"]) > n)
        clicks += 1
        assert clicks < 400, "the game did not end"
    final = nb.state()
    assert final["over"] and final["outcome"]
    status = page.get_by_role("status").first.inner_text()
    assert "win" in status.lower() or "draw" in status.lower()
    reason = final["outcome"].split()[-1]
    assert reason in page.locator("body").inner_text().lower()
    nb.screenshot("whole-game-end")
    assert len(latencies) >= 8
    figures = {"place_click_to_view_ms_median": round(statistics.median(latencies), 1),
               "place_click_to_view_ms_max": round(max(latencies), 1),
               "samples": len(latencies)}
    (ROOT / "build").mkdir(exist_ok=True)
    (ROOT / "build" / "browser-latency.json").write_text(json.dumps(figures))
    print("latency", figures)


FAILED_CLAIM = '''
text = """battleline position 1
rules standard
turn south play
flag 1: north B8 | south R1 Y2 G4
hand north: R5 R6 O5 O6 Y5 Y6 G5
hand south: B1 B2 B3 P1 P2 P3 G9
troop deck: rest seed 5
tactic deck: rest seed 6
"""
w = BattleLineWidget(Game.from_position(text), opponent='easy', bot_seed=1)
'''


def test_a_failed_claim_shows_its_counterexample(open_widget):
    nb = open_widget(FAILED_CLAIM)
    page = nb.page
    before = nb.state()["position"]
    click(page, "Claim flag 1")
    s = nb.wait_state(lambda st: st["claim"] is not None)
    assert s["claim"]["holds"] is False and s["position"] == before
    callout = page.get_by_label("Claim of flag 1")
    callout.wait_for()
    text = callout.inner_text()
    assert "Counterexample" in text and "could still add" in text
    for card in s["claim"]["counterexample"]:
        assert card["label"] in text
    nb.screenshot("failed-claim")


def test_undo_takes_back_the_last_turn(open_widget):
    nb = open_widget("w = BattleLineWidget(opponent='easy', seed=8, bot_seed=3)")
    page = nb.page
    start = wait_for_human(nb, page)
    n = len(start["moves"])
    troop_cards(page)[0].click()
    page.locator(PLACE).first.click()
    nb.wait_state(lambda st: st["phase"] == "draw")
    click(page, "Draw troop")
    wait_for_human(nb, page, after=n + 1)
    nb.screenshot("before-undo")
    click(page, "Undo")
    s = nb.wait_state(lambda st: st["position"] == start["position"])
    assert s["moves"] == start["moves"]
    nb.screenshot("after-undo")


# Two hot-seat positions between them put all ten Tactics cards in play by clicking.
TACTICS_A = '''
text = """battleline position 1
rules standard
turn south play
flag 1: north O9 O8 | south R2 R3
flag 2: north B9 | south G6
flag 3: north Y1 | south P4
hand north: Darius Deserter Traitor Y2 Y3 Y4 Y5
hand south: Alexander Companion Fog Redeploy R4 G7 G8
troop deck: rest seed 3
tactic deck: rest seed 4
"""
w = BattleLineWidget(Game.from_position(text), opponent=None)
w.reveal()   # two people at one screen: the first player lifts the first cover
'''

TACTICS_B = '''
text = """battleline position 1
rules standard
turn south play
flag 1: north O9 O8 | south R2 R3
flag 2: north B9 | south G6
hand north: Alexander Companion Fog Y2 Y3 Y4 Y5
hand south: Shield Mud Scout R4 G7 G8 P1
troop deck: rest seed 3
tactic deck: rest seed 4
"""
w = BattleLineWidget(Game.from_position(text), opponent=None)
w.reveal()   # two people at one screen: the first player lifts the first cover
'''


def turn_end(nb, page):
    """Draw, then hand the screen over."""
    n = len(nb.state()["moves"])
    click(page, "Draw troop")
    nb.wait_state(lambda s: len(s["moves"]) > n)
    click(page, "Reveal")
    nb.wait_state(lambda s: s["view_status"] and "Pass the screen" not in s["view_status"])


def played(nb, move_text: str) -> dict:
    return nb.wait_state(lambda s: move_text in s["moves"])


def test_tactics_cards_through_the_view_part_one(open_widget):
    nb = open_widget(TACTICS_A)
    page = nb.page
    # South: Alexander into a place at flag 1.
    click(page, "Alexander"); click(page, "Flag 1, your side")
    played(nb, "Alexander@1"); turn_end(nb, page)
    # North: Deserter on south's Alexander.
    click(page, "Deserter"); click(page, "Flag 1, opponent's Alexander")
    played(nb, "Deserter Alexander"); turn_end(nb, page)
    # South: Fog on flag 2 (click the flag).
    click(page, "Fog"); click(page, "Flag 2")
    played(nb, "Fog@2"); turn_end(nb, page)
    # North: Traitor takes south's G6 to north's side of flag 3.
    click(page, "Traitor"); click(page, "Flag 2, opponent's Green 6"); click(page, "Flag 3, your side")
    played(nb, "Traitor G6@3"); turn_end(nb, page)
    # South: Companion Cavalry at flag 3.
    click(page, "Companion Cavalry"); click(page, "Flag 3, your side")
    played(nb, "Companion@3"); turn_end(nb, page)
    # North: Darius at flag 2.
    click(page, "Darius"); click(page, "Flag 2, your side")
    played(nb, "Darius@2"); turn_end(nb, page)
    # South: Redeploy R3 from flag 1 to the discard pile.
    click(page, "Redeploy"); click(page, "Flag 1, your Red 3"); click(page, "Discard")
    s = played(nb, "Redeploy R3@discard")
    assert "discard south: Alexander Redeploy R3" in s["position"]
    nb.screenshot("tactics-part-one")


def test_tactics_cards_through_the_view_part_two(open_widget):
    nb = open_widget(TACTICS_B)
    page = nb.page
    # South: Mud on flag 1.
    click(page, "Mud"); click(page, "Flag 1")
    played(nb, "Mud@1"); turn_end(nb, page)
    # North: Fog on flag 2.
    click(page, "Fog"); click(page, "Flag 2")
    played(nb, "Fog@2"); turn_end(nb, page)
    # South: Shield Bearers at flag 1 (its fourth place under Mud).
    click(page, "Shield Bearers"); click(page, "Flag 1, your side")
    played(nb, "Shield@1"); turn_end(nb, page)
    # North: Alexander.
    click(page, "Alexander"); click(page, "Flag 3, your side")
    played(nb, "Alexander@3"); turn_end(nb, page)
    # South: Scout: three draws, then two cards back.
    click(page, "Scout")
    nb.wait_state(lambda s: s["phase"] == "scout-draw")
    for _ in range(3):
        n = len(nb.state()["moves"])
        click(page, "Draw troop")
        nb.wait_state(lambda s: len(s["moves"]) > n)
    nb.wait_state(lambda s: s["phase"] == "scout-return")
    for card in ("Red 4", "Purple 1"):
        n = len(nb.state()["moves"])
        click(page, card)
        nb.wait_state(lambda s: len(s["moves"]) > n)
    s = nb.wait_state(lambda s: s["to_move"] == 0)
    assert s["moves"][-2:] == ["return R4", "return P1"]
    nb.screenshot("tactics-part-two")


def test_two_views_of_one_widget_stay_in_step(open_widget):
    nb = open_widget("w = BattleLineWidget(opponent='easy', seed=8, bot_seed=3)\ndisplay(w)")
    page = nb.page
    wait_for_human(nb, page)
    roots = page.locator("[aria-label='Flag 1']")
    assert roots.count() == 2
    first = troop_cards(page)[0]
    card = first.get_attribute("data-card")
    first.click()
    place = page.locator(PLACE).first
    flag = place.get_attribute("data-flag")
    place.click()
    nb.wait_state(lambda s: any(m.startswith(f"{card}@") for m in s["moves"]))
    shown = page.locator(f'[data-act="mine"][data-card="{card}"][data-flag="{flag}"]')
    shown.nth(1).wait_for()
    assert shown.count() == 2
    nb.screenshot("two-views")


def test_the_play_notebook_against_the_hard_bot(open_widget):
    """examples/play.ipynb, the README's main job, as it is: play one turn against "hard"."""
    nb_json = json.loads((ROOT / "examples" / "play.ipynb").read_text())
    source = "".join(nb_json["cells"][0]["source"])
    nb = open_widget(source, raw=True)
    page = nb.page
    status = page.locator(".bl-status")
    # Whoever starts, wait until it is our turn (the bot may move first).
    page.wait_for_function("() => document.querySelector('.bl-status').textContent.startsWith('Your turn')",
                           timeout=60000)
    troop_cards(page)[0].click()
    page.locator(PLACE).first.click()
    page.wait_for_function("() => document.querySelector('.bl-status').textContent.includes('draw')",
                           timeout=20000)
    # Every bot turn this early ends with a draw; its card may be played or redeployed.
    count = "() => (document.body.innerText.match(/Bot drew/g) || []).length"
    before = page.evaluate(count)
    click(page, "Draw troop")
    try:
        page.wait_for_function(f"() => ({count})() > {before} && document.querySelector('.bl-status')"
                               ".textContent.startsWith('Your turn: play')", timeout=60000)
    except Exception as e:  # say what the page showed instead
        nb.screenshot("play-notebook-timeout")
        raise AssertionError(f"status {status.first.inner_text()!r}; page: "
                             f"{page.locator('body').inner_text()[-600:]!r}") from e
    assert "Bot" in page.locator("body").inner_text()
    assert status.first.inner_text().startswith("Your turn")
    nb.screenshot("play-notebook")

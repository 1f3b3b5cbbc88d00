"""Issue 23, items 1-4, in a real JupyterLab on a 1366 × 768 laptop screen (the compact
layout, JupyterLab's file browser open): a pop-up never blocks the board, the result is
seen where the player is looking, a claimed flag moves to its winner's side and says whose
it is, and no formation label is cut. Screenshots go to each test's tmp dir."""

from __future__ import annotations

from test_layout_browser import VISIBLE
from test_widget_browser import FAILED_CLAIM, button, click

LAPTOP = {"width": 1366, "height": 768}

# Names its formations with the longest words and numbers: Battalion Orders of three and,
# under Mud, four cards, a Phalanx 10-10-10; flag 1 is the bot's, flag 5 yours.
LABELS = '''
text = """battleline position 1
rules standard
turn south play
flag 1 claimed by north: north R2 R5 R9 | south B1 B4
flag 2: north O1 O4 O8 | south G2 G6 G9
flag 3: north Mud Y1 Y4 Y9 Y10 | south P1 P2 P3
flag 4: north R10 O10 G10 | south B3 B7
flag 5 claimed by south: north P5 P6 | south B8 B9 B10
hand north: G1 G4 Y2 Y3 O2 O3 P4
hand south: R1 R3 R4 R6 R7 O5 O6
troop deck: rest seed 12
tactic deck: rest seed 3
discard north: -
discard south: -
"""
w = BattleLineWidget(Game.from_position(text), opponent='easy', bot_seed=1)
'''

# Flags 1 and 2 are yours; claiming flag 3 wins by breakthrough.
WIN = '''
text = """battleline position 1
rules standard
turn south play
flag 1 claimed by south: north R7 R8 | south G8 G9 G10
flag 2 claimed by south: north G1 | south Y8 Y9 Y10
flag 3: north G2 | south P8 P9 P10
hand north: G4 Y1 Y2 Y3 O1 O2 O3
hand south: R5 R6 R4 P2 P3 P4 P5
troop deck: rest seed 12
tactic deck: rest seed 3
discard north: -
discard south: -
"""
w = BattleLineWidget(Game.from_position(text), opponent='easy', bot_seed=1)
'''

# The element the browser would click at the centre of `selector`'s first match (the page's
# own hit-testing), described by its popup ancestor if any.
HIT = """(selector) => {
  const el = document.querySelector(selector);
  const r = el.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return { popup: !!(hit && hit.closest('.bl-popup, .bl-result')),
           x: r.left + r.width / 2, y: r.top + r.height / 2 };
}"""


def to_top(page) -> None:
    """Bring the widget to the top of the notebook, as a player scrolls to it."""
    page.evaluate("() => document.querySelector('.bl-root').scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)


def box(page, selector: str) -> dict:
    return page.locator(selector).first.bounding_box()


def inside(inner: dict, outer: dict, slack: float = 0.5) -> bool:
    return (inner["x"] >= outer["x"] - slack and inner["y"] >= outer["y"] - slack
            and inner["x"] + inner["width"] <= outer["x"] + outer["width"] + slack
            and inner["y"] + inner["height"] <= outer["y"] + outer["height"] + slack)


def test_a_note_over_the_board_lets_the_click_through(open_widget):
    nb = open_widget(FAILED_CLAIM, **LAPTOP)
    page = nb.page
    assert page.locator(".bl-root").first.get_attribute("data-fit") == "compact"
    click(page, "Claim flag 1")
    s = nb.wait_state(lambda st: st["claim"] is not None)
    assert s["claim"]["holds"] is False
    note = page.get_by_label("Claim of flag 1")
    note.wait_for()
    page.get_by_role("button", name="Blue 1", exact=True).click()
    place = 'button[data-act="place"][data-flag="2"]'
    page.locator(place + ":not([disabled])").wait_for()
    # The place at flag 2 lies under the failed claim's note ...
    hit = page.evaluate(HIT, place)
    centre = {"x": hit["x"], "y": hit["y"], "width": 0, "height": 0}
    assert inside(centre, note.bounding_box()), "the note no longer covers the place: move the test's click"
    nb.screenshot("note-over-the-place")
    # ... and a real click at its centre plays there, in one click.
    page.mouse.click(hit["x"], hit["y"])
    s = nb.wait_state(lambda st: "B1@2" in st["moves"], timeout=20)
    # The explanation over the opponent's cards and the note take no click either, but
    # their close buttons do.
    button(page, "Explain flag 3").click()
    page.get_by_label("Explanation of flag 3").wait_for()
    for sel in [".bl-callout-explain .bl-callout-text", ".bl-message-text"]:
        if page.locator(sel).count():
            assert not page.evaluate(HIT, sel)["popup"], f"{sel} takes the click"
    button(page, "Close explanation").click()
    page.get_by_label("Explanation of flag 3").wait_for(state="detached")


def test_the_result_is_seen_over_the_board(open_widget):
    nb = open_widget(WIN, **LAPTOP)
    page = nb.page
    # The player looks at the table: its top at the top of the notebook's visible area.
    page.evaluate("() => document.querySelector('.bl-board').scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    click(page, "Claim flag 3")
    nb.wait_state(lambda st: st["over"])
    result = page.get_by_role("region", name="Game result")
    result.wait_for()
    page.wait_for_timeout(400)  # its pop-in animation
    nb.screenshot("result")
    r = result.bounding_box()
    vis = page.evaluate(VISIBLE)
    visible = {"x": vis["left"], "y": vis["top"], "width": vis["right"] - vis["left"],
               "height": vis["bottom"] - vis["top"]}
    assert inside(r, visible), f"the result {r} is not inside the visible area {visible}"
    assert inside(r, box(page, ".bl-board")), "the result is not over the table"
    assert "You win by breakthrough!" in result.inner_text()


def test_a_claimed_flag_sits_at_its_winners_side_and_says_whose(open_widget):
    nb = open_widget(LABELS, **LAPTOP)
    page = nb.page
    to_top(page)
    nb.screenshot("claimed-flags")
    col = lambda n, sel: box(page, f'.bl-flag-col[data-flag="{n}"] {sel}')  # noqa: E731
    theirs, mine, open_ = col(1, ".bl-stone"), col(5, ".bl-stone"), col(2, ".bl-stone")
    # The bot's flag 1 lies above its cards, your flag 5 below yours; an open flag between.
    assert theirs["y"] + theirs["height"] <= col(1, ".bl-side.bl-theirs")["y"] + 0.5
    assert mine["y"] >= col(5, ".bl-side.bl-mine")["y"] + col(5, ".bl-side.bl-mine")["height"] - 0.5
    assert col(2, ".bl-side.bl-theirs")["y"] < open_["y"] < col(2, ".bl-side.bl-mine")["y"]
    # The cards stay in line with the other flags'.
    assert abs(col(1, ".bl-side.bl-theirs")["y"] - col(2, ".bl-side.bl-theirs")["y"]) < 1
    assert abs(col(5, ".bl-side.bl-mine")["y"] - col(2, ".bl-side.bl-mine")["y"]) < 1
    for n, word in [(1, "Theirs"), (5, "Yours")]:
        owner = page.locator(f'.bl-flag-col[data-flag="{n}"] .bl-stone-owner').first
        assert owner.is_visible() and owner.inner_text().strip() == word
        size = float(owner.evaluate("e => getComputedStyle(e).fontSize").removesuffix("px"))
        assert size >= 11, f"flag {n}'s owner is written at {size}px"
        assert inside(owner.bounding_box(), col(n, ".bl-stone")), f"flag {n}'s owner spills out of its stone"


def test_formation_labels_are_never_cut_on_a_laptop(open_widget):
    nb = open_widget(LABELS, **LAPTOP)
    page = nb.page
    assert page.locator(".bl-root").first.get_attribute("data-fit") == "compact"
    to_top(page)
    nb.screenshot("formation-labels")
    labels = page.evaluate("""() => [...document.querySelectorAll('.bl-formation')]
      .filter(f => f.textContent.trim()).map(f => {
        const outer = f.getBoundingClientRect();
        return { text: f.getAttribute('title'),
                 parts: [...f.querySelectorAll('.bl-fname, .bl-fvalues, .bl-ftotal, .bl-fwords')].map(p => {
                   const r = p.getBoundingClientRect();
                   return { text: p.textContent, shown: getComputedStyle(p).display !== 'none' && r.width > 0,
                            cut: p.scrollWidth > p.clientWidth + 0.5 || r.left < outer.left - 0.5
                              || r.right > outer.right + 0.5 || r.top < outer.top - 0.5 || r.bottom > outer.bottom + 0.5 };
                 }) };
      })""")
    texts = sorted(label["text"] for label in labels)
    assert "Battalion Order 1-4-9-10 (total 24)" in texts and "Phalanx 10-10-10 (total 30)" in texts
    for label in labels:
        shown = " ".join(p["text"] for p in label["parts"] if p["shown"] and not p["cut"])
        assert shown == label["text"], f"{label['text']!r} shows only {shown!r}: {label['parts']}"

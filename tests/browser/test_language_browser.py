"""Switching the language in a real JupyterLab: the header's control, and ``w.lang`` from
Python (see conftest.py)."""

from __future__ import annotations

import re


def test_the_language_control_rewords_the_widget(open_widget):
    nb = open_widget("w = BattleLineWidget(opponent='easy', seed=21, bot_seed=4)")
    page = nb.page
    status = page.locator(".bl-status").first
    page.get_by_role("button", name="Show the widget in 日本語", exact=True).click()
    s = nb.wait_state(lambda st: st["view_status"] and "手番" in st["view_status"])
    page.wait_for_function("() => document.querySelector('.bl-app').getAttribute('lang') === 'ja'",
                           timeout=20000)
    assert not re.search(r"[A-Za-z]{3,}", s["view_status"])
    assert "手番" in status.inner_text()
    # the control now offers English
    page.get_by_role("button", name="表示をEnglishに切り替える", exact=True).click()
    nb.wait_state(lambda st: st["view_status"] and "turn" in st["view_status"])
    page.wait_for_function("() => document.querySelector('.bl-app').getAttribute('lang') === 'en'",
                           timeout=20000)

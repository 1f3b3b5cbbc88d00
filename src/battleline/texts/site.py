"""The classroom site's words (:mod:`battleline.site`): the headings of the notebooks it adds,
in English and Japanese.

>>> site_words("ja")["lesson"]
'## レッスン：クリックして覚える'
"""

from __future__ import annotations

from .shared import check

__all__ = ["site_words"]

SITE_WORDS = {
    "en": {
        "title": "# Battle Line",
        "lesson": "## The lesson: learn by clicking\n\nFive short steps, each a position to solve on the board.",
        "play": "## A game against the bot (medium)",
        "ancient": "## Ancient Battles against the bot (medium)",
        "puzzles": "## Puzzles",
    },
    "ja": {
        "title": "# バトルライン\n\nインストール不要：ブラウザの中で動きます。"
                 "最初のセルを実行し（Shift+Enter）、順に下のセルを実行してください。",
        "lesson": "## レッスン：クリックして覚える",
        "play": "## ボット（中級）と対戦",
        "ancient": "## 古代の戦い：ボット（中級）と対戦",
        "puzzles": "## パズル",
    },
}


def site_words(lang: str) -> dict[str, str]:
    """The site's headings in ``lang`` (``"en"`` or ``"ja"``)."""
    check(lang, "ancient")
    return SITE_WORDS[lang]

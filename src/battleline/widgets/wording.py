"""The language and name set on screen, and everything said in them.

Game-neutral: a widget keeps one :class:`Wording` and asks it for every word it
shows. Sentences are kept as :class:`battleline.texts.Line` (a key and its
parameters) and worded when a view is built, so a switch of language re-words
the whole view, the log included. ``render``, ``resolve_names`` and ``sentences`` (how
:meth:`Wording.say` words a key) default to :mod:`battleline.texts`; another game passes
its own catalogue's.

>>> w = Wording("en")
>>> line = Wording.line("passed", who=texts.Player(1))
>>> w.words(line)
'South passed.'
>>> w.switch(lang="ja"); w.words(line), w.say("bot_to_move")
('南がパスしました。', 'ボットの手番です。')
>>> w.switch(lang="xx")
Traceback (most recent call last):
...
ValueError: unknown language 'xx': expected one of en, ja
>>> Wording("ja", sentences=texts.ancient_say).say("side.south")
'南軍'
"""

from __future__ import annotations

from typing import Any, Callable

from .. import texts
from .pieces import card_json

__all__ = ["Wording"]

LOG_LINES = 200      # the log lines a view carries (the latest)
CACHE_LIMIT = 2000   # worded log lines kept before the cache starts again


class Wording:
    """``lang`` and the name set ``names`` (a built-in name, a dict, a JSON path or a
    NameSet); ``nameset`` is it resolved for ``lang``."""

    def __init__(self, lang: str = "en", names: Any = "ancient", *,
                 render: Callable[[Any, str, Any], Any] = texts.render,
                 resolve_names: Callable[[Any, str], Any] = texts.names_of,
                 languages: tuple[str, ...] = texts.LANGS,
                 sentences: Callable[..., str] | None = None):
        self.render = render
        self.sentences = sentences
        self.resolve_names = resolve_names
        self.languages = languages
        self.lang, self.names, self.nameset = "en", names, None
        self.worded: dict = {}
        self.switch(lang, names)

    def check(self, lang: str | None = None, names: Any = None) -> None:
        """Refuse a bad language or name set (a ValueError naming it), changing nothing."""
        if lang is not None and lang not in self.languages:
            raise ValueError(f"unknown language {str(lang)[:20]!r}: "
                             f"expected one of {', '.join(self.languages)}")
        if names is not None:
            self.resolve_names(names, lang or self.lang)

    def switch(self, lang: str | None = None, names: Any = None) -> None:
        """Speak ``lang`` and/or use ``names`` from now on (checked first: all or nothing)."""
        self.check(lang, names)
        lang = self.lang if lang is None else lang
        names = self.names if names is None else names
        self.nameset = self.resolve_names(names, lang)
        self.lang, self.names = lang, names
        self.worded = {}

    @staticmethod
    def line(key: str, **params) -> texts.Line:
        """A sentence kept as words to say (in the language on screen when shown)."""
        return texts.Line(key, **params)

    def say(self, key: str, **params) -> str:
        """The sentence ``key`` in words now."""
        if self.sentences is not None:
            return self.sentences(self.lang, key, **params)
        return texts.Line(key, **params).render(self.lang, self.nameset)

    def words(self, value: Any) -> Any:
        """Anything sayable (a Line, a card, an error, …) in words now."""
        return self.render(value, self.lang, self.nameset)

    def card(self, card) -> dict:
        """A card as the browser sees it, named in this language and name set."""
        return card_json(card, self.lang, self.nameset)

    def message(self, message: dict | None) -> dict | None:
        """A view's ``message`` (``{"kind", "text"}``, the text kept as sayable) in words."""
        if message is None:
            return None
        return {**message, "text": self.words(message["text"])}

    def log(self, lines: list) -> list[str]:
        """The latest log lines in words; a line never changes, so its words are kept until
        the language or the name set changes."""
        cache = self.worded
        if len(cache) > CACHE_LIMIT:
            cache.clear()
        out = []
        for line in lines[-LOG_LINES:]:
            text = cache.get(line)
            if text is None:
                text = cache[line] = self.words(line)
            out.append(text)
        return out

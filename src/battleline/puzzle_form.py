"""A puzzle's common form, the same in both games (:mod:`battleline.standard.puzzles`,
:mod:`battleline.ancient.puzzles`): its fields, its title and question in several languages,
its JSON text, and the reading of those fields from a puzzle document. Each game adds its
kinds, its answers' checks and its position's game.

>>> doc = {"format": "my-puzzle", "id": "p1", "kind": "better", "position": "…", "answer": {},
...        "question": {"en": "Which move?", "ja": "どの手？"}}
>>> fields = read_form(doc, "p1.json", "my-puzzle", ("better",), ValueError)
>>> fields["title"], fields["question"], fields["translations"]
('p1', 'Which move?', {'ja': {'question': 'どの手？'}})
>>> read_form(doc, "p1.json", "my-puzzle", ("claims",), ValueError)
Traceback (most recent call last):
...
ValueError: p1.json: kind must be one of claims, not 'better'
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .errors import shorten

__all__ = ["PuzzleForm", "read_form", "read_texts"]

#: The keys a puzzle document must have (``title`` defaults to the id, ``level`` to "").
REQUIRED = ("id", "kind", "question", "position", "answer")


@dataclass
class PuzzleForm:
    """The fields every puzzle has: ``title`` and ``question`` in English, other languages'
    in ``translations``. A game's puzzle class names its document's ``FORMAT``.

    >>> p = PuzzleForm("p1", "First", "", "better", "Which move?", "…", {}, {"ja": {"title": "最初"}})
    >>> p.text("title", "ja"), p.text("question", "ja")
    ('最初', 'Which move?')
    """

    id: str
    title: str
    level: str
    kind: str
    question: str
    position: str
    answer: dict
    translations: dict = field(default_factory=dict)
    """Other languages' ``title`` and ``question``: ``{"ja": {"title": …, "question": …}}``."""

    FORMAT: ClassVar[str] = "puzzle"

    def text(self, key: str, lang: str = "en") -> str:
        """``title`` or ``question`` in ``lang`` (English when not translated)."""
        if key not in ("title", "question"):
            raise ValueError(f"a puzzle's texts are title and question, not {shorten(key)}")
        return self.translations.get(lang, {}).get(key) or getattr(self, key)

    def to_json(self) -> str:
        """The puzzle's JSON document (a text in several languages as ``{"en": …, "ja": …}``)."""
        def texts(key: str):
            other = {lang: t[key] for lang, t in self.translations.items() if t.get(key)}
            return {"en": getattr(self, key), **other} if other else getattr(self, key)
        return json.dumps({"format": self.FORMAT, "version": 1, "id": self.id, "title": texts("title"),
                           "level": self.level, "kind": self.kind, "question": texts("question"),
                           "position": self.position, "answer": self.answer}, indent=1, ensure_ascii=False)


def read_form(doc: Any, source: str, form: str, kinds: tuple[str, ...], error: type[ValueError]) -> dict:
    """The common fields of a puzzle document (its JSON already read) as keyword arguments
    for a puzzle class; raises ``error`` naming ``source`` and what is wrong: another format,
    a missing key, a kind outside ``kinds``, a malformed title or question."""
    if not isinstance(doc, dict) or doc.get("format") != form:
        raise error(f"{source}: expected a JSON object with \"format\": \"{form}\"")
    missing = [k for k in REQUIRED if k not in doc]
    if missing:
        raise error(f"{source}: missing {', '.join(missing)}")
    if doc["kind"] not in kinds:
        raise error(f"{source}: kind must be one of {', '.join(kinds)}, not {shorten(doc['kind'])}")
    translations: dict = {}
    title = read_texts(doc.get("title", doc["id"]), "title", source, translations, error)
    question = read_texts(doc["question"], "question", source, translations, error)
    return {"id": str(doc["id"]), "title": title, "level": str(doc.get("level", "")), "kind": doc["kind"],
            "question": question, "position": str(doc["position"]), "answer": doc["answer"],
            "translations": translations}


def read_texts(value: Any, key: str, source: str, translations: dict, error: type[ValueError]) -> str:
    """A title or question: a text, or ``{"en": …, "ja": …}``. Returns the English text and
    puts the others in ``translations`` (``{"ja": {key: …}}``).

    >>> found = {}
    >>> read_texts({"en": "Which flags?", "ja": "どのフラッグ？"}, "title", "p", found, ValueError), found
    ('Which flags?', {'ja': {'title': 'どのフラッグ？'}})
    """
    if not isinstance(value, dict):
        return str(value)
    if not isinstance(value.get("en"), str):
        raise error(f"{source}: {key} in several languages needs an \"en\" text")
    for lang, text in value.items():
        if not (isinstance(lang, str) and lang.isascii() and lang.isalpha() and len(lang) <= 8):
            raise error(f"{source}: {key}: {shorten(lang)} is not a language code")
        if not isinstance(text, str):
            raise error(f"{source}: {key}[{lang}] must be text")
        if lang != "en":
            translations.setdefault(lang, {})[key] = text
    return value["en"]

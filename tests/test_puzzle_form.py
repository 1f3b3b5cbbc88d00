"""A puzzle's common form (battleline.puzzle_form): both games' puzzles read, check and write
their common fields (id, title, level, kind, question, position, translations) alike."""

import json

import pytest

from battleline.ancient import puzzles as ancient_puzzles
from battleline.puzzle_form import PuzzleForm
from battleline.standard import puzzles as standard_puzzles

GAMES = {
    "standard": (standard_puzzles.parse, standard_puzzles.PuzzleError,
                 lambda: json.loads(standard_puzzles.bundled()[0].to_json())),
    "ancient": (ancient_puzzles.parse, ancient_puzzles.AncientPuzzleError,
                lambda: json.loads(ancient_puzzles.EXAMPLE)),
}


def _set(key, value):
    return lambda doc: doc.__setitem__(key, value)


BAD_COMMON_FIELDS = [
    (_set("format", "chess-puzzle"), "expected a JSON object with \"format\""),
    (lambda doc: doc.pop("question"), "missing question"),
    (_set("kind", "riddle"), "kind must be one of .*'riddle'"),
    (_set("title", {"ja": "題"}), "title in several languages needs an \"en\" text"),
    (_set("question", {"en": "?", "j-a": "?"}), "question: 'j-a' is not a language code"),
    (_set("question", {"en": "?", "ja": 3}), r"question\[ja\] must be text"),
]


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("change, words", BAD_COMMON_FIELDS)
def test_both_games_refuse_a_bad_common_field_alike(game, change, words):
    parse, error, document = GAMES[game]
    doc = document()
    change(doc)
    with pytest.raises(error, match=f"^my.json: {words}"):
        parse(json.dumps(doc), "my.json")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_both_games_keep_translations_through_their_json(game):
    parse, _, document = GAMES[game]
    doc = document()
    doc["title"] = {"en": "Attack", "ja": "攻撃"}
    doc["question"] = {"en": "Which move?", "ja": "どの手？"}
    p = parse(json.dumps(doc))
    assert isinstance(p, PuzzleForm)
    assert (p.title, p.text("title", "ja"), p.text("question", "de")) == ("Attack", "攻撃", "Which move?")
    again = json.loads(p.to_json())
    assert again["format"] == doc["format"] and again["question"] == doc["question"]
    assert parse(p.to_json()) == p
    with pytest.raises(ValueError, match="texts are title and question"):
        p.text("answer")

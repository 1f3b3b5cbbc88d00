"""How long a record may be, and in what form, for both games: a paste into a widget's load,
a record read by either game, a record reviewed. Too long is refused before it is parsed
(a 50 MB paste once took 848 MB), with the limit named."""

from __future__ import annotations

import json

import pytest

from battleline import AncientBattlesWidget, BattleLineWidget, Game
from battleline.ancient import AncientGame
from battleline.errors import MAX_RECORD_TEXT

TOO_LONG = '{"format": "battleline-record", "pad": "' + "x" * MAX_RECORD_TEXT + '"}'
LIMIT_WORDS = f"a record is at most {MAX_RECORD_TEXT:,} characters, not {len(TOO_LONG):,}"


def refuse_parsing(monkeypatch):
    """Make any JSON parse fail the test: the cap comes first."""
    def parse(*args, **kwargs):
        raise AssertionError("the text was parsed")
    monkeypatch.setattr(json, "loads", parse)


@pytest.mark.parametrize("widget", [lambda: BattleLineWidget(opponent="easy", seed=3),
                                    lambda: AncientBattlesWidget(scenario="issus", seed=1)])
def test_a_paste_over_the_limit_is_refused_before_it_is_read(widget, monkeypatch):
    """A record or a position: the paste's length is checked first, whatever it looks like."""
    w = widget()
    refuse_parsing(monkeypatch)
    for text in (TOO_LONG, "x" * len(TOO_LONG)):
        w._on_msg(None, {"type": "load", "text": text})
        message = w.view["message"]
        assert message["kind"] == "error" and LIMIT_WORDS in message["text"], message


def test_the_ancient_reader_names_the_limit_not_the_format():
    with pytest.raises(ValueError, match=LIMIT_WORDS):
        AncientGame.from_record(TOO_LONG)
    with pytest.raises(ValueError, match="a record is JSON text .* not int"):
        AncientGame.from_record(42)


def test_the_battle_line_reader_and_the_review_name_the_limit(monkeypatch):
    import battleline
    refuse_parsing(monkeypatch)
    with pytest.raises(ValueError, match=LIMIT_WORDS):
        Game.from_record(TOO_LONG)
    with pytest.raises(ValueError, match=LIMIT_WORDS):
        battleline.review(TOO_LONG)


def test_an_ancient_record_as_a_dict_is_read_and_reviewed_as_its_text():
    from battleline.ancient.reviewing import decision_points
    g = AncientGame.empty(seed=1)
    g.put("c2", "Hoplites", "south"); g.put("c3", "Skirmishers", "north")
    g.play("end actions"); g.play("attack c2-c3")
    doc = json.loads(g.record())
    assert AncientGame.from_record(doc).record() == g.record()
    as_text, as_dict = decision_points(g.record()), decision_points(doc)
    assert [p.played for p in as_dict[0]] == [p.played for p in as_text[0]] and as_dict[1:] == as_text[1:]

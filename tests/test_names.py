"""Name sets: every card, formation and outcome is named, names tell cards apart, and a
teacher's own set is checked on load."""

import json
import re

import pytest

from battleline import texts
from battleline.cards import ALL_CARDS
from battleline.standard.formations import KINDS
from battleline.names import NAME_SETS, NameSet, name_set
from battleline.texts import LANGS, card_label, card_name, card_title, formation_name, outcome_word

ROOT = __import__("pathlib").Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("names", NAME_SETS)
@pytest.mark.parametrize("lang", LANGS)
def test_every_card_has_a_distinct_name(names, lang):
    all_names = [card_name(c, lang, names) for c in ALL_CARDS]
    assert len(set(all_names)) == 70
    assert all(card_title(c, lang, names) and card_label(c, lang, names) for c in ALL_CARDS)
    assert all(formation_name(k, lang, names) for k in KINDS)
    assert all(outcome_word(r, lang) for r in ("breakthrough", "envelopment", "deadlock"))


def test_japanese_names_from_the_reference_card():
    ja = name_set("ancient", "ja")
    assert [ja.troops[v] for v in (10, 1)] == ["象兵", "斥候"]
    assert formation_name("phalanx", "ja") == "密集隊形"
    assert card_name("Mud", "ja") == "泥濘" and outcome_word("envelopment", "ja") == "包囲"


def test_one_meaning_for_name_sets():
    # texts and names speak of the same thing: the themes, not the languages
    assert texts.NAME_SETS is NAME_SETS == ("ancient", "scifi")
    assert not set(NAME_SETS) & set(LANGS)


def test_bot_levels_have_one_japanese_word_each_and_none_is_the_advanced_rules():
    js = (ROOT / "js" / "i18n.js").read_text(encoding="utf-8")
    advanced = texts.say("ja", "rules_advanced")
    words = set()
    for level in ("easy", "medium", "hard"):
        word = texts.level_name(level, "ja")
        assert word == texts.say("ja", f"level_{level}") and advanced not in word
        assert word not in js, f"{level}: the front end words no level (Python sends the labels)"
        words.add(word)
    assert len(words) == 3


def test_unknown_sets_and_kinds_are_refused():
    with pytest.raises(ValueError, match="klingon"):
        card_name("Fog", "en", "klingon")
    with pytest.raises(ValueError):
        formation_name("square")
    with pytest.raises(ValueError, match="language"):
        texts.check("fr")


SPACE = {"name": "space", "troops": {str(v): f"Unit {v}" for v in range(1, 11)},
         "tactics": {"Alexander": "Admiral", "Fog": "Nebula"}, "labels": {"Alexander": "Adm"},
         "formations": {"wedge": "Arrow", "host": "Swarm"}}


def test_a_supplied_set_names_what_it_gives_and_keeps_the_rest():
    s = name_set(SPACE, "en")
    assert s.name == "space" and s.troops[7] == "Unit 7"
    assert card_name("Alexander", "en", s) == "Admiral" and card_label("Alexander", "en", s) == "Adm"
    assert card_label("Fog", "en", s) == "Nebula"          # no label given: the new name
    assert card_name("Mud", "en", s) == "Mud"              # not given: the rulebook's
    assert card_name("Mud", "ja", name_set(SPACE, "ja")) == "泥濘"
    assert card_title("R7", "en", s) == "Red 7: Unit 7"
    from battleline import evaluate
    assert texts.formation_text(evaluate("R8 R9 R10"), "en", s) == "Arrow 8-9-10 (total 27)"
    assert name_set(s.to_dict()) == s


def test_a_set_from_a_json_file(tmp_path):
    path = tmp_path / "space.json"
    path.write_text(json.dumps(SPACE), encoding="utf-8")
    assert name_set(str(path)).tactics["Fog"] == "Nebula"
    assert name_set(path).formations["wedge"] == "Arrow"


@pytest.mark.parametrize("doc, named", [
    ({"troop": {}}, "'troop'"),
    ({"troops": {"11": "Giants"}}, "'11'"),
    ({"tactics": {"Merlin": "Wizard"}}, "'Merlin'"),
    ({"formations": {"square": "Box"}}, "'square'"),
    ({"tactics": {"Fog": ""}}, "tactics.Fog"),
    ({"tactics": {"Fog": 7}}, "tactics.Fog"),
    ({"labels": {"Fog": "x" * 1000}}, "labels.Fog"),
    ({"troops": []}, "troops"),
    ({"name": None}, "name"),
])
def test_bad_sets_are_refused_naming_the_key(doc, named):
    with pytest.raises(ValueError) as e:
        name_set(doc)
    assert named in str(e.value) and len(str(e.value)) < 200


def test_bad_files_are_refused(tmp_path):
    with pytest.raises(ValueError, match="cannot read"):
        name_set(str(tmp_path / "missing.json"))
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2", encoding="utf-8")
    with pytest.raises(ValueError, match="not JSON"):
        name_set(bad)
    bad.write_text("[" * 100_000, encoding="utf-8")
    with pytest.raises(ValueError):
        name_set(bad)
    with pytest.raises(ValueError, match="name set"):
        name_set(42)
    assert isinstance(name_set("scifi", "ja"), NameSet)


def test_the_documented_name_set_example_runs(capsys):
    text = (ROOT / "docs" / "widget.md").read_text(encoding="utf-8")
    section = text.split("### Languages and name sets", 1)[1]
    block = section.split("```python\n", 1)[1].split("```", 1)[0]
    exec(compile(block, "docs/widget.md (name sets)", "exec"), {})
    assert "unknown key '11'" in capsys.readouterr().out

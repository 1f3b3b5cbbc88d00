"""Every motif of both games in words: English and Japanese, each sentence naming its cards,
flags or squares, with no blank left unfilled."""

from __future__ import annotations

from fractions import Fraction

import pytest

from battleline.ancient.motifs import Motif as AncientMotif
from battleline.cards import Card
from battleline.standard.motifs import Motif
from battleline.texts.motifs import motif_sentence

STANDARD = [
    Motif("win_at_once", (3,), detail=("breakthrough",)),
    Motif("win_allowed", (3, 4), detail=("envelopment",)),
    Motif("win_threatened", (6,)),
    Motif("claim_given", (5,)),
    Motif("lost_flag", (4,), (Card("R10"),), ("high",)),
    Motif("lost_flag", (4,), (Card("B3"),), ("low",)),
    Motif("card_gone", (3,), (Card("G8"), Card("B8")), ("phalanx", "host")),
    Motif("card_gone", (2,), (Card("G9"),), ("wedge", "battalion")),
    Motif("own_card_breaks", (7,), (Card("Y2"),), ("wedge", "host")),
    Motif("own_card_breaks", (7,), (Card("Y2"),), ("wedge", None)),
    Motif("fog", (6,), (Card("Fog"),), (True, (30, "total"), (6, "total"))),
    Motif("fog", (6,), (Card("Fog"),), (False, (30, "total"), (6, "total"))),
    Motif("mud", (1,), (Card("Mud"),), (True, None, None)),
    Motif("mud", (1,), (Card("Mud"),), (False, None, None)),
    Motif("prospect", (4, 5), (Card("P4"), Card("B9")), ("wedge", "host")),
    Motif("prospect", (4, 5), (Card("P4"), Card("B9")), ("wedge", None)),
    Motif("high_card_spent", (3, 5), (Card("G1"), Card("B9")), ("wedge", "wedge")),
    Motif("outmatched", (2,), (Card("R3"),), ("skirmish", "wedge")),
    Motif("outmatched", (2,), (Card("R3"),), (None, "wedge")),
    Motif("contest", (3, 6), (Card("G8"), Card("G8")), ("wedge", None, "host", "phalanx")),
    Motif("claim_made", (3,)),
    Motif("outranked", (2,), (Card("R3"),), ("wedge", (Card("R3"), Card("R4"), Card("R5")),
                                              (Card("B5"), Card("B6"), Card("B7")))),
    Motif("stronger_prospect", (5, 6), (Card("B9"), Card("B2")), ("wedge", (Card("B8"), Card("B9"), Card("B10")),
                                                                   (Card("B2"), Card("B3"), Card("B4")))),
    Motif("hand_completes", (7, 7), (Card("R3"), Card("Y7")), ("wedge", (Card("R1"), Card("R2"), Card("R3")), "host")),
    Motif("lower_card_enough", (9, 9), (Card("G3"), Card("R7")), ("wedge", (Card("G3"), Card("G4"), Card("G5")),
                                                                   "wedge", (Card("B2"), Card("B3"), Card("B4")))),
    Motif("hand_completes", (7, 8), (Card("R3"), Card("Y7")), ("wedge", (Card("R1"), Card("R2"), Card("R3")), None)),
    Motif("contest_fog", (5, 6), (Card("O9"), Card("P6")), ((26, "total"), (25, "total"), (421, "wedge"),
                                                              (427, "wedge"))),
    Motif("guile_turns", (2,), (Card("Redeploy"), Card("R6")),
          ((421, "wedge", (Card("B6"), Card("B7"), Card("B8"))), (409, "wedge", (Card("R2"), Card("R3"), Card("R4"))),
           (318, "phalanx"), (409, "wedge"))),
    Motif("outmatched_fog", (5,), (Card("B1"),), ((18, "total", (Card("B1"), Card("R7"), Card("B10"))),
                                                  (25, "total", (Card("R6"), Card("G9"), Card("B10"))))),
    Motif("outmatched_fog", (5,), (Card("B1"),), (None, (25, "total", (Card("R6"), Card("G9"), Card("B10"))))),
    Motif("scout_first", (1,), (Card("Scout"), Card("P6")), (43,)),
]
ANCIENT = [
    AncientMotif("back_row_open", ("b1", "b3"), (False,), (0, 8)),
    AncientMotif("back_row_open", ("b1", "b3"), (True,), (0, 8)),
    AncientMotif("casualty_race", ("c2",), (3, 5)),
    AncientMotif("attack_odds", ("c2", "c3"), (Fraction(1, 6), Fraction(2, 3), Fraction(5, 648)), (3, 1)),
    AncientMotif("attack_odds", ("c2", "c4"), (Fraction(0), Fraction(1, 3), None), (1, 7)),
    AncientMotif("in_danger", ("c2", "c3"), (Fraction(13, 18),), (1, 8)),
    AncientMotif("reinforcement_missed", ("c1",)),
    AncientMotif("rally_missed", ("c2", "d2")),
    AncientMotif("race_opened", ("c1", "d1"), (1, 2, 0, 4)),
    AncientMotif("exposed", ("c2", "b3", "c4"), (Fraction(91, 216), Fraction(0)), (4, 3, 3)),
]


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("motif", STANDARD + ANCIENT, ids=lambda m: m.key)
def test_each_motif_is_a_sentence_that_names_its_places(motif, lang):
    text = motif_sentence(motif, lang)
    assert "{" not in text and "}" not in text and "?" not in text
    if isinstance(motif, Motif):
        assert any(str(f) in text for f in motif.flags)
    elif motif.key != "casualty_race":
        assert all(sq in text for sq in motif.squares)
    if lang == "ja":
        assert any("\u3040" <= ch <= "\u30ff" or "\u4e00" <= ch <= "\u9fff" for ch in text)


def test_the_numbers_said_are_the_motifs_own():
    assert "17%" in motif_sentence(ANCIENT[3], "en") and "67%" in motif_sentence(ANCIENT[3], "en")
    assert "you are 3 points from losing, your opponent 5" in motif_sentence(ANCIENT[2], "en")
    assert "30 for you and 6" in motif_sentence(STANDARD[10], "en")
    assert "Red 10" in motif_sentence(STANDARD[4], "en") and "strong card" in motif_sentence(STANDARD[4], "en")
    assert "strong card" not in motif_sentence(STANDARD[5], "en")
    assert "Heavy Cavalry" in motif_sentence(ANCIENT[0], "en") and "terrain" not in motif_sentence(ANCIENT[0], "en")
    assert "terrain" in motif_sentence(ANCIENT[1], "en")
    assert "42%" in motif_sentence(ANCIENT[-1], "en") and "42%" in motif_sentence(ANCIENT[-1], "ja")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_new_battle_line_sentences_name_the_cards_of_each_formation(lang):
    by_key = {(m.key, m.detail[-1] if m.key == "hand_completes" else None): m for m in STANDARD}
    names = {"en": ("Red 4", "Blue 7", "Blue 10", "Blue 4", "Red 1", "Red 2"), "ja": ("赤4", "青7", "青10", "青4", "赤1", "赤2")}[lang]
    outranked = motif_sentence(by_key["outranked", None], lang)
    assert names[0] in outranked and names[1] in outranked
    stronger = motif_sentence(by_key["stronger_prospect", None], lang)
    assert names[2] in stronger and names[3] in stronger
    completes = motif_sentence(by_key["hand_completes", "host"], lang)
    assert names[4] in completes and names[5] in completes
    assert motif_sentence(by_key["hand_completes", None], lang) != completes
    assert "3" in motif_sentence(by_key["claim_made", None], lang)
    enough = motif_sentence(by_key["lower_card_enough", None], lang)
    assert all(name in enough for name in {"en": ("Green 5", "Blue 4", "Red 7"), "ja": ("緑5", "青4", "赤7")}[lang])


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_flag_under_fog_is_said_in_totals(lang):
    said = motif_sentence(next(m for m in STANDARD if m.key == "contest_fog"), lang)
    words = {"en": ("Orange 9", "Purple 6", "a total of 26", "a total of 25", "Wedge", "Fog"),
             "ja": ("橙9", "紫6", "合計26", "合計25", "くさび形隊形", "霧")}[lang]
    assert all(w in said for w in words), said


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_guile_move_that_turns_a_flag_names_its_card_and_flag(lang):
    said = motif_sentence(next(m for m in STANDARD if m.key == "guile_turns"), lang)
    words = {"en": ("Redeploy", "Red 6", "flag 2", "Blue 8", "Red 4", "Phalanx"),
             "ja": ("転進", "赤6", "フラッグ2", "青8", "赤4", "密集隊形")}[lang]
    assert all(w in said for w in words), said


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_flag_under_fog_the_opponent_can_still_outtotal_names_both_totals_and_their_cards(lang):
    short, dead = (motif_sentence(m, lang) for m in STANDARD if m.key == "outmatched_fog")
    words = {"en": ("Blue 1", "flag 5", "a total of 18", "Red 7", "a total of 25", "Green 9", "Fog"),
             "ja": ("青1", "フラッグ5", "合計18", "赤7", "合計25", "緑9", "霧")}[lang]
    assert all(w in short for w in words), short
    assert words[2] not in dead and words[4] in dead and dead != short


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_scout_first_names_the_card_it_keeps_off_the_table_and_the_cards_left(lang):
    said = motif_sentence(next(m for m in STANDARD if m.key == "scout_first"), lang)
    words = {"en": ("Scout", "Purple 6", "flag 1", "43 cards"), "ja": ("偵察", "紫6", "フラッグ1", "43枚")}[lang]
    assert all(w in said for w in words), said

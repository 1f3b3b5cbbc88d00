"""What the widgets say, in English and Japanese, with either card name set.

The engine speaks English; this package words the same facts for people, one table per
game beside the words both share:

- :mod:`.shared`: the languages, the name sets, the deck's cards by name;
- :mod:`.standard`: Battle Line's card titles, formations, claim proofs, log lines, the
  status line, the editor's and puzzles' answers, and the engine's errors by their rule;
- :mod:`.ancient`: Ancient Battles' troops, scenarios and sentences.

``lang`` is ``"en"`` or ``"ja"``; ``names`` is a name set (``"ancient"``, the
rulebook's names, ``"scifi"``, or one's own: see :mod:`battleline.names`).
Sentences kept as :class:`Line` are worded when shown, so a view can switch
language at any time. Every name is importable from here, as before the split.

>>> card_name("R7", "ja"), card_title("R7", "en", "scifi")
('赤7', 'Red 7: Speeder Bikes')
>>> from battleline import evaluate
>>> formation_text(evaluate("R8 R9 R10"), "ja")
'くさび形隊形 8-9-10（合計 27）'
>>> say("ja", "played", who="あなた", card="赤7", flag=3)
'あなたがフラッグ3に赤7を出しました。'
>>> ancient_say("ja", "side.south")
'南軍'
"""

from __future__ import annotations

# Every name below is importable from here, as before the split; the Ancient Battles names and
# NameSet, name_set and shorten_text were never in __all__.
from .ancient import (ANCIENT_CATALOG, ANCIENT_TROOPS_JA, ancient_say,  # noqa: F401
                      ancient_scenario_words, ancient_troop, ancient_troop_short)
from .shared import (LANGS, NAME_SETS, NameSet, card_label, card_name, check, name_set,  # noqa: F401
                     names_of, review_counts, shorten_text)
from .standard import (RULES, Dropped, Flags, Line, Player, card_title, claim_explanation, error_text,
                       flags_words, formation_name, formation_text, level_name, move_line, move_words,
                       outcome_text, outcome_word, place_words, player_name, render, result_line, rule_text,
                       say, sentences)

__all__ = ["LANGS", "NAME_SETS", "check", "card_name", "card_title", "card_label",
           "formation_text", "formation_name", "claim_explanation", "say", "player_name",
           "outcome_text", "outcome_word", "flags_words", "names_of", "error_text",
           "rule_text", "place_words", "RULES", "Line", "Player", "Flags", "Dropped", "render",
           "move_words", "move_line", "result_line", "level_name", "sentences", "review_counts"]


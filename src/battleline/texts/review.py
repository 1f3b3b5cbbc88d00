"""The words of a review's reasons and hints, in English and Japanese, for both games.

Each reason is a sentence with blanks, filled in from what the search saw (moves, flags,
squares and chances); :func:`reason` renders one in a language.

>>> reason("en", "flag_swing", best="Red 9 at flag 4", played="Blue 2 at flag 7", flag=4, a=78, b=31)
'With Red 9 at flag 4 you hold flag 4 in 78% of the continuations; after Blue 2 at flag 7, in 31%.'
>>> reason("ja", "wins", p=62, n=12)
'調べた12手の中で最善：続きの62%で勝ちます。'
"""

from __future__ import annotations

__all__ = ["reason", "REASONS"]

REASONS = {
    # key: (English, Japanese)
    # Battle Line
    "fog_total": ("Fog total", "霧の下の合計"),     # the formation under Fog, where only totals count
    "win_now": ("{move} completes a {formation} at flag {flag}, which you can prove now, and flag {flag} is "
                "your {count} flag: the game is won.",
                "{move}でフラッグ{flag}に{formation}が完成し、すぐに証明できます。これで{count_ja}本目のフラッグとなり、"
                "勝ちが決まります。"),
    "win_missed": ("{best} completes a {formation} at flag {flag}, which you could prove at once, and wins the game; "
                   "after {played} you win {b}% of the continuations.",
                   "{best}ならフラッグ{flag}に{formation}が完成してすぐに証明でき、勝ちが決まりました。{played}では続きの{b}%で勝ちます。"),
    "win_sooner": ("Both keep a certain win (after {played} you win {p}% of the continuations), but {best} "
                   "wins at once: it completes a {formation} at flag {flag}, which you can prove now.",
                   "どちらも勝ちは確実です（{played}では続きの{p}%で勝ちます）が、{best}ならすぐに勝てました："
                   "フラッグ{flag}に{formation}が完成し、すぐに証明できます。"),
    "gives_claim": ("After {played} your opponent can prove flag {flag} at once; after {best}, not.",
                    "{played}の後は相手がすぐにフラッグ{flag}を証明できます。{best}なら証明できません。"),
    "flag_swing": ("With {best} you hold flag {flag} in {a}% of the continuations; after {played}, in {b}%.",
                   "{best}ならフラッグ{flag}を続きの{a}%で取ります。{played}では{b}%です。"),
    "tactic_spent": ("{card} is spent for less than it gains: {best} keeps it and wins {a}% of the "
                     "continuations against {b}%.",
                     "{card}を使っても得るものが足りません：{best}なら{card}を残したまま続きの{a}%で勝ちます"
                     "（使うと{b}%）。"),
    "chances_only": ("{best} wins {a}% of the continuations; {played}, {b}%.",
                     "{best}なら続きの{a}%で勝ちます。{played}では{b}%です。"),
    "wins": ("The best of the {n} moves searched: you win {p}% of the continuations.",
             "調べた{n}手の中で最善：続きの{p}%で勝ちます。"),
    "holds": ("You win {p}% of the continuations, and hold flag {flag} in {a}% of them.",
              "続きの{p}%で勝ち、そのうちフラッグ{flag}を{a}%で取ります。"),
    "hint": ("{best}: you win {a}% of the continuations (the next best, {alt}, {b}%).",
             "{best}：続きの{a}%で勝ちます（次善の{alt}は{b}%）。"),
    "hint_alone": ("{best}: you win {a}% of the continuations.", "{best}：続きの{a}%で勝ちます。"),
    "draw_deck": ("Drawing a {deck} card wins {a}% of the continuations; the other deck, {b}%.",
                  "{deck}カードを引くと続きの{a}%で勝ちます。もう一方の山札では{b}%です。"),
    # Ancient Battles
    "ab_win_now": ("{move} wins the battle this turn in {p}% of the continuations ({how}).",
                   "{move}で、続きの{p}%でこの手番のうちに勝ちます（{how}）。"),
    "ab_win_missed": ("{best} wins the battle this turn in {a}% of the continuations ({how}); after {played} "
                      "you win {b}% of the continuations.",
                      "{best}なら続きの{a}%でこの手番のうちに勝てました（{how}）。{played}では続きの{b}%で勝ちます。"),
    "ab_race": ("{best} wins the Back Row race: you win on the enemy's Back Row in {a}% of the continuations and "
                "lose on your own in {c}%; after {played}, {b}% and {d}%.",
                "{best}なら最後列の競争に勝ちます：続きの{a}%で敵の最後列を占めて勝ち、{c}%で自軍の最後列を占められて負けます。"
                "{played}では{b}%と{d}%です。"),
    "ab_exposed": ("After {played} your {troop} on {square} are disrupted or eliminated by the end of your "
                   "opponent's next turn in {a}% of the continuations; after {best}, in {b}%.",
                   "{played}の後、{square}の{troop}は相手の次の手番の終わりまでに続きの{a}%で混乱するか壊滅します。"
                   "{best}なら{b}%です。"),
    "ab_danger": ("After {played} your {troop} on {square} can be disrupted or eliminated in your opponent's next "
                  "turn: {exact}% from the enemy troops within reach now, {a}% in the continuations; after {best}, "
                  "{b}%.",
                  "{played}の後、{square}の{troop}は相手の次の手番に混乱するか壊滅しえます：今届く敵から{exact}%、"
                  "続きでは{a}%。{best}なら{b}%です。"),
    "ab_points": ("{best} leaves you {a}% to win; {played}, {b}%. By the end of your opponent's next turn you "
                  "lose {lost_best} points and take {taken_best} on average after {best}; you lose "
                  "{lost_played} and take {taken_played} after {played}.",
                  "{best}なら勝率{a}%、{played}では{b}%。相手の次の手番の終わりまでに、{best}では平均{lost_best}点を失い"
                  "{taken_best}点を奪います。{played}では{lost_played}点を失い{taken_played}点を奪います。"),
    "ab_chances": ("{best} wins {a}% of the continuations; {played}, {b}%.",
                   "{best}なら続きの{a}%で勝ちます。{played}では{b}%です。"),
    "ab_best": ("The best of the {n} {options} searched: you win {p}% of the continuations, and by the end of "
                "your opponent's next turn lose {lost} points and take {taken} on average.",
                "調べた{n}通りの{options}の中で最善：続きの{p}%で勝ち、相手の次の手番の終わりまでに平均{lost}点を失い"
                "{taken}点を奪います。"),
    "ab_hint": ("{best}: you win {a}% of the continuations (the next best, {alt}, {b}%).",
                "{best}：続きの{a}%で勝ちます（次善の{alt}は{b}%）。"),
    "ab_hint_alone": ("{best}: you win {a}% of the continuations.", "{best}：続きの{a}%で勝ちます。"),
    "ab_only": ("{best} is the only legal action.", "{best}しか選べません。"),
    "ab_not_searched": ("{best} is hard's choice; the search judges only action steps, shots and attacks.",
                        "{best}は「むずかしい」の選択です。探索が判断するのは行動ステップ・射撃・攻撃だけです。"),
    "ab_how_terrain": ("on the Back Row", "最後列の占領で"),
    "ab_how_casualties": ("by casualties", "損害で"),
    "ab_how_leader": ("the enemy leader falls", "敵のリーダーが倒れて"),
    "ab_plans": ("plans", "計画"),
    # an Ancient decision in words (battleline.ancient.reviewing.action_words)
    "ab_unit": ("{square} ({troop})", "{square}の{troop}"),
    "ab_card": ("card", "カード"),
    "ab_move_one": ("the {troop} from {frm} to {to}", "{frm}の{troop}を{to}へ"),
    "ab_reinforce_one": ("{troop} ({card}) to {to}", "予備の{troop}（{card}）を{to}に"),
    "ab_plan_moves": ("moving {moves}", "{moves}動かす計画"),
    "ab_plan_reinforce": ("bringing up {cards}", "{cards}出す計画"),
    "ab_plan_both": ("moving {moves}, and bringing up {cards}", "{moves}動かし、{cards}出す計画"),
    "ab_end_actions": ("ending the action step without a move", "何も動かさずに行動ステップを終えること"),
    "ab_end_fire": ("ending the fire step", "射撃を終えること"),
    "ab_end_melee": ("ending the melee step", "白兵戦を終えること"),
    "ab_fire": ("the shot from {frm} at {target}", "{frm}による{target}への射撃"),
    "ab_attack": ("the attack from {attackers} on {target}", "{attackers}による{target}への攻撃"),
    "ab_action": ("“{action}”", "「{action}」"),
    "ab_list_sep": (", ", "、"),
    "ab_list_and": (" and ", "、"),
    "ab_options": ("options", "選択肢"),
}

_ORDINALS_EN = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth", 7: "seventh",
                8: "eighth", 9: "ninth"}


def reason(lang: str, key: str, **blanks) -> str:
    """The reason ``key`` in ``lang`` (``en`` or ``ja``) with its blanks filled in;
    ``count`` (a number of flags) is written as an ordinal."""
    if "count" in blanks:
        blanks.setdefault("count_ja", blanks["count"])
        blanks["count"] = _ORDINALS_EN.get(blanks["count"], str(blanks["count"]))
    return REASONS[key][1 if lang == "ja" else 0].format(**blanks)

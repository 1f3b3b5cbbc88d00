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
    "win_now": ("{move} completes a {formation} at flag {flag}, which you can prove now, and flag {flag} is "
                "your {count} flag: the game is won.",
                "{move}でフラッグ{flag}に{formation}が完成し、すぐに証明できます。これで{count_ja}本目のフラッグとなり、"
                "勝ちが決まります。"),
    "win_missed": ("{best} completes a {formation} at flag {flag}, which you could prove at once, and wins the game; "
                   "after {played} you win {b}% of the continuations.",
                   "{best}ならフラッグ{flag}に{formation}が完成してすぐに証明でき、勝ちが決まりました。{played}では続きの{b}%で勝ちます。"),
    "gives_claim": ("After {played} your opponent can prove flag {flag} at once; after {best}, not.",
                    "{played}の後は相手がすぐにフラッグ{flag}を証明できます。{best}なら証明できません。"),
    "flag_swing": ("With {best} you hold flag {flag} in {a}% of the continuations; after {played}, in {b}%.",
                   "{best}ならフラッグ{flag}を続きの{a}%で取ります。{played}では{b}%です。"),
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
    "ab_points": ("{best} leaves you {a}% to win; {played}, {b}%. Points after your next turn, on average: "
                  "you {mine_best} and your opponent {theirs_best} after {best}; {mine_played} and {theirs_played} "
                  "after {played}.",
                  "{best}なら勝率{a}%、{played}では{b}%。次の手番の後の平均得点：{best}ではあなた{mine_best}・相手{theirs_best}、"
                  "{played}ではあなた{mine_played}・相手{theirs_played}。"),
    "ab_danger": ("After {played} your troops on {squares} can be attacked next turn; after {best} they are safe.",
                  "{played}の後、{squares}の部隊は次の手番に攻撃されえます。{best}なら安全です。"),
    "ab_race": ("{best} brings you nearer the Back Row: you reach it first in {a}% of the continuations; after "
                "{played}, in {b}%.",
                "{best}なら敵の最後列への到達が早まり、続きの{a}%で先に着きます。{played}では{b}%です。"),
    "ab_wins": ("The best of the {n} plans searched: you win {p}% of the continuations.",
                "調べた{n}通りの計画の中で最善：続きの{p}%で勝ちます。"),
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

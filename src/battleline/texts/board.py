"""Both games' words for the analysis board (``board.*``): each game's catalogue holds them,
so either widget says them with its own ``say``.

>>> BOARD_SENTENCES["board.analyse"]
('Analyse', '検討ボード')
"""

from __future__ import annotations

__all__ = ["BOARD_SENTENCES"]

BOARD_SENTENCES = {
    # key: (English, Japanese)
    "board.analyse": ("Analyse", "検討ボード"),
    "board.answer": ("Bot answers", "ボットに指させる"),
    "board.line": ("Show the line", "読み筋を見る"),
    "board.back": ("Back to the game", "対局に戻る"),
    "board.title": ("Analysis board", "検討ボード"),
    "board.variations": ("Variations", "変化"),
    "board.start": ("Start of the analysis", "検討の開始局面"),
    "board.legal": ("Legal moves", "合法手"),
    "board.results": ("or choose the result:", "または結果を選ぶ："),
    "board.roll": ("Roll the dice", "サイコロを振る"),
    "board.previous": ("Previous move", "1手戻る"),
    "board.next": ("Next move", "1手進む"),
    "board.to_move": ("{side} to move", "{side}の手番"),
    "board.chance": ("{side} to move: win chance {chance}%", "{side}の手番：勝率{chance}%"),
    "board.chance_none": ("{side} to move", "{side}の手番"),
    "board.chance_wait": ("{side} to move: judging the win chance…", "{side}の手番：勝率を計算中…"),
    "board.chance_failed": ("No win chance: {text}", "勝率を出せません：{text}"),
    "board.over": ("This variation is over: {text}", "この変化は終局です：{text}"),
    "board.real": ("From the real game: draws come from the real deck.", "実際の対局から：山札は実際の順に引きます。"),
    "board.dealt": ("The cards you cannot see are dealt at random (seed {seed}).",
                    "見えないカードは無作為に配り直しています（シード{seed}）。"),
    "board.thinking_bot": ("The bot is thinking…", "ボットが考えています…"),
    "board.thinking_line": ("Working out the line the search expects…", "読み筋を計算しています…"),
    "board.source.you": ("you", "あなた"),
    "board.source.bot": ("bot", "ボット"),
    "board.source.line": ("line", "読み筋"),
    "board.result": ("{effects} ({chance}%)", "{effects}（{chance}%）"),
    "board.effect.none": ("no effect", "効果なし"),
    "board.effect.disrupted": ("{square} disrupted", "{square}が混乱"),
    "board.effect.eliminated": ("{square} eliminated", "{square}が除去"),
    "board.no_line": ("The line is shown for a move the review marked, or from the board.",
                      "読み筋は検討で印のついた手か、検討ボードから見られます。"),
}

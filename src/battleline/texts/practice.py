"""Both games' words for practising a review's mistakes (``practice.*``): each game's
catalogue holds them, so either widget says them with its own ``say``.

>>> PRACTICE_SENTENCES["practice.start"]
('Practise', '復習問題')
"""

from __future__ import annotations

__all__ = ["PRACTICE_SENTENCES"]

PRACTICE_SENTENCES = {
    # key: (English, Japanese)
    "practice.start": ("Practise", "復習問題"),
    "practice.title": ("Practise: exercise {n} of {total}", "復習問題：{total}問中{n}問目"),
    "practice.question": ("Find a better move than {played} (you lost {n} points).",
                          "{played}より良い手を見つけてください（{n}ポイント失いました）。"),
    "practice.question_plain": ("Find a better move than {played} (it lost {n} points of win chance).",
                                "{played}より良い手を見つけてください（勝率が{n}ポイント下がりました）。"),
    "practice.your_turn": ("Play your answer on the board.", "盤上で答えを指してください。"),
    "practice.plan_going": ("Your plan so far: {plan}. End the step to answer.",
                            "ここまでの計画：{plan}。ステップを終えると答えになります。"),
    "practice.judging": ("Judging your answer…", "答えを判定しています…"),
    "practice.accepted": ("Accepted: {answer} wins {chance}%, the best move {best_chance}% (within {within} points).",
                          "正解：{answer}の勝率は{chance}%、最善手は{best_chance}%（差{within}ポイント以内）。"),
    "practice.refused": ("Not yet: {answer} wins {chance}%, {behind} points below the best move ({best_chance}%).",
                         "まだです：{answer}の勝率は{chance}%、最善手（{best_chance}%）より{behind}ポイント低いです。"),
    "practice.answer_is": ("The answer: {best} ({chance}%).", "答え：{best}（{chance}%）。"),
    "practice.line": ("The line:", "読み筋："),
    "practice.line_wait": ("Working out the line…", "読み筋を計算しています…"),
    "practice.again": ("Try again", "もう一度"),
    "practice.show": ("Show the answer", "答えを見る"),
    "practice.next": ("Next exercise", "次の問題"),
    "practice.save": ("Save puzzle", "問題として保存"),
    "practice.saved": ("The puzzle, in the collection format:", "問題（問題集の形式）："),
    "practice.back": ("Back to the game", "対局に戻る"),
    "practice.none": ("No mistakes or blunders of yours to practise in this review.",
                      "この検討には復習する悪手・大悪手がありません。"),
    "practice.failed": ("The judge failed: {text}", "判定できませんでした：{text}"),
}

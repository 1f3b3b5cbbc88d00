"""The words both games share: the languages, the name sets, and the deck's cards by name.

>>> card_name("R7", "ja"), card_name("Fog", "en", "scifi")
('赤7', 'Sand Storm')
>>> shorten_text("x" * 40)
'xxxxxxxxxxxxxxxxxxxxxxxxxxxxx…'
"""

from __future__ import annotations

from typing import Any

from ..cards import COLOR_NAMES, Card, CardLike
from ..names import NAME_SETS, NameSet, name_set  # noqa: F401 (NAME_SETS, NameSet: re-exported)

__all__ = ["LANGS", "BOT_PREPARING", "STUDY_SENTENCES", "review_counts", "NAME_SETS", "NameSet", "name_set", "check", "names_of", "card_name", "card_label",
           "shorten_text"]

LANGS = ("en", "ja")

#: Both games' status note while a bot's compiled search is still being prepared.
BOT_PREPARING = ("(The bot is preparing its search in the background; meanwhile it plays its quicker one.)",
                 "（ボットは裏で探索の準備中です。それまでは簡易な探索で指します。）")

_COLORS = {"en": COLOR_NAMES, "ja": ("赤", "橙", "黄", "緑", "青", "紫")}


def review_counts(say, counts: dict) -> str:
    """The marked decisions counted in words, ``say`` being a catalogue's (key, **blanks) ->
    text: ``1 inaccuracy, 2 mistakes, 0 blunders`` / ``疑問手1手、悪手2手、大悪手0手``.

    >>> words = lambda lang: lambda key, **kw: STUDY_SENTENCES[key][lang == "ja"].format(**kw)
    >>> review_counts(words("en"), {"inaccuracy": 1, "mistake": 2, "blunder": 0})
    '1 inaccuracy, 2 mistakes, 0 blunders'
    >>> review_counts(words("ja"), {"inaccuracy": 1, "mistake": 2, "blunder": 0})
    '疑問手1手、悪手2手、大悪手0手'
    """
    return say("study.count_sep").join(
        say(f"study.count.{label}.{'one' if counts[label] == 1 else 'many'}", n=counts[label])
        for label in ("inaccuracy", "mistake", "blunder"))


def check(lang: str, names: Any = "ancient") -> None:
    """Refuse an unknown language or a bad name set (a ValueError naming the choices)."""
    if lang not in LANGS:
        raise ValueError(f"unknown language {str(lang)[:20]!r}: expected one of {', '.join(LANGS)}")
    name_set(names, lang)


def names_of(names: Any, lang: str = "en") -> NameSet:
    """The name set ``names`` (a built-in name, a dict, a .json path or a NameSet) in ``lang``."""
    return name_set(names, lang)


def card_name(card: CardLike, lang: str = "en", names: Any = "ancient") -> str:
    """``Red 7`` / ``赤7``; Tactics cards by their name in the name set."""
    c = Card(card)
    if c.is_troop:
        color = _COLORS[lang][int(c) // 10]
        return f"{color}{c.value}" if lang == "ja" else f"{color} {c.value}"
    return name_set(names, lang).tactics[str(c)]


def card_label(card: CardLike, lang: str = "en", names: Any = "ancient") -> str:
    """What fits on a small card face: the value, or a short Tactics name."""
    c = Card(card)
    if c.is_troop:
        return str(c.value)
    return name_set(names, lang).labels[str(c)]


def shorten_text(value: Any, limit: int = 30) -> str:
    """A piece of user input cut short, to quote it in a message."""
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


#: Both games' words for replay, review, hints and saving (``study.*``): each game's
#: catalogue holds them, so either widget says them with its own ``say``.
STUDY_SENTENCES = {
    # key: (English, Japanese)
    "study.replay": ("Replay", "再生"),
    "study.review": ("Review", "検討"),
    "study.hint": ("Hint", "ヒント"),
    "study.first": ("First move", "最初へ"),
    "study.previous": ("Previous move", "1手戻る"),
    "study.next": ("Next move", "1手進む"),
    "study.last": ("Last move", "最後へ"),
    "study.back": ("Back to the game", "対局に戻る"),
    "study.at_start": ("Start of the game", "開始局面"),
    "study.at_move": ("Move {i} of {n}", "{n}手中{i}手目"),
    "study.move_list": ("Moves", "棋譜"),
    "study.open_hands": ("Open both hands", "両者の手札を公開"),
    "study.hand_open": ("HAND", "手札"),
    "study.view_as": ("View as", "視点"),
    "study.keys": ("← → Home End step through the game", "「←」「→」「Home」「End」キーで手を進める・戻す"),
    "study.reviewing": ("Reviewing: {done} of {total} decisions", "検討中：{total}手中{done}手"),
    "study.reviewed": ("Review done: {counts}.", "検討完了：{counts}。"),
    # a count of marked decisions (review_counts): Japanese counts moves with 手, in one form
    "study.count.inaccuracy.one": ("{n} inaccuracy", "疑問手{n}手"),
    "study.count.inaccuracy.many": ("{n} inaccuracies", "疑問手{n}手"),
    "study.count.mistake.one": ("{n} mistake", "悪手{n}手"),
    "study.count.mistake.many": ("{n} mistakes", "悪手{n}手"),
    "study.count.blunder.one": ("{n} blunder", "大悪手{n}手"),
    "study.count.blunder.many": ("{n} blunders", "大悪手{n}手"),
    "study.count_sep": (", ", "、"),
    # the headers of an annotated record (Review.to_text, python -m battleline review --lang)
    "study.header_both": ("both seats", "両者"),
    "study.header_budget": ("{n} play-outs a decision", "1手あたり{n}回のプレイアウト"),
    "study.header_seat": ("{counts}, average loss {loss}", "{counts}、平均損失{loss}"),
    "study.review_stopped": ("Review stopped after {done} of {total} decisions.",
                             "検討を中止しました（{total}手中{done}手）。"),
    "study.review_failed": ("The review failed: {text}", "検討でエラーが起きました：{text}"),
    "study.stop": ("Stop review", "検討を中止"),
    "study.graph": ("Win chance across the game ({who})", "勝率の推移（{who}）"),
    "study.graph_point": ("Move {i}: {mark}{chance}% for {who}", "{i}手目：{mark}{who}の勝率{chance}%"),
    "study.label.best": ("best move", "最善手"),
    "study.label.good": ("good move", "好手"),
    "study.label.inaccuracy": ("inaccuracy", "疑問手"),
    "study.label.mistake": ("mistake", "悪手"),
    "study.label.blunder": ("blunder", "大悪手"),
    "study.played": ("{who} played {move}: {label} (win chance {chance}%).",
                     "{who}：{move}。{label}（勝率{chance}%）。"),
    "study.better": ("Better: {move} (win chance {chance}%). {reason}",
                     "より良い手：{move}（勝率{chance}%）。{reason}"),
    "study.hint_wait": ("Looking for a hint…", "ヒントを探しています…"),
    "study.hint_preparing": ("Preparing the search (about a minute)…", "探索の準備をしています（1分ほど）…"),
    "study.hint_line": ("Hint: {move} (win chance {chance}%). {reason}", "ヒント：{move}（勝率{chance}%）。{reason}"),
    "study.hint_plain": ("Hint: {move}. {reason}", "ヒント：{move}。{reason}"),
    "study.hint_failed": ("No hint: {text}", "ヒントを出せません：{text}"),
    "study.with_hints": (" (with {n} hint{s})", "（ヒント{n}回使用）"),
    # a plan (an action step's actions, in order), numbered as its squares are on the board
    "study.plan_step": ("{n}. {action}", "（{n}）{action}"),
    "study.plan_joiner": ("; ", "；"),
    "study.save_load": ("Save / load", "保存・読み込み"),
    "study.record": ("Record of the game", "棋譜"),
    "study.show_record": ("Show the record", "棋譜を表示"),
    "study.record_later": ("The record can be saved once the game is over.", "棋譜はゲームが終わると保存できます。"),
    "study.download": ("Download record", "棋譜をダウンロード"),
    "study.copy": ("Copy record", "棋譜をコピー"),
    "study.copied": ("Copied", "コピーしました"),
    "study.paste": ("Paste a record or a position", "棋譜または局面を貼り付け"),
    "study.load": ("Load", "読み込む"),
    "study.loaded_record": ("Record loaded: {n} moves. Step through it, or review it.",
                            "棋譜を読み込みました：{n}手。手を進めて見るか、検討できます。"),
    "study.loaded_position": ("Position loaded: you play {side}.", "局面を読み込みました：あなたは{side}です。"),
    "study.nothing_to_load": ("Paste a record or a position first.", "先に棋譜か局面を貼り付けてください。"),
    "study.not_loaded": ("Neither a record nor a position: {text}", "棋譜でも局面でもありません：{text}"),
    "study.review_unavailable": ("The review is not available in this version.", "この版では検討を使えません。"),
}

"""Battle Line's words, in English and Japanese: formations, claim proofs, log lines, the
status line, the editor's and puzzles' answers, and the engine's errors by their rule.
Sentences kept as :class:`Line` are worded when shown, so a view can switch language at
any time.

>>> from battleline import evaluate
>>> formation_text(evaluate("R8 R9 R10"), "ja")
'くさび形隊形 8-9-10（合計 27）'
>>> say("ja", "played", who="あなた", card="赤7", flag=3)
'あなたがフラッグ3に赤7を出しました。'
"""

from __future__ import annotations

from typing import Any

from ..cards import Card, CardLike
from ..standard.formations import Formation
from ..names import name_set
from .shared import BOT_PREPARING, LANGS, STUDY_SENTENCES, card_name, shorten_text
from .board import BOARD_SENTENCES
from .practice import PRACTICE_SENTENCES

__all__ = ["card_title", "formation_text", "formation_name", "claim_explanation", "say", "player_name",
           "outcome_text", "outcome_word", "flags_words", "error_text", "rule_text", "place_words", "RULES",
           "Line", "Player", "Flags", "Dropped", "render", "move_words", "move_line", "result_line",
           "level_name", "sentences"]

_OUTCOMES = {
    "en": {"breakthrough": "Breakthrough", "envelopment": "Envelopment", "deadlock": "Deadlock"},
    "ja": {"breakthrough": "突破", "envelopment": "包囲", "deadlock": "膠着"},
}


def card_title(card: CardLike, lang: str = "en", names: Any = "ancient") -> str:
    """A tooltip: the troop's unit, or what the Tactics card does."""
    c = Card(card)
    ns = name_set(names, lang)
    name = card_name(c, lang, ns)
    sep = "：" if lang == "ja" else ": "
    if c.is_troop:
        return f"{name}{sep}{ns.troops[c.value]}"
    text = _TACTIC_TEXT_JA[str(c)] if lang == "ja" else c.text
    return text if name == _RULEBOOK[lang].tactics[str(c)] and lang == "en" else f"{name}{sep}{text}"


_RULEBOOK = {lang: name_set("ancient", lang) for lang in LANGS}

_TACTIC_TEXT_JA = {
    "Alexander": "リーダー。どの色・どの戦力の軍勢カードにもなる。リーダーは1人1枚まで。",
    "Darius": "リーダー。どの色・どの戦力の軍勢カードにもなる。リーダーは1人1枚まで。",
    "Companion": "戦力8で色を自由に決められる軍勢カード。",
    "Shield": "戦力1〜3で色を自由に決められる軍勢カード。",
    "Fog": "このフラッグでは隊形が無効になり、合計戦力で勝負する。",
    "Mud": "このフラッグでは各自4枚で隊形を作る。",
    "Scout": "山札から合わせて3枚引き、手札から2枚を山札の上に戻す。",
    "Redeploy": "未取得のフラッグにある自分のカード1枚を、自分の空いている場所へ移すか捨てる。",
    "Deserter": "未取得のフラッグにある相手のカード1枚を捨てさせる。",
    "Traitor": "未取得のフラッグにある相手の軍勢カード1枚を、自分の空いている場所へ移す。",
}


def outcome_word(reason: str, lang: str = "en") -> str:
    """``Breakthrough`` / ``突破`` for ``breakthrough`` (likewise envelopment, deadlock)."""
    try:
        return _OUTCOMES[lang][reason]
    except KeyError:
        raise ValueError(f"unknown outcome {str(reason)[:20]!r}") from None


def outcome_text(outcome, lang: str = "en") -> str:
    """``South wins by Breakthrough.`` / ``南の勝ち：突破。``; a deadlock draw likewise."""
    reason = outcome_word(outcome.reason, lang)
    if outcome.winner is None:
        return say(lang, "draw_result", a=outcome.flags[0], b=outcome.flags[1])
    who = player_name(outcome.winner, lang)
    return f"{who}の勝ち：{reason}。" if lang == "ja" else f"{who} wins by {reason}."


def flags_words(flags, lang: str = "en") -> str:
    """``flag 3``, ``flags 3 and 5`` / ``フラッグ3、5``."""
    nums = [str(f) for f in flags]
    if lang == "ja":
        return "フラッグ" + "、".join(nums)
    if len(nums) == 1:
        return f"flag {nums[0]}"
    return "flags " + ", ".join(nums[:-1]) + " and " + nums[-1]


def player_name(player: int, lang: str = "en") -> str:
    """``North`` / ``South`` (``北`` / ``南``)."""
    return ("北", "南")[player] if lang == "ja" else ("North", "South")[player]


def formation_name(kind: str, lang: str = "en", names: Any = "ancient") -> str:
    """``wedge`` … ``host`` in the name set (``くさび形隊形`` in Japanese)."""
    try:
        return name_set(names, lang).formations[kind]
    except KeyError:
        raise ValueError(f"unknown formation {str(kind)[:20]!r}") from None


def formation_text(form: Formation | None, lang: str = "en", names: Any = "ancient") -> str | None:
    """``Wedge 8-9-10 (total 27)`` in the language; under Fog ``total 27 (8-9-10)``."""
    if form is None:
        return None
    vals = "-".join(str(v) for v in sorted(form.values))
    if form.kind == "total":
        return f"合計 {form.total}（{vals}）" if lang == "ja" else f"total {form.total} ({vals})"
    kind = formation_name(form.kind, lang, names)
    return f"{kind} {vals}（合計 {form.total}）" if lang == "ja" else f"{kind} {vals} (total {form.total})"


def claim_explanation(result, lang: str = "en", names: Any = "ancient") -> str:
    """Why a claim holds or fails, in one or two plain sentences, naming formations and
    cards in the name set.

    >>> from battleline import can_claim
    >>> claim_explanation(can_claim("R8 R9 R10", "B2 B3 G4"), "ja")
    'あなたのくさび形隊形 8-9-10（合計 27）は相手の散兵線 2-3-4（合計 9）に勝ちます。'
    """
    case = result.case
    if case is None:  # not even tried (timing, a flag already taken): a rule, as for errors
        rule = getattr(result, "rule", None)
        if rule is None:
            return result.explanation
        return rule_text(rule, getattr(result, "params", {}), lang, names, result.explanation)
    words = _CLAIM_WORDS[lang]
    ns = name_set(names, lang)
    form = lambda f: formation_text(f, lang, ns)  # noqa: E731
    kw = {"mine": form(result.formation), "theirs": form(result.their_formation),
          "counter": form(result.counter_formation), "reach": form(result.best_reach)}
    if case == "incomplete":
        count, need = result.detail("count"), result.detail("need")
        flag = (f"フラッグ{result.flag}" if result.flag else "このフラッグ") if lang == "ja" else (
            f"flag {result.flag}" if result.flag else "this flag")
        kw.update(flag=flag, count=count, need=need, s="" if count == 1 else "s",
                  mud=words["mud"] if need == 4 else "")
    if case == "counter":
        cards = [card_name(c, lang, ns) for c in result.counterexample]
        kw["cards"] = "、".join(cards) if lang == "ja" else _join_en(cards)
    return words[case].format(**kw) + _rank_words(result, case, words, ns) + _hand_words(result, case, lang, ns)


def _hand_words(result, case: str, lang: str, ns) -> str:
    """Why a card of the claimant's own hand may complete the counterexample, or ""."""
    in_hand = result.detail("in_hand") if case == "counter" else None
    if not in_hand:
        return ""
    cards = [card_name(c, lang, ns) for c in in_hand]
    many = len(cards) > 1
    words = _CLAIM_WORDS[lang]["in_hand_many" if many else "in_hand"]
    return words.format(cards="、".join(cards) if lang == "ja" else _join_en(cards))


def _rank_words(result, case: str, words: dict, ns) -> str:
    """The sentence saying that the winner's kind outranks the loser's whatever the totals
    (``claims.outranks_despite_total``), or ""."""
    from ..standard.claims import outranks_despite_total
    pair = {"beats": (result.formation, result.their_formation),
            "beaten": (result.their_formation, result.formation),
            "counter": (result.counter_formation, result.formation),
            "reach": (result.formation, result.best_reach)}.get(case)
    if pair is None or not outranks_despite_total(*pair):
        return ""
    winner, loser = (ns.formations[f.kind] for f in pair)
    return words["outranks"].format(winner=winner, loser=loser)


def _join_en(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items) or "nothing"
    return ", ".join(items[:-1]) + " and " + items[-1]


_CLAIM_WORDS = {
    "en": {
        "mud": " (Mud is here)",
        "incomplete": "Your side of {flag} has {count} card{s}; a claim needs {need}{mud}.",
        "beats": "Your {mine} beats their {theirs}.",
        "beaten": "Their {theirs} beats your {mine}.",
        "tie-unknown": "Both sides make {mine}: a tie goes against the side completed last, "
                       "and no completion order was given.",
        "tie-later": "Both sides make {mine}, and you completed your side last, so the tie "
                     "goes to your opponent.",
        "tie-earlier": "Both sides make {mine}, and your opponent completed their side last, "
                       "so the tie goes to you.",
        "counter": "Not proved: your opponent could still add {cards} to make {counter}, "
                   "which beats your {mine}.",
        "cannot-complete": "Your {mine} wins: too few troop cards are unseen for your opponent "
                           "ever to complete their side.",
        "reach-tie": "Your {mine} cannot be beaten: the best your opponent can still make "
                     "is {reach}, a tie, and they would play the last card.",
        "reach": "Your {mine} cannot be beaten: with the cards still unseen, the best "
                 "your opponent can make is {reach}.",
        "outranks": " Any {winner} outranks any {loser}, whatever the totals.",
        "in_hand": " {cards}, which is in your hand, counts as still to come: a claim is proved from "
                   "the cards on the table only.",
        "in_hand_many": " {cards}, which are in your hand, count as still to come: a claim is proved from "
                        "the cards on the table only.",
    },
    "ja": {
        "mud": "（泥濘があります）",
        "incomplete": "{flag}のあなたの側は{count}枚です。宣言には{need}枚必要です{mud}。",
        "beats": "あなたの{mine}は相手の{theirs}に勝ちます。",
        "beaten": "相手の{theirs}があなたの{mine}に勝ちます。",
        "tie-unknown": "両者とも{mine}です。同じ強さでは後に完成させた側の負けですが、完成の順番が分かりません。",
        "tie-later": "両者とも{mine}で、あなたが後に完成させたので、相手の勝ちです。",
        "tie-earlier": "両者とも{mine}で、相手が後に完成させたので、あなたの勝ちです。",
        "counter": "証明できません：相手はまだ{cards}を加えて{counter}を作れます。これはあなたの{mine}に勝ちます。",
        "cannot-complete": "あなたの{mine}の勝ちです：未公開の軍勢カードが足りず、相手は隊形を完成できません。",
        "reach-tie": "あなたの{mine}は負けません：相手が作れる最良は{reach}で同じ強さですが、"
                     "相手が後に完成させることになります。",
        "reach": "あなたの{mine}は負けません：未公開のカードで相手が作れる最良は{reach}です。",
        "outranks": "合計に関係なく、{winner}は{loser}より上の隊形です。",
        "in_hand": "{cards}はあなたの手札にありますが、宣言は場のカードだけで証明するので、まだ出てくるカードとして数えます。",
        "in_hand_many": "{cards}はあなたの手札にありますが、宣言は場のカードだけで証明するので、まだ出てくるカードとして数えます。",
    },
}


# ------------------------------------------------------------------ words said later

class Player(int):
    """A player (0 north, 1 south) to be named in a :class:`Line`."""


class Flags(tuple):
    """Flag numbers to be named in a :class:`Line` (``flags 3 and 5``)."""


class Dropped(tuple):
    """What the editor left out of a loaded position (``PositionDraft.from_text``'s words)."""


_DROPPED_JA = {"Scout marks": "偵察で見たカードの印", "the idle-turn count": "何もしなかった手番の数",
               "the draw phase": "カードを引く段階", "the scout-draw phase": "偵察でカードを引く段階",
               "the scout-return phase": "偵察でカードを戻す段階", "the over phase": "終局の段階"}


class Line:
    """A sentence kept as its key and parameters, so that it can be said again in another
    language or name set (the widget's log, messages and puzzle feedback switch with
    ``lang``). Parameters are rendered by type: cards, players, formations, claim results,
    outcomes, moves, errors, flag lists and other Lines; lists are joined.

    >>> from battleline.cards import Card
    >>> line = Line("played", who=Player(1), card=Card("R7"), flag=3)
    >>> line.render("en"), line.render("ja")
    ('South played Red 7 at flag 3.', '南がフラッグ3に赤7を出しました。')
    >>> (line + " " + Line("passed", who=Player(0))).render("en")
    'South played Red 7 at flag 3. North passed.'
    """

    __slots__ = ("key", "params", "parts")

    def __init__(self, key: str | None = None, *, parts: tuple = (), **params):
        self.key = key
        self.params = params
        self.parts = parts

    def __add__(self, other) -> "Line":
        return Line(parts=(self, other))

    def __radd__(self, other) -> "Line":
        return Line(parts=(other, self))

    def render(self, lang: str = "en", names: Any = "ancient") -> str:
        if self.key is None:
            return "".join(render(p, lang, names) for p in self.parts)
        kw = {k: render(v, lang, names) for k, v in self.params.items()}
        return say(lang, self.key, **kw)

    def __repr__(self) -> str:
        return f"<Line {self.render()!r}>"


def render(value: Any, lang: str = "en", names: Any = "ancient") -> Any:
    """``value`` in words (see :class:`Line`); numbers and text stay as they are."""
    from ..standard.claims import ClaimResult
    from ..standard.game import Outcome
    from ..standard.moves import Move
    if isinstance(value, Line):
        return value.render(lang, names)
    if isinstance(value, str):
        return value
    if isinstance(value, Player):
        return player_name(int(value), lang)
    if isinstance(value, Flags):
        return flags_words(list(value), lang)
    if isinstance(value, Dropped):
        items = [_DROPPED_JA.get(x, x) for x in value] if lang == "ja" else list(value)
        return ("、" if lang == "ja" else ", ").join(items)
    if isinstance(value, Card):
        return card_name(value, lang, names)
    if isinstance(value, Formation):
        return formation_text(value, lang, names)
    if isinstance(value, ClaimResult):
        return claim_explanation(value, lang, names)
    if isinstance(value, Outcome):
        return outcome_text(value, lang)
    if isinstance(value, Move):
        return move_words(value, lang, names)
    if isinstance(value, BaseException):
        return error_text(value, lang, names)
    if isinstance(value, (list, tuple)):
        return ("、" if lang == "ja" else ", ").join(str(render(v, lang, names)) for v in value)
    return value


def move_line(who: Any, m, result=None, secret=None) -> Line:
    """The log line of move ``m`` by ``who`` (a :class:`Player` or a Line such as ``you``).
    ``result`` is a claim's proof (its formation is named); ``secret`` is the card drawn or
    put back, named only when the reader may know it (None: the deck alone is said).

    >>> from battleline.standard.moves import Move
    >>> move_line(Player(0), Move.parse("draw troop")).render("ja")
    '北が軍勢カードを引きました。'
    """
    k = m.kind
    if k == "play":
        return Line("played", who=who, card=m.card, flag=m.flag)
    if k == "claim":
        if result is not None and result.formation is not None:
            return Line("claimed_with", who=who, flag=m.flag, formation=result.formation)
        return Line("claimed", who=who, flag=m.flag)
    if k in ("draw", "return"):
        troop = m.deck == "troop" if k == "draw" else m.card.is_troop
        deck = Line("deck_troop" if troop else "deck_tactic")
        if k == "draw":
            return (Line("drew_card", who=who, deck=deck, card=secret) if secret is not None
                    else Line("drew", who=who, deck=deck))
        return (Line("returned_card", who=who, card=secret, deck=deck) if secret is not None
                else Line("returned", who=who, deck=deck))
    if k == "scout":
        return Line("scouted", who=who, card=Card("Scout"))
    if k == "redeploy":
        if m.flag is None:
            return Line("redeployed_discard", who=who, card=m.card)
        return Line("redeployed", who=who, card=m.card, flag=m.flag)
    if k == "deserter":
        return Line("deserter", who=who, card=m.card)
    if k == "traitor":
        return Line("traitor", who=who, card=m.card, flag=m.flag)
    if k == "pass":
        return Line("passed", who=who)
    return Line("ended", who=who)


def result_line(outcome, winner: Any = None) -> Line:
    """The end of a game: a draw, ``You win by …!`` (``winner`` None) or ``… wins by …!``
    (``winner`` a Player or a Line)."""
    if outcome.winner is None:
        return Line("draw_result", a=outcome.flags[0], b=outcome.flags[1])
    reason = Line(f"reason_{outcome.reason}")
    if winner is None:
        return Line("win_you", reason=reason)
    return Line("win_other", who=winner, reason=reason)


def level_name(level: str, lang: str = "en") -> str:
    """A difficulty (a bot's or a puzzle's: ``easy``, ``medium``, ``hard``) in words; any
    other level as it is.

    >>> level_name("hard", "ja"), level_name("expert", "ja")
    ('むずかしい', 'expert')
    """
    key = f"level_{level}"
    return say(lang, key) if isinstance(level, str) and key in _CATALOG[lang] else level


def move_words(m, lang: str = "en", names: Any = "ancient") -> str:
    """A move in words, as in the log: ``R7@3`` is ``Red 7 at flag 3`` (``赤7@3``).

    >>> from battleline.standard.moves import Move
    >>> move_words(Move.parse("Traitor B5@2"), "ja"), move_words(Move.parse("Traitor B5@2"))
    ('裏切 青5@2', 'Traitor Blue 5@2')
    """
    ja = lang == "ja"
    kind = m.kind
    if kind == "play":
        name = card_name(m.card, lang, names)
        return f"{name}@{m.flag}" if ja else f"{name} at flag {m.flag}"
    if kind in ("scout", "redeploy", "deserter", "traitor"):
        tactic = card_name(kind.capitalize(), lang, names)
        if kind == "scout":
            return tactic
        name = card_name(m.card, lang, names)
        if kind == "deserter":
            return f"{tactic} {name}"
        if m.flag is None:
            return f"{tactic} {name}（捨て札へ）" if ja else f"{tactic} {name}@discard"
        return f"{tactic} {name}@{m.flag}"
    if kind == "return":
        name = card_name(m.card, lang, names)
        return f"{name}を戻す" if ja else f"return {name}"
    if not ja:
        return str(m)
    if kind == "claim":
        return f"フラッグ{m.flag}の取得"
    if kind == "draw":
        return f"{say(lang, 'deck_troop' if m.deck == 'troop' else 'deck_tactic')}カードを引く"
    return "パス" if kind == "pass" else "手番終了"


# ------------------------------------------------------------------ errors

def error_text(err: BaseException, lang: str = "en", names: Any = "ancient") -> str:
    """An error as the player on screen reads it: in English, the exception's own message;
    in Japanese, its rule (``err.rule``, ``err.params``) in words, or the English message
    when it names no rule (a malformed message from the browser, not a game rule).

    >>> from battleline import Game
    >>> g = Game.from_position(Game(seed=1, first=1).position())
    >>> try:
    ...     g.play("Traitor G1@6")
    ... except ValueError as e:
    ...     error_text(e, "ja")
    '裏切は南の手札にありません。'
    """
    claim = getattr(err, "claim", None)
    if claim is not None and lang != "en":
        return claim_explanation(claim, lang, names)
    return rule_text(getattr(err, "rule", None), getattr(err, "params", None) or {}, lang, names, str(err))


def rule_text(rule: str | None, params: dict, lang: str, names: Any = "ancient",
              fallback: str = "") -> str:
    """The rule ``rule`` with ``params`` in ``lang``; ``fallback`` (the English message) for
    English or a rule without words in ``lang``."""
    table = _RULES.get(lang)
    if table is None or rule not in table:
        return fallback
    ns = name_set(names, lang)
    kw = {}
    for key, value in params.items():
        if key == "card":
            try:
                value = card_name(value, lang, ns)
            except ValueError:
                value = shorten_text(value)
        elif key == "player":
            value = player_name(value, lang)
        elif key == "deck":
            value = say(lang, "deck_troop" if value == "troop" else "deck_tactic")
        elif key == "where":
            value = place_words(value, lang)
        elif key == "text":
            value = shorten_text(value)
        elif key == "flags":
            value = flags_words(value, lang)
        elif key == "reason":
            value = outcome_word(value, lang)
        kw[key] = value
    try:
        return table[rule].format(**kw)
    except (KeyError, IndexError, ValueError):
        return fallback


def place_words(where: tuple, lang: str = "en") -> str:
    """Where the editor has put a card, in words: ``("flag", 3, 1)`` is flag 3, south's side.

    >>> place_words(("hand", 0), "ja")
    '北の手札'
    """
    if lang != "ja":
        from ..standard.editor import place_words as english      # the engine's own words
        return english(where)
    kind, *_, last = where                     # the player, or for a deck which deck
    if kind == "deck":
        return f"{'軍勢' if last == 0 else '戦略'}の山札の上"
    side = player_name(last, "ja")
    return {"flag": f"フラッグ{where[1]}（{side}側）", "hand": f"{side}の手札", "discard": f"{side}の捨て札"}[kind]


_RULES_JA = {
    # playing (game.py, moves.py)
    "game-over": "ゲームは終わっています。",
    "deck-empty": "{deck}の山札は空です。",
    "decks-empty": "山札が両方とも空です。",
    "scout-draw-first": "偵察のあとは、まず山札からカードを引きます（合わせて3枚）。",
    "scout-return-first": "偵察で引いたあとは、手札から2枚を山札の上に戻します。",
    "not-in-hand": "{card}は{player}の手札にありません。",
    "hand-full": "手札はすでに7枚です。",
    "must-draw": "手札が7枚未満で山札にカードがあるので、カードを1枚引かなければなりません。",
    "already-played": "この手番のカードはもう出しました。カードを1枚引いてください。",
    "play-first": "カードを引く前に、カードを1枚出すか、パスしてください。",
    "must-play-troop": "出せる軍勢カードがあるときは、出さなければなりません。",
    "tactics-limit": "戦略カードはすでに相手より1枚多く出しています。",
    "flag-claimed": "フラッグ{flag}はすでに取られています。",
    "flag-taken": "フラッグ{number}はすでに{player}が取っています。",
    "one-leader": "リーダーは1人1枚までしか出せません。",
    "side-full": "フラッグ{flag}のあなたの側にはすでに{n}枚あります。",
    "not-there": "このカードはそこには出せません。",
    "not-your-card": "{card}は場にあるあなたのカードではありません。",
    "not-their-card": "{card}は場にある相手のカードではありません。",
    "at-claimed-flag": "{card}は取られたフラッグにあるので、動かせません。",
    "redeploy-same-flag": "転進では、カードを別のフラッグへ移します。",
    "no-free-place": "フラッグ{flag}のあなたの側には空きがありません。",
    "traitor-troops-only": "裏切で移せるのは軍勢カードだけです。戦略カードは移せません。",
    "not-legal": "今はその手を指せません。",
    "claim-timing": "フラッグの取得は、カードを出す前か出した後、カードを引く前に宣言します。偵察の途中ではできません。",
    "claim-timing-advanced": "上級ルールでは、フラッグの取得は手番の開始時、カードを出す前にだけ宣言できます。",
    "nothing-to-undo": "取り消せる手がありません。",
    "claim-failed": "フラッグ{flag}は取れません。",  # with the claim's proof: see error_text
    "flag-range": "フラッグの番号は1から9です。",
    "guile-at-flag": "{card}は策略カードなので、フラッグには出しません。",
    "unknown-deck": "山札は軍勢か戦略のどちらかです。",
    "move-not-text": "手は文字で指定してください。",
    "move-unreadable": "手「{text}」を読めません。",
    # the widget
    "game-not-over": "ゲームはまだ終わっていません。",
    "bot-claim-unproved": "ボットが証明なしにフラッグ{flag}を取ろうとしました。",
    "bot-turn": "お待ちください：ボットの手番です。",
    "pass-screen-first": "先に画面を渡してください。",
    "nothing-to-reveal": "隠れている画面はありません。",
    "explain-editor": "説明はゲームとパズルで使えます。エディタでは使えません。",
    "explain-puzzle": "説明は、パズルを解くか解答を表示したあとで見られます。",
    # the position editor and positions (editor.py, notation.py)
    "unknown-card": "「{text}」というカードはありません。",
    "already-placed": "{card}はすでに{where}にあります。",
    "say-where": "カードを置く場所（フラッグとその側、手札、捨て札、山札の上）を指定してください。",
    "hand-seven": "{player}の手札はすでに7枚です。",
    "side-full-mud": "泥濘があっても、1つの側に置けるのは4枚までです（フラッグ{flag}の{player}側は満杯です）。",
    "side-full-three": "泥濘がなければ、1つの側に置けるのは3枚までです（フラッグ{flag}の{player}側は満杯です）。",
    "not-placed": "{card}は置かれていません。",
    "player-range": "プレイヤーは北か南です。",
    "rules-name": "ルールは標準か上級です。",
    "position-not-text": "局面は文字で指定してください。",
    "position-text": "局面の文字を読めません（{line}行目）。",
    "card-twice": "{card}が2か所にあります。",
    "guile-on-flag": "{card}は策略カードなので、フラッグではなく捨て札に置きます。",
    "side-invalid": "フラッグ{flag}の{player}側には、このカードの組み合わせは置けません。",
    "wrong-deck": "{card}は{deck}の山札には置けません。",
    "card-missing": "{card}がどこにもありません。70枚のカードはすべてどこかに置かれます。",
    "both-leaders": "{player}はリーダーを2枚とも出しています。リーダーは1人1枚までです。",
    "too-many-cards": "フラッグ{flag}の{player}側に{n}枚あります。泥濘がなければ、1つの側は3枚までです。",
    "claim-incomplete": "フラッグ{flag}は{player}が取ったことになっていますが、その側のカードが揃っていません。",
    "claim-unproved": "フラッグ{flag}は{player}が取ったことになっていますが、場のカードからはその取得を証明できません。",
    "tactics-ahead": "{player}は戦略カードを{n}枚、相手は{m}枚出しています。差は1枚までです。",
    "hand-size": "{player}の手札が{n}枚あります。手札は7枚までです。",
    "both-win": "両者とも勝ちになるフラッグを取っています。",
    "already-won": "{player}は{reason}を果たしているので、ゲームはもう終わっているはずです。",
    "four-without-mud": "フラッグ{flag}の片側に4枚ありますが、そこに泥濘があったことはありえません。",
    "four-without-mud-flags": "{flags}の片側に4枚ありますが、泥濘がそのすべてにあったことはありえません。",
    # puzzles
    "pz-moves-kind": "このパズルは、フラッグを選ぶのではなく手を指して答えます。",
    "pz-claims-kind": "このパズルはカードを出すのではなく、フラッグを選んで答えます。",
    "pz-done": "パズルは終わりました。もう一度やるには「最初から」を押してください。",
    "pz-flags-list": "フラッグの番号を並べて答えてください。",
    "pz-wait": "相手の応手を待ってください。",
    "pz-claim-later": "出すカードを探してください。フラッグの取得はそのあとです。",
    "pz-timeout": "{seconds}秒以内にこの手を判定できませんでした。手は指されていません。",
    "pz-all-shown": "解答はすべて表示されています。",
    "pz-solution-steps": "このパズルの解答は、手順ごとに表示します。",
    "pz-no-win": "ここからは勝ちが決まっていません。最初からやり直してください。",
}

_RULES = {"ja": _RULES_JA}
RULES = frozenset(_RULES_JA)
"""Every rule key that has words in every language besides English."""


# ------------------------------------------------------------------ sentences

_SENTENCES = {
    # key: (English, Japanese)
    "you": ("You", "あなた"),
    "bot": ("Bot", "ボット"),
    # the match's score in the header (docs/rules.md, Matches)
    "match_points": ("Match points: {me} {mine}, {opponent} {theirs}", "マッチポイント：{me} {mine}、{opponent} {theirs}"),
    "match_points_line": ("{points}. {note}", "{points}。{note}"),
    "match_you": ("you", "あなた"),
    "match_bot": ("bot", "ボット"),
    "match_points_note": ("A game won (by Breakthrough, Envelopment, or on flags in a deadlock) scores 5 match "
                          "points; the loser scores 1 per flag held, as each player does in a drawn game.",
                          "ゲームに勝つと（突破・包囲、または膠着でフラッグの多い側）マッチポイント5点、負けた側は取ったフラッグ"
                          "1本につき1点です（引き分けでは両者ともフラッグ1本につき1点）。"),
    "new_game": ("New game: {rules} rules. {who} {verb} first.", "新しいゲーム：{rules}ルール。{who}{verb}先手です。"),
    "rules_standard": ("standard", "標準"),
    "rules_advanced": ("advanced", "上級"),
    "rules_label_standard": ("Standard", "標準ルール"),
    "rules_label_advanced": ("Advanced (claims at the start of your turn)", "上級ルール（取得は手番の開始時）"),
    "plays_first_you": ("play", "が"),
    "plays_first_other": ("plays", "が"),
    "played": ("{who} played {card} at flag {flag}.", "{who}がフラッグ{flag}に{card}を出しました。"),
    "claimed_with": ("{who} claimed flag {flag} with {formation}.", "{who}が{formation}でフラッグ{flag}を取りました。"),
    "claimed": ("{who} claimed flag {flag}.", "{who}がフラッグ{flag}を取りました。"),
    "automatic": (" (automatic)", "（自動）"),
    "drew": ("{who} drew a {deck} card.", "{who}が{deck}カードを引きました。"),
    "drew_card": ("{who} drew a {deck} card ({card}).", "{who}が{deck}カード（{card}）を引きました。"),
    "deck_troop": ("troop", "軍勢"),
    "deck_tactic": ("tactic", "戦略"),
    "returned_card": ("{who} put {card} back on the {deck} deck.", "{who}が{card}を{deck}の山札の上に戻しました。"),
    "returned": ("{who} put a card back on the {deck} deck.", "{who}がカード1枚を{deck}の山札の上に戻しました。"),
    "scouted": ("{who} played {card}.", "{who}が{card}を使いました。"),
    "redeployed_discard": ("{who} redeployed {card} to the discard pile.", "{who}が{card}を転進させ、捨てました。"),
    "redeployed": ("{who} redeployed {card} to flag {flag}.", "{who}が{card}をフラッグ{flag}へ転進させました。"),
    "deserter": ("{who} played Deserter on {card}.", "{who}が脱走で{card}を捨てさせました。"),
    "traitor": ("{who} played Traitor: {card} to flag {flag}.", "{who}が裏切で{card}をフラッグ{flag}へ移しました。"),
    "passed": ("{who} passed.", "{who}がパスしました。"),
    "ended": ("{who} ended the turn.", "{who}が手番を終えました。"),
    "undo_move": ("Last move taken back.", "最後の手を取り消しました。"),
    "undo_turn": ("Your last turn was taken back.", "あなたの直前の手番を取り消しました。"),
    "draw_result": ("Draw by deadlock ({a}-{b} flags).", "膠着で引き分け（フラッグ {a}対{b}）。"),
    "win_you": ("You win by {reason}!", "あなたの勝ち：{reason}！"),
    "reason_breakthrough": ("breakthrough", "突破"),
    "reason_envelopment": ("envelopment", "包囲"),
    "reason_deadlock": ("deadlock", "膠着"),
    "win_other": ("{who} wins by {reason}!", "{who}の勝ち：{reason}！"),
    "thinking": ("Bot is thinking…", "ボットが考えています…"),
    "bot_preparing": BOT_PREPARING,
    "pass_screen": ("Pass the screen to {who}.", "画面を{who}に渡してください。"),
    "bot_to_move": ("Bot to move.", "ボットの手番です。"),
    "your": ("Your", "あなた"),
    "players": ("{who}'s", "{who}"),
    "turn_play": ("{whose} turn: play a card.", "{whose}の手番：カードを1枚出してください。"),
    "turn_draw": ("{whose} turn: draw a card.", "{whose}の手番：カードを1枚引いてください。"),
    "turn_draw_claim": ("{whose} turn: draw a card (you may still claim).",
                        "{whose}の手番：カードを1枚引いてください（まだフラッグを取れます）。"),
    "turn_no_draw": ("{whose} turn: no card to draw; end the turn.", "{whose}の手番：引けるカードがありません。手番を終えてください。"),
    "scout_draw": ("Scout: draw {n} more card{s}.", "偵察：あと{n}枚引いてください。"),
    "scout_return": ("Scout: put {n} card{s} back.", "偵察：{n}枚を山札に戻してください。"),
    "bot_named": ("Bot ({name})", "ボット（{name}）"),
    "level_easy": ("easy", "やさしい"),
    "level_medium": ("medium", "ふつう"),
    "level_hard": ("hard", "むずかしい"),
    "option_highlight_claimable": ("Highlight claimable flags", "取得できるフラッグを強調する"),
    "option_auto_claim": ("Claim automatically", "自動で取得する"),
    # explain
    "ex_side_mine": ("Your side: {text}.", "あなたの側：{text}。"),
    "ex_side_theirs": ("Opponent's side: {text}.", "相手の側：{text}。"),
    "ex_cards": ("{cards}, {n} of {need} cards", "{cards}（{need}枚中{n}枚）"),
    "ex_empty": ("no cards yet", "カードなし"),
    "ex_reach": ("The best your opponent can still make here: {formation}.", "相手がここでまだ作れる最良の隊形：{formation}。"),
    "ex_reach_none": ("Your opponent can no longer complete this side with the cards unseen.",
                      "未公開のカードでは、相手はもうこの側を完成できません。"),
    "ex_claimed": ("Flag {flag} is claimed by {who}.", "フラッグ{flag}は{who}が取りました。"),
    "ex_claim_yes": ("You can claim it. {why}", "取れます。{why}"),
    "ex_claim_no": ("You cannot claim it yet. {why}", "まだ取れません。{why}"),
    "ex_env": ("Here: {cards}.", "ここには{cards}があります。"),
    "ex_mine": ("you", "あなた"),
    "ex_theirs": ("your opponent", "相手"),
    # editor
    "ed_loaded": ("Position loaded.", "局面を読み込みました。"),
    "ed_dropped": ("Position loaded; the editor keeps only what it can show: {what} left out.",
                   "局面を読み込みました。エディタで表せない{what}は省きました。"),
    "ed_cleared": ("The board is empty.", "盤面を空にしました。"),
    # puzzles
    "pz_right_claims": ("Right: {flags} can be claimed now.", "正解：今取れるのは{flags}です。"),
    "pz_right_none": ("Right: no flag can be claimed now.", "正解：今取れるフラッグはありません。"),
    "pz_wrong_claims": ("Not quite.", "惜しい、違います。"),
    "pz_hint_wrong": ("Not quite: {n} of the flags you picked cannot be claimed now.",
                      "惜しい、違います。選んだフラッグのうち{n}つは今は取れません。"),
    "pz_hint_missed": ("You left out {n} flag{s} that can be claimed.", "取れるフラッグを{n}つ選び漏らしています。"),
    "pz_try_again": ("Try again, or ask for the solution.", "もう一度選ぶか、解答を表示してください。"),
    "pz_solution_claims": ("Solution: {flags} can be claimed now.", "解答：今取れるのは{flags}です。"),
    "pz_solution_none": ("Solution: no flag can be claimed now.", "解答：今取れるフラッグはありません。"),
    "pz_flag_yes": ("Flag {flag} can be claimed: {why}", "フラッグ{flag}は取れます：{why}"),
    "pz_flag_no": ("Flag {flag} cannot be claimed: {why}", "フラッグ{flag}は取れません：{why}"),
    "pz_right_move": ("Right: after {move}, flag {flag} can be claimed. {why}",
                      "正解：{move}のあと、フラッグ{flag}を取れます。{why}"),
    "pz_wrong_move": ("Not this one: after {move}, flag {flag} still cannot be claimed. {why}",
                      "違います：{move}のあとも、フラッグ{flag}はまだ取れません。{why}"),
    "pz_wrong_win": ("Not this one: after {move}, your opponent can hold out ({defence}).",
                     "違います：{move}のあと、相手は守り切れます（{defence}）。"),
    "pz_wrong_win_mid": ("Not this one: after {move}, the win within {n} turn{s} is no longer forced.",
                         "違います：{move}のあと、{n}手番以内の勝ちはもう決まっていません。"),
    "pz_wrong_win_end": ("Not this one: {move} ends the game without your win.",
                         "違います：{move}では、あなたが勝たないままゲームが終わります。"),
    "pz_good": ("Good: the win is still forced. Your opponent answered {moves}.",
                "いい手です：勝ちはまだ決まっています。相手の応手：{moves}。"),
    "pz_won": ("Solved: {result}", "解けました：{result}"),
    "pz_step": ("Step {n}: {text}", "手順{n}：{text}"),
    "pz_step_claims_yes": ("flag {flag} can be claimed: {why}", "フラッグ{flag}は取れます：{why}"),
    "pz_step_claims_no": ("flag {flag} cannot be claimed: {why}", "フラッグ{flag}は取れません：{why}"),
    "pz_step_move": ("{who} plays {move}.", "{who}：{move}。"),
    "pz_better_right": ("Right: {move} wins {chance}%, within {within} points of the best ({best}%).",
                        "正解：{move}の勝率は{chance}%、最善（{best}%）との差は{within}ポイント以内です。"),
    "pz_better_wrong": ("Not this one: {move} wins {chance}%, {behind} points below the best ({best}%).",
                        "違います：{move}の勝率は{chance}%、最善（{best}%）より{behind}ポイント低いです。"),
    "pz_no_claimable": ("no flag can be claimed now.", "今取れるフラッグはありません。"),
    "pz_solving": ("Your move.", "あなたの手番です。"),
    "pz_picks": ("Pick the flags that can be claimed, then check your answer.",
                 "取れるフラッグを選んでから、答え合わせをしてください。"),
    "pz_not_move_kind": ("This puzzle is answered by picking flags, not by playing a card.",
                         "このパズルはカードを出すのではなく、フラッグを選んで答えます。"),
    "pz_done": ("The puzzle is over: start again to try once more.", "パズルは終わりました。もう一度やるには「最初から」を押してください。"),
    "pz_turns": ("{n} turn{s} left to win.", "勝つまであと{n}手番。"),
    "pz_lesson_done": ("Now play a real game against the easy bot: run "
                       "BattleLineWidget(opponent=\"easy\") in a new cell.",
                       "次は実際の対戦です。新しいセルで BattleLineWidget(opponent=\"easy\") を実行し、"
                       "やさしいボットと対戦してみましょう。"),
}

_CATALOG = {lang: {key: words[i] for key, words in {**_SENTENCES, **STUDY_SENTENCES, **BOARD_SENTENCES, **PRACTICE_SENTENCES}.items()}
            for i, lang in enumerate(LANGS)}


def sentences(lang: str) -> dict[str, str]:
    """Every sentence of ``lang`` by its key, with its ``{blanks}`` (a copy).

    >>> sentences("ja")["passed"]
    '{who}がパスしました。'
    """
    return dict(_CATALOG[lang])


def say(lang: str, key: str, **kw) -> str:
    """The sentence ``key`` in ``lang`` with the blanks filled in."""
    return _CATALOG[lang][key].format(**kw)

"""The motifs of both games in words, English and Japanese: one sentence each, naming the
cards, flags or squares (``battleline.standard.motifs``, ``battleline.ancient.motifs``).

>>> from battleline.standard.motifs import Motif
>>> from battleline.cards import Card
>>> motif_sentence(Motif("claim_given", (5,)), "en")
'This hands flag 5 to your opponent: they can prove it at once.'
>>> motif_sentence(Motif("card_gone", (3,), (Card("G8"), Card("B8")), ("phalanx", "host")), "en")
'The Phalanx at flag 3 cannot be finished: Green 8 and Blue 8 are already on the table or discarded.'
"""

from __future__ import annotations

from typing import Any

from .ancient import ancient_troop
from .shared import card_name
from .standard import flags_words, formation_name, outcome_word

__all__ = ["motif_sentence", "SENTENCES"]

SENTENCES = {
    # key: (English, Japanese)
    # Battle Line
    "win_at_once": ("{This} wins at once by {reason}: you can prove {flags}.",
                    "{kore}即座に勝ちます：{flags}を証明でき、{reason}になります。"),
    "win_allowed": ("{This} lets your opponent prove {flags} at once and win by {reason}.",
                    "{kore}相手はすぐに{flags}を証明でき、{reason}で勝ちます。"),
    "win_threatened": ("After {this} your opponent is one flag from winning: {flags} would give them the game.",
                       "{kore}相手は勝利まであと1本です：{flags}を取れば相手の勝ちです。"),
    "claim_given": ("{This} hands flag {flag} to your opponent: they can prove it at once.",
                    "{kore}フラッグ{flag}を相手に渡します：相手はすぐに証明できます。"),
    "claim_made": ("{This} lets you prove flag {flag} at once: with it on the table, no card left can beat your "
                   "side there.",
                   "{kore}フラッグ{flag}をすぐに証明できます：このカードが場に出れば、残りのどのカードでもあなたの側に"
                   "勝てません。"),
    "lost_flag_high": ("{card} goes to flag {flag}, which is lost for good: no card left can beat your "
                       "opponent's formation there, so a strong card is spent for nothing.",
                       "{card}を置くフラッグ{flag}はもう取れません：残りのどのカードでも相手の隊形に勝てないので、"
                       "強いカードが無駄になります。"),
    "lost_flag_low": ("{card} goes to flag {flag}, which is lost for good: no card left can beat your "
                      "opponent's formation there.",
                      "{card}を置くフラッグ{flag}はもう取れません：残りのどのカードでも相手の隊形に勝てません。"),
    "card_gone": ("The {kind} at flag {flag} cannot be finished: {cards} are already on the table or discarded.",
                  "フラッグ{flag}の{kind}は完成できません：{cards}はすでに場か捨て札にあります。"),
    "card_gone_one": ("The {kind} at flag {flag} cannot be finished: {cards} is already on the table or discarded.",
                      "フラッグ{flag}の{kind}は完成できません：{cards}はすでに場か捨て札にあります。"),
    "own_card_breaks": ("{card} at flag {flag} spoils the {was} that side could still make; now at best a {now}.",
                        "フラッグ{flag}の{card}で、まだ作れた{was}がだめになります。せいぜい{now}です。"),
    "own_card_breaks_dead": ("{card} at flag {flag} spoils the {was} that side could still make; it can no "
                             "longer be completed.",
                             "フラッグ{flag}の{card}で、まだ作れた{was}がだめになり、もう完成できません。"),
    "high_card_spent": ("{played} at flag {fp} spends a high card for a {got} at best; {better} at flag {fb} keeps "
                        "it for later and can still become a {hoped}.",
                        "フラッグ{fp}の{played}は強いカードを使ってもせいぜい{got}です。フラッグ{fb}の{better}なら"
                        "それを後に残し、まだ{hoped}になれます。"),
    "contest": ("{better} at flag {fb} can still beat the best your opponent can make there ({mb} against {tb}); "
                "{played} at flag {fp} cannot ({mp} against {tp}).",
                "フラッグ{fb}の{better}なら、相手がそこで作れる最善にもまだ勝てます（{mb}対{tb}）。フラッグ{fp}の"
                "{played}では勝てません（{mp}対{tp}）。"),
    "contest_fog": ("{better} at flag {fb} can still beat the best your opponent can make there ({mb} against "
                    "{tb}); {played} at flag {fp} cannot ({mp} against {tp}). Under Fog only the totals count.",
                    "フラッグ{fb}の{better}なら、相手がそこで作れる最善にもまだ勝てます（{mb}対{tb}）。フラッグ{fp}の"
                    "{played}では勝てません（{mp}対{tp}）。霧の下では合計だけが比べられます。"),
    "guile_turns": ("{guile} taking {card} from flag {flag} lets your side there still beat the best your "
                    "opponent can make ({ma} against {ta}); before, it fell short ({mb} against {tb}).",
                    "{guile}でフラッグ{flag}から{card}を取ると、あなたの側はそこで相手が作れる最善にまだ勝てます"
                    "（{ma}対{ta}）。取る前は勝てませんでした（{mb}対{tb}）。"),
    "outmatched_fog": ("{card} at flag {flag} leaves your side there at best {mine}, while your opponent's cards "
                       "can still make {theirs}. Under Fog only the totals count.",
                       "フラッグ{flag}の{card}では、あなたの側はせいぜい{mine}ですが、相手の側はまだ{theirs}にできます。"
                       "霧の下では合計だけが比べられます。"),
    "outmatched_fog_dead": ("{card} at flag {flag} leaves your side there unable to be completed, while your "
                            "opponent's cards can still make {theirs}. Under Fog only the totals count.",
                            "フラッグ{flag}の{card}では、あなたの側はもう完成できませんが、相手の側はまだ{theirs}に"
                            "できます。霧の下では合計だけが比べられます。"),
    "fog_total_of": ("a total of {n}", "合計{n}"),
    "outmatched": ("{card} at flag {flag} leaves your side there at best a {mine}, while your opponent's cards "
                   "can still become a {theirs}.",
                   "フラッグ{flag}の{card}では、あなたの側はせいぜい{mine}ですが、相手の側はまだ{theirs}になれます。"),
    "outmatched_dead": ("{card} at flag {flag} leaves your side there unable to be completed, while your "
                        "opponent's cards can still become a {theirs}.",
                        "フラッグ{flag}の{card}では、あなたの側はもう完成できませんが、相手の側はまだ{theirs}になれます。"),
    "outranked": ("{card} at flag {flag} leaves your side there at best a {kind} of {mine}, while your "
                  "opponent's cards can still become a stronger {kind}: {theirs}.",
                  "フラッグ{flag}の{card}では、あなたの側はせいぜい{mine}の{kind}ですが、相手の側はまだより強い"
                  "{theirs}の{kind}になれます。"),
    "fog_turns": ("Fog at flag {flag} makes only totals count, and that turns the flag: the best totals "
                  "are now {a} for you and {b} for your opponent.",
                  "フラッグ{flag}の霧で合計だけが比べられ、形勢が入れ替わります：最高の合計はあなた{a}、相手{b}です。"),
    "fog_same": ("Fog at flag {flag} changes nothing there: only totals count now, and the same side stays ahead.",
                 "フラッグ{flag}の霧では何も変わりません：合計だけが比べられても、同じ側が優勢のままです。"),
    "mud_turns": ("Mud at flag {flag} makes each side need four cards, and that turns the flag.",
                  "フラッグ{flag}の泥で各自4枚が必要になり、形勢が入れ替わります。"),
    "mud_same": ("Mud at flag {flag} changes nothing there: each side needs four cards, and the same side "
                 "stays ahead.",
                 "フラッグ{flag}の泥では何も変わりません：各自4枚が必要でも、同じ側が優勢のままです。"),
    "prospect": ("{better} at flag {fb} can still become a {hoped}; {played} at flag {fp}, at best a {got}.",
                 "フラッグ{fb}の{better}はまだ{hoped}になれます。フラッグ{fp}の{played}はせいぜい{got}です。"),
    "prospect_dead": ("{better} at flag {fb} can still become a {hoped}; {played} at flag {fp} can no longer be "
                      "completed.",
                      "フラッグ{fb}の{better}はまだ{hoped}になれます。フラッグ{fp}の{played}はもう完成できません。"),
    "hand_completes": ("{better} at flag {fb} makes a {kind} of {cards} from the table and your hand alone; "
                       "{played} at flag {fp}, from them, at best a {other}.",
                       "フラッグ{fb}の{better}なら、場と手札のカードだけで{cards}の{kind}になります。フラッグ{fp}の"
                       "{played}では、それらでせいぜい{other}です。"),
    "hand_completes_none": ("{better} at flag {fb} makes a {kind} of {cards} from the table and your hand alone; "
                            "{played} at flag {fp} cannot be completed from them.",
                            "フラッグ{fb}の{better}なら、場と手札のカードだけで{cards}の{kind}になります。フラッグ{fp}の"
                            "{played}は、それらでは完成できません。"),
    "lower_card_enough": ("{better} at flag {fb} can still beat the best your opponent can make there (a {mk} of "
                          "{mc} against a {tk} of {tc}), as {played} at flag {fp} can: the higher card is kept for "
                          "later.",
                          "フラッグ{fb}の{better}でも、相手がそこで作れる最善にまだ勝てます（{mc}の{mk}対{tc}の{tk}）。"
                          "フラッグ{fp}の{played}と同じく勝てるので、高いカードは後に残せます。"),
    "stronger_prospect": ("{better} at flag {fb} can still become a {kind} of {cb}; {played} at flag {fp}, "
                          "at best a {kind} of {cp}.",
                          "フラッグ{fb}の{better}はまだ{cb}の{kind}になれます。フラッグ{fp}の{played}はせいぜい"
                          "{cp}の{kind}です。"),
    "scout_first": ("{scout} puts no card on the table this turn: you draw up to three of the {left} cards "
                    "still in the decks and put two of your choice back, before choosing where to commit one; "
                    "{card} at flag {flag} is committed now.",
                    "{scout}ならこの手番は場にカードを出しません：山札に残る{left}枚から3枚まで引き、好きな2枚を戻して"
                    "から、どこに出すかを選べます。フラッグ{flag}の{card}は今ここで出すことになります。"),
    # Ancient Battles
    "back_row_open": ("{square} on your Back Row is left open, and the {troop} on {source} can step onto it "
                      "next turn.",
                      "自陣後列の{square}が空いたままで、{source}の{troop}が次の手番にそこへ進めます。"),
    "back_row_open_race": ("{square} on your Back Row is left open, and the {troop} on {source} can step onto "
                           "it next turn: with the steps in reach, that wins them the battle on terrain.",
                           "自陣後列の{square}が空いたままで、{source}の{troop}が次の手番にそこへ進めます。"
                           "届く分を合わせると、相手の地形勝利になります。"),
    "race_opened": ("After your plan the enemy can reach {n} empty squares of your Back Row within two moves "
                    "({squares}), holding {held} already, against {m} after the better plan; {need} win the battle "
                    "on terrain.",
                    "あなたの計画の後、敵は2手以内に自陣後列の空きマス{n}つ（{squares}）に届き、すでに{held}つを"
                    "占めています。よりよい計画なら{m}つです。{need}つで地形勝利です。"),
    "casualty_race": ("The casualty race: you are {mine} points from losing, your opponent {theirs}.",
                      "損害の競争：あなたは敗北まであと{mine}点、相手はあと{theirs}点です。"),
    "fire_odds": ("The shot from {source} at the {troop} on {target} eliminates it {e}% of the time and "
                  "disrupts it {d}%.",
                  "{source}から{target}の{troop}への射撃は、{e}%で除去、{d}%で混乱させます。"),
    "attack_odds": ("The attack from {source} on the {troop} on {target} eliminates it {e}% of the time and "
                    "disrupts it {d}%; your unit on {source} ({own}) is then eliminated in their next turn "
                    "{x}% of the time.",
                    "{source}から{target}の{troop}への攻撃は、{e}%で除去、{d}%で混乱させます。その後、"
                    "{source}の{own}は相手の次の手番に{x}%で除去されます。"),
    "in_danger": ("Your unit on {square} ({troop}) is left in danger: the {attacker} on {source} can "
                  "eliminate it {p}% of the time.",
                  "{square}の{troop}が危険なままです：{source}の{attacker}が{p}%で除去できます。"),
    "exposed": ("Your unit on {square} ({troop}) is left exposed: from where they stand, the enemy's units on "
                "{source} disrupt or eliminate it next turn {p}% of the time (eliminate it {e}%).",
                "{square}の{troop}が無防備なままです：今いる場所から、{source}の敵が次の手番に{p}%で混乱か除去させます"
                "（除去は{e}%）。"),
    "reinforcement_missed": ("The better plan reinforces {squares} from the reserve; yours does not.",
                             "よりよい計画は予備から{squares}へ増援しますが、あなたの計画はしません。"),
    "rally_missed": ("The better plan rallies {squares}; yours does not.",
                     "よりよい計画は{squares}を立て直しますが、あなたの計画はしません。"),
}


def _say(lang: str, key: str, subject: str | None = None, **blanks) -> str:
    """The sentence ``key`` with its blanks; ``subject`` (a move in words) stands for "this"."""
    en, ja = SENTENCES[key]
    if lang == "ja":
        return ja.format(kore=f"{subject}で" if subject else "これで", **blanks)
    return en.format(This=subject or "This", this=subject or "this", **blanks)


def _cards(cards, lang: str, names: Any) -> str:
    words = [card_name(c, lang, names) for c in cards]
    if lang == "ja":
        return "、".join(words)
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _squares(squares, lang: str) -> str:
    return ("、" if lang == "ja" else ", ").join(squares)


def _pct(x) -> int:
    return round(100 * float(x))


def motif_sentence(motif, lang: str = "en", names: Any = "ancient", subject: str | None = None) -> str:
    """One motif of either game as a sentence in ``lang`` (``"en"`` or ``"ja"``); ``subject``
    (the move in words) names the move where the sentence would say "this".

    >>> from battleline.standard.motifs import Motif
    >>> motif_sentence(Motif("win_allowed", (3,), detail=("breakthrough",)), subject="Yellow 2 at flag 3")
    'Yellow 2 at flag 3 lets your opponent prove flag 3 at once and win by Breakthrough.'
    """
    if hasattr(motif, "squares"):
        return _ancient_sentence(motif, lang)
    key, flags, detail = motif.key, motif.flags, motif.detail
    if key in ("contest_fog", "guile_turns", "outmatched_fog"):
        return _who_can_still_win(motif, lang, names)
    card = card_name(motif.cards[0], lang, names) if motif.cards else ""
    if key in ("win_at_once", "win_allowed"):
        return _say(lang, key, subject, flags=flags_words(flags, lang), reason=outcome_word(detail[0], lang))
    if key == "win_threatened":
        return _say(lang, key, subject, flags=flags_words(flags, lang))
    if key in ("claim_given", "claim_made"):
        return _say(lang, key, subject, flag=flags[0])
    if key == "lost_flag":
        return _say(lang, f"lost_flag_{detail[0]}", card=card, flag=flags[0])
    if key == "card_gone":
        return _say(lang, "card_gone" if len(motif.cards) > 1 else "card_gone_one", flag=flags[0],
                    kind=formation_name(detail[0], lang, names), cards=_cards(motif.cards, lang, names))
    if key == "own_card_breaks":
        was = formation_name(detail[0], lang, names)
        if detail[1] is None:
            return _say(lang, "own_card_breaks_dead", card=card, flag=flags[0], was=was)
        return _say(lang, key, card=card, flag=flags[0], was=was, now=formation_name(detail[1], lang, names))
    if key == "outmatched":
        theirs = formation_name(detail[1], lang, names)
        if detail[0] is None:
            return _say(lang, "outmatched_dead", card=card, flag=flags[0], theirs=theirs)
        return _say(lang, key, card=card, flag=flags[0], theirs=theirs, mine=formation_name(detail[0], lang, names))
    if key == "outranked":
        return _say(lang, key, card=card, flag=flags[0], kind=formation_name(detail[0], lang, names),
                    mine=_cards(detail[1], lang, names), theirs=_cards(detail[2], lang, names))
    if key == "hand_completes":
        better, played = (card_name(c, lang, names) for c in motif.cards)
        blanks = dict(better=better, played=played, fb=flags[0], fp=flags[1], cards=_cards(detail[1], lang, names),
                      kind=formation_name(detail[0], lang, names))
        if detail[2] is None:
            return _say(lang, "hand_completes_none", **blanks)
        return _say(lang, key, other=formation_name(detail[2], lang, names), **blanks)
    if key == "stronger_prospect":
        better, played = (card_name(c, lang, names) for c in motif.cards)
        return _say(lang, key, better=better, played=played, fb=flags[0], fp=flags[1],
                    kind=formation_name(detail[0], lang, names), cb=_cards(detail[1], lang, names),
                    cp=_cards(detail[2], lang, names))
    if key == "lower_card_enough":
        better, played = (card_name(c, lang, names) for c in motif.cards)
        return _say(lang, key, better=better, played=played, fb=flags[0], fp=flags[1],
                    mk=formation_name(detail[0], lang, names), mc=_cards(detail[1], lang, names),
                    tk=formation_name(detail[2], lang, names), tc=_cards(detail[3], lang, names))
    if key == "contest":
        better, played = (card_name(c, lang, names) for c in motif.cards)
        named = [_kind_words(k, lang, names) for k in detail]
        return _say(lang, key, better=better, played=played, fb=flags[0], fp=flags[1], mb=named[0], tb=named[1],
                    mp=named[2], tp=named[3])
    if key == "high_card_spent":
        better, played = (card_name(c, lang, names) for c in motif.cards)
        return _say(lang, key, better=better, played=played, fb=flags[0], fp=flags[1],
                    hoped=formation_name(detail[0], lang, names), got=formation_name(detail[1], lang, names))
    if key == "prospect":
        better, played = (card_name(c, lang, names) for c in motif.cards)
        hoped = formation_name(detail[0], lang, names)
        if detail[1] is None:
            return _say(lang, "prospect_dead", better=better, played=played, fb=flags[0], fp=flags[1], hoped=hoped)
        return _say(lang, key, better=better, played=played, fb=flags[0], fp=flags[1], hoped=hoped,
                    got=formation_name(detail[1], lang, names))
    if key == "scout_first":
        return _say(lang, key, scout=card, card=card_name(motif.cards[1], lang, names), flag=flags[0],
                    left=detail[0])
    if key in ("fog", "mud"):
        changes, mine, theirs = detail
        if not changes:
            return _say(lang, f"{key}_same", flag=flags[0])
        return _say(lang, f"{key}_turns", flag=flags[0], a=_total(mine), b=_total(theirs))
    raise ValueError(f"unknown motif {str(key)[:30]!r}")


def _who_can_still_win(motif, lang: str, names: Any) -> str:
    """``contest_fog``, ``guile_turns`` and ``outmatched_fog``: each side's best, by total under
    Fog, named with its cards where it is a formation (``outmatched_fog``: both totals' cards)."""
    key, flags, detail = motif.key, motif.flags, motif.detail
    if key == "outmatched_fog":
        mine, theirs = (_total_with_cards(b, lang, names) for b in detail)
        card = card_name(motif.cards[0], lang, names)
        return _say(lang, key if detail[0] else "outmatched_fog_dead", card=card, flag=flags[0], mine=mine,
                    theirs=theirs)
    first, second = (card_name(c, lang, names) for c in motif.cards)
    if key == "contest_fog":
        named = [_best_words(b, lang, names) for b in detail]
        return _say(lang, key, better=first, played=second, fb=flags[0], fp=flags[1], mb=named[0], tb=named[1],
                    mp=named[2], tp=named[3])
    named = [_formation_of(b, lang, names) for b in detail[:2]] + [_best_words(b, lang, names) for b in detail[2:]]
    return _say(lang, key, guile=first, card=second, flag=flags[0], ma=named[0], ta=named[1], mb=named[2],
                tb=named[3])


def _kind_words(kind: str | None, lang: str, names: Any) -> str:
    """A formation's name, or that the side can no longer be completed."""
    if kind is None:
        return "nothing" if lang != "ja" else "完成不可"
    return formation_name(kind, lang, names)


def _best_words(best, lang: str, names: Any) -> str:
    """A side's best ``(strength, kind)``: its total under Fog, else its formation's name."""
    if best is not None and best[1] == "total":
        return SENTENCES["fog_total_of"][lang == "ja"].format(n=best[0])
    return _kind_words(None if best is None else best[1], lang, names)


def _formation_of(best, lang: str, names: Any) -> str:
    """A side's best ``(strength, kind, cards)`` with its cards: "a Wedge of Blue 6, Blue 7 and Blue 8"."""
    if best is None or best[1] == "total":
        return _best_words(best, lang, names)
    kind, cards = formation_name(best[1], lang, names), _cards(best[2], lang, names)
    return f"{cards}の{kind}" if lang == "ja" else f"a {kind} of {cards}"


def _total_with_cards(best, lang: str, names: Any) -> str:
    """A side's best ``(total, "total", cards)`` under Fog: "a total of 28 (Purple 9, Yellow 10 and Red 9)"."""
    if best is None:
        return _kind_words(None, lang, names)
    cards = _cards(best[2], lang, names)
    return _best_words(best, lang, names) + (f"（{cards}）" if lang == "ja" else f" ({cards})")


def _total(best) -> str:
    """A side's best under Fog: its total (the strength is the total there)."""
    return "-" if best is None else str(best[0])


def _ancient_sentence(motif, lang: str) -> str:
    key, sq, detail, troops = motif.key, motif.squares, motif.detail, motif.troops

    def troop(i: int) -> str:
        return ancient_troop(troops[i], lang) if i < len(troops) and troops[i] else "?"

    if key == "back_row_open":
        return _say(lang, "back_row_open_race" if detail[0] else key, square=sq[0], source=sq[1], troop=troop(1))
    if key == "casualty_race":
        return _say(lang, key, mine=detail[0], theirs=detail[1])
    if key == "race_opened":
        return _say(lang, key, squares=_squares(sq, lang), held=detail[0], n=detail[1], m=detail[2], need=detail[3])
    if key == "attack_odds":
        e, d, danger = detail
        if danger is None:
            return _say(lang, "fire_odds", source=sq[0], target=sq[-1], troop=troop(len(sq) - 1), e=_pct(e), d=_pct(d))
        return _say(lang, key, source="+".join(sq[:-1]), target=sq[-1], troop=troop(len(sq) - 1), own=troop(0),
                    e=_pct(e), d=_pct(d), x=_pct(danger))
    if key == "in_danger":
        return _say(lang, key, square=sq[0], troop=troop(0), source="+".join(sq[1:]), attacker=troop(1),
                    p=_pct(detail[0]))
    if key == "exposed":
        return _say(lang, key, square=sq[0], troop=troop(0), source=_squares(sq[1:], lang), p=_pct(detail[0]),
                    e=_pct(detail[1]))
    if key in ("reinforcement_missed", "rally_missed"):
        return _say(lang, key, squares=_squares(sq, lang))
    raise ValueError(f"unknown motif {str(key)[:30]!r}")

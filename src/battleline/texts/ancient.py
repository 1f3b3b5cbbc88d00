"""Ancient Battles' words, in English and Japanese. The notebook view of the second game
(:mod:`battleline.widgets.ancient`) words everything here, apart from the engine's own error
texts, which stay in English behind a lead-in. Troop names in Japanese follow the Japanese
reference card.

>>> ancient_troop(9, "ja"), ancient_scenario_words("Marathon", "ja")
('戦車', 'マラトン')
"""

from __future__ import annotations

from .shared import BOT_PREPARING, LANGS, STUDY_SENTENCES
from .board import BOARD_SENTENCES
from .practice import PRACTICE_SENTENCES

__all__ = ["ANCIENT_TROOPS_JA", "ANCIENT_TROOPS_SHORT", "ANCIENT_CATALOG", "ancient_troop", "ancient_troop_short",
           "ancient_scenario_words", "ancient_say"]

ANCIENT_TROOPS_JA = {1: "斥候", 2: "投擲兵", 3: "投槍兵", 4: "重装歩兵", 5: "槍兵", 6: "親衛歩兵",
                     7: "軽騎兵", 8: "重騎兵", 9: "戦車", 10: "象兵"}
#: Each troop type's short name, for a field square too narrow for the whole name (the
#: widget shows it there; the square's accessible name keeps the whole one).
ANCIENT_TROOPS_SHORT = {
    "en": {1: "Skirm.", 2: "Pelt.", 3: "Javel.", 4: "Hopl.", 5: "Phal.", 6: "Hypas.",
           7: "Lt Cav", 8: "Hv Cav", 9: "Char.", 10: "Eleph."},
    "ja": {1: "斥候", 2: "投擲", 3: "投槍", 4: "重装", 5: "槍兵", 6: "親衛", 7: "軽騎", 8: "重騎", 9: "戦車", 10: "象兵"},
}
_ANCIENT_SCENARIOS_JA = {
    "Cunaxa": "クナクサ", "Issus": "イッソス", "Gaugamela": "ガウガメラ", "The Indus": "インダス河畔",
    "Marathon": "マラトン", "Sicily": "シチリア", "Raphia": "ラフィア",
    "Rebel army (Cyrus the Younger)": "反乱軍（小キュロス）", "Royal army (Artaxerxes)": "王の軍（アルタクセルクセス）",
    "Macedonian army (Alexander)": "マケドニア軍（アレクサンドロス）", "Persian army (Darius III)": "ペルシア軍（ダレイオス3世）",
    "Indian army (Porus)": "インド軍（ポロス）", "Greek army": "ギリシア軍", "Persian army": "ペルシア軍",
    "Epirot army (Pyrrhus)": "エペイロス軍（ピュロス）", "Early Carthaginian army (Hanno)": "初期カルタゴ軍（ハンノ）",
    "Army of Egypt (Ptolemy)": "エジプト軍（プトレマイオス）", "Army of Syria (Seleucus)": "シリア軍（セレウコス）",
    "Both leaders are attached to a troop card before deployment.": "両軍とも配置の前にリーダーを軍勢カードに付ける。",
}


def ancient_troop(value: int, lang: str = "en") -> str:
    """An Ancient Battles troop type by its value: ``Light Cavalry`` / ``軽騎兵``.

    >>> ancient_troop(7, "en"), ancient_troop(7, "ja")
    ('Light Cavalry', '軽騎兵')
    """
    if lang == "ja":
        return ANCIENT_TROOPS_JA[value]
    from ..ancient.troops import TROOP_TYPES   # the engine's names, imported late: texts stays light
    return TROOP_TYPES[value].name


def ancient_troop_short(value: int, lang: str = "en") -> str:
    """A troop type's short name by its value: ``Lt Cav`` / ``軽騎``.

    >>> ancient_troop_short(7, "en"), ancient_troop_short(7, "ja")
    ('Lt Cav', '軽騎')
    """
    return ANCIENT_TROOPS_SHORT["ja" if lang == "ja" else "en"][value]


def ancient_scenario_words(text: str, lang: str = "en") -> str:
    """A scenario's title, army name or note in ``lang`` (English where no wording exists)."""
    return _ANCIENT_SCENARIOS_JA.get(text, text) if lang == "ja" else text


_ANCIENT_SENTENCES = {
    # key: (English, Japanese)
    # phases, as the status line words them
    "phase.leader": ("choose the card that carries your leader", "リーダーを付ける軍勢カードを選んでください"),
    "phase.deploy": ("deploy face down: choose a reserve card, then a square of your Back Row",
                     "裏向きに配置：予備のカードを選び、自軍の最後列のマスを選んでください"),
    "phase.initiative": ("the initiative: roll the dice, or choose an offered card",
                         "主導権：ダイスを振るか、出せるカードを選んでください"),
    "phase.tactics": ("Tactics: play Tactics cards, then end the step", "戦略カード：戦略カードを出してから、このステップを終えてください"),
    "phase.actions": ("actions: move cards, place reserves, or draw a Tactics card",
                      "行動：カードを動かす、予備を置く、または戦略カードを引く"),
    "phase.fire": ("missile fire: choose a card, then its target", "射撃：カードを選び、その目標を選んでください"),
    "phase.melee": ("melee: choose a card, then the enemy it attacks (add cards beside it for a flank attack)",
                    "白兵戦：カードを選び、攻撃する敵を選んでください（側面攻撃は隣のカードを加える）"),
    "phase.withdrawal": ("your card is attacked: withdraw or stand", "あなたのカードが攻撃されています：退くか踏みとどまるか"),
    "phase.loyalty": ("Loyalty: remove one of your cards", "忠誠：自分のカードを1枚取り除いてください"),
    "phase.rally": ("rally: remove one of your disruption markers, or none", "再集結：混乱マーカーを1つ取り除くか、取り除かない"),
    "phase.over": ("the battle is over", "戦いは終わりました"),
    "end.tactics": ("End Tactics", "戦略カードを終える"),
    "end.actions": ("End actions", "行動を終える"),
    "end.fire": ("End missile fire", "射撃を終える"),
    "end.melee": ("End melee (end the player turn)", "白兵戦を終える（手番の終わり）"),
    "reason.terrain": ("terrain victory", "地形勝利"),
    "reason.casualties": ("casualties", "損害"),
    "reason.leader": ("the leader fell", "リーダーの戦死"),
    "reason.draw": ("too many quiet turns (no disruption, no elimination)", "戦闘のないターンが続いた"),
    "scenario_heading": ("{title} — South: {south} · North: {north}", "{title} — 南軍：{south}・北軍：{north}"),
    "side.south": ("South", "南軍"),
    "side.north": ("North", "北軍"),
    # status
    "won": ("{side} wins: {reason}.", "{side}の勝ち：{reason}。"),
    "won_you": ("You win: {reason}.", "あなたの勝ち：{reason}。"),
    "drawn": ("A draw: {reason}.", "引き分け：{reason}。"),
    "thinking": ("The bot is playing its turn…", "ボットが手番をプレイ中…"),
    "bot_to_act": ("Turn {turn}. The bot's move.", "ターン{turn}。ボットの番。"),
    "cover": ("Pass to {side} — click when ready", "{side}に交代 — 準備ができたらクリック"),
    "cover_note": ("The field is hidden between turns, so that neither player sees the other's hand.",
                   "手番の間は場を隠し、相手の手札が見えないようにしています。"),
    "cover_button": ("I am {side}: show my side", "{side}です：自分の場を表示"),
    "status": ("Turn {turn}. {who} move — {words}.{extra}", "ターン{turn}。{who}の番 — {words}。{extra}"),
    "your": ("Your", "あなた"),
    "theirs": ("{side}'s", "{side}"),
    # who acts, in the log and the result: you and the bot against a bot, else the sides
    "you": ("You", "あなた"),
    "bot": ("Bot", "ボット"),
    "whose_you": ("Your", "あなたの"),
    "whose_bot": ("Bot's", "ボットの"),
    "whose_side": ("{side}'s", "{side}の"),
    "bot_preparing": BOT_PREPARING,
    "actions_left": (" {n} actions left.", "残り行動{n}。"),
    # the score of a side, in the rulebook's whole numbers: a side loses once its eliminated
    # cards are worth more than half its army, that is at `at` points
    "score_line": ("lost {lost} of {army} points (the battle is lost at {at}); holds {held} of the {needed} "
                   "enemy Back Row positions needed",
                   "損害 {lost} / {army} ポイント（{at} ポイントで敗北）。敵の最後列を {held} / {needed} マス確保"),
    # the odds on a target square, and their legend
    "legend_elim": ("✕ eliminated", "✕ 壊滅"),
    "legend_dis": ("◐ disrupted", "◐ 混乱"),
    "legend_title": ("Chances of the shot or attack on the lit squares:", "光っているマスへの射撃・攻撃の確率："),
    "legend_elim_tip": ("✕: the chance that this card is eliminated", "✕：このカードが壊滅する確率"),
    "legend_dis_tip": ("◐: the chance that this card is disrupted", "◐：このカードが混乱する確率"),
    "attacked_prompt": ("your {unit} is attacked: withdraw or stand", "あなたの{unit}が攻撃されています：退くか踏みとどまるか"),
    "builder_status": ("Build your points army: choose up to three colours, add troops, buy bows.",
                       "ポイント軍を編成：色を3つまで選び、軍勢を加え、弓を買ってください。"),
    "builder_start": ("choose colours, then add troops", "色を選んでから軍勢を加えてください"),
    "builder_unspent": ("Your army costs {points} of {budget} points, {left} unspent; the opponent may "
                        "spend all {budget}. Add troops, or press “Confirm army” again to play with {points}.",
                        "あなたの軍は {points} / {budget} ポイントで、{left} ポイントが未使用です（相手は "
                        "{budget} ポイントまで使えます）。軍勢を加えるか、もう一度「編成を決定」を押すと "
                        "{points} ポイントで戦います。"),
    # units
    "unit": ("{type} ({cards}) on {square}", "{square}の{type}（{cards}）"),
    "unit_hidden": ("a face-down card on {square}", "{square}の裏向きのカード"),
    "sq_empty": ("empty", "空き"),
    "sq_hidden_mine": ("your face-down card", "自軍の裏向きのカード"),
    "sq_hidden_theirs": ("enemy face-down card", "敵の裏向きのカード"),
    "sq_mine": ("your {type} {cards}", "自軍の{type} {cards}"),
    "sq_theirs": ("enemy {type} {cards}", "敵の{type} {cards}"),
    "sq_bad": (", bad terrain ({kind})", "、悪地形（{kind}）"),
    "x_bow": ("bow", "弓"),
    "x_leader": ("leader {name}", "リーダー {name}"),
    "x_stack": ("stack", "重ね"),
    "x_disrupted": ("disrupted", "混乱"),
    "x_Shield": ("Shield Bearers", "盾持ち"),
    "x_Companion": ("Companions", "付き添いの騎兵"),
    # the log
    "log_move": ("{who} moved {unit} to {to}.", "{who}：{unit}を{to}へ動かしました。"),
    "log_deploy": ("{who} placed a card face down on {square}.", "{who}：{square}にカードを裏向きに置きました。"),
    "log_reinforce": ("{who} brought {type} ({card}) from reserve to {square}.",
                      "{who}：予備の{type}（{card}）を{square}に置きました。"),
    "log_leader": ("{whose} leader goes with the {type} ({card}).", "{whose}リーダーは{type}（{card}）に付きます。"),
    "log_draw": ("{who} spent three actions to draw a Tactics card.", "{who}：3行動を使って戦略カードを引きました。"),
    "log_fire": ("{who}: {attackers} fires at {target}.", "{who}：{attackers}が{target}を射撃。"),
    "log_attack1": ("{who}: {attackers} attacks {target}.", "{who}：{attackers}が{target}を攻撃。"),
    "log_attack": ("{who}: {attackers} attack {target}.", "{who}：{attackers}が{target}を攻撃。"),
    "log_roll": ("{who} rolled for the initiative.", "{who}：主導権のダイスを振りました。"),
    "log_scout": ("{who} played Scout to go {option}.", "{who}：偵察を出し、{option}になりました。"),
    "log_play": ("{who} played {what}.", "{who}：{what}を出しました。"),
    "log_remove": ("{who} removed {what} (Loyalty).", "{who}：{what}を取り除きました（忠誠）。"),
    "log_withdraw": ("{whose} attacked card withdraws.", "{whose}攻撃されたカードは退きました。"),
    "log_stand": ("{whose} attacked card stands and fights.", "{whose}攻撃されたカードは踏みとどまって戦います。"),
    "log_rally": ("{who} rallied {square}.", "{who}：{square}を再集結しました。"),
    "log_rally_none": ("{who} rallied none.", "{who}：再集結しませんでした。"),
    "log_dice": (" Dice: {dice}.", "ダイス：{dice}。"),
    "log_result": (" Result: {changes}.", "結果：{changes}。"),
    "log_no_effect": (" No effect.", "効果なし。"),
    "log_first": (" {side} moves first.", "{side}が先攻です。"),
    "log_first_you": (" You move first.", "あなたが先攻です。"),
    "log_initiative": ("Turn {turn}: initiative dice {dice}.{first}", "ターン{turn}：主導権のダイス {dice}。{first}"),
    "log_revealed": ("Both armies are revealed.", "両軍のカードが表になりました。"),
    "log_undone": ("Your last player turn is taken back.", "あなたの直前の手番を取り消しました。"),
    "log_points": ("Points battle: your army ({mine} points) against the bot's ({theirs}).",
                   "ポイント戦：あなたの軍（{mine}ポイント）対ボットの軍（{theirs}ポイント）。"),
    "ch_eliminated": ("{square} eliminated", "{square}壊滅"),
    "ch_disrupted": ("{square} disrupted", "{square}混乱"),
    "ch_rallied": ("{square} rallied", "{square}再集結"),
    "play_on": ("{card} on {square}", "{square}に{card}"),
    "play_redeploy": ("{card}, {frm} to {to}", "{card}（{frm}から{to}へ）"),
    "play_leader": ("{card}, rallying {squares}", "{card}（{squares}を再集結）"),
    "play_leader_own": ("{card}, rallying the card it leads", "{card}（率いるカードを再集結）"),
    "from_reserve": ("{type} ({card}) from the reserve", "予備の{type}（{card}）"),
    "option.first": ("first", "先攻"),
    "option.second": ("second", "後攻"),
    # the choices
    "l_move": ("Move {unit} to {to}", "{unit}を{to}へ動かす"),
    "l_deploy": ("Deploy {type} ({card}) on {square}", "{type}（{card}）を{square}に配置"),
    "l_reinforce": ("Place {type} ({card}) on {square}", "{type}（{card}）を{square}に置く"),
    "l_fire": ("{unit} fires at {target}", "{unit}が{target}を射撃"),
    "l_attack1": ("{units} attacks {target}", "{units}が{target}を攻撃"),
    "l_attack": ("{units} attack {target}", "{units}が{target}を攻撃"),
    "l_draw": ("Draw a Tactics card (three actions)", "戦略カードを引く（3行動）"),
    "l_roll": ("Roll for the initiative", "主導権のダイスを振る"),
    "l_scout": ("Play Scout: go {option}", "偵察を出して{option}になる"),
    "l_leader": ("Leader with the {type} ({card})", "リーダーを{type}（{card}）に付ける"),
    "l_play": ("Play {what}", "{what}を出す"),
    "l_remove": ("Remove {what}", "{what}を取り除く"),
    "l_withdraw": ("Withdraw to the empty position behind", "後ろの空いたマスへ退く"),
    "l_stand": ("Stand and fight", "踏みとどまって戦う"),
    "l_rally": ("Rally {square}", "{square}を再集結"),
    "l_rally_none": ("Rally none", "再集結しない"),
    "odds": (": no effect {none}, disrupted {dis}, eliminated {elim}", "：効果なし {none}、混乱 {dis}、壊滅 {elim}"),
    "and": (" and ", "と"),
    "list_sep": ("; ", "、"),
    "tag_sep": (", ", "、"),
    # the combined (flank) attack
    "join_label": ("Add {unit} to the attack", "{unit}を攻撃に加える"),
    "attack_with": ("Attack with {units}: ", "{units}で攻撃："),
    "strength": ("strength {attack} against {defence} for {target} (each side adds a die)",
                 "戦力{attack}対{target}の{defence}（双方ダイス1個を足す）"),
    "danger": ("Your {unit} next turn: disrupted {dis}, eliminated {elim} (enemy cards that can hit it: {squares})",
               "次のターンのあなたの{unit}：混乱 {dis}、壊滅 {elim}（攻撃できる敵：{squares}）"),
    "danger_none": ("Your {unit} next turn: no enemy card you can see can hit it from where it stands",
                    "次のターンのあなたの{unit}：見えている敵はどれも今の位置から攻撃できない"),
    "attack_needs_more": ("{units}: no attack with these cards alone; add a card.",
                          "{units}：このカードだけでは攻撃できません。カードを加えてください。"),
    "attack_may_join": (" May join from the flank: {squares}.", "側面から加われるカード：{squares}。"),
    # rules help
    "h_title": ("{square}: {type}", "{square}：{type}"),
    "h_move": ("{type} (value {value}): move {steps} position{s} a turn, {ways}{terrain}.",
               "{type}（戦力{value}）：1ターンに{steps}マス、{ways}に移動{terrain}。"),
    "h_ways_side": ("forward, left or right", "前・左・右"),
    "h_ways_fwd": ("forward only", "前だけ"),
    "h_no_bad": ("; never into or through bad terrain", "。悪地形には入れず、通り抜けもできない"),
    "h_javelin": ("a javelin: the position in front", "投槍：正面のマス"),
    "h_bow": ("a bow: the position in front, two in front over an empty one, or forward-diagonal",
              "弓：正面のマス、空いたマスを越えた2つ前、または斜め前"),
    "h_none": ("no missile weapon", "飛び道具なし"),
    "h_missiles": ("Missiles: {reach}. Hit by missiles on {hit}.", "射撃：{reach}。{hit}で射撃を受けると命中。"),
    "h_hit6": ("a 6", "6"),
    "h_hit56": ("5 or 6", "5か6"),
    "h_melee": ("Melee: value {value} + a die against the defender's value + a die; a disrupted defender counts half.",
                "白兵戦：戦力{value}＋ダイス1個 対 守り手の戦力＋ダイス1個。混乱した守り手は半分。"),
    "h_proof": (" Cavalry cannot attack it from the front.", "騎兵は正面から攻撃できない。"),
    "h_quality": ("{quality}: +2 in melee, attacking or defending.", "{quality}：白兵戦で攻撃・防御とも＋2。"),
    "h_disrupted": ("Disrupted: it cannot move, fire or attack; a second disruption eliminates it.",
                    "混乱：移動・射撃・攻撃ができない。2度目の混乱で壊滅。"),
    "h_cannot": ("It cannot act now: {why}.", "今は行動できません：{why}。"),
    "why_disrupted": ("it is disrupted", "混乱している"),
    "why_moved": ("it has moved (or was placed) this turn", "このターンにすでに移動した（または置かれた）"),
    "why_fired": ("it has fired this turn", "このターンにすでに射撃した"),
    "why_attacked": ("it has attacked this turn", "このターンにすでに攻撃した"),
    "why_blocked": ("no position it may move to is free", "移動できる空きマスがない"),
    "why_no_weapon": ("no missile weapon", "飛び道具がない"),
    "why_no_target": ("no undisrupted enemy card within reach", "届く範囲に混乱していない敵がいない"),
    "why_no_enemy": ("no enemy card it may attack (directly in front, or a flank attack fixed at the turn's start)",
                     "攻撃できる敵がいない（正面、またはターン開始時に決まった側面攻撃）"),
    "why_step": ("cards do not act in the {step} step", "{step}のステップではカードは行動しない"),
    # errors
    "error": ("{text}", "できません：{text}"),
    "bot_failed": ("The bot failed: {text}", "ボットのエラー：{text}"),
    "went_wrong": ("Something went wrong: {text}", "問題が起きました：{text}"),
}

ANCIENT_CATALOG = {lang: {key: words[i] for key, words in {**_ANCIENT_SENTENCES, **STUDY_SENTENCES, **BOARD_SENTENCES, **PRACTICE_SENTENCES}.items()}
                   for i, lang in enumerate(LANGS)}


def ancient_say(lang: str, key: str, **kw) -> str:
    """The Ancient Battles view's sentence ``key`` in ``lang`` with the blanks filled in.

    >>> ancient_say("ja", "log_deploy", who="南軍", square="a1")
    '南軍：a1にカードを裏向きに置きました。'
    """
    return ANCIENT_CATALOG[lang][key].format(**kw)

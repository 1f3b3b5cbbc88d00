"""Ancient Battles' widget: the shell (:mod:`.shell`), the battle's controller and the bot's
turn (:mod:`.battle`), the army builder of a points battle (:mod:`.builder`), the battle's
view (:mod:`.view`) and its words (:mod:`.words`). The machinery both games share lives one
level up, in :mod:`battleline.widgets`.

>>> from battleline.widgets.ancient.shell import AncientBattlesWidget
>>> AncientBattlesWidget(scenario="marathon", opponent="easy", seed=2).view["phase"]
'deploy'
"""

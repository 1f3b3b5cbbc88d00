"""Battle Line's widget: the shell (:mod:`.shell`), one controller per mode (:mod:`.play`,
:mod:`.edit`, :mod:`.puzzle`) and the board as one seat sees it (:mod:`.table`). The
machinery both games share lives one level up, in :mod:`battleline.widgets`.

>>> from battleline.widgets.standard.shell import BattleLineWidget
>>> BattleLineWidget(opponent="easy", seed=1).view["mode"]
'play'
"""

"""``python -m battleline.arena``: see :func:`battleline.arena.main`."""

from . import main

main()

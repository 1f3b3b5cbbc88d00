"""``python -m battleline.ancient.kernel check …``: compare the Ancient kernel with the engine
(see :mod:`battleline.ancient.kernel.check`)."""

import sys

from ...compiled.checks import check_command
from .check import main

if __name__ == "__main__":
    sys.exit(check_command(main, "usage: python -m battleline.ancient.kernel check [--battles N] [--perft-positions N] [--depth D]"))

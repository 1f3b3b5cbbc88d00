"""``python -m battleline.standard.kernel check …``: compare the kernel with the reference engine
(see :mod:`battleline.standard.kernel.check`)."""

import sys

from ...compiled.checks import check_command
from .check import main

if __name__ == "__main__":
    sys.exit(check_command(main, "usage: python -m battleline.standard.kernel check [--games N] [--perft-positions N] [--depth D]"))

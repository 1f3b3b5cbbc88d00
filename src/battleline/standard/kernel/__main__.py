"""``python -m battleline.standard.kernel check …``: compare the kernel with the reference engine
(see :mod:`battleline.standard.kernel.check`)."""

import sys

from .check import main

if __name__ == "__main__":
    args = sys.argv[1:]
    if args[:1] != ["check"]:
        print("usage: python -m battleline.standard.kernel check [--games N] [--perft-positions N] [--depth D]",
              file=sys.stderr)
        sys.exit(2)
    sys.exit(main(args[1:]))

"""``python -m battleline.ancient.kernel check …``: compare the Ancient kernel with the engine
(see :mod:`battleline.ancient.kernel.check`)."""

import sys

from .check import main

if __name__ == "__main__":
    args = sys.argv[1:]
    if args[:1] != ["check"]:
        print("usage: python -m battleline.ancient.kernel check [--battles N] [--perft-positions N] [--depth D]",
              file=sys.stderr)
        sys.exit(2)
    sys.exit(main(args[1:]))

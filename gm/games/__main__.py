"""`python -m gm.games NAME`: the game NAME means on gm's command line ("funocrasy" is
funocracy), printed as the command line writes it; or the one sentence gm says of an unknown
game, and exit status 2. ./scripts/play asks it before it announces a demo of the game."""

from __future__ import annotations

import sys

from gm.games import UnknownGame, find


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("gm: Name one game: python -m gm.games GAME.", file=sys.stderr)
        return 2
    try:
        print(find(argv[0]).id.replace("_", "-"))
    except UnknownGame as error:
        print(f"gm: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

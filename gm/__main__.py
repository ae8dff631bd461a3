"""`python -m gm` and the `gm` command: gm's command line, with Ctrl+C while it is still loading
(its imports take a moment) ending in one sentence too."""

import sys


def run() -> int:
    try:
        from gm.cli import main
    except KeyboardInterrupt:
        print("gm: stopped before it started; nothing was changed.", file=sys.stderr)
        return 130
    return main()


if __name__ == "__main__":
    raise SystemExit(run())

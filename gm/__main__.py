"""`python -m gm` and the `gm` command: gm's command line, with Ctrl+C while it is still loading
(its imports take a moment) ending in one sentence too."""

import os
import sys


def run() -> int:
    try:
        from gm.cli import main
    except KeyboardInterrupt:
        print("gm: stopped before it started; nothing was changed.", file=sys.stderr, flush=True)
        # Nothing was opened or written, so gm leaves at once: a Ctrl+C that lands in code an
        # extension module runs while it loads leaves CPython set to end the process by SIGINT
        # on its way out, whatever status is returned (1 run in about 20 of the suite's).
        os._exit(130)
    code = main()
    if code == 130:
        # Stopped by Ctrl+C: main has said so and every save is closed, but CPython may still be
        # set to end the process by SIGINT (-2) on its way out, as above (1 run in about 40)
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError):
                pass
        os._exit(130)
    return code


if __name__ == "__main__":
    raise SystemExit(run())

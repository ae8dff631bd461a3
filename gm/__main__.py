"""`python -m gm` and the `gm` command: gm's command line, with Ctrl+C while it is still loading
(its imports take a moment) ending in one sentence too."""

import os
import signal
import sys

_TERMINATED = []


def _terminate(signum, frame) -> None:
    """SIGTERM (a service manager, `kill`): stopped as Ctrl+C stops gm, every save closed and
    said in one sentence, leaving with 143 as a terminated process does."""
    _TERMINATED.append(signum)
    raise KeyboardInterrupt


def run() -> int:
    signal.signal(signal.SIGTERM, _terminate)
    try:
        from gm.cli import main
    except KeyboardInterrupt:
        print("gm: Stopped before it started; nothing was changed.", file=sys.stderr, flush=True)
        code = 130
    else:
        code = main()
    if code == 130:
        # Stopped by Ctrl+C, said in one sentence, every save closed: gm leaves at once. A Ctrl+C
        # that lands in code an extension module runs (while it loads, or later) leaves CPython
        # set to end the process by SIGINT (-2) on its way out, whatever status is returned
        # (1 run in 20 to 40 of the suite's).
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError):
                pass
        os._exit(143 if _TERMINATED else 130)
    return code


if __name__ == "__main__":
    raise SystemExit(run())

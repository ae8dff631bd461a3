# Shared by scripts/play and scripts/test: system packages, then .venv with gm installed.
# Usage: source scripts/bootstrap.sh EXTRAS PACKAGE...
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
EXTRAS="$1"; shift
PACKAGES=("$@")

PY="${PYTHON:-python3}"
if ! command -v "$PY" >/dev/null 2>&1; then
  PACKAGES+=(python3 python3-venv)
elif ! "$PY" -c 'import sys; raise SystemExit(sys.version_info < (3, 10))'; then
  echo "gm needs Python 3.10 or newer; $("$PY" --version) is installed." >&2; exit 1
elif ! "$PY" -c 'import venv, ensurepip' >/dev/null 2>&1; then
  PACKAGES+=(python3-venv)
fi

missing=()
for package in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "gm needs these system packages, and this is not a Debian or Ubuntu machine: ${missing[*]}" >&2; exit 1
  elif [ "$(id -u)" = 0 ]; then
    echo "Installing system packages: ${missing[*]}" >&2
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "gm needs system packages first. Run this, then try again:" >&2
    echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
fi

if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
# One stamp for both scripts: it names the extras installed ("none" or "test"), so ./scripts/play
# after ./scripts/test finds gm installed; pyproject.toml newer than it means install again.
stamp=".venv/.gm-installed"
have="$(cat "$stamp" 2>/dev/null || true)"
want="$EXTRAS"
[ "$have" = test ] && want=test  # what is installed stays installed
if [ -z "$have" ] || [ pyproject.toml -nt "$stamp" ] || [ "$have" != "$want" ]; then
  echo "Installing gm and its Python packages into .venv ..." >&2
  target="."; [ "$want" = none ] || target=".[$want]"
  # pip's own output (setuptools' warnings among it) is shown only when the install fails
  if ! log="$(.venv/bin/python -m pip install -q --upgrade pip 2>&1 \
      && .venv/bin/python -m pip install -q -e "$target" 2>&1)"; then
    echo "$log" >&2
    echo "Installing gm failed; the lines above say why." >&2
    exit 1
  fi
  echo "$want" > "$stamp"
fi

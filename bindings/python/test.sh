#!/usr/bin/env bash
# Builds the Python package in a fresh virtual environment and runs its tests:
#
#   bash bindings/python/test.sh
#
# `pip install ./bindings/python` with the test requirements pinned in requirements-test.txt,
# then the type checks: stubtest (python/welcome_to/_core.pyi against the built module) and
# `mypy --strict` on the package and on tests/typecheck_example.py (which is then run as
# well), then pytest, with the pinned Gymnasium and again with the newest 1.x. The Rust build
# shares the workspace's target directory. Installs Debian's python3-venv if `python3 -m venv`
# cannot work without it.
set -euo pipefail
cd "$(dirname "$0")"
ROOT=$(cd ../.. && pwd)
VENV=$(mktemp -d)
trap 'rm -rf "$VENV"' EXIT

if ! python3 -m venv "$VENV/env" >/dev/null 2>&1; then
  echo "== installing python3-venv"
  if [ "$(id -u)" = 0 ]; then
    apt-get update && apt-get install -y python3-venv
  else
    sudo apt-get update && sudo apt-get install -y python3-venv
  fi
  rm -rf "$VENV/env"
  python3 -m venv "$VENV/env"
fi
PY="$VENV/env/bin/python"

CARGO_TARGET_DIR=$(cd "$ROOT" && cargo metadata --format-version 1 --no-deps | "$PY" -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')
export CARGO_TARGET_DIR

echo "== pip install ./bindings/python"
"$PY" -m pip install --quiet --disable-pip-version-check -r requirements-test.txt
"$PY" -m pip install --quiet --disable-pip-version-check "$ROOT/bindings/python"

echo "== stubtest welcome_to._core"
# Compares every name, signature, default and base class of the stub with the built module.
# No allowlist is needed: what stubtest cannot see (RuleError's `code`, set on each raised
# instance; the stub-only `_`-prefixed TypedDicts and aliases) it does not report either.
# Run from the temporary folder, where its .mypy_cache goes.
(cd "$VENV" && "$PY" -m mypy.stubtest welcome_to._core)

echo "== mypy --strict welcome_to, tests/typecheck_example.py"
# From the tests folder, so that the installed package (with its py.typed) is checked.
export MYPY_CACHE_DIR="$VENV/mypy-cache"
cd tests
"$PY" -m mypy --strict -p welcome_to
"$PY" -m mypy --strict typecheck_example.py
"$PY" typecheck_example.py

echo "== pytest bindings/python/tests (gymnasium $("$PY" -c 'import gymnasium; print(gymnasium.__version__)'), as pinned)"
# Run from the tests folder so the installed package is imported, not the source tree.
"$PY" -m pytest -q -p no:cacheprovider

# The package accepts any Gymnasium 1.x, whose newer releases check more (1.4's env checker
# refuses arrays an earlier step returned): the suite again with the newest one.
"$PY" -m pip install --quiet --disable-pip-version-check --upgrade "gymnasium>=1,<2"
echo "== pytest bindings/python/tests (gymnasium $("$PY" -c 'import gymnasium; print(gymnasium.__version__)'), the newest 1.x)"
"$PY" -m pytest -q -p no:cacheprovider

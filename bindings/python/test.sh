#!/usr/bin/env bash
# Builds the Python package in a fresh virtual environment and runs its tests:
#
#   bash bindings/python/test.sh
#
# `pip install ./bindings/python` with the test requirements pinned in requirements-test.txt,
# then pytest. The Rust build shares the workspace's target directory. Installs Debian's
# python3-venv if `python3 -m venv` cannot work without it.
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

echo "== pytest bindings/python/tests"
# Run from the tests folder so the installed package is imported, not the source tree.
cd tests
"$PY" -m pytest -q -p no:cacheprovider

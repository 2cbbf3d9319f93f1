#!/usr/bin/env bash
# Runs the MaskablePPO example briefly in a fresh virtual environment of its own, as CI does:
#
#   bash bindings/python/examples/smoke.sh [TIMESTEPS]
#
# Installs the package and examples/requirements.txt (torch from PyPI comes with its CUDA
# libraries: about 3 GB to download and 5 GB installed, removed again at the end; nothing is
# kept in pip's cache), then trains for TIMESTEPS steps (default 4096) and evaluates on 50
# fixed seeds. A smoke test of the whole path (batched env, VecEnv adapter, masks, training,
# evaluation), not of learning: so short a run is not required to beat the random bot. The
# Rust build shares the workspace's target directory.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(cd ../.. && pwd)
STEPS=${1:-4096}
VENV=$(mktemp -d)
trap 'rm -rf "$VENV"' EXIT

python3 -m venv "$VENV/env"
PY="$VENV/env/bin/python"
CARGO_TARGET_DIR=$(cd "$ROOT" && cargo metadata --format-version 1 --no-deps | "$PY" -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')
export CARGO_TARGET_DIR

echo "== pip install ./bindings/python -r examples/requirements.txt"
"$PY" -m pip install --quiet --disable-pip-version-check --no-cache-dir -r examples/requirements.txt "$ROOT/bindings/python"

echo "== examples/train_maskable_ppo.py --timesteps $STEPS"
# From the temporary folder, so that the installed package is imported.
(cd "$VENV" && "$PY" "$ROOT/bindings/python/examples/train_maskable_ppo.py" --timesteps "$STEPS" --eval-games 50)

#!/usr/bin/env bash
# Browser end-to-end tests: builds the `welcome` binary, starts `welcome serve` on a free
# local port with a throw-away database, and a throw-away PostgreSQL for the failover test's
# nodes, runs the tests in e2e/tests with Node's test runner against Debian's Chromium, and
# always stops them.
#
#   bash e2e/run.sh                          # every test
#   bash e2e/run.sh tests/solo.test.js       # only the files named
#
# Installs what is missing (the chromium package, playwright-core from e2e/package-lock.json).
# Screenshots go to docs/screenshots/; the server log and any failure screenshots to
# e2e/artifacts/. E2E_PORT picks the port; CHROMIUM another browser binary. To run the tests
# against a server that is already running: E2E_BASE=http://127.0.0.1:8080 node --test tests/
set -euo pipefail
cd "$(dirname "$0")"
E2E_DIR=$(pwd)
ROOT=$(cd .. && pwd)

if [ ! -x /usr/bin/chromium ]; then
  echo "== installing chromium"
  if [ "$(id -u)" = 0 ]; then
    apt-get update && apt-get install -y chromium
  else
    sudo apt-get update && sudo apt-get install -y chromium
  fi
fi

if [ ! -f node_modules/playwright-core/package.json ]; then
  echo "== installing playwright-core"
  npm ci --no-audit --no-fund || npm install --no-audit --no-fund
fi

echo "== building the welcome binary"
(cd "$ROOT" && cargo build --quiet --bin welcome)
TARGET_DIR=$(cd "$ROOT" && cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')
BIN="$TARGET_DIR/debug/welcome"

if ! "$BIN" serve --help >/dev/null 2>&1; then
  echo "e2e: the welcome binary has no 'serve' subcommand" >&2
  exit 1
fi

PORT=${E2E_PORT:-$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}
WORK=$(mktemp -d)
chmod 755 "$WORK"
mkdir -p "$E2E_DIR/artifacts"
LOG="$E2E_DIR/artifacts/server.log"

"$BIN" serve --addr "127.0.0.1:$PORT" --db "$WORK/e2e.sqlite" >"$LOG" 2>&1 &
SERVER=$!
cleanup() {
  # Ctrl-C is the server's own way to stop; a hard kill if it does not within 5 s
  kill -INT "$SERVER" 2>/dev/null || true
  for _ in $(seq 1 50); do
    kill -0 "$SERVER" 2>/dev/null || break
    sleep 0.1
  done
  kill -KILL "$SERVER" 2>/dev/null || true
  wait "$SERVER" 2>/dev/null || true
  if [ -n "${PG_BIN:-}" ]; then
    $AS "$PG_BIN/pg_ctl" -D "$WORK/pg/data" -m immediate stop >/dev/null 2>&1 || true
  fi
  rm -rf "$WORK"
}
trap cleanup EXIT

# The failover test's nodes share a throw-away PostgreSQL: initdb in the work folder, as the
# postgres user under root (PostgreSQL refuses root), on a free local port.
PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
if [ -z "$PG_BIN" ] || [ ! -x "$PG_BIN/initdb" ]; then
  echo "e2e: PostgreSQL is needed for the failover test (Debian: apt-get install postgresql)" >&2
  exit 1
fi
AS=""
mkdir -p "$WORK/pg"
if [ "$(id -u)" = 0 ]; then
  chown postgres "$WORK/pg"
  AS="runuser -u postgres --"
fi
PGPORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
$AS "$PG_BIN/initdb" -D "$WORK/pg/data" -U welcome --auth=trust -E UTF8 --no-sync >/dev/null
$AS "$PG_BIN/pg_ctl" -D "$WORK/pg/data" -l "$WORK/pg/log" -w \
  -o "-p $PGPORT -k $WORK/pg -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null
$AS "$PG_BIN/createdb" -h 127.0.0.1 -p "$PGPORT" -U welcome welcome_e2e

for _ in $(seq 1 100); do
  if curl -fsS "http://127.0.0.1:$PORT/api/tables" >/dev/null 2>&1; then break; fi
  if ! kill -0 "$SERVER" 2>/dev/null; then
    echo "e2e: the server stopped; its log:" >&2
    cat "$LOG" >&2
    exit 1
  fi
  sleep 0.2
done

echo "== browser tests against http://127.0.0.1:$PORT"
status=0
# The time limit only stops a hung run: on a slower day, beside a benchmark, 39 of the 48 tests
# had run (every one passing) when a limit of 8 minutes stopped them.
E2E_BASE="http://127.0.0.1:$PORT" E2E_SCREENSHOTS="$ROOT/docs/screenshots" E2E_BIN="$BIN" \
  E2E_POSTGRES="postgres://welcome@127.0.0.1:$PGPORT/welcome_e2e" \
  timeout 1200 node --test --test-concurrency=1 "${@:-tests/}" || status=$?
if [ "$status" != 0 ]; then
  echo "e2e: failed (status $status); server log in e2e/artifacts/server.log" >&2
fi
exit "$status"

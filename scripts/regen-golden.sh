#!/usr/bin/env bash
# Regenerates every golden file listed in tests/golden/cases.txt: game records and count
# files. Review the diff before committing: a changed count file means legality changed.
#
# Version 1 records are frozen: the 1st edition must not move, and they are what older readers
# read. Their cases write them with the version 1 writer (--record-version 1); this script never
# rewrites one (as version 2 or otherwise). It only says whether its command still gives the same
# bytes: a bot change may play another game, which leaves the frozen record valid (the tests
# replay it byte for byte).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
golden=tests/golden

cargo build --quiet -p welcome-cli
welcome() { cargo run --quiet -p welcome-cli -- "$@"; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

while read -r file command args; do
    case "$file" in '' | '#'*) continue ;; esac
    # shellcheck disable=SC2086 # the arguments are words by design
    case "$command" in
        simulate)
            rm -rf "$work/records"
            welcome simulate $args --records "$work/records" >/dev/null
            records=("$work"/records/game-*.json)
            if [ "${#records[@]}" -ne 1 ]; then
                echo "error: $file: expected one record, got ${#records[@]}" >&2
                exit 1
            fi
            if [ -f "$golden/$file" ] && grep -q '^  "version": 1,$' "$golden/$file"; then
                if cmp -s "${records[0]}" "$golden/$file"; then
                    echo "unchanged $golden/$file (frozen version 1 record)"
                else
                    echo "note: $golden/$file is a frozen version 1 record: kept, though its command now plays another game" >&2
                fi
                continue
            fi
            mv "${records[0]}" "$golden/$file"
            ;;
        count)
            welcome count $args >"$work/out"
            mv "$work/out" "$golden/$file"
            ;;
        *)
            echo "error: $file: unknown command $command" >&2
            exit 1
            ;;
    esac
    echo "regenerated $golden/$file"
done <"$golden/cases.txt"

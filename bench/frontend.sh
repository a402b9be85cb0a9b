#!/bin/bash
# Front-end benchmark: lowering time and peak memory on a generated C file of ~20,000 lines,
# beside the time the llvm-ir crate alone needs to parse the same bitcode.
# Usage: bench/frontend.sh [LINES]   (appends nothing; prints a Markdown table row to paste into
# bench/RESULTS.md together with the date and machine)
set -euo pipefail
cd "$(dirname "$0")/.."
lines=${1:-20000}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
python3 bench/gen_frontend_input.py "$lines" > "$out/input.c"
cargo build --release -q -p vigil-frontend --bin vigil-frontend-bench
cargo build --release -q -p vigil
bin=${CARGO_TARGET_DIR:-target}/release
echo "input: $(wc -l < "$out/input.c") lines"
for run in 1 2 3; do
  /usr/bin/time -f "peak_rss_kb=%M wall_s=%e" "$bin/vigil-frontend-bench" "$out/input.c" 2>&1 | tr '\n' ' '
  echo
done
echo "whole 'vigil ir' run:"
/usr/bin/time -o "$out/time" -f "peak_rss_kb=%M wall_s=%e" "$bin/vigil" ir "$out/input.c" >/dev/null; cat "$out/time"

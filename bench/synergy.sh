#!/bin/sh
# Runs every program of crates/synergy/tests/programs with the three algorithms of the synergy
# engine (synergy, lee-yannakakis, cegar) and synergy without generalisation, and prints one line
# per run: verdict, iterations, tests, refinements, generalisations, solver calls/time, wall time.
# Usage: bench/synergy.sh [MAX_ITERATIONS [TIMEOUT_S]]   (defaults 2000 and 60)
set -eu
cd "$(dirname "$0")/.."
MAXIT="${1:-2000}"
TIMEOUT="${2:-60}"
TARGET="${CARGO_TARGET_DIR:-target}"
cargo build --release -q -p vigil-synergy --example synergy-bench
BIN="$TARGET/release/examples/synergy-bench"
echo "# $(date -u +%Y-%m-%dT%H:%M:%SZ) $(uname -m) $(nproc) cores; max-iterations $MAXIT, timeout ${TIMEOUT}s"
# The templates' variants are written by `cargo test -p vigil-synergy --test programs`.
for f in crates/synergy/tests/programs/*.c "$TARGET"/tmp/synergy-families/*.c; do
  [ -e "$f" ] || continue
  for alg in synergy lee-yannakakis cegar; do
    "$BIN" "$f" --algorithm "$alg" --max-iterations "$MAXIT" --timeout "$TIMEOUT" || echo "$f $alg crashed"
  done
  "$BIN" "$f" --algorithm synergy --no-generalize --max-iterations "$MAXIT" --timeout "$TIMEOUT" | sed 's/\tsynergy\t/\tsynergy-nogen\t/'
done

#!/bin/sh
# Benchmark of the static engine (issue 5): lines/s, VCs/s, summaries expanded/total and the
# time split between symbolic execution and the solver, on generated programs of thousands of
# lines. Usage: bench/static.sh [OUTDIR]   (CARGO_TARGET_DIR is honoured)
set -eu
cd "$(dirname "$0")/.."
out=${1:-/tmp/vigil-static-bench}
mkdir -p "$out"
cargo build --release -q -p vigil-static --example static_bench
bin=${CARGO_TARGET_DIR:-target}/release/examples/static_bench
$bin gen chain 300 "$out/chain300.c"
$bin gen chain 600 "$out/chain600.c"
$bin gen flags 400 "$out/flags400.c"
$bin gen structs 300 "$out/structs300.c"
echo "machine: $(nproc) cores, $(uname -m); date: $(date -u +%Y-%m-%d)"
$bin run --unroll 2 "$out/chain300.c" "$out/chain600.c" "$out/flags400.c" "$out/structs300.c"

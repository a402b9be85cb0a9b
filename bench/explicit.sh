#!/bin/bash
# Explicit-engine benchmark: states per second and bytes per stored state of vigil's explicit
# engine on scalable C models, beside SPIN on the same models written in Promela, in one run.
# Usage: bench/explicit.sh        (prints a Markdown table to paste into bench/RESULTS.md)
# "time" is vigil's search time (without compiling) and pan's own elapsed time; "user CPU" is
# the process's user time from /usr/bin/time, steadier on a shared machine (vigil's includes
# running clang on the model). vigil runs with --engine explicit only.
# "bytes/state": vigil's own count (state store arenas, its hash tables and the frontier,
# divided by the states); for SPIN, pan's "actual memory usage for states" divided by the states
# (pan's hash table, 128 MB at -w24, and its preallocated DFS stack are not in it).
# "peak RSS": vigil's own peak resident set (VmHWM, sampled; /usr/bin/time would report the
# clang child's ~90 MB when that is larger); pan's from /usr/bin/time (it preallocates).
# After each pair of sizes, "real bytes/state" = growth of vigil's peak RSS / growth of states.
#
# SPIN is run with -o2 ("don't hide write-only variables"): by default spin drops variables that
# are written but never read from the state vector (it hid fifo.pml's buf), which merges states
# that vigil, storing all memory, keeps apart. See bench/RESULTS.md (FIFO mismatch).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v spin >/dev/null || { echo "spin is not installed (apt-get install spin)"; exit 1; }
cargo build --release -q -p vigil
vigil=${CARGO_TARGET_DIR:-target}/release/vigil
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "| model | tool | states | time (s) | user CPU (s) | states/s | bytes/state | peak RSS (MB) |"
echo "|---|---|---|---|---|---|---|---|"
run_model() { # name define value
  local name=$1 def=$2 val=$3
  /usr/bin/time -o "$work/t" -f "%e %M %U" "$vigil" check --engine explicit --format json -D"$def=$val" "bench/models/$name.c" > "$work/v.json" &
  local timer=$! pid="" hwm=0 h
  while kill -0 "$timer" 2>/dev/null; do
    [ -n "$pid" ] || pid=$(pgrep -P "$timer" | head -1 || true)
    if [ -n "$pid" ]; then
      h=$(awk '/VmHWM/ {print $2}' "/proc/$pid/status" 2>/dev/null || true)
      [ -n "$h" ] && hwm=$h
    fi
    sleep 0.1
  done
  wait "$timer" || true
  read -r wall rss user < "$work/t"
  python3 - "$work/v.json" "$name $def=$val" "$wall" "$hwm" "$user" "$work/pairs-$name" <<'PY'
import json, sys
j = json.load(open(sys.argv[1])); s = j["stats"]; wall = float(sys.argv[3])
st = s.get("states", 0); t = s.get("search_s", wall); hwm = int(sys.argv[4])
print(f"| {sys.argv[2]} | vigil ({j['verdict']}) | {st} | {t:.2f} | {sys.argv[5]} (with clang) | {st / max(t, 1e-9):.0f} | {s.get('bytes_per_state', 0)} | {hwm // 1024} |")
with open(sys.argv[6], "a") as f:
    f.write(f"{st} {hwm}\n")
PY
  (cd "$work" && spin -o2 -D"$def=$val" -a "$OLDPWD/bench/models/$name.pml" >/dev/null && gcc -O2 -DSAFETY -DNOREDUCE -DMEMLIM=16000 -o pan pan.c 2>/dev/null)
  /usr/bin/time -o "$work/t" -f "%e %M %U" "$work/pan" -m100000000 > "$work/pan.out" 2>&1 || true
  read -r wall rss user < "$work/t"
  python3 - "$work/pan.out" "$name $def=$val" "$wall" "$rss" "$user" <<'PY'
import re, sys
out = open(sys.argv[1]).read(); wall = float(sys.argv[3])
st = int(re.search(r"(\d+) states, stored", out).group(1))
vec = re.search(r"State-vector (\d+) byte", out).group(1)
m = re.search(r"pan: elapsed time ([0-9.e+-]+) seconds", out)
t = float(m.group(1)) if m else wall
mem = re.search(r"([0-9.]+)\s+actual memory usage for states", out)
per = f"{float(mem.group(1)) * 1048576 / st:.0f} (vector {vec})" if mem else f"vector {vec}"
print(f"| {sys.argv[2]} | spin | {st} | {t:.2f} | {sys.argv[5]} | {st / max(t, 1e-9):.0f} | {per} | {int(sys.argv[4]) // 1024} |")
PY
}
real_bytes() { # name: RSS growth per state between the two sizes run last
  python3 - "$work/pairs-$1" "$1" <<'PY'
import sys
(s1, r1), (s2, r2) = [tuple(map(int, l.split())) for l in open(sys.argv[1]).read().split("\n") if l][-2:]
print(f"| {sys.argv[2]} | vigil real bytes/state | | | | | {(r2 - r1) * 1024 / max(s2 - s1, 1):.0f} (RSS growth / state growth) | |")
PY
}
run_model counters MAX 20
run_model counters MAX 40
real_bytes counters
run_model fifo K 8
run_model fifo K 12
real_bytes fifo

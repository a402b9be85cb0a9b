#!/bin/bash
# Explicit-engine benchmark: states per second and bytes per stored state of vigil's explicit
# engine on scalable C models, beside SPIN on the same models written in Promela, in one run.
# Usage: bench/explicit.sh        (prints a Markdown table to paste into bench/RESULTS.md)
# "time" is vigil's search time (without compiling) and pan's own elapsed time; "user CPU" is
# the process's user time from /usr/bin/time, steadier on a shared machine (vigil's includes
# running clang on the model).
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
  /usr/bin/time -o "$work/t" -f "%e %M %U" "$vigil" check --format json -D"$def=$val" "bench/models/$name.c" > "$work/v.json" || true
  read -r wall rss user < "$work/t"
  python3 - "$work/v.json" "$name $def=$val" "$wall" "$rss" "$user" <<'PY'
import json, sys
j = json.load(open(sys.argv[1])); s = j["stats"]; wall = float(sys.argv[3])
st = s.get("states", 0); t = s.get("search_s", wall)
print(f"| {sys.argv[2]} | vigil ({j['verdict']}) | {st} | {t:.2f} | {sys.argv[5]} (with clang) | {st / max(t, 1e-9):.0f} | {s.get('bytes_per_state', 0)} | {int(sys.argv[4]) // 1024} |")
PY
  (cd "$work" && spin -D"$def=$val" -a "$OLDPWD/bench/models/$name.pml" >/dev/null && gcc -O2 -DSAFETY -DNOREDUCE -DMEMLIM=16000 -o pan pan.c 2>/dev/null)
  /usr/bin/time -o "$work/t" -f "%e %M %U" "$work/pan" -m100000000 > "$work/pan.out" 2>&1 || true
  read -r wall rss user < "$work/t"
  python3 - "$work/pan.out" "$name $def=$val" "$wall" "$rss" "$user" <<'PY'
import re, sys
out = open(sys.argv[1]).read(); wall = float(sys.argv[3])
st = int(re.search(r"(\d+) states, stored", out).group(1))
vec = re.search(r"State-vector (\d+) byte", out).group(1)
m = re.search(r"pan: elapsed time ([0-9.e+-]+) seconds", out)
t = float(m.group(1)) if m else wall
tot = re.search(r"([0-9.]+)\s+total actual memory usage", out)
per = f"{float(tot.group(1)) * 1048576 / st:.0f} (vector {vec})" if tot else f"vector {vec}"
print(f"| {sys.argv[2]} | spin | {st} | {t:.2f} | {sys.argv[5]} | {st / max(t, 1e-9):.0f} | {per} | {int(sys.argv[4]) // 1024} |")
PY
}
run_model counters MAX 20
run_model counters MAX 40
run_model fifo K 8
run_model fifo K 12

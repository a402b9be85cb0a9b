#!/usr/bin/env bash
# Bit-vector layer benchmark: vigil-smt (release) side by side with z3, boolector and cvc5 on the
# QF_BV files that bench/gen_smt.py writes.
#
# usage: bench/smt.sh [TIMEOUT_SECONDS]           (default 10)
# env:   SOLVERS="vigil boolector z3 cvc5"        solvers to run, per instance, in this order
#        OUT=/tmp/vigil-smt-bench                 results folder (results.csv, logs, report.md)
#        REPORT_ONLY=1                            only rebuild report.md from results.csv
#        SMT_DIR=DIR                              run on DIR/*.smt2 instead of gen_smt.py's files
#                                                 (e.g. bench/gen_assoc.py's, ../shared/solver-bench)
#        VIGIL_BEFORE=PATH                        a second vigil-smt binary, run as solver
#                                                 `vigil-before` (for before/after comparisons)
#
# Every solver gets the same file and the same timeout (coreutils `timeout`) and runs under
# /usr/bin/time for its peak resident memory. The answer is the first stdout line that is `sat`
# or `unsat` (boolector prints warnings before it); none, a timeout or a crash counts as unsolved. Answers that contradict
# another solver's are listed in the report as disagreements.
set -euo pipefail
TIMEOUT=${1:-10}
SOLVERS=${SOLVERS:-"vigil boolector z3 cvc5"}
OUT=${OUT:-/tmp/vigil-smt-bench}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-/work/target-bv}
VIGIL=$CARGO_TARGET_DIR/release/vigil-smt
SMT_DIR=${SMT_DIR:-$OUT/smt2}

mkdir -p "$OUT/logs"
if [ -z "${REPORT_ONLY:-}" ]; then
  if [ "$SMT_DIR" = "$OUT/smt2" ]; then python3 "$ROOT/bench/gen_smt.py" "$OUT/smt2" >/dev/null; fi
  if [[ " $SOLVERS " == *" vigil "* ]]; then
    (cd "$ROOT" && cargo build --release -p vigil-bv --bin vigil-smt)
  fi
  echo "instance,solver,result,time_s,maxrss_kb" > "$OUT/results.csv"
  {
    echo "timeout=$TIMEOUT solvers=$SOLVERS host=$(hostname) cores=$(nproc) date=$(date -Is)"
    for s in $SOLVERS; do
      case $s in
        vigil) echo "vigil: $(cd "$ROOT" && git rev-parse --short HEAD)" ;;
        vigil-before) echo "vigil-before: $VIGIL_BEFORE" ;;
        boolector) echo "boolector: $(boolector --version 2>&1 | head -1)" ;;
        z3) echo "z3: $(z3 -version 2>&1 | head -1)" ;;
        cvc5) echo "cvc5: $(cvc5 --version 2>&1 | head -1)" ;;
      esac
    done
  } > "$OUT/meta.txt"
  for f in "$SMT_DIR"/*.smt2; do
    name=$(basename "$f" .smt2)
    for s in $SOLVERS; do
      case $s in
        vigil)     cmd=("$VIGIL" "$f") ;;
        vigil-before) cmd=("$VIGIL_BEFORE" "$f") ;;
        boolector) cmd=(boolector "$f") ;;
        z3)        cmd=(z3 "$f") ;;
        cvc5)      cmd=(cvc5 "$f") ;;
        *) echo "unknown solver $s" >&2; exit 2 ;;
      esac
      log="$OUT/logs/$name.$s"
      /usr/bin/time -f "%e %M" -o "$log.time" timeout "$TIMEOUT" "${cmd[@]}" > "$log.out" 2> "$log.err" || true
      res=$( (grep -m1 -xE '(sat|unsat)[[:space:]]*' "$log.out" || true) | tr -d '[:space:]')
      case $res in sat|unsat) ;; *) res=unknown ;; esac
      read -r t mem < <(tail -1 "$log.time" | awk '{print $1, $2}')
      echo "$name,$s,$res,$t,$mem" >> "$OUT/results.csv"
      printf '%-32s %-10s %-8s %6ss %8s KB\n' "$name" "$s" "$res" "$t" "$mem"
    done
  done
fi

python3 - "$OUT" "$TIMEOUT" <<'PY'
import csv, statistics, sys
out, timeout = sys.argv[1], float(sys.argv[2])
rows = list(csv.DictReader(open(f"{out}/results.csv")))
solvers = list(dict.fromkeys(r["solver"] for r in rows))
inst = sorted(set(r["instance"] for r in rows))
by = {(r["instance"], r["solver"]): r for r in rows}
lines = [open(f"{out}/meta.txt").read().strip(), "",
         f"{len(inst)} instances, timeout {timeout:g} s; PAR-2 = mean time with unsolved counted as 2 x timeout.", "",
         "| solver | solved | sat | unsat | PAR-2 (s) | median time, solved (s) | median time, all (s) | peak RSS max / median (MB) |",
         "|---|---|---|---|---|---|---|---|"]
for s in solvers:
    rs = [by[(i, s)] for i in inst if (i, s) in by]
    solved = [r for r in rs if r["result"] in ("sat", "unsat")]
    par2 = sum(float(r["time_s"]) if r in solved else 2 * timeout for r in rs) / max(len(rs), 1)
    med_s = statistics.median(float(r["time_s"]) for r in solved) if solved else float("nan")
    med_a = statistics.median(float(r["time_s"]) if r in solved else 2 * timeout for r in rs)
    mem = [int(r["maxrss_kb"]) / 1024 for r in rs]
    lines.append(f"| {s} | {len(solved)}/{len(rs)} | {sum(r['result']=='sat' for r in rs)} | {sum(r['result']=='unsat' for r in rs)} "
                 f"| {par2:.2f} | {med_s:.3f} | {med_a:.3f} | {max(mem):.0f} / {statistics.median(mem):.0f} |")
dis = [i for i in inst if len({by[(i, s)]["result"] for s in solvers if (i, s) in by} - {"unknown"}) > 1]
lines += ["", "Disagreements: " + (", ".join(dis) if dis else "none")]
if "vigil" in solvers:
    miss = [i for i in inst if by[(i, "vigil")]["result"] == "unknown" and any(by[(i, s)]["result"] != "unknown" for s in solvers if s != "vigil")]
    lines += ["Unsolved by vigil but solved by another solver: " + (", ".join(miss) if miss else "none")]
    if "boolector" in solvers:
        both = [i for i in inst if by[(i, "vigil")]["result"] != "unknown" and by[(i, "boolector")]["result"] != "unknown"]
        if both:
            ratio = [max(float(by[(i, "vigil")]["time_s"]), 0.01) / max(float(by[(i, "boolector")]["time_s"]), 0.01) for i in both]
            lines += [f"vigil/boolector time ratio on {len(both)} instances both solve (times floored at 0.01 s): "
                      f"median {statistics.median(ratio):.2f}, max {max(ratio):.1f}"]
open(f"{out}/report.md", "w").write("\n".join(lines) + "\n")
print("\n".join(lines))
PY

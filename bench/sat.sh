#!/usr/bin/env bash
# SAT-core benchmark: vigil-sat (release) side by side with minisat and cadical.
#
# usage: bench/sat.sh [TIMEOUT_SECONDS]          (default 60)
# env:   SOLVERS="vigil minisat cadical"         solvers to run, per instance, in this order
#        CNF_DIR=/work/shared/solver-bench/cnf   instance folder (.cnf and .cnf.xz)
#        OUT=/tmp/vigil-sat-bench                results folder (results.csv, logs, report.md)
#        REPORT_ONLY=1                           only rebuild report.md from an existing results.csv
#        VIGIL_BEFORE=PATH                       a second vigil-sat binary, run as solver
#                                                `vigil-before` (for before/after comparisons)
#
# Every solver gets the same decompressed file (minisat cannot read .xz), the same timeout
# (coreutils `timeout`), and runs under /usr/bin/time -v for its peak resident memory.
# Answers: exit code 10 = SAT, 20 = UNSAT, anything else (timeout 124, crash) = unknown.
# vigil's SAT models are checked against the formula by the report step.
set -euo pipefail
TIMEOUT=${1:-60}
SOLVERS=${SOLVERS:-"vigil minisat cadical"}
CNF_DIR=${CNF_DIR:-/work/shared/solver-bench/cnf}
OUT=${OUT:-/tmp/vigil-sat-bench}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-/work/target-sat}
VIGIL=$CARGO_TARGET_DIR/release/vigil-sat

mkdir -p "$OUT/logs" "$OUT/cnf"
if [ -z "${REPORT_ONLY:-}" ]; then
  if [[ " $SOLVERS " == *" vigil "* ]]; then
    (cd "$ROOT" && cargo build --release -p vigil-sat --bin vigil-sat)
  fi
  echo "instance,solver,result,time_s,maxrss_kb" > "$OUT/results.csv"
  echo "# timeout=$TIMEOUT solvers=$SOLVERS host=$(hostname) cores=$(nproc) date=$(date -Is)" > "$OUT/meta.txt"
  for f in "$CNF_DIR"/*.cnf "$CNF_DIR"/*.cnf.xz; do
    [ -e "$f" ] || continue
    name=$(basename "$f"); name=${name%.xz}; name=${name%.cnf}
    plain="$OUT/cnf/$name.cnf"
    if [[ "$f" == *.xz ]]; then xz -dc "$f" > "$plain"; else cp "$f" "$plain"; fi
    for s in $SOLVERS; do
      case $s in
        vigil)   cmd=("$VIGIL" "$plain") ;;
        vigil-before) cmd=("${VIGIL_BEFORE:?set VIGIL_BEFORE to the binary}" "$plain") ;;
        minisat) cmd=(minisat -verb=0 "$plain") ;;
        cadical) cmd=(cadical -q "$plain") ;;
        *) echo "unknown solver $s" >&2; exit 2 ;;
      esac
      log="$OUT/logs/$name.$s"
      start=$(date +%s.%N)
      set +e
      /usr/bin/time -v -o "$log.time" timeout "$TIMEOUT" "${cmd[@]}" > "$log.out" 2> "$log.err"
      rc=$?
      set -e
      end=$(date +%s.%N)
      t=$(python3 -c "print(f'{$end-$start:.3f}')")
      case $rc in 10) r=SAT ;; 20) r=UNSAT ;; *) r=UNKNOWN ;; esac
      rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$log.time")
      echo "$name,$s,$r,$t,$rss" >> "$OUT/results.csv"
      echo "$name $s $r $t s ${rss}KB"
    done
  done
fi
python3 - "$OUT" "$TIMEOUT" > "$OUT/report.md" <<'PY'
import csv, re, statistics, sys, os
out, timeout = sys.argv[1], float(sys.argv[2])
rows = list(csv.DictReader(open(os.path.join(out, "results.csv"))))
solvers, insts, res = [], [], {}
for r in rows:
    if r["solver"] not in solvers: solvers.append(r["solver"])
    if r["instance"] not in insts: insts.append(r["instance"])
    res[(r["instance"], r["solver"])] = r
def family(name):
    tok = re.split(r"[_\-.]", name)[0]
    return re.sub(r"\d+$", "", tok) or tok
def check_model(inst, solver):
    """Checks a SAT answer's v-lines against the formula; returns None if fine, else a reason."""
    try:
        lits = set()
        for line in open(os.path.join(out, "logs", f"{inst}.{solver}.out")):
            if line.startswith("v "):
                lits.update(int(x) for x in line.split()[1:] if x != "0")
        clause = []
        for line in open(os.path.join(out, "cnf", f"{inst}.cnf")):
            if line.startswith(("c", "p", "%")): continue
            for x in line.split():
                x = int(x)
                if x == 0:
                    if not any(l in lits for l in clause): return "clause falsified"
                    clause = []
                else: clause.append(x)
        return None
    except Exception as e:
        return f"check failed: {e}"
known, notes = {}, []
for i in insts:
    ans = {res[(i, s)]["result"] for s in solvers if not s.startswith("vigil") and (i, s) in res} - {"UNKNOWN"}
    if len(ans) == 1: known[i] = ans.pop()
    elif len(ans) > 1: notes.append(f"reference solvers DISAGREE on {i}")
for v in [s for s in solvers if s.startswith("vigil")]:
  for i in insts:
    r = res.get((i, v))
    if not r: continue
    if r["result"] != "UNKNOWN" and i in known and r["result"] != known[i]:
        notes.append(f"WRONG ANSWER: {v} says {r['result']} on {i}, references say {known[i]}")
    if r["result"] == "SAT":
        why = check_model(i, v)
        if why: notes.append(f"BAD MODEL from {v} on {i}: {why}")
print(f"timeout {timeout:g} s, PAR-2 = mean over all {len(insts)} instances of (time if solved else 2*timeout)\n")
print("| solver | solved | SAT | UNSAT | PAR-2 (s) | peak RSS (MB) |")
print("|---|---|---|---|---|---|")
for s in solvers:
    rs = [res[(i, s)] for i in insts if (i, s) in res]
    solved = [r for r in rs if r["result"] != "UNKNOWN"]
    par2 = sum(float(r["time_s"]) if r["result"] != "UNKNOWN" else 2 * timeout for r in rs) / max(1, len(rs))
    peak = max((int(r["maxrss_kb"] or 0) for r in rs), default=0) / 1024
    print(f"| {s} | {len(solved)}/{len(rs)} | {sum(r['result']=='SAT' for r in rs)} | {sum(r['result']=='UNSAT' for r in rs)} | {par2:.1f} | {peak:.0f} |")
par2s = {s: sum(float(res[(i, s)]["time_s"]) if res[(i, s)]["result"] != "UNKNOWN" else 2 * timeout
               for i in insts if (i, s) in res) / max(1, sum((i, s) in res for i in insts)) for s in solvers}
if par2s.get("cadical"):
    print("\nPAR-2 relative to cadical: " + ", ".join(f"{s} {par2s[s] / par2s['cadical']:.2f}x" for s in solvers))
fams = sorted({family(i) for i in insts})
print("\nMedian time per family (s; unsolved count as 2*timeout):\n")
print("| family | n | " + " | ".join(solvers) + " |")
print("|---|---|" + "---|" * len(solvers))
for f in fams:
    members = [i for i in insts if family(i) == f]
    cells = []
    for s in solvers:
        ts = [float(res[(i, s)]["time_s"]) if res[(i, s)]["result"] != "UNKNOWN" else 2 * timeout for i in members if (i, s) in res]
        cells.append(f"{statistics.median(ts):.2f}" if ts else "-")
    print(f"| {f} | {len(members)} | " + " | ".join(cells) + " |")
print("\nPer instance (answer, seconds, peak MB):\n")
print("| instance | known | " + " | ".join(solvers) + " |")
print("|---|---|" + "---|" * len(solvers))
for i in insts:
    cells = []
    for s in solvers:
        r = res.get((i, s))
        cells.append(f"{r['result']} {float(r['time_s']):.2f} {int(r['maxrss_kb'] or 0)//1024}" if r else "-")
    print(f"| {i} | {known.get(i, '?')} | " + " | ".join(cells) + " |")
print()
for n in notes: print(f"- **{n}**")
if not notes: print("- no disagreements; every vigil SAT model satisfied its formula")
PY
cat "$OUT/report.md"

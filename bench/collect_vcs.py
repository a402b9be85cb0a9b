#!/usr/bin/env python3
"""Builds the tuning classes of vigil's own engines (issue #19) from their solver queries.

    python3 bench/collect_vcs.py dump   --vigil BIN --out /tmp/tune2 [--timeout 8] [--jobs 2]
                 [--only REGEX] [--engines explicit,static] [--unroll K]
    python3 bench/collect_vcs.py select --vigil BIN --out /tmp/tune2 [--per-task 4] [--max-set 200]
    python3 bench/collect_vcs.py sessions --vigil BIN --out /tmp/tune4 [--max-states 300]
                 [--min-checks 20] [--only REGEX] [--engines explicit] [--sets train]

`dump` runs `vigil check --engine E --dump-vcs DIR` on every task of the training programs
(tests/c and the peer programs, /work/shared/peers/dev.jsonl extracted at /tmp/vigil-dev) and of
the validation programs (SV-COMP dev, /work/shared/svcomp/dev.jsonl extracted at /tmp/svdev), for
E = explicit (its symbolic-data queries, qNNNNNN.smt2) and E = static (its verification
conditions, vcNNNNNN.smt2; only for unreach-call and valid-memsafety, the properties it checks).
Raw dumps go to OUT/raw/SET/ENGINE/TASK/.

`select` makes the classes OUT/CLASS/{train,validate}/ (CLASS = explicit-queries, static-vcs):
identical queries are kept once (a query of a validation program that also occurs in training is
dropped from validation, so the sets stay apart); queries `vigil smt --stats` answers with at
most one SAT variable (the constant: the rewriter alone answered) are *trivial* and dropped. Per task, an evenly spaced sample
(in the order the engine asked them) of 3 x PER-TASK queries is run through `vigil smt` once,
and the PER-TASK slowest non-trivial ones are kept, so that one program does not swamp a set and
each program's hard queries are in it; at most MAX-SET per set, evenly spaced over the tasks.
It prints the counts (written to OUT/CLASS/counts.txt as well).

`sessions` (issue #19, session classes) runs `vigil check --engine E --max-states N
--dump-sessions DIR` instead: each engine run's whole incremental solver session becomes one
SMT-LIB 2 script (`vigil_bv::session_log`), and the sessions with at least --min-checks checks
are copied to OUT/CLASS/SET/TASK-FILE (CLASS = explicit-sessions, static-sessions). The fixed
state limit makes each session a fixed amount of engine work, the same for every configuration
that replays it.

Nothing here goes into the repository: the instances stay under OUT.
"""

import argparse
import hashlib
import json
import os
import re
import resource
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CLASSES = {"explicit": "explicit-queries", "static": "static-vcs"}
STATIC_PROPERTIES = {"unreach-call", "valid-memsafety"}


def header(path):
    """The `// key: value` lines at the top of a tests/c file."""
    keys = {}
    for line in path.read_text(errors="replace").splitlines():
        if not line.startswith("//"):
            break
        m = re.match(r"//\s*([a-z0-9-]+):\s*(.*)$", line)
        if m and m.group(1) not in keys:
            keys[m.group(1)] = m.group(2).strip()
    return keys


def tasks_tests_c():
    for p in sorted((REPO / "tests/c").glob("*.c")):
        h = header(p)
        if "expect" not in h:
            continue
        flags = h.get("flags", "").split()
        yield ("tc-" + p.stem, p, h.get("property", "unreach-call"), flags)


def tasks_manifest(manifest, root, prefix):
    for k, line in enumerate(open(manifest)):
        if not line.strip():
            continue
        m = json.loads(line)
        rel = m.get("file") or os.path.join(m["mirror"], m["path"])
        flags = list(m.get("flags", []))
        if m.get("data_model") == "ILP32":
            flags.append("--m32")
        name = re.sub(r"[^A-Za-z0-9_.-]", "_", rel)[-80:]
        yield (f"{prefix}{k:03d}-{name}", Path(root) / rel, m.get("property", "unreach-call"), flags)


def sets():
    return {
        "train": list(tasks_tests_c())
        + list(tasks_manifest("/work/shared/peers/dev.jsonl", "/tmp/vigil-dev", "peer")),
        "validate": list(tasks_manifest("/work/shared/svcomp/dev.jsonl", "/tmp/svdev", "sv")),
    }


def selected_runs(args, engines):
    """The (set, engine, task name, path, property, flags) runs that --sets, --every, --only,
    --engines and --unroll select; the static engine only on the properties it checks."""
    for set_name, tasks in sets().items():
        if args.sets and set_name not in args.sets.split(","):
            continue
        tasks = tasks[:: args.every]
        if args.only:
            tasks = [t for t in tasks if re.search(args.only, t[0])]
        for engine in engines:
            if args.engines and engine not in args.engines.split(","):
                continue
            for name, path, prop, flags in tasks:
                if engine == "static" and prop not in STATIC_PROPERTIES:
                    continue
                if engine == "static" and args.unroll:
                    flags = [*flags, "--unroll", str(args.unroll)]
                yield set_name, engine, name, path, prop, flags


def dump(args):
    jobs = []
    for set_name, engine, name, path, prop, flags in selected_runs(args, CLASSES):
        d = Path(args.out) / "raw" / set_name / engine / name
        if d.exists() and (d / ".done").exists():
            continue
        jobs.append((engine, d, path, prop, flags))
    print(f"{len(jobs)} runs", file=sys.stderr)

    if args.reverse:
        jobs.reverse()

    def run(job):
        engine, d, path, prop, flags = job
        try:
            d.mkdir(parents=True)  # another dump process may have started this task
        except FileExistsError:
            return d
        cmd = ["nice", args.vigil, "check", "--engine", engine, "--timeout", str(args.timeout),
               "--property", prop, "--no-native-confirm", "--dump-vcs", str(d), *flags, str(path)]
        try:
            subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                           timeout=args.timeout * 3 + 30)
        except subprocess.TimeoutExpired:
            pass
        (d / ".done").write_text(" ".join(cmd) + "\n")
        return d

    with ThreadPoolExecutor(args.jobs) as ex:
        for i, d in enumerate(ex.map(run, jobs)):
            if i % 50 == 0:
                print(f"[{i}/{len(jobs)}] {d}", file=sys.stderr)


SESSION_CLASSES = {"explicit": "explicit-sessions", "static": "static-sessions"}


def sessions(args):
    """Dumps whole solver sessions (see the module doc) and copies the long enough ones."""
    jobs = []
    jobs.extend(selected_runs(args, SESSION_CLASSES))
    print(f"{len(jobs)} runs", file=sys.stderr)

    def run(job):
        set_name, engine, name, path, prop, flags = job
        d = Path(args.out) / "raw-sessions" / set_name / engine / name
        if not (d / ".done").exists():
            shutil.rmtree(d, ignore_errors=True)
            d.mkdir(parents=True)
            cmd = ["nice", args.vigil, "check", "--engine", engine, "--timeout", str(args.timeout),
                   "--max-states", str(args.max_states), "--property", prop, "--no-native-confirm",
                   "--dump-sessions", str(d), *flags, str(path)]
            try:
                subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               timeout=args.timeout * 3 + 30)
            except subprocess.TimeoutExpired:
                pass
            (d / ".done").write_text(" ".join(cmd) + "\n")
        kept = 0
        dest = Path(args.out) / SESSION_CLASSES[engine] / set_name
        dest.mkdir(parents=True, exist_ok=True)
        for f in sorted(d.glob("*.smt2")):
            checks = sum(1 for line in open(f) if line.startswith("(check-sat-assuming"))
            if checks >= args.min_checks:
                shutil.copy(f, dest / f"{name}-{f.name}")
                kept += 1
        return f"{set_name} {engine} {name}: {kept} session(s) kept"

    with ThreadPoolExecutor(args.jobs) as ex:
        for line in ex.map(run, jobs):
            print(line)


MEASURE_LIMIT = 10  # seconds a query is run for when selecting


def measure(vigil, f):
    """(trivial, CPU seconds) of `vigil smt --stats FILE`: trivial when it reports at most one SAT
    variable (the constant: the rewriter alone answered); the CPU time includes the process
    start-up (about 15 ms)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        r = subprocess.run([vigil, "smt", "--stats", str(f)], capture_output=True, text=True, timeout=MEASURE_LIMIT)
    except subprocess.TimeoutExpired:
        return False, float(MEASURE_LIMIT)  # hard: kept, as the slowest
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    m = re.search(r"sat-vars (\d+)", r.stdout)
    return bool(m) and int(m.group(1)) <= 1, cpu


def evenly(files, k):
    if len(files) <= k:
        return files
    step = len(files) / k
    return [files[int(i * step)] for i in range(k)]


def select(args):
    out = Path(args.out)
    for engine, cls in CLASSES.items():
        if args.engines and engine not in args.engines.split(","):
            continue
        seen = set()
        lines = []
        for set_name in ("train", "validate"):
            dest = out / cls / set_name
            shutil.rmtree(dest, ignore_errors=True)
            dest.mkdir(parents=True)
            raw = out / "raw" / set_name / engine
            total = dup = checked = triv = kept = tasks = 0
            picked = []
            for task in sorted(raw.iterdir()) if raw.exists() else []:
                files = sorted(task.glob("*.smt2"))
                if files:
                    tasks += 1
                fresh = []
                for f in files:
                    total += 1
                    h = hashlib.sha256(f.read_bytes()).hexdigest()
                    if h in seen:
                        dup += 1
                        continue
                    seen.add(h)
                    fresh.append(f)
                # An evenly spaced sample of 3 x PER-TASK queries is measured (a `vigil smt`
                # run each); of its non-trivial ones, the PER-TASK slowest are kept.
                timed = []
                for f in evenly(fresh, 3 * args.per_task):
                    checked += 1
                    is_trivial, cpu = measure(args.vigil, f)
                    if is_trivial:
                        triv += 1
                    else:
                        timed.append((cpu, f))
                timed.sort(key=lambda x: -x[0])
                chosen = sorted(f for _, f in timed[: args.per_task])
                picked += [(task, f) for f in chosen]
            # At most MAX-SET instances, evenly spaced over the tasks' picks.
            for task, f in evenly(picked, args.max_set):
                shutil.copy(f, dest / f"{task.name}-{f.name}")
                kept += 1
            line = (f"{cls} {set_name}: {tasks} tasks with queries, {total} queries, {dup} duplicates; "
                    f"of {checked} checked, {triv} trivial; {len(picked)} picked (at most {args.per_task} per task), {kept} kept (at most {args.max_set})")
            print(line)
            lines.append(line)
        (out / cls / "counts.txt").write_text("\n".join(lines) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("step", choices=["dump", "select", "sessions"])
    ap.add_argument("--vigil", default=str(REPO / "target/release/vigil"))
    ap.add_argument("--out", default="/tmp/tune2")
    ap.add_argument("--timeout", type=int, default=8)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--per-task", type=int, default=4)
    ap.add_argument("--max-set", type=int, default=200)
    ap.add_argument("--every", type=int, default=1, help="dump every N-th task only (a smaller sample)")
    ap.add_argument("--reverse", action="store_true", help="dump the tasks in reverse order (a second process)")
    ap.add_argument("--sets", default="", help="dump only these sets (train,validate)")
    ap.add_argument("--only", default="", help="dump only the tasks whose name matches this regular expression")
    ap.add_argument("--engines", default="", help="dump only these engines (explicit,static)")
    ap.add_argument("--unroll", type=int, default=0, help="the static engine's --unroll (0: its default)")
    ap.add_argument("--max-states", type=int, default=300, help="sessions: the engine's state limit")
    ap.add_argument("--min-checks", type=int, default=20, help="sessions: keep sessions with at least this many checks")
    args = ap.parse_args()
    {"dump": dump, "select": select, "sessions": sessions}[args.step](args)


if __name__ == "__main__":
    main()

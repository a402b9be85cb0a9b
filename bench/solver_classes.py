#!/usr/bin/env python3
"""Runs one engine of `vigil check` on programs twice, with its class's tuned solver
configuration and with `-C solver.class=default`, and compares (issue #19):

    python3 bench/solver_classes.py --vigil BIN --engine explicit [--timeout 20] [--config F] FILE.c ...

With `--config F`, the first run of each program uses the defaults with the candidate
configuration F (a `vigil tune` result not shipped) instead of the shipped class.

Per program and configuration: the verdict, the solver time in `stats` (`solver_s`) and the
configuration `stats` names (`solver_config`). The two runs of a program are made one after the
other, so both see about the same load. Prints one line per program and the totals: programs
whose verdicts differ (expected: none), and the summed solver time of each configuration.
A tests/c program's `property:` and `flags:` header lines are honoured.
"""

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path


def header(path):
    keys = {}
    for line in Path(path).read_text(errors="replace").splitlines():
        if not line.startswith("//"):
            break
        m = re.match(r"//\s*([a-z0-9-]+):\s*(.*)$", line)
        if m and m.group(1) not in keys:
            keys[m.group(1)] = m.group(2).strip()
    return keys


def run(args, path, extra):
    h = header(path)
    cmd = [args.vigil, "check", "--engine", args.engine, "--format", "json", "--stats",
           "--no-native-confirm", "--timeout", str(args.timeout),
           "--property", h.get("property", "unreach-call"), *h.get("flags", "").split(), *extra, str(path)]
    r = subprocess.run(cmd, capture_output=True, text=True)
    try:
        d = json.loads(r.stdout)
    except json.JSONDecodeError:
        return ("error", 0.0, "?")
    st = d.get("stats", {})
    return (d.get("verdict", "?"), float(st.get("solver_s", 0.0) or 0.0),
            st.get("solver_config", {}).get(args.engine, "?"))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--vigil", required=True)
    ap.add_argument("--engine", choices=["explicit", "static", "synergy"], required=True)
    ap.add_argument("--timeout", type=int, default=20)
    ap.add_argument("--config", help="a candidate configuration file instead of the shipped class")
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()
    differ, total = [], {"tuned": 0.0, "default": 0.0}
    names = set()
    for f in args.files:
        t = run(args, f, ["-C", "solver.class=default", "--config", args.config] if args.config else [])
        d = run(args, f, ["-C", "solver.class=default"])
        total["tuned"] += t[1]
        total["default"] += d[1]
        names.add(t[2])
        if t[0] != d[0]:
            differ.append(f)
        print(f"{Path(f).name}\t{t[0]}\t{d[0]}\tsolver_s tuned {t[1]:.3f} default {d[1]:.3f}\t({t[2]})", flush=True)
    print(f"{len(args.files)} programs, {len(differ)} with different verdicts {differ}; "
          f"solver time: tuned ({', '.join(sorted(names))}) {total['tuned']:.2f} s, default {total['default']:.2f} s")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Derive a wide manifest of peer-verifier regression tasks that are not in the dev set.

usage: peers_wide.py [--mirrors DIR] [--dev DEV.jsonl] [--sample N] OUT.jsonl

Reads the bare git mirrors of ESBMC, CBMC, CPAchecker and Ultimate Automizer at the commits the
dev manifest (`/work/shared/peers/dev.jsonl`) pins, and writes one JSON line per task in the dev
manifest's format (`mirror`, `commit`, `path`, `property`, `expected`, `data_model`,
`source_annotation`, `peer_options`, `peer_test`, `area`, ...). The programs themselves are never
copied: `extract.sh` fetches them from the mirrors into a folder outside the repository.

Rules (a task is kept only if every rule allows it; the verdict is always the peer's own):

* ESBMC `regression/<suite>/<test>/test.desc` and CBMC `regression/cbmc/<test>/test.desc`: the
  level must be `CORE`; the expected verdict is `^VERIFICATION SUCCESSFUL$` (true) or
  `^VERIFICATION FAILED$` (false). Every option must be in a list of options that do not change
  the C semantics (solver choice, slicing, k-induction, ...); anything else (`--16`,
  `--big-endian`, `--function`, `--unsigned-char`, `--fixedbv`, `--malloc-may-fail`, ...) drops
  the task. `--32`/`--i386-linux`/`--ILP32` record `data_model: ILP32`.
* Property: signed-overflow checking (`--overflow-check`, `--signed-overflow-check`) gives
  `no-overflow`; memory checks (`--memory-leak-check`, `--pointer-check`, `--bounds-check`) give
  `valid-memsafety`; otherwise `unreach-call` (assertions). For a FAILED expectation whose
  regexes name the failing check (overflow / dereference, bounds, leak / assertion) that check
  decides the property; a FAILED expectation is dropped when the options enable several
  properties and the regexes do not say which one failed. ESBMC checks bounds, pointers and
  division by zero by default, so an ESBMC FAILED task for `unreach-call` must name an
  assertion in its regexes.
* A SUCCESSFUL `valid-memsafety` expectation needs `--memory-leak-check` (CBMC's
  `--pointer-check` alone says nothing of `valid-memtrack`).
* Bounds: a SUCCESSFUL expectation under `--unwind N`/`--k-step`-free BMC is kept only when the
  bound is checked (CBMC `--unwinding-assertions`, ESBMC without `--no-unwinding-assertions`);
  a FAILED expectation under `--unwind N` is kept only if the regexes name a non-unwinding check
  (a bug found within the bound is a bug); one whose regexes name an unwinding assertion (ESBMC's
  "recursion unwinding assertion") is dropped: the bound failed, not the program.
* Programs: one `.c` or `.i` file (C++ and other languages dropped) that uses neither
  `__CPROVER_`/`__ESBMC_` intrinsics nor ACSL annotations (`//@ assert`, which Ultimate checks)
  nor local `#include "..."` headers, includes only standard
  C / POSIX headers, and has a `main`.
* CPAchecker `test/programs/**/*.yml` and Ultimate `**/*.yml` (SV-COMP task definitions): one
  task per listed property among unreach-call / no-overflow / valid-memsafety with a boolean
  `expected_verdict`; `data_model` from the yml (tasks for other models than ILP32 / LP64,
  such as CPAchecker's `LP32`, are dropped). Program files whose name carries the old
  SV-COMP verdict (`_true-unreach-call`, `_false-no-overflow`, `_false-valid-deref`, ...) are
  tasks too when no yml covers them.
* Ultimate `trunk/examples/programs/**` files starting with `//#Safe` / `//#Unsafe`: property
  from the folder (`Overflow` -> no-overflow, `memsafety`/`MemorySafety` -> valid-memsafety),
  else `unreach-call` when the program calls `reach_error`/`__VERIFIER_error`/`assert`.
* Tasks already in the dev manifest (same mirror, path and property) are dropped.
* `--sample N` keeps a deterministic spread of at most N tasks per (repository, property,
  verdict) group (sorted by path, evenly spaced).
"""

import argparse
import json
import re
import subprocess
import sys
from collections import defaultdict

COMMITS = {
    "esbmc+esbmc": ("esbmc/esbmc", "a670194df9512960c8f39c67c6c69ad1ad08286e"),
    "tautschnig+cbmc": ("tautschnig/cbmc", "fc35bed3f284149cd38a3ebc8248990076ca779c"),
    "sosy-lab+cpachecker": ("sosy-lab/cpachecker", "45029808f6bc5b2a99bc4ae831a32cd660a7a0e5"),
    "ultimate-pa+ultimate": ("ultimate-pa/ultimate", "ad80ebfb2a6b4c491cfe27707b760716e58f55b9"),
}

# ESBMC suites that hold plain C programs (the rest: C++, Python, Solidity, CUDA, CHERI, ...).
ESBMC_SUITES = {
    "esbmc", "cstd", "cbmc", "esbmc-unix", "esbmc-unix2", "k-induction", "floats",
    "floats-regression", "llvm", "csmith", "clang_builtins", "linux", "incremental-smt",
    "z3", "bitwuzla", "yices", "cvc", "mathsat", "nonz3", "Interval-analysis-ibex-contractor",
    "ai-generated-code", "humaneval", "quixbugs", "k-induction-parallel", "parallel-solving",
    "esbmc-old", "mode-c", "ir-ra",
}

# Options that do not change the C semantics of the program (value = takes an argument).
NEUTRAL = {
    "--incremental-bmc": False, "--k-induction": False, "--k-induction-parallel": False,
    "--falsification": False, "--no-slice": False, "--no-simplify": False, "--floatbv": False,
    "--ir": False, "--ir-ieee": False, "--z3": False, "--boolector": False, "--bitwuzla": False,
    "--yices": False, "--cvc": False, "--cvc5": False, "--mathsat": False, "--smtlib": False,
    "--interval-analysis": False, "--state-hashing": False, "--no-por": False,
    "--multi-property": False, "--quiet": False, "--no-align-check": False,
    "--smt-during-symex": False, "--smt-symex-guard": False, "--smt-thread-guard": False,
    "--unlimited-k-steps": False, "--k-step": True, "--max-k-step": True, "--timeout": True,
    "--memlimit": True, "--context-bound": True, "--unwind": True, "--unwinding-assertions": False,
    "--no-unwinding-assertions": False, "--overflow-check": False, "--memory-leak-check": False,
    "--signed-overflow-check": False, "--pointer-check": False, "--bounds-check": False,
    "--64": False, "--32": False, "--LP64": False, "--ILP32": False, "--i386-linux": False,
    "--x86_64-linux": False, "--trace": False, "--stop-on-fail": False, "--slice-formula": False,
    "--paths": True, "--smt2": False, "--cprover-smt2": False, "--refine": False, "--sat-solver": True,
    "--compact-trace": False, "--json-ui": False, "--xml-ui": False, "--verbosity": True,
    "--no-standard-checks": False, "--win32": None, "--unwindset": True, "--depth": True,
    "--full-slice": False, "--drop-unused-functions": False, "--partial-loops": None,
    "--ltl": None, "--no-propagation": False, "--no-sat-preprocessor": False, "--beautify": False,
    "--no-bounds-check": False, "--no-pointer-check": False, "--no-div-by-zero-check": False,
    "--add-symex-value-sets": False, "--gcse": False, "--no-inlining": False, "--show-vcc": None,
    "--result-only": False, "--goto-unwind": False, "--unroll-loops": False, "--symex-trace": False,
    "--cex-output": None, "--witness-output": True, "--show-properties": None,
}

STD_HEADERS = set("""
assert.h complex.h ctype.h errno.h fenv.h float.h inttypes.h iso646.h limits.h locale.h math.h
setjmp.h signal.h stdalign.h stdarg.h stdatomic.h stdbool.h stddef.h stdint.h stdio.h stdlib.h
stdnoreturn.h string.h tgmath.h threads.h time.h uchar.h wchar.h wctype.h pthread.h unistd.h
strings.h sys/types.h alloca.h malloc.h memory.h
""".split())

PROPS = ("unreach-call", "no-overflow", "valid-memsafety")


def git(mirrors, mirror, *args):
    return subprocess.run(["git", "--git-dir=%s/%s/repo" % (mirrors, mirror)] + list(args),
                          check=True, capture_output=True).stdout


_BATCH = {}


def show(mirrors, mirror, path):
    """The file's text at the pinned commit (one `git cat-file --batch` per mirror), or None."""
    if mirror not in _BATCH:
        _BATCH[mirror] = subprocess.Popen(
            ["git", "--git-dir=%s/%s/repo" % (mirrors, mirror), "cat-file", "--batch"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    p = _BATCH[mirror]
    p.stdin.write(("%s:%s\n" % (COMMITS[mirror][1], path)).encode())
    p.stdin.flush()
    head = p.stdout.readline().split()
    if len(head) < 3 or head[1] != b"blob":
        return None
    data = p.stdout.read(int(head[2]) + 1)[:-1]
    return data.decode("utf-8", "replace")


def program_ok(text):
    """Why a program falls outside vigil's contracts, or None."""
    if text is None:
        return "missing"
    if "__CPROVER" in text or "__ESBMC" in text:
        return "intrinsics"
    if re.search(r'//\s*@|/\*@', text):
        return "ACSL annotations"  # Ultimate checks `//@ assert`; vigil reads no comments
    if re.search(r'^\s*#\s*include\s*"', text, re.M):
        return "local header"
    for h in re.findall(r'^\s*#\s*include\s*<([^>]+)>', text, re.M):
        if h not in STD_HEADERS:
            return "header " + h
    if re.search(r'\b(class|template|namespace)\s+\w', text) and "::" in text:
        return "C++"
    if not re.search(r'\bmain\s*\(', text):
        return "no main"
    return None


def features(text):
    return {
        "threads": "pthread_create" in text,
        "heap": bool(re.search(r'\b(malloc|calloc|realloc|alloca)\s*\(', text)),
        "loops": bool(re.search(r'\b(for|while)\s*\(', text)),
        "recursion": False,
        "nondet": "__VERIFIER_nondet" in text or "nondet" in text,
        "arrays": bool(re.search(r'\w\s*\[', text)),
        "lines": text.count("\n") + 1,
    }


def desc_task(mirror, desc_path, desc, prog_text, peer):
    """One task from a test.desc, or (None, reason)."""
    lines = desc.splitlines()
    if len(lines) < 4 or not lines[0].strip().startswith("CORE"):
        return None, "level"
    prog = lines[1].strip()
    if not re.fullmatch(r'[\w.-]+\.(c|i)', prog):
        return None, "program"
    opts = lines[2].split()
    regs = [l.strip() for l in lines[3:] if l.strip() and not l.startswith("--")]
    # Lines after a `--` separator are negative patterns in CBMC's format; ignore them.
    if "--" in [l.strip() for l in lines[3:]]:
        regs = []
        for l in lines[3:]:
            if l.strip() == "--":
                break
            if l.strip():
                regs.append(l.strip())
    joined = " ".join(regs)
    if "^VERIFICATION SUCCESSFUL$" in regs:
        expected = True
    elif "^VERIFICATION FAILED$" in regs:
        expected = False
    else:
        return None, "no verdict"
    i, seen = 0, set()
    while i < len(opts):
        o = opts[i]
        if not o.startswith("--"):
            return None, "option arg " + o
        if o not in NEUTRAL or NEUTRAL[o] is None:
            return None, "option " + o
        seen.add(o)
        i += 2 if NEUTRAL[o] else 1
    if peer == "cbmc" and ("--no-bounds-check" in seen or "--no-pointer-check" in seen):
        return None, "option"
    ovf = bool(seen & {"--overflow-check", "--signed-overflow-check"})
    mem = bool(seen & {"--memory-leak-check", "--pointer-check", "--bounds-check"})
    if peer == "esbmc" and not seen & {"--no-bounds-check", "--no-pointer-check"}:
        mem_default = True
    else:
        mem_default = False
    says_ovf = re.search(r'overflow', joined, re.I) is not None
    says_mem = re.search(r'derefer|bounds|leak|memory|free|pointer', joined, re.I) is not None
    if not expected and re.search(r'unwinding assertion', joined, re.I):
        return None, "failure is an unwinding assertion"
    says_assert = re.search(r'assert', joined, re.I) is not None
    if expected:
        prop = "no-overflow" if ovf else "valid-memsafety" if mem else "unreach-call"
        if prop == "valid-memsafety" and peer == "esbmc" and "--no-pointer-check" in seen:
            return None, "memsafety without pointer checks"
        if prop == "valid-memsafety" and "--memory-leak-check" not in seen:
            return None, "memsafety success without leak checks"
        if "--unwind" in seen:
            checked = ("--unwinding-assertions" in seen) if peer == "cbmc" else ("--no-unwinding-assertions" not in seen)
            if not checked:
                return None, "bounded success"
        if "--partial-loops" in seen:
            return None, "bounded success"
    else:
        kinds = [k for k, s in (("no-overflow", says_ovf), ("valid-memsafety", says_mem), ("unreach-call", says_assert)) if s]
        if len(kinds) == 1:
            prop = kinds[0]
        elif kinds:
            return None, "several checks named"
        else:
            enabled = (["no-overflow"] if ovf else []) + (["valid-memsafety"] if mem or mem_default else [])
            if peer == "esbmc":
                # ESBMC also checks division by zero and bounds by default: the failing check
                # must be named, unless only one property is enabled and it is not unreach-call.
                if len(enabled) == 1 and enabled[0] != "valid-memsafety":
                    prop = enabled[0]
                else:
                    return None, "failing check not named"
            else:
                if len(enabled) > 1:
                    return None, "failing check not named"
                prop = enabled[0] if enabled else "unreach-call"
                if "--unwind" in seen and prop == "unreach-call":
                    return None, "failure may be an unwinding assertion"
        if prop == "no-overflow" and not ovf or prop == "valid-memsafety" and not (mem or mem_default):
            return None, "check not enabled"
        if prop == "valid-memsafety" and re.search(r'leak', joined, re.I) and "--memory-leak-check" not in seen:
            return None, "leak"
    dm = "ILP32" if seen & {"--32", "--ILP32", "--i386-linux"} else "LP64" if seen & {"--64", "--LP64"} else "unspecified"
    d = desc_path.rsplit("/", 1)[0]
    return {
        "path": d + "/" + prog, "property": prop, "expected": expected,
        "source_annotation": "test.desc: " + " ".join(r for r in regs if "VERIFICATION" in r or "EXIT" in r),
        "peer_test": desc_path, "peer_options": " ".join(opts), "data_model": dm,
    }, None


def yml_tasks(text, yml_path):
    """Tasks of an SV-COMP task definition (minimal YAML reading for this fixed format)."""
    m = re.search(r"^input_files:\s*'?\"?([^'\"\n]+)", text, re.M)
    if not m or m.group(1).strip().startswith("["):
        return []
    inp = m.group(1).strip()
    dm = re.search(r"data_model:\s*(\w+)", text)
    dm = dm.group(1) if dm else "unspecified"
    if dm not in ("ILP32", "LP64", "unspecified"):
        return []  # LP32 and others: not a platform vigil models
    out = []
    for block in re.split(r"\n\s*-\s*property_file:", text)[1:]:
        pm = re.match(r"\s*\S*?([\w-]+)\.prp", block)
        vm = re.search(r"expected_verdict:\s*(true|false)", block)
        if not pm or not vm or pm.group(1) not in PROPS:
            continue
        sub = re.search(r"subproperty:\s*([\w-]+)", block)
        exp = vm.group(1) == "true"
        ann = "%s: %s.prp expected_verdict: %s" % (yml_path.rsplit("/", 1)[1], pm.group(1), vm.group(1))
        expected = exp
        if not exp and sub:
            ann += " subproperty: " + sub.group(1)
            expected = "false(%s)" % sub.group(1)
        out.append({"path": yml_path.rsplit("/", 1)[0] + "/" + inp, "property": pm.group(1),
                    "expected": expected, "source_annotation": ann, "data_model": dm,
                    "peer_test": yml_path, "peer_options": ""})
    return out


NAME_RE = re.compile(r"_(true|false)-(unreach-call|no-overflow|valid-memsafety|valid-deref|valid-free|valid-memtrack)")


def name_task(path):
    m = NAME_RE.search(path.rsplit("/", 1)[1])
    if not m:
        return None
    prop = m.group(2)
    exp = m.group(1) == "true"
    expected = exp
    if prop.startswith("valid-") and prop != "valid-memsafety":
        if exp:
            return None  # one memory subproperty being true says nothing of the others
        expected = "false(%s)" % prop
        prop = "valid-memsafety"
    return {"path": path, "property": prop, "expected": expected,
            "source_annotation": "file name: _%s-%s" % (m.group(1), m.group(2)),
            "data_model": "unspecified", "peer_test": path, "peer_options": ""}


def ultimate_comment_task(path, text):
    m = re.match(r"\s*//\s*#(Safe|Unsafe)\b", text)
    if not m:
        return None
    low = path.lower()
    if "overflow" in low:
        prop = "no-overflow"
    elif "memsafety" in low or "memorysafety" in low:
        prop = "valid-memsafety"
    elif re.search(r"\b(reach_error|__VERIFIER_error|assert)\s*\(", text):
        prop = "unreach-call"
    else:
        return None
    return {"path": path, "property": prop, "expected": m.group(1) == "Safe",
            "source_annotation": "//#" + m.group(1), "data_model": "unspecified",
            "peer_test": path, "peer_options": ""}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("out")
    ap.add_argument("--mirrors", default="/work/.mirror")
    ap.add_argument("--dev", default="/work/shared/peers/dev.jsonl")
    ap.add_argument("--sample", type=int, default=0)
    a = ap.parse_args()
    dev = set()
    for line in open(a.dev):
        r = json.loads(line)
        dev.add((r["mirror"], r["path"], r["property"]))
    rows, why = [], defaultdict(int)

    def add(mirror, t, text):
        reason = program_ok(text)
        if reason:
            why[reason.split()[0]] += 1
            return
        if (mirror, t["path"], t["property"]) in dev:
            why["in dev"] += 1
            return
        repo, commit = COMMITS[mirror]
        row = {"repo": repo, "mirror": mirror, "commit": commit}
        row.update(t)
        row.update(features(text))
        row.update({"needs_flags": [], "extra_files": [],
                    "area": "%s/%s" % (repo.split("/")[1], t["property"]),
                    "evidence": ["annotation"]})
        rows.append(row)

    for mirror, peer, prefixes in (("esbmc+esbmc", "esbmc", ["regression/%s/" % s for s in ESBMC_SUITES]),
                                   ("tautschnig+cbmc", "cbmc", ["regression/cbmc/"])):
        files = git(a.mirrors, mirror, "ls-tree", "-r", "--name-only", COMMITS[mirror][1], "regression").decode().split("\n")
        for f in files:
            if not f.endswith("/test.desc") or not any(f.startswith(p) for p in prefixes):
                continue
            desc = show(a.mirrors, mirror, f)
            t, reason = desc_task(mirror, f, desc or "", None, peer)
            if t is None:
                why[reason.split()[0]] += 1
                continue
            add(mirror, t, show(a.mirrors, mirror, t["path"]))

    for mirror, root in (("sosy-lab+cpachecker", "test/programs"), ("ultimate-pa+ultimate", "trunk/examples")):
        files = git(a.mirrors, mirror, "ls-tree", "-r", "--name-only", COMMITS[mirror][1], root).decode().split("\n")
        covered = set()
        for f in files:
            if f.endswith(".yml"):
                text = show(a.mirrors, mirror, f) or ""
                for t in yml_tasks(text, f):
                    covered.add(t["path"])
                    add(mirror, t, show(a.mirrors, mirror, t["path"]))
        for f in files:
            if not re.search(r"\.(c|i)$", f) or f in covered:
                continue
            t = name_task(f)
            text = None
            if t is None and mirror == "ultimate-pa+ultimate" and f.startswith("trunk/examples/programs/"):
                text = show(a.mirrors, mirror, f)
                t = ultimate_comment_task(f, text or "")
            if t is not None:
                add(mirror, t, text if text is not None else show(a.mirrors, mirror, f))

    if a.sample:
        groups = defaultdict(list)
        for r in rows:
            groups[(r["repo"], r["property"], r["expected"] is True)].append(r)
        rows = []
        for k in sorted(groups):
            g = sorted(groups[k], key=lambda r: r["path"])
            step = max(1, len(g) / a.sample)
            rows.extend(g[int(i * step)] for i in range(min(a.sample, len(g))))
    with open(a.out, "w") as fh:
        for r in rows:
            fh.write(json.dumps(r) + "\n")
    counts = defaultdict(int)
    for r in rows:
        counts[(r["repo"], r["property"], r["expected"] is True)] += 1
    for k in sorted(counts):
        print("%-22s %-16s %-5s %d" % (k[0], k[1], k[2], counts[k]), file=sys.stderr)
    print("kept %d; dropped: %s" % (len(rows), dict(sorted(why.items(), key=lambda x: -x[1]))), file=sys.stderr)


if __name__ == "__main__":
    main()

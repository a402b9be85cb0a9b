#!/usr/bin/env python3
"""Derive a manifest of DIVINE's SV-COMP tasks that the development set left out.

The development manifest `/work/shared/svcomp/dev.jsonl` holds 348 of the C files of
DIVINE's `test/svcomp/` (commit d47985e0, see `/work/shared/svcomp/README.md`).  This
script reads the same folder from a bare git mirror and writes, one JSON object per
line and in the same format as dev.jsonl, the tasks that are *not* in it, derived with
the README's rules:

* **Verdict.**  A `/* ERROR */` marker means the task is `false`; no marker means
  `true`.  A marker on a line that asserts (`__VERIFIER_error`, `assert`,
  `__VERIFIER_assert`, an `ERROR:` label) gives `unreach-call`; a marker anywhere
  else (a dereference, a free) gives `valid-memsafety`.  In `.pkg.c` files an
  `/* ERR_<v> */` marker counts only for variants whose name starts with `<v>`
  (`error`, `error.i2`, ...).
* **Agreement with the file name.**  When the name carries an SV-COMP verdict
  (`_true`, `_false`, `_false-valid-deref`, `_true-valid-memsafety`, ...) it must agree
  with the marker: a `false` name needs a marker and a `true` name must have none;
  a `-valid-*` name needs a memory-fault marker (or none, for `true`).  A task
  where they disagree is dropped (written to the skip list with the reason).  A
  name without a verdict (13 pthread files) is decided by the marker alone.
  `-termination` and `-no-overflow` names are dropped (another property).
* **Property when true.**  `_true-valid-memsafety` in the name gives
  `valid-memsafety`; otherwise `unreach-call`.
* **Variants.**  A `.pkg.c` file contributes its smallest variant (smallest sum of
  the numbers in its `CC_OPT`, first listed on a tie) *whatever its tags*, and a file
  with `valid*` and `error*` variants contributes the smallest of each kind.
* **Flags** are the `-D` options of the file's `CC_OPTS` and the variant's `CC_OPT`,
  written as `["-D", "X=1"]`; `-O2` and other options are not passed.
* **Selection.**  Everything not already in dev.jsonl (same file and variant): the
  tasks tagged `big` (at their smallest variant), `todo` ones whose verdict is
  unambiguous by the rules above, and the product-lines/systemc tasks above the
  dev cap.  Files calling DIVINE's `__vm_choose` are dropped, and so is a task whose
  program does not compile with its flags (`clang-19 -fsyntax-only`; six `todo` sorting
  tasks use a macro `N` while their variants define `SIZE`).

usage: svcomp_wide.py MIRROR_GIT_DIR DEV_MANIFEST OUT_MANIFEST [SKIP_LIST]

Each row gets `group` (the folder), `variant`, `tags` and a `source_annotation`
saying how its verdict was derived.  The output must stay outside the repository.
"""
import json
import re
import subprocess
import sys

PINNED = "d47985e0b5175a7b4ee506fb05198c4dd9eeb7ce"
ROOT = "test/svcomp/"

NAME_VERDICT = re.compile(
    r"_(true|false)(-(unreach-call|valid-deref|valid-free|valid-memtrack|"
    r"valid-memsafety|termination|no-overflow))?(?=[._0-9]|$)")
ASSERTING = re.compile(r"__VERIFIER_error|__VERIFIER_assert|\bassert\s*\(|\bERROR\s*:")
VARIANT = re.compile(r"^\s*//\s*V:\s*(\S+)(.*)$")


def git(mirror, *args):
    return subprocess.run(["git", "--git-dir", mirror, *args], check=True,
                          capture_output=True, text=True, errors="replace").stdout


def header(text, key):
    m = re.search(r"/\*\s*" + key + r":([^*]*)\*/", text)
    return m.group(1).strip() if m else ""


def defines(opts):
    """The -D options of a CC_OPT string, as separate ["-D", "X=1"] words."""
    out = []
    words = opts.split()
    i = 0
    while i < len(words):
        w = words[i]
        if w == "-D" and i + 1 < len(words):
            out += ["-D", words[i + 1]]
            i += 1
        elif w.startswith("-D") and len(w) > 2:
            out += ["-D", w[2:]]
        i += 1
    return out


def variants(text):
    """[(name, cc_opt, tags)] of a .pkg.c file, in file order."""
    vs = []
    for line in text.splitlines():
        m = VARIANT.match(line)
        if not m:
            continue
        rest = m.group(2)
        tags = ""
        if "TAGS:" in rest:
            rest, tags = rest.split("TAGS:", 1)
        cc = rest.split("CC_OPT:", 1)[1] if "CC_OPT:" in rest else ""
        vs.append((m.group(1), cc.strip(), tags.strip()))
    return vs


def size(cc):
    return sum(int(n) for n in re.findall(r"=(\d+)", cc))


def markers(text, variant):
    """[(line number, kind)] of the markers active for `variant` (None: no variant)."""
    found = []
    for n, line in enumerate(text.splitlines(), 1):
        active = "/* ERROR */" in line
        for v in re.findall(r"/\*\s*ERR_(\w+)\s*\*/", line):
            if variant is not None and variant.startswith(v):
                active = True
        if active:
            found.append((n, "assert" if ASSERTING.search(line) else "memory"))
    return found


def derive(path, text, variant, cc, dev):
    """One manifest row for `path` at `variant`, or (None, reason)."""
    name = path.rsplit("/", 1)[1]
    hits = NAME_VERDICT.findall(name)
    mk = markers(text, variant)
    kinds = {k for _, k in mk}
    if len(kinds) > 1:
        return None, "markers of both kinds"
    if hits:
        verdict, _, prop = hits[-1]
        if prop in ("termination", "no-overflow"):
            return None, "property %s" % prop
        if (verdict == "false") != bool(mk):
            return None, "file name _%s%s disagrees with %s" % (
                verdict, "-" + prop if prop else "", "a marker" if mk else "no marker")
        if verdict == "false" and prop.startswith("valid-") and kinds != {"memory"}:
            return None, "name says %s but the marker is on an assertion" % prop
        if verdict == "false" and prop == "unreach-call" and kinds != {"assert"}:
            return None, "name says unreach-call but the marker is a memory fault"
        namenote = "file name _%s%s agrees" % (verdict, "-" + prop if prop else "")
    else:
        prop = ""
        namenote = "file name carries no verdict"
    if mk:
        expected = False
        property_ = "unreach-call" if kinds == {"assert"} else "valid-memsafety"
        note = "marker at line %d (%s)" % (mk[0][0], "assertion" if kinds == {"assert"}
                                           else "memory fault")
    else:
        expected = True
        property_ = "valid-memsafety" if prop == "valid-memsafety" else "unreach-call"
        note = "no marker"
    if (path, variant) in dev:
        return None, "in dev.jsonl"
    return {"file": path, "property": property_, "expected": expected,
            "flags": defines(header(text, "CC_OPTS")) + defines(cc),
            "group": path[len(ROOT):].split("/", 1)[0], "variant": variant,
            "source_annotation": "%s; %s; derived by bench/svcomp_wide.py" % (note, namenote)}, None


def compile_error(text, flags):
    """clang's first error for the program under its flags, or None when it compiles."""
    p = subprocess.run(["clang-19", "-fsyntax-only", "-w", "-x", "c", *flags, "-"],
                       input=text, capture_output=True, text=True, errors="replace")
    if p.returncode == 0:
        return None
    errs = [l for l in p.stderr.splitlines() if "error:" in l]
    return (errs or ["exit %d" % p.returncode])[0].split("error:", 1)[-1].strip()


def main(argv):
    if len(argv) not in (4, 5):
        sys.exit(__doc__.split("\n\n")[-2])
    mirror, devpath, outpath = argv[1:4]
    skippath = argv[4] if len(argv) == 5 else None
    dev = set()
    for line in open(devpath, encoding="utf-8"):
        if line.strip():
            r = json.loads(line)
            dev.add((r["file"], r.get("variant")))
    files = [f for f in git(mirror, "ls-tree", "-r", "--name-only", PINNED, ROOT).split()
             if f.endswith(".c")]
    rows, skips = [], []
    for path in sorted(files):
        text = git(mirror, "cat-file", "blob", "%s:%s" % (PINNED, path))
        tags = header(text, "TAGS").split()
        if "__vm_choose" in text:
            skips.append((path, None, "calls __vm_choose"))
            continue
        vs = variants(text) if path.endswith(".pkg.c") else []
        if not vs:
            picks = [(None, "", "")]
        else:
            kinds = {}
            for v in vs:
                k = "valid" if v[0].startswith("valid") else (
                    "error" if v[0].startswith("error") else "")
                best = kinds.get(k)
                if best is None or size(v[1]) < size(best[1]):
                    kinds[k] = v
            picks = list(kinds.values())
        for variant, cc, vtags in picks:
            row, why = derive(path, text, variant, cc, dev)
            if row is None:
                skips.append((path, variant, why))
                continue
            err = compile_error(text, row["flags"])
            if err:
                skips.append((path, variant, "does not compile: " + err))
                continue
            row["tags"] = sorted(set(tags + vtags.split()))
            rows.append(row)
    with open(outpath, "w", encoding="utf-8") as out:
        for r in rows:
            out.write(json.dumps(r) + "\n")
    if skippath:
        with open(skippath, "w", encoding="utf-8") as out:
            for p, v, why in skips:
                out.write("%s\t%s\t%s\n" % (p, v, why))
    print("%d tasks written to %s, %d skipped" % (len(rows), outpath, len(skips)))


if __name__ == "__main__":
    main(sys.argv)

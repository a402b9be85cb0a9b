#!/usr/bin/env python3
"""Turns DIVINE's development manifest (shared/divine/dev.jsonl) into a `vigil bench` manifest.

DIVINE states a test's outcome as `expect` (error / no-error) and the kind of the error
(`error_kind`: assert, memory, ...); vigil bench wants an SV-COMP property and verdict. The
mapping: an `assert` error is `unreach-call` false; a `memory` error is `valid-memsafety` false
(the subproperty is not known from the manifest, so only the verdict is compared); a test without
an error is checked under `valid-memsafety` (DIVINE checks memory and assertions at once) and,
when it has assertions, under `unreach-call` too. DIVINE's semantics are kept as flags: malloc may
fail unless the test says `nofail:malloc`; threads need nothing more.

Usage: bench/divine_manifest.py shared/divine/dev.jsonl > /tmp/divine-bench.jsonl
then:  vigil bench --root /tmp/divdev /tmp/divine-bench.jsonl
"""
import json
import sys


def tasks(test):
    flags = ["--malloc-can-fail"] if test.get("malloc_can_fail") else []
    common = {"file": test["path"], "flags": flags, "area": test.get("area", "divine")}
    if test["expect"] == "error":
        kind = test.get("error_kind")
        if kind == "assert":
            yield dict(common, property="unreach-call", expected=False)
        elif kind == "memory":
            yield dict(common, property="valid-memsafety", expected=False)
        else:
            print(f"skipped {test['path']}: error kind {kind!r} has no SV-COMP property", file=sys.stderr)
    else:
        yield dict(common, property="valid-memsafety", expected=True)
        yield dict(common, property="unreach-call", expected=True)


def main():
    if len(sys.argv) != 2 or sys.argv[1] in ("-h", "--help"):
        sys.exit(__doc__)
    try:
        f = open(sys.argv[1])
    except OSError as e:
        sys.exit(f"divine_manifest.py: cannot read {sys.argv[1]}: {e.strerror}")
    with f:
        for line in f:
            if line.strip():
                for task in tasks(json.loads(line)):
                    print(json.dumps(task))


if __name__ == "__main__":
    main()

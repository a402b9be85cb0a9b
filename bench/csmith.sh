#!/bin/bash
# Differential test of vigil's model of C against the native platform on random programs.
#
# Csmith (Debian packages `csmith` and `libcsmith-dev`) generates closed, deterministic C
# programs free of undefined behaviour that end by printing a CRC of their global state. Each
# program is built natively (clang-19 -O0) and run; its printed checksum becomes an assertion:
# the program's final `platform_main_end(...)` call is replaced by
#     if (checksum != NATIVE) reach_error();
# and `main`'s argument handling is dropped. vigil's explicit engine must then answer `true`:
# any `false` is a place where vigil's semantics (arithmetic, conversions, structs, bit-fields,
# pointers, the runtime's libc) differ from the platform, i.e. a soundness bug. For every
# `true`, a second check with the checksum changed by one bit must answer `false` (so a `true`
# is not vacuous). `unknown` (a time-out, an unsupported construct) is counted, not an error.
#
# The generated programs are written to a temporary directory and never into the repository.
# Usage: bench/csmith.sh FIRST_SEED LAST_SEED [PROFILE] [TIMEOUT_S]
#   PROFILE: `small` (no bit-fields, no packed structs, 5 functions) or `full` (csmith's
#   defaults with 6 functions: bit-fields and packed structs included). Default: small.
# Prints one line per seed (seed, native checksum, verdict, verdict with the wrong checksum) and
# a summary; exits 1 if any answer was wrong.
set -euo pipefail
cd "$(dirname "$0")/.."
first=${1:?first seed}
last=${2:?last seed}
profile=${3:-small}
timeout_s=${4:-60}
command -v csmith >/dev/null || { echo "csmith is not installed (apt-get install csmith libcsmith-dev)" >&2; exit 2; }
inc=/usr/include/csmith
[ -f "$inc/csmith.h" ] || { echo "$inc/csmith.h is missing (apt-get install libcsmith-dev)" >&2; exit 2; }
cargo build --release -q -p vigil
vigil=$(realpath "${CARGO_TARGET_DIR:-target}/release/vigil")
case "$profile" in
  small) gen_opts=(--no-packed-struct --no-bitfields --max-funcs 5 --max-block-depth 3 --max-expr-complexity 6) ;;
  full) gen_opts=(--max-funcs 6 --max-block-depth 3 --max-expr-complexity 6) ;;
  *) echo "unknown profile $profile (small or full)" >&2; exit 2 ;;
esac
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Turns csmith's output into a checked program: the final checksum print becomes an assertion
# against the value given, and main takes no arguments.
to_checked() { # SRC CRC DST
  python3 - "$1" "$2" "$3" <<'PY'
import re, sys
src, crc, dst = sys.argv[1], sys.argv[2], sys.argv[3]
s = open(src).read()
s = s.replace('#include "csmith.h"', '#include "csmith.h"\nextern void reach_error(void);', 1)
s, n = re.subn(r'platform_main_end\(crc32_context \^ 0xFFFFFFFFUL, print_hash_value\);',
               f'if ((uint32_t)(crc32_context ^ 0xFFFFFFFFUL) != 0x{crc}u) reach_error();', s)
s, m = re.subn(r'int main \(int argc, char\* argv\[\]\)', 'int main (void)', s)
s = s.replace('if (argc == 2 && strcmp(argv[1], "1") == 0) print_hash_value = 1;', '')
if n != 1 or m != 1 or 'argc' in s.split('int main (void)')[1]:
    sys.exit(f"{src}: csmith's main does not have the expected shape")
open(dst, 'w').write(s)
PY
}

verdict_of() { # FILE
  timeout $((timeout_s + 30)) "$vigil" check --engine explicit --timeout "$timeout_s" -I"$inc" "$1" 2>/dev/null \
    | sed -n 's/^verdict: //p' || true
}

agree=0; unknown=0; wrong=0; skipped=0
for seed in $(seq "$first" "$last"); do
  src=$work/s$seed.c
  if ! (cd "$work" && csmith --seed "$seed" "${gen_opts[@]}" -o "$src" >/dev/null 2>&1) ||
     ! clang-19 -w -I"$inc" -O0 "$src" -o "$work/s$seed" 2>/dev/null; then
    echo "$seed: csmith or clang failed (skipped)"; skipped=$((skipped + 1)); continue
  fi
  if ! out=$(timeout 5 "$work/s$seed"); then
    echo "$seed: the native run takes over 5 s (skipped)"; skipped=$((skipped + 1)); continue
  fi
  crc=$(sed -n 's/^checksum = //p' <<<"$out")
  flipped=$(printf '%X' $((0x$crc ^ 1)))
  to_checked "$src" "$crc" "$work/t$seed.c"
  to_checked "$src" "$flipped" "$work/f$seed.c"
  v=$(verdict_of "$work/t$seed.c")
  case "$v" in
    true)
      vf=$(verdict_of "$work/f$seed.c")
      case "$vf" in
        false*) agree=$((agree + 1)) ;;
        unknown*) unknown=$((unknown + 1)) ;;
        *) wrong=$((wrong + 1)); cp "$work/f$seed.c" "/tmp/csmith-wrong-f$seed.c" ;;
      esac ;;
    unknown*) vf=-; unknown=$((unknown + 1)) ;;
    *) vf=-; wrong=$((wrong + 1)); cp "$work/t$seed.c" "/tmp/csmith-wrong-t$seed.c" ;;
  esac
  echo "$seed: checksum $crc: $v; with $flipped: $vf"
done
echo "csmith $profile seeds $first-$last: $agree agree, $unknown unknown, $wrong wrong, $skipped skipped"
[ "$wrong" -eq 0 ]

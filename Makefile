# vigil — set-up, build, demo and tests on Debian 12.
#   make demo   installs what is missing (as root), builds vigil and runs it on an example
#   make test   installs what is missing (as root), builds and runs the whole test suite

SHELL := /bin/bash
# Debian packages vigil needs to build and test.
PACKAGES := build-essential clang-19 llvm-19-dev libc6-dev-i386 zlib1g-dev libzstd-dev \
            z3 minisat cadical xz-utils time tzdata
CARGO ?= cargo
export LLVM_SYS_191_PREFIX ?= /usr/lib/llvm-19
VIGIL := $(or $(CARGO_TARGET_DIR),target)/release/vigil

.PHONY: all deps build demo test bench clean

all: build

# Installs the missing packages when run as root; otherwise prints the command to run.
deps:
	@missing=""; for p in $(PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null || exit 1; \
	  else \
	    echo "missing packages; run as root:"; echo "  apt-get install -y$$missing"; exit 1; \
	  fi; \
	fi
	@command -v $(CARGO) >/dev/null || { echo "cargo (Rust >= 1.80) is required: https://rustup.rs"; exit 1; }

build: deps
	$(CARGO) build --release -p vigil

demo: build
	@echo "== vigil check examples/demo.c"
	@$(VIGIL) check examples/demo.c; echo "(exit code $$?: 0 true, 10 false, 20 unknown)"
	@echo "== vigil ir --analysis examples/demo.c (first lines)"
	@$(VIGIL) ir --analysis examples/demo.c | head -40

test: deps
	$(CARGO) test --workspace --no-fail-fast

bench: build
	bench/frontend.sh

clean:
	$(CARGO) clean

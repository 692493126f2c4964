# plancert — POSIX make targets. Run "make test" before committing.

GO = go
BIN = bin/plancert
PYTHON = python3
PYLIB = python/plancert/libplancert.so

.PHONY: all build run audit test test-faults test-slurm test-long test-peers bench bench-peers peers lint fuzz clean check-go build-cbc test-cbc cbc-lib report-check python test-python bench-python test-hf

all: build

check-go:
	@command -v $(GO) >/dev/null 2>&1 || { \
	  echo "make: '$(GO)' is not on PATH. Install Go >= 1.24 from https://go.dev/dl/ and add its bin directory to PATH." >&2; \
	  exit 1; }

build: check-go
	$(GO) build -o $(BIN) ./cmd/plancert

# The main job: a small certified suite drawn from every registered task
# (instance i is of task i mod T; written to out/), one record shown in full,
# then the reference plans and perturbed plans scored exactly, and a report
# of the perturbed plans (HTML and Markdown in out/).
run: build
	@mkdir -p out
	$(BIN) gen --n 64 --seed 1 --out out/suite.jsonl
	$(BIN) show --suite out/suite.jsonl
	$(BIN) respond --suite out/suite.jsonl --responder reference --out out/reference.jsonl
	$(BIN) score --suite out/suite.jsonl --responses out/reference.jsonl
	$(BIN) respond --suite out/suite.jsonl --responder perturbed --out out/perturbed.jsonl
	$(BIN) score --suite out/suite.jsonl --responses out/perturbed.jsonl
	$(BIN) report --suite out/suite.jsonl --responses out/perturbed.jsonl --html out/report.html --md out/report.md > /dev/null

# Audit the example models of the generic format; exits 0 when all are proven.
audit: build
	$(BIN) audit testdata/models/*.json

test: check-go
	CGO_ENABLED=0 $(GO) test ./...
	CGO_ENABLED=0 $(GO) vet ./...

# The fault-injection suite (build tag faults, cmd/plancert/faults*_test.go):
# gen and eval killed with SIGKILL at seeded random points and resumed to
# the uninterrupted run's bytes, gen and export on a full disk (a 64 KiB
# tmpfs as root on Linux, else RLIMIT_FSIZE on the child), and plancert
# serve under a mix of valid, malformed, slow and oversized requests. About
# a minute on 2 cores (see docs/quickstart.md).
test-faults: check-go
	CGO_ENABLED=0 $(GO) vet -tags faults ./cmd/plancert/
	CGO_ENABLED=0 $(GO) test -tags faults -count=1 -timeout 15m -run '^TestFault' -v ./cmd/plancert/

# The Hugging Face export read back as datasets.load_dataset(DIR) finds it,
# by readers that share no code with plancert (Node's hyparquet and yaml,
# pinned in tools/hfcheck/package-lock.json and installed by npm ci), and
# tampered copies refused. Needs node and npm. About 20 s.
test-hf: build
	tools/hfcheck/run.sh $(BIN) out/hfcheck

# CBC (COIN-OR, through cgo, build tag cbc) is the independent cross-check
# backend: "plancert gen/audit --crosscheck cbc". cbc-lib installs the Debian
# package coinor-libcbc-dev with apt-get when pkg-config cannot find CBC
# (with sudo unless root).
cbc-lib:
	@pkg-config --exists cbc 2>/dev/null || { \
	  echo "make: CBC not found by pkg-config; installing coinor-libcbc-dev with apt-get" >&2; \
	  SUDO=; [ "$$(id -u)" -eq 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update && $$SUDO apt-get install -y coinor-libcbc-dev pkg-config; }

build-cbc: check-go cbc-lib
	CGO_ENABLED=1 $(GO) build -tags cbc -o $(BIN) ./cmd/plancert

# CBC against the SAT backend and brute force (random models, every task,
# ft06), the --crosscheck commands, and the global lock under -race.
test-cbc: check-go cbc-lib
	CGO_ENABLED=1 $(GO) vet -tags cbc ./solver/cbc/... ./cmd/plancert/...
	CGO_ENABLED=1 $(GO) test -timeout 30m -tags cbc ./solver/cbc/... ./cmd/plancert/...
	CGO_ENABLED=1 $(GO) test -race -tags cbc -run 'TestConcurrent' ./solver/cbc/

# The Slurm job array of examples/slurm on a one-node Slurm that the test
# starts on localhost (as root; Debian's slurmctld, slurmd and slurm-client
# packages), merged and compared with the unsharded run. CI does not run it.
test-slurm: build
	PLANCERT=$(BIN) examples/slurm/test-one-node.sh
# The Python package plancert (python/): its C shared library, built
# from the Go graders with cgo (go build -buildmode=c-shared). A missing C
# compiler is installed with apt-get (the Debian package gcc; with sudo
# unless root).
python: check-go
	@cc=$$(CGO_ENABLED=1 $(GO) env CC); command -v "$${cc%% *}" >/dev/null 2>&1 || { \
	  echo "make: no C compiler ($$cc) for cgo; installing gcc with apt-get" >&2; \
	  SUDO=; [ "$$(id -u)" -eq 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update && $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y gcc; }
	CGO_ENABLED=1 $(GO) build -buildmode=c-shared -o $(PYLIB) ./python/libplancert

# The Python package's tests (python/tests, standard library only) with
# $(PYTHON), and the library's Go side under the race detector.
test-python: build python
	CGO_ENABLED=1 $(GO) test -race -count=1 ./internal/pylib
	cd python && PYTHONDONTWRITEBYTECODE=1 PLANCERT_BIN=../$(BIN) PLANCERT_LIB= $(PYTHON) -m unittest discover -s tests -v

# 1,000 reference answers graded in process (the Python package) and
# through plancert serve; prints a Markdown table (see python/bench.py).
bench-python: build python
	cd python && PYTHONDONTWRITEBYTECODE=1 PLANCERT_BIN=../$(BIN) PLANCERT_LIB= $(PYTHON) bench.py $(BENCH_PYTHON_FLAGS)

# Long tests (known optima of larger instances); may take many minutes.
test-long: check-go
	PLANCERT_LONG=1 $(GO) test -timeout 60m ./...

bench: check-go
	$(GO) test -run '^$$' -bench . -benchmem ./...

# Peer solvers for the side-by-side runs: z3, MiniZinc (with Gecode) and
# CBC's command line, installed with apt-get when missing (sudo unless
# root).
peers:
	@missing=""; \
	command -v z3 >/dev/null 2>&1 || missing="$$missing z3"; \
	command -v minizinc >/dev/null 2>&1 || missing="$$missing minizinc"; \
	command -v cbc >/dev/null 2>&1 || missing="$$missing coinor-cbc"; \
	if [ -n "$$missing" ]; then \
	  sudo=""; [ "$$(id -u)" -eq 0 ] || sudo=sudo; \
	  echo "make: installing$$missing with apt-get" >&2; \
	  $$sudo apt-get install -y $$missing || { $$sudo apt-get update && $$sudo apt-get install -y $$missing; }; \
	fi

# Side-by-side benchmark: the same models through plancert's SAT backend,
# CBC in process (solver/cbc) and on the command line, z3 and MiniZinc with
# Gecode; prints a Markdown table (see cmd/benchpeers; add flags with
# BENCHPEERS_FLAGS, e.g. BENCHPEERS_FLAGS=--json).
bench-peers: check-go peers cbc-lib
	CGO_ENABLED=1 $(GO) run -tags cbc ./cmd/benchpeers $(BENCHPEERS_FLAGS)

# The exports solved by the installed peers on random models (about a
# minute).
test-peers: check-go peers
	PLANCERT_PEERS=1 $(GO) test -count=1 ./export ./internal/peers ./cmd/plancert

# The HTML report of a generated suite rendered in headless Chromium: no
# console errors, and a screenshot that is not blank. Installs the Debian
# package chromium with apt-get when it is missing (with sudo unless root).
report-check: check-go
	@command -v chromium >/dev/null 2>&1 || { \
	  echo "make: chromium not found; installing the Debian package chromium with apt-get" >&2; \
	  SUDO=; [ "$$(id -u)" -eq 0 ] || SUDO=sudo; \
	  $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium || { $$SUDO apt-get update && $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium; }; }
	PLANCERT_CHROMIUM=1 $(GO) test -count=1 -run 'TestHTMLInChromium' -v ./report

lint: check-go
	CGO_ENABLED=0 $(GO) vet ./...
	@files=$$("$$($(GO) env GOROOT)/bin/gofmt" -l .); \
	if [ -n "$$files" ]; then \
	  echo "gofmt: these files need formatting (run gofmt -w on them):" >&2; \
	  echo "$$files" >&2; \
	  exit 1; \
	fi

fuzz: check-go
	$(GO) test ./encode -run '^$$' -fuzz FuzzReadModel -fuzztime 30s
	$(GO) test ./solver/drup -run '^$$' -fuzz 'FuzzCheck$$' -fuzztime 30s
	$(GO) test ./solver/drup -run '^$$' -fuzz FuzzCheckClauses -fuzztime 30s
	$(GO) test ./verify/serve -run '^$$' -fuzz FuzzRequest -fuzztime 30s

clean:
	rm -rf bin out $(PYLIB) python/plancert/libplancert.h

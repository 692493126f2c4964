# plancert — POSIX make targets. Run "make test" before committing.

GO = go
BIN = bin/plancert

.PHONY: all build run audit test test-long test-peers bench bench-peers peers lint fuzz clean check-go

all: build

check-go:
	@command -v $(GO) >/dev/null 2>&1 || { \
	  echo "make: '$(GO)' is not on PATH. Install Go >= 1.24 from https://go.dev/dl/ and add its bin directory to PATH." >&2; \
	  exit 1; }

build: check-go
	$(GO) build -o $(BIN) ./cmd/plancert

# The main job: a small certified suite of the scheduling family (written to
# out/), one record shown in full, then the reference plans and perturbed
# plans scored exactly.
run: build
	@mkdir -p out
	$(BIN) gen --family scheduling --n 27 --seed 1 --out out/suite.jsonl
	$(BIN) show --suite out/suite.jsonl
	$(BIN) respond --suite out/suite.jsonl --responder reference --out out/reference.jsonl
	$(BIN) score --suite out/suite.jsonl --responses out/reference.jsonl
	$(BIN) respond --suite out/suite.jsonl --responder perturbed --out out/perturbed.jsonl
	$(BIN) score --suite out/suite.jsonl --responses out/perturbed.jsonl

# Audit the example models of the generic format; exits 0 when all are proven.
audit: build
	$(BIN) audit testdata/models/*.json

test: check-go
	CGO_ENABLED=0 $(GO) test ./...
	$(GO) vet ./...

# Long tests (known optima of larger instances); may take many minutes.
test-long: check-go
	PLANCERT_LONG=1 $(GO) test -timeout 60m ./...

bench: check-go
	$(GO) test -run '^$$' -bench . -benchmem ./...

# Peer solvers for the side-by-side runs: z3, MiniZinc (with Gecode) and
# CBC's command line, installed with apt-get when missing (sudo unless
# root); with solver/cbc present also CBC's library for the in-process
# backend.
peers:
	@missing=""; \
	command -v z3 >/dev/null 2>&1 || missing="$$missing z3"; \
	command -v minizinc >/dev/null 2>&1 || missing="$$missing minizinc"; \
	command -v cbc >/dev/null 2>&1 || missing="$$missing coinor-cbc"; \
	if [ -f solver/cbc/cbc.go ] && ! pkg-config --exists cbc 2>/dev/null; then missing="$$missing coinor-libcbc-dev pkg-config"; fi; \
	if [ -n "$$missing" ]; then \
	  sudo=""; [ "$$(id -u)" -eq 0 ] || sudo=sudo; \
	  echo "make: installing$$missing with apt-get" >&2; \
	  $$sudo apt-get install -y $$missing || { $$sudo apt-get update && $$sudo apt-get install -y $$missing; }; \
	fi

# Side-by-side benchmark: the same models through plancert's SAT backend,
# CBC (in process when solver/cbc is built, and its command line), z3 and
# MiniZinc with Gecode; prints a Markdown table (see cmd/benchpeers; add
# flags with BENCHPEERS_FLAGS, e.g. BENCHPEERS_FLAGS=--json).
bench-peers: check-go peers
	@tags=""; [ -f solver/cbc/cbc.go ] && tags="-tags cbc"; \
	echo "$(GO) run $$tags ./cmd/benchpeers $(BENCHPEERS_FLAGS)"; \
	$(GO) run $$tags ./cmd/benchpeers $(BENCHPEERS_FLAGS)

# The exports solved by the installed peers on random models (about a
# minute).
test-peers: check-go peers
	PLANCERT_PEERS=1 $(GO) test -count=1 ./export ./internal/peers ./cmd/plancert

lint: check-go
	$(GO) vet ./...
	@files=$$("$$($(GO) env GOROOT)/bin/gofmt" -l .); \
	if [ -n "$$files" ]; then \
	  echo "gofmt: these files need formatting (run gofmt -w on them):" >&2; \
	  echo "$$files" >&2; \
	  exit 1; \
	fi

fuzz: check-go
	$(GO) test ./encode -run '^$$' -fuzz FuzzReadModel -fuzztime 30s

clean:
	rm -rf bin out

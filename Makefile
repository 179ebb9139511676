# Builds the engine. OpenBench (and anyone) runs `make EXE=<name>`, then
# `<name> bench`, whose last two lines are `Nodes searched: N` and
# `Nodes/second: N`. Needs Go 1.26 (on PATH, or at /usr/local/go/bin).
EXE ?= varchess
GO ?= $(shell command -v go 2>/dev/null || echo /usr/local/go/bin/go)

.PHONY: all test clean
all:
	$(GO) build -o $(EXE) .

test:
	$(GO) test ./...

clean:
	rm -f $(EXE)

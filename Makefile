# make run / make test / make bench: each creates .venv on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP_RUN := $(VENV)/.installed-run
STAMP_TEST := $(VENV)/.installed-test
STAMP_BENCH := $(VENV)/.installed-bench
SOURCES := pyproject.toml setup.py $(wildcard engine/csrc/*.c engine/csrc/*.h)

.PHONY: run test bench lint typecheck layers check-arm clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP_RUN): $(BIN)/python $(SOURCES)
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(STAMP_TEST): $(BIN)/python $(SOURCES)
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@ $(STAMP_RUN)

$(STAMP_BENCH): $(BIN)/python $(SOURCES)
	$(BIN)/python -m pip install --quiet -e '.[test,bench]'
	touch $@ $(STAMP_TEST) $(STAMP_RUN)

# With no display (no DISPLAY/WAYLAND_DISPLAY and no KMS console) the table
# falls back to a demo in the terminal.
run: $(STAMP_RUN)
	$(BIN)/whist-table play --fallback-headless

test: $(STAMP_TEST)
	$(BIN)/python -m ruff check engine device hall tests bench
	$(BIN)/python -m mypy
	$(BIN)/lint-imports --no-cache
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m pytest

bench: $(STAMP_BENCH)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python bench/run_all.py

# The C core for the Pi's CPUs (cross-built, run under qemu-user) and with
# sanitizers, against DDS's values, with timings; make test runs the same checks.
check-arm: $(STAMP_TEST)
	$(BIN)/python tests/c/check_vectors.py

typecheck: $(STAMP_TEST)
	$(BIN)/python -m mypy

# the import contracts in pyproject.toml: the layers and no import circles
layers: $(STAMP_TEST)
	$(BIN)/lint-imports --no-cache

lint: $(STAMP_TEST)
	$(BIN)/python -m ruff check engine device hall tests bench

clean:
	rm -rf $(VENV) build *.egg-info engine/_solver*.so engine/_family*.so engine/_ismcts*.so

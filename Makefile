# ludus — two commands: `make play` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test soak bench bench-peers golden lint typecheck clean i18n

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/ludus play $(ARGS)

lint: $(STAMP)
	$(BIN)/ruff check src tests scripts
	$(BIN)/lint-imports --no-cache

typecheck: $(STAMP)
	$(BIN)/mypy

test: $(STAMP) lint typecheck
	$(BIN)/python -m pytest

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
	rm -rf $(VENV) .peers-venv .pytest_cache .mypy_cache .ruff_cache

# Catalogs (docs/i18n.md): extract the messages of each domain, merge them into every language's
# .po, compile the .mo files that ship in the package. The platform's domain is "ludus"
# (src/ludus minus the games); each game is its own domain (its package, and data/messages.toml).
LANGS := en pl hu uk
GAME_DOMAINS := glory-to-rome:glory_to_rome trajan:trajan fall-of-rome:fall_of_rome hadrians-wall:hadrians_wall

i18n: $(STAMP)
	$(BIN)/pybabel extract -F babel.cfg --no-location --sort-output --ignore-dirs=games -k N_ -o src/ludus/locale/ludus.pot src/ludus
	for lang in $(LANGS); do \
	  if [ -f src/ludus/locale/$$lang/LC_MESSAGES/ludus.po ]; then \
	    $(BIN)/pybabel update --no-fuzzy-matching -D ludus -i src/ludus/locale/ludus.pot -d src/ludus/locale -l $$lang; \
	  else $(BIN)/pybabel init -D ludus -i src/ludus/locale/ludus.pot -d src/ludus/locale -l $$lang; fi; \
	done
	$(BIN)/pybabel compile --statistics -D ludus -d src/ludus/locale

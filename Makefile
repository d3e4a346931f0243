# Hearts — every install step lives here so a fresh machine needs only `make run` / `make test`.
PYTHON ?= python3
VENV := .venv
VPY := $(VENV)/bin/python
DEV_STAMP := $(VENV)/.dev-installed

.PHONY: test test-engine lint bench tournament run clean

$(VPY):
	$(PYTHON) -m venv $(VENV)

$(DEV_STAMP): requirements-dev.txt | $(VPY)
	$(VPY) -m pip install -q --upgrade pip
	$(VPY) -m pip install -q -r requirements-dev.txt
	touch $@

lint: $(DEV_STAMP)
	$(VPY) -m ruff check hearts tests scripts

test-engine: $(DEV_STAMP)
	$(VPY) -m pytest -q tests --ignore=tests/e2e

test: lint test-engine

bench: $(DEV_STAMP)
	$(VPY) -m hearts.bench

clean:
	rm -rf $(VENV) node_modules static/vendor .pytest_cache .ruff_cache .hypothesis

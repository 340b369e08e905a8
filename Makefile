# Rise & Fall Table Companion. `make run` starts the dashboard; `make test` runs every test.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
PORT   ?= 8866
STAMP  := $(VENV)/.installed
SUDO   := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: run table lint test test-fast bench install chromium clean

$(STAMP): pyproject.toml
	@[ -x $(PY) ] || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	@touch $(STAMP)

install: $(STAMP)

## The dashboard on this machine, on the embedded default World.
run: $(STAMP)
	$(PY) -m companion.ui.serve --port $(PORT)

## The dashboard for a tablet on the local network (token, address and QR code printed).
table: $(STAMP)
	$(PY) -m companion.ui.serve --port $(PORT) --table

## Debian's Chromium for the browser tests (Playwright cannot download browsers here).
chromium:
	@command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || \
	  ( $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq chromium )

## ruff first: a finding fails the run before any test.
lint: $(STAMP)
	$(PY) -m ruff check .

## The browser tests run on their own: Playwright's event loop must not run under the unit tests.
test: $(STAMP) chromium lint
	$(PY) -m pytest -q -m "not browser"
	$(PY) -m pytest -q -m browser

## Everything but the real-browser tests.
test-fast: $(STAMP) lint
	$(PY) -m pytest -q -m "not browser"

bench: $(STAMP) chromium
	$(PY) -m bench

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis test-artifacts

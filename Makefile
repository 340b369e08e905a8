# Rise & Fall Table Companion. `make run` starts the dashboard; `make test` runs every test.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
PORT   ?= 8866
STAMP  := $(VENV)/.installed
SUDO   := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: run table lint test test-fast test-deep bench page-scripts install chromium clean

$(STAMP): pyproject.toml
	@[ -x $(PY) ] || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	@# an editable install leaves out the package's data files: Voilà's settings for plain `voila notebooks/companion.ipynb`
	@mkdir -p $(VENV)/etc/jupyter && ln -sf $(CURDIR)/companion/ui/jupyter/config/voila.py $(VENV)/etc/jupyter/voila.py
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

## The browser tests on two workers, each file's tests on one worker sharing one served dashboard, and beside
## them the fast tests, at the same priority (Playwright's event loop must not run under the unit tests, so the
## two tiers are two runs): a browser test waits on its pages much of the time, and the fast tests share the two
## cores with it. At the lowest priority they left those cores to any other work of the machine too, and on a
## machine shared with two busy processes the run took 17.5-18.5 min instead of 15. The fast tests' report
## follows the browser tests'. Each tier collects only its own folder (the browser tier collecting every test
## took 9 CPU-s in each of its three processes instead of 2). At the end: the ten slowest tests and the run's own time.
WORKERS         ?= auto
BROWSER_WORKERS ?= 2
TIMING          := test-artifacts/timing
test: $(STAMP) chromium lint
	@rm -rf $(TIMING); mkdir -p $(TIMING); start=$$(date +%s); \
	$(PY) -m pytest -q -p no:cacheprovider -m "not browser" --ignore=tests/browser -n $(WORKERS) --junitxml=$(TIMING)/fast.xml \
	  > $(TIMING)/fast.log 2>&1 & fast=$$!; \
	$(PY) -m pytest -q -m browser tests/browser -n $(BROWSER_WORKERS) --dist loadfile --junitxml=$(TIMING)/browser.xml; browser=$$?; \
	wait $$fast; quick=$$?; echo; echo "The fast tests (beside the browser tests):"; tail -n 60 $(TIMING)/fast.log; \
	$(PY) tests/timing.py $(TIMING) $$start; [ $$browser -eq 0 ] && [ $$quick -eq 0 ]

## The long property runs in full: every random game drawn as many times as before, and more.
test-deep: $(STAMP) chromium lint
	HYPOTHESIS_PROFILE=deep $(PY) -m pytest -q -m "not browser" -n $(WORKERS) --durations=10

## Everything but the real-browser tests.
test-fast: $(STAMP) lint
	$(PY) -m pytest -q -m "not browser" -n $(WORKERS) --durations=10

## The scripts a page loads, which its head preloads: written again from a page (after Voilà or ipywidgets change).
page-scripts: $(STAMP) chromium
	$(PY) tests/browser/write_page_scripts.py

bench: $(STAMP) chromium
	$(PY) -m bench

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis test-artifacts

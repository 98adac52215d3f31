# The two commands a newcomer runs: `make demo` and `make test`.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PG_URL ?= postgresql://postgres@127.0.0.1:5432/test
DEBIAN_PACKAGES := chromium fonts-dejavu-core libpango-1.0-0 libpangoft2-1.0-0 dovecot-imapd

.PHONY: demo test install python-deps system-deps ui-deps ui lint test-python \
        test-postgres test-kafka test-ui test-browser test-bench lighthouse serve clean

demo: install ui  ## install, build the UI, seed the demo tenant, serve on :8000
	$(BIN)/ledgerdesk seed --tenant demo
	@echo "Serving http://localhost:8000/app (API under /api). Stop with Ctrl-C."
	$(BIN)/ledgerdesk serve --host 127.0.0.1 --port 8000

test: install system-deps ui lint test-python test-postgres test-kafka test-ui test-browser test-bench

install: python-deps ui-deps

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

python-deps: $(BIN)/python
	$(BIN)/pip install --quiet -e ".[dev]"

system-deps:  ## Debian packages the tests need: Chromium, and Pango for PDFs
	@missing=$$(for p in $(DEBIAN_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages: $$missing"; \
	  SUDO=$$([ "$$(id -u)" = 0 ] || echo sudo); \
	  $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq $$missing >/dev/null; \
	fi

ui-deps:
	@if [ -f package-lock.json ]; then npm ci --no-audit --no-fund --loglevel=error; \
	 else npm install --no-audit --no-fund --loglevel=error; fi

ui: ui-deps
	npm run build

lint:
	$(BIN)/ruff check domain projections outbound inbound audit storage api demo bench tests
	$(BIN)/mypy domain projections outbound inbound audit storage api demo bench

# Every test gets its own database (a copied file, or a PostgreSQL database made
# from a seeded template), so the Python tests run on every core (pytest-xdist).
XDIST ?= -n auto

test-python:  ## every Python test on the embedded SQLite default
	$(BIN)/python -m pytest $(XDIST) -m "not kafka" tests

test-postgres:  ## the same suite on PostgreSQL
	LEDGERDESK_TEST_BACKEND=postgres LEDGERDESK_TEST_POSTGRES=$(PG_URL) \
	  $(BIN)/python -m pytest $(XDIST) -m "not kafka" tests

test-kafka:  ## against a Kafka-protocol broker the tests start themselves, both backends
	$(BIN)/python -m pytest -m kafka tests
	LEDGERDESK_TEST_BACKEND=postgres LEDGERDESK_TEST_POSTGRES=$(PG_URL) \
	  $(BIN)/python -m pytest -m kafka tests

test-ui:
	npm test

test-browser:  ## @playwright/test driving Debian's Chromium against a real server
	PATH="$(CURDIR)/$(BIN):$$PATH" tests/e2e/run-browser-tests.sh

lighthouse: ui  ## Lighthouse on every list and detail page, desktop and phone, the median of three runs each (not in `make test`)
	PATH="$(CURDIR)/$(BIN):$$PATH" LIGHTHOUSE_REPEAT=$${LIGHTHOUSE_REPEAT:-3} node ui/lighthouse/run.mjs

test-bench:  ## a small benchmark run: every key must be produced
	PATH="$(CURDIR)/$(BIN):$$PATH" tests/e2e/run-bench-smoke.sh

serve:
	$(BIN)/ledgerdesk serve

clean:
	rm -rf var test-artefacts ui/dist

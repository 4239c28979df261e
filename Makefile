# The two commands a newcomer needs: `make play` and `make test`. Both set up
# everything they use, so a fresh clone needs only Python 3.11+ (and, for the
# browser and DynamoDB tests, root or sudo for apt and npm from the registries).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
# One stamp per extra: `make play` installs only `serve`; `make test` needs `dev`, which
# includes `serve`. A stamp is older than pyproject.toml when the dependencies changed.
STAMP := $(VENV)/.installed
SERVE_STAMP := $(VENV)/.installed-serve
CHROMIUM := /usr/bin/chromium
# The node on the PATH, else Debian's (installed by the rule below).
NODE := $(or $(shell command -v node),/usr/bin/node)
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: play serve test test-all lint typecheck template pytest pytest-all jstest format \
	format-check e2e bench screenshots deploy clean

# infra/install_python.sh makes the venv and installs the extra with uv (bootstrapped into
# ~/.cache/istaka-uv by `pip install uv` when it is not on the PATH), and falls back to pip
# when uv is missing or fails (ISTAKA_NO_UV=1 forces pip): see docs/BENCHMARKS.md, "First run".
$(STAMP): pyproject.toml
	PYTHON=$(PYTHON) infra/install_python.sh dev
	touch $(STAMP) $(SERVE_STAMP)

$(SERVE_STAMP): pyproject.toml
	PYTHON=$(PYTHON) infra/install_python.sh serve
	touch $(SERVE_STAMP)

# Debian's chromium drives the browser tests (Playwright's own download does not work here);
# the fonts only make Korean text and emoji render in screenshots.
$(CHROMIUM):
	$(SUDO) apt-get update -qq
	$(SUDO) apt-get install -y -qq chromium fonts-noto-cjk fonts-noto-color-emoji >/dev/null

$(NODE):
	$(SUDO) apt-get update -qq
	$(SUDO) apt-get install -y -qq nodejs npm >/dev/null

play: $(SERVE_STAMP)
	$(PY) -m infra.devserver

serve: play

# ESLint (pinned in infra/package.json, flat config eslint.config.js) checks only names in the
# JavaScript: one used but never defined or imported, one defined but never used.
ESLINT := infra/node_modules/.bin/eslint
lint: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	infra/setup_node.sh
	$(ESLINT) .

typecheck: $(STAMP)
	$(PY) -m mypy engine api infra

# cfn-lint and `sam validate --lint`, with the SAM CLI in its own venv (.venv-sam).
template:
	infra/validate_template.sh

# One worker per core (pytest-xdist; worksteal: a worker that runs dry takes tests from a busy
# one, so a few long browser tests at the end do not hold the run), tests in random order
# (pytest-randomly prints the seed: `make pytest PYTEST_ARGS=--randomly-seed=N` repeats that
# order), and the slowest tests named at the end so they stay visible.
PYTEST_ARGS ?=
PYTEST := $(PY) -m pytest -n auto --dist worksteal --durations=15 $(PYTEST_ARGS)

# The browser tests (tests/frontend/e2e) run as a second pytest run, after the rest: sharing
# two cores with the property and API tests' CPU bursts made the browsers lose more. A browser
# test that fails is run once more (pytest-rerunfailures) and named in the summary (`R`): a
# loaded 2-core machine now and then loses a finger's tap or a frame in chromium (docs/TESTS.md),
# and a test that fails twice fails the run. `-rsR`: a second -r replaces addopts' `-rs`, so it
# names the skips too (a few browser tests skip when a random deal lacks what they check).
E2E_RERUNS ?= 1
pytest: $(STAMP) $(CHROMIUM)
	infra/setup_node.sh
	$(PYTEST) --ignore=tests/frontend/e2e
	$(PYTEST) --reruns $(E2E_RERUNS) -rsR tests/frontend/e2e

# Adds the exhaustive sweeps (marker `slow`) and lets Hypothesis draw new examples
# instead of replaying the fixed ones `make test` uses.
pytest-all: $(STAMP) $(CHROMIUM)
	infra/setup_node.sh
	HYPOTHESIS_PROFILE=explore $(PYTEST) -m '' --ignore=tests/frontend/e2e
	HYPOTHESIS_PROFILE=explore $(PYTEST) -m '' --reruns $(E2E_RERUNS) -rsR tests/frontend/e2e

# The frontend's pure modules under Node's own test runner: no packages, no build step.
# frontend/js are plain .js ES modules; the root package.json ("type": "module") says so.
jstest: | $(NODE)
	$(NODE) --test tests/frontend/js/

# Prettier (pinned in infra/package.json) over the frontend's code and tests/frontend/js, width 100
# like ruff (.prettierrc.json, .prettierignore). `make format` fixes what `format-check` finds,
# and what `make lint`'s `ruff format --check` finds in the Python.
PRETTIER := infra/node_modules/.bin/prettier
format-check:
	infra/setup_node.sh
	$(PRETTIER) --check frontend tests/frontend/js

format: $(STAMP)
	$(PY) -m ruff format .
	infra/setup_node.sh
	$(PRETTIER) --write frontend tests/frontend/js

test: lint typecheck template format-check jstest pytest

test-all: lint typecheck template format-check jstest pytest-all

# The browser tests alone, with no second try: for hunting a flaky one.
e2e: $(STAMP) $(CHROMIUM)
	infra/setup_node.sh
	$(PYTEST) tests/frontend/e2e

bench: $(STAMP) $(CHROMIUM)
	infra/setup_node.sh
	$(PY) -m tests.bench

screenshots: $(STAMP) $(CHROMIUM)
	ISTAKA_UPDATE_DOCS=1 $(PY) -m pytest tests/frontend/e2e/test_screens.py

deploy:
	infra/setup_sam.sh
	.venv-sam/bin/sam build
	.venv-sam/bin/sam deploy --guided
	infra/deploy_frontend.sh

clean:
	rm -rf $(VENV) .venv-sam infra/node_modules .aws-sam .mypy_cache .ruff_cache .pytest_cache

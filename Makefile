# The two commands a newcomer needs: `make play` and `make test`. Both set up
# everything they use, so a fresh clone needs only Python 3.11+ (and, for the
# browser and DynamoDB tests, root or sudo for apt and npm from the registries).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
CHROMIUM := /usr/bin/chromium
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: play serve test lint typecheck template pytest e2e bench screenshots deploy clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# Debian's chromium drives the browser tests (Playwright's own download does not work here);
# the fonts only make Korean text and emoji render in screenshots.
$(CHROMIUM):
	$(SUDO) apt-get update -qq
	$(SUDO) apt-get install -y -qq chromium fonts-noto-cjk fonts-noto-color-emoji >/dev/null

play: $(STAMP)
	$(PY) -m infra.devserver

serve: play

lint: $(STAMP)
	$(PY) -m ruff check .

typecheck: $(STAMP)
	$(PY) -m mypy engine api infra

# cfn-lint and `sam validate --lint`, with the SAM CLI in its own venv (.venv-sam).
template:
	infra/validate_template.sh

pytest: $(STAMP) $(CHROMIUM)
	infra/setup_dynalite.sh
	$(PY) -m pytest

test: lint typecheck template pytest

e2e: $(STAMP) $(CHROMIUM)
	$(PY) -m pytest tests/e2e

bench: $(STAMP) $(CHROMIUM)
	infra/setup_dynalite.sh
	$(PY) -m tests.bench

screenshots: $(STAMP) $(CHROMIUM)
	ISTAKA_UPDATE_DOCS=1 $(PY) -m pytest tests/e2e/test_screens.py

deploy:
	infra/setup_sam.sh
	.venv-sam/bin/sam build
	.venv-sam/bin/sam deploy --guided
	infra/deploy_frontend.sh

clean:
	rm -rf $(VENV) .venv-sam infra/node_modules .aws-sam .mypy_cache .ruff_cache .pytest_cache

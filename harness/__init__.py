"""The browser harness the e2e tests and the benchmarks share: serve the built site
(:mod:`harness.browser`), start an engine (:mod:`harness.engines`), drive the game page
like a player (:mod:`harness.gamepage`). Never shipped, never imported by ``hearts/``."""

// The page's motion layer: one instance for the table, made here and handed to Python
// (hearts/web/dom.py calls `before`/`after` around each paint) and to the start
// (static/interpreter.mjs asks `running()`). A module of its own: if motion fails to load,
// only the flights are lost (the table then simply jumps), never the start.

import { NAMES } from "./build/contract.mjs";
import { createMotion } from "./motion.mjs";

globalThis[NAMES.globals.motion] = createMotion(document);

// For a second instance beside the page's (tests/e2e/test_motion_owner.py): motion.mjs
// itself is bundled into this file (scripts/bundle_app.mjs).
export { createMotion };

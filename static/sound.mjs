// Card sounds and two cues (U10), made with the Web Audio API: no files to fetch. Python
// reads them from the controller's events (hearts/web/sounds.py: deal, play, gather, pass,
// broken, queen) and after every update hands them, with the switch's state, to
// `play(on, cues)`; this module only plays them. A tap the rules refuse has no events, so
// it has no sound (R18).
// No AudioContext exists until the switch is on and the player has made a gesture (a tap,
// a key): nothing sounds before it (U10), and the browser's autoplay rule is kept.
// `prefers-reduced-motion` does not silence it: the switch does.

import { NAMES } from "./build/contract.mjs";

const GAP_S = 0.06; // between the cues of one update (a play that breaks hearts: two)
const VOLUME = 0.25;

let on = false;
let gestured = Boolean(navigator.userActivation?.hasBeenActive);
let context = null;
let noise = null; // one second of white noise: the card's rustle

function noticeGesture() {
  gestured = true;
  for (const name of ["pointerdown", "keydown"]) removeEventListener(name, noticeGesture, true);
  if (!on) return;
  try {
    wake();
  } catch (error) {
    // A browser that refuses audio: the next play() says so to Python, which switches
    // sound off with a notice (hearts/web/page.py).
    console.warn("Hearts: no sound", error);
  }
}
if (!gestured) {
  for (const name of ["pointerdown", "keydown"]) addEventListener(name, noticeGesture, true);
}

// The context, made once the switch is on and a gesture happened (else null).
function wake() {
  if (!on || !gestured) return null;
  if (!context) {
    const Context = globalThis.AudioContext ?? globalThis.webkitAudioContext;
    if (!Context) return null;
    context = new Context();
    noise = context.createBuffer(1, context.sampleRate, context.sampleRate);
    const data = noise.getChannelData(0);
    for (let i = 0; i < data.length; i++) data[i] = Math.random() * 2 - 1;
  }
  if (context.state === "suspended") context.resume().catch(() => {});
  return context;
}

// A gain that rises at `at` and dies away over `length` seconds, into the speakers.
function envelope(ctx, at, length, peak = VOLUME) {
  const gain = ctx.createGain();
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(peak, at + 0.005);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  gain.connect(ctx.destination);
  return gain;
}

// A card's snap or slide: filtered noise, `length` seconds, around `hz`.
function rustle(ctx, at, length, hz, peak) {
  const source = ctx.createBufferSource();
  source.buffer = noise;
  const filter = ctx.createBiquadFilter();
  filter.type = "bandpass";
  filter.frequency.setValueAtTime(hz, at);
  filter.frequency.exponentialRampToValueAtTime(hz / 2, at + length);
  source.connect(filter).connect(envelope(ctx, at, length, peak));
  source.start(at, Math.random() * 0.5, length);
}

// A tone from `from` to `to` Hz (a cue).
function tone(ctx, at, length, from, to, type = "sine") {
  const osc = ctx.createOscillator();
  osc.type = type;
  osc.frequency.setValueAtTime(from, at);
  osc.frequency.exponentialRampToValueAtTime(to, at + length);
  osc.connect(envelope(ctx, at, length, VOLUME * 0.8));
  osc.start(at);
  osc.stop(at + length);
}

// Each cue's sound from time `at`; returns how long it lasts.
const SOUNDS = {
  play: (ctx, at) => (rustle(ctx, at, 0.07, 3200, VOLUME), 0.07),
  deal: (ctx, at) => {
    for (let i = 0; i < 6; i++) rustle(ctx, at + i * 0.045, 0.05, 3600, VOLUME * 0.7);
    return 0.3;
  },
  gather: (ctx, at) => (rustle(ctx, at, 0.18, 1800, VOLUME * 0.8), 0.18),
  pass: (ctx, at) => {
    for (let i = 0; i < 3; i++) rustle(ctx, at + i * 0.07, 0.08, 2600, VOLUME * 0.8);
    return 0.22;
  },
  broken: (ctx, at) => {
    tone(ctx, at, 0.18, 660, 660);
    tone(ctx, at + 0.12, 0.3, 880, 880);
    return 0.42;
  },
  queen: (ctx, at) => (tone(ctx, at, 0.5, 392, 262, "triangle"), 0.5),
};

/** The switch's state, and the cues of what just happened (JSON) to play if it is on. */
export function play(switchOn, cues) {
  on = Boolean(switchOn);
  if (!on) {
    context?.suspend().catch(() => {});
    return;
  }
  const ctx = wake();
  let list = [];
  try {
    list = JSON.parse(cues);
  } catch {
    return;
  }
  if (!ctx || !Array.isArray(list)) return;
  let at = ctx.currentTime + 0.01;
  for (const cue of list) {
    const sound = Object.hasOwn(SOUNDS, cue) ? SOUNDS[cue] : null;
    if (sound) at += sound(ctx, at) * 0.5 + GAP_S;
  }
}

globalThis[NAMES.globals.sound] = { play };

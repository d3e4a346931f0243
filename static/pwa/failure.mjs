// A start-up that cannot reach the runtime (the very first visit, with the connection
// gone) gets a clear message instead of a progress bar that never ends: "hearts:boot-failed"
// (detail {offline, reason}; cancelable: a listener may show its own message instead).
import { LANGUAGES, LIFECYCLE, TEXTS } from "../build/contract.mjs";

const root = document.documentElement;
const NETWORK_ERROR = /failed to fetch|networkerror|load failed|network error|importing a module script failed|failed to load module|error loading dynamically imported module/i;

// The texts come from the game's (hearts/i18n, through the generated contract), in the
// language static/boot.js chose for the table - the saved one - which it sets as <html
// lang> when it paints (a failure noticed earlier waits for that paint: scriptsRun).
function words() {
    const lang = root.lang.toLowerCase();
    return TEXTS[LANGUAGES.supported.includes(lang) ? lang : LANGUAGES.fallback].download;
}

function showFailure(offline) {
    const texts = words();
    const box = document.createElement("div");
    box.className = "pwa-boot-error";
    box.setAttribute("role", "alert");
    const text = document.createElement("p");
    text.textContent = offline ? texts.offline : texts.network;
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = texts.reload;
    button.addEventListener("click", () => location.reload());
    box.append(text, button);
    // CSSOM (allowed by the CSP, unlike style attributes): readable over any page style.
    Object.assign(box.style, {
        position: "fixed", inset: "auto 1rem 1rem 1rem", zIndex: "2147483647",
        maxWidth: "32rem", margin: "0 auto", padding: "1rem 1.25rem",
        background: "#fff", color: "#1b1b1b", borderRadius: "0.75rem",
        boxShadow: "0 0.5rem 2rem rgb(0 0 0 / 0.35)", font: "1rem/1.45 system-ui, sans-serif",
    });
    Object.assign(button.style, { font: "inherit", padding: "0.4rem 1rem", marginTop: "0.25rem" });
    document.body.append(box);
}

// emit(name, detail): false if a listener called preventDefault(); reloading(): the page
// is reloading into a new version (its requests are cut, nothing failed); controlled():
// a service worker answers this page (offline is no failure then).
export function watchDownloads({ emit, reloading, controlled }) {
    let failed = false;
    // DOMContentLoaded comes after every deferred script has run, static/boot.js (which sets
    // the language) included. readyState is no guide: it is already "interactive" while
    // they wait.
    let scriptsRun = document.readyState === "complete"; // false while pwa.mjs runs as deferred
    document.addEventListener("DOMContentLoaded", () => { scriptsRun = true; }, { once: true });

    function bootFailed(reason) {
        if (failed || reloading() || root.dataset.state === LIFECYCLE.ready) return; // a game goes on
        failed = true;
        const offline = navigator.onLine === false;
        root.dataset.bootError = offline ? "offline" : "network";
        if (!emit("hearts:boot-failed", { offline, reason: String(reason) })) return;
        if (scriptsRun) showFailure(offline);
        else document.addEventListener("DOMContentLoaded", () => showFailure(offline), { once: true });
    }

    // A module script or stylesheet of the page that could not load (errors on elements do
    // not bubble; the capture phase on window sees them).
    addEventListener(
        "error",
        (event) => {
            const target = event.target;
            if (target instanceof HTMLScriptElement || target instanceof HTMLLinkElement) {
                bootFailed(`could not load ${target.src || target.href}`);
            } else if (NETWORK_ERROR.test(event.message || "")) {
                bootFailed(event.message); // e.g. static/runtime.mjs: import() of PyScript failed
            }
        },
        true,
    );
    // fetch()/import() rejections inside the runtime's start-up (pyodide.asm.wasm, the
    // standard library, pyscript.toml, the game's archive).
    addEventListener("unhandledrejection", (event) => {
        const reason = event.reason;
        const message = (reason && (reason.message || String(reason))) || "";
        if (NETWORK_ERROR.test(message)) bootFailed(message);
    });

    // The very first visit has no worker yet: without a connection the start-up cannot finish.
    function checkOffline() {
        if (navigator.onLine === false && !controlled()) bootFailed("offline");
    }
    addEventListener("offline", checkOffline);
    checkOffline();
}

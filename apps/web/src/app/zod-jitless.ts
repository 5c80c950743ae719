// The app's Content-Security-Policy forbids eval: zod must not probe for it or compile parsers.
// Imported first by main.tsx, before any contract schema is built (zod probes when it builds
// one). zod keeps its configuration in globalThis.__zod_globalConfig and adopts one set before
// it loads, so this costs the first load nothing (importing zod's `config` would pull zod in).
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

// The app's Content-Security-Policy forbids eval: zod must not probe for it or compile parsers.
// zod keeps its configuration in globalThis.__zod_globalConfig and adopts one set before it
// loads. A classic script runs before every module chunk, whatever order the build gives the
// chunks (a chunk of contract schemas imported by the entry is evaluated before the entry's own
// code, so an import at the top of main.tsx is not early enough).
globalThis.__zod_globalConfig = Object.assign({}, globalThis.__zod_globalConfig, { jitless: true });

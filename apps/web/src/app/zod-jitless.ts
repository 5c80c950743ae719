import { config } from 'zod';

// The app's Content-Security-Policy forbids eval: zod must not probe for it or compile parsers.
// Imported first by main.tsx, before any contract schema is built (zod probes when it builds one).
config({ jitless: true });

#!/usr/bin/env node
// `npm run dev`: the API with reload (port 3333) and Vite's dev server for the web app (port 3000).
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '--workspace', 'apps/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '--workspace', 'apps/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => (code ? (stop(), process.exit(code)) : undefined));

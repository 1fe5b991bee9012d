#!/usr/bin/env node
// `npm run dev`: the API with restart on change and Vite's dev server with hot reload, side by side.
import { spawn } from 'node:child_process';

const port = process.env.PORT ?? '3000';
const webUrl = 'http://127.0.0.1:5173';
const procs = [
  // links in e-mails open the hot-reloading app
  spawn('npm', ['run', 'dev', '-w', '@prata/server'], {
    stdio: 'inherit',
    env: { PUBLIC_URL: webUrl, ...process.env, PORT: port },
  }),
  spawn('npm', ['run', 'dev', '-w', '@prata/web'], {
    stdio: 'inherit',
    env: { ...process.env, PRATA_API_URL: process.env.PRATA_API_URL ?? `http://127.0.0.1:${port}` },
  }),
];
const stop = () => {
  for (const p of procs) p.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const p of procs) {
  p.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}

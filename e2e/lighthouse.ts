import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startDemoServer } from './lib/demo-server';

const _ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const _HOST = '127.0.0.1';
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS) || 3);
const MIN_SCORE = process.env.LIGHTHOUSE_MIN ? Number(process.env.LIGHTHOUSE_MIN) : null;
const PAGES = process.argv.slice(2).filter((a) => a.startsWith('/'));
const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
] as const;

type Run = { score: number; metrics: Record<string, string>; cpu: CpuFigures | null };

/** The steady figures of a run, from its trace: the CPU time (tdur) of the page's main-thread tasks after FCP. */
type CpuFigures = { blocking: number; longest: number; tasks: number };

type TraceEvent = { name: string; ph: string; pid: number; tid: number; ts: number; tdur?: number; dur?: number };

/**
 * Total blocking time counted from the main thread's CPU time instead of its wall time: Lighthouse's simulation
 * multiplies each task by 4 (the slow phone) and counts what exceeds 50 ms, but a task's wall time includes the time
 * the thread waited for a core that other processes held. The thread time (`tdur`) of each top-level task after the
 * first contentful paint, times 4, less 50 ms, summed: the same sum without the neighbours (docs/performance.md).
 */
function cpuFigures(events: TraceEvent[]): CpuFigures | null {
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  if (!fcp) return null;
  let blocking = 0;
  let longest = 0;
  let tasks = 0;
  for (const e of events) {
    if (e.ph !== 'X' || e.name !== 'RunTask' || e.pid !== fcp.pid || e.tid !== fcp.tid || e.ts < fcp.ts) continue;
    const ms = (e.tdur ?? e.dur ?? 0) / 1000;
    tasks++;
    longest = Math.max(longest, ms);
    blocking += Math.max(0, ms * 4 - 50);
  }
  return { blocking: Math.round(blocking), longest: Math.round(longest), tasks };
}

async function audit(url: string, port: number): Promise<Run> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr, artifacts } = result;
  if (process.env.LIGHTHOUSE_REPORT) writeFileSync(process.env.LIGHTHOUSE_REPORT, JSON.stringify(lhr));
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const metrics: Record<string, string> = {};
  for (const [id, label] of METRICS) metrics[label] = lhr.audits[id]?.displayValue ?? '?';
  const trace = (artifacts as { Trace?: { traceEvents: TraceEvent[] } }).Trace;
  if (trace && process.env.LIGHTHOUSE_TRACE) writeFileSync(process.env.LIGHTHOUSE_TRACE, JSON.stringify(trace));
  const cpu = trace ? cpuFigures(trace.traceEvents) : null;
  return { score: Math.round((lhr.categories.performance?.score ?? 0) * 100), metrics, cpu };
}

/** A run whose trace Chromium failed to record (NO_NAVSTART, seen on a busy machine) is run once more. */
async function auditAgainOnce(url: string, port: number): Promise<Run> {
  try {
    return await audit(url, port);
  } catch (error) {
    if (!String(error).includes('NO_NAVSTART')) throw error;
    console.log(`  ${url}: no trace recorded (NO_NAVSTART); running it again`);
    return audit(url, port);
  }
}

async function main(): Promise<number> {
  const { baseUrl, stop } = await startDemoServer('lighthouse');
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
    let failed = false;
    for (const page of PAGES.length > 0 ? PAGES : ['/comprar-prata']) {
      const url = `${baseUrl}${page}`;
      await auditAgainOnce(url, chrome.port); // a first visit warms the server's caches; not counted
      const loadBefore = os.loadavg()[0] ?? 0;
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await auditAgainOnce(url, chrome.port));
      runs.sort((a, b) => a.score - b.score);
      const median = runs[Math.floor(runs.length / 2)] as Run;
      const metrics = Object.entries(median.metrics)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ');
      console.log(
        `Lighthouse (mobile) ${page}: ${median.score} (median of ${RUNS}: ${runs.map((r) => r.score).join(', ')}); ${metrics}; ` +
          `load average ${loadBefore.toFixed(1)} → ${(os.loadavg()[0] ?? 0).toFixed(1)}`,
      );
      const cpu = runs.map((r) => r.cpu).filter((c): c is CpuFigures => c !== null);
      if (cpu.length > 0) {
        const sorted = cpu.map((c) => c.blocking).sort((a, b) => a - b);
        console.log(
          `  CPU (trace tdur, after FCP): blocking time ×4 − 50 ms, median ${sorted[Math.floor(sorted.length / 2)]} ms ` +
            `[${cpu.map((c) => c.blocking).join(', ')}]; longest task ${cpu.map((c) => c.longest).join(', ')} ms; ` +
            `tasks ${cpu.map((c) => c.tasks).join(', ')}`,
        );
      }
      if (MIN_SCORE !== null && median.score < MIN_SCORE) failed = true;
    }
    return failed ? 1 : 0;
  } finally {
    await chrome?.kill();
    await stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

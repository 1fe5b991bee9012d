/**
 * axe-core in the browser, shared by `npm run a11y` (e2e/a11y.ts) and the journeys (`withPage` in lib/browser.ts).
 *
 * In the journeys every screen state a test passes through is checked once per journey file: a state is the path with
 * its ids normalised (/contato/ticket/123/details → /contato/ticket/:id/details) plus what is open on it (the
 * accessible names of open dialogs, menus, list boxes and drawers, a snackbar, form errors shown). A small observer in
 * the page (an init script: the app's CSP forbids inline scripts, CDP does not) reports the state when the DOM has been
 * quiet for a moment; the harness then runs axe on it (the open layers only when something is open: the page behind a
 * modal is inert, and was checked on its own). `shot`/`shotBoth` and the end of `withPage` check the state of that
 * moment and wait for it, so the screens a journey photographs are always covered (in CI too, where they take no
 * picture). A run that meets a navigation, a state change or another run is dropped and the state is checked the next
 * time it is seen: a check never fails a journey by itself. Serious and critical violations fail the test at the end of
 * `withPage`; minor and moderate ones are counted only. E2E_AXE=0 skips it locally; CI=true always checks.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { holdPage } from './wait';

/** WCAG 2.1 A and AA: the rules checked in `npm run a11y` and in the journeys. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;

let source: string | undefined;
/** axe.min.js, to be evaluated in a page through CDP (`page.evaluate(axeSource())`): no script tag, so CSP allows it. */
export function axeSource(): string {
  source ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return source;
}

/** Whether the journeys run axe: always in CI; E2E_AXE=0 skips it on a developer's machine. */
const AXE_IN_JOURNEYS = process.env.CI === 'true' || process.env.E2E_AXE !== '0';

type AxeNodeFinding = { target: string; html: string };
export type AxeFinding = {
  rule: string;
  impact: string;
  help: string;
  /** The screen state (normalised path + what is open) and the page's address and size when it was checked. */
  state: string;
  url: string;
  viewport: string;
  nodes: AxeNodeFinding[];
};
type RunResult =
  | { outcome: 'checked'; state: string; url: string; serious: Omit<AxeFinding, 'state' | 'url' | 'viewport'>[] }
  | { outcome: 'busy' | 'changed' | 'other'; state: string };

/**
 * The page side, installed in every document of a journey's context. `__prataAxe.state()` is the current screen
 * state; `__prataAxe.run(tags, expected)` runs axe on it (null when it is no longer `expected`). When the DOM has been
 * quiet for QUIET_MS (or has changed for MAX_WAIT_MS), a new state is reported to the harness through the binding
 * `__prataAxeState`. Plain JavaScript in a string: it runs in the page, not in node.
 */
const PAGE_SCRIPT = String.raw`(() => {
  if (window.__prataAxe || !/^https?:$/.test(location.protocol)) return;
  const QUIET_MS = 250, MAX_WAIT_MS = 1500, CONTRAST_RECHECK_MS = 400;
  const LAYERS = '[role=dialog],[role=alertdialog],[role=menu],[role=listbox],.MuiDrawer-modal .MuiDrawer-paper,.MuiSnackbar-root';
  const isId = (s) => /^\d+$/.test(s) || /^[0-9a-f]{8}-[0-9a-f]{4}-/i.test(s) || (s.length >= 12 && /\d/.test(s)) || s.length >= 32;
  const shown = (el) => el.isConnected && el.getClientRects().length > 0 && !el.closest('[aria-hidden=true],[inert]') &&
    (!el.checkVisibility || el.checkVisibility({ visibilityProperty: true }));
  const text = (s) => (s || '').replace(/\s+/g, ' ').replace(/\d+([.,:]\d+)*/g, '9').trim().slice(0, 60);
  const nameOf = (el) => {
    if (el.classList.contains('MuiSnackbar-root')) return 'snackbar';
    const kind = el.classList.contains('MuiDrawer-paper') ? 'drawer' : el.getAttribute('role') || 'modal';
    let name = el.getAttribute('aria-label') || '';
    const by = el.getAttribute('aria-labelledby');
    if (!name && by) name = by.split(/\s+/).map((id) => document.getElementById(id)?.textContent || '').join(' ');
    if (!name) name = el.querySelector('h1,h2,h3,h4,h5,h6')?.textContent || '';
    return kind + ' "' + text(name) + '"';
  };
  const layers = () => {
    const all = [...document.querySelectorAll(LAYERS)].filter(shown);
    const outer = all.filter((el) => !all.some((other) => other !== el && other.contains(el)));
    // any other MUI modal (a popover, a backdrop) by its heading
    const modals = [...document.querySelectorAll('.MuiModal-root')].filter((m) => shown(m) && !outer.some((el) => m.contains(el)));
    return [...outer, ...modals];
  };
  const invalid = () => [...document.querySelectorAll('[aria-invalid=true]')].filter(shown);
  const state = () => {
    const path = location.pathname.split('/').map((s) => (s && isId(s) ? ':id' : s)).join('/') || '/';
    const open = layers().map(nameOf).sort();
    if (invalid().length > 0) open.push('erros');
    return [path, ...open].join(' + ');
  };
  let running = false;
  // a dialog fading in reads as low contrast: wait (1 s at most) for the transitions that end
  const settled = () => {
    const ending = document.getAnimations().filter((a) => a.playState === 'running' &&
      a.effect && a.effect.getComputedTiming().endTime !== Infinity);
    if (ending.length === 0) return undefined;
    return Promise.race([Promise.all(ending.map((a) => a.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 1000))]);
  };
  // a layer still (or already) partly transparent is coming or going: its contrast is not what a person reads once it
  // is there, and a transition that had not started when settled() looked is not among the animations yet
  const fading = () => layers().some((el) => {
    for (let n = el; n && n !== document.documentElement; n = n.parentElement)
      if (Number.parseFloat(getComputedStyle(n).opacity) < 1) return true;
    return false;
  });
  const run = async (tags, expected) => {
    await settled();
    const before = state();
    if (expected && before !== expected) return { outcome: 'changed', state: before };
    if (fading()) return { outcome: 'changed', state: before };
    if (running || !window.axe) return { outcome: 'busy', state: before };
    // the app hidden with nothing open: a modal opening or closing
    if (layers().length === 0 && document.querySelector('#root[aria-hidden=true]')) return { outcome: 'changed', state: before };
    running = true;
    try {
      const open = layers();
      const forms = invalid().map((el) => el.closest('form') || el.parentElement);
      const parts = open.length > 0 ? [...open, ...forms] : forms.length > 0 ? forms : [];
      const context = parts.length > 0 ? { include: [...new Set(parts)] } : document;
      const result = await window.axe.run(context, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'], iframes: false });
      const after = state();
      if (after !== before) return { outcome: 'changed', state: after };
      let violations = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      // contrast is read from what is painted this instant: a menu or a drawer's backdrop fading out over the page reads
      // as low contrast for a frame. A contrast finding counts only when it is still there a moment later.
      if (violations.some((v) => v.id === 'color-contrast')) {
        await new Promise((resolve) => setTimeout(resolve, CONTRAST_RECHECK_MS));
        await settled();
        if (state() !== before) return { outcome: 'changed', state: state() };
        const again = await window.axe.run(context, { runOnly: { type: 'rule', values: ['color-contrast'] }, resultTypes: ['violations'], iframes: false });
        const still = new Set((again.violations[0]?.nodes ?? []).map((n) => n.target.map(String).join(' ')));
        violations = violations
          .map((v) => v.id !== 'color-contrast' ? v : { ...v, nodes: v.nodes.filter((n) => still.has(n.target.map(String).join(' '))) })
          .filter((v) => v.nodes.length > 0);
      }
      const serious = violations.map((v) => ({
        rule: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.map((n) => ({ target: n.target.map(String).join(' '), html: n.html.replace(/\s+/g, ' ').slice(0, 160) })),
      }));
      return { outcome: 'checked', state: before, url: location.href, serious };
    } finally {
      running = false;
    }
  };
  let timer, first = 0, reported = '';
  const report = () => {
    timer = undefined; first = 0;
    const now = state();
    if (now === reported || typeof window.__prataAxeState !== 'function') return;
    reported = now;
    window.__prataAxeState(now).catch(() => undefined);
  };
  const changed = () => {
    const t = Date.now();
    if (!first) first = t;
    clearTimeout(timer);
    timer = setTimeout(report, t - first >= MAX_WAIT_MS ? 0 : QUIET_MS);
  };
  window.__prataAxe = { state, run };
  new MutationObserver(changed).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  changed();
})();`;

// ---------------------------------------------------------------- one journey file

/** What this journey file (this process) checked: each state once, whichever test meets it first. */
const checked = new Set<string>();
const totals = { runs: 0, dropped: 0, ms: 0, loadMs: 0, serious: 0 };
let summaryRegistered = false;

function registerSummary(): void {
  if (summaryRegistered) return;
  summaryRegistered = true;
  const file = path.basename(process.argv.find((a) => a.endsWith('.test.ts')) ?? process.argv[1] ?? 'journey');
  process.on('exit', () => {
    process.stdout.write(
      `axe: ${file}: ${checked.size} screen states checked in ${totals.runs} runs (${totals.dropped} dropped and ` +
        `retried), ${Math.round(totals.ms)} ms in axe (${Math.round(totals.loadMs)} loading it), ${totals.serious} serious/critical nodes\n`,
    );
  });
}

/** The screen states checked so far in this process (for the harness's own test). */
export function checkedStates(): ReadonlySet<string> {
  return checked;
}

/** How long the end of `withPage` waits for the queued checks (E2E_AXE_FINISH_MS; a setting, not a sleep). */
const MAX_FINISH_WAIT_MS = Number(process.env.E2E_AXE_FINISH_MS) || 20_000;

/**
 * The checks of one `withPage`: attached to its context before the first page loads, covering every page of the
 * context (popups too). `finish()` checks the last state, waits for the queued checks and returns the serious and
 * critical violations this test met.
 */
export class AxeChecks {
  readonly findings: AxeFinding[] = [];
  private queue: Promise<void> = Promise.resolve();
  private readonly queued = new Set<string>();
  private closed = false;

  static async attach(context: BrowserContext): Promise<AxeChecks | undefined> {
    if (!AXE_IN_JOURNEYS) return undefined;
    registerSummary();
    const checks = new AxeChecks();
    await context.exposeBinding('__prataAxeState', ({ page }, state: string) => checks.seen(page, state));
    await context.addInitScript(PAGE_SCRIPT);
    return checks;
  }

  /** A state the page reported after the DOM went quiet: checked in the background, unless it already was. */
  private seen(page: Page, state: string): void {
    if (this.closed || checked.has(state) || this.queued.has(state)) return;
    this.queued.add(state);
    this.enqueue(page, state).finally(() => this.queued.delete(state));
  }

  private enqueue(page: Page, expected: string | null): Promise<void> {
    const next = this.queue.then(() => this.run(page, expected));
    this.queue = next.catch(() => undefined);
    return this.queue;
  }

  /** Checks the page's state of this moment (when it was not checked yet) and waits for it: `shot` and `shotBoth`. */
  async checkpoint(page: Page): Promise<void> {
    if (this.closed || page.isClosed()) return;
    await this.enqueue(page, null);
  }

  private async run(page: Page, expected: string | null): Promise<void> {
    if (this.closed || page.isClosed() || (expected !== null && checked.has(expected))) return;
    const t0 = performance.now();
    const runsBefore = totals.runs;
    try {
      if (expected === null) {
        const now = (await page.evaluate('window.__prataAxe ? window.__prataAxe.state() : null')) as string | null;
        if (now === null || checked.has(now)) return;
      }
      if (!(await page.evaluate('typeof window.axe === "object"'))) {
        const t1 = performance.now();
        const release = holdPage();
        await page.evaluate(axeSource()).finally(release);
        totals.loadMs += performance.now() - t1;
      }
      totals.runs += 1;
      // axe holds the page's main thread while it runs: the journey's waits do not count it (lib/wait.ts)
      const release = holdPage();
      const result = (await page
        .evaluate(`window.__prataAxe.run(${JSON.stringify(AXE_TAGS)}, ${JSON.stringify(expected)})`)
        .finally(release)) as RunResult;
      if (result.outcome !== 'checked') {
        totals.dropped += 1;
        return;
      }
      if (checked.has(result.state)) return;
      checked.add(result.state);
      const size = page.viewportSize();
      const viewport = size ? `${size.width}×${size.height}` : '?';
      for (const v of result.serious) {
        this.findings.push({ ...v, state: result.state, url: result.url, viewport });
        totals.serious += v.nodes.length;
      }
    } catch {
      // a navigation destroyed the page's context, the page closed, axe met a node that went away: the state is
      // checked the next time it is seen
      if (totals.runs > runsBefore) totals.dropped += 1;
    } finally {
      totals.ms += performance.now() - t0;
    }
  }

  /** Checks the last state, waits for the queued checks (at most 20 s), and stops checking. */
  async finish(page: Page): Promise<AxeFinding[]> {
    const done = this.checkpoint(page).catch(() => undefined);
    await Promise.race([done, new Promise((resolve) => setTimeout(resolve, MAX_FINISH_WAIT_MS).unref())]);
    this.closed = true;
    return this.findings;
  }
}

/** The failure message of a test whose screens have serious or critical violations. */
export function describeFindings(findings: AxeFinding[]): string {
  const nodes = findings.reduce((n, f) => n + f.nodes.length, 0);
  const lines = [
    `axe found ${nodes} serious/critical accessibility violation node(s) (WCAG 2.1 A/AA) on the screens of this test ` +
      `(docs/accessibility.md, "Axe in the journeys"; reproduce with npm run a11y -- <path>):`,
  ];
  for (const f of findings) {
    lines.push(`  - ${f.rule} (${f.impact}): ${f.help}`);
    lines.push(`    on ${f.state} [${f.viewport}] ${f.url}`);
    for (const n of f.nodes.slice(0, 5)) lines.push(`      ${n.target}  ${n.html}`);
    if (f.nodes.length > 5) lines.push(`      … and ${f.nodes.length - 5} more`);
  }
  return lines.join('\n');
}

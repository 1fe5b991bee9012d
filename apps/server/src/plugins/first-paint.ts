import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { Variant, WebFile } from './web-files';

/**
 * A page's first paint: HTML the server puts inside index.html's `<div id="root">` (drawn by the web app's own
 * components, rendered on the server: features/catalogue/first-paint.ts) so that a visitor sees the page
 * before the app's JavaScript has arrived, and the data the page's first render needs (read by the web app from
 * `<script type="application/json" id="prata-first-paint">`, a data block the CSP's script-src 'self' allows, since
 * it never runs), so that React's first render shows the same content instead of a skeleton. React replaces the HTML
 * when it renders (createRoot clears the container): new elements, so no layout shift is counted.
 */
export type FirstPaint = {
  html: string;
  data: Record<string, unknown>;
  /** The document's title as the page's React sets it (components/page.tsx): a visitor's painted page may stay. */
  title?: string;
};
type FirstPaintProvider = (app: FastifyInstance) => Promise<FirstPaint | null>;

/**
 * A page's first paint as a feature gives it: `version` names, without I/O, the state of what the page is drawn from
 * (the catalogue's and the book's versions); the page is built when it moves, and its bytes are kept while it stays.
 */
export type FirstPaintPage = { version: (app: FastifyInstance) => string; paint: FirstPaintProvider };

/**
 * What no version names (an edit on another instance, whose catalogue this process does not hear of; the footer's
 * year) shows within this: a page served this long after its last check is drawn again off the request path, and
 * rebuilt only if it changed. A request never waits for the check.
 */
const FIRST_PAINT_RECHECK_MS = 5_000;

/**
 * `source`: the index.html it was built from; `version`: the page's version it was built at; `paint`: what it was built
 * from (its HTML, data and title), so that a check that finds the same page keeps its bytes.
 */
type Entry = { file: WebFile; source: WebFile; version: string; checkedAt: number; paint: string; started: number };

declare module 'fastify' {
  interface FastifyInstance {
    /** pathname → provider; read by the web plugin when it answers that page with index.html */
    firstPaints: Map<string, FirstPaintPage>;
  }
}

/** Decorates the app with an empty registry: call before the features register their pages. */
export function registerFirstPaints(app: FastifyInstance): void {
  app.decorate('firstPaints', new Map<string, FirstPaintPage>());
}

/** A feature gives a page (an exact pathname, e.g. '/comprar-prata') its first paint. */
export function addFirstPaint(app: FastifyInstance, pathname: string, page: FirstPaintPage): void {
  app.firstPaints.set(pathname, page);
}

/** `<` and the line separators written as escapes: the JSON can neither close its script element nor break it. */
export function jsonForHtml(data: unknown): string {
  return JSON.stringify(data)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

const etagOf = (body: Buffer, suffix: string) =>
  `"fp-${createHash('sha1').update(body).digest('base64url').slice(0, 22)}${suffix}"`;

function variant(body: Buffer, encoding: Variant['encoding']): Variant {
  return { body, encoding, etag: etagOf(body, encoding ? `-${encoding}` : '') };
}

/** The build's module script and its modulepreload links, as Vite writes them in the head. */
const APP_SCRIPTS = /\s*(<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>)/g;

/** The build's stylesheet links (`<link rel="stylesheet" … href="/assets/x.css">`) and their paths. */
const STYLESHEET = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g;

/**
 * The app's loader in a painted page (a classic script, so that the CSP's script-src 'self' allows it as a file of
 * ours): the page is on screen without JavaScript, so the app's scripts and stylesheet are asked for only once it is
 * painted — after the largest paint of its first image (the page's largest contentful paint on a phone), or at the
 * first paint when there is no image — instead of competing with the page's HTML, first image and fonts for the
 * connection. They wait in `<template id="prata-app">` (inert: nothing in a template is fetched or run) as Vite wrote
 * them. The modulepreloads and the stylesheet go into the head (network, no evaluation): for a visitor four at a
 * time, one group per task (each link starts a request, some 0.5 ms of the main thread apiece), all at once when the
 * app boots.
 *
 * Booting the app: the preloaded chunks are evaluated one per task, in Vite's order (each after the chunks it
 * imports), and the module script last: the same modules in the same order as the module script alone would evaluate
 * them, but in twenty short tasks instead of one long one. A chunk that fails to load leaves the rest to the module
 * script. When it boots:
 * - **A visitor on a page painted whole** (`data-prata-static` in the page, no `authToken` in localStorage, the
 *   address's ?page= the one painted): the painted page is the page. Its links are plain links, and a button that
 *   names an address of the app (`data-prata-href`: the catalogue's pages) goes there as a link would; once every file
 *   is asked for, `<html data-prata-files="asked">` says the loader rests. The app boots only when the visitor uses a control that needs it (`data-prata-action`: a pointer down on it, Enter or Space on
 *   it, or its click, which is what a screen reader sends). The click is remembered for the app
 *   (`data-prata-action` on the `<html>` element: lib/first-paint.ts, which opens the menu or the chat after its
 *   first render), and the control shows that it is busy (`aria-busy`) until the app replaces the page. Auro's
 *   painted button keeps clear of the page's buttons as the app's does (features/chat/clear-spot.ts): it climbs above
 *   one passing under it, or steps aside.
 * - **Anyone else** (a signed-in customer, whose page shows balances; a page painted only as a preview): once the
 *   page is painted, as the files are asked for.
 * Without largest-contentful-paint entries (Safari), or with the image out of view (a page reloaded scrolled down),
 * or in a tab in the background, the window's load event starts them (at the latest a second after it).
 */
export const APP_LOADER_SOURCE = `(function () {
  var template = document.getElementById('prata-app');
  if (!template) return;
  var html = document.documentElement;
  var painted = document.querySelector('#root [data-prata-static]');
  var signedIn = false;
  try {
    signedIn = !!localStorage.getItem('authToken');
  } catch (e) {}
  var page = /[?&]page=([^&#]*)/.exec(location.search);
  var waitForUse = !!painted && !signedIn && (page ? page[1] : '1') === painted.getAttribute('data-prata-page');
  if (painted && signedIn) painted.setAttribute('data-signed-in', '');
  var tags = template.content.children;
  var added = 0;
  var fetching = false;
  var booted = false;
  var chunks = [];
  var entry = null;
  function add(count) {
    for (var end = Math.min(tags.length, added + count); added < end; added++) {
      var tag = document.createElement(tags[added].tagName);
      for (var j = 0; j < tags[added].attributes.length; j++) {
        tag.setAttribute(tags[added].attributes[j].name, tags[added].attributes[j].value);
      }
      if (tag.tagName === 'SCRIPT') entry = tag;
      else document.head.appendChild(tag);
      if (tag.rel === 'modulepreload') chunks.push(tag.getAttribute('href'));
    }
  }
  function fetchApp() {
    if (fetching) return;
    fetching = true;
    (function more() {
      add(4);
      if (added < tags.length) setTimeout(more, 0);
      else if (!booted) html.setAttribute('data-prata-files', 'asked');
    })();
  }
  function boot() {
    if (booted) return;
    booted = true;
    add(tags.length);
    var next = 0;
    function run() {
      if (entry) document.head.appendChild(entry);
      entry = null;
    }
    function step() {
      if (next >= chunks.length) return run();
      import(chunks[next++]).then(function () { setTimeout(step, 0); }, run);
    }
    step();
  }
  var start = waitForUse ? fetchApp : boot;
  var image = document.querySelector('#root img');
  var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  if (types.indexOf('largest-contentful-paint') >= 0) {
    new PerformanceObserver(function (list, observer) {
      var entries = list.getEntries();
      for (var i = 0; i < entries.length; i++) {
        if (!image || entries[i].element === image || image.complete) {
          observer.disconnect();
          start();
          return;
        }
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    addEventListener('load', function () { setTimeout(start, 1000); });
  } else if (document.readyState === 'complete') start();
  else addEventListener('load', start);
  if (!waitForUse) return;

  function control(event) {
    var target = event.target;
    return target && target.closest && painted.contains(target) ? target.closest('[data-prata-action]') : null;
  }
  function use(event) {
    if (!control(event)) return;
    html.setAttribute('data-prata-boot', 'use');
    boot();
  }
  document.addEventListener('pointerdown', use, true);
  document.addEventListener('keydown', function (event) {
    if (event.key === 'Enter' || event.key === ' ') use(event);
  }, true);
  document.addEventListener('click', function (event) {
    var target = event.target;
    var goes = target && target.closest && painted.contains(target) ? target.closest('[data-prata-href]') : null;
    if (goes) {
      event.preventDefault();
      location.assign(goes.getAttribute('data-prata-href'));
      return;
    }
    var button = control(event);
    if (!button) return;
    event.preventDefault();
    html.setAttribute('data-prata-action', button.getAttribute('data-prata-action'));
    button.setAttribute('aria-busy', 'true');
    use(event);
  }, true);

  var fab = painted.querySelector('[data-prata-action="chat"]');
  if (!fab || !document.elementsFromPoint) return;
  var tappable = 'button, a[href], input, select, textarea, [role="button"], [role="tab"], [role="link"]';
  var phone = matchMedia('(max-width: 599.95px)');
  var frame = 0;
  function under(left, right, top, bottom) {
    var points = [[left + 4, top + 4], [right - 4, top + 4], [left + 4, bottom - 4], [right - 4, bottom - 4],
      [(left + right) / 2, (top + bottom) / 2]];
    for (var i = 0; i < points.length; i++) {
      var found = document.elementsFromPoint(points[i][0], points[i][1]);
      for (var j = 0; j < found.length; j++) {
        if (fab.contains(found[j])) continue;
        var hit = found[j].closest(tappable);
        if (hit && !fab.contains(hit)) return hit;
      }
    }
    return null;
  }
  function place(lift) {
    fab.style.transform = lift ? 'translateY(-' + lift + 'px)' : '';
    fab.style.opacity = lift === null ? '0' : '';
    fab.style.pointerEvents = lift === null ? 'none' : '';
    if (lift === null) {
      fab.setAttribute('tabindex', '-1');
      fab.setAttribute('aria-hidden', 'true');
    } else {
      fab.removeAttribute('tabindex');
      fab.removeAttribute('aria-hidden');
    }
  }
  function check() {
    frame = 0;
    if (!fab.isConnected) {
      removeEventListener('scroll', schedule);
      removeEventListener('resize', schedule);
      if (document.fonts) document.fonts.removeEventListener('loadingdone', schedule);
      return;
    }
    var offset = phone.matches ? 12 : 24;
    var width = fab.offsetWidth;
    var height = fab.offsetHeight;
    var right = html.clientWidth - offset;
    var base = html.clientHeight - offset;
    var bottom = base;
    for (var hop = 0; hop < 4; hop++) {
      var hit = under(right - width, right, bottom - height, bottom);
      if (!hit) return place(base - bottom > html.clientHeight * 0.45 ? null : base - bottom);
      bottom = hit.getBoundingClientRect().top - 8;
    }
    place(null);
  }
  function schedule() {
    if (!frame) frame = requestAnimationFrame(check);
  }
  addEventListener('scroll', schedule, { passive: true });
  addEventListener('resize', schedule);
  // the page's own changes of layout (the font's swap moves every button)
  if (window.ResizeObserver) new ResizeObserver(schedule).observe(painted);
  if (document.fonts) document.fonts.addEventListener('loadingdone', schedule);
  schedule();
})();
`;

/** Where the loader is served (by plugins/web.ts, as a build asset that never changes under its name). */
export const APP_LOADER_PATH = `/assets/first-paint-${createHash('sha1').update(APP_LOADER_SOURCE).digest('hex').slice(0, 10)}.js`;

/** The loader as a file of the build: kept for a year by the browser, compressed like the others. */
export const APP_LOADER_FILE: WebFile = (() => {
  const body = Buffer.from(APP_LOADER_SOURCE, 'utf8');
  return {
    type: 'text/javascript; charset=utf-8',
    immutable: true,
    lastModified: new Date(0).toUTCString(),
    identity: variant(body, undefined),
    br: variant(brotliCompressSync(body), 'br'),
    gzip: variant(gzipSync(body, { level: 9 }), 'gzip'),
  };
})();

/**
 * index.html with the page's HTML inside the root element and its data beside it, compressed once. The app's module
 * script, modulepreloads and stylesheets move into `<template id="prata-app">` at the end of the body, started by
 * the loader (APP_LOADER_SOURCE) once the painted page is on screen: the painted page needs none of them (its rules
 * are inline, and React's first render starts from its data), and every request started before the first paint
 * delays it.
 */
function withFirstPaint(index: WebFile, paint: FirstPaint): WebFile {
  let html = index.identity.body.toString('utf8');
  const deferred: string[] = [];
  html = html.replace(APP_SCRIPTS, (tag) => {
    deferred.push(tag.trim());
    return '';
  });
  // in Vite's order (the preloads, then the stylesheet), the module script last
  html = html.replace(STYLESHEET, (link) => {
    deferred.push(link);
    return '';
  });
  const script = deferred.findIndex((tag) => tag.startsWith('<script'));
  if (script >= 0) deferred.push(...deferred.splice(script, 1));
  if (deferred.length > 0) {
    html = html.replace(
      '</body>',
      () =>
        `<template id="prata-app">${deferred.join('')}</template>` +
        `<script src="${APP_LOADER_PATH}" async></script></body>`,
    );
  }
  if (paint.title) {
    const title = paint.title.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c] as string);
    html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`);
  }
  const marker = '<div id="root"></div>';
  if (!html.includes(marker)) return index;
  const filled = html.replace(
    marker,
    () =>
      `<div id="root">${paint.html}</div>` +
      `<script type="application/json" id="prata-first-paint">${jsonForHtml(paint.data)}</script>`,
  );
  const body = Buffer.from(filled, 'utf8');
  return {
    ...index,
    identity: variant(body, undefined),
    br: variant(brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }), 'br'),
    gzip: variant(gzipSync(body, { level: 9 }), 'gzip'),
  };
}

/**
 * The first paints of one app: each page's index.html built once per version of the page (and again when the build's
 * index.html changes), its compressed copies and ETags kept until then; checked again off the request path every
 * FIRST_PAINT_RECHECK_MS. A provider that fails or has nothing leaves the plain index.html, logged.
 */
export function firstPaintCache(app: FastifyInstance, recheckMs = FIRST_PAINT_RECHECK_MS) {
  const entries = new Map<string, Entry>();
  /** the build under way for a page, with the version and index.html it builds */
  const building = new Map<string, { version: string; source: WebFile; order: number; file: Promise<WebFile> }>();
  /** builds in the order they started: a build never replaces the page of one that started after it */
  let started = 0;

  function build(pathname: string, page: FirstPaintPage, index: WebFile, version: string): Promise<WebFile> {
    const running = building.get(pathname);
    if (running && running.version === version && running.source === index) return running.file;
    const order = ++started;
    // started in a later turn, once it is registered as the page's build
    const file = Promise.resolve().then(async () => {
      const before = entries.get(pathname);
      try {
        const paint = await page.paint(app);
        const key = paint ? `${paint.title ?? ''}\n${jsonForHtml(paint.data)}\n${paint.html}` : '';
        // the same page as before (a check, or a version that moved without changing it): its bytes are kept
        const same = before?.source === index && before.paint === key;
        const built = same ? before.file : paint ? withFirstPaint(index, paint) : index;
        if ((entries.get(pathname)?.started ?? 0) < order) {
          entries.set(pathname, {
            file: built,
            source: index,
            version,
            checkedAt: Date.now(),
            paint: key,
            started: order,
          });
        }
        return built;
      } catch (error) {
        app.log.warn({ err: error, pathname }, 'first paint failed; serving the plain index.html');
        return before?.source === index && before.version === version ? before.file : index;
      } finally {
        if (building.get(pathname)?.order === order) building.delete(pathname);
      }
    });
    building.set(pathname, { version, source: index, order, file });
    return file;
  }

  return async (pathname: string, index: WebFile): Promise<WebFile> => {
    const page = app.firstPaints.get(pathname);
    if (!page) return index;
    const version = page.version(app);
    const cached = entries.get(pathname);
    if (cached?.source !== index || cached.version !== version) return build(pathname, page, index, version);
    if (Date.now() - cached.checkedAt >= recheckMs && !building.has(pathname)) {
      cached.checkedAt = Date.now();
      void build(pathname, page, index, version);
    }
    return cached.file;
  };
}

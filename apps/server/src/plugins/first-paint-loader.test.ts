// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { APP_LOADER_SOURCE } from './first-paint';

/** The few browser globals used here (jsdom's; the server's TypeScript has no DOM library). */
type Element = {
  innerHTML: string;
  getAttribute(name: string): string | null;
  hasAttribute(name: string): boolean;
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
  querySelector(selector: string): Element | null;
  dispatchEvent(event: unknown): boolean;
  click(): void;
};
type Browser = {
  document: { head: Element; body: Element; documentElement: Element; querySelector(selector: string): Element | null };
  window: { history: { replaceState(data: null, unused: string, url: string): void } };
  localStorage: { setItem(key: string, value: string): void; clear(): void };
  MouseEvent: new (type: string, init: { bubbles: boolean; cancelable?: boolean }) => unknown;
  KeyboardEvent: new (type: string, init: { key: string; bubbles: boolean }) => unknown;
};
const { document, window, localStorage, MouseEvent, KeyboardEvent } = globalThis as unknown as Browser;

/**
 * The loader of painted pages (APP_LOADER_SOURCE) run in a document shaped as the server writes it. jsdom has no
 * largest-contentful-paint entries, so the loader starts at once (as after the load event in a browser), and its
 * dynamic imports of the chunks fail here, which hands over to the module script: its tag in the head is what
 * "the app booted" looks like.
 */
const TEMPLATE =
  '<template id="prata-app"><link rel="modulepreload" crossorigin href="/assets/missing-chunk.js">' +
  '<link rel="stylesheet" crossorigin href="/assets/app.css">' +
  '<script type="module" crossorigin src="/assets/index-app.js"></script></template>';

function paint(page = '1') {
  document.head.innerHTML = '';
  document.body.innerHTML =
    `<div id="root"><div data-prata-static data-prata-page="${page}">` +
    '<a href="/login">Entrar</a><button type="button" data-prata-action="menu" aria-label="Abrir menu"><svg></svg></button>' +
    '<button type="button" aria-label="Página 2" data-prata-href="/comprar-prata?page=2">2</button>' +
    '<button type="button" data-prata-action="chat" aria-label="Abrir o chat com o Auro"></button>' +
    `</div></div>${TEMPLATE}`;
  new Function(APP_LOADER_SOURCE)();
}

const booted = () => document.head.querySelector('script[type="module"][src="/assets/index-app.js"]') !== null;
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
const button = (name: string) => document.querySelector(`[aria-label="${name}"]`) as Element;

afterEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute('data-prata-action');
  document.documentElement.removeAttribute('data-prata-boot');
  document.documentElement.removeAttribute('data-prata-files');
  window.history.replaceState(null, '', '/');
});

describe("the painted page's loader", () => {
  it("asks for a visitor's app files once painted, and boots nothing until a control needs the app", async () => {
    paint();
    await settle();
    expect(document.head.querySelector('link[rel="modulepreload"][href="/assets/missing-chunk.js"]')).not.toBeNull();
    expect(document.head.querySelector('link[rel="stylesheet"][href="/assets/app.css"]')).not.toBeNull();
    expect(booted()).toBe(false);
    expect(document.documentElement.getAttribute('data-prata-files')).toBe('asked');
    // a plain link is the browser's: no boot
    document.querySelector('a')?.dispatchEvent(new MouseEvent('pointerdown', { bubbles: true }));
    await settle();
    expect(booted()).toBe(false);
    // a finger on the menu button boots the app (the click has not happened yet: nothing to open)
    button('Abrir menu').dispatchEvent(new MouseEvent('pointerdown', { bubbles: true }));
    await settle();
    expect(booted()).toBe(true);
    expect(document.documentElement.getAttribute('data-prata-boot')).toBe('use');
    expect(document.documentElement.getAttribute('data-prata-action')).toBeNull();
  });

  it("follows a page button's address as a link would, without booting the app", async () => {
    paint();
    await settle();
    const click = new MouseEvent('click', { bubbles: true, cancelable: true }) as { defaultPrevented: boolean };
    // jsdom does not navigate (it says so on the console); the browser goes to /comprar-prata?page=2
    button('Página 2').dispatchEvent(click);
    await settle();
    expect(click.defaultPrevented).toBe(true);
    expect(booted()).toBe(false);
  });

  it('remembers the control clicked (a screen reader sends only the click) and shows it busy', async () => {
    paint();
    await settle();
    button('Abrir o chat com o Auro').click();
    await settle();
    expect(booted()).toBe(true);
    expect(document.documentElement.getAttribute('data-prata-action')).toBe('chat');
    expect(button('Abrir o chat com o Auro').getAttribute('aria-busy')).toBe('true');
  });

  it('boots on Enter or Space on a control, not on other keys', async () => {
    paint();
    await settle();
    const menu = button('Abrir menu');
    menu.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }));
    await settle();
    expect(booted()).toBe(false);
    menu.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await settle();
    expect(booted()).toBe(true);
  });

  it("boots a signed-in customer's app at once, and hides the visitor's controls meanwhile", async () => {
    localStorage.setItem('authToken', 'a.b.c');
    paint();
    await settle();
    expect(booted()).toBe(true);
    expect(document.documentElement.getAttribute('data-prata-files')).toBeNull();
    expect(document.querySelector('[data-prata-static]')?.hasAttribute('data-signed-in')).toBe(true);
    expect(document.documentElement.getAttribute('data-prata-boot')).toBeNull();
  });

  it('boots at once when the address asks for another page than the painted one', async () => {
    window.history.replaceState(null, '', '/comprar-prata?page=2');
    paint();
    await settle();
    expect(booted()).toBe(true);
    window.history.replaceState(null, '', '/comprar-prata?page=1');
    paint();
    await settle();
    expect(booted()).toBe(false);
  });
});

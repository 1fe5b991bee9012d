// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChatLauncher } from '@/features/chat/chat-launcher';
import HelpButton from '@/features/chat/help-button';
import { bootedOnUse, pendingPaintedAction, takePaintedAction } from '@/lib/first-paint';
import { renderRoute } from '@/testing/render';
import { GuestHeader } from './guest-header';

// A visitor's painted /comprar-prata boots the app when they use its menu or chat button, and the loader
// (apps/server/src/plugins/first-paint.ts) leaves on <html> what they clicked: the app opens it after its first render.
const html = document.documentElement;
const clicked = (action: string) => {
  html.setAttribute('data-prata-boot', 'use');
  html.setAttribute('data-prata-action', action);
};

afterEach(() => {
  cleanup();
  html.removeAttribute('data-prata-boot');
  html.removeAttribute('data-prata-action');
  vi.unstubAllGlobals();
});

describe('what a visitor clicked on the painted page, done once the app is up', { timeout: 30_000 }, () => {
  it('is read once, and only for its own control', () => {
    expect(bootedOnUse()).toBe(false);
    clicked('chat');
    expect(bootedOnUse()).toBe(true);
    expect(takePaintedAction('menu')).toBe(false);
    expect(pendingPaintedAction()).toBe('chat');
    expect(takePaintedAction('chat')).toBe(true);
    expect(takePaintedAction('chat')).toBe(false);
  });

  it("the phone's menu opens, anchored to the real button", async () => {
    clicked('menu');
    renderRoute(<GuestHeader />);
    const menu = await screen.findByRole('menu', {}, { timeout: 20_000 });
    expect(menu.textContent).toContain('Criar conta');
    expect(screen.getByRole('button', { name: 'Abrir menu', hidden: true }).getAttribute('aria-expanded')).toBe('true');
    expect(pendingPaintedAction()).toBeNull();
  });

  it('the menu stays closed when nothing was clicked', async () => {
    renderRoute(<GuestHeader />);
    expect(screen.getByRole('button', { name: 'Abrir menu' }).getAttribute('aria-expanded')).toBeNull();
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it("Auro's button comes at once and opens the chat", async () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    clicked('chat');
    renderRoute(<ChatLauncher />);
    await screen.findByRole('dialog', { name: 'Chat com o Auro' }, { timeout: 10_000 });
    expect(pendingPaintedAction()).toBeNull();
  });

  it("Auro's button without a click stays a button", async () => {
    renderRoute(<HelpButton />);
    await screen.findByRole('button', { name: 'Abrir o chat com o Auro' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

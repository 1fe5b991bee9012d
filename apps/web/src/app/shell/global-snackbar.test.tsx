// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getNotice, NOTICE_HOTKEY, notify } from '@/lib/notify';
import { renderRoute } from '@/testing/render';
import { GlobalSnackbar } from './global-snackbar';

function Page() {
  return (
    <>
      <button type="button">Apagar</button>
      <GlobalSnackbar />
    </>
  );
}

beforeEach(() => notify.close());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const press = (key: string) => fireEvent.keyDown(document.activeElement ?? document.body, { key });

describe('GlobalSnackbar', () => {
  it('keeps a notice with an action until it is closed; one without closes by itself', () => {
    vi.useFakeTimers();
    renderRoute(<Page />);
    const undo = vi.fn();
    act(() => notify.success('Alerta de preço apagado', { action: { label: 'Desfazer', onClick: undo } }));
    act(() => vi.advanceTimersByTime(10 * 60_000));
    expect(screen.getByRole('button', { name: 'Desfazer' })).toBeTruthy();
    expect(getNotice()?.message).toBe('Alerta de preço apagado');

    act(() => notify.success('Dados salvos'));
    act(() => vi.advanceTimersByTime(6_000));
    expect(getNotice()).toBeNull();
  });

  it(`takes the keyboard to the action with ${NOTICE_HOTKEY} and back where it was once the notice goes`, () => {
    renderRoute(<Page />);
    const trigger = screen.getByRole('button', { name: 'Apagar' });
    trigger.focus();
    const undo = vi.fn();
    act(() => notify.success('Alerta de preço apagado', { action: { label: 'Desfazer', onClick: undo } }));
    expect(screen.getByRole('region', { name: `Avisos (${NOTICE_HOTKEY})` })).toBeTruthy();
    expect(document.activeElement).toBe(trigger);

    act(() => press(NOTICE_HOTKEY));
    const action = screen.getByRole('button', { name: 'Desfazer' });
    expect(document.activeElement).toBe(action);
    // a screen reader says the shortcut with the button
    expect(action.getAttribute('aria-keyshortcuts')).toBe(NOTICE_HOTKEY);
    act(() => fireEvent.click(action));
    expect(undo).toHaveBeenCalledTimes(1);
    expect(getNotice()).toBeNull();
    expect(document.activeElement).toBe(trigger);

    // a notice that stays can be closed without acting
    act(() => notify.success('Alerta de preço apagado', { action: { label: 'Desfazer', onClick: undo } }));
    act(() => press(NOTICE_HOTKEY));
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Fechar' })));
    expect(undo).toHaveBeenCalledTimes(1);
    expect(getNotice()).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it("a notice's action goes when the person moves to another page; one without an action follows", async () => {
    const { router } = renderRoute(<Page />, { path: '*', url: '/alertas-de-preco' });
    act(() => notify.success('Alerta de preço apagado', { action: { label: 'Desfazer', onClick: vi.fn() } }));
    await act(() => router.navigate('/alertas-de-preco?x=1'));
    expect(getNotice()?.message).toBe('Alerta de preço apagado');
    await act(() => router.navigate('/ordens'));
    expect(getNotice()).toBeNull();

    act(() => notify.success('Dados salvos'));
    await act(() => router.navigate('/meus-dados'));
    expect(getNotice()?.message).toBe('Dados salvos');
  });

  it("an Escape elsewhere (a menu's, a dialog's) leaves a notice's action; in the notice it closes it", () => {
    renderRoute(<Page />);
    const trigger = screen.getByRole('button', { name: 'Apagar' });
    trigger.focus();
    act(() => notify.success('Alerta de preço apagado', { action: { label: 'Desfazer', onClick: vi.fn() } }));
    act(() => press('Escape'));
    expect(getNotice()?.message).toBe('Alerta de preço apagado');
    act(() => press(NOTICE_HOTKEY));
    act(() => press('Escape'));
    expect(getNotice()).toBeNull();
    expect(document.activeElement).toBe(trigger);

    act(() => notify.success('Dados salvos'));
    act(() => press('Escape'));
    expect(getNotice()).toBeNull();
  });

  it('does not close by itself while the focus is in it, and the key alone opens nothing without a notice', () => {
    vi.useFakeTimers();
    renderRoute(<Page />);
    const trigger = screen.getByRole('button', { name: 'Apagar' });
    trigger.focus();
    act(() => press(NOTICE_HOTKEY));
    expect(document.activeElement).toBe(trigger);

    act(() => notify.error('Não foi possível salvar.'));
    act(() => press(NOTICE_HOTKEY));
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Fechar');
    act(() => vi.advanceTimersByTime(60_000));
    expect(getNotice()?.message).toBe('Não foi possível salvar.');

    // replaced while the focus was in it: the next one still closes by itself
    act(() => notify.success('Dados salvos'));
    act(() => vi.advanceTimersByTime(6_000));
    expect(getNotice()).toBeNull();

    // a shortcut with a modifier is someone else's
    act(() => trigger.focus());
    act(() => fireEvent.keyDown(trigger, { key: NOTICE_HOTKEY, ctrlKey: true }));
    expect(document.activeElement).toBe(trigger);
  });

  it('gives the page room below while a notice stays, the height it covers, and none once it goes', () => {
    renderRoute(<Page />);
    act(() => notify.success('Dados salvos'));
    expect(document.body.style.paddingBottom).toBe('');

    const undo = { label: 'Desfazer', onClick: vi.fn() };
    const region = () => screen.getByRole('region', { name: `Avisos (${NOTICE_HOTKEY})` });
    act(() => notify.success('Alerta de preço apagado', { action: undo }));
    // jsdom lays nothing out: the notice's top is placed by hand, 700 px down a window of 768
    vi.spyOn(region(), 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 700, 300, 60));
    act(() => window.dispatchEvent(new Event('resize')));
    expect(document.body.style.paddingBottom).toBe(`${window.innerHeight - 700}px`);
    expect(document.documentElement.style.scrollPaddingBottom).toBe(`${window.innerHeight - 700}px`);
    // the shortcut is shown beside the action, hidden from the name a screen reader says
    expect(screen.getByRole('button', { name: 'Desfazer' }).textContent).toBe(`Desfazer${NOTICE_HOTKEY}`);

    act(() => fireEvent.click(screen.getByRole('button', { name: 'Fechar' })));
    expect(document.body.style.paddingBottom).toBe('');
    expect(document.documentElement.style.scrollPaddingBottom).toBe('');

    // the theme's larger scroll-padding (the help button's) stays while a smaller notice is open
    const theme = document.createElement('style');
    theme.textContent = 'html { scroll-padding-bottom: 96px; }';
    document.head.append(theme);
    act(() => notify.success('Alerta de preço apagado', { action: undo }));
    vi.spyOn(region(), 'getBoundingClientRect').mockReturnValue(new DOMRect(0, window.innerHeight - 60, 300, 60));
    act(() => window.dispatchEvent(new Event('resize')));
    expect(document.body.style.paddingBottom).toBe('60px');
    expect(document.documentElement.style.scrollPaddingBottom).toBe('96px');
    theme.remove();
  });
});

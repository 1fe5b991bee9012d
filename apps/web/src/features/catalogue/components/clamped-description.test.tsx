// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClampedDescription, READ_LESS, READ_MORE } from './clamped-description';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** jsdom lays nothing out: the clamped box is `client` px tall and its text `content` px. */
function heights(client: number, content: number) {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(client);
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(content);
}

const TEXT = 'Uma onça troy de prata fina 999, cunhada e selada, com certificado de pureza do fabricante.';

describe('ClampedDescription', () => {
  it('offers "Ler mais" when the text does not fit its lines, and shows it whole when pressed', () => {
    heights(60, 120);
    render(<ClampedDescription text={TEXT} />);
    const more = screen.getByRole('button', { name: READ_MORE });
    const text = screen.getByText(TEXT);
    expect(more.getAttribute('aria-controls')).toBe(text.id);
    expect(more.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(more);
    const less = screen.getByRole('button', { name: READ_LESS });
    expect(less.getAttribute('aria-expanded')).toBe('true');
    expect(less.getAttribute('aria-controls')).toBe(screen.getByText(TEXT).id);

    fireEvent.click(less);
    expect(screen.getByRole('button', { name: READ_MORE }).getAttribute('aria-expanded')).toBe('false');
  });

  it('shows no button when the text fits', () => {
    heights(60, 60);
    render(<ClampedDescription text={TEXT} />);
    expect(screen.getByText(TEXT)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

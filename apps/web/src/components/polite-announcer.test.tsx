// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANNOUNCE_EVERY_MS, PoliteAnnouncer } from './polite-announcer';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const region = () => screen.getByRole('status');

describe('PoliteAnnouncer', () => {
  it('is a polite, atomic status region from the start, silent for the first sentence', () => {
    render(<PoliteAnnouncer sentence="Último preço: R$ 5,12 por grama" />);
    expect(region().getAttribute('aria-live')).toBe('polite');
    expect(region().getAttribute('aria-atomic')).toBe('true');
    expect(region().textContent).toBe('');
  });

  it('says a change at once, then at most once per window, the latest sentence at the window end', () => {
    const { rerender } = render(<PoliteAnnouncer sentence="Último preço: R$ 5,12 por grama" />);
    rerender(<PoliteAnnouncer sentence="Último preço: R$ 5,13 por grama" />);
    expect(region().textContent).toBe('Último preço: R$ 5,13 por grama');

    act(() => vi.advanceTimersByTime(1_000));
    rerender(<PoliteAnnouncer sentence="Último preço: R$ 5,14 por grama" />);
    rerender(<PoliteAnnouncer sentence="Último preço: R$ 5,15 por grama" />);
    expect(region().textContent).toBe('Último preço: R$ 5,13 por grama');

    act(() => vi.advanceTimersByTime(ANNOUNCE_EVERY_MS - 1_001));
    expect(region().textContent).toBe('Último preço: R$ 5,13 por grama');
    act(() => vi.advanceTimersByTime(1));
    expect(region().textContent).toBe('Último preço: R$ 5,15 por grama');
  });

  it('says nothing when the figure comes back to what was said before the window ends', () => {
    const { rerender } = render(<PoliteAnnouncer sentence="A" everyMs={10_000} />);
    rerender(<PoliteAnnouncer sentence="B" everyMs={10_000} />);
    expect(region().textContent).toBe('B');
    rerender(<PoliteAnnouncer sentence="C" everyMs={10_000} />);
    rerender(<PoliteAnnouncer sentence="B" everyMs={10_000} />);
    act(() => vi.advanceTimersByTime(20_000));
    expect(region().textContent).toBe('B');
  });

  it('waits for a sentence while the figure loads (null)', () => {
    const { rerender } = render(<PoliteAnnouncer sentence={null} />);
    rerender(<PoliteAnnouncer sentence="A" />);
    expect(region().textContent).toBe('');
    rerender(<PoliteAnnouncer sentence="B" />);
    expect(region().textContent).toBe('B');
  });
});

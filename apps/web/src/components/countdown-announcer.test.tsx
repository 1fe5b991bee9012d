import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CountdownAnnouncer, milestoneReached, PAYMENT_MILESTONES_SECONDS, timeLeftText } from './countdown-announcer';

const say = (m: number) => `O Pix expira em ${timeLeftText(m)}.`;
const view = (secondsLeft: number | null) => (
  <CountdownAnnouncer secondsLeft={secondsLeft} milestones={PAYMENT_MILESTONES_SECONDS} say={say} />
);

describe('CountdownAnnouncer', () => {
  afterEach(cleanup);

  it('speaks once at 5 minutes and once at 1 minute, not on each tick', () => {
    const { rerender } = render(view(302));
    const region = screen.getByRole('status');
    expect(region.textContent).toBe('');
    rerender(view(301));
    expect(region.textContent).toBe('');
    rerender(view(300));
    expect(region.textContent).toBe('O Pix expira em 5 minutos.');
    const before = region.firstChild;
    rerender(view(299));
    rerender(view(120));
    // the same words, the same node: nothing new for a screen reader to say
    expect(region.textContent).toBe('O Pix expira em 5 minutos.');
    expect(region.firstChild).toBe(before);
    rerender(view(60));
    expect(region.textContent).toBe('O Pix expira em 1 minuto.');
  });

  it('does not announce what was already reached when it appeared', () => {
    const { rerender } = render(view(200));
    const region = screen.getByRole('status');
    rerender(view(199));
    expect(region.textContent).toBe('');
    rerender(view(59));
    expect(region.textContent).toBe('O Pix expira em 1 minuto.');
  });

  it('milestones and words', () => {
    expect(milestoneReached(301, [300, 60])).toBeNull();
    expect(milestoneReached(300, [300, 60])).toBe(300);
    expect(milestoneReached(10, [300, 60])).toBe(60);
    expect(milestoneReached(0, [0])).toBe(0);
    expect(timeLeftText(120)).toBe('2 minutos');
    expect(timeLeftText(3600)).toBe('1 hora');
    expect(timeLeftText(8 * 3600)).toBe('8 horas');
    expect(timeLeftText(90 * 60)).toBe('90 minutos');
    expect(timeLeftText(1)).toBe('1 segundo');
    expect(timeLeftText(30)).toBe('30 segundos');
  });
});

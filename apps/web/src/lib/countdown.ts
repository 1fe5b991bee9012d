import { useEffect, useState } from 'react';

/** The clock of a countdown (ms since the epoch), ticking every second while `until` (ISO) is ahead. */
export function useNow(until: string | null | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    // a countdown that starts later than the component (a warning that opens) starts from the present, not the mount
    setNow(Date.now());
    const end = Date.parse(until);
    const timer = window.setInterval(() => {
      const next = Date.now();
      setNow(next);
      if (next >= end) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  return now;
}

/** Whole seconds from `now` until `until` (ISO), never below zero. */
export const secondsUntil = (until: string, now: number) => Math.max(0, Math.ceil((Date.parse(until) - now) / 1000));

/** Seconds until `until` (ISO), ticking every second; null without one. */
export function useSecondsLeft(until: string | null | undefined): number | null {
  const now = useNow(until);
  return until ? secondsUntil(until, now) : null;
}

/** 1799 → '29:59'; 0 → '00:00'; an hour or more → '1:02:03'. */
export function countdownText(seconds: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
}

import { useEffect, useState } from 'react';

/** The value, once it has stopped changing for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** Whole seconds left until `deadline` (epoch ms), ticking down to 0; a new deadline starts over. */
export function useSecondsUntil(deadline: number): number {
  const left = () => Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
  const [remaining, setRemaining] = useState(left);
  useEffect(() => {
    const tick = () => {
      const seconds = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setRemaining(seconds);
      return seconds;
    };
    if (tick() === 0) return;
    const timer = setInterval(() => {
      if (tick() === 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [deadline]);
  return remaining;
}

/** Whether `deadline` (epoch ms) has passed: one timer to it, not a tick; null never passes. */
export function useDeadlinePassed(deadline: number | null): boolean {
  const reached = () => deadline !== null && Date.now() >= deadline;
  const [passed, setPassed] = useState(reached);
  useEffect(() => {
    const now = deadline !== null && Date.now() >= deadline;
    setPassed(now);
    if (deadline === null || now) return;
    const timer = setTimeout(() => setPassed(true), deadline - Date.now());
    return () => clearTimeout(timer);
  }, [deadline]);
  return passed;
}

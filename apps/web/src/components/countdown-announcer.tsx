import Box from '@mui/material/Box';
import { useEffect, useRef, useState } from 'react';
import { visuallyHidden } from './polite-announcer';

/** When a payment's time limit is announced: 5 minutes and 1 minute before it ends (its end has an alert of its own). */
export const PAYMENT_MILESTONES_SECONDS = [300, 60] as const;

/** What a screen reader hears as a Pix code's time runs out. */
export const sayPixLeft = (seconds: number) => `O Pix expira em ${timeLeftText(seconds)}.`;

/** When a code may be sent again: when its wait ends. */
const RESEND_MILESTONES_SECONDS = [0] as const;
const RESEND_READY = 'Você já pode pedir um novo código.';
const sayResendReady = () => RESEND_READY;

/** The resend button's wait, announced once when it ends (the button's ticking label is not a live region). */
export function ResendAnnouncer({ secondsLeft }: { secondsLeft: number }) {
  return <CountdownAnnouncer secondsLeft={secondsLeft} milestones={RESEND_MILESTONES_SECONDS} say={sayResendReady} />;
}

/** 28800 → '8 horas', 300 → '5 minutos', 60 → '1 minuto', 45 → '45 segundos'. */
export function timeLeftText(seconds: number): string {
  if (seconds >= 3600 && seconds % 3600 === 0) {
    const hours = seconds / 3600;
    return hours === 1 ? '1 hora' : `${hours} horas`;
  }
  if (seconds >= 60 && seconds % 60 === 0) {
    const minutes = seconds / 60;
    return minutes === 1 ? '1 minuto' : `${minutes} minutos`;
  }
  return seconds === 1 ? '1 segundo' : `${seconds} segundos`;
}

/** The milestone `secondsLeft` has reached: the smallest one at or above it, null while above them all. */
export function milestoneReached(secondsLeft: number, milestones: readonly number[]): number | null {
  const reached = milestones.filter((m) => secondsLeft <= m);
  return reached.length > 0 ? Math.min(...reached) : null;
}

/**
 * A countdown's words for screen readers, at sensible moments only (WCAG 2.2.1, 4.1.3): a hidden polite live region
 * that speaks when the time left crosses one of `milestones` after it is shown, never on each tick. The visible
 * ticking text beside it is no live region (role="timer" is silent). Whatever was already reached when the countdown
 * appeared is not announced: the visible text says it.
 */
export function CountdownAnnouncer({
  secondsLeft,
  milestones,
  say,
}: {
  secondsLeft: number | null;
  milestones: readonly number[];
  say: (milestone: number) => string;
}) {
  const reached = secondsLeft === null ? null : milestoneReached(secondsLeft, milestones);
  const seen = useRef<number | null | undefined>(undefined);
  const [message, setMessage] = useState('');
  useEffect(() => {
    if (secondsLeft === null) return;
    if (seen.current === undefined) {
      seen.current = reached;
      return;
    }
    if (reached === seen.current) return;
    seen.current = reached;
    // back above every milestone (a code sent again): the next crossing speaks again, even with the same words
    setMessage(reached === null ? '' : say(reached));
  }, [reached, secondsLeft, say]);
  return (
    <Box role="status" sx={visuallyHidden}>
      {message}
    </Box>
  );
}

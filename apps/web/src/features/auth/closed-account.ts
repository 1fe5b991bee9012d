import { formatDateTimeBR, isoToBrDate } from '@prata/domain';
import { notify } from '@/lib/notify';
import { reopenAccountAndNotify } from './api/reopen-account';
import { AUTH_MESSAGES } from './messages';

/** dd/mm/yyyy; an instant is read in Brazil's time zone, a plain date as written. */
function closedDate(closedAt: string): string {
  return closedAt.includes('T') ? formatDateTimeBR(closedAt).slice(0, 10) : isoToBrDate(closedAt);
}

/** A sign-in refused because the account is closed (spec 1 §2.9, §8): the date of closure, and 'Reabrir conta'. */
export function notifyAccountClosed(closedAt: string, email: string): void {
  notify.error(AUTH_MESSAGES.accountClosedOn(closedDate(closedAt)), {
    action: { label: AUTH_MESSAGES.reopenAccount, onClick: () => void reopenAccountAndNotify(email) },
  });
}

import type { PriceAlert } from '@prata/domain';
import { type RefObject, useEffect, useState } from 'react';
import { focusIfLost } from '@/lib/focus';
import { useIntention } from '@/lib/intention';
import { notify } from '@/lib/notify';
import { useCreatePriceAlert } from '../api/create-price-alert';
import { useDeletePriceAlert } from '../api/delete-price-alert';

export const ALERT_RESTORED = 'Alerta de preço restaurado';

/**
 * "Apagar alerta", with "Desfazer" in the notice while an active alert can be made again as it was (a fired one has
 * done its work: nothing to restore). The restore is a creation, so it is one intention (lib/intention.ts): a double
 * click on "Desfazer" makes one alert. A deleted alert takes its button away: the focus goes to `heading`.
 */
export function useAlertRemoval(heading: RefObject<HTMLElement | null>) {
  const remove = useDeletePriceAlert();
  const create = useCreatePriceAlert();
  const [removed, setRemoved] = useState<{ alert: PriceAlert; count: number } | null>(null);
  const restoring = useIntention(removed && { restore: removed.alert.id });
  useEffect(() => {
    if (removed) focusIfLost(heading.current);
  }, [removed, heading]);

  const restore = (alert: PriceAlert) => {
    const body = { direction: alert.direction, price_per_gram: alert.price_per_gram };
    restoring
      .run((key) => create.mutateAsync({ body, key }))
      .then(
        (created) => {
          if (created) notify.success(ALERT_RESTORED);
        },
        (error: unknown) => notify.error(error),
      );
  };

  const removeAlert = (alert: PriceAlert) =>
    remove.mutate(alert.id, {
      onSuccess: (answer) =>
        notify.success(
          answer.message,
          alert.fired_at === null ? { action: { label: 'Desfazer', onClick: () => restore(alert) } } : undefined,
        ),
      onError: (error) => notify.error(error),
      // after the list's refetch (useDeletePriceAlert), so the row is gone when the effect runs
      onSettled: () => setRemoved((last) => ({ alert, count: (last?.count ?? 0) + 1 })),
    });

  return { removeAlert, busy: remove.isPending };
}

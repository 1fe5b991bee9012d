import Typography from '@mui/material/Typography';
import { formatBRL, formatGrams, MESSAGES } from '@prata/domain';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { toMinorUnits } from '@/lib/format';
import { CouponDialog, FeeInfoDialog, SILVER_HISTORY_PATH, SilverPixDialog } from '@/features/catalogue';
import { centigramsOf, type useSilverWithdrawal } from './use-silver-withdrawal';

/**
 * The wizard's dialogs: "Pagar com saldo?" (the all-in total of the server's breakdown and the grams), the fees'
 * explanation, the coupon, and the Pix of a payment by Pix, which closes to the history's prata-retirada tab.
 */
export function WithdrawalDialogs({ wizard }: { wizard: ReturnType<typeof useSilverWithdrawal> }) {
  const navigate = useNavigate();
  const { product, quantity, charge } = wizard;
  return (
    <>
      <ConfirmDialog
        open={wizard.confirmingBalance && charge.charge !== null}
        title="Pagar com saldo?"
        confirmLabel="Pagar com saldo"
        cancelLabel="Voltar"
        pending={wizard.payingByBalance}
        onClose={() => wizard.setConfirmingBalance(false)}
        onConfirm={() => void wizard.pay('balance')}
      >
        {charge.charge && product && (
          <Typography>
            {MESSAGES.silverBalanceConfirm(
              formatBRL(toMinorUnits(charge.charge.totals.total)),
              formatGrams(centigramsOf(product, quantity)),
            )}
          </Typography>
        )}
      </ConfirmDialog>
      <FeeInfoDialog open={wizard.feesOpen} onClose={() => wizard.setFeesOpen(false)} />
      <CouponDialog
        open={wizard.couponOpen}
        applied={charge.charge?.coupon ?? null}
        pending={charge.pending}
        onApply={charge.applyCoupon}
        onRemove={charge.removeCoupon}
        onClose={() => wizard.setCouponOpen(false)}
      />
      <SilverPixDialog
        payment={wizard.payment}
        closeTo={SILVER_HISTORY_PATH}
        closeLabel="Ver em Meu histórico"
        onClose={() => navigate(SILVER_HISTORY_PATH)}
      />
    </>
  );
}

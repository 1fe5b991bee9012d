import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatBRL, formatGrams } from '@prata/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { MoneyText } from '@/components/money-text';
import { firstError } from '@/lib/api';
import { clearLoginData, clearToken } from '@/lib/auth-storage';
import { toMinorUnits } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useCloseAccount } from '../api/close-account';
import type { AccountUser } from '../api/types';
import { TabSection } from './tab-section';

/**
 * Encerrar conta: what happens, the balances that must be zero, a confirmation, then PUT /api/user/close-account.
 * On success the session ends here and the person goes to /login (spec 2 §4); a refusal shows the server's message.
 */
export function CloseAccountTab({ user }: { user: AccountUser }) {
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const close = useCloseAccount();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const brl = toMinorUnits(user.balance_brl);
  const ag = toMinorUnits(user.balance_ag);
  const hasBalance = brl > 0 || ag > 0;

  const confirm = () =>
    close.mutate(undefined, {
      onSuccess: ({ message }) => {
        setConfirming(false);
        clearToken();
        clearLoginData();
        queryClient.clear();
        navigate('/login', { replace: true });
        notify.success(message);
      },
      onError: (error) => {
        setConfirming(false);
        setRefusal(firstError(error));
        notify.error(error);
      },
    });

  return (
    <TabSection title="Encerrar conta" maxWidth={720}>
      <Stack spacing={2.5}>
        <Typography>Ao encerrar sua conta:</Typography>
        <Box component="ul" sx={{ m: 0, pl: 3, display: 'grid', gap: 1 }}>
          <li>
            <Typography>você sai da conta em todos os aparelhos e não poderá mais entrar com ela;</Typography>
          </li>
          <li>
            <Typography>pedidos de aumento de limite em análise são cancelados;</Typography>
          </li>
          <li>
            <Typography>
              seus dados e seu histórico continuam guardados pelo prazo que a lei exige, e você pode reabrir a conta
              depois, na tela de login.
            </Typography>
          </li>
        </Box>
        <Paper variant="outlined" sx={{ p: 2.5 }}>
          <Typography sx={{ fontWeight: 600, mb: 1 }}>Para encerrar, seus saldos devem estar zerados</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 4 }}>
            <Typography color="text.secondary">
              Saldo em reais: <MoneyText sx={{ color: 'text.primary', fontWeight: 600 }}>{formatBRL(brl)}</MoneyText>
            </Typography>
            <Typography color="text.secondary">
              Saldo em prata: <MoneyText sx={{ color: 'text.primary', fontWeight: 600 }}>{formatGrams(ag)}</MoneyText>
            </Typography>
          </Stack>
          {hasBalance && (
            <Alert severity="warning" sx={{ mt: 2 }}>
              Retire todo o seu dinheiro e toda a sua prata antes de encerrar a conta.
            </Alert>
          )}
        </Paper>
        {refusal && (
          <Alert severity="error" onClose={() => setRefusal(null)}>
            {refusal}
          </Alert>
        )}
        <Box>
          <Button variant="outlined" color="error" onClick={() => setConfirming(true)}>
            Encerrar minha conta
          </Button>
        </Box>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title="Encerrar sua conta?"
        confirmLabel="Encerrar conta"
        cancelLabel="Manter conta"
        confirmColor="error"
        pending={close.isPending}
        onConfirm={confirm}
        onClose={() => setConfirming(false)}
      >
        <Typography>
          Você sairá da conta agora e em todos os aparelhos. Para voltar a usá-la, será preciso reabri-la na tela de
          login.
        </Typography>
      </ConfirmDialog>
    </TabSection>
  );
}

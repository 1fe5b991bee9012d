import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import ChevronRightOutlined from '@mui/icons-material/ChevronRightOutlined';
import PixOutlined from '@mui/icons-material/PixOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { RouterLink } from '@/components/router-link';
import { useDepositOverview } from '../api/deposits';
import type { Deposit } from '../api/types';
import { DepositDetailsDialog } from '../components/deposit-details-dialog';
import { BalanceCard, MoneyPage, MoneySection, MoneySkeleton } from '../components/money-page';
import { RegistrationQueryState } from '@/components/registration-query-state';
import { PendingDeposits } from '../components/pending-deposits';
import { TED_SLOWER_WARNING } from '../labels';

const PIX_PATH = '/adicionar-dinheiro/pix';
const TED_PATH = '/adicionar-dinheiro/ted';

/** One way to add money: an icon, a name, how long it takes; the whole card is the button or link. */
function OptionCard({
  icon,
  title,
  detail,
  ...action
}: { icon: ReactNode; title: string; detail: string } & ({ to: string } | { onClick: () => void })) {
  const content = (
    <>
      <Box sx={{ color: 'primary.main', display: 'flex' }}>{icon}</Box>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 650 }}>{title}</Typography>
        <Typography variant="body2" color="text.secondary">
          {detail}
        </Typography>
      </Box>
      <ChevronRightOutlined color="action" aria-hidden />
    </>
  );
  const sx = {
    display: 'flex',
    alignItems: 'center',
    gap: 2,
    p: 2,
    width: '100%',
    textAlign: 'left',
    borderRadius: 2,
    border: 1,
    borderColor: 'divider',
    bgcolor: 'background.paper',
    '&:hover': { bgcolor: 'action.hover' },
  } as const;
  return 'to' in action ? (
    <ButtonBase component={RouterLink} to={action.to} sx={sx}>
      {content}
    </ButtonBase>
  ) : (
    <ButtonBase onClick={action.onClick} sx={sx} aria-haspopup="dialog">
      {content}
    </ButtonBase>
  );
}

/** Choosing TED: it is slower (manual approval); Pix is one click away (spec 2 §2). */
function TedWarningDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="ted-warning-title" fullWidth maxWidth="xs">
      <DialogTitle id="ted-warning-title">TED é mais demorada</DialogTitle>
      <DialogContent>
        <DialogContentText>{TED_SLOWER_WARNING}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button color="inherit" onClick={() => navigate(TED_PATH)}>
          Continuar com TED
        </Button>
        <Button variant="contained" onClick={() => navigate(PIX_PATH)} autoFocus>
          Usar Pix
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * /adicionar-dinheiro (spec 2 §2): the balance, the two ways to add money (Pix; TED after a warning) and the pending
 * deposits, each opening its details (a Pix one its QR code, waiting for the payment).
 */
export function AddMoneyPage() {
  const overview = useDepositOverview();
  const [tedWarning, setTedWarning] = useState(false);
  const [opened, setOpened] = useState<Deposit | null>(null);

  return (
    <MoneyPage
      title="Adicionar dinheiro"
      description="Transfira reais para a sua conta e use o saldo para comprar prata."
    >
      <RegistrationQueryState query={overview} skeleton={<MoneySkeleton blocks={2} />}>
        {(data) => (
          <Stack spacing={4}>
            <BalanceCard reais={data.currentBalance} />
            <MoneySection title="Como você quer adicionar?">
              <Stack spacing={1.5}>
                <OptionCard
                  icon={<PixOutlined fontSize="large" />}
                  title="Pix"
                  detail="Na hora, a qualquer dia e horário."
                  to={PIX_PATH}
                />
                <OptionCard
                  icon={<AccountBalanceOutlined fontSize="large" />}
                  title="TED"
                  detail="Com conferência manual, em até 1 dia útil."
                  onClick={() => setTedWarning(true)}
                />
              </Stack>
            </MoneySection>
            <MoneySection title="Depósitos pendentes">
              <PendingDeposits deposits={data.pendingDeposits} onOpen={setOpened} />
            </MoneySection>
            <Paper variant="outlined" sx={{ p: 2, bgcolor: 'background.default' }}>
              <Typography variant="body2" color="text.secondary">
                Os depósitos concluídos ficam em{' '}
                <Link component={RouterLink} to="/meu-historico/dinheiro-adicionado">
                  Meu histórico › Dinheiro adicionado
                </Link>
                .
              </Typography>
            </Paper>
          </Stack>
        )}
      </RegistrationQueryState>
      <TedWarningDialog open={tedWarning} onClose={() => setTedWarning(false)} />
      <DepositDetailsDialog deposit={opened} onClose={() => setOpened(null)} />
    </MoneyPage>
  );
}

/** The page as the router loads it (lazyPage in app/router.tsx). @public */
export const Component = AddMoneyPage;

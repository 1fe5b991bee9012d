import ChevronRightOutlined from '@mui/icons-material/ChevronRightOutlined';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatDateTimeBR } from '@prata/domain';
import { MoneyText } from '@/components/money-text';
import type { Deposit } from '../api/types';
import { brl, DEPOSIT_METHOD_LABELS, NO_PENDING_DEPOSITS } from '../labels';

/**
 * The pending deposits, newest first: date, amount and form; a click opens the details. Each button is named by what
 * it shows (WCAG 2.5.3), inside a list item of its own.
 */
export function PendingDeposits({ deposits, onOpen }: { deposits: Deposit[]; onOpen: (deposit: Deposit) => void }) {
  if (deposits.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
        <Typography color="text.secondary">{NO_PENDING_DEPOSITS}</Typography>
      </Paper>
    );
  }
  return (
    <Paper variant="outlined">
      <List disablePadding aria-label="Depósitos pendentes">
        {deposits.map((deposit, i) => (
          <ListItem key={deposit.id} disablePadding divider={i < deposits.length - 1}>
            <ListItemButton onClick={() => onOpen(deposit)} sx={{ gap: 1.5, py: 1.5 }}>
              <ListItemText
                primary={<MoneyText sx={{ fontWeight: 650 }}>{brl(deposit.amount)}</MoneyText>}
                secondary={formatDateTimeBR(deposit.created_at)}
              />
              <Chip
                size="small"
                label={DEPOSIT_METHOD_LABELS[deposit.method]}
                color={deposit.method === 'pix' ? 'primary' : 'default'}
                variant="outlined"
              />
              <ChevronRightOutlined color="action" aria-hidden />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}

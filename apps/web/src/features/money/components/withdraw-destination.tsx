import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import PixOutlined from '@mui/icons-material/PixOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type Control, Controller } from 'react-hook-form';
import { groupErrorProps } from '@/components/group-error';
import { RouterLink } from '@/components/router-link';
import { type BankingInformation, describeBanking } from '@/features/profile';
import type { WithdrawInput, WithdrawOutput } from '../withdrawal-rules';

export const BANKING_PATH = '/meus-dados/dados-bancarios';

function BankingIcon({ entry }: { entry: BankingInformation }) {
  return entry.type === 'pix' ? (
    <PixOutlined fontSize="small" color="action" />
  ) : (
    <AccountBalanceOutlined fontSize="small" color="action" />
  );
}

type Props = {
  control: Control<WithdrawInput, unknown, WithdrawOutput>;
  bankingInformation: BankingInformation[];
};

/** "Para onde enviar": one radio per Pix key or bank account of the customer's, and where to manage them. */
export function WithdrawDestination({ control, bankingInformation }: Props) {
  return (
    <Controller
      control={control}
      name="bankingInformationId"
      render={({ field, fieldState }) => (
        <FormControl component="fieldset" error={Boolean(fieldState.error)}>
          <FormLabel component="legend" sx={{ mb: 1, fontWeight: 600, color: 'text.primary' }}>
            Para onde enviar
          </FormLabel>
          <RadioGroup
            name={field.name}
            value={String(field.value)}
            onChange={(event) => field.onChange(event.target.value)}
            onBlur={field.onBlur}
            {...groupErrorProps('withdraw-destination-error', fieldState.error)}
          >
            <Paper variant="outlined">
              {bankingInformation.map((b, i) => {
                const { title, detail } = describeBanking(b);
                return (
                  <FormControlLabel
                    key={b.id}
                    value={String(b.id)}
                    // a submit with errors focuses the first option (react-hook-form's shouldFocusError)
                    control={<Radio slotProps={{ input: { ref: i === 0 ? field.ref : undefined } }} />}
                    label={
                      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', py: 1 }}>
                        <BankingIcon entry={b} />
                        <Box sx={{ minWidth: 0 }}>
                          <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
                          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                            {detail}
                          </Typography>
                        </Box>
                      </Stack>
                    }
                    sx={{
                      m: 0,
                      px: 1,
                      width: '100%',
                      borderBottom: i < bankingInformation.length - 1 ? 1 : 0,
                      borderColor: 'divider',
                    }}
                  />
                );
              })}
            </Paper>
          </RadioGroup>
          {fieldState.error && (
            <FormHelperText id="withdraw-destination-error">{fieldState.error.message}</FormHelperText>
          )}
          <Box sx={{ mt: 1 }}>
            <Button component={RouterLink} to={BANKING_PATH} size="small">
              Gerenciar dados bancários
            </Button>
          </Box>
        </FormControl>
      )}
    />
  );
}

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Address } from '@prata/domain';
import { groupErrorProps } from '@/components/group-error';
import { RouterLink } from '@/components/router-link';
import { formatAddress } from '@/features/profile';

const ADD_ADDRESS_PATH = '/meus-dados/meus-enderecos/adicionar';
const ADDRESS_ERROR_ID = 'address-choice-error';

/** The customer's saved addresses as a radio list (spec 3: choose a saved address); none → a link to add one. */
export function AddressChoice({
  addresses,
  value,
  onChange,
  error,
}: {
  addresses: readonly Address[];
  value: Address | null;
  onChange: (address: Address) => void;
  error?: string | null;
}) {
  if (addresses.length === 0) {
    return (
      <Alert
        severity="info"
        action={
          <Button component={RouterLink} to={ADD_ADDRESS_PATH} color="inherit" size="small">
            Cadastrar
          </Button>
        }
      >
        Você ainda não tem um endereço salvo. Cadastre um para receber as barras.
      </Alert>
    );
  }
  return (
    <FormControl error={Boolean(error)} sx={{ width: '100%' }}>
      <RadioGroup
        aria-label="Endereços salvos"
        {...groupErrorProps(ADDRESS_ERROR_ID, error)}
        value={value ? String(value.id) : ''}
        onChange={(_event, id) => {
          const chosen = addresses.find((address) => String(address.id) === id);
          if (chosen) onChange(chosen);
        }}
      >
        <Stack spacing={1}>
          {addresses.map((address) => (
            <FormControlLabel
              key={address.id}
              value={String(address.id)}
              control={<Radio />}
              sx={{
                m: 0,
                pr: 2,
                py: 0.5,
                border: 1,
                borderRadius: 2,
                borderColor: value?.id === address.id ? 'primary.main' : 'divider',
              }}
              label={
                <Stack sx={{ py: 0.5 }}>
                  <Typography variant="caption" color="text.secondary">
                    {address.type}
                  </Typography>
                  {formatAddress(address).map((line) => (
                    <Typography key={line} variant="body2">
                      {line}
                    </Typography>
                  ))}
                </Stack>
              }
            />
          ))}
        </Stack>
      </RadioGroup>
      {error && <FormHelperText id={ADDRESS_ERROR_ID}>{error}</FormHelperText>}
      <Button component={RouterLink} to={ADD_ADDRESS_PATH} size="small" sx={{ alignSelf: 'flex-start', mt: 1 }}>
        Cadastrar outro endereço
      </Button>
    </FormControl>
  );
}

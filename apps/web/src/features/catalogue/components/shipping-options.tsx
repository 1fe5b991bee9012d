import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ShippingService } from '@prata/domain';
import { MoneyText } from '@/components/money-text';
import { brl, businessDays } from '../labels';

/** A shipping option's identity: Frenet's carrier and service code. */
export const shippingKey = (service: Pick<ShippingService, 'Carrier' | 'ServiceCode'>) =>
  `${service.Carrier}|${service.ServiceCode}`;

/**
 * The shipping options as a radio list (spec 1 §2.5: carrier, service, price, days), already without the entries
 * with an Error and sorted by DeliveryTime (usableShippingServices). `error` is 'Escolha uma das opções acima'.
 */
export function ShippingOptions({
  services,
  value,
  onChange,
  error,
  disabled,
}: {
  services: readonly ShippingService[];
  value: ShippingService | null;
  onChange: (service: ShippingService) => void;
  error?: string | null;
  disabled?: boolean;
}) {
  if (services.length === 0) {
    return (
      <Typography color="text.secondary" role="status">
        Nenhuma transportadora atende este CEP no momento. Confira o endereço ou tente de novo mais tarde.
      </Typography>
    );
  }
  return (
    <FormControl error={Boolean(error)} disabled={disabled} sx={{ width: '100%' }}>
      <FormLabel id="shipping-options-label" sx={{ mb: 1 }}>
        Opções de envio
      </FormLabel>
      <RadioGroup
        aria-labelledby="shipping-options-label"
        value={value ? shippingKey(value) : ''}
        onChange={(_event, key) => {
          const chosen = services.find((service) => shippingKey(service) === key);
          if (chosen) onChange(chosen);
        }}
      >
        <Stack spacing={1}>
          {services.map((service) => {
            const key = shippingKey(service);
            const checked = value !== null && shippingKey(value) === key;
            return (
              <FormControlLabel
                key={key}
                value={key}
                control={<Radio />}
                sx={{
                  m: 0,
                  pr: 2,
                  py: 0.5,
                  border: 1,
                  borderRadius: 2,
                  borderColor: checked ? 'primary.main' : 'divider',
                  '& .MuiFormControlLabel-label': { flexGrow: 1, minWidth: 0 },
                }}
                label={
                  <Stack
                    direction="row"
                    spacing={2}
                    sx={{ justifyContent: 'space-between', alignItems: 'center', py: 0.5 }}
                  >
                    <div>
                      <Typography sx={{ fontWeight: 600 }}>{service.Carrier}</Typography>
                      <Typography variant="body2" color="text.secondary">
                        {service.ServiceDescription} · {businessDays(service.DeliveryTime)}
                      </Typography>
                    </div>
                    <MoneyText sx={{ fontWeight: 600 }}>{brl(service.ShippingPrice)}</MoneyText>
                  </Stack>
                }
              />
            );
          })}
        </Stack>
      </RadioGroup>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}

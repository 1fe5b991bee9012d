import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  type AddressRequest,
  type CalculateChargeResponse,
  type City,
  formatCep,
  type ShippingService,
} from '@prata/domain';
import type { ReactNode } from 'react';
import { MoneyText } from '@/components/money-text';
import { brl, businessDays, grams, units } from '../labels';
import type { CartLine } from './cart-table';

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.8 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** A city and its state (UF), as an order's address names them. */
export type Place = { city: string; state: string };

/**
 * The lines of an address typed for an order: the street, number and unit; the neighbourhood; the city/UF (when
 * known); the CEP.
 */
function addressLines(
  address: Pick<AddressRequest, 'street' | 'number' | 'unit' | 'neighborhood' | 'cep'>,
  place: Place | null,
) {
  return [
    [address.street, address.number, address.unit].filter(Boolean).join(', '),
    address.neighborhood,
    ...(place ? [`${place.city}/${place.state}`] : []),
    `CEP ${formatCep(address.cep)}`,
  ];
}

/**
 * The review of an order before paying (spec 1 §2.5 'Pagamento'): the items as the charge calculation answered them,
 * who receives, where (street, number, unit, neighbourhood, city/UF and CEP) and how it travels.
 */
export function CheckoutReview({
  charge,
  lines,
  buyer,
  address,
  city,
  shipping,
}: {
  charge: CalculateChargeResponse;
  lines: readonly CartLine[];
  buyer: { name: string; email: string };
  address: AddressRequest;
  /** the city chosen with the address (its name and UF) */
  city: City | null;
  shipping: ShippingService;
}) {
  const nameOf = (productId: number) => lines.find((line) => line.product.id === productId)?.product.name ?? 'Produto';
  return (
    <Stack spacing={2} divider={<Divider flexItem />}>
      <Block title="Itens">
        <Stack spacing={0.75}>
          {charge.items.map((item) => (
            <Stack key={item.product_type_id} direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
              <Typography variant="body2">
                {nameOf(item.product_type_id)} · {units(item.quantity)} ({grams(item.quantity_grams)})
              </Typography>
              <MoneyText sx={{ fontSize: '0.875rem' }}>{brl(item.total)}</MoneyText>
            </Stack>
          ))}
        </Stack>
      </Block>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <Block title="Entrega para">
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {buyer.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {buyer.email}
          </Typography>
          {addressLines(address, city && { city: city.name, state: city.state }).map((line) => (
            <Typography key={line} variant="body2">
              {line}
            </Typography>
          ))}
        </Block>
        <Block title="Envio">
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {shipping.Carrier} · {shipping.ServiceDescription}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Chega em até {businessDays(shipping.DeliveryTime)} após a confirmação do pagamento
          </Typography>
        </Block>
      </Box>
    </Stack>
  );
}

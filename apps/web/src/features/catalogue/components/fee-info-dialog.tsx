import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FEE_LINES } from '../fees';

/**
 * What each fee and tax is (spec 1 §2.5: cunhagem, frete, seguro, ICMS, DIFAL, PIS, COFINS), the ICMS on the freight
 * and what a coupon discounts.
 */
export function FeeInfoDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="fee-info-title" fullWidth maxWidth="sm" scroll="body">
      <DialogTitle id="fee-info-title">Entenda as taxas</DialogTitle>
      <DialogContent>
        <Stack spacing={2} component="dl" sx={{ m: 0 }}>
          {FEE_LINES.map((line) => (
            <div key={line.key}>
              <Typography component="dt" sx={{ fontWeight: 650 }}>
                {line.label}
              </Typography>
              <Typography component="dd" variant="body2" color="text.secondary" sx={{ m: 0 }}>
                {line.explanation}
              </Typography>
            </div>
          ))}
          <div>
            <Typography component="dt" sx={{ fontWeight: 650 }}>
              Cupom de desconto
            </Typography>
            <Typography component="dd" variant="body2" color="text.secondary" sx={{ m: 0 }}>
              O desconto de um cupom vale sobre as taxas da plataforma (cunhagem, seguro e frete), nunca sobre a prata
              nem sobre os impostos. Um cupom de 10% tira 10% dessas taxas; no total do pedido, a diferença é menor.
            </Typography>
          </div>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          As taxas e os impostos aparecem somente quando são maiores que zero. Cada imposto mostra a sua alíquota e a
          base sobre a qual é calculado (o subtotal); os impostos são somados ao subtotal, não estão dentro dele.
        </Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} autoFocus>
          Entendi
        </Button>
      </DialogActions>
    </Dialog>
  );
}

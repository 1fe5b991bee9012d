import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AffiliateCoupon } from '@prata/domain';
import { copyText } from '@/lib/clipboard';
import { shareText, yearsText } from '../labels';

const COUPON_COPIED = 'Cupom copiado';
const LINK_COPIED = 'Link de indicação copiado';

/** The coupon and the referral link, each with a copy button, and the rule in one sentence. */
export function ReferralCard({ coupon, years, share }: { coupon: AffiliateCoupon; years: number; share: number }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-label="Seu cupom e seu link">
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 2.5, md: 4 }} sx={{ alignItems: { md: 'center' } }}>
        <Box sx={{ flexShrink: 0 }}>
          <Typography variant="body2" color="text.secondary">
            Seu cupom
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography
              component="p"
              data-testid="affiliate-coupon"
              sx={{
                fontFamily: 'monospace',
                fontWeight: 700,
                fontSize: { xs: '1.5rem', sm: '1.75rem' },
                letterSpacing: 1,
              }}
            >
              {coupon.code}
            </Typography>
            <Button
              size="small"
              startIcon={<ContentCopyOutlined />}
              onClick={() => void copyText(coupon.code, COUPON_COPIED)}
              aria-label="Copiar cupom"
            >
              Copiar
            </Button>
          </Stack>
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
            <TextField
              label="Link de indicação"
              value={coupon.link}
              size="small"
              fullWidth
              slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'affiliate-link' } }}
              onFocus={(event) => event.target.select()}
            />
            <Button
              variant="contained"
              startIcon={<ContentCopyOutlined />}
              onClick={() => void copyText(coupon.link, LINK_COPIED)}
              sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
            >
              Copiar link
            </Button>
          </Stack>
        </Box>
      </Stack>
      <Typography color="text.secondary" sx={{ mt: 2 }}>
        Quem se cadastrar pelo seu link ou com o seu cupom vira seu indicado. Por {yearsText(years)} a partir do
        cadastro dele, você recebe {shareText(share)} da taxa operacional de cada ordem executada por ele, em reais, no
        seu saldo.
      </Typography>
    </Paper>
  );
}

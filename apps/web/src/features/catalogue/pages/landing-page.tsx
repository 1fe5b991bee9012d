import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import CandlestickChartOutlined from '@mui/icons-material/CandlestickChartOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import PixOutlined from '@mui/icons-material/PixOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RouterLink } from '../../../components/router-link';
import { useDocumentTitle } from '../../../components/page';
import { COMPANY } from '../../../config/site';
import { useAuthToken } from '../../../lib/auth-storage';

/** What the product does (spec 1 §1); no prices or products here until the catalogue issue lands. */
const PROMISES = [
  {
    icon: PixOutlined,
    title: 'Prata física pelo Pix',
    text: 'Compre barras de prata física e pague com Pix, mesmo sem ter uma conta.',
  },
  {
    icon: CandlestickChartOutlined,
    title: 'Compre e venda por grama',
    text: 'Com uma conta, negocie prata em gramas com ordens limitadas ou a mercado.',
  },
  {
    icon: AccountBalanceOutlined,
    title: 'Custódia integrada',
    text: 'Mantenha um saldo em reais e um saldo em prata guardados com segurança.',
  },
  {
    icon: LocalShippingOutlined,
    title: 'Retire ou transfira',
    text: 'Receba sua prata em casa ou transfira gramas para outra pessoa.',
  },
] as const;

export function LandingPage() {
  useDocumentTitle('Prata física');
  const token = useAuthToken();
  return (
    <>
      <Box
        component="section"
        sx={{
          background: 'linear-gradient(160deg, #263238 0%, #37474F 55%, #546E7A 100%)',
          color: 'common.white',
          py: { xs: 6, md: 10 },
        }}
      >
        <Container>
          <Stack spacing={3} sx={{ maxWidth: 680 }}>
            <Typography
              variant="overline"
              sx={{ color: 'rgba(255,255,255,0.7)', letterSpacing: '0.12em', fontWeight: 600 }}
            >
              Prata física
            </Typography>
            <Typography variant="h1" sx={{ fontSize: { xs: '2rem', md: '3rem' } }}>
              {COMPANY.tagline}
            </Typography>
            <Typography sx={{ fontSize: { xs: '1rem', md: '1.125rem' }, color: 'rgba(255,255,255,0.85)' }}>
              Compre prata física, guarde em custódia, negocie por grama e retire quando quiser, tudo em um só lugar.
            </Typography>
            {!token && (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
                <Button
                  component={RouterLink}
                  to="/register"
                  variant="contained"
                  size="large"
                  sx={{ bgcolor: 'common.white', color: 'primary.dark', '&:hover': { bgcolor: '#ECEFF1' } }}
                >
                  Criar conta
                </Button>
                <Button
                  component={RouterLink}
                  to="/login"
                  variant="outlined"
                  size="large"
                  sx={{ color: 'common.white', borderColor: 'rgba(255,255,255,0.6)' }}
                >
                  Entrar
                </Button>
              </Stack>
            )}
          </Stack>
        </Container>
      </Box>
      <Container component="section" aria-labelledby="promises-title" sx={{ py: { xs: 5, md: 8 } }}>
        <Typography id="promises-title" variant="h2" sx={{ mb: 3 }}>
          Como funciona
        </Typography>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' },
          }}
        >
          {PROMISES.map(({ icon: Icon, title, text }) => (
            <Paper key={title} variant="outlined" sx={{ p: 2.5 }}>
              <Icon color="secondary" sx={{ mb: 1.5 }} />
              <Typography variant="h5" component="h3" gutterBottom>
                {title}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {text}
              </Typography>
            </Paper>
          ))}
        </Box>
      </Container>
    </>
  );
}

export const Component = LandingPage;

import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RouterLink } from '@/components/router-link';
import { COMPANY, useSiteLinks } from '@/config/site';
import { CHAT_BUTTON_ROOM_PX } from '@/features/chat/index';

/**
 * The company, the app stores when their addresses are set (docs/configuration.md), the terms, accessibility, and
 * contact: the visitors' public /fale-conosco by default, the signed-in frame's /contato (with the customer's tickets).
 */
export function Footer({ contactTo = '/fale-conosco' }: { contactTo?: string }) {
  const { app_store: appStore, google_play: googlePlay } = useSiteLinks();
  const stores = [
    { label: 'App Store', href: appStore },
    { label: 'Google Play', href: googlePlay },
  ].filter((store): store is { label: string; href: string } => store.href !== null);
  return (
    <Box
      component="footer"
      sx={{
        mt: 'auto',
        bgcolor: 'primary.dark',
        color: 'rgba(255,255,255,0.78)',
        pt: { xs: 4, md: 5 },
        // the page's end keeps room for Auro's button: scrolled to the end, no line of the footer is under it
        pb: { xs: `${CHAT_BUTTON_ROOM_PX.phone}px`, sm: `${CHAT_BUTTON_ROOM_PX.wide}px`, md: 5 },
      }}
    >
      <Container>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ justifyContent: 'space-between' }}>
          <Box>
            <Typography sx={{ color: 'common.white', fontWeight: 700, mb: 0.5 }}>{COMPANY.razaoSocial}</Typography>
            <Typography variant="body2">CNPJ {COMPANY.cnpj}</Typography>
            <Typography variant="body2">{COMPANY.address}</Typography>
          </Box>
          <Stack spacing={1} sx={{ minWidth: 200 }}>
            {stores.length > 0 && (
              <>
                <Typography variant="body2" sx={{ color: 'common.white', fontWeight: 600 }}>
                  Baixe o aplicativo
                </Typography>
                <Stack direction="row" spacing={2}>
                  {stores.map((store) => (
                    <Link
                      key={store.label}
                      href={store.href}
                      target="_blank"
                      rel="noopener"
                      color="inherit"
                      variant="body2"
                    >
                      {store.label}
                    </Link>
                  ))}
                </Stack>
              </>
            )}
            <Link component={RouterLink} to={contactTo} color="inherit" variant="body2">
              Contato
            </Link>
            <Link component={RouterLink} to="/termos-de-uso" color="inherit" variant="body2">
              Termos de uso
            </Link>
            <Link component={RouterLink} to="/privacidade" color="inherit" variant="body2">
              Privacidade
            </Link>
            <Link component={RouterLink} to="/acessibilidade" color="inherit" variant="body2">
              Acessibilidade
            </Link>
          </Stack>
        </Stack>
        <Typography variant="caption" component="p" sx={{ mt: 3, opacity: 0.7 }}>
          © {new Date().getFullYear()} {COMPANY.brand}. Todos os direitos reservados.
        </Typography>
      </Container>
    </Box>
  );
}

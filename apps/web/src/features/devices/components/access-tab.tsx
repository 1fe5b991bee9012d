import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PasskeysSection } from '@/features/passkeys/index';
import { SessionsSection } from './sessions-section';

/**
 * /meus-dados/acesso-e-dispositivos: where the account is signed in (SessionsSection) and its passkeys
 * (features/passkeys' PasskeysSection), each section in a file of its own. The heading is the tab's, as profile's
 * TabSection draws it (not imported: profile's page imports this feature).
 */
export function AccessTab() {
  return (
    <Box component="section" sx={{ maxWidth: 820 }}>
      <Box sx={{ mb: 2.5 }}>
        <Typography variant="h4" component="h2">
          Acesso e dispositivos
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          Veja onde sua conta está aberta, encerre o acesso de aparelhos que você não usa mais e crie chaves de acesso.
        </Typography>
      </Box>
      <Stack spacing={4}>
        <SessionsSection />
        <PasskeysSection />
      </Stack>
    </Box>
  );
}

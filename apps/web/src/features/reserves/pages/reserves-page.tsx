import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTimeBR, formatGrams, isoToBrDate, type ReserveProofSummary } from '@prata/domain';
import { useState } from 'react';
import { RouterLink } from '@/components/router-link';
import { CenteredSpinner, PageHeader } from '@/components/page';
import { firstError } from '@/lib/api';
import { type RevealedItemProps, useRevealFocus } from '@/lib/focus';
import { useUser } from '@/lib/auth';
import { barDocumentUrl } from '../api/bar-document-url';
import { useReserves } from '../api/get-reserves';
import { MyProof } from './my-proof';
import { asOfText } from './proof-check';
import { VerifyFile } from './verify-file';

const signed = (cg: number) => `${cg < 0 ? '−' : '+'}${formatGrams(Math.abs(cg))}`;

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>{value}</Typography>
    </Box>
  );
}

/** What the tree holds: available + reserved = the root's sum (version 2), and what is owed outside it. */
function TreeTotals({ day }: { day: ReserveProofSummary }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="reserves-split">
      Na árvore, {asOfText(day)}: {formatGrams(day.customersCg)}
      {day.customersAvailableCg !== null && day.customersReservedCg !== null
        ? ` (disponível ${formatGrams(day.customersAvailableCg)} + reservado ${formatGrams(day.customersReservedCg)}), a soma da raiz`
        : ''}
      {day.unclaimedCg > 0 ? `; transferências ainda não resgatadas: ${formatGrams(day.unclaimedCg)}` : ''}.
    </Typography>
  );
}

function DayLine({ day, focus }: { day: ReserveProofSummary; focus?: RevealedItemProps }) {
  return (
    <Box {...focus} sx={{ py: 1, borderTop: 1, borderColor: 'divider' }}>
      <Typography sx={{ fontWeight: 600 }}>{isoToBrDate(day.day)}</Typography>
      <Typography variant="body2">
        Devido {formatGrams(day.liabilitiesCg)} · barras {formatGrams(day.barsCg)} · diferença{' '}
        {signed(day.differenceCg)}
      </Typography>
      <Typography variant="body2" sx={{ fontFamily: 'monospace', fontSize: 11, overflowWrap: 'anywhere' }}>
        {day.root}
      </Typography>
    </Box>
  );
}

/** How many previous days the page lists at first, and how many more each 'Mostrar mais' adds. */
const PREVIOUS_DAYS_PAGE = 30;

/**
 * 'Dias anteriores': the newest PREVIOUS_DAYS_PAGE days, and more on request. The API sends a year of days (what a
 * downloaded proof is checked against); listed whole they made the page tens of thousands of pixels tall on a phone.
 */
function PreviousDays({ history }: { history: ReserveProofSummary[] }) {
  const [shown, setShown] = useState(PREVIOUS_DAYS_PAGE);
  const reveal = useRevealFocus();
  const more = Math.min(PREVIOUS_DAYS_PAGE, history.length - shown);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h3" component="h2" gutterBottom>
        Dias anteriores
      </Typography>
      {history.slice(0, shown).map((day, i) => (
        <DayLine key={day.day} day={day} focus={reveal.propsFor(i)} />
      ))}
      {more > 0 && (
        <Stack spacing={1} sx={{ pt: 1.5, borderTop: 1, borderColor: 'divider', alignItems: 'flex-start' }}>
          <Typography variant="body2" color="text.secondary">
            Mostrando {shown} de {history.length} dias.
          </Typography>
          <Button
            variant="outlined"
            onClick={() => {
              reveal.revealFrom(shown);
              setShown(shown + PREVIOUS_DAYS_PAGE);
            }}
          >
            Mostrar mais {more} {more === 1 ? 'dia' : 'dias'}
          </Button>
        </Stack>
      )}
    </Paper>
  );
}

/** /prova-de-reservas: public; a signed-in customer also sees and verifies their own leaf. */
export function Component() {
  const { isLoggedIn } = useUser();
  const query = useReserves();
  if (query.isPending) return <CenteredSpinner />;
  if (query.isError) return <Alert severity="error">{firstError(query.error)}</Alert>;
  const { latest, bars, barsCg, differenceCg, history } = query.data;
  const days = latest ? [latest, ...history] : history;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, sm: 4 } }}>
      <PageHeader
        title="Prova de reservas"
        description="Todo dia publicamos a raiz de uma árvore de Merkle de soma com a prata de cada cliente ao fim do dia, ao lado das barras que estão no cofre. Cada cliente confere que sua prata está na conta e que a soma da árvore é o total publicado."
      />
      <Stack spacing={2}>
        {latest ? (
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography variant="h3" component="h2" gutterBottom>
              {isoToBrDate(latest.day)}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 4 }} sx={{ mb: 1 }}>
              <Figure label="Prata dos clientes" value={formatGrams(latest.liabilitiesCg)} />
              <Figure label="Barras no cofre" value={formatGrams(barsCg)} />
              <Figure label="Diferença" value={signed(differenceCg ?? 0)} />
            </Stack>
            <TreeTotals day={latest} />
            <Typography variant="body2" color="text.secondary">
              Raiz ({latest.customerCount} clientes, calculada em {formatDateTimeBR(latest.builtAt)})
            </Typography>
            <Box sx={{ fontFamily: 'monospace', fontSize: 12, overflowWrap: 'anywhere' }} data-testid="reserves-root">
              {latest.root}
            </Box>
          </Paper>
        ) : (
          <Alert severity="info">
            A prova de reservas ainda não foi publicada. A primeira sai logo após o fim do dia.
          </Alert>
        )}

        {isLoggedIn ? (
          latest && <MyProof days={days} />
        ) : (
          <Alert severity="info">
            <Link component={RouterLink} to="/login">
              Entre na sua conta
            </Link>{' '}
            para ver e verificar a sua folha.
          </Alert>
        )}

        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h3" component="h2" gutterBottom>
            Barras no cofre
          </Typography>
          {bars.length === 0 && <Typography color="text.secondary">Nenhuma barra listada.</Typography>}
          {bars.map((bar) => (
            <Box key={bar.id} sx={{ py: 1, borderTop: 1, borderColor: 'divider' }}>
              <Typography sx={{ fontWeight: 600 }}>
                {bar.serial} · {formatGrams(bar.weightCg)}
              </Typography>
              <Typography variant="body2">
                {bar.refiner} ·{' '}
                <Link href={barDocumentUrl(bar.id)} target="_blank" rel="noopener">
                  laudo do auditor (PDF)
                </Link>
              </Typography>
            </Box>
          ))}
        </Paper>

        {latest && <VerifyFile days={days} />}

        {history.length > 0 && <PreviousDays history={history} />}
      </Stack>
    </Container>
  );
}

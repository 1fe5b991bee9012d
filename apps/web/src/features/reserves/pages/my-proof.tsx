import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatGrams, type ReserveProofResponse, type ReserveProofSummary } from '@prata/domain';
import { firstError, isApiError } from '@/lib/api';
import { useMyProof } from '../api/get-my-proof';
import { asOfText, CheckOutcome, publishedOf, useProofCheck } from './proof-check';

const mono = { fontFamily: 'monospace', fontSize: 12, overflowWrap: 'anywhere' } as const;

/** Offers the proof as the JSON file scripts/verify-reserves.mjs reads. */
function download(proof: ReserveProofResponse) {
  const blob = new Blob([JSON.stringify(proof, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `prova-de-reservas-${proof.day}.json`;
  a.click();
  URL.revokeObjectURL(url);
}

/** available + reserved = total, as the drawer shows the balances (available) and what is reserved. */
function Balances({ proof, asOf }: { proof: ReserveProofResponse; asOf: string }) {
  if (proof.version === 1) {
    return (
      <Typography sx={{ mb: 1 }}>
        {asOf[0]!.toUpperCase()}
        {asOf.slice(1)}, você tinha <strong>{formatGrams(proof.centigrams)}</strong> de prata.
      </Typography>
    );
  }
  return (
    <>
      <Typography sx={{ mb: 0.5 }}>
        {asOf[0]!.toUpperCase()}
        {asOf.slice(1)}, sua prata era:
      </Typography>
      <Typography sx={{ mb: 1, fontVariantNumeric: 'tabular-nums' }} data-testid="my-proof-balances">
        disponível <strong>{formatGrams(proof.availableCg)}</strong> + reservado{' '}
        <strong>{formatGrams(proof.reservedCg)}</strong> = total <strong>{formatGrams(proof.centigrams)}</strong>
      </Typography>
      {proof.reservedCg > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Reservado é a prata de ordens de venda abertas e de retiradas em análise: continua sua e entra na conta.
        </Typography>
      )}
    </>
  );
}

function Path({ proof }: { proof: ReserveProofResponse }) {
  return (
    <Box component="ol" sx={{ ...mono, pl: 3, my: 0.5 }}>
      {proof.path.map((step, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a path's steps are fixed, their order is their identity
        <li key={i}>
          {step.side === 'left' ? 'à esquerda' : 'à direita'}: {step.hash}
          {'sum' in step && (
            <Box component="span" sx={{ fontFamily: 'inherit' }}>{` · soma ${formatGrams(step.sum)}`}</Box>
          )}
        </li>
      ))}
    </Box>
  );
}

/** The signed-in customer's leaf and path, verified here in the browser against the published root and total. */
export function MyProof({ days }: { days: readonly ReserveProofSummary[] }) {
  const query = useMyProof(true);
  const proof = query.data;
  const published = proof ? publishedOf(days, proof.day) : undefined;
  const check = useProofCheck(proof, published);
  const day = proof ? days.find((d) => d.day === proof.day) : undefined;

  if (query.isPending) return <Typography color="text.secondary">Carregando sua folha...</Typography>;
  if (query.isError) {
    // 404: no leaf of theirs that day; 410: a day older than the leaves are kept (RESERVES_PROOF_EXPIRED)
    const expected = isApiError(query.error, 404) || isApiError(query.error, 410);
    return <Alert severity={expected ? 'info' : 'error'}>{firstError(query.error)}</Alert>;
  }
  if (!proof) return null;
  const steps = proof.path.length === 1 ? '1 passo' : `${proof.path.length} passos`;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="my-proof">
      <Typography variant="h3" component="h2" gutterBottom>
        Sua folha na árvore
      </Typography>
      <Balances proof={proof} asOf={day ? asOfText(day) : `em ${proof.day}`} />
      <CheckOutcome check={check} version={proof.version} totalCg={published?.totalCg} />
      <Typography variant="body2" color="text.secondary">
        {proof.version === 2 ? 'Seu sal deste dia (só você o vê; muda todo dia)' : 'Seu sal (só você o vê)'}
      </Typography>
      <Box sx={mono}>{proof.salt}</Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Sua folha (nº {proof.leafIndex + 1} de {proof.leafCount})
      </Typography>
      <Box sx={mono}>{proof.leaf}</Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Caminho até a raiz ({steps}
        {proof.version === 2 ? ', cada um com a soma da prata abaixo dele' : ''})
      </Typography>
      <Path proof={proof} />
      <Button variant="outlined" sx={{ mt: 2 }} onClick={() => download(proof)}>
        Baixar minha prova (JSON)
      </Button>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
        Para conferir fora do site: node scripts/verify-reserves.mjs prova-de-reservas-{proof.day}.json {proof.root}
        {proof.version === 2 ? ` ${proof.rootSum}` : ''}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        As provas individuais ficam disponíveis por 90 dias: guarde o arquivo se quiser conferir depois. Dos dias mais
        antigos continuam publicados a raiz, os totais e as barras do cofre.
      </Typography>
    </Paper>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatGrams, isoToBrDate, type ReserveProofResponse, verifyLeafProof } from '@prata/domain';
import { useEffect, useState } from 'react';
import { firstError, isApiError } from '../../../lib/api';
import { useMyProof } from '../api/get-my-proof';

type Check = 'checking' | 'ok' | 'failed';

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

/** The signed-in customer's leaf and path, verified here in the browser with Web Crypto. */
export function MyProof() {
  const query = useMyProof(true);
  const proof = query.data;
  const [check, setCheck] = useState<Check>('checking');

  useEffect(() => {
    if (!proof) return;
    let live = true;
    setCheck('checking');
    void verifyLeafProof(proof).then((ok) => live && setCheck(ok ? 'ok' : 'failed'));
    return () => {
      live = false;
    };
  }, [proof]);

  if (query.isPending) return <Typography color="text.secondary">Carregando sua folha...</Typography>;
  if (query.isError) {
    return <Alert severity={isApiError(query.error, 404) ? 'info' : 'error'}>{firstError(query.error)}</Alert>;
  }
  if (!proof) return null;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="my-proof">
      <Typography variant="h3" component="h2" gutterBottom>
        Sua folha na árvore
      </Typography>
      <Typography sx={{ mb: 1 }}>
        Em {isoToBrDate(proof.day)}, ao fim do dia, você tinha <strong>{formatGrams(proof.centigrams)}</strong> de
        prata.
      </Typography>
      {check === 'ok' && (
        <Alert severity="success" sx={{ mb: 2 }}>
          Verificado neste navegador: sua folha leva à raiz publicada.
        </Alert>
      )}
      {check === 'failed' && (
        <Alert severity="error" sx={{ mb: 2 }}>
          A verificação falhou: sua folha não leva à raiz publicada. Fale com o atendimento.
        </Alert>
      )}
      {check === 'checking' && <Typography color="text.secondary">Verificando...</Typography>}
      <Typography variant="body2" color="text.secondary">
        Seu sal (só você o vê)
      </Typography>
      <Box sx={mono}>{proof.salt}</Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Sua folha (nº {proof.leafIndex + 1} de {proof.leafCount})
      </Typography>
      <Box sx={mono}>{proof.leaf}</Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Caminho até a raiz ({proof.path.length === 1 ? '1 passo' : `${proof.path.length} passos`})
      </Typography>
      <Box component="ol" sx={{ ...mono, pl: 3, my: 0.5 }}>
        {proof.path.map((step, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a path's steps are fixed, their order is their identity
          <li key={i}>
            {step.side === 'left' ? 'à esquerda' : 'à direita'}: {step.hash}
          </li>
        ))}
      </Box>
      <Button variant="outlined" sx={{ mt: 2 }} onClick={() => download(proof)}>
        Baixar minha prova (JSON)
      </Button>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Para conferir fora do site: node scripts/verify-reserves.mjs prova-de-reservas-{proof.day}.json
      </Typography>
    </Paper>
  );
}

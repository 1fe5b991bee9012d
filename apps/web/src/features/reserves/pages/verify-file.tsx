import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatGrams, isoToBrDate, type ReserveProofSummary } from '@prata/domain';
import { type ChangeEvent, useState } from 'react';
import { CheckOutcome, publishedOf, useProofCheck } from './proof-check';

/** The largest proof file read: a path of 24 steps is a few kilobytes. */
const PROOF_FILE_MAX_BYTES = 64 * 1024;

type Loaded = { proof: unknown; day: string | null; version: number; totalCg?: number } | { error: string };

async function readProof(file: File): Promise<Loaded> {
  if (file.size > PROOF_FILE_MAX_BYTES) return { error: 'O arquivo é grande demais para ser uma prova de reservas.' };
  try {
    const proof = JSON.parse(await file.text()) as { day?: unknown; version?: unknown; rootSum?: unknown };
    const day = typeof proof?.day === 'string' ? proof.day : null;
    const totalCg = typeof proof?.rootSum === 'number' ? proof.rootSum : undefined;
    return { proof, day, version: typeof proof?.version === 'number' ? proof.version : 0, totalCg };
  } catch {
    return { error: 'O arquivo não é um JSON: escolha a prova baixada desta página.' };
  }
}

/**
 * Anyone checks a downloaded proof (version 1 or 2) here, against the root and total this page publishes for its day:
 * the same checks as scripts/verify-reserves.mjs, in the browser.
 */
export function VerifyFile({ days }: { days: readonly ReserveProofSummary[] }) {
  const [loaded, setLoaded] = useState<Loaded>();
  const ok = loaded && !('error' in loaded) ? loaded : undefined;
  const published = ok?.day ? publishedOf(days, ok.day) : undefined;
  const check = useProofCheck(ok?.proof, published);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) setLoaded(await readProof(file));
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="verify-file">
      <Typography variant="h3" component="h2" gutterBottom>
        Conferir uma prova baixada
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Escolha o arquivo JSON de uma prova (de qualquer dia, das versões 1 e 2): ele é conferido neste navegador com a
        raiz e o total publicados para aquele dia.
      </Typography>
      <Button component="label" variant="outlined" startIcon={<UploadFileOutlined />} sx={{ mb: 2 }}>
        Escolher arquivo
        <input hidden type="file" accept="application/json,.json" onChange={(e) => void choose(e)} />
      </Button>
      {loaded && 'error' in loaded && <Alert severity="error">{loaded.error}</Alert>}
      {ok && (
        <>
          {ok.day && !published && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              Esta página não lista o dia {isoToBrDate(ok.day)}: a prova é conferida só com a raiz do próprio arquivo.
            </Alert>
          )}
          <CheckOutcome check={check} version={ok.version} totalCg={published?.totalCg ?? ok.totalCg} />
          {check === 'ok' && ok.day && ok.totalCg !== undefined && (
            <Typography variant="body2" color="text.secondary">
              Dia {isoToBrDate(ok.day)} · total da árvore {formatGrams(ok.totalCg)}
            </Typography>
          )}
        </>
      )}
    </Paper>
  );
}

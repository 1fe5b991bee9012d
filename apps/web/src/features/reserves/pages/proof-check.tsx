import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  brasiliaDayEnd,
  formatDateTimeBR,
  formatGrams,
  isoToBrDate,
  type ProofCheck,
  type PublishedDay,
  type ReserveProofSummary,
  verifyReserveProof,
} from '@prata/domain';
import { useEffect, useState } from 'react';

/** Why a proof failed, in the customer's words. */
const FAILURES: Record<Exclude<ProofCheck, 'ok'>, string> = {
  malformed: 'O arquivo não é uma prova de reservas da Prata.',
  leaf: 'A folha não corresponde ao dia, ao sal e aos saldos da prova.',
  negative: 'Uma soma do caminho é negativa: a árvore esconderia uma dívida dentro do total.',
  path: 'O caminho não leva à raiz: algum valor da prova foi alterado.',
  sum: 'A soma da raiz não é o total que a prova declara.',
  published: 'A raiz ou o total da prova diferem dos publicados para este dia.',
};

/** The day a proof belongs to, as published (latest or history); undefined when the page does not list it. */
export function publishedOf(days: readonly ReserveProofSummary[], day: string): PublishedDay | undefined {
  const found = days.find((d) => d.day === day);
  return found ? { root: found.root, totalCg: found.customersCg } : undefined;
}

/** "ao fim do dia 27/11/2026", or the instant of a day still in progress. */
export function asOfText(day: ReserveProofSummary): string {
  if (new Date(day.endsAt).getTime() >= brasiliaDayEnd(day.day).getTime())
    return `ao fim do dia ${isoToBrDate(day.day)}`;
  return `em ${formatDateTimeBR(day.endsAt)} (dia em andamento)`;
}

/** Runs the check of a proof (either version) against the published day; undefined while it runs. */
export function useProofCheck(proof: unknown, published: PublishedDay | undefined): ProofCheck | undefined {
  const [check, setCheck] = useState<ProofCheck>();
  const root = published?.root;
  const totalCg = published?.totalCg;
  useEffect(() => {
    if (proof === undefined) return;
    let live = true;
    setCheck(undefined);
    const against = root === undefined || totalCg === undefined ? undefined : { root, totalCg };
    void verifyReserveProof(proof, against).then((result) => live && setCheck(result));
    return () => {
      live = false;
    };
  }, [proof, root, totalCg]);
  return check;
}

/** The outcome of a check, said plainly. */
export function CheckOutcome({
  check,
  version,
  totalCg,
}: {
  check: ProofCheck | undefined;
  version: number;
  totalCg?: number;
}) {
  if (check === undefined) return <Typography color="text.secondary">Verificando...</Typography>;
  if (check !== 'ok') {
    return (
      <Alert severity="error" sx={{ mb: 2 }}>
        A verificação falhou. {FAILURES[check]} Fale com o atendimento.
      </Alert>
    );
  }
  return (
    <Alert severity="success" sx={{ mb: 2 }}>
      <Box component="span">Verificado neste navegador: sua folha leva à raiz publicada.</Box>
      {version === 2 && totalCg !== undefined && (
        <Box component="span"> A soma da árvore, {formatGrams(totalCg)}, é o total publicado.</Box>
      )}
      {version === 1 && <Box component="span"> Esta prova é da versão 1, que não soma o total.</Box>}
    </Alert>
  );
}

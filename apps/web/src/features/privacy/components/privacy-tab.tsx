import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import {
  formatDateTimeBR,
  PRIVACY_REQUEST_STATUS_LABELS,
  type DataProcessor,
  type PrivacyExport,
  type PrivacyOverviewResponse,
} from '@prata/domain';
import type { ReactNode } from 'react';
import { RouterLink } from '@/components/router-link';
import { firstError } from '@/lib/api';
import { useIntention } from '@/lib/intention';
import { notify } from '@/lib/notify';
import { downloadExport, usePrivacy, useRequestExport, useSetMarketingConsent } from '../api/privacy';
import { ErasureSection } from './erasure-section';

const SECTION_WIDTH = 760;

/** One part of the tab: a heading of its own (the tab's title is the h2) and its content. */
function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ maxWidth: SECTION_WIDTH }}>
      <Typography id={id} variant="h5" component="h3">
        {title}
      </Typography>
      {description && (
        <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
          {description}
        </Typography>
      )}
      {children}
    </Box>
  );
}

const sizeLabel = (bytes: number | null) =>
  bytes === null
    ? ''
    : bytes < 1024 * 1024
      ? `${Math.max(1, Math.round(bytes / 1024))} KB`
      : `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB`;

function ExportRow({ item }: { item: PrivacyExport }) {
  const ready = item.status === 'ready';
  return (
    <ListItem
      divider
      sx={{ px: 0, display: 'flex', flexWrap: 'wrap', gap: 1.5, justifyContent: 'space-between', alignItems: 'center' }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }}>
          Pedido de {formatDateTimeBR(item.created_at)}: {PRIVACY_REQUEST_STATUS_LABELS[item.status]}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {ready && item.expires_at
            ? `Disponível até ${formatDateTimeBR(item.expires_at)} (${sizeLabel(item.size_bytes)}).`
            : item.status === 'expired'
              ? 'O arquivo foi apagado quando o link expirou. Peça uma nova cópia se precisar.'
              : `Prazo legal de resposta: ${formatDateTimeBR(item.due_at)}.`}
        </Typography>
      </Box>
      {ready && (
        <Button variant="outlined" onClick={() => void downloadExport(item.id)}>
          Baixar arquivo
        </Button>
      )}
    </ListItem>
  );
}

function ExportSection({ data }: { data: PrivacyOverviewResponse }) {
  const request = useRequestExport();
  const intention = useIntention({ export: true });
  const ask = async () => {
    try {
      const answer = await intention.run((key) => request.mutateAsync({ key }));
      if (answer) notify.success(answer.message);
    } catch (error) {
      notify.error(error);
    }
  };
  const waiting = data.next_export_at !== null;
  return (
    <Section
      id="privacidade-baixar"
      title="Baixar meus dados"
      description={`Uma cópia de tudo o que a Prata guarda sobre você: cadastro, endereços, documentos, dados bancários, declarações, movimentações, ordens, depósitos, retiradas, transferências, chamados, notas fiscais, consentimentos e acessos. Preparamos um arquivo ZIP com os dados em JSON, seus arquivos e um resumo em PDF, e avisamos por e-mail com um link que vale ${data.export_link_days} dias.`}
    >
      <Stack spacing={2}>
        <Box>
          <Button variant="contained" onClick={() => void ask()} disabled={intention.busy || waiting}>
            Pedir cópia dos meus dados
          </Button>
          {waiting && data.next_export_at && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              Um novo pedido pode ser feito a partir de {formatDateTimeBR(data.next_export_at)}.
            </Typography>
          )}
        </Box>
        {data.exports.length > 0 && (
          <List aria-label="Seus pedidos de cópia dos dados" disablePadding>
            {data.exports.map((item) => (
              <ExportRow key={item.id} item={item} />
            ))}
          </List>
        )}
      </Stack>
    </Section>
  );
}

function ProcessorCard({ p }: { p: DataProcessor }) {
  const headingId = `operador-${p.id}`;
  return (
    <Paper component="article" variant="outlined" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} component="h4" sx={{ fontWeight: 600 }}>
        {p.name}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {p.service} · {p.country}
      </Typography>
      <Box component="dl" sx={{ m: 0, '& dt': { fontWeight: 600, mt: 1 }, '& dd': { m: 0 } }}>
        <Typography component="dt" variant="body2">
          Dados compartilhados
        </Typography>
        <Typography component="dd" variant="body2">
          {p.data_categories}
        </Typography>
        <Typography component="dt" variant="body2">
          Finalidade
        </Typography>
        <Typography component="dd" variant="body2">
          {p.purpose}
        </Typography>
        <Typography component="dt" variant="body2">
          Base legal
        </Typography>
        <Typography component="dd" variant="body2">
          {p.legal_basis}
        </Typography>
      </Box>
    </Paper>
  );
}

function ConsentsSection({ data }: { data: PrivacyOverviewResponse }) {
  const marketing = useSetMarketingConsent();
  const { termos, privacidade } = data.consents;
  const document = (label: string, c: typeof termos, to: string) => (
    <Typography>
      <Link component={RouterLink} to={to}>
        {label}
      </Link>
      {': '}
      {c
        ? `versão ${c.version}, aceita em ${formatDateTimeBR(c.accepted_at)}${
            c.version === c.current_version ? '.' : ` (a versão atual é ${c.current_version}).`
          }`
        : 'nenhum aceite registrado.'}
    </Typography>
  );
  const toggle = (optedIn: boolean) =>
    marketing.mutate(optedIn, {
      onSuccess: (answer) => notify.success(answer.message),
      onError: (error) => notify.error(error),
    });
  const m = data.consents.marketing;
  return (
    <Section id="privacidade-consentimentos" title="Consentimentos" description="O que você aceitou e quando.">
      <Stack spacing={1.5}>
        {document('Termos de uso', termos, '/termos-de-uso')}
        {document('Política de privacidade', privacidade, '/privacidade')}
        <Box>
          <FormControlLabel
            control={
              <Switch
                checked={m.opted_in}
                disabled={marketing.isPending}
                onChange={(event) => toggle(event.target.checked)}
              />
            }
            label="Quero receber e-mails com novidades e ofertas da Prata"
          />
          <Typography variant="body2" color="text.secondary">
            {m.changed_at
              ? `${m.opted_in ? 'Aceito' : 'Recusado'} em ${formatDateTimeBR(m.changed_at)}. Você pode mudar quando quiser.`
              : 'Você ainda não aceitou receber ofertas. Os avisos sobre a sua conta chegam de qualquer forma.'}
          </Typography>
        </Box>
      </Stack>
    </Section>
  );
}

/**
 * "Privacidade e dados" in /meus-dados (docs/privacy.md): the copy of the customer's data, with whom it is
 * shared, the consents, the erasure, and the encarregado. Everything comes from GET /api/privacy.
 */
export function PrivacyTab() {
  const privacy = usePrivacy();
  if (privacy.isPending) {
    return (
      <Stack spacing={2} sx={{ maxWidth: SECTION_WIDTH }}>
        <Skeleton height={40} width="40%" />
        <Skeleton height={80} />
        <Skeleton height={80} />
      </Stack>
    );
  }
  if (privacy.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void privacy.refetch()}>
            Tentar de novo
          </Button>
        }
      >
        {firstError(privacy.error)}
      </Alert>
    );
  }
  const data = privacy.data;
  return (
    <Stack spacing={4} divider={<Divider flexItem />}>
      <Box>
        <Typography variant="h4" component="h2">
          Privacidade e dados
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          Seus direitos como titular de dados pessoais (Lei Geral de Proteção de Dados, art. 18). Respondemos a cada
          pedido em até 15 dias.
        </Typography>
      </Box>
      <ExportSection data={data} />
      <Section
        id="privacidade-compartilhamento"
        title="Com quem compartilhamos"
        description="Os prestadores de serviço que recebem dados seus, o que recebem e por quê."
      >
        <Stack spacing={1.5}>
          {data.processors.map((p) => (
            <ProcessorCard key={p.id} p={p} />
          ))}
        </Stack>
      </Section>
      <ConsentsSection data={data} />
      <ErasureSection
        section={(body) => (
          <Section
            id="privacidade-eliminacao"
            title="Pedir eliminação"
            description="Você pode pedir que a Prata elimine os seus dados pessoais. O que a lei manda guardar fica bloqueado, sem uso, até a data indicada, e depois é apagado. É preciso ter os saldos zerados e nada em andamento."
          >
            {body}
          </Section>
        )}
      />
      <Section
        id="privacidade-encarregado"
        title="Encarregado (DPO)"
        description="Quem responde pelo tratamento dos seus dados na Prata."
      >
        <Typography>
          {data.dpo.name}: <Link href={`mailto:${data.dpo.email}`}>{data.dpo.email}</Link>
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Leia a{' '}
          <Link component={RouterLink} to="/privacidade">
            política de privacidade
          </Link>
          .
        </Typography>
      </Section>
    </Stack>
  );
}

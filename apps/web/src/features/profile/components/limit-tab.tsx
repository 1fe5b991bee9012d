import { zodResolver } from '@hookform/resolvers/zod';
import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  CompanyTradingLimitIncreaseFields,
  formatCnpj,
  formatDateTimeBR,
  MASKS,
  MESSAGES,
  TradingLimitIncreaseFields,
  minorToDecimalText,
} from '@prata/domain';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField } from '../../../components/form-fields';
import { FormMaskedField } from '../../../components/form-masked-field';
import { FormMoneyField } from '../../../components/money-field';
import { MoneyText } from '../../../components/money-text';
import { StatusWithReason } from '../../../components/status-chip';
import { applyServerErrors } from '../../../lib/form-errors';
import { formatFileSize } from '../../../lib/files';
import { toMinorUnits } from '../../../lib/format';
import { useIntention } from '../../../lib/intention';
import { notify } from '../../../lib/notify';
import { useRequestLimitIncrease } from '../api/request-limit-increase';
import type { Company } from '../../../lib/auth';
import type { AccountUser, TradingLimitRequest } from '../api/types';
import { FileButton } from '../../../components/file-button';
import { TabSection } from './tab-section';

/** At least one document and at most five go with a request (the server says the same). */
const MAX_LIMIT_DOCUMENTS = 5;
const LIMIT_DOCUMENTS_MAX_MESSAGE = `Envie no máximo ${MAX_LIMIT_DOCUMENTS} documentos.`;

const FIELDS = [
  'new_limit',
  'net_worth',
  'monthly_income',
  'profession',
  'company_name',
  'company_cnpj',
  'other_info',
] as const;

type LimitInput = z.input<typeof TradingLimitIncreaseFields>;
type LimitOutput = z.output<typeof TradingLimitIncreaseFields>;

const EMPTY: LimitInput = {
  new_limit: '',
  net_worth: '',
  monthly_income: '',
  profession: '',
  company_name: '',
  company_cnpj: '',
  other_info: '',
};

const fileKey = (file: File) => `${file.name}:${file.size}:${file.lastModified}`;

import { formatReais as brl } from '../../../lib/format';

function RequestList({ requests }: { requests: TradingLimitRequest[] }) {
  return (
    <Paper variant="outlined">
      <List disablePadding aria-label="Pedidos de aumento de limite">
        {requests.map((request, i) => (
          <ListItem key={request.id} divider={i < requests.length - 1} sx={{ flexWrap: 'wrap', gap: 1 }}>
            <ListItemText
              primary={
                <>
                  Pedido de <MoneyText sx={{ fontWeight: 600 }}>{brl(request.new_limit)}</MoneyText>
                </>
              }
              secondary={
                request.status === 'approved' && request.approved_limit !== null
                  ? `Enviado em ${formatDateTimeBR(request.created_at)} · limite aprovado: ${brl(request.approved_limit)}`
                  : `Enviado em ${formatDateTimeBR(request.created_at)}`
              }
              sx={{ flex: '1 1 240px' }}
            />
            <StatusWithReason status={request.status} reason={request.rejection_reason} />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}

/**
 * A person tells their profession and the company they work for; a company asks in its own name (the server takes
 * its razão social and CNPJ), so its form has neither.
 */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: one form, mostly its fields' JSX
function LimitForm({ currentLimitCents, company }: { currentLimitCents: number; company: Company | null }) {
  const send = useRequestLimitIncrease();
  const [files, setFiles] = useState<File[]>([]);
  const [filesError, setFilesError] = useState<string | null>(null);
  const schema = useMemo(
    () =>
      (company
        ? CompanyTradingLimitIncreaseFields.extend({
            profession: z.string(),
            company_name: z.string(),
            company_cnpj: z.string(),
          })
        : TradingLimitIncreaseFields
      ).superRefine((v, ctx) => {
        if (v.new_limit <= currentLimitCents) {
          ctx.addIssue({ code: 'custom', path: ['new_limit'], message: MESSAGES.newLimitTooLow });
        }
      }),
    [currentLimitCents, company],
  );
  const { control, handleSubmit, setError, reset } = useForm<LimitInput, unknown, LimitOutput>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY,
  });
  // one request per form filled, whatever the fingers do (lib/intention.ts)
  const intention = useIntention({ values: useWatch({ control }), files: files.map((f) => `${f.name}:${f.size}`) });

  const addFiles = (chosen: File[]) => {
    // The same file chosen twice is sent once.
    const next = [...files, ...chosen.filter((file) => !files.some((f) => fileKey(f) === fileKey(file)))];
    if (next.length > MAX_LIMIT_DOCUMENTS) notify.error(LIMIT_DOCUMENTS_MAX_MESSAGE);
    setFiles(next.slice(0, MAX_LIMIT_DOCUMENTS));
    setFilesError(null);
  };

  const checkFiles = () => {
    if (files.length === 0) {
      setFilesError(MESSAGES.limitDocumentsRequired);
      return false;
    }
    return true;
  };

  const onSubmit = handleSubmit(
    (v) => {
      if (!checkFiles()) return;
      // mutateAsync, not mutate's callbacks: on success the refreshed data replaces this form with the request
      // list, and callbacks given to mutate() do not run for a component that is gone.
      intention
        .run((key) =>
          send.mutateAsync({
            new_limit: minorToDecimalText(v.new_limit),
            net_worth: minorToDecimalText(v.net_worth),
            monthly_income: minorToDecimalText(v.monthly_income),
            ...(company
              ? {}
              : { profession: v.profession, company_name: v.company_name, company_cnpj: v.company_cnpj }),
            other_info: v.other_info ?? '',
            documents: files,
            key,
          }),
        )
        .then(
          (answer) => {
            if (!answer) return;
            const { message } = answer;
            notify.success(message);
            reset(EMPTY);
            setFiles([]);
          },
          (error: unknown) => {
            const documentsError = (error as { errors?: Record<string, string[]> }).errors?.documents?.[0];
            if (documentsError) setFilesError(documentsError);
            applyServerErrors(error, setError, FIELDS);
          },
        );
    },
    () => {
      checkFiles();
    },
  );

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={onSubmit} aria-label="Pedido de aumento de limite">
      <FormMoneyField control={control} name="new_limit" label="Novo limite anual" required />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormMoneyField control={control} name="net_worth" label="Patrimônio" required />
        <FormMoneyField control={control} name="monthly_income" label="Renda mensal" required />
      </Stack>
      {company ? (
        <Typography variant="body2" color="text.secondary">
          O pedido é feito em nome de <strong>{company.razao_social}</strong> (CNPJ {formatCnpj(company.cnpj)}).
        </Typography>
      ) : (
        <>
          <FormTextField control={control} name="profession" label="Profissão" required />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <FormTextField
              control={control}
              name="company_name"
              label="Nome da empresa"
              helperText="Onde você trabalha ou de que é sócio"
              required
            />
            <FormMaskedField
              control={control}
              name="company_cnpj"
              label="CNPJ da empresa"
              mask={MASKS.cnpj}
              placeholder="00.000.000/0000-00"
              required
            />
          </Stack>
        </>
      )}
      <FormTextField
        control={control}
        name="other_info"
        label="Outras informações"
        helperText="Opcional"
        multiline
        minRows={3}
      />
      <Box>
        <Typography variant="subtitle2" component="p" sx={{ mb: 0.5 }}>
          Documentos *
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          Comprovantes de renda e patrimônio (imposto de renda, holerites, extratos): de 1 a {MAX_LIMIT_DOCUMENTS}{' '}
          arquivos, PDF ou imagem, até 5 MB cada.
        </Typography>
        {files.length > 0 && (
          <Paper variant="outlined" sx={{ mb: 1.5 }}>
            <List dense disablePadding aria-label="Documentos escolhidos">
              {files.map((file, i) => (
                <ListItem
                  key={fileKey(file)}
                  divider={i < files.length - 1}
                  secondaryAction={
                    <IconButton
                      edge="end"
                      aria-label={`Remover ${file.name}`}
                      onClick={() => setFiles(files.filter((_, j) => j !== i))}
                    >
                      <CloseOutlined fontSize="small" />
                    </IconButton>
                  }
                >
                  <ListItemText
                    primary={file.name}
                    secondary={formatFileSize(file.size)}
                    slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                  />
                </ListItem>
              ))}
            </List>
          </Paper>
        )}
        <FileButton
          variant="outlined"
          startIcon={<AttachFileOutlined />}
          multiple
          onFiles={addFiles}
          disabled={files.length >= MAX_LIMIT_DOCUMENTS}
          inputLabel="Documentos do pedido"
        >
          Escolher arquivos
        </FileButton>
        {filesError && (
          <FormHelperText error role="alert">
            {filesError}
          </FormHelperText>
        )}
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" size="large" disabled={intention.busy}>
          Enviar pedido
        </Button>
      </Box>
    </Stack>
  );
}

/** Aumentar limite: the current annual limit, the requests with their status, and the request form. */
export function LimitTab({ user, requests }: { user: AccountUser; requests: TradingLimitRequest[] }) {
  const pending = requests.some((request) => request.status === 'pending');
  return (
    <Stack spacing={4} sx={{ maxWidth: 760 }}>
      <TabSection
        title="Aumentar limite"
        description="O limite anual é o total que você pode negociar em 12 meses. Para aumentá-lo, conte-nos sobre sua renda e seu patrimônio."
      >
        <Paper variant="outlined" sx={{ p: 2.5, bgcolor: 'background.default' }}>
          <Typography variant="body2" color="text.secondary">
            Seu limite anual atual
          </Typography>
          <MoneyText sx={{ fontSize: '1.75rem', fontWeight: 700 }} data-testid="current-limit">
            {brl(user.trading_limit)}
          </MoneyText>
        </Paper>
      </TabSection>
      {requests.length > 0 && (
        <Box component="section">
          <Typography variant="h5" component="h3" sx={{ mb: 1.5 }}>
            Seus pedidos
          </Typography>
          <RequestList requests={requests} />
        </Box>
      )}
      <Box component="section">
        <Typography variant="h5" component="h3" sx={{ mb: 1.5 }}>
          Novo pedido
        </Typography>
        {pending ? (
          <Alert severity="info">
            {MESSAGES.limitPendingExists} Você poderá fazer um novo pedido depois da resposta.
          </Alert>
        ) : (
          <LimitForm
            currentLimitCents={toMinorUnits(user.trading_limit)}
            company={user.account_type === 'company' ? (user.company ?? null) : null}
          />
        )}
      </Box>
    </Stack>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type DepositLimits, formatCnpj, TedDepositFields, minorToDecimalText } from '@prata/domain';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { FileButton } from '@/components/file-button';
import { FormMoneyField } from '@/components/money-field';
import { isApiError } from '@/lib/api';
import { copyText } from '@/lib/clipboard';
import { formatFileSize } from '@/lib/files';
import { applyServerErrors } from '@/lib/form-errors';
import { useIntention } from '@/lib/intention';
import { notify } from '@/lib/notify';
import { useCreateTedDeposit, useDepositOverview } from '../api/deposits';
import type { ReceivingAccount } from '../api/types';
import { MoneyPage, MoneySection, MoneySkeleton } from '../components/money-page';
import { RegistrationQueryState, useRegistrationErrorHandler } from '@/components/registration-query-state';
import { TED_OWN_ACCOUNT_ONLY } from '../labels';
import { depositLimitMessage, depositLimitsText } from '../limits';

type TedInput = z.input<typeof TedDepositFields>;
type TedOutput = z.output<typeof TedDepositFields>;

/**
 * One line of the bank data: a label, the value, and (for branch and account) a copy button. Each line is a `div`
 * group of the definition list holding only its `dt` and `dd` (the button goes inside the `dd`).
 */
function BankLine({ label, value, copy = false }: { label: string; value: string; copy?: boolean }) {
  return (
    <Box sx={{ py: 1, '&:not(:last-of-type)': { borderBottom: 1, borderColor: 'divider' } }}>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography component="span" sx={{ flexGrow: 1, minWidth: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
          {value}
        </Typography>
        {copy && (
          <Button
            size="small"
            startIcon={<ContentCopyOutlined fontSize="small" />}
            aria-label={`Copiar ${label.toLowerCase()}`}
            onClick={() => void copyText(value)}
            sx={{ my: -0.5 }}
          >
            Copiar
          </Button>
        )}
      </Box>
    </Box>
  );
}

/** Where the TED goes: the company's receiving account, as the server has it. */
function ReceivingAccountCard({ account }: { account: ReceivingAccount }) {
  return (
    <Paper variant="outlined" sx={{ px: { xs: 2, sm: 2.5 }, py: 1 }}>
      <Box component="dl" sx={{ m: 0 }} aria-label="Dados bancários para a TED">
        <BankLine label="Banco" value={`${account.bank_code} - ${account.bank_name}`} />
        <BankLine label="Agência" value={account.branch} copy />
        <BankLine label="Conta" value={account.account} copy />
        <BankLine label="Tipo de conta" value={account.account_type} />
        <BankLine label="Titular" value={account.holder_name} />
        <BankLine label="CNPJ" value={formatCnpj(account.holder_cnpj)} />
      </Box>
    </Paper>
  );
}

/** The amount and the receipt; "Enviar comprovante" stays disabled until a receipt is chosen (spec 2 §2, §5). */
function TedDepositForm({ limits }: { limits?: DepositLimits }) {
  const send = useCreateTedDeposit();
  const handle = useRegistrationErrorHandler();
  const navigate = useNavigate();
  const [receipt, setReceipt] = useState<File | null>(null);
  const [receiptError, setReceiptError] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<TedInput, unknown, TedOutput>({
    resolver: zodResolver(TedDepositFields),
    defaultValues: { amount: '' },
  });

  const typed = useWatch({ control, name: 'amount' });
  // the same amount and file are one intention: a double click sends one receipt
  const intention = useIntention({
    amount: typed,
    receipt: receipt ? [receipt.name, receipt.size, receipt.lastModified] : null,
  });

  const onSubmit = handleSubmit(async ({ amount_cents: amountCents }) => {
    if (!receipt) return;
    const refusal = limits ? depositLimitMessage(limits, amountCents, 'ted') : null;
    if (refusal) {
      setError('amount', { message: refusal }, { shouldFocus: true });
      return;
    }
    try {
      const answer = await intention.run((idempotencyKey) =>
        send.mutateAsync({ amount: minorToDecimalText(amountCents), receipt, idempotencyKey }),
      );
      if (!answer) return;
      notify.success(answer.message);
      navigate('/adicionar-dinheiro');
    } catch (error) {
      handle(error, (e) => {
        const fileError = isApiError(e) ? e.errors?.receipt?.[0] : undefined;
        if (fileError) setReceiptError(fileError);
        applyServerErrors(e, setError, fileError ? ['amount', 'receipt'] : ['amount']);
      });
    }
  });

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit} aria-label="Depósito por TED">
      <FormMoneyField
        control={control}
        name="amount"
        label="Valor transferido"
        required
        helperText={limits ? depositLimitsText(limits) : undefined}
      />
      <Box>
        <Typography variant="subtitle2" component="p" sx={{ mb: 0.5 }}>
          Comprovante da transferência *
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }} data-keep-clear="">
          PDF ou imagem, até 5 MB.
        </Typography>
        {receipt ? (
          <Paper
            variant="outlined"
            sx={{ display: 'flex', alignItems: 'center', gap: 1, pl: 2, pr: 0.5, py: 0.5, mb: 1.5 }}
          >
            <AttachFileOutlined fontSize="small" color="action" />
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {receipt.name}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {formatFileSize(receipt.size)}
              </Typography>
            </Box>
            <IconButton aria-label={`Remover ${receipt.name}`} onClick={() => setReceipt(null)}>
              <CloseOutlined fontSize="small" />
            </IconButton>
          </Paper>
        ) : null}
        <FileButton
          variant="outlined"
          startIcon={<AttachFileOutlined />}
          onFiles={(files) => {
            setReceipt(files[0] ?? null);
            setReceiptError(null);
          }}
          inputLabel="Comprovante da transferência"
        >
          {receipt ? 'Trocar comprovante' : 'Escolher comprovante'}
        </FileButton>
        {receiptError && (
          <FormHelperText error role="alert">
            {receiptError}
          </FormHelperText>
        )}
      </Box>
      <Box>
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={!receipt || intention.busy}
          sx={{ width: { xs: '100%', sm: 'auto' } }}
        >
          Enviar comprovante
        </Button>
      </Box>
    </Stack>
  );
}

/**
 * /adicionar-dinheiro/ted (spec 2 §2): where to send the TED (with copy buttons on branch and account), that only
 * the customer's own account is accepted, then the amount and the receipt.
 */
export function TedDepositPage() {
  const overview = useDepositOverview();
  return (
    <MoneyPage
      title="Adicionar por TED"
      description="Faça a transferência pelo seu banco e envie o comprovante. Creditamos o valor após a conferência."
      back={{ to: '/adicionar-dinheiro', label: 'Voltar' }}
    >
      <RegistrationQueryState query={overview} skeleton={<MoneySkeleton blocks={2} />}>
        {(data) => (
          <Stack spacing={4} sx={{ maxWidth: 640 }}>
            <MoneySection title="1. Transfira para esta conta">
              <Stack spacing={1.5}>
                <ReceivingAccountCard account={data.receivingAccount} />
                <Alert severity="warning" icon={<InfoOutlined />}>
                  {TED_OWN_ACCOUNT_ONLY}
                </Alert>
              </Stack>
            </MoneySection>
            <MoneySection title="2. Envie o comprovante">
              <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
                <TedDepositForm limits={data.depositLimits} />
              </Paper>
            </MoneySection>
          </Stack>
        )}
      </RegistrationQueryState>
    </MoneyPage>
  );
}

/** The page as the router loads it (lazyPage in app/router.tsx). @public */
export const Component = TedDepositPage;

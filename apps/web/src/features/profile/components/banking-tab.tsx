import { zodResolver } from '@hookform/resolvers/zod';
import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import PixOutlined from '@mui/icons-material/PixOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  BankAccountRequest,
  formatCnpj,
  formatCpf,
  MASKS,
  PIX_KEY_TYPES_BY_ACCOUNT,
  PixKeyRequest,
  type PixKeyType,
} from '@prata/domain';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormTextField } from '@/components/form-fields';
import { FormMaskedField } from '@/components/form-masked-field';
import type { Company } from '@/lib/auth';
import { applyServerErrors } from '@/lib/form-errors';
import { useIntention } from '@/lib/intention';
import { notify } from '@/lib/notify';
import { useCreateBankingInformation, useDeleteBankingInformation } from '../api/banking-information';
import type { AccountUser, BankingInformation } from '../api/types';
import { BANK_ACCOUNT_TYPE_LABELS, bankName, describeBanking, PIX_KEY_TYPE_LABELS } from '../banks';
import { TabSection } from './tab-section';

type PixInput = z.input<typeof PixKeyRequest>;

function PixKeyForm({ user, company }: { user: AccountUser; company: Company | null }) {
  const allowed = PIX_KEY_TYPES_BY_ACCOUNT[user.account_type];
  const create = useCreateBankingInformation();
  const { control, handleSubmit, setError, setValue, clearErrors, reset } = useForm<
    PixInput,
    unknown,
    z.output<typeof PixKeyRequest>
  >({
    resolver: zodResolver(PixKeyRequest),
    defaultValues: { type: 'pix', key_type: allowed[0], key: '' },
  });
  const keyType = useWatch({ control, name: 'key_type' });
  const intention = useIntention(useWatch({ control }));
  // A new key type starts with an empty key (a CPF is no e-mail).
  const shownType = useRef(keyType);
  useEffect(() => {
    if (shownType.current === keyType) return;
    shownType.current = keyType;
    setValue('key', '');
    clearErrors('key');
  }, [keyType, setValue, clearErrors]);

  const ownKeyHint: Record<PixKeyType, string> = {
    cpf: `A chave deve ser o CPF do seu cadastro${user.cpf ? ` (${formatCpf(user.cpf)})` : ''}.`,
    cnpj: `A chave deve ser o CNPJ da empresa${company ? ` (${formatCnpj(company.cnpj)})` : ''}.`,
    email:
      user.account_type === 'company'
        ? 'A chave deve ser o e-mail de acesso ou o e-mail de contato da empresa.'
        : 'A chave deve ser o e-mail da sua conta.',
  };

  const onSubmit = handleSubmit(async (request) => {
    try {
      const answer = await intention.run((key) => create.mutateAsync({ body: request, key }));
      if (!answer) return;
      notify.success(answer.message);
      reset({ type: 'pix', key_type: request.key_type, key: '' });
    } catch (error) {
      applyServerErrors(error, setError, ['key_type', 'key']);
    }
  });

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={onSubmit} aria-label="Adicionar chave Pix">
      <FormTextField control={control} name="key_type" label="Tipo de chave" select required>
        {allowed.map((type) => (
          <MenuItem key={type} value={type}>
            {PIX_KEY_TYPE_LABELS[type]}
          </MenuItem>
        ))}
      </FormTextField>
      {keyType === 'cpf' && (
        <FormMaskedField
          key="cpf"
          control={control}
          name="key"
          label="Chave Pix"
          mask={MASKS.cpf}
          inputMode="numeric"
          placeholder="000.000.000-00"
          helperText={ownKeyHint.cpf}
          required
        />
      )}
      {keyType === 'cnpj' && (
        <FormMaskedField
          key="cnpj"
          control={control}
          name="key"
          label="Chave Pix"
          mask={MASKS.cnpj}
          placeholder="00.000.000/0000-00"
          helperText={ownKeyHint.cnpj}
          required
        />
      )}
      {keyType === 'email' && (
        <FormTextField
          key="email"
          control={control}
          name="key"
          label="Chave Pix"
          type="email"
          autoComplete="email"
          helperText={ownKeyHint.email}
          required
        />
      )}
      <Box>
        <Button type="submit" variant="contained" disabled={intention.busy}>
          Adicionar chave Pix
        </Button>
      </Box>
    </Stack>
  );
}

type AccountInput = z.input<typeof BankAccountRequest>;

function BankAccountForm() {
  const create = useCreateBankingInformation();
  const empty: AccountInput = {
    type: 'account',
    account_type: 'checking',
    bank_number: '',
    branch_number: '',
    account_number: '',
  };
  const { control, handleSubmit, setError, reset } = useForm<
    AccountInput,
    unknown,
    z.output<typeof BankAccountRequest>
  >({ resolver: zodResolver(BankAccountRequest), defaultValues: empty });
  const bankNumber = useWatch({ control, name: 'bank_number' });
  const intention = useIntention(useWatch({ control }));
  const bank = bankName(bankNumber);

  const onSubmit = handleSubmit(async (request) => {
    try {
      const answer = await intention.run((key) => create.mutateAsync({ body: request, key }));
      if (!answer) return;
      notify.success(answer.message);
      reset(empty);
    } catch (error) {
      applyServerErrors(error, setError, ['account_type', 'bank_number', 'branch_number', 'account_number']);
    }
  });

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={onSubmit} aria-label="Adicionar conta bancária">
      <FormTextField control={control} name="account_type" label="Tipo de conta" select required>
        {(['checking', 'savings'] as const).map((type) => (
          <MenuItem key={type} value={type}>
            {BANK_ACCOUNT_TYPE_LABELS[type]}
          </MenuItem>
        ))}
      </FormTextField>
      <FormTextField
        control={control}
        name="bank_number"
        label="Número do banco"
        required
        placeholder="000"
        helperText={bank ?? 'Código de 3 dígitos (ex.: 001, 341)'}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3 } }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField
          control={control}
          name="branch_number"
          label="Agência"
          required
          helperText="Sem o dígito"
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
        />
        <FormTextField
          control={control}
          name="account_number"
          label="Número da conta"
          required
          helperText="Com o dígito"
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 20 } }}
        />
      </Stack>
      <Box>
        <Button type="submit" variant="contained" disabled={intention.busy}>
          Adicionar conta
        </Button>
      </Box>
    </Stack>
  );
}

/** Dados bancários: the Pix keys and accounts money can be withdrawn to, all in the customer's own name. */
export function BankingTab({
  user,
  company,
  entries,
}: {
  user: AccountUser;
  company: Company | null;
  entries: BankingInformation[];
}) {
  const [deleting, setDeleting] = useState<BankingInformation | null>(null);
  const remove = useDeleteBankingInformation();

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: ({ message }) => notify.success(message),
      onError: (error) => notify.error(error),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Stack spacing={4}>
      <TabSection
        title="Dados bancários"
        description="Contas e chaves Pix para onde você pode retirar dinheiro. Só aceitamos contas e chaves no seu nome."
      >
        {entries.length === 0 ? (
          <Typography color="text.secondary">Nenhuma conta ou chave Pix cadastrada.</Typography>
        ) : (
          <Paper variant="outlined">
            <List disablePadding aria-label="Contas e chaves Pix">
              {entries.map((entry, i) => {
                const { title, detail } = describeBanking(entry);
                return (
                  <ListItem
                    key={entry.id}
                    divider={i < entries.length - 1}
                    secondaryAction={
                      <IconButton
                        edge="end"
                        aria-label={`Excluir ${title}: ${detail}`}
                        onClick={() => setDeleting(entry)}
                      >
                        <DeleteOutlined />
                      </IconButton>
                    }
                  >
                    <ListItemIcon sx={{ minWidth: 40 }}>
                      {entry.type === 'pix' ? <PixOutlined /> : <AccountBalanceOutlined />}
                    </ListItemIcon>
                    <ListItemText
                      primary={title}
                      secondary={detail}
                      slotProps={{
                        primary: { sx: { fontWeight: 600 } },
                        secondary: { sx: { overflowWrap: 'anywhere', fontVariantNumeric: 'tabular-nums' } },
                      }}
                    />
                  </ListItem>
                );
              })}
            </List>
          </Paper>
        )}
      </TabSection>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', xl: '1fr 1fr' }, alignItems: 'start' }}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h5" component="h3" sx={{ mb: 2 }}>
            Adicionar chave Pix
          </Typography>
          <PixKeyForm user={user} company={company} />
        </Paper>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h5" component="h3" sx={{ mb: 2 }}>
            Adicionar conta bancária
          </Typography>
          <BankAccountForm />
        </Paper>
      </Box>
      <ConfirmDialog
        open={deleting !== null}
        title="Excluir dados bancários?"
        confirmLabel="Excluir"
        confirmColor="error"
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        {deleting && (
          <Typography>
            <strong>{describeBanking(deleting).title}</strong>: {describeBanking(deleting).detail}. Você não poderá mais
            retirar dinheiro para este destino.
          </Typography>
        )}
      </ConfirmDialog>
    </Stack>
  );
}

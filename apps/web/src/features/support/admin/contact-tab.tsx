import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CONTACT_INFO_KEYS, CONTACT_VALUE_MAX, type ContactInfoKey } from '@prata/domain';
import { useEffect, useState } from 'react';
import { LoadError } from '@/components/paginated-table';
import { isApiError } from '@/lib/api';
import { notify } from '@/lib/notify';
import { useAdminContact, useSaveContact } from './api';

const GROUPS: Array<{ title: string; keys: ContactInfoKey[]; labels: string[] }> = [
  {
    title: 'Empresa',
    keys: ['company_line_1', 'company_line_2', 'company_line_3'],
    labels: ['Linha 1', 'Linha 2', 'Linha 3'],
  },
  {
    title: 'Endereço',
    keys: ['address_line_1', 'address_line_2', 'address_line_3'],
    labels: ['Linha 1', 'Linha 2', 'Linha 3'],
  },
  {
    title: 'Horário de atendimento',
    keys: ['opening_hours_line_1', 'opening_hours_line_2', 'opening_hours_line_3'],
    labels: ['Linha 1', 'Linha 2', 'Linha 3'],
  },
  {
    title: 'Telefones',
    keys: ['phones_line_1', 'phones_line_2', 'phones_line_3'],
    labels: ['Linha 1', 'Linha 2', 'Linha 3'],
  },
  {
    title: 'E-mails',
    keys: ['emails_line_1', 'emails_line_2', 'emails_line_3'],
    labels: ['Linha 1', 'Linha 2', 'Linha 3'],
  },
  {
    title: 'Canais e redes sociais (https://...)',
    keys: [
      'whatsapp_channel_url',
      'telegram_channel_url',
      'instagram_profile_url',
      'twitter_profile_url',
      'youtube_channel_url',
    ],
    labels: ['Canal no WhatsApp', 'Canal no Telegram', 'Instagram', 'X (Twitter)', 'YouTube'],
  },
];

type Values = Record<ContactInfoKey, string>;
const empty = () => Object.fromEntries(CONTACT_INFO_KEYS.map((k) => [k, ''])) as Values;

/** The contact information of /contato (spec 3 §3): every key, '' hides a line; links must be https. */
export function ContactTab() {
  const contact = useAdminContact();
  const save = useSaveContact();
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!contact.data) return;
    const next = empty();
    for (const e of contact.data.info) next[e.key] = e.value;
    setValues(next);
  }, [contact.data]);
  if (contact.isPending) return <Skeleton variant="rounded" height={400} />;
  if (contact.isError) return <LoadError error={contact.error} onRetry={() => void contact.refetch()} />;

  const field = (key: ContactInfoKey, label: string, multiline = false) => (
    <TextField
      key={key}
      label={label}
      value={values[key]}
      onChange={(event) => setValues({ ...values, [key]: event.target.value })}
      error={Boolean(errors[key])}
      helperText={errors[key]}
      multiline={multiline}
      minRows={multiline ? 3 : undefined}
      size="small"
      fullWidth
      slotProps={{ htmlInput: { maxLength: CONTACT_VALUE_MAX } }}
    />
  );
  const submit = () => {
    const info = CONTACT_INFO_KEYS.map((key) => ({ key, value: values[key].trim() }));
    setErrors({});
    save.mutate(info, {
      onSuccess: ({ message }) => notify.success(message),
      onError: (error) => {
        const fields = isApiError(error) ? error.errors : undefined;
        if (!fields) return notify.error(error);
        // errors come as info.<index>.value
        const mapped: Record<string, string> = {};
        for (const [path, messages] of Object.entries(fields)) {
          const index = Number(path.split('.')[1]);
          const key = info[index]?.key;
          if (key) mapped[key] = messages[0] ?? '';
        }
        setErrors(mapped);
        notify.error(error);
      },
    });
  };
  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {GROUPS.map((g) => (
          <Paper key={g.title} variant="outlined" sx={{ p: 2 }} component="fieldset" aria-label={g.title}>
            <Typography variant="subtitle2" component="legend" sx={{ px: 0.5 }}>
              {g.title}
            </Typography>
            <Stack spacing={1.5} sx={{ mt: 1 }}>
              {g.keys.map((k, i) => field(k, `${g.title.split(' (')[0]}: ${g.labels[i]}`))}
            </Stack>
          </Paper>
        ))}
        <Paper variant="outlined" sx={{ p: 2 }} component="fieldset" aria-label="Empresas do grupo">
          <Typography variant="subtitle2" component="legend" sx={{ px: 0.5 }}>
            Empresas do grupo
          </Typography>
          <Stack spacing={1} sx={{ mt: 1 }}>
            {field('sister_businesses', 'Uma por linha: Nome|https://endereço', true)}
          </Stack>
        </Paper>
      </Box>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button variant="contained" onClick={submit} disabled={save.isPending}>
          Salvar informações de contato
        </Button>
      </Stack>
    </Stack>
  );
}

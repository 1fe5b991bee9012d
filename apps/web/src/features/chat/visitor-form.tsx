import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ChatVisitorInfo, CHAT_NAME_MAX, EMAIL_MAX, MESSAGES } from '@prata/domain';
import { type FormEvent, useState } from 'react';

type Errors = Partial<Record<'name' | 'email', string>>;

/** Spec 3 §4, §5: a visitor gives name and e-mail ('Campo obrigatório', 'Informe um e-mail válido') before chatting. */
export function VisitorForm({ onStart }: { onStart: (visitor: ChatVisitorInfo) => void }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ChatVisitorInfo.safeParse({ name, email });
    if (parsed.success) {
      onStart(parsed.data);
      return;
    }
    const next: Errors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof Errors;
      next[field] ??= issue.message;
    }
    setErrors(next);
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {MESSAGES.chatVisitorIntro}
      </Typography>
      <TextField
        label="Nome"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={Boolean(errors.name)}
        helperText={errors.name}
        autoComplete="name"
        size="small"
        required
        slotProps={{ htmlInput: { maxLength: CHAT_NAME_MAX } }}
      />
      <TextField
        label="E-mail"
        type="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={Boolean(errors.email)}
        helperText={errors.email}
        autoComplete="email"
        size="small"
        required
        slotProps={{ htmlInput: { maxLength: EMAIL_MAX, inputMode: 'email' } }}
      />
      <Button type="submit" variant="contained" color="secondary">
        Começar conversa
      </Button>
    </Box>
  );
}

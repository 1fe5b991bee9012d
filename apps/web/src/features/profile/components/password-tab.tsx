import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { PasswordChangeRequest } from '@prata/domain';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormPasswordField } from '@/components/form-fields';
import { applyServerErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useChangePassword } from '../api/change-password';
import { TabSection } from './tab-section';

type PasswordInput = z.input<typeof PasswordChangeRequest>;

const EMPTY: PasswordInput = { password_current: '', password: '', password_confirmation: '' };

/** Alterar senha: current, new and confirmation (spec 2 §5). Other devices are signed out; this one stays. */
export function PasswordTab() {
  const change = useChangePassword();
  const { control, handleSubmit, setError, reset } = useForm<PasswordInput, unknown, PasswordChangeRequest>({
    resolver: zodResolver(PasswordChangeRequest),
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit((request) =>
    change.mutate(request, {
      onSuccess: ({ message }) => {
        notify.success(message);
        reset(EMPTY);
      },
      onError: (error) => applyServerErrors(error, setError, Object.keys(EMPTY)),
    }),
  );

  return (
    <TabSection
      title="Alterar senha"
      description="Use ao menos 8 caracteres. Ao trocar a senha, sua conta é desconectada dos outros aparelhos."
      maxWidth={480}
    >
      <Stack component="form" noValidate spacing={2} onSubmit={onSubmit} aria-label="Alterar senha">
        <FormPasswordField
          control={control}
          name="password_current"
          label="Senha atual"
          autoComplete="current-password"
          required
        />
        <FormPasswordField control={control} name="password" label="Nova senha" autoComplete="new-password" required />
        <FormPasswordField
          control={control}
          name="password_confirmation"
          label="Confirme a nova senha"
          autoComplete="new-password"
          required
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" size="large" disabled={change.isPending}>
            Alterar senha
          </Button>
        </Box>
      </Stack>
    </TabSection>
  );
}

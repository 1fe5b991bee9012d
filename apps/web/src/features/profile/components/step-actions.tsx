import type { Ref } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';

export function StepActions({
  onBack,
  backLabel = 'Voltar',
  submitLabel,
  pending,
  submitRef,
}: {
  onBack?: () => void;
  backLabel?: string;
  submitLabel: string;
  pending: boolean;
  submitRef?: Ref<HTMLButtonElement>;
}) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end', pt: 1 }}>
      {onBack && (
        <Button color="inherit" onClick={onBack}>
          {backLabel}
        </Button>
      )}
      <Button ref={submitRef} type="submit" variant="contained" size="large" disabled={pending}>
        {submitLabel}
      </Button>
    </Stack>
  );
}

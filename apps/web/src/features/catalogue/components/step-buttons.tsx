import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';

/** 'Voltar' and the step's main button; `submit` makes the main button submit the step's form. */
export function StepButtons({
  onBack,
  onNext,
  nextLabel = 'Continuar',
  backLabel = 'Voltar',
  submit = false,
  pending = false,
}: {
  onBack?: () => void;
  onNext?: () => void;
  nextLabel?: string;
  backLabel?: string;
  submit?: boolean;
  pending?: boolean;
}) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end', pt: 1 }}>
      {onBack && (
        <Button color="inherit" onClick={onBack}>
          {backLabel}
        </Button>
      )}
      <Button
        type={submit ? 'submit' : 'button'}
        variant="contained"
        size="large"
        disabled={pending}
        onClick={submit ? undefined : onNext}
      >
        {nextLabel}
      </Button>
    </Stack>
  );
}

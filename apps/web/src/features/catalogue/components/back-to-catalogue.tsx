import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { RouterLink } from '@/components/router-link';
import { firstError } from '@/lib/api';

/** A failure that leaves nothing to do here but go back to the catalogue (the product or the order is gone). */
export function BackToCatalogue({ error }: { error: unknown }) {
  return (
    <Alert
      severity="error"
      action={
        <Button component={RouterLink} to="/comprar-prata" color="inherit" size="small">
          Ver catálogo
        </Button>
      }
    >
      {firstError(error)}
    </Alert>
  );
}

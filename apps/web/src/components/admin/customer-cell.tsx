import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { RouterLink } from '../router-link';

/** The customer of a money row: a link to the customer page, and the e-mail. */
export function CustomerCell({ customer }: { customer: { id: number; name: string; email: string } }) {
  return (
    <>
      <Link component={RouterLink} to={`/admin/clientes/${customer.id}`} sx={{ fontWeight: 600 }}>
        {customer.name || `Cliente nº ${customer.id}`}
      </Link>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {customer.email}
      </Typography>
    </>
  );
}

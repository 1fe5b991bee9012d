import Alert from '@mui/material/Alert';
import type { ComponentProps } from 'react';
import { PaginatedTable } from '../../../components/paginated-table';
import { firstError, hasErrorCode } from '../../../lib/api';

/**
 * PaginatedTable, except when the operator's roles do not reach the list (403 FORBIDDEN): then the server's reason,
 * as a warning and without "Tentar de novo" (another try gets the same answer).
 */
export function StaffTable<T>(props: ComponentProps<typeof PaginatedTable<T>>) {
  if (hasErrorCode(props.error, 'FORBIDDEN')) return <Alert severity="warning">{firstError(props.error)}</Alert>;
  return <PaginatedTable {...props} />;
}

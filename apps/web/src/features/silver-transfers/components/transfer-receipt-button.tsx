import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Button from '@mui/material/Button';
import type { SilverTransfer } from '@prata/domain';
import { downloadFromApi } from '@/lib/download';
import { receiptPath } from '../api/receipt';

/**
 * The history's download of a transfer's receipt (GET /api/silver-transfer/{id}/receipt, the PDF the transfer screen
 * opens after sending), for the sender and the receiver alike, at any time after the transfer.
 */
export function TransferReceiptButton({ row }: { row: Pick<SilverTransfer, 'id'> }) {
  return (
    <Button
      size="small"
      startIcon={<ReceiptLongOutlined />}
      onClick={() => void downloadFromApi(receiptPath(row.id), `comprovante-transferencia-${row.id}.pdf`)}
      aria-label={`Baixar o comprovante da transferência nº ${row.id}`}
    >
      Comprovante
    </Button>
  );
}

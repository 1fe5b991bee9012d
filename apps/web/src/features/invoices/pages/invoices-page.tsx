import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { formatBRL, formatDateTimeBR, type ProductInvoice, type ServiceInvoice } from '@prata/domain';
import { useState } from 'react';
import { reaisText } from '@/components/money-text';
import { PageHeader } from '@/components/page';
import { type Column, PaginatedTable } from '@/components/paginated-table';
import { toMinorUnits } from '@/lib/format';
import { downloadServiceInvoice, openProductInvoice } from '../api/downloads';
import { useProductInvoices, useServiceInvoices } from '../api/invoices';

export const TEST_DOCUMENTS_NOTICE =
  'Ambiente de testes: estas notas foram emitidas pelo emissor de demonstração e não têm valor fiscal.';
export const EMPTY_SERVICE_INVOICES =
  'Nenhuma nota de serviço ainda. A nota das taxas de um mês é emitida no início do mês seguinte.';
export const EMPTY_PRODUCT_INVOICES = 'Nenhuma nota de produto ainda. Ela é emitida quando as barras são enviadas.';
const date = <T extends { created_at: string }>(): Column<T> => ({
  key: 'created_at',
  header: 'Emitida em',
  nowrap: true,
  width: 150,
  render: (row) => formatDateTimeBR(row.created_at),
});
const description = <T extends { description: string }>(): Column<T> => ({
  key: 'description',
  header: 'Descrição',
  minWidth: 260,
  render: (row) => row.description,
});
const number = <T extends { number: string }>(): Column<T> => ({
  key: 'number',
  header: 'Número',
  nowrap: true,
  render: (row) => row.number,
});
function download<T extends { id: number; number: string }>(
  kind: string,
  onClick: (row: T) => void,
  narrow = false,
): Column<T> {
  return {
    key: 'download',
    header: 'PDF',
    align: 'right',
    render: (row) =>
      narrow ? (
        <IconButton onClick={() => onClick(row)} aria-label={`Baixar a nota de ${kind} ${row.number}`} edge="end">
          <FileDownloadOutlined />
        </IconButton>
      ) : (
        <Button
          size="small"
          startIcon={<FileDownloadOutlined />}
          onClick={() => onClick(row)}
          aria-label={`Baixar a nota de ${kind} ${row.number}`}
        >
          Baixar
        </Button>
      ),
  };
}

/** On a phone: the date, the description and the number in one cell, so the amount and the download stay in view. */
const compact = <T extends { created_at: string; description: string; number: string }>(): Column<T> => ({
  key: 'invoice',
  header: 'Nota',
  render: (row) => (
    <Box>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {formatDateTimeBR(row.created_at)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {row.description}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        Nº {row.number}
      </Typography>
    </Box>
  ),
});

const SERVICE_COLUMNS: ReadonlyArray<Column<ServiceInvoice>> = [
  date<ServiceInvoice>(),
  description<ServiceInvoice>(),
  {
    key: 'amount',
    header: 'Valor dos serviços',
    align: 'right',
    nowrap: true,
    render: (r) => reaisText(r.services_amount),
  },
  number<ServiceInvoice>(),
  download<ServiceInvoice>('serviço', (row) => void downloadServiceInvoice(row.id, row.number)),
];

const SERVICE_COLUMNS_NARROW: ReadonlyArray<Column<ServiceInvoice>> = [
  compact<ServiceInvoice>(),
  { key: 'amount', header: 'Valor', align: 'right', nowrap: true, render: (r) => reaisText(r.services_amount) },
  download<ServiceInvoice>('serviço', (row) => void downloadServiceInvoice(row.id, row.number), true),
];

const PRODUCT_COLUMNS_NARROW: ReadonlyArray<Column<ProductInvoice>> = [
  compact<ProductInvoice>(),
  {
    key: 'amount',
    header: 'Valor',
    align: 'right',
    nowrap: true,
    render: (r) => (
      <Box>
        {reaisText(r.products_amount)}
        <Typography variant="caption" color="text.secondary" component="div">
          impostos {formatBRL(toMinorUnits(r.taxes_amount))}
        </Typography>
      </Box>
    ),
  },
  download<ProductInvoice>('produto', (row) => void openProductInvoice(row.id), true),
];

const PRODUCT_COLUMNS: ReadonlyArray<Column<ProductInvoice>> = [
  date<ProductInvoice>(),
  description<ProductInvoice>(),
  { key: 'products', header: 'Produtos', align: 'right', nowrap: true, render: (r) => reaisText(r.products_amount) },
  { key: 'taxes', header: 'Impostos', align: 'right', nowrap: true, render: (r) => reaisText(r.taxes_amount) },
  number<ProductInvoice>(),
  download<ProductInvoice>('produto', (row) => void openProductInvoice(row.id)),
];

/** /minhas-notas (spec 3 §2): the service invoices and the product invoices, each a server-paginated table. */
export function InvoicesPage() {
  const [servicePage, setServicePage] = useState(1);
  const [productPage, setProductPage] = useState(1);
  const services = useServiceInvoices(servicePage);
  const products = useProductInvoices(productPage);
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const anyTest = [...(services.data?.data ?? []), ...(products.data?.data ?? [])].some((i) => i.test_document);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, sm: 4 } }}>
      <PageHeader
        title="Minhas notas"
        description="As notas fiscais dos serviços da Prata e das barras de prata que você recebeu."
      />
      <Stack spacing={4}>
        {anyTest && <Alert severity="warning">{TEST_DOCUMENTS_NOTICE}</Alert>}
        <section aria-labelledby="notas-servico">
          <Typography id="notas-servico" variant="h3" component="h2" sx={{ mb: 1.5 }}>
            Notas de serviço
          </Typography>
          <PaginatedTable
            label="Notas de serviço"
            columns={narrow ? SERVICE_COLUMNS_NARROW : SERVICE_COLUMNS}
            rowKey={(row) => row.id}
            data={services.data}
            isPending={services.isPending}
            error={services.error}
            onRetry={() => void services.refetch()}
            page={servicePage}
            onPageChange={setServicePage}
            emptyText={EMPTY_SERVICE_INVOICES}
          />
        </section>
        <section aria-labelledby="notas-produto">
          <Typography id="notas-produto" variant="h3" component="h2" sx={{ mb: 1.5 }}>
            Notas de produtos
          </Typography>
          <PaginatedTable
            label="Notas de produtos"
            columns={narrow ? PRODUCT_COLUMNS_NARROW : PRODUCT_COLUMNS}
            rowKey={(row) => row.id}
            data={products.data}
            isPending={products.isPending}
            error={products.error}
            onRetry={() => void products.refetch()}
            page={productPage}
            onPageChange={setProductPage}
            emptyText={EMPTY_PRODUCT_INVOICES}
            skeletonRows={2}
          />
        </section>
      </Stack>
    </Container>
  );
}

export const Component = InvoicesPage;

import AddOutlined from '@mui/icons-material/AddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { MoneyText } from '@/components/money-text';
import type { Column } from '@/components/paginated-table';
import { type AdminProductType, useAdminProductTypes, useHouseBarStock } from './api';
import { brl, grams, percent, units } from './labels';
import { StaffTable } from '@/components/admin/staff-table';
import { ProductDialog } from './product-dialog';
import { StockDialog, type StockProduct } from './stock-dialog';

/** A list the API answers whole, as the one page StaffTable shows (no pagination). */
const onePage = <T,>(rows: T[] | undefined) =>
  rows ? { data: rows, total: rows.length, per_page: rows.length } : undefined;
const noPages = () => {};

function Figure({ label, value, detail }: { label: string; value: string; detail: string }) {
  return (
    <Paper component="section" variant="outlined" aria-label={label} sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary" component="h3">
        {label}
      </Typography>
      <Typography component="p" sx={{ fontSize: { xs: '1.1rem', sm: '1.35rem' }, fontWeight: 700, mt: 0.5 }}>
        <MoneyText>{value}</MoneyText>
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.25 }}>
        {detail}
      </Typography>
    </Paper>
  );
}

/** The house's bars (GET /api/admin/silver-stock): its grams, and each product's units in stock and to ship. */
function HouseStockSection() {
  const stock = useHouseBarStock();
  const [adjusting, setAdjusting] = useState<StockProduct | null>(null);
  const columns: ReadonlyArray<Column<StockProduct>> = [
    {
      key: 'name',
      header: 'Produto',
      minWidth: 160,
      render: (row) => (
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {row.name}{' '}
          <Typography component="span" variant="body2" color="text.secondary">
            · {grams(row.grams_per_unit)}
          </Typography>
        </Typography>
      ),
    },
    { key: 'stock', header: 'Em estoque', nowrap: true, render: (row) => units(row.stock) },
    { key: 'to_ship', header: 'Em pedidos abertos', nowrap: true, render: (row) => units(row.to_ship) },
    {
      key: 'availability',
      header: 'Catálogo',
      render: (row) =>
        row.availability === 'in_stock' ? (
          <Chip size="small" color="success" label="Disponível" />
        ) : (
          <Chip size="small" label="Esgotado" />
        ),
    },
    {
      key: 'actions',
      header: 'Ações',
      render: (row) => (
        <Button
          size="small"
          variant="outlined"
          onClick={() => setAdjusting(row)}
          aria-label={`Ajustar estoque de ${row.name}`}
        >
          Ajustar estoque
        </Button>
      ),
    },
  ];
  return (
    <Box component="section" aria-labelledby="barras-title">
      <Typography variant="h5" component="h2" id="barras-title" sx={{ mb: 1.5 }}>
        Barras da casa
      </Typography>
      {stock.data ? (
        <Box sx={{ display: 'grid', gap: 1.5, mb: 2, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', maxWidth: 640 }}>
          <Figure
            label="Prata livre da casa"
            value={grams(stock.data.house_available_grams)}
            detail="No cofre, para vender"
          />
          <Figure
            label="Prata reservada da casa"
            value={grams(stock.data.house_held_grams)}
            detail="Em ordens de venda e pedidos abertos"
          />
        </Box>
      ) : (
        stock.isPending && (
          <Box
            sx={{ display: 'grid', gap: 1.5, mb: 2, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', maxWidth: 640 }}
          >
            <Skeleton variant="rounded" height={96} />
            <Skeleton variant="rounded" height={96} />
          </Box>
        )
      )}
      <StaffTable
        label="Estoque de barras"
        columns={columns}
        rowKey={(row) => row.id}
        data={onePage(stock.data?.products)}
        isPending={stock.isPending}
        error={stock.error}
        onRetry={() => void stock.refetch()}
        page={1}
        onPageChange={noPages}
        emptyText="Nenhum produto cadastrado."
      />
      <StockDialog key={adjusting?.id ?? 'closed'} product={adjusting} onClose={() => setAdjusting(null)} />
    </Box>
  );
}

/** The product types (GET /api/admin/silver-product-types), with 'Novo produto' and 'Editar'. */
function ProductsSection() {
  const products = useAdminProductTypes();
  const [editing, setEditing] = useState<{ product: AdminProductType | null } | null>(null);
  const columns: ReadonlyArray<Column<AdminProductType>> = [
    {
      key: 'name',
      header: 'Produto',
      minWidth: 220,
      render: (row) => (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
          {row.images[0] ? (
            <Box
              component="img"
              src={row.images[0].path}
              alt=""
              sx={{
                width: 40,
                height: 40,
                objectFit: 'contain',
                borderRadius: 1,
                bgcolor: 'action.hover',
                flexShrink: 0,
              }}
            />
          ) : null}
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {row.name}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              Posição {row.position}
              {row.images.length > 0
                ? ` · ${row.images.length} ${row.images.length === 1 ? 'imagem' : 'imagens'}`
                : ' · sem imagem'}
            </Typography>
          </Box>
        </Stack>
      ),
    },
    { key: 'grams', header: 'Peso', nowrap: true, render: (row) => grams(row.grams_per_unit) },
    {
      key: 'price',
      header: 'Preço no Pix',
      nowrap: true,
      render: (row) => (row.price > 0 ? <MoneyText>{brl(row.price)}</MoneyText> : '—'),
    },
    { key: 'stock', header: 'Estoque', nowrap: true, render: (row) => units(row.stock) },
    {
      key: 'fees',
      header: 'Cunhagem · seguro · PIS · COFINS',
      nowrap: true,
      render: (row) => (
        <>
          <Typography variant="body2">
            <MoneyText>{brl(row.minting_fee)}</MoneyText> / unidade
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {percent(row.insurance_rate)} · {percent(row.pis_rate)} · {percent(row.cofins_rate)}
          </Typography>
        </>
      ),
    },
    {
      key: 'active',
      header: 'Situação',
      render: (row) =>
        row.active ? (
          <Chip size="small" color="success" label="À venda" />
        ) : (
          <Chip size="small" label="Fora do catálogo" />
        ),
    },
    {
      key: 'actions',
      header: 'Ações',
      render: (row) => (
        <Button size="small" onClick={() => setEditing({ product: row })} aria-label={`Editar ${row.name}`}>
          Editar
        </Button>
      ),
    },
  ];
  return (
    <Box component="section" aria-labelledby="produtos-title">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}>
        <Typography variant="h5" component="h2" id="produtos-title">
          Produtos
        </Typography>
        <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing({ product: null })}>
          Novo produto
        </Button>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        O preço no Pix é o de uma unidade pelas ofertas de venda da casa agora, com cunhagem, seguro e impostos de uma
        venda dentro do estado da empresa, sem frete.
      </Typography>
      <StaffTable
        label="Produtos"
        columns={columns}
        rowKey={(row) => row.id}
        data={onePage(products.data?.productTypes)}
        isPending={products.isPending}
        error={products.error}
        onRetry={() => void products.refetch()}
        page={1}
        onPageChange={noPages}
        emptyText="Nenhum produto cadastrado. Crie o primeiro em Novo produto."
      />
      {editing && (
        <ProductDialog
          key={editing.product?.id ?? 'new'}
          open
          product={editing.product}
          onClose={() => setEditing(null)}
        />
      )}
    </Box>
  );
}

/** Produtos: the definitions the catalogue sells, and the house's bars in the vault. */
export function ProductsTab() {
  return (
    <Stack spacing={4}>
      <ProductsSection />
      <HouseStockSection />
    </Stack>
  );
}

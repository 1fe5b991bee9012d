import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { formatDateTimeBR, formatGrams } from '@prata/domain';
import { DataList } from '@/components/admin/data-list';
import { SectionCard } from '@/components/admin/section-card';
import { MoneyText } from '@/components/money-text';
import { RouterLink } from '@/components/router-link';
import { StatusWithReason } from '@/components/status-chip';
import { describeBanking } from '@/features/profile';
import { downloadFromApi } from '@/lib/download';
import { formatFileSize } from '@/lib/files';
import { formatReais as brl, toMinorUnits } from '@/lib/format';
import type { CustomerDetail } from '../api/customers';

/** The customer page's side column: balances and limit, documents, banking information and limit requests. */
export function CustomerAccountSections({ detail }: { detail: CustomerDetail }) {
  const { customer, documents, bankingInformation, tradingLimitRequests } = detail;
  const hasPendingLimit = tradingLimitRequests.some((request) => request.status === 'pending');
  return (
    <>
      <SectionCard
        title="Saldos e limite"
        id="saldos"
        action={
          <Link component={RouterLink} to="#extrato" variant="body2">
            Ver extrato
          </Link>
        }
      >
        <DataList
          items={[
            { label: 'Saldo em reais', value: <MoneyText>{brl(customer.balance_brl)}</MoneyText> },
            {
              label: 'Saldo em prata',
              value: <MoneyText>{formatGrams(toMinorUnits(customer.balance_ag))}</MoneyText>,
            },
            { label: 'Limite anual', value: <MoneyText>{brl(customer.trading_limit)}</MoneyText> },
          ]}
        />
      </SectionCard>
      <SectionCard title="Documentos" id="documentos">
        {documents.length === 0 ? (
          <Typography color="text.secondary">Nenhum documento enviado.</Typography>
        ) : (
          <List dense disablePadding aria-label="Documentos do cliente">
            {documents.map((document) => (
              <ListItem
                key={document.id}
                disableGutters
                secondaryAction={
                  <Button
                    size="small"
                    startIcon={<FileDownloadOutlined />}
                    aria-label={`Baixar ${document.original_name}`}
                    onClick={() => void downloadFromApi(`/admin/documents/${document.id}`, document.original_name)}
                  >
                    Baixar
                  </Button>
                }
                sx={{ pr: 12 }}
              >
                <ListItemText
                  primary={document.original_name}
                  secondary={`${formatFileSize(document.size_bytes)} · ${formatDateTimeBR(document.created_at)}`}
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </SectionCard>
      <SectionCard title="Dados bancários" id="dados-bancarios">
        {bankingInformation.length === 0 ? (
          <Typography color="text.secondary">Nenhuma conta ou chave Pix cadastrada.</Typography>
        ) : (
          <List dense disablePadding aria-label="Dados bancários do cliente">
            {bankingInformation.map((entry) => {
              const { title: entryTitle, detail } = describeBanking(entry);
              return (
                <ListItem key={entry.id} disableGutters>
                  <ListItemText
                    primary={entryTitle}
                    secondary={detail}
                    slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
                  />
                </ListItem>
              );
            })}
          </List>
        )}
      </SectionCard>
      <SectionCard
        title="Pedidos de limite"
        id="pedidos-de-limite"
        action={
          hasPendingLimit ? (
            <Link component={RouterLink} to="/admin/limites" variant="body2">
              Analisar em Limites
            </Link>
          ) : undefined
        }
      >
        {tradingLimitRequests.length === 0 ? (
          <Typography color="text.secondary">Nenhum pedido.</Typography>
        ) : (
          <List dense disablePadding aria-label="Pedidos de limite do cliente">
            {tradingLimitRequests.map((request) => (
              <ListItem key={request.id} disableGutters sx={{ flexWrap: 'wrap', gap: 1 }}>
                <ListItemText
                  primary={`${brl(request.new_limit)} · ${formatDateTimeBR(request.created_at)}`}
                  secondary={`Renda mensal ${brl(request.monthly_income)} · patrimônio ${brl(request.net_worth)} · ${[request.profession, request.company_name].filter(Boolean).join(', ')}${request.approved_limit !== null ? ` · aprovado: ${brl(request.approved_limit)}` : ''}`}
                  sx={{ flex: '1 1 220px' }}
                />
                <StatusWithReason status={request.status} reason={request.rejection_reason} />
              </ListItem>
            ))}
          </List>
        )}
      </SectionCard>
    </>
  );
}

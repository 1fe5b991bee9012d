import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import {
  type DataProcessor,
  formatDateTimeBR,
  PRIVACY_REQUEST_KIND_LABELS,
  PRIVACY_REQUEST_STATUS_LABELS,
} from '@prata/domain';
import { useState } from 'react';
import { CustomerCell } from '@/components/admin/customer-cell';
import { PageHeader } from '@/components/page';
import { TableScroll } from '@/components/table-scroll';
import { visuallyHidden } from '@/components/polite-announcer';
import { firstError } from '@/lib/api';
import { useAdminPrivacyRequests, useAdminProcessors } from './api';
import { ProcessorDialog } from './processor-dialog';
import { useRevealFocus } from '@/lib/focus';

function RequestsQueue() {
  const [status, setStatus] = useState<'open' | 'all'>('open');
  const queue = useAdminPrivacyRequests(status);
  const rows = queue.data?.pages.flatMap((p) => p.data) ?? [];
  const reveal = useRevealFocus();
  return (
    <Stack spacing={2}>
      <Tabs value={status} onChange={(_e, v) => setStatus(v)} aria-label="Quais pedidos mostrar">
        <Tab value="open" label="Em aberto" />
        <Tab value="all" label="Todos" />
      </Tabs>
      {queue.isError && <Alert severity="error">{firstError(queue.error)}</Alert>}
      {queue.isPending ? (
        <Skeleton variant="rounded" height={160} />
      ) : rows.length === 0 ? (
        <Paper variant="outlined" sx={{ py: 5, px: 2, textAlign: 'center' }}>
          <Typography color="text.secondary">Nenhum pedido {status === 'open' ? 'em aberto' : ''}.</Typography>
        </Paper>
      ) : (
        <Paper variant="outlined">
          <TableScroll label="Pedidos de titulares">
            <Table size="small" aria-label="Pedidos de titulares, do prazo mais próximo ao mais distante">
              <TableHead>
                <TableRow>
                  <TableCell>Nº</TableCell>
                  <TableCell>Pedido</TableCell>
                  <TableCell>Cliente</TableCell>
                  <TableCell>Feito em</TableCell>
                  <TableCell>Prazo legal</TableCell>
                  <TableCell>Situação</TableCell>
                  <TableCell>Respondido</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((r, i) => (
                  <TableRow key={r.id} {...reveal.propsFor(i)}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>nº {r.id}</TableCell>
                    <TableCell>{PRIVACY_REQUEST_KIND_LABELS[r.kind]}</TableCell>
                    <TableCell sx={{ minWidth: 200 }}>
                      <CustomerCell customer={r.customer} />
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTimeBR(r.created_at)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {formatDateTimeBR(r.due_at)}
                      {r.overdue && <Chip size="small" color="error" label="Atrasado" sx={{ ml: 1 }} />}
                    </TableCell>
                    <TableCell>
                      {PRIVACY_REQUEST_STATUS_LABELS[r.status]}
                      {r.last_error && (
                        <Typography variant="caption" component="div" color="text.secondary">
                          {r.attempts} tentativa(s): {r.last_error}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {r.answered_at
                        ? `${formatDateTimeBR(r.answered_at)} · ${r.answered_by?.name ?? 'automaticamente'}`
                        : '-'}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableScroll>
        </Paper>
      )}
      {queue.hasNextPage && (
        <Box>
          <Button
            variant="outlined"
            onClick={() => reveal.fetchMore(rows.length, queue)}
            disabled={queue.isFetchingNextPage}
          >
            Mostrar mais pedidos
          </Button>
        </Box>
      )}
    </Stack>
  );
}

function ProcessorsRegister() {
  const processors = useAdminProcessors();
  const [editing, setEditing] = useState<DataProcessor | null | 'new'>(null);
  return (
    <Stack spacing={2}>
      <Box>
        <Button variant="contained" onClick={() => setEditing('new')}>
          Novo operador de dados
        </Button>
      </Box>
      {processors.isError && <Alert severity="error">{firstError(processors.error)}</Alert>}
      {processors.isPending ? (
        <Skeleton variant="rounded" height={160} />
      ) : (
        <Paper variant="outlined">
          <TableScroll label="Operadores de dados pessoais">
            <Table size="small" aria-label="Operadores de dados pessoais">
              <TableHead>
                <TableRow>
                  <TableCell>Nome</TableCell>
                  <TableCell>Dados compartilhados</TableCell>
                  <TableCell>Finalidade e base legal</TableCell>
                  <TableCell>País</TableCell>
                  <TableCell>Situação</TableCell>
                  <TableCell>
                    <Box component="span" sx={visuallyHidden}>
                      Ações
                    </Box>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {processors.data?.data.map((p) => (
                  <TableRow key={p.id}>
                    <TableCell sx={{ minWidth: 160 }}>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {p.name}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {p.service}
                      </Typography>
                    </TableCell>
                    <TableCell sx={{ minWidth: 200 }}>{p.data_categories}</TableCell>
                    <TableCell sx={{ minWidth: 220 }}>
                      {p.purpose}
                      <Typography variant="caption" component="div" color="text.secondary">
                        {p.legal_basis}
                      </Typography>
                    </TableCell>
                    <TableCell>{p.country}</TableCell>
                    <TableCell>{p.active ? 'Ativo' : 'Inativo'}</TableCell>
                    <TableCell>
                      <Button size="small" onClick={() => setEditing(p)} aria-label={`Editar ${p.name}`}>
                        Editar
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableScroll>
        </Paper>
      )}
      {editing !== null && (
        <ProcessorDialog processor={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </Stack>
  );
}

/**
 * Privacidade (compliance): the LGPD requests with their legal deadline (15 days, art. 19), who answered and when, and
 * the register of processors that receive customers' data.
 */
export function PrivacyAdminPage() {
  const [tab, setTab] = useState<'requests' | 'processors'>('requests');
  return (
    <>
      <PageHeader
        title="Privacidade"
        description="Pedidos dos titulares de dados com o prazo legal de resposta, e os operadores que recebem dados dos clientes."
      />
      <Tabs value={tab} onChange={(_e, v) => setTab(v)} aria-label="Seções de Privacidade" sx={{ mb: 2 }}>
        <Tab value="requests" label="Pedidos" id="privacidade-tab-pedidos" aria-controls="privacidade-painel" />
        <Tab
          value="processors"
          label="Operadores de dados"
          id="privacidade-tab-operadores"
          aria-controls="privacidade-painel"
        />
      </Tabs>
      <Box
        role="tabpanel"
        id="privacidade-painel"
        aria-labelledby={tab === 'requests' ? 'privacidade-tab-pedidos' : 'privacidade-tab-operadores'}
      >
        {tab === 'requests' ? <RequestsQueue /> : <ProcessorsRegister />}
      </Box>
    </>
  );
}

export const Component = PrivacyAdminPage;

import { formatDateTimeBR } from '@prata/domain';
import { useState } from 'react';
import { type Column, PaginatedTable } from '@/components/paginated-table';
import { type AuditEntry, useCustomerAudit } from '../api/get-audit-log';
import { AuditActionCell, AuditActorCell } from './audit-cells';
import { SectionCard } from '@/components/admin/section-card';

const COLUMNS: ReadonlyArray<Column<AuditEntry>> = [
  { key: 'date', header: 'Data', nowrap: true, width: 150, render: (entry) => formatDateTimeBR(entry.created_at) },
  { key: 'actor', header: 'Autor', minWidth: 160, render: (entry) => <AuditActorCell entry={entry} /> },
  { key: 'action', header: 'O que aconteceu', minWidth: 260, render: (entry) => <AuditActionCell entry={entry} /> },
];

/** The customer page's audit history: operators' decisions and the customer's own sensitive changes. */
export function CustomerAuditSection({ customerId }: { customerId: number }) {
  const [page, setPage] = useState(1);
  const audit = useCustomerAudit(customerId, page);
  return (
    <SectionCard title="Histórico de auditoria" id="auditoria">
      <PaginatedTable
        columns={COLUMNS}
        data={audit.data}
        isPending={audit.isPending}
        error={audit.error}
        onRetry={() => void audit.refetch()}
        page={page}
        onPageChange={setPage}
        rowKey={(entry) => entry.id}
        label="Histórico de auditoria do cliente"
        emptyText="Nenhuma alteração ou decisão registrada."
      />
    </SectionCard>
  );
}

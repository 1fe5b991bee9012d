import { formatBRL, formatCnpj, isoToBrDate, maskCelular } from '@prata/domain';

/**
 * The audit log in Portuguese, for operators. Entries are stored with stable keys (action names, raw details) and
 * translated here, in one table, when they are read: a wording fix reaches every old entry, and the stored facts stay
 * complete for an investigation. Sensitive values are masked on the way out.
 */

const ACTIONS: Record<string, string> = {
  'customer.registration_approved': 'Cadastro aprovado',
  'customer.registration_rejected': 'Cadastro recusado',
  'customer.blocked': 'Acesso do cliente bloqueado',
  'customer.unblocked': 'Acesso do cliente desbloqueado',
  'customer.identity_changed': 'Dados de identificação alterados pelo cliente',
  'customer.contact_changed': 'Dados de contato alterados pelo cliente (confirmado com código enviado ao e-mail)',
  'trading_limit.approved': 'Aumento de limite aprovado',
  'trading_limit.rejected': 'Aumento de limite recusado',
  'document.viewed': 'Documento do cliente consultado',
  'staff.created': 'Operador criado',
  'staff.role_granted': 'Papel de operador concedido',
  'ledger.reconciliation_run': 'Conferência do razão executada',
  'deposit.approved': 'Depósito por TED aprovado e creditado',
  'deposit.rejected': 'Depósito por TED recusado',
  'deposit.receipt_viewed': 'Comprovante de TED consultado',
  'deposit.payment_simulated': 'Pagamento Pix simulado pelo provedor embutido',
  'deposit.held_credit_paid': 'Pagamento retido creditado pelo valor pago',
  'deposit.held_credit_charged': 'Pagamento retido creditado pelo valor cobrado, o restante devolvido',
  'deposit.held_refund': 'Pagamento retido devolvido ao pagador',
  'withdrawal.approved': 'Retirada de dinheiro aprovada e enviada ao banco',
  'withdrawal.rejected': 'Retirada de dinheiro recusada',
  'withdrawal.payout_done': 'Transferência de retirada registrada como paga pelo operador',
  'withdrawal.payout_failed': 'Transferência de retirada registrada como não paga pelo operador',
  'affiliates.settings': 'Regra das recompensas de afiliados alterada',
  'video.created': 'Vídeo educacional adicionado',
  'video.updated': 'Vídeo educacional alterado',
  'video.deleted': 'Vídeo educacional removido',
  'silver_transfer.receipt_checked': 'Comprovante de transferência de prata verificado',
  'reserves.bar_added': 'Barra incluída na lista do cofre',
  'reserves.bar_updated': 'Barra da lista do cofre alterada',
  'reserves.bar_removed': 'Barra retirada da lista do cofre',
  'reserves.rebuilt': 'Prova de reservas do dia recalculada',
  'retention.run': 'Regra de retenção executada agora',
};

const TARGETS: Record<string, string> = {
  user: 'Cliente',
  document: 'Documento',
  reserve_bar: 'Barra do cofre',
  reserve_day: 'Prova de reservas do dia',
  trading_limit_request: 'Pedido de limite',
  ledger_reconciliation: 'Conferência do razão',
  deposit: 'Depósito',
  withdrawal: 'Retirada',
  silver_transfer: 'Transferência de prata',
  retention_rule: 'Regra de retenção',
};

const FIELDS: Record<string, string> = {
  name: 'Nome',
  cpf: 'CPF',
  nascimento: 'Data de nascimento',
  celular: 'Celular',
  email: 'E-mail de contato',
  cnpj: 'CNPJ',
  razao_social: 'Razão social',
};

const ROLES: Record<string, string> = {
  admin: 'administração',
  compliance: 'compliance',
  finance: 'financeiro',
  support: 'atendimento',
  logistics: 'logística',
};

/** Longest text of one detail line: an entry is read in a table, not a document. */
const AUDIT_LINE_MAX = 300;

/** '52998224725' → '***.982.247-**' (the usual masking of a CPF in Brazil). */
export function maskCpf(cpf: string): string {
  const d = cpf.replace(/\D/g, '');
  return d.length === 11 ? `***.${d.slice(3, 6)}.${d.slice(6, 9)}-**` : '***';
}

/** 'contato@empresa.com.br' → 'c***@empresa.com.br' */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at > 0 ? `${email[0]}***${email.slice(at)}` : '***';
}

function fieldValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '(vazio)';
  const text = String(value);
  switch (field) {
    case 'cpf':
    case 'conjuge_cpf':
      return maskCpf(text);
    case 'celular':
      return maskCelular(text);
    case 'email':
      return maskEmail(text);
    case 'nascimento':
      return isoToBrDate(text) || text;
    case 'cnpj':
      return formatCnpj(text);
    default:
      return text;
  }
}

const clip = (s: string) => (s.length > AUDIT_LINE_MAX ? `${s.slice(0, AUDIT_LINE_MAX - 1)}…` : s);

type Change = { field: string; from: unknown; to: unknown };
const isChange = (c: unknown): c is Change =>
  typeof c === 'object' && c !== null && typeof (c as Change).field === 'string';

/** One line per fact: "Celular: de (11) 9****-4321 para (21) 9****-5678", "Motivo: ...". */
export function describeDetails(details: unknown): string[] {
  if (typeof details !== 'object' || details === null) return [];
  const lines: string[] = [];
  for (const [key, value] of Object.entries(details as Record<string, unknown>)) {
    if (value === null || value === undefined) continue;
    switch (key) {
      case 'changes':
        for (const c of Array.isArray(value) ? value.filter(isChange) : []) {
          lines.push(
            `${FIELDS[c.field] ?? c.field}: de ${fieldValue(c.field, c.from)} para ${fieldValue(c.field, c.to)}`,
          );
        }
        break;
      case 'reason':
        lines.push(`Motivo: ${value}`);
        break;
      case 'note':
        lines.push(`Observação: ${value}`);
        break;
      case 'amount':
        lines.push(`Valor: ${typeof value === 'number' ? formatBRL(value) : String(value)}`);
        break;
      case 'fee':
        lines.push(`Tarifa: ${typeof value === 'number' ? formatBRL(value) : String(value)}`);
        break;
      case 'outcome':
        lines.push(`Resultado: ${value === 'credited' ? 'creditado' : String(value)}`);
        break;
      case 'limit_cents':
        lines.push(`Limite aprovado: ${typeof value === 'number' ? formatBRL(value) : String(value)}`);
        break;
      case 'customer_id':
        lines.push(`Cliente nº ${value}`);
        break;
      case 'role':
        lines.push(`Papel: ${ROLES[String(value)] ?? String(value)}`);
        break;
      case 'via':
        lines.push(value === 'cli' ? 'Pela linha de comando do servidor' : `Origem: ${value}`);
        break;
      case 'ok':
        lines.push(value === true ? 'Resultado: o razão confere' : 'Resultado: problemas encontrados');
        break;
      case 'problems':
        lines.push(`Problemas: ${value}`);
        break;
      case 'run_id':
        lines.push(`Execução nº ${value}`);
        break;
      default:
        lines.push(`${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
    }
  }
  return lines.map(clip);
}

export type AuditRow = {
  entry: {
    id: number;
    createdAt: Date;
    action: string;
    targetType: string | null;
    targetId: string | null;
    details: unknown;
    ip: string | null;
  };
  actor: { id: number | null; name: string | null; email: string | null } | null;
};

/** An entry as operators read it: the raw action key stays for filters and links; no raw details leave. */
export function presentAuditEntry({ entry, actor }: AuditRow) {
  return {
    id: entry.id,
    created_at: entry.createdAt.toISOString(),
    // name and email are not null in users: a joined actor has both
    actor: actor?.id ? { id: actor.id, name: actor.name ?? '', email: actor.email ?? '' } : null,
    action: entry.action,
    description: ACTIONS[entry.action] ?? entry.action,
    target_type: entry.targetType,
    target_id: entry.targetId,
    target: entry.targetType
      ? `${TARGETS[entry.targetType] ?? entry.targetType}${entry.targetId === null ? '' : ` nº ${entry.targetId}`}`
      : null,
    details: describeDetails(entry.details),
    ip: entry.ip,
  };
}

import { type BankingInformationRequest, MESSAGES, PIX_KEY_TYPES_BY_ACCOUNT } from '@prata/domain';
import type { AppDeps } from '@/deps';
import type { Executor } from '@/db/client';
import type { BankingInformationRow, UserRow } from '@/db/rows';
import { lockCustomer } from '@/db/lock';
import { withTransaction } from '@/db/tx';
import { logEvent } from '@/lib/audit';
import { AppError, invalid, notFound } from '@/lib/errors';
import { findCompanyByUser } from '@/features/users/index';
import { insertBankingEntry, keptBankingEntries, markBankingEntryDeleted } from './repository/index';

export const MAX_BANKING_ENTRIES = 10;

const presentBanking = (b: BankingInformationRow) => ({
  id: b.id,
  type: b.type,
  key_type: b.keyType,
  key: b.key,
  account_type: b.accountType,
  bank_number: b.bankNumber,
  branch_number: b.branchNumber,
  account_number: b.accountNumber,
  created_at: b.createdAt.toISOString(),
});

export async function listBanking(db: Executor, userId: number) {
  const rows = await keptBankingEntries(db, userId);
  return rows.map(presentBanking);
}

/**
 * Money leaves only to the customer's own accounts: a CPF key must be the customer's CPF, a CNPJ key the company's
 * CNPJ, an e-mail key the e-mail of the account (or the company's contact e-mail). Individuals cannot use CNPJ keys; companies cannot use CPF keys.
 */
async function checkOwnership(tx: Executor, user: UserRow, input: Extract<BankingInformationRequest, { type: 'pix' }>) {
  if (!PIX_KEY_TYPES_BY_ACCOUNT[user.accountType].includes(input.key_type)) {
    throw invalid('key_type', MESSAGES.pixKeyTypeNotAllowed);
  }
  if (input.key_type === 'cpf' && input.key !== user.cpf) throw invalid('key', MESSAGES.pixCpfRequired);
  const company = user.accountType === 'company' ? await findCompanyByUser(tx, user.id) : undefined;
  if (input.key_type === 'cnpj' && company?.cnpj !== input.key) throw invalid('key', MESSAGES.pixCnpjRequired);
  if (input.key_type === 'email') {
    const own = [user.email.toLowerCase(), company?.email.toLowerCase()];
    if (!own.includes(input.key)) throw invalid('key', MESSAGES.pixEmailRequired);
  }
}

export async function addBanking(deps: AppDeps, user: UserRow, input: BankingInformationRequest) {
  return withTransaction(deps.database.db, async (tx) => {
    if (input.type === 'pix') await checkOwnership(tx, user, input);
    // the count and the duplicate check below see every entry another request of this customer is adding
    await lockCustomer(tx, user.id);
    const existing = await listBanking(tx, user.id);
    if (existing.length >= MAX_BANKING_ENTRIES) throw new AppError('LIST_LIMIT_REACHED', MESSAGES.bankingLimit);
    const duplicate = existing.some((b) =>
      input.type === 'pix'
        ? b.type === 'pix' && b.key_type === input.key_type && b.key === input.key
        : b.type === 'account' &&
          b.bank_number === input.bank_number &&
          b.branch_number === input.branch_number &&
          b.account_number === input.account_number,
    );
    if (duplicate) throw new AppError('ALREADY_EXISTS', MESSAGES.bankingDuplicate);
    const row = await insertBankingEntry(
      tx,
      input.type === 'pix'
        ? { userId: user.id, type: 'pix', keyType: input.key_type, key: input.key }
        : {
            userId: user.id,
            type: 'account',
            accountType: input.account_type,
            bankNumber: input.bank_number,
            branchNumber: input.branch_number,
            accountNumber: input.account_number,
          },
    );
    await logEvent(tx, user.id, input.type === 'pix' ? 'Chave Pix cadastrada' : 'Conta bancária cadastrada');
    return presentBanking(row);
  });
}

export async function deleteBanking(deps: AppDeps, user: UserRow, id: number) {
  return withTransaction(deps.database.db, async (tx) => {
    const row = await markBankingEntryDeleted(tx, user.id, id);
    if (!row) throw notFound();
    await logEvent(tx, user.id, row.type === 'pix' ? 'Chave Pix excluída' : 'Conta bancária excluída');
    return presentBanking(row);
  });
}

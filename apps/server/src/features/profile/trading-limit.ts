import { MESSAGES } from '@prata/domain';
import type { z } from 'zod';
import type { TRADING_LIMIT_UNITS, TradingLimitIncreaseRequest, WithUnits } from '@prata/domain';
import type { AppDeps } from '@/deps';
import type { Executor } from '@/db/client';
import type { TradingLimitRequestRow, UserRow } from '@/db/rows';
import { pgConstraint, withTransaction } from '@/db/tx';
import { logEvent } from '@/lib/audit';
import { AppError, invalid, invalidFields } from '@/lib/errors';
import type { UploadedFile } from '@/lib/uploads';
import { minorToDecimal } from '@prata/domain';
import { storeDocuments } from './documents';
import { findCompanyByUser } from '@/features/users/index';
import { loggedAs } from '@/lib/log-failure';
import { insertLimitRequest, latestLimitRequests } from './repository/index';

export const MAX_LIMIT_DOCUMENTS = 5;

export const presentLimitRequest = (r: TradingLimitRequestRow) => ({
  id: r.id,
  new_limit: minorToDecimal(r.newLimitCents),
  net_worth: minorToDecimal(r.netWorthCents),
  monthly_income: minorToDecimal(r.monthlyIncomeCents),
  profession: r.profession,
  company_name: r.companyName,
  company_cnpj: r.companyCnpj,
  other_info: r.otherInfo,
  status: r.status,
  approved_limit: r.approvedLimitCents === null ? null : minorToDecimal(r.approvedLimitCents),
  rejection_reason: r.rejectionReason,
  reviewed_at: r.reviewedAt?.toISOString() ?? null,
  created_at: r.createdAt.toISOString(),
});

export async function listLimitRequests(db: Executor, userId: number) {
  const rows = await latestLimitRequests(db, userId, 20);
  return rows.map(presentLimitRequest);
}

type LimitInput = WithUnits<z.infer<typeof TradingLimitIncreaseRequest>, typeof TRADING_LIMIT_UNITS>;

/**
 * Who asks: a person tells their profession and the company they work for (or own); a company asks in its own name,
 * so its razão social and CNPJ are taken from its registration and no profession is stored ('').
 */
async function applicant(deps: AppDeps, user: UserRow, input: LimitInput) {
  if (user.accountType === 'company') {
    const company = await findCompanyByUser(deps.database.db, user.id);
    if (!company) throw invalid('company_name', MESSAGES.companyNameRequired);
    return { profession: '', companyName: company.razaoSocial, companyCnpj: company.cnpj };
  }
  const missing: Record<string, string[]> = {};
  if (!input.profession) missing.profession = [MESSAGES.professionRequired];
  if (!input.company_name) missing.company_name = [MESSAGES.companyNameRequired];
  if (!input.company_cnpj) missing.company_cnpj = [MESSAGES.cnpjInvalid];
  if (Object.keys(missing).length > 0) throw invalidFields(missing);
  return { profession: input.profession!, companyName: input.company_name!, companyCnpj: input.company_cnpj! };
}

/** A request for a higher annual trading limit, with documents; one under review at a time. */
export async function requestLimitIncrease(deps: AppDeps, user: UserRow, input: LimitInput, files: UploadedFile[]) {
  if (input.new_limit_cents <= user.tradingLimitCents) throw invalid('new_limit', MESSAGES.newLimitTooLow);
  const who = await applicant(deps, user, input);
  if (files.length === 0) throw invalid('documents', MESSAGES.limitDocumentsRequired);
  if (files.length > MAX_LIMIT_DOCUMENTS)
    throw invalid('documents', `Envie no máximo ${MAX_LIMIT_DOCUMENTS} documentos.`);
  const written: string[] = [];
  try {
    return await withTransaction(deps.database.db, async (tx) => {
      const row = await insertLimitRequest(tx, {
        userId: user.id,
        newLimitCents: input.new_limit_cents,
        netWorthCents: input.net_worth_cents,
        monthlyIncomeCents: input.monthly_income_cents,
        ...who,
        otherInfo: input.other_info,
      });
      const docs = await storeDocuments(deps, tx, user.id, files, 'trading_limit', row.id);
      written.push(...docs.map((d) => d.storageKey));
      await logEvent(tx, user.id, 'Pedido de aumento de limite enviado');
      return presentLimitRequest(row);
    });
  } catch (err) {
    for (const key of written)
      await deps.adapters.storage.delete(key).catch(loggedAs(`trading limit: file ${key} left behind`, 'warn'));
    if (pgConstraint(err) === 'trading_limit_requests_one_pending_uq')
      throw new AppError('LIMIT_REQUEST_PENDING', MESSAGES.limitPendingExists);
    throw err;
  }
}

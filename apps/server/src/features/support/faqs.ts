import { MESSAGES, type FaqRequest } from '@prata/domain';
import type { z } from 'zod';
import type { AppDeps } from '@/deps';
import type { Executor } from '@/db/client';
import type { FaqRow } from '@/db/rows';
import { withTransaction } from '@/db/tx';
import { writeAudit } from '@/lib/audit';
import { invalid, notFound } from '@/lib/errors';
import { deleteFaqRow, faqsInOrder, insertFaq, updateFaqRow } from './repository/index';
import { sanitizeAnswer } from './sanitize';

/** The most questions listed: the page is one expandable list. */
const FAQS_MAX = 200;

type Staff = { userId: number; ip: string };
type FaqValues = z.output<typeof FaqRequest>;

const presentAdmin = (f: FaqRow) => ({
  id: f.id,
  question: f.question,
  answer: sanitizeAnswer(f.answerHtml),
  position: f.position,
  active: f.active,
  updated_at: f.updatedAt.toISOString(),
});

/** GET /api/faqs: the active questions in the operators' order, answers sanitized. */
export async function listFaqs(db: Executor) {
  const rows = await faqsInOrder(db, { all: false, limit: FAQS_MAX });
  return rows.map((f) => ({ id: f.id, question: f.question, answer: sanitizeAnswer(f.answerHtml) }));
}

export async function listFaqsForStaff(db: Executor) {
  const rows = await faqsInOrder(db, { all: true, limit: FAQS_MAX });
  return rows.map(presentAdmin);
}

/** The answer as it will be kept: sanitized; an answer that was only markup nobody may keep is refused. */
function cleanAnswer(answer: string): string {
  const clean = sanitizeAnswer(answer);
  if (!clean.replace(/<[^>]*>/g, '').trim()) throw invalid('answer', MESSAGES.faqAnswerRequired);
  return clean;
}

export async function createFaq(deps: AppDeps, staff: Staff, input: FaqValues) {
  const answerHtml = cleanAnswer(input.answer);
  return withTransaction(deps.database.db, async (tx) => {
    const row = await insertFaq(tx, {
      question: input.question,
      answerHtml,
      position: input.position,
      active: input.active,
      updatedBy: staff.userId,
    });
    await writeAudit(tx, {
      actorUserId: staff.userId,
      action: 'faq.created',
      targetType: 'faq',
      targetId: row!.id,
      ip: staff.ip,
    });
    return { faq: presentAdmin(row!), message: MESSAGES.faqSaved };
  });
}

export async function updateFaq(deps: AppDeps, staff: Staff, id: number, input: FaqValues) {
  const answerHtml = cleanAnswer(input.answer);
  return withTransaction(deps.database.db, async (tx) => {
    const row = await updateFaqRow(tx, id, {
      question: input.question,
      answerHtml,
      position: input.position,
      active: input.active,
      updatedBy: staff.userId,
    });
    if (!row) throw notFound();
    await writeAudit(tx, {
      actorUserId: staff.userId,
      action: 'faq.updated',
      targetType: 'faq',
      targetId: id,
      ip: staff.ip,
    });
    return { faq: presentAdmin(row), message: MESSAGES.faqSaved };
  });
}

export async function deleteFaq(deps: AppDeps, staff: Staff, id: number) {
  return withTransaction(deps.database.db, async (tx) => {
    const row = await deleteFaqRow(tx, id);
    if (!row) throw notFound();
    await writeAudit(tx, {
      actorUserId: staff.userId,
      action: 'faq.deleted',
      targetType: 'faq',
      targetId: id,
      details: { question: row.question },
      ip: staff.ip,
    });
    return { faq: presentAdmin(row), message: MESSAGES.faqDeleted };
  });
}

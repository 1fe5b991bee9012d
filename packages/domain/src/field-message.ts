import type { core } from 'zod';
import { AUTH_MESSAGES } from './messages/auth';
import { COMMON_MESSAGES } from './messages/common';
import { FIELD_MESSAGES as M } from './messages/fields';

const decimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });
const shown = (n: number | bigint) => decimal.format(Number(n));
const SIZED_AS_LIST = new Set(['array', 'set', 'map']);

/**
 * What a field without a message of its own is told, in Brazilian Portuguese and in a person's words: never the
 * schema's inner words (a pattern, "NaN", a type's name), never the input echoed back. Each app sets it as zod's
 * locale (`z.config({ localeError: fieldMessage })`); fields that say more set their own message.
 */
export function fieldMessage(issue: core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return M.fieldRequired;
      if (issue.expected === 'number' || issue.expected === 'int' || issue.expected === 'bigint') {
        return M.numberInvalid;
      }
      return issue.expected === 'string' ? M.textRequired : M.valueInvalid;
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? M.fieldRequired : M.textTooShort(min);
      if (SIZED_AS_LIST.has(issue.origin)) return M.listTooShort(min);
      return M.numberTooSmall(shown(issue.minimum), issue.inclusive !== false);
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return M.textTooLong(max);
      if (SIZED_AS_LIST.has(issue.origin)) return M.listTooLong(max);
      if (issue.origin === 'file') return COMMON_MESSAGES.fileTooLarge;
      return M.numberTooBig(shown(issue.maximum), issue.inclusive !== false);
    }
    case 'invalid_format':
      return issue.format === 'email' ? AUTH_MESSAGES.emailInvalid : M.formatInvalid;
    case 'invalid_value':
      return M.chooseOneOption;
    case 'unrecognized_keys':
      return M.fieldsUnknown;
    default:
      return M.valueInvalid;
  }
}

import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api';
import { notify } from './notify';

/**
 * A 422 `{ message, errors }` shows each message under its field. Errors for fields the form does not have,
 * and failures without field errors, go to the snackbar as firstError (spec 1 §8).
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
  /** Server field name → form field name, e.g. { city_id: 'city' }. */
  aliases: Record<string, string> = {},
): void {
  const errors = isApiError(error) ? error.errors : undefined;
  let shown = false;
  let unshown: string | undefined;
  if (errors) {
    for (const [serverField, messages] of Object.entries(errors)) {
      const field = aliases[serverField] ?? serverField;
      const message = messages?.[0];
      if (!message) continue;
      if (fields.includes(field)) {
        setError(field as FieldPath<T>, { type: 'server', message }, { shouldFocus: !shown });
        shown = true;
      } else if (!unshown) {
        unshown = message;
      }
    }
  }
  if (unshown) notify.error(unshown);
  else if (!shown) notify.error(error);
}

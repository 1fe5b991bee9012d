import fc from 'fast-check';
import addressparser from 'nodemailer/lib/addressparser';
import { describe, expect, it } from 'vitest';
import { emailField } from '@prata/domain';

/**
 * An e-mail the contracts accept is the mailbox the mail goes to: nodemailer reads it as that one address, never as a
 * name and another address (`a<b@c.d>` → b@c.d), a comment, a list (`x@y.z,a`) or a group. Otherwise an account's
 * codes and links would reach a mailbox other than the one it shows, and one mailbox could hold any number of
 * accounts under different texts.
 */
const LETTERS = [...'abcxyz019._-+'];
const STRUCTURE = [...'<>()[]\\,;:"\' ãé'];
const part = fc.string({
  unit: fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...LETTERS) },
    { weight: 1, arbitrary: fc.constantFrom(...STRUCTURE) },
  ),
  minLength: 1,
  maxLength: 12,
});

describe('an e-mail the contracts accept', () => {
  it('is read by the mailer as that one address', () => {
    const field = emailField();
    let accepted = 0;
    fc.assert(
      fc.property(part, part, part, (local, domain, tld) => {
        const parsed = field.safeParse(`${local}@${domain}.${tld}`);
        if (!parsed.success) return;
        accepted += 1;
        expect(addressparser(parsed.data, { flatten: true })).toEqual([{ address: parsed.data, name: '' }]);
      }),
      { numRuns: 2_000 },
    );
    // the generator reaches accepted addresses, with and without the characters around them
    expect(accepted).toBeGreaterThan(100);
  });
});

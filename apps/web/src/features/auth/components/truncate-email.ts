/** The method page shows the e-mail cut at 33 characters (spec 1 §2.9). */
export const EMAIL_DISPLAY_MAX = 33;

export function truncateEmail(email: string, max: number = EMAIL_DISPLAY_MAX): string {
  return email.length > max ? `${email.slice(0, max)}…` : email;
}

/**
 * Messages of the sign-in screens that packages/domain's MESSAGES does not carry (yet). Keep the spec's wording.
 */
export const AUTH_MESSAGES = {
  /** spec 1 §2.9 / §8: snackbar for a failed login on a closed account */
  accountClosedOn: (date: string) => `Sua conta foi encerrada em ${date}`,
  reopenAccount: 'Reabrir conta',
} as const;

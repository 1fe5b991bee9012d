/**
 * Money that leaves a customer's balance above this amount (R$ 100,00) asks for a confirmation first, showing the
 * all-in figure (what leaves the balance with fees, IOF and freight, as the server will charge it).
 * Below it the action goes at once, locked while it runs, as a small order on a phone should. Chosen as the point
 * where a slip of the finger (a 0 too many, a double tap) starts to cost more than a few minutes of someone's day.
 * Where silver leaves the custody (a transfer to someone else, bars paid with the balance on /retirar-prata) the
 * screen confirms whatever the reais: the grams are worth far more than the fees (a 50 g bar's charges are under
 * R$ 100,00, its silver some R$ 450,00).
 */
export const CONFIRM_ABOVE_CENTS = 10_000;

/** Whether money leaving a balance (centavos, all-in) asks for a confirmation first. */
export const needsConfirmation = (allInCents: number): boolean => allInCents > CONFIRM_ABOVE_CENTS;

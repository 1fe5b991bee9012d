import {
  CheckReceiverRequest,
  formatGrams,
  MESSAGES,
  receiverCpfField,
  SILVER_TRANSFER_MESSAGE_MAX,
  transferGramsField,
  transferMessageField,
} from '@prata/domain';

/**
 * The rules of /transferir-prata (spec 3 §5), from the domain's own fields: the screen says what the server would,
 * before asking it. Each answers the message to show, or null when the value is fine.
 */

const firstIssue = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? MESSAGES.invalidData);

/** 'Informe o e-mail do recebedor', 'Informe um e-mail válido'. */
export const receiverEmailError = (email: string) => firstIssue(CheckReceiverRequest.shape.email.safeParse(email));

/** Asked only when the receiver has no account: required and valid ('Informe um CPF válido'). */
export function receiverCpfError(cpf: string): string | null {
  if (cpf.replace(/\D/g, '') === '') return MESSAGES.cpfInvalid;
  return firstIssue(receiverCpfField().safeParse(cpf));
}

/** Grams as the decimal field holds them ('12.5'): required and not 0,00 g, at most the available balance. */
export function quantityError(text: string, availableCg: number): string | null {
  const parsed = transferGramsField().safeParse(text);
  if (!parsed.success) return firstIssue(parsed);
  if (parsed.data > availableCg) return MESSAGES.transferInsufficientSilver;
  return null;
}

/** The quantity in centigrams, or null when it is not one. */
export function quantityCentigrams(text: string): number | null {
  const parsed = transferGramsField().safeParse(text);
  return parsed.success ? parsed.data : null;
}

/** At most 40 characters. */
export const messageError = (message: string) => firstIssue(transferMessageField().safeParse(message));

/** The counter under the message: '12/40'. */
export const messageCounter = (message: string) => `${message.length}/${SILVER_TRANSFER_MESSAGE_MAX}`;

/** The resend button's label: a countdown while the server's wait runs (spec 3 §9: 60 s). */
export const resendLabel = (secondsLeft: number) =>
  secondsLeft > 0 ? `Reenviar código em ${secondsLeft} s` : 'Reenviar código';

/** 'Transferir 2,50 g para Maria S.' or '... para joana@exemplo.com' (no account yet). */
export function confirmationText(quantityCg: number, receiver: { name: string } | null, email: string): string {
  return `${formatGrams(quantityCg)} para ${receiver ? receiver.name : email}`;
}

/**
 * A payment provider refused or failed a call. The message is Portuguese, for operators (logs, the back office),
 * and keeps the provider's own descriptions; it never holds the API key. Not a customer-facing message: the feature
 * answers customers with its own.
 */
export class PaymentProviderError extends Error {
  override readonly name = 'PaymentProviderError';
  constructor(
    message: string,
    readonly details: {
      /** HTTP status, or null when there was no answer (timeout, network) or the answer was unusable */
      status: number | null;
      /** the provider's `errors[].description` */
      providerErrors: string[];
      /** e.g. 'POST /payments' */
      operation: string;
    },
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

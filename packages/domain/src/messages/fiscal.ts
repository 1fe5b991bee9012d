/** Invoices and the IRPF guide (spec 3 §2 Minhas notas, Imposto de renda; docs/fiscal.md). */
export const FISCAL_MESSAGES = {
  invoiceNotFound: 'Nota fiscal não encontrada.',
  invoiceLinkExpired: 'Este link da nota expirou. Volte a Minhas notas e baixe a nota de novo.',
  invoicingUnavailable: 'Não conseguimos falar com o emissor de notas fiscais agora. Tente de novo em alguns minutos.',
  irpfYearOutOfRange: (first: number, last: number) => `Escolha um ano entre ${first} e ${last}.`,
} as const;

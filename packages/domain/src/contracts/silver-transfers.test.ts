import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { transferMessageField } from './silver-transfers';

describe("a transfer's message", () => {
  const field = transferMessageField();
  it('takes what people write to each other', () => {
    for (const text of [
      'Feliz aniversário!',
      'Parabéns!',
      'Presente',
      'Obrigado. Valeu!',
      'Ref. aluguel dez/2026',
      'R$ 10,00 do almoço',
      '1.000 g para a poupança',
      'Boa sorte... abraços',
      '',
    ]) {
      expect(field.safeParse(text).success, text).toBe(true);
    }
  });

  it('refuses a link, a site or an e-mail, with what to do', () => {
    for (const text of [
      'https://prata-seguro.xyz',
      'Confirme em prata-seguro.xyz',
      'acesse www.prata.com',
      'bit.ly/abc',
      'fale com suporte@prata-seguro.com',
      'prata[.]xyz/entrar',
      'PRATA-SEGURO.COM',
      'hxxp://site',
      'Veja: prata.com.br/confirmar',
    ]) {
      const parsed = field.safeParse(text);
      expect(parsed.success, text).toBe(false);
      expect(parsed.error?.issues.map((i) => i.message)).toEqual([MESSAGES.transferMessageLink]);
    }
  });
});

import { describe, expect, it } from 'vitest';
import {
  confirmationText,
  messageCounter,
  messageError,
  quantityCentigrams,
  quantityError,
  receiverCpfError,
  receiverEmailError,
  resendLabel,
} from './rules';

describe('/transferir-prata rules (spec 3 §5)', () => {
  it("the receiver e-mail: required, then shaped like one, in the spec's words", () => {
    expect(receiverEmailError('')).toBe('Informe o e-mail do recebedor');
    expect(receiverEmailError('   ')).toBe('Informe o e-mail do recebedor');
    expect(receiverEmailError('maria@')).toBe('Informe um e-mail válido');
    expect(receiverEmailError(' Maria@Exemplo.com.br ')).toBeNull();
  });

  it('the CPF, asked only without an account: required and valid, masked or not', () => {
    expect(receiverCpfError('')).toBe('Informe um CPF válido');
    expect(receiverCpfError('___.___.___-__')).toBe('Informe um CPF válido');
    expect(receiverCpfError('111.111.111-11')).toBe('Informe um CPF válido');
    expect(receiverCpfError('529.982.247-24')).toBe('Informe um CPF válido');
    expect(receiverCpfError('529.982.247-25')).toBeNull();
    expect(receiverCpfError('52998224725')).toBeNull();
  });

  it('the quantity: not empty, not 0,00 g, 2 decimals at most, not above the available grams', () => {
    expect(quantityError('', 1_000)).toBe('Informe a quantidade');
    expect(quantityError('0', 1_000)).toBe('Informe a quantidade');
    expect(quantityError('0.00', 1_000)).toBe('Informe a quantidade');
    expect(quantityError('1.001', 1_000)).toBe('Informe a quantidade em gramas com até 2 casas decimais');
    expect(quantityError('10.01', 1_000)).toBe('Você não tem prata disponível suficiente para esta transferência.');
    expect(quantityError('10', 1_000)).toBeNull();
    expect(quantityError('0.01', 1_000)).toBeNull();
    expect(quantityCentigrams('12.5')).toBe(1_250);
    expect(quantityCentigrams('0')).toBeNull();
  });

  it('the message: at most 40 characters, with its counter', () => {
    expect(messageError('')).toBeNull();
    expect(messageError('x'.repeat(40))).toBeNull();
    expect(messageError('x'.repeat(41))).toBe('A mensagem deve ter no máximo 40 caracteres');
    expect(messageError('Confirme em prata-seguro.xyz')).toBe(
      'A mensagem não pode ter links, endereços de sites nem e-mails.',
    );
    expect(messageError('Ref. aluguel dez/2026')).toBeNull();
    expect(messageCounter('')).toBe('0/40');
    expect(messageCounter('Parabéns!')).toBe('9/40');
  });

  it('the resend countdown and the summary the code confirms', () => {
    expect(resendLabel(60)).toBe('Reenviar código em 60 s');
    expect(resendLabel(1)).toBe('Reenviar código em 1 s');
    expect(resendLabel(0)).toBe('Reenviar código');
    expect(confirmationText(250, { name: 'Maria S.' }, 'maria@exemplo.com.br')).toBe('2,50 g para Maria S.');
    expect(confirmationText(1_000, null, 'joana@exemplo.com.br')).toBe('10,00 g para joana@exemplo.com.br');
  });
});

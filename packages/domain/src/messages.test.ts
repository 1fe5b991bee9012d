import { describe, expect, it } from 'vitest';
import { MESSAGE_GROUPS, MESSAGES } from './messages/index';

/** The spec's own words for the screens built so far (spec 1 §5, §8; spec 2 §5), letter for letter. */
const SPEC_MESSAGES = [
  // spec 1 §5: sign-in, registration, reset, documents, address
  'Informe seu e-mail',
  'Informe um e-mail válido',
  'Informe sua senha',
  'Informe seu nome completo',
  'Informe a senha',
  'A senha deve ter no mínimo 8 caracteres',
  'Informe a nova senha',
  'As senhas devem ser iguais',
  'Informe o código',
  'Informe um CPF válido',
  'Informe um CNPJ válido',
  'Escolha uma das opções',
  'Informe o CEP com todos os dígitos',
  'Escolha uma das opções acima',
  // spec 2 §5: registration data
  'Informe seu nome',
  'Informe sua data de nascimento',
  'Informe seu número do celular',
  'Informe seu sexo',
  'Informe seu estado civil',
  'Informe a razão social',
  'Informe um celular para contato',
  'Informe um e-mail para contato',
  'Informe a atividade principal',
  'Informe o regime tributário',
  'Informe seu CPF de cadastro',
  'Informe seu CNPJ de cadastro',
  'Informe seu e-mail de cadastro',
  'Informe o número',
  'Informe sua profissão',
  'Informe nome da empresa',
  'Informe sua senha atual',
  'Informe o tipo de endereço',
  'Informe o CEP',
  'Informe a cidade',
  'Informe o bairro',
  'Informe a rua/avenida',
  'O arquivo é muito grande. O tamanho máximo permitido é 5.00 MB.',
  // spec 1 §5 and spec 3 §5: the cart and the withdrawal of bars
  'Informe uma quantidade para a retirada',
  'É necessário ter pelo menos um item no carrinho.',
  'Este item já está no carrinho',
  'Retirada de prata cancelada',
  // spec 3 §5 and spec 2 §8: silver transfers
  'Informe o e-mail do recebedor',
  'Informe a quantidade',
  'Transferência de prata cancelada',
  // spec 3 §5: tickets
  'Selecione um item da lista',
  'Informe o assunto',
  'Descreva sua mensagem',
  // spec 3 (session): the client's own rejection of an expired token
  'Token expired',
];

const texts = (Object.values(MESSAGES) as unknown[]).filter((m): m is string => typeof m === 'string');

describe('MESSAGES', () => {
  it.each(SPEC_MESSAGES)('has the spec message %j, letter for letter', (message) => {
    expect(texts).toContain(message);
  });

  it('has no message twice under different names (one wording per meaning)', () => {
    const seen = new Map<string, string>();
    const dupes: string[] = [];
    for (const [key, value] of Object.entries(MESSAGES)) {
      if (typeof value !== 'string') continue;
      const other = seen.get(value);
      if (other) dupes.push(`${other} = ${key}: ${value}`);
      seen.set(value, key);
    }
    // numberRequired (address) and bankAccountNumberRequired are the spec's same words for two different fields.
    expect(dupes).toEqual(['numberRequired = bankAccountNumberRequired: Informe o número']);
  });

  it('builds its parameterised messages in Portuguese', () => {
    expect(MESSAGES.codeResendWait(42)).toBe('Aguarde 42 segundos para solicitar um novo código.');
    expect(MESSAGES.registrationRejected('Documento ilegível')).toBe(
      'Seu cadastro foi recusado: Documento ilegível. Atualize seus dados e fale conosco.',
    );
  });

  it('keeps each key in one feature group only (a key in two groups would be silently overwritten)', () => {
    const owner = new Map<string, string>();
    const twice: string[] = [];
    for (const [group, messages] of Object.entries(MESSAGE_GROUPS)) {
      for (const key of Object.keys(messages)) {
        if (owner.has(key)) twice.push(`${key}: ${owner.get(key)} and ${group}`);
        owner.set(key, group);
      }
    }
    expect(twice).toEqual([]);
    expect(owner.size).toBe(Object.keys(MESSAGES).length);
  });
});

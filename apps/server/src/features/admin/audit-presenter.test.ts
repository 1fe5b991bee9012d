import { describe, expect, it } from 'vitest';
import { describeDetails, maskCpf, maskEmail, presentAuditEntry } from './audit-presenter';

describe('the audit log in Portuguese', () => {
  it('writes each fact as a line and masks what is sensitive', () => {
    expect(
      describeDetails({
        changes: [
          { field: 'cpf', from: null, to: '52998224725' },
          { field: 'nascimento', from: '1990-05-20', to: '1990-05-21' },
          { field: 'email', from: 'contato@empresa.com.br', to: 'financeiro@empresa.com.br' },
          { field: 'cnpj', from: '11222333000181', to: '11444777000161' },
        ],
        note: null,
        limit_cents: 20_000_000,
        customer_id: 12,
      }),
    ).toEqual([
      'CPF: de (vazio) para ***.982.247-**',
      'Data de nascimento: de 20/05/1990 para 21/05/1990',
      'E-mail de contato: de c***@empresa.com.br para f***@empresa.com.br',
      'CNPJ: de 11.222.333/0001-81 para 11.444.777/0001-61',
      'Limite aprovado: R$ 200.000,00',
      'Cliente nº 12',
    ]);
    expect(maskCpf('123')).toBe('***');
    expect(maskEmail('sem-arroba')).toBe('***');
  });

  it('labels the action and the target; an unknown action keeps its key', () => {
    const view = presentAuditEntry({
      entry: {
        id: 1,
        createdAt: new Date('2026-01-02T03:04:05Z'),
        action: 'document.viewed',
        targetType: 'document',
        targetId: '7',
        details: { customer_id: 3 },
        ip: '10.0.0.1',
      },
      actor: null,
    });
    expect(view).toMatchObject({
      description: 'Documento do cliente consultado',
      target: 'Documento nº 7',
      actor: null,
    });
    expect(
      presentAuditEntry({
        entry: {
          ...view,
          createdAt: new Date(),
          action: 'x.y',
          targetType: null,
          targetId: null,
          details: {},
          ip: null,
        },
        actor: null,
      }),
    ).toMatchObject({ description: 'x.y', target: null, details: [] });
  });
});

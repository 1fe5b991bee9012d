import { formatBRL } from '@prata/domain';
import type { Db, Executor } from '@/db/client';
import { DEMO_TED_IN_REVIEW } from '@/features/money/index';
import { DEMO_CATEGORIES, DEMO_CONTACT, DEMO_FAQS } from './demo-content';
import { STAFF_NAME } from './presenter';
import {
  categoriesAndSubcategories,
  insertDemoCategory,
  insertDemoContact,
  insertDemoFaqs,
  insertDemoTicket,
  insertDemoTicketMessage,
  insertDemoTicketRating,
  supportTableIsEmpty,
  userTicketCount,
  usersByLowerEmail,
} from './repository/index';
import { sanitizeAnswer } from './sanitize';

type DemoTicket = {
  category: string;
  subcategory: string;
  subject: string;
  description: string;
  daysAgo: number;
  /** the conversation after the description, oldest first */
  messages: Array<{ staff: boolean; text: string; hoursLater: number }>;
  closed?: { hoursLater: number; rating?: { stars: number; description: string } };
};

const CLIENTE: DemoTicket[] = [
  {
    category: 'Depósitos e retiradas',
    subcategory: 'Depósito por TED',
    subject: 'TED enviada anteontem ainda não apareceu no saldo',
    description: `Fiz uma TED de ${formatBRL(DEMO_TED_IN_REVIEW.amountCents)} anteontem, por volta das ${DEMO_TED_IN_REVIEW.hour}h, da minha conta no Itaú e enviei o comprovante junto com o depósito, mas o valor ainda não aparece no meu saldo. Podem verificar?`,
    daysAgo: 0,
    messages: [],
  },
  {
    category: 'Ordens e negociação',
    subcategory: 'Taxas e IOF',
    subject: 'Dúvida sobre o IOF na venda',
    description:
      'Vendi 100 g na semana passada e o valor líquido veio um pouco menor do que eu esperava. O IOF também é cobrado na venda?',
    daysAgo: 3,
    messages: [
      {
        staff: true,
        hoursLater: 4,
        text: 'Olá, Maria! Sim: o IOF de 0,38% incide sobre o valor da operação somado à taxa, tanto na compra quanto na venda. Na venda, o líquido é o valor menos a taxa (0,50%, mínimo de R$ 5,00) e o IOF. O resumo mostrado antes da confirmação já traz esses valores. Ficou alguma dúvida?',
      },
    ],
  },
  {
    category: 'Prata física',
    subcategory: 'Entrega e rastreio',
    subject: 'Prazo de entrega da barra de 50 g',
    description: 'Pedi a retirada de uma barra de 50 g. Em quantos dias ela chega em São Paulo?',
    daysAgo: 12,
    messages: [
      {
        staff: true,
        hoursLater: 2,
        text: 'Olá! As barras são embaladas em até 2 dias úteis após o pagamento. Para a capital paulista o prazo da transportadora é de 1 a 3 dias úteis, e você recebe o código de rastreio por e-mail assim que o pedido sai.',
      },
      { staff: false, hoursLater: 5, text: 'Perfeito, obrigada!' },
    ],
    closed: { hoursLater: 8, rating: { stars: 5, description: 'Resposta rápida e clara.' } },
  },
  {
    category: 'Conta e cadastro',
    subcategory: 'Dados pessoais',
    subject: 'Trocar o celular cadastrado',
    description: 'Troquei de número de celular. Como atualizo o cadastro para receber os códigos por SMS?',
    daysAgo: 6,
    messages: [
      {
        staff: true,
        hoursLater: 3,
        text: 'Olá, Maria! Em Meus dados > Dados pessoais, altere o celular e confirme com o código enviado ao seu e-mail. A partir daí os códigos por SMS vão para o novo número. Vamos fechar este ticket; se precisar, é só abrir outro.',
      },
    ],
    closed: { hoursLater: 4 },
  },
];

const EMPRESA: DemoTicket[] = [
  {
    category: 'Prata física',
    subcategory: 'Compra de barras',
    subject: 'Nota fiscal das barras compradas',
    description:
      'Compramos duas barras de 100 g para a loja. Precisamos da nota fiscal de produto com o CNPJ da empresa para a contabilidade. Onde encontramos?',
    daysAgo: 2,
    messages: [
      {
        staff: true,
        hoursLater: 6,
        text: 'Olá, Carlos! As notas fiscais são emitidas no CNPJ do cadastro e ficam disponíveis em Minhas notas assim que o pedido é enviado. Vocês também recebem o arquivo por e-mail.',
      },
    ],
  },
  {
    category: 'Ordens e negociação',
    subcategory: 'Limite de negociação',
    subject: 'Aumento do limite anual da empresa',
    description: 'Qual documentação precisamos enviar para aumentar o limite anual de negociação da empresa?',
    daysAgo: 20,
    messages: [
      {
        staff: true,
        hoursLater: 5,
        text: 'Olá! Envie o último balanço patrimonial ou o faturamento dos últimos 12 meses, assinado pelo contador, em Meus dados > Aumentar limite. A análise leva até 2 dias úteis.',
      },
    ],
    closed: { hoursLater: 30 },
  },
  {
    category: 'Conta e cadastro',
    subcategory: 'Acesso e senha',
    subject: 'Acesso de mais de uma pessoa da empresa',
    description: 'É possível que duas pessoas do financeiro acessem a conta da empresa, cada uma com o seu login?',
    daysAgo: 1,
    messages: [],
  },
];

const HOUR_MS = 3_600_000;

async function seedTickets(
  tx: Executor,
  user: { id: number; name: string; email: string },
  operatorId: number | null,
  list: DemoTicket[],
) {
  if ((await userTicketCount(tx, user.id)) > 0) return;
  const { categories, subs } = await categoriesAndSubcategories(tx);
  for (const t of list) {
    const category = categories.find((c) => c.name === t.category);
    const sub = subs.find((s) => s.name === t.subcategory && s.categoryId === category?.id);
    if (!category || !sub) continue;
    const start = Date.now() - t.daysAgo * 24 * HOUR_MS - 2 * HOUR_MS;
    const at = (hours: number) => new Date(start + hours * HOUR_MS);
    const last = t.messages.at(-1);
    const closedAt = t.closed ? at(t.closed.hoursLater) : null;
    const ticketId = await insertDemoTicket(tx, {
      userId: user.id,
      email: user.email,
      categoryId: category.id,
      subcategoryId: sub.id,
      subject: t.subject,
      description: t.description,
      status: closedAt ? 'closed' : 'pending',
      lastReplyBy: last?.staff ? 'staff' : 'customer',
      closedAt,
      closedBy: closedAt ? operatorId : null,
      createdAt: at(0),
      updatedAt: closedAt ?? (last ? at(last.hoursLater) : at(0)),
    });
    for (const m of t.messages) {
      await insertDemoTicketMessage(tx, {
        ticketId,
        authorUserId: m.staff ? operatorId : user.id,
        fromStaff: m.staff,
        authorName: m.staff ? STAFF_NAME : user.name,
        message: m.text,
        createdAt: at(m.hoursLater),
      });
    }
    if (t.closed?.rating)
      await insertDemoTicketRating(tx, { ticketId, ...t.closed.rating, createdAt: at(t.closed.hoursLater + 1) });
  }
}

/**
 * Support's demo (called from seed/demo.ts): the FAQs, the contact information and the ticket categories when none
 * exist, and open, answered and closed tickets (one closed without a rating, so its page asks for one) for the two
 * demo customers when they have none. Idempotent: a restart changes nothing.
 */
export async function seedSupportDemo(db: Db) {
  await db.transaction(async (tx) => {
    if (await supportTableIsEmpty(tx, 'faqs')) {
      await insertDemoFaqs(
        tx,
        DEMO_FAQS.map((f, i) => ({ question: f.question, answerHtml: sanitizeAnswer(f.answer), position: i })),
      );
    }
    if (await supportTableIsEmpty(tx, 'contact')) {
      await insertDemoContact(
        tx,
        Object.entries(DEMO_CONTACT).map(([key, value]) => ({ key, value })),
      );
    }
    if (await supportTableIsEmpty(tx, 'categories')) {
      for (const [i, c] of DEMO_CATEGORIES.entries()) {
        await insertDemoCategory(tx, { name: c.name, position: i }, c.subcategories);
      }
    }
    const people = await usersByLowerEmail(tx, ['cliente@prata.dev', 'empresa@prata.dev', 'operador@prata.dev']);
    const find = (email: string) => people.find((p) => p.email.toLowerCase() === email);
    const operator = find('operador@prata.dev');
    const cliente = find('cliente@prata.dev');
    const empresa = find('empresa@prata.dev');
    if (cliente) await seedTickets(tx, cliente, operator?.id ?? null, CLIENTE);
    if (empresa) await seedTickets(tx, empresa, operator?.id ?? null, EMPRESA);
  });
}

import { apiCall } from './api';

/** Dot-decimal as the screen prints it: 6000 → '6.000,00' (the web formats through packages/domain). */
function ptBr(value: number): string {
  const [whole, cents] = Math.abs(value).toFixed(2).split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${value < 0 ? '-' : ''}${grouped},${cents}`;
}

/** 6000 → 'R$ 6.000,00' */
export const brlText = (reais: number) => `R$ ${ptBr(reais)}`;

/** 125.5 → '125,50 g' */
export const gramsText = (grams: number) => `${ptBr(grams)} g`;

/** The signed-in user's balances now (GET /api/user): what the drawer must show. */
export async function balancesOf(token: string): Promise<{ brl: number; grams: number }> {
  const { user } = await apiCall<{ user: { balance_brl: number; balance_ag: number } }>(
    'GET',
    '/user',
    undefined,
    token,
  );
  return { brl: user.balance_brl, grams: user.balance_ag };
}

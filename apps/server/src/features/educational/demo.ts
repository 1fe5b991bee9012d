import type { Db } from '@/db/client';
import { insertVideos, videoCount } from './repository';

/**
 * A dozen videos of both tags for the demo (`npm start`), newest first on the screen. The ids are YouTube's; operators
 * replace them in the back office (/admin/videos). Runs once: a database with videos is left as it is.
 */
const DEMO_VIDEOS: Array<{ youtubeId: string; title: string; tag: 'informative' | 'tutorial' }> = [
  {
    youtubeId: 'hc838DHnals',
    title: 'Minicurso de investimentos: finanças e renda fixa para iniciantes',
    tag: 'informative',
  },
  { youtubeId: 'HgubixK-zbI', title: 'Reserva de emergência: onde investir com segurança', tag: 'informative' },
  {
    youtubeId: 'Q7cM1n1tbnU',
    title: 'Por que a prata é um metal precioso e industrial ao mesmo tempo',
    tag: 'informative',
  },
  { youtubeId: 'o2sZ4b8U3aE', title: 'Razão ouro/prata: o que o indicador diz sobre o preço', tag: 'informative' },
  {
    youtubeId: 'Xk9TfE1r6yA',
    title: 'Prata em custódia ou barra em casa: custos e riscos de cada uma',
    tag: 'informative',
  },
  {
    youtubeId: 'bV3nLq0wZ2M',
    title: 'IOF e taxa operacional: quanto custa comprar prata por grama',
    tag: 'informative',
  },
  { youtubeId: 'r5Hd8pKc1sU', title: 'Como declarar prata no Imposto de Renda (IRPF)', tag: 'informative' },
  { youtubeId: 'Tn2WgY7eJqQ', title: 'Como adicionar dinheiro por Pix na Prata', tag: 'tutorial' },
  {
    youtubeId: 'mC8vRz3LxHk',
    title: 'Ordem limitada e ordem a mercado: como comprar prata no livro de ofertas',
    tag: 'tutorial',
  },
  {
    youtubeId: 'Jf4sPb6NdWo',
    title: 'Como retirar uma barra de prata da sua custódia e receber em casa',
    tag: 'tutorial',
  },
  { youtubeId: 'eW1qKt9GhVc', title: 'Transferir prata para outra pessoa pelo e-mail, passo a passo', tag: 'tutorial' },
  { youtubeId: 'Lp7yNc2ZsRb', title: 'Programa de afiliados: seu cupom, seu link e suas recompensas', tag: 'tutorial' },
];

export async function seedEducationalDemo(db: Db): Promise<void> {
  if ((await videoCount(db)) > 0) return;
  const now = Date.now();
  // the first of the list is the newest; a day apart, so the order on screen is the list's
  await insertVideos(
    db,
    DEMO_VIDEOS.map((v, i) => ({ ...v, createdAt: new Date(now - i * 86_400_000), updatedAt: new Date(now) })),
  );
}

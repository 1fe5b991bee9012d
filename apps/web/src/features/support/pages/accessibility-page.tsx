import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { SESSION_WARNING_SECONDS } from '@prata/domain';
import type { ReactNode } from 'react';
import { PAYMENT_MILESTONES_SECONDS, timeLeftText } from '@/components/countdown-announcer';
import { PageHeader } from '@/components/page';
import { RouterLink } from '@/components/router-link';
import { useSessionPolicy } from '@/features/auth';
import { useAuthToken } from '@/lib/auth-storage';
import { NOTICE_HOTKEY } from '@/lib/notify';
import { useContactInformation } from '../api/faqs';

/** The day this statement was last checked against the product (docs/accessibility.md says how to review it). */
export const ACCESSIBILITY_REVIEWED_ON = '7 de dezembro de 2026';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Typography id={id} variant="h4" component="h2" sx={{ mt: 4, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </section>
  );
}

const list = { pl: 3, '& li': { mb: 0.75 } } as const;

/** The support e-mail the operators set in the contact information (GET /api/contact-information), if any. */
function useSupportEmail(): string | null {
  const info = useContactInformation();
  const value = info.data?.info.find((entry) => entry.key === 'emails_line_1')?.value?.trim() ?? '';
  const email = value.match(/[^\s@]+@[^\s@]+\.[^\s@]+/)?.[0];
  return email ?? null;
}

/** The session's limits as the server sets them; while they load (or if they cannot), the rule without the hours. */
function SessionLimits() {
  const policy = useSessionPolicy().data;
  const warning = timeLeftText(SESSION_WARNING_SECONDS);
  return (
    <li>
      {policy
        ? `A sessão dura ${timeLeftText(policy.session_seconds)}. `
        : 'A sessão tem um prazo a partir da entrada. '}
      {`Faltando ${warning} para o fim, uma janela avisa e oferece "Continuar conectado"; a sessão pode ser estendida`}
      {policy ? ` até ${timeLeftText(policy.max_seconds)} no total.` : ' algumas vezes.'}
    </li>
  );
}

/**
 * /acessibilidade: the accessibility statement, as gov.br sites publish one: the target (WCAG 2.1 AA, Lei 13.146/2015
 * art. 63, eMAG), how it is tested, what is not yet conformant, how time limits and motion behave, and how to report a
 * barrier through the channels the site already has (a ticket; the support e-mail the operators configured).
 */
export function AccessibilityPage() {
  const signedIn = useAuthToken() !== null;
  const email = useSupportEmail();
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, sm: 5 } }}>
      <PageHeader title="Acessibilidade" description={`Última revisão: ${ACCESSIBILITY_REVIEWED_ON}.`} />
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, '& > section:first-of-type h2': { mt: 0 } }}>
        <Section id="a11y-compromisso" title="Nosso compromisso">
          <Typography sx={{ mb: 1.5 }}>
            A Prata quer ser usada por todas as pessoas: quem navega só pelo teclado, usa leitor de tela, amplia a tela,
            usa alto contraste ou acessa pelo celular. Nossa meta é o nível AA das Diretrizes de Acessibilidade para
            Conteúdo Web (WCAG) 2.1 do W3C, como pede a Lei Brasileira de Inclusão (Lei nº 13.146/2015, art. 63),
            seguindo também as recomendações do eMAG, o Modelo de Acessibilidade em Governo Eletrônico.
          </Typography>
          <Typography>
            Situação atual: <strong>parcialmente conforme</strong>. A maior parte das telas atende ao nível AA; as
            exceções conhecidas estão listadas abaixo e estão sendo corrigidas.
          </Typography>
        </Section>

        <Section id="a11y-testes" title="Como testamos">
          <Typography component="ul" sx={list}>
            <li>
              Verificação automática (axe-core, regras WCAG 2.1 A e AA) em todas as telas, como visitante, cliente e
              operador, no celular e no computador, também no modo de alto contraste do sistema.
            </li>
            <li>A mesma verificação em cada tela dos testes de ponta a ponta, a cada mudança no produto.</li>
            <li>
              Jornadas feitas só com o teclado: comprar uma barra e pagar com Pix, entrar com o código, depositar,
              enviar e cancelar ordens, retirar dinheiro, transferir prata e abrir um chamado.
            </li>
            <li>Conferência da árvore de acessibilidade do navegador, que é o que o leitor de tela recebe.</li>
            <li>
              Telas com 320 pixels de largura (o mesmo que ampliar 400 % um computador), espaçamento de texto aumentado
              e texto em 200 %, sem rolagem lateral nem texto cortado.
            </li>
            <li>A preferência do sistema por menos movimento, que desliga as animações.</li>
          </Typography>
        </Section>

        <Section id="a11y-limites" title="Limites conhecidos">
          <Typography component="ul" sx={list}>
            <li>
              A verificação automática da última revisão não encontrou problemas graves nas telas avaliadas, mas ela não
              alcança tudo: o que só uma pessoa percebe pode ter escapado. Se algo atrapalhar você, conte para nós.
            </li>
            <li>
              Tabelas largas (histórico, extrato e back office) rolam para o lado em telas estreitas. Elas avisam
              &quot;Deslize para ver mais colunas&quot; e podem ser roladas com as setas do teclado.
            </li>
            <li>
              O gráfico de preços é desenhado como imagem; o preço atual e as ofertas estão em texto na mesma tela.
            </li>
            <li>Os vídeos da área Educacional vêm de terceiros e podem não ter legendas ou audiodescrição.</li>
            <li>Documentos em PDF (notas, informes e extratos) podem não estar marcados para leitores de tela.</li>
          </Typography>
        </Section>

        <Section id="a11y-tempo" title="Tempo e movimento">
          <Typography component="ul" sx={list}>
            <li>
              O Pix de um depósito ou de uma compra mostra quanto tempo falta para pagar; o leitor de tela avisa quando
              faltam {PAYMENT_MILESTONES_SECONDS.map(timeLeftText).join(' e ')}. Se o prazo acabar, é só gerar um novo
              Pix.
            </li>
            <li>
              Depois de pedir um código de verificação, o botão de reenviar mostra a espera e o leitor de tela avisa
              quando ele pode ser usado.
            </li>
            <li>
              Avisos que oferecem uma ação, como &quot;Desfazer&quot;, ficam na tela até serem fechados; os demais somem
              sozinhos depois de alguns segundos, e não somem enquanto o foco está neles.
            </li>
            <SessionLimits />
            <li>Com a preferência do sistema por menos movimento, animações e transições são desligadas.</li>
          </Typography>
        </Section>

        <Section id="a11y-teclado" title="Teclado">
          <Typography sx={{ mb: 1.5 }}>
            Tab e Shift+Tab passam pelos controles, Enter e Espaço os acionam, as setas movem dentro de menus, abas e
            tabelas roláveis, e Esc fecha janelas e menus.
          </Typography>
          <Typography>
            A Prata tem um único atalho próprio: {NOTICE_HOTKEY} leva ao aviso que aparece na parte de baixo da tela
            (por exemplo, &quot;Desfazer&quot; depois de apagar um alerta); no computador, o aviso mostra a tecla ao
            lado da ação. Fechado o aviso, o foco volta para onde estava. Enquanto um aviso com ação fica na tela, a
            página ganha espaço embaixo para que nada fique escondido atrás dele.
          </Typography>
        </Section>

        <Section id="a11y-contato" title="Encontrou uma barreira?">
          <Typography sx={{ mb: 1.5 }}>
            Conte para nós o que aconteceu, em qual tela e, se puder, qual navegador e tecnologia assistiva você usa.
          </Typography>
          <Typography component="ul" sx={list}>
            <li>
              {signedIn ? (
                <>
                  Abra um chamado em{' '}
                  <Link component={RouterLink} to="/contato" underline="always">
                    Contato
                  </Link>
                  .
                </>
              ) : (
                <>
                  Abra um chamado pelo{' '}
                  <Link component={RouterLink} to="/contato/ticket/visitante" underline="always">
                    formulário de contato
                  </Link>
                  , sem precisar de conta.
                </>
              )}
            </li>
            {email && (
              <li>
                Ou escreva para{' '}
                <Link href={`mailto:${email}?subject=Acessibilidade`} underline="always">
                  {email}
                </Link>
                .
              </li>
            )}
          </Typography>
        </Section>
      </Paper>
    </Container>
  );
}

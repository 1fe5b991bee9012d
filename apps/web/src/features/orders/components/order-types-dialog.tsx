import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <Typography variant="h6" component="h3" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      <Typography variant="body2" component="div" sx={{ '& p': { m: 0, mb: 1 } }}>
        {children}
      </Typography>
    </section>
  );
}

/** The limit-versus-market explanation (spec 2 §2, one of the screen's dialogs). */
export function OrderTypesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="order-types-title" fullWidth maxWidth="sm" scroll="body">
      <DialogTitle id="order-types-title">Ordem limitada ou a mercado?</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5}>
          <Part title="Ordem limitada">
            <p>
              Você escolhe o preço por grama: na compra, é o máximo que aceita pagar; na venda, o mínimo que aceita
              receber.
            </p>
            <p>
              Se já houver ofertas no livro a esse preço ou melhor, a ordem é executada na hora, no todo ou em parte. O
              que faltar fica registrado no livro de ofertas, esperando uma contraparte, até ser executado ou até você
              cancelar. Enquanto espera, o valor da compra (ou a prata da venda) fica reservado no seu saldo.
            </p>
          </Part>
          <Part title="Ordem a mercado">
            <p>
              Você informa só a quantidade, e a ordem é executada na hora, aos melhores preços disponíveis no livro. O
              resumo mostra o preço médio por grama e o total antes de você confirmar.
            </p>
            <p>
              É tudo ou nada: se o livro não tiver ofertas suficientes para a quantidade inteira, nada é executado. E
              você nunca paga mais (nem recebe menos) do que o total mostrado: se as ofertas mudarem antes do envio, a
              ordem é recusada e o resumo é atualizado para você conferir.
            </p>
          </Part>
          <Part title="Qual escolher?">
            <p>
              Prefira a limitada quando o preço importa mais do que a pressa, e a mercado quando quer negociar agora.
              Nas duas, a taxa operacional e o IOF são os mesmos e aparecem no resumo.
            </p>
          </Part>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose} autoFocus>
          Entendi
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import AddOutlined from '@mui/icons-material/AddOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { FAQ_ANSWER_MAX, FAQ_QUESTION_MAX } from '@prata/domain';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { LoadError } from '@/components/paginated-table';
import { firstError, isApiError } from '@/lib/api';
import { useIntention } from '@/lib/intention';
import { notify } from '@/lib/notify';
import { type AdminFaq, useAdminFaqs, useDeleteFaq, useSaveFaq } from './api';

type Draft = { id?: number; question: string; answer: string; position: string; active: boolean };

function FaqDialog({ draft, onClose }: { draft: Draft; onClose: () => void }) {
  const save = useSaveFaq();
  const [value, setValue] = useState(draft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const faq = {
    question: value.question,
    answer: value.answer,
    position: Number(value.position) || 0,
    active: value.active,
  };
  const intention = useIntention({ id: value.id, faq });
  const submit = () =>
    intention
      .run((key) => save.mutateAsync({ id: value.id, faq, key }))
      .then(
        (answer) => {
          if (!answer) return;
          notify.success(answer.message);
          onClose();
        },
        (error: unknown) => {
          const fields = isApiError(error) ? error.errors : undefined;
          if (!fields) return notify.error(error);
          setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[0] ?? ''])));
        },
      );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="faq-dialog-title">
      <DialogTitle id="faq-dialog-title">{value.id ? 'Editar pergunta' : 'Nova pergunta'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label="Pergunta"
            value={value.question}
            onChange={(e) => setValue({ ...value, question: e.target.value })}
            error={Boolean(errors.question)}
            helperText={errors.question}
            slotProps={{ htmlInput: { maxLength: FAQ_QUESTION_MAX } }}
            fullWidth
          />
          <TextField
            label="Resposta (HTML)"
            value={value.answer}
            onChange={(e) => setValue({ ...value, answer: e.target.value })}
            error={Boolean(errors.answer)}
            helperText={
              errors.answer ??
              'Parágrafos <p>, negrito <strong>, listas <ul><li> e links <a href="https://...">. O resto é removido ao salvar.'
            }
            multiline
            minRows={6}
            slotProps={{ htmlInput: { maxLength: FAQ_ANSWER_MAX, style: { fontFamily: 'monospace', fontSize: 13 } } }}
            fullWidth
          />
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <TextField
              label="Ordem"
              type="number"
              value={value.position}
              onChange={(e) => setValue({ ...value, position: e.target.value })}
              sx={{ width: 120 }}
            />
            <FormControlLabel
              control={
                <Switch checked={value.active} onChange={(e) => setValue({ ...value, active: e.target.checked })} />
              }
              label="Publicada"
            />
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancelar</Button>
        <Button variant="contained" onClick={submit} disabled={intention.busy}>
          Salvar
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The answer as plain text, for the list: the first 160 characters. */
function preview(html: string): string {
  const text = new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
  return text.replace(/\s+/g, ' ').trim().slice(0, 160);
}

const draftOf = (f?: AdminFaq, position = 0): Draft =>
  f
    ? { id: f.id, question: f.question, answer: f.answer, position: String(f.position), active: f.active }
    : { question: '', answer: '', position: String(position), active: true };

/** The FAQs (spec 3 "Perguntas frequentes"): create, edit, hide and delete; answers are sanitized when saved. */
export function FaqsTab() {
  const faqs = useAdminFaqs();
  const remove = useDeleteFaq();
  const [editing, setEditing] = useState<Draft | null>(null);
  const [deleting, setDeleting] = useState<AdminFaq | null>(null);
  if (faqs.isPending) return <Skeleton variant="rounded" height={240} />;
  if (faqs.isError) return <LoadError error={faqs.error} onRetry={() => void faqs.refetch()} />;
  const list = faqs.data.faqs;
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button
          variant="contained"
          startIcon={<AddOutlined />}
          onClick={() => setEditing(draftOf(undefined, (list.at(-1)?.position ?? 0) + 1))}
        >
          Nova pergunta
        </Button>
      </Stack>
      {list.length === 0 ? (
        <Alert severity="info">Nenhuma pergunta cadastrada.</Alert>
      ) : (
        <Paper variant="outlined">
          <List disablePadding aria-label="Perguntas frequentes">
            {list.map((f, i) => (
              <ListItem key={f.id} divider={i < list.length - 1} sx={{ display: 'block' }}>
                <Stack
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={1}
                  sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
                >
                  <ListItemText
                    primary={
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                        <span>
                          {f.position}. {f.question}
                        </span>
                        {!f.active && <Chip size="small" label="Oculta" />}
                      </Stack>
                    }
                    secondary={preview(f.answer)}
                  />
                  <Stack direction="row" spacing={0.5} sx={{ flexShrink: 0 }}>
                    <Button size="small" onClick={() => setEditing(draftOf(f))} aria-label={`Editar ${f.question}`}>
                      Editar
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      onClick={() => setDeleting(f)}
                      aria-label={`Excluir ${f.question}`}
                    >
                      Excluir
                    </Button>
                  </Stack>
                </Stack>
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
      {editing && <FaqDialog draft={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title="Excluir pergunta"
        confirmLabel="Excluir"
        confirmColor="error"
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: ({ message }) => notify.success(message),
            onError: (error) => notify.error(firstError(error)),
          });
          setDeleting(null);
        }}
      >
        {deleting ? `Excluir “${deleting.question}”? Para só tirar do ar, edite e desmarque “Publicada”.` : ''}
      </ConfirmDialog>
    </Stack>
  );
}

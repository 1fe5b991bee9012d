import AddOutlined from '@mui/icons-material/AddOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CATEGORY_NAME_MAX } from '@prata/domain';
import { useState } from 'react';
import { LoadError } from '@/components/paginated-table';
import { firstError } from '@/lib/api';
import { useIntention } from '@/lib/intention';
import { notify } from '@/lib/notify';
import { type CategoryWrite, useAdminCategories, useSaveCategory } from './api';

type Editing = {
  title: string;
  name: string;
  active: boolean;
  write: (body: { name: string; active: boolean }) => CategoryWrite;
};

function NameDialog({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const save = useSaveCategory();
  const [name, setName] = useState(editing.name);
  const [active, setActive] = useState(editing.active);
  const [error, setError] = useState<string | null>(null);
  const write = editing.write({ name, active });
  const intention = useIntention(write);
  const submit = () =>
    intention
      .run((key) => save.mutateAsync({ ...write, key }))
      .then(
        (answer) => {
          if (!answer) return;
          notify.success(answer.message);
          onClose();
        },
        (e: unknown) => setError(firstError(e)),
      );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="category-dialog-title">
      <DialogTitle id="category-dialog-title">{editing.title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label="Nome"
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={Boolean(error)}
            helperText={error}
            autoFocus
            slotProps={{ htmlInput: { maxLength: CATEGORY_NAME_MAX } }}
          />
          <FormControlLabel
            control={<Switch checked={active} onChange={(e) => setActive(e.target.checked)} />}
            label="Disponível no formulário"
          />
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

/** Ticket categories and subcategories: add, rename, and take out of the form (tickets keep theirs). */
export function CategoriesTab() {
  const categories = useAdminCategories();
  const [editing, setEditing] = useState<Editing | null>(null);
  if (categories.isPending) return <Skeleton variant="rounded" height={240} />;
  if (categories.isError) return <LoadError error={categories.error} onRetry={() => void categories.refetch()} />;
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button
          variant="contained"
          startIcon={<AddOutlined />}
          onClick={() =>
            setEditing({
              title: 'Nova categoria',
              name: '',
              active: true,
              write: (body) => ({ kind: 'category', body }),
            })
          }
        >
          Nova categoria
        </Button>
      </Stack>
      {categories.data.categories.map((c) => (
        <Paper key={c.id} variant="outlined" sx={{ p: 2 }} component="section" aria-label={c.name}>
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                {c.name}
              </Typography>
              {!c.active && <Chip size="small" label="Fora do formulário" />}
            </Stack>
            <Stack direction="row" spacing={0.5}>
              <Button
                size="small"
                onClick={() =>
                  setEditing({
                    title: 'Editar categoria',
                    name: c.name,
                    active: c.active,
                    write: (body) => ({ kind: 'category', id: c.id, body }),
                  })
                }
              >
                Editar
              </Button>
              <Button
                size="small"
                startIcon={<AddOutlined />}
                onClick={() =>
                  setEditing({
                    title: `Nova subcategoria de ${c.name}`,
                    name: '',
                    active: true,
                    write: (body) => ({ kind: 'subcategory', categoryId: c.id, body }),
                  })
                }
              >
                Subcategoria
              </Button>
            </Stack>
          </Stack>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }}>
            {c.subcategories.length === 0 && (
              <Typography variant="body2" color="text.secondary">
                Nenhuma subcategoria: a categoria não aparece no formulário até ter uma.
              </Typography>
            )}
            {c.subcategories.map((s) => (
              <Chip
                key={s.id}
                label={s.name}
                variant={s.active ? 'filled' : 'outlined'}
                onClick={() =>
                  setEditing({
                    title: 'Editar subcategoria',
                    name: s.name,
                    active: s.active,
                    write: (body) => ({ kind: 'subcategory', id: s.id, categoryId: c.id, body }),
                  })
                }
              />
            ))}
          </Stack>
        </Paper>
      ))}
      {editing && <NameDialog editing={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  MESSAGES,
  TICKET_FILES_PER_REQUEST,
  TICKET_SUBJECT_MAX,
  TICKET_TEXT_MAX,
  type TicketCategoriesResponse,
  type TicketFields,
} from '@prata/domain';
import { useState } from 'react';
import { type Control, Controller, type UseFormSetValue, useForm, useWatch } from 'react-hook-form';
import { bindField } from '@/components/bind-field';
import { FileButton } from '@/components/file-button';
import { LoadError } from '@/components/paginated-table';
import { applyServerErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { EMPTY_TICKET_FORM, subcategoriesOf, type TicketFormInput, ticketFormSchema } from '../rules';
import { FileList } from './file-list';

const FIELDS = ['category_id', 'subcategory_id', 'subject', 'description'] as const;

function TicketFormSkeleton() {
  return (
    <Stack spacing={2} aria-busy="true" role="progressbar" aria-label="Carregando">
      <Skeleton variant="rounded" height={56} />
      <Skeleton variant="rounded" height={56} />
      <Skeleton variant="rounded" height={56} />
      <Skeleton variant="rounded" height={140} />
    </Stack>
  );
}

type Category = TicketCategoriesResponse['categories'][number];

/** Category, then its subcategories (choosing another category empties the subcategory). */
function CategoryFields({
  control,
  setValue,
  categories,
  subcategories,
}: {
  control: Control<TicketFormInput, unknown, TicketFields>;
  setValue: UseFormSetValue<TicketFormInput>;
  categories: Category[];
  subcategories: ReturnType<typeof subcategoriesOf>;
}) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <Controller
        control={control}
        name="category_id"
        render={({ field, fieldState }) => (
          <TextField
            select
            fullWidth
            label="Categoria"
            {...bindField(field, fieldState)}
            onChange={(event) => {
              field.onChange(event.target.value);
              setValue('subcategory_id', '');
            }}
          >
            {categories.map((c) => (
              <MenuItem key={c.id} value={String(c.id)}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        control={control}
        name="subcategory_id"
        render={({ field, fieldState }) => (
          <TextField
            select
            fullWidth
            label="Subcategoria"
            {...bindField(field, fieldState, subcategories.length === 0 ? 'Escolha antes a categoria' : undefined)}
          >
            {subcategories.map((s) => (
              <MenuItem key={s.id} value={String(s.id)}>
                {s.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
    </Stack>
  );
}

/**
 * The ticket form (spec 3 "Abrir ticket", §5), for customers and visitors: category, then its subcategories, subject,
 * description and attachments (images or PDFs, up to TICKET_FILES_PER_REQUEST; the server checks the content).
 * `onSubmit` sends; its failure is shown under the fields it names.
 */
export function TicketForm({
  lists,
  submitLabel = 'Enviar ticket',
  onSubmit,
  secondaryAction,
  initialSubject = '',
}: {
  lists: { data?: TicketCategoriesResponse; isPending: boolean; error: unknown; refetch: () => void };
  submitLabel?: string;
  onSubmit: (fields: TicketFields, files: File[]) => Promise<unknown>;
  secondaryAction?: React.ReactNode;
  /** The subject filled in when the form opens (from Auro's 'Abrir ticket': ?assunto=). */
  initialSubject?: string;
}) {
  const { control, handleSubmit, setError, setValue, formState } = useForm<TicketFormInput, unknown, TicketFields>({
    resolver: zodResolver(ticketFormSchema) as never,
    defaultValues: { ...EMPTY_TICKET_FORM, subject: initialSubject.slice(0, TICKET_SUBJECT_MAX) },
  });
  const categoryId = useWatch({ control, name: 'category_id' });
  const [files, setFiles] = useState<File[]>([]);

  if (lists.error && !lists.data) return <LoadError error={lists.error} onRetry={lists.refetch} />;
  if (!lists.data) return <TicketFormSkeleton />;
  const { categories, subcategories } = lists.data;
  const subs = subcategoriesOf(subcategories, categoryId);

  const addFiles = (chosen: File[]) => {
    const next = [...files, ...chosen];
    if (next.length > TICKET_FILES_PER_REQUEST) {
      notify.error(MESSAGES.ticketTooManyFiles(TICKET_FILES_PER_REQUEST));
      return;
    }
    setFiles(next);
  };

  const submit = handleSubmit((fields) =>
    onSubmit(fields, files).catch((error) => applyServerErrors(error, setError, FIELDS)),
  );

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={submit} aria-label="Abrir ticket">
      <CategoryFields control={control} setValue={setValue} categories={categories} subcategories={subs} />
      <Controller
        control={control}
        name="subject"
        render={({ field, fieldState }) => (
          <TextField
            label="Assunto"
            fullWidth
            {...bindField(field, fieldState)}
            slotProps={{ htmlInput: { maxLength: TICKET_SUBJECT_MAX } }}
          />
        )}
      />
      <Controller
        control={control}
        name="description"
        render={({ field, fieldState }) => (
          <TextField
            label="Descrição"
            fullWidth
            multiline
            minRows={5}
            placeholder="Conte o que aconteceu, com datas e valores quando houver."
            {...bindField(field, fieldState)}
            slotProps={{ htmlInput: { maxLength: TICKET_TEXT_MAX } }}
          />
        )}
      />
      <Stack spacing={1}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <FileButton
            variant="outlined"
            startIcon={<AttachFileOutlined />}
            multiple
            onFiles={addFiles}
            inputLabel="Anexos do ticket"
            disabled={files.length >= TICKET_FILES_PER_REQUEST}
          >
            Anexar arquivos
          </FileButton>
          {/* what a file may be, read before choosing one: the chat button keeps clear of it (chat/clear-spot.ts) */}
          <Typography variant="body2" color="text.secondary" data-keep-clear="">
            Imagens ou PDF, até 5 MB cada ({TICKET_FILES_PER_REQUEST} no máximo).
          </Typography>
        </Stack>
        <FileList
          label="Arquivos escolhidos"
          files={files.map((f, i) => ({
            key: `${i}-${f.name}`,
            name: f.name,
            mime: f.type,
            size: f.size,
            onRemove: () => setFiles(files.filter((_, j) => j !== i)),
          }))}
        />
      </Stack>
      {categories.length === 0 && <Alert severity="warning">Nenhuma categoria disponível no momento.</Alert>}
      <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
        {secondaryAction}
        <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting}>
          {submitLabel}
        </Button>
      </Stack>
    </Stack>
  );
}

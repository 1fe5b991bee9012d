import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import {
  type Video,
  VIDEO_TAG_LABELS,
  VIDEO_TAGS,
  VIDEO_TITLE_MAX,
  type VideoInput,
  VideoRequest,
} from '@prata/domain';
import { useForm, useWatch } from 'react-hook-form';
import { applyServerErrors } from '@/lib/form-errors';
import { useIntention } from '@/lib/intention';
import { notify } from '@/lib/notify';
import { useSaveVideo } from './api';
import { FormTextField } from '@/components/admin/form-text-field';

type VideoForm = { youtube: string; title: string; tag: string };
const FIELDS = ['youtube', 'title', 'tag'] as const;

/** 'Novo vídeo' / 'Editar vídeo': the YouTube address (or id), the title and the tag. */
export function VideoDialog({ video, onClose }: { video: Video | null; onClose: () => void }) {
  const save = useSaveVideo();
  const { control, handleSubmit, setError } = useForm<VideoForm, unknown, VideoInput>({
    resolver: zodResolver(VideoRequest) as never,
    defaultValues: {
      youtube: video ? `https://www.youtube.com/watch?v=${video.youtube_id}` : '',
      title: video?.title ?? '',
      tag: video?.tag ?? 'informative',
    },
  });
  const intention = useIntention({ id: video?.id ?? null, form: useWatch({ control }) });
  const close = () => {
    if (!intention.busy) onClose();
  };
  const onSubmit = handleSubmit((input) =>
    intention
      .run((key) =>
        save.mutateAsync({
          id: video?.id ?? null,
          video: { youtube: input.youtube, title: input.title, tag: input.tag },
          key,
        }),
      )
      .then(
        (answer) => {
          if (!answer) return;
          notify.success(answer.message);
          onClose();
        },
        (error: unknown) => applyServerErrors(error, setError, FIELDS),
      ),
  );
  return (
    <Dialog
      open
      onClose={close}
      aria-labelledby="video-title"
      fullWidth
      maxWidth="sm"
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit } as object }}
    >
      <DialogTitle id="video-title">{video ? 'Editar vídeo' : 'Novo vídeo'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 0.5 }}>
          <FormTextField
            control={control}
            name="youtube"
            label="Vídeo do YouTube"
            required
            autoFocus
            helperText="O endereço do vídeo (youtube.com/watch?v=…, youtu.be/…) ou o código de 11 caracteres"
            slotProps={{ htmlInput: { maxLength: 300, spellCheck: false } }}
          />
          <FormTextField
            control={control}
            name="title"
            label="Título"
            required
            helperText="Na grade, aparecem os primeiros 40 caracteres"
            slotProps={{ htmlInput: { maxLength: VIDEO_TITLE_MAX } }}
          />
          <FormTextField control={control} name="tag" label="Tipo" select required>
            {VIDEO_TAGS.map((t) => (
              <MenuItem key={t} value={t}>
                {VIDEO_TAG_LABELS[t]}
              </MenuItem>
            ))}
          </FormTextField>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={close} disabled={intention.busy}>
          Cancelar
        </Button>
        <Button type="submit" variant="contained" disabled={intention.busy}>
          {video ? 'Salvar vídeo' : 'Adicionar vídeo'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

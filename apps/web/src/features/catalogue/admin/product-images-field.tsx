import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@prata/domain';
import { useState } from 'react';
import { isApiError } from '@/lib/api';
import { uploadProblem } from '@/lib/files';
import { useIntention } from '@/lib/intention';
import { notify } from '@/lib/notify';
import { useRemoveProductImage, useUploadProductImage } from './api';

/** The most images the contract takes. */
const MAX_IMAGES = 10;

/** The product's images with a preview, the first marked as the cover. */
function ImageList({
  images,
  busy,
  onRemove,
}: {
  images: readonly string[];
  busy: boolean;
  onRemove: (image: string) => void;
}) {
  if (images.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        Sem imagens: o catálogo mostra o produto sem foto.
      </Typography>
    );
  }
  return (
    <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label="Imagens do produto">
      {images.map((image, index) => (
        <Stack component="li" key={image} direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
          <Box
            component="img"
            src={image}
            alt=""
            sx={{ width: 48, height: 48, objectFit: 'contain', borderRadius: 1, bgcolor: 'action.hover' }}
          />
          <Typography variant="body2" sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
            {index === 0 ? `${image} (capa)` : image}
          </Typography>
          <IconButton aria-label={`Remover a imagem ${image}`} onClick={() => onRemove(image)} disabled={busy}>
            <DeleteOutline />
          </IconButton>
        </Stack>
      ))}
    </Stack>
  );
}

/** What the upload button offers (the server checks the content again). */
const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp';

/** 'Enviar imagem': one file, sent at once (the server checks its content again). */
function UploadButton({ busy, onFile }: { busy: boolean; onFile: (file: File | undefined) => void }) {
  return (
    <Box>
      <Button
        component="label"
        variant="outlined"
        startIcon={<FileUploadOutlined />}
        disabled={busy}
        sx={{ whiteSpace: 'nowrap' }}
      >
        Enviar imagem
        <input
          hidden
          type="file"
          accept={IMAGE_ACCEPT}
          aria-label="Enviar imagem do produto"
          onChange={(event) => {
            onFile(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </Button>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
        PNG, JPEG ou WebP de até 5 MB. A imagem entra no catálogo na hora.
      </Typography>
    </Box>
  );
}

/**
 * The images of a product (the first is the cover), with a preview. Editing a product: 'Enviar imagem' uploads a PNG,
 * JPEG or WebP at once (it becomes the product's last image) and the remove button deletes an image the server
 * already has at once; a path typed here (an image already served, e.g. a demo one) is kept when the product is
 * saved. A new product takes paths only: its images are uploaded after it is created.
 */
export function ImagesField({
  productId,
  value,
  onChange,
  error,
}: {
  /** null: a product not created yet */
  productId: number | null;
  value: string[];
  onChange: (next: string[]) => void;
  error?: string;
}) {
  const upload = useUploadProductImage();
  const remove = useRemoveProductImage();
  const [path, setPath] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // the paths the server already has for this product: removing one of them is a DELETE
  const [onServer, setOnServer] = useState<ReadonlySet<string>>(() => new Set(productId === null ? [] : value));
  const uploading = useIntention({ imageOf: productId });
  const busy = uploading.busy || remove.isPending;
  const add = () => {
    const next = path.trim();
    if (!next || value.includes(next)) return;
    onChange([...value, next]);
    setPath('');
  };
  const send = (file: File | undefined) => {
    if (!file || productId === null) return;
    setProblem(null);
    const tooLarge = uploadProblem(file);
    if (tooLarge) {
      setProblem(tooLarge);
      return;
    }
    uploading
      .run((key) => upload.mutateAsync({ id: productId, file, key }))
      .then(
        (answer) => {
          if (!answer) return;
          onChange([...value, answer.image.path]);
          setOnServer((known) => new Set([...known, answer.image.path]));
          notify.success(answer.message);
        },
        (failure: unknown) => setProblem(isApiError(failure) ? failure.message : MESSAGES.fileTypeNotAllowed),
      );
  };
  const drop = (image: string) => {
    if (productId === null || !onServer.has(image)) {
      onChange(value.filter((i) => i !== image));
      return;
    }
    remove.mutate(
      { id: productId, path: image },
      {
        onSuccess: ({ message }) => {
          onChange(value.filter((i) => i !== image));
          setOnServer((known) => new Set([...known].filter((k) => k !== image)));
          notify.success(message);
        },
        onError: (failure) => notify.error(failure),
      },
    );
  };
  const shownError = problem ?? error;
  return (
    <Stack spacing={1} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle2">
        Imagens
      </Typography>
      <ImageList images={value} busy={busy} onRemove={drop} />
      {value.length < MAX_IMAGES && (
        <>
          {productId !== null && <UploadButton busy={busy} onFile={send} />}
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField
              size="small"
              label="Endereço da imagem"
              value={path}
              onChange={(event) => setPath(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  add();
                }
              }}
              helperText={
                shownError ??
                (productId === null
                  ? 'Uma imagem já publicada, ex.: /api/catalogue/images/barra-31g.png. Para enviar arquivos, crie o produto e abra-o de novo.'
                  : 'Ou uma imagem já publicada, ex.: /api/catalogue/images/barra-31g.png')
              }
              error={Boolean(shownError)}
              slotProps={{ htmlInput: { maxLength: 300 } }}
              sx={{ flexGrow: 1 }}
            />
            <Button onClick={add} startIcon={<AddPhotoAlternateOutlined />} sx={{ mt: 0.5, whiteSpace: 'nowrap' }}>
              Adicionar
            </Button>
          </Stack>
        </>
      )}
    </Stack>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MESSAGES, minorToDecimal, ProductTypeRequest, type ProductTypeInput } from '@prata/domain';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { bindField } from '../../../components/bind-field';
import { MoneyTextField } from '../../../components/money-field';
import { isApiError } from '../../../lib/api';
import { uploadProblem } from '../../../lib/files';
import { notify } from '../../../lib/notify';
import {
  type AdminProductType,
  type ProductSave,
  useRemoveProductImage,
  useSaveProductType,
  useUploadProductImage,
} from './api';
import { decimalText, units } from './labels';
import { closeOnSave, FieldGrid, FormDialog } from '../../../components/admin/form-dialog';
import { FormDecimalField, FormPercentField } from '../../../components/admin/form-decimal-field';
import { FormSwitch } from '../../../components/admin/form-switch';
import { FormTextField } from '../../../components/admin/form-text-field';

type ProductForm = {
  name: string;
  description: string;
  grams_per_unit: string;
  stock: string;
  active: boolean;
  icon: string;
  images: string[];
  minting_fee: string;
  insurance_rate: string;
  pis_rate: string;
  cofins_rate: string;
  position: string;
};
const FIELDS = [
  'name',
  'description',
  'grams_per_unit',
  'stock',
  'active',
  'icon',
  'images',
  'minting_fee',
  'insurance_rate',
  'pis_rate',
  'cofins_rate',
  'position',
] as const;

/** The most images the contract takes, and the largest unit (the contract's 100 kg). */
const MAX_IMAGES = 10;
const MAX_GRAMS = 100_000;

const asForm = (product: AdminProductType | null): ProductForm =>
  product
    ? {
        name: product.name,
        description: product.description,
        grams_per_unit: decimalText(product.grams_per_unit),
        stock: String(product.stock),
        active: product.active,
        icon: product.icon ?? '',
        images: product.images.map((image) => image.path),
        minting_fee: decimalText(product.minting_fee),
        insurance_rate: decimalText(product.insurance_rate),
        pis_rate: decimalText(product.pis_rate),
        cofins_rate: decimalText(product.cofins_rate),
        position: String(product.position),
      }
    : {
        name: '',
        description: '',
        grams_per_unit: '',
        stock: '0',
        active: true,
        icon: '',
        images: [],
        minting_fee: '',
        insurance_rate: '',
        pis_rate: '',
        cofins_rate: '',
        position: '0',
      };

/** The contract's output (centigrams, centavos, basis points) back as the API's dot-decimal numbers. */
const asBody = (input: ProductTypeInput): ProductTypeRequest => ({
  ...input,
  grams_per_unit: minorToDecimal(input.grams_per_unit),
  minting_fee: minorToDecimal(input.minting_fee),
  insurance_rate: minorToDecimal(input.insurance_rate),
  pis_rate: minorToDecimal(input.pis_rate),
  cofins_rate: minorToDecimal(input.cofins_rate),
});

/** What the upload button offers (the server checks the content again). */
const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp';

/**
 * The images of a product (the first is the cover), with a preview. Editing a product: 'Enviar imagem' uploads a PNG,
 * JPEG or WebP at once (it becomes the product's last image) and the remove button deletes an image the server
 * already has at once; a path typed here (an image already served, e.g. a demo one) is kept when the product is
 * saved. A new product takes paths only: its images are uploaded after it is created.
 */
function ImagesField({
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
  const busy = upload.isPending || remove.isPending;
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
    upload.mutate(
      { id: productId, file },
      {
        onSuccess: ({ image, message }) => {
          onChange([...value, image.path]);
          setOnServer((known) => new Set([...known, image.path]));
          notify.success(message);
        },
        onError: (failure) => setProblem(isApiError(failure) ? failure.message : MESSAGES.fileTypeNotAllowed),
      },
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
      {value.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Sem imagens: o catálogo mostra o produto sem foto.
        </Typography>
      ) : (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label="Imagens do produto">
          {value.map((image, index) => (
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
              <IconButton aria-label={`Remover a imagem ${image}`} onClick={() => drop(image)} disabled={busy}>
                <DeleteOutline />
              </IconButton>
            </Stack>
          ))}
        </Stack>
      )}
      {value.length < MAX_IMAGES && (
        <>
          {productId !== null && (
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
                    send(event.target.files?.[0]);
                    event.target.value = '';
                  }}
                />
              </Button>
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
                PNG, JPEG ou WebP de até 5 MB. A imagem entra no catálogo na hora.
              </Typography>
            </Box>
          )}
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

/**
 * 'Novo produto' / 'Editar produto': everything the contract has (name, description, grams per unit, fees and rates,
 * images, position, on sale). The stock is typed only for a new product; an existing one's changes only through
 * 'Ajustar estoque' (a delta the server applies with a guard) and sales, so its save sends no stock at all.
 */
export function ProductDialog({
  open,
  product,
  onClose,
}: {
  open: boolean;
  /** null: a new product */
  product: AdminProductType | null;
  onClose: () => void;
}) {
  const save = useSaveProductType();
  const { control, handleSubmit, setError } = useForm<ProductForm, unknown, ProductTypeInput>({
    resolver: zodResolver(ProductTypeRequest) as never,
    defaultValues: asForm(product),
  });
  const active = useWatch({ control, name: 'active' });

  const onSubmit = handleSubmit((input) => {
    const body = asBody(input);
    const { stock: _stock, ...withoutStock } = body;
    const request: ProductSave = product ? { id: product.id, product: withoutStock } : { id: null, product: body };
    save.mutate(request, closeOnSave(onClose, setError, FIELDS));
  });

  return (
    <FormDialog
      open={open}
      titleId="produto-title"
      title={product ? `Editar ${product.name}` : 'Novo produto'}
      submitLabel={product ? 'Salvar produto' : 'Criar produto'}
      pending={save.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <FormTextField
        control={control}
        name="name"
        label="Nome"
        required
        autoFocus
        slotProps={{ htmlInput: { maxLength: 120 } }}
      />
      <FormTextField
        control={control}
        name="description"
        label="Descrição"
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
      <FieldGrid>
        <FormDecimalField
          control={control}
          name="grams_per_unit"
          label="Peso por unidade"
          unit="g"
          max={MAX_GRAMS}
          required
          helperText="Prata de cada unidade"
        />
        {product ? (
          <TextField
            label="Estoque"
            value={units(product.stock)}
            disabled
            helperText="Mude pelo botão Ajustar estoque"
          />
        ) : (
          <FormTextField
            control={control}
            name="stock"
            label="Estoque inicial"
            helperText="Unidades prontas para envio"
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7 } }}
          />
        )}
      </FieldGrid>
      <Typography variant="subtitle2" component="h3">
        Taxas por unidade
      </Typography>
      <FieldGrid>
        <Controller
          control={control}
          name="minting_fee"
          render={({ field, fieldState }) => (
            <MoneyTextField label="Cunhagem" {...bindField(field, fieldState, 'Reais por unidade')} />
          )}
        />
        <FormPercentField
          control={control}
          name="insurance_rate"
          label="Seguro"
          helperText="Do valor de mercado da prata"
        />
        <FormPercentField control={control} name="pis_rate" label="PIS" helperText="Sobre o valor da operação" />
        <FormPercentField control={control} name="cofins_rate" label="COFINS" helperText="Sobre o valor da operação" />
      </FieldGrid>
      <Typography variant="body2" color="text.secondary">
        O ICMS e o DIFAL vêm da tabela por estado, na aba Taxas e impostos.
      </Typography>
      <Controller
        control={control}
        name="images"
        render={({ field, fieldState }) => (
          <ImagesField
            productId={product?.id ?? null}
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        )}
      />
      <FieldGrid>
        <FormTextField
          control={control}
          name="position"
          label="Posição no catálogo"
          helperText="Menor aparece primeiro"
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
        />
        <FormTextField
          control={control}
          name="icon"
          label="Ícone (opcional)"
          slotProps={{ htmlInput: { maxLength: 60 } }}
        />
      </FieldGrid>
      <FormSwitch control={control} name="active" label="À venda no catálogo" />
      {!active && <Alert severity="info">Fora do catálogo: ninguém pode comprar nem retirar este produto.</Alert>}
    </FormDialog>
  );
}

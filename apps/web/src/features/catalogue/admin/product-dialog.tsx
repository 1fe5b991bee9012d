import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { minorToDecimal, ProductTypeRequest, type ProductTypeInput } from '@prata/domain';
import { type Control, Controller, useForm, useWatch } from 'react-hook-form';
import { bindField } from '@/components/bind-field';
import { MoneyTextField } from '@/components/money-field';
import { type AdminProductType, type ProductSave, useSaveProductType } from './api';
import { decimalText, units } from './labels';
import { ImagesField } from './product-images-field';
import { closeOnSave, FieldGrid, FormDialog } from '@/components/admin/form-dialog';
import { useIntention } from '@/lib/intention';
import { FormDecimalField, FormPercentField } from '@/components/admin/form-decimal-field';
import { FormSwitch } from '@/components/admin/form-switch';
import { FormTextField } from '@/components/admin/form-text-field';

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

/** The largest unit (the contract's 100 kg). */
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
const asBody = ({
  grams_per_unit_cg,
  minting_fee_cents,
  insurance_rate_bps,
  pis_rate_bps,
  cofins_rate_bps,
  ...rest
}: ProductTypeInput): ProductTypeRequest => ({
  ...rest,
  grams_per_unit: minorToDecimal(grams_per_unit_cg),
  minting_fee: minorToDecimal(minting_fee_cents),
  insurance_rate: minorToDecimal(insurance_rate_bps),
  pis_rate: minorToDecimal(pis_rate_bps),
  cofins_rate: minorToDecimal(cofins_rate_bps),
});

type ProductControl = Control<ProductForm, unknown, ProductTypeInput>;

/** The silver in each unit, and the stock: typed for a new product, shown (changed by 'Ajustar estoque') otherwise. */
function WeightAndStock({ control, product }: { control: ProductControl; product: AdminProductType | null }) {
  return (
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
        <TextField label="Estoque" value={units(product.stock)} disabled helperText="Mude pelo botão Ajustar estoque" />
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
  );
}

/** What each unit pays on top of its silver: minting, insurance, PIS and COFINS. */
function UnitFees({ control }: { control: ProductControl }) {
  return (
    <>
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
    </>
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
  const intention = useIntention({ id: product?.id ?? null, form: useWatch({ control }) });

  const onSubmit = handleSubmit((input) => {
    const body = asBody(input);
    const { stock: _stock, ...withoutStock } = body;
    const request: ProductSave = product ? { id: product.id, product: withoutStock } : { id: null, product: body };
    const { onSuccess, onError } = closeOnSave(onClose, setError, FIELDS);
    void intention
      .run((key) => save.mutateAsync({ ...request, key }))
      .then((answer) => answer && onSuccess(answer), onError);
  });

  return (
    <FormDialog
      open={open}
      titleId="produto-title"
      title={product ? `Editar ${product.name}` : 'Novo produto'}
      submitLabel={product ? 'Salvar produto' : 'Criar produto'}
      pending={intention.busy}
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
      <WeightAndStock control={control} product={product} />
      <UnitFees control={control} />
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

import { zodResolver } from '@hookform/resolvers/zod';
import { type DataProcessor, DataProcessorRequest } from '@prata/domain';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { closeOnSave, FormDialog } from '@/components/admin/form-dialog';
import { FormSwitch } from '@/components/admin/form-switch';
import { FormTextField } from '@/components/admin/form-text-field';
import { useIntention } from '@/lib/intention';
import { type ProcessorBody, useSaveProcessor } from './api';

type Output = z.output<typeof DataProcessorRequest>;
const FIELDS = ['name', 'service', 'data_categories', 'purpose', 'legal_basis', 'country', 'active'] as const;

const asForm = (p: DataProcessor | null): ProcessorBody => ({
  name: p?.name ?? '',
  service: p?.service ?? '',
  data_categories: p?.data_categories ?? '',
  purpose: p?.purpose ?? '',
  legal_basis: p?.legal_basis ?? '',
  country: p?.country ?? 'Brasil',
  active: p?.active ?? true,
});

/** 'Novo operador de dados' / 'Editar': who receives customers' data, what, why and where (LGPD art. 18 VII). */
export function ProcessorDialog({ processor, onClose }: { processor: DataProcessor | null; onClose: () => void }) {
  const save = useSaveProcessor();
  const { control, handleSubmit, setError } = useForm<ProcessorBody, unknown, Output>({
    resolver: zodResolver(DataProcessorRequest),
    defaultValues: asForm(processor),
  });
  const intention = useIntention({ id: processor?.id ?? null, form: useWatch({ control }) });
  const onSubmit = handleSubmit((body) => {
    const { onSuccess, onError } = closeOnSave(onClose, setError, FIELDS);
    void intention
      .run((key) => save.mutateAsync({ id: processor?.id ?? null, body, key }))
      .then((answer) => answer && onSuccess(answer), onError);
  });
  return (
    <FormDialog
      open
      titleId="operador-dados-title"
      title={processor ? `Editar ${processor.name}` : 'Novo operador de dados'}
      submitLabel={processor ? 'Salvar' : 'Adicionar'}
      pending={intention.busy}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <FormTextField control={control} name="name" label="Nome" required fullWidth />
      <FormTextField control={control} name="service" label="Serviço prestado" required fullWidth />
      <FormTextField
        control={control}
        name="data_categories"
        label="Dados compartilhados"
        required
        fullWidth
        multiline
        minRows={2}
      />
      <FormTextField control={control} name="purpose" label="Finalidade" required fullWidth multiline minRows={2} />
      <FormTextField control={control} name="legal_basis" label="Base legal" required fullWidth />
      <FormTextField control={control} name="country" label="País onde os dados são tratados" required fullWidth />
      <FormSwitch control={control} name="active" label="Mostrar aos clientes (ativo)" />
    </FormDialog>
  );
}

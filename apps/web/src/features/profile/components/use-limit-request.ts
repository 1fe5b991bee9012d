import { zodResolver } from '@hookform/resolvers/zod';
import {
  CompanyTradingLimitIncreaseFields,
  MESSAGES,
  minorToDecimalText,
  TRADING_LIMIT_UNITS,
  TradingLimitIncreaseFields,
  type WithUnits,
  withUnits,
} from '@prata/domain';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import type { Company } from '@/lib/auth';
import { applyServerErrors } from '@/lib/form-errors';
import { useIntention } from '@/lib/intention';
import { notify } from '@/lib/notify';
import { useRequestLimitIncrease } from '../api/request-limit-increase';

/** At least one document and at most five go with a request (the server says the same). */
export const MAX_LIMIT_DOCUMENTS = 5;
const LIMIT_DOCUMENTS_MAX_MESSAGE = `Envie no máximo ${MAX_LIMIT_DOCUMENTS} documentos.`;

const FIELDS = [
  'new_limit',
  'net_worth',
  'monthly_income',
  'profession',
  'company_name',
  'company_cnpj',
  'other_info',
] as const;

type LimitInput = z.input<typeof TradingLimitIncreaseFields>;
type LimitOutput = WithUnits<z.output<typeof TradingLimitIncreaseFields>, typeof TRADING_LIMIT_UNITS>;

const EMPTY: LimitInput = {
  new_limit: '',
  net_worth: '',
  monthly_income: '',
  profession: '',
  company_name: '',
  company_cnpj: '',
  other_info: '',
};

export const fileKey = (file: File) => `${file.name}:${file.size}:${file.lastModified}`;

/**
 * The request for a higher limit: its fields (a company asks in its own name, so it has no profession nor employer),
 * the documents chosen (one to five, each once), and the submit, one intention per form filled (lib/intention.ts).
 */
export function useLimitRequest(currentLimitCents: number, company: Company | null) {
  const send = useRequestLimitIncrease();
  const [files, setFiles] = useState<File[]>([]);
  const [filesError, setFilesError] = useState<string | null>(null);
  const schema = useMemo(
    () =>
      withUnits(
        (company
          ? CompanyTradingLimitIncreaseFields.extend({
              profession: z.string(),
              company_name: z.string(),
              company_cnpj: z.string(),
            })
          : TradingLimitIncreaseFields
        ).superRefine((v, ctx) => {
          if (v.new_limit <= currentLimitCents) {
            ctx.addIssue({ code: 'custom', path: ['new_limit'], message: MESSAGES.newLimitTooLow });
          }
        }),
        TRADING_LIMIT_UNITS,
      ),
    [currentLimitCents, company],
  );
  const { control, handleSubmit, setError, reset } = useForm<LimitInput, unknown, LimitOutput>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY,
  });
  // one request per form filled, whatever the fingers do (lib/intention.ts)
  const intention = useIntention({ values: useWatch({ control }), files: files.map((f) => `${f.name}:${f.size}`) });

  const addFiles = (chosen: File[]) => {
    // The same file chosen twice is sent once.
    const next = [...files, ...chosen.filter((file) => !files.some((f) => fileKey(f) === fileKey(file)))];
    if (next.length > MAX_LIMIT_DOCUMENTS) notify.error(LIMIT_DOCUMENTS_MAX_MESSAGE);
    setFiles(next.slice(0, MAX_LIMIT_DOCUMENTS));
    setFilesError(null);
  };

  const checkFiles = () => {
    if (files.length === 0) {
      setFilesError(MESSAGES.limitDocumentsRequired);
      return false;
    }
    return true;
  };

  const onSubmit = handleSubmit(
    (v) => {
      if (!checkFiles()) return;
      // mutateAsync, not mutate's callbacks: on success the refreshed data replaces this form with the request
      // list, and callbacks given to mutate() do not run for a component that is gone.
      intention
        .run((key) =>
          send.mutateAsync({
            new_limit: minorToDecimalText(v.new_limit_cents),
            net_worth: minorToDecimalText(v.net_worth_cents),
            monthly_income: minorToDecimalText(v.monthly_income_cents),
            ...(company
              ? {}
              : { profession: v.profession, company_name: v.company_name, company_cnpj: v.company_cnpj }),
            other_info: v.other_info ?? '',
            documents: files,
            key,
          }),
        )
        .then(
          (answer) => {
            if (!answer) return;
            const { message } = answer;
            notify.success(message);
            reset(EMPTY);
            setFiles([]);
          },
          (error: unknown) => {
            const documentsError = (error as { errors?: Record<string, string[]> }).errors?.documents?.[0];
            if (documentsError) setFilesError(documentsError);
            applyServerErrors(error, setError, FIELDS);
          },
        );
    },
    () => {
      checkFiles();
    },
  );

  const removeFile = (index: number) => setFiles(files.filter((_, j) => j !== index));
  return { control, files, filesError, addFiles, removeFile, onSubmit, busy: intention.busy };
}

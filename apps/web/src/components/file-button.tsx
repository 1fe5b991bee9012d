import Button, { type ButtonProps } from '@mui/material/Button';
import { MESSAGES } from '@prata/domain';
import { type ChangeEvent, useRef } from 'react';
import { UPLOAD_ACCEPT, uploadProblem } from '@/lib/files';
import { notify } from '@/lib/notify';

/**
 * A button that opens the file chooser (PDF and images). Files above 5 MB or of another type are discarded here, when
 * chosen and before anything is sent, each named with the spec's message (spec 2 §5); the others reach `onFiles`.
 */
export function FileButton({
  onFiles,
  multiple = false,
  children,
  inputLabel,
  ...props
}: Omit<ButtonProps, 'onChange' | 'component'> & {
  onFiles: (files: File[]) => void;
  multiple?: boolean;
  /** The accessible name of the hidden input (tests and screen readers find it by this). */
  inputLabel: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    // The same file may be chosen again after a failure.
    event.target.value = '';
    const accepted: File[] = [];
    for (const file of chosen) {
      const problem = uploadProblem(file);
      if (problem) notify.error(MESSAGES.fileRefused(file.name, problem));
      else accepted.push(file);
    }
    if (accepted.length > 0) onFiles(accepted);
  };
  return (
    <>
      <Button {...props} onClick={() => input.current?.click()}>
        {children}
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        accept={UPLOAD_ACCEPT}
        multiple={multiple}
        aria-label={inputLabel}
        onChange={onChange}
      />
    </>
  );
}

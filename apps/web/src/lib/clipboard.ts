import { notify } from './notify';

/** The spec's notice after copying bank data (spec 2 §8). */
const COPIED_MESSAGE = 'Copiado para a área de transferência';

/**
 * Puts `text` on the clipboard and says so with `message`. The Clipboard API needs a secure context; elsewhere (the
 * dev server opened by a phone on the LAN) a selected, hidden textarea and execCommand('copy') do the same.
 */
export async function copyText(text: string, message: string = COPIED_MESSAGE): Promise<boolean> {
  let copied = false;
  if (navigator.clipboard?.writeText) {
    copied = await navigator.clipboard.writeText(text).then(
      () => true,
      () => false,
    );
  }
  if (!copied) copied = copyWithSelection(text);
  if (copied) notify.success(message);
  else notify.error('Não foi possível copiar. Selecione o texto e copie manualmente.');
  return copied;
}

function copyWithSelection(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

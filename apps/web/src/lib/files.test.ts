import { describe, expect, it } from 'vitest';
import { formatFileSize, MAX_UPLOAD_BYTES, uploadProblem } from './files';

describe('the 5 MB upload check', () => {
  it('accepts 5242880 bytes and refuses one byte more with the spec message', () => {
    expect(MAX_UPLOAD_BYTES).toBe(5_242_880);
    const pdf = { type: 'application/pdf', name: 'rg.pdf' };
    expect(uploadProblem({ ...pdf, size: 5_242_880 })).toBeNull();
    expect(uploadProblem({ ...pdf, size: 5_242_881 })).toBe(
      'O arquivo é muito grande. O tamanho máximo permitido é 5.00 MB.',
    );
  });

  it('takes PDFs and images only (by type, or by name when the browser gives none)', () => {
    const refused = 'Envie um arquivo PDF ou uma imagem (PNG, JPG, GIF ou WEBP).';
    for (const type of ['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp'])
      expect(uploadProblem({ size: 10, type, name: 'x' })).toBeNull();
    expect(uploadProblem({ size: 10, type: 'text/csv', name: 'planilha.csv' })).toBe(refused);
    expect(uploadProblem({ size: 10, type: 'image/heic', name: 'foto.heic' })).toBe(refused);
    expect(uploadProblem({ size: 10, type: '', name: 'FOTO.JPG' })).toBeNull();
    expect(uploadProblem({ size: 10, type: '', name: 'setup.exe' })).toBe(refused);
  });

  it('prints sizes in pt-BR', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1536)).toBe('1,5 KB');
    expect(formatFileSize(2_621_440)).toBe('2,5 MB');
  });
});

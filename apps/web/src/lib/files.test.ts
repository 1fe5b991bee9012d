import { describe, expect, it } from 'vitest';
import { formatFileSize, MAX_UPLOAD_BYTES, uploadProblem } from './files';

describe('the 5 MB upload check', () => {
  it('accepts 5242880 bytes and refuses one byte more with the spec message', () => {
    expect(MAX_UPLOAD_BYTES).toBe(5_242_880);
    expect(uploadProblem({ size: 5_242_880 })).toBeNull();
    expect(uploadProblem({ size: 5_242_881 })).toBe('O arquivo é muito grande. O tamanho máximo permitido é 5.00 MB.');
  });

  it('prints sizes in pt-BR', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1536)).toBe('1,5 KB');
    expect(formatFileSize(2_621_440)).toBe('2,5 MB');
  });
});

import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('command-line scripts', () => {
  it('npm run routes prints every API route, one "METHOD /path" per line', async () => {
    const { stdout } = await run('node', ['--import', 'tsx', 'src/scripts/routes.ts'], { cwd: serverDir });
    const lines = stdout.trim().split('\n');
    expect(lines.every((l) => /^(GET|POST|PUT|PATCH|DELETE) \/api\//.test(l))).toBe(true);
    expect(lines).toEqual(
      expect.arrayContaining(['POST /api/login', 'GET /api/cities/search/:text', 'PUT /api/company/:id']),
    );
    // a child process that loads the whole server: seconds when quiet, a minute on a busy machine
  }, 120_000);

  it('admin:create makes an operator on the embedded database, and grants a role to an existing account', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'prata-admin-'));
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development' };
    const args = [
      '--import',
      'tsx',
      'src/scripts/create-admin.ts',
      '--email',
      'Ana@Empresa.com.br',
      '--name',
      'Ana Operadora',
    ];
    const first = await run('node', args, { cwd: serverDir, env });
    expect(first.stdout).toMatch(/Operador criado: ana@empresa\.com\.br \(papel admin\)\. Senha: \S{8,}/);
    const second = await run('node', [...args, '--role', 'finance'], { cwd: serverDir, env });
    expect(second.stdout).toContain('já existia: papel finance concedido');
    await expect(
      run('node', ['--import', 'tsx', 'src/scripts/create-admin.ts', '--email', 'x'], { cwd: serverDir, env }),
    ).rejects.toMatchObject({ code: 2 });
    await rm(dataDir, { recursive: true, force: true });
  }, 180_000);
});

// `npm run admin:create -- --email ana@empresa.com --name "Ana Operadora" [--role admin] [--password ...]`
// Creates an operator (or grants a role to an existing account). Audited.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { EMAIL_MAX, EMAIL_SHAPE } from '@prata/domain';
import { loadConfig } from '@/config';
import { openDatabase } from '@/db/client';
import { lockDataDir } from '@/db/lock';
import { migrate } from '@/db/migrate';
import { users } from '@/db/schema/index';
import { writeAudit } from '@/lib/audit';
import { hashPassword } from '@/lib/passwords';
import { STAFF_ROLES, type StaffRole } from '@/plugins/auth';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    name: { type: 'string' },
    role: { type: 'string', default: 'admin' },
    password: { type: 'string' },
  },
});
if (!values.email || values.email.length > EMAIL_MAX || !EMAIL_SHAPE.test(values.email)) {
  console.error(
    'Uso: npm run admin:create -- --email EMAIL --name NOME [--role admin|compliance|finance|support|logistics] [--password SENHA]',
  );
  process.exit(2);
}
const role = values.role as StaffRole;
if (!STAFF_ROLES.includes(role)) {
  console.error(`Papel inválido: ${values.role}. Use um de: ${STAFF_ROLES.join(', ')}`);
  process.exit(2);
}
const config = loadConfig();
const release = config.databaseUrl ? undefined : await lockDataDir(config.dataDir);
const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'pgdata') });
try {
  await migrate(database);
  const email = values.email.toLowerCase();
  const password = values.password ?? randomBytes(9).toString('base64url');
  const passwordHash = await hashPassword(password);
  const created = await database.db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email));
    if (existing) {
      const roles = [...new Set([...existing.staffRoles, role])];
      await tx.update(users).set({ staffRoles: roles }).where(eq(users.id, existing.id));
      await writeAudit(tx, {
        actorUserId: null,
        action: 'staff.role_granted',
        targetType: 'user',
        targetId: existing.id,
        details: { role, via: 'cli' },
      });
      return false;
    }
    const [u] = await tx
      .insert(users)
      .values({
        name: values.name ?? 'Operador',
        email,
        passwordHash,
        accountType: 'individual',
        emailVerifiedAt: new Date(),
        staffRoles: [role],
      })
      .returning({ id: users.id });
    await writeAudit(tx, {
      actorUserId: null,
      action: 'staff.created',
      targetType: 'user',
      targetId: u!.id,
      details: { role, via: 'cli' },
    });
    return true;
  });
  console.log(
    created
      ? `Operador criado: ${email} (papel ${role}). Senha: ${password}\nEle entra em /login com e-mail, senha e o código enviado por e-mail, e acessa /admin.`
      : `A conta ${email} já existia: papel ${role} concedido.`,
  );
} finally {
  await database.close();
  await release?.();
}

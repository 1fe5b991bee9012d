import { randomUUID } from 'node:crypto';
import type { Db } from '@/db/client';
import { deviceFingerprint, parseUserAgent } from './device';
import { hasOpenDemoSession, insertSessions, userIdByEmail } from './repository';

/**
 * A few other devices of the demo customer for "Onde estou conectado" (`npm start`): a phone, a tablet and a computer,
 * from documentation addresses (RFC 5737, reached by no one), with no token: they can only be ended. Added again at a
 * start when none of them is still open (a session lasts a day at most).
 */
const DEMO_SESSIONS = [
  {
    ip: '198.51.100.23',
    city: 'São Paulo, SP',
    hoursAgo: 20,
    seenMinutesAgo: 35,
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  },
  {
    ip: '203.0.113.54',
    city: 'Rio de Janeiro, RJ',
    hoursAgo: 9,
    seenMinutesAgo: 180,
    userAgent:
      'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  },
  {
    ip: '192.0.2.77',
    city: null,
    hoursAgo: 3,
    seenMinutesAgo: 12,
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  },
] as const;

export async function seedDevicesDemo(db: Db, email = 'cliente@prata.dev'): Promise<void> {
  const userId = await userIdByEmail(db, email);
  if (userId === undefined) return;
  if (await hasOpenDemoSession(db, userId)) return;
  const now = Date.now();
  await insertSessions(
    db,
    DEMO_SESSIONS.map((s) => {
      const parsed = parseUserAgent(s.userAgent);
      const createdAt = new Date(now - s.hoursAgo * 3_600_000);
      return {
        id: randomUUID(),
        userId,
        createdAt,
        expiresAt: new Date(createdAt.getTime() + 24 * 3_600_000),
        lastSeenAt: new Date(now - s.seenMinutesAgo * 60_000),
        ip: s.ip,
        userAgent: s.userAgent,
        browser: parsed.browser,
        os: parsed.os,
        device: parsed.device,
        city: s.city,
        fingerprint: deviceFingerprint(parsed, s.ip),
      };
    }),
  );
}

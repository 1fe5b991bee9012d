import { logFailure } from '@/lib/log-failure';

/**
 * The city of an IP address, for "Onde estou conectado" (features/devices). Prata has no GeoIP database: the default
 * knows no city, and the screen says "Local desconhecido". A real lookup (a licensed database such as MaxMind's
 * GeoLite2 City, or a provider's API) implements this port and is chosen by configuration; it is asked once per
 * sign-in, before the session's transaction, and may answer null whenever it does not know.
 */
export type GeoIpPort = {
  name: string;
  /** "São Paulo, SP", or null when unknown. Never throws: a lookup that fails knows nothing. */
  cityOf(ip: string): Promise<string | null>;
};

/** The default: no database, no network, no city. */
export const noGeoIp: GeoIpPort = {
  name: 'none',
  async cityOf() {
    return null;
  },
};

/** Asks the port, and treats a failure or a slow answer as "unknown": a sign-in never waits on the lookup. */
export async function cityOf(port: GeoIpPort, ip: string | undefined, timeoutMs = 500): Promise<string | null> {
  if (!ip) return null;
  let timer: NodeJS.Timeout | undefined;
  try {
    const city = await Promise.race([
      port.cityOf(ip),
      new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), timeoutMs);
      }),
    ]);
    return typeof city === 'string' && city.trim() ? city.trim().slice(0, 120) : null;
  } catch (err) {
    logFailure(`geoip: ${port.name} failed; the session's city is unknown`, err, 'warn');
    return null;
  } finally {
    clearTimeout(timer);
  }
}

import type { Config } from '../config';
import { embeddedCpfStatus, nfeioCpfStatus, type CpfStatusPort } from './cpf-status/index';
import { localMailTransport, smtpMailTransport, type MailTransport } from './mail/index';
import { httpSmsTransport, localSmsTransport, type SmsTransport } from './sms/index';
import { diskStorage, type FileStorage } from './storage/index';

export type Adapters = { mail: MailTransport; sms: SmsTransport; cpfStatus: CpfStatusPort; storage: FileStorage };

/** Real clients when configured, embedded defaults otherwise. */
export function createAdapters(config: Config, env: NodeJS.ProcessEnv = process.env): Adapters {
  return {
    mail: config.smtpUrl ? smtpMailTransport(config.smtpUrl, config.mailFrom) : localMailTransport,
    sms: config.smsGatewayUrl ? httpSmsTransport(config.smsGatewayUrl, config.smsGatewayToken) : localSmsTransport,
    cpfStatus: env.NFEIO_API_KEY ? nfeioCpfStatus(env.NFEIO_API_KEY) : embeddedCpfStatus,
    storage: diskStorage(config.uploadsDir),
  };
}

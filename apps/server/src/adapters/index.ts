import type { Config } from '@/config';
import { cepPortFor, type CepPort } from './cep/index';
import { type ChatModelPort, chatModelPortFor } from './chat-model/index';
import { embeddedCpfStatus, nfeioCpfStatus, type CpfStatusPort } from './cpf-status/index';
import type { Db } from '@/db/client';
import { devMailboxTransports } from './dev-mailbox/index';
import { type GeoIpPort, noGeoIp } from './geoip/index';
import { smtpMailTransport, unconfiguredMailTransport, type MailTransport } from './mail/index';
import { type OutboundClient, outboundClient } from './outbound/index';
import { type PaymentsPort, paymentsPortFor } from './payments/index';
import { type ShippingPort, shippingPortFor } from './shipping/index';
import { httpSmsTransport, unconfiguredSmsTransport, type SmsTransport, zenviaSmsTransport } from './sms/index';
import { diskStorage, type FileStorage, s3Storage } from './storage/index';
import { type InvoicingPort, invoicingPortFor } from './invoicing/index';

export type Adapters = {
  mail: MailTransport;
  sms: SmsTransport;
  cpfStatus: CpfStatusPort;
  storage: FileStorage;
  cep: CepPort;
  payments: PaymentsPort;
  shipping: ShippingPort;
  chatModel: ChatModelPort;
  invoicing: InvoicingPort;
  /** the one way out for URLs a customer or partner can influence (push endpoints): no inside address, no redirect */
  outbound: OutboundClient;
  /** the city of a sign-in's address (features/devices): none by default, "Local desconhecido" */
  geoip: GeoIpPort;
};

/**
 * Real clients when configured, embedded defaults otherwise. Messages go to the local development mailbox only when
 * PRATA_DEV_MAILBOX=1 (config.ts refuses it in production and beside SMTP or an SMS provider). SMS go through Zenvia
 * (SMS_PROVIDER=zenvia) or a plain HTTP gateway (SMS_GATEWAY_URL).
 */
export function createAdapters(config: Config, env: NodeJS.ProcessEnv = process.env, db?: Db): Adapters {
  const mailbox = config.devMailbox && db ? devMailboxTransports(db) : undefined;
  return {
    mail: config.smtpUrl
      ? smtpMailTransport(config.smtpUrl, config.mailFrom)
      : (mailbox?.mail ?? unconfiguredMailTransport),
    sms: config.zenvia
      ? zenviaSmsTransport(config.zenvia)
      : config.smsProvider === 'http' && config.smsGatewayUrl
        ? httpSmsTransport(config.smsGatewayUrl, config.smsGatewayToken)
        : (mailbox?.sms ?? unconfiguredSmsTransport),
    cpfStatus: env.NFEIO_API_KEY ? nfeioCpfStatus(env.NFEIO_API_KEY) : embeddedCpfStatus,
    storage: config.storage.kind === 's3' ? s3Storage(config.storage) : diskStorage(config.uploadsDir),
    cep: cepPortFor(config.cepProvider, config.viaCepUrl),
    payments: paymentsPortFor({
      provider: config.paymentsProvider,
      webhookToken: config.paymentsWebhookToken,
      asaasApiKey: config.asaasApiKey,
      asaasBaseUrl: config.asaasBaseUrl,
      pixReceivingKey: config.pixReceivingKey,
      pixMerchantName: config.pixMerchantName,
      pixMerchantCity: config.pixMerchantCity,
    }),
    shipping: shippingPortFor({
      provider: config.shippingProvider,
      frenetToken: config.frenetToken,
      frenetUrl: config.frenetUrl,
    }),
    invoicing: invoicingPortFor({
      provider: config.invoicingProvider,
      production: config.env === 'production',
      nfeioApiKey: config.nfeioApiKey,
      nfeioCompanyId: config.nfeioCompanyId,
      nfeioCityServiceCode: config.nfeioCityServiceCode,
    }),
    chatModel: chatModelPortFor(config.chatModel),
    outbound: outboundClient({ allowAddresses: config.outboundAllow }),
    // no GeoIP database ships with Prata: a licensed one plugs in here (adapters/geoip)
    geoip: noGeoIp,
  };
}

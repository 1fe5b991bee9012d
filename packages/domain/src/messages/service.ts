/**
 * The server's answers about its own state (the database away or slow, more load than an instance serves): only the
 * server sends them and no screen holds them, so they stay out of COMMON_MESSAGES, which every first load carries.
 */
export const SERVICE_MESSAGES = {
  databaseUnavailable:
    'O serviço está temporariamente indisponível. Nada foi alterado; tente novamente em alguns segundos.',
  serverBusy: 'Muitas solicitações neste momento. Nada foi alterado; tente novamente em alguns segundos.',
  databaseTimeout:
    'O serviço demorou demais para responder e a operação foi interrompida. Tente novamente em alguns segundos.',
} as const;

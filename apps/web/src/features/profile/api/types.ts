import type { UserIndexResponse } from '@prata/domain';

/** The answers' types come from packages/domain's contracts (the server answers through the same schemas). */
export type { BankingInformation, DocumentInfo, TradingLimitRequest } from '@prata/domain';

/** GET /api/user/index: everything the /meus-dados tabs show. */
export type UserIndex = UserIndexResponse;

/** GET /api/user/index → user: the same object as GET /api/user. */
export type AccountUser = UserIndexResponse['user'];

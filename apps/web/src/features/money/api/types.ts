/** The answers' types come from packages/domain's contracts (the server answers through the same schemas). */
export type {
  CancelDepositResponse,
  Deposit,
  DepositOverviewResponse,
  DepositsPageResponse,
  PixDepositResponse,
  PixQrCodeResponse,
  ReceivingAccount,
  TedDepositResponse,
  WithdrawalCodeResponse,
  WithdrawalCreatedResponse,
  WithdrawalOverviewResponse,
} from '@prata/domain';

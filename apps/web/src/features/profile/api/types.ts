import type { RegisterFinishUser } from './get-register-finish';
import type { Address, Company } from '../../../lib/auth';

/** GET /api/user/index → user: the same object as GET /api/user. */
export type AccountUser = RegisterFinishUser & {
  approved_at: string | null;
  email_verified_at: string | null;
  /** reais, dot-decimal */
  trading_limit: number;
  balance_brl: number;
  balance_ag: number;
  company: Company | null;
};

export type DocumentInfo = {
  id: number;
  original_name: string;
  mime_type: string;
  size_bytes: number;
  created_at: string;
};

export type BankingInformation = {
  id: number;
  type: 'pix' | 'account';
  key_type: 'cpf' | 'cnpj' | 'email' | null;
  key: string | null;
  account_type: 'checking' | 'savings' | null;
  bank_number: string | null;
  branch_number: string | null;
  account_number: string | null;
  created_at: string;
};

export type TradingLimitRequest = {
  id: number;
  /** reais, dot-decimal */
  new_limit: number;
  net_worth: number;
  monthly_income: number;
  profession: string;
  company_name: string;
  company_cnpj: string;
  other_info: string | null;
  status: 'pending' | 'approved' | 'rejected';
  approved_limit: number | null;
  rejection_reason: string | null;
  reviewed_at: string | null;
  created_at: string;
};

export type UserIndex = {
  user: AccountUser;
  company: Company | null;
  addresses: Address[];
  documents: DocumentInfo[];
  bankingInformation: BankingInformation[];
  tradingLimitRequests: TradingLimitRequest[];
};

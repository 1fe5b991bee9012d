import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import CallReceivedOutlined from '@mui/icons-material/CallReceivedOutlined';
import CandlestickChartOutlined from '@mui/icons-material/CandlestickChartOutlined';
import ContactSupportOutlined from '@mui/icons-material/ContactSupportOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import GroupAddOutlined from '@mui/icons-material/GroupAddOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import type SvgIcon from '@mui/material/SvgIcon';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import PersonOutlineOutlined from '@mui/icons-material/PersonOutlineOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import SummarizeOutlined from '@mui/icons-material/SummarizeOutlined';
import EventRepeatOutlined from '@mui/icons-material/EventRepeatOutlined';
import SwapHorizOutlined from '@mui/icons-material/SwapHorizOutlined';

export type Section = {
  key: string;
  label: string;
  to: string;
  icon: typeof SvgIcon;
  /**
   * True once the section's route exists in the router. The drawer and the user menu show only enabled
   * sections, so the issue that adds a screen flips its flag here and nothing else.
   */
  enabled: boolean;
  /** For people only: a company account (account_type 'company') does not see it (the IRPF guide, docs/fiscal.md). */
  individualsOnly?: true;
};

export const SECTIONS: readonly Section[] = [
  { key: 'ordens', label: 'Ordens', to: '/ordens', icon: CandlestickChartOutlined, enabled: true },
  {
    key: 'adicionar-dinheiro',
    label: 'Adicionar dinheiro',
    to: '/adicionar-dinheiro',
    icon: AccountBalanceWalletOutlined,
    enabled: true,
  },
  {
    key: 'retirar-dinheiro',
    label: 'Retirar dinheiro',
    to: '/retirar-dinheiro',
    icon: CallReceivedOutlined,
    enabled: true,
  },
  { key: 'retirar-prata', label: 'Retirar prata', to: '/retirar-prata', icon: LocalShippingOutlined, enabled: true },
  {
    key: 'transferir-prata',
    label: 'Transferir prata',
    to: '/transferir-prata',
    icon: SwapHorizOutlined,
    enabled: true,
  },
  {
    key: 'alertas-de-preco',
    label: 'Alertas de preço',
    to: '/alertas-de-preco',
    icon: NotificationsActiveOutlined,
    enabled: true,
  },
  {
    key: 'poupanca-automatica',
    label: 'Poupança automática',
    to: '/poupanca-automatica',
    icon: EventRepeatOutlined,
    enabled: true,
  },
  { key: 'meus-dados', label: 'Meus dados', to: '/meus-dados', icon: PersonOutlineOutlined, enabled: true },
  { key: 'meu-historico', label: 'Meu histórico', to: '/meu-historico', icon: HistoryOutlined, enabled: true },
  { key: 'extrato', label: 'Extrato mensal', to: '/meu-historico/extrato', icon: SummarizeOutlined, enabled: true },
  { key: 'afiliados', label: 'Afiliados', to: '/afiliados', icon: GroupAddOutlined, enabled: true },
  { key: 'educacional', label: 'Educacional', to: '/educacional', icon: SchoolOutlined, enabled: true },
  { key: 'minhas-notas', label: 'Minhas notas', to: '/minhas-notas', icon: ReceiptLongOutlined, enabled: true },
  { key: 'irpf', label: 'IRPF', to: '/irpf', icon: DescriptionOutlined, enabled: true, individualsOnly: true },
  {
    key: 'prova-de-reservas',
    label: 'Prova de reservas',
    to: '/prova-de-reservas',
    icon: AccountBalanceOutlined,
    enabled: true,
  },
  { key: 'faqs', label: 'FAQ', to: '/faqs', icon: HelpOutlineOutlined, enabled: true },
  { key: 'contato', label: 'Contato', to: '/contato', icon: ContactSupportOutlined, enabled: true },
];

export const enabledSections = (): Section[] => SECTIONS.filter((section) => section.enabled);

export const sectionByKey = (key: string): Section | undefined => SECTIONS.find((section) => section.key === key);

/**
 * The order book (/ordens) exists once its section is enabled. Until then nothing may ask for prices from it: the
 * drawer's average price per gram is not shown and not fetched.
 */
export const ORDER_BOOK_OPEN = SECTIONS.some((section) => section.key === 'ordens' && section.enabled);

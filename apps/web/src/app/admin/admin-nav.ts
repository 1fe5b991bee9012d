import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import AutoDeleteOutlined from '@mui/icons-material/AutoDeleteOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import GroupAddOutlined from '@mui/icons-material/GroupAddOutlined';
import ManageSearchOutlined from '@mui/icons-material/ManageSearchOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import PrivacyTipOutlined from '@mui/icons-material/PrivacyTipOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import SavingsOutlined from '@mui/icons-material/SavingsOutlined';
import EventRepeatOutlined from '@mui/icons-material/EventRepeatOutlined';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import ShowChartOutlined from '@mui/icons-material/ShowChartOutlined';
import SwapHorizOutlined from '@mui/icons-material/SwapHorizOutlined';
import TrendingUpOutlined from '@mui/icons-material/TrendingUpOutlined';
import type SvgIcon from '@mui/material/SvgIcon';

export type AdminNavItem = { label: string; to: string; icon: typeof SvgIcon };

/** The back office's pages; a new one is appended here and its route in app/admin/admin-routes.tsx. */
export const ADMIN_NAV: readonly AdminNavItem[] = [
  { label: 'Clientes', to: '/admin/clientes', icon: PeopleAltOutlined },
  { label: 'Limites', to: '/admin/limites', icon: TrendingUpOutlined },
  { label: 'Depósitos', to: '/admin/depositos', icon: SavingsOutlined },
  { label: 'Retiradas', to: '/admin/retiradas', icon: PaymentsOutlined },
  { label: 'Mercado', to: '/admin/mercado', icon: ShowChartOutlined },
  { label: 'Prata física', to: '/admin/prata', icon: Inventory2Outlined },
  { label: 'Transferências', to: '/admin/transferencias', icon: SwapHorizOutlined },
  { label: 'Poupanças', to: '/admin/poupancas', icon: EventRepeatOutlined },
  { label: 'Reservas', to: '/admin/reservas', icon: AccountBalanceOutlined },
  { label: 'Afiliados', to: '/admin/afiliados', icon: GroupAddOutlined },
  { label: 'Vídeos', to: '/admin/videos', icon: SchoolOutlined },
  { label: 'Atendimento', to: '/admin/atendimento', icon: SupportAgentOutlined },
  { label: 'Privacidade', to: '/admin/privacidade', icon: PrivacyTipOutlined },
  { label: 'Retenção de dados', to: '/admin/retencao', icon: AutoDeleteOutlined },
  { label: 'Registro de auditoria', to: '/admin/auditoria', icon: ManageSearchOutlined },
  { label: 'Conferência do razão', to: '/admin/conferencia', icon: FactCheckOutlined },
];

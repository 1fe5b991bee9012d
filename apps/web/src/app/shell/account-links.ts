import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import type { User } from '@/lib/auth';
import { enabledSections, type Section } from './sections';

/**
 * What a signed-in person can open from the drawer: the enabled sections (but those for individuals when the account
 * is a company's), plus "Concluir cadastro" while the registration is incomplete and "Back office" for staff.
 */
export function accountLinks(user: User | undefined): Section[] {
  const links: Section[] = [];
  if (user && !user.registration_complete) {
    links.push({
      key: 'concluir-cadastro',
      label: 'Concluir cadastro',
      to: '/register/finish',
      icon: TaskAltOutlined,
      enabled: true,
    });
  }
  const company = user?.account_type === 'company';
  links.push(...enabledSections().filter((section) => !(company && section.individualsOnly)));
  if (user && user.staff_roles.length > 0) {
    links.push({ key: 'admin', label: 'Back office', to: '/admin', icon: AdminPanelSettingsOutlined, enabled: true });
  }
  return links;
}

export function firstName(name: string | undefined): string {
  return name?.trim().split(/\s+/)[0] ?? '';
}

export function initials(name: string | undefined): string {
  const parts = name?.trim().split(/\s+/).filter(Boolean) ?? [];
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

/**
 * The account button's accessible name: it begins with what the button shows, the initials and (from sm up) the first
 * name, so a voice user can say what they see (WCAG 2.5.3), then says what it opens and whose it is.
 */
export function accountMenuLabel(name: string): string {
  return `${initials(name)} ${firstName(name)}: menu da conta de ${name}`;
}

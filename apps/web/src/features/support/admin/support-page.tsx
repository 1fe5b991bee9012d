import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { PageHeader } from '@/components/page';
import { useSearchParams } from '@/lib/search-params';
import { CategoriesTab } from './categories-tab';
import { ContactTab } from './contact-tab';
import { FaqsTab } from './faqs-tab';
import { TicketsTab } from './tickets-tab';

const TABS = [
  { value: 'tickets', label: 'Tickets', Panel: TicketsTab },
  { value: 'faqs', label: 'Perguntas frequentes', Panel: FaqsTab },
  { value: 'contato', label: 'Contato', Panel: ContactTab },
  { value: 'categorias', label: 'Categorias', Panel: CategoriesTab },
] as const;
type TabValue = (typeof TABS)[number]['value'];

/** Atendimento (support role): the ticket queue, the FAQs, the contact information and the ticket categories. */
export function SupportPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const current = TABS.find((t) => t.value === searchParams.get('aba')) ?? TABS[0];
  return (
    <>
      <PageHeader title="Atendimento" description="Tickets de clientes e visitantes, perguntas frequentes e contato." />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2.5 }}>
        <Tabs
          value={current.value}
          onChange={(_event, next: TabValue) => setSearchParams(next === 'tickets' ? {} : { aba: next })}
          aria-label="Seções do atendimento"
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {TABS.map((t) => (
            <Tab
              key={t.value}
              value={t.value}
              label={t.label}
              id={`atendimento-tab-${t.value}`}
              aria-controls="atendimento-panel"
            />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id="atendimento-panel" aria-labelledby={`atendimento-tab-${current.value}`}>
        <current.Panel />
      </Box>
    </>
  );
}

export const Component = SupportPage;

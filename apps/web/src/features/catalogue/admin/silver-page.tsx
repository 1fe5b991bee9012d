import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { PageHeader } from '@/components/page';
import { useSearchParams } from '@/lib/search-params';
import { CouponsTab } from './coupons-tab';
import { ProductsTab } from './products-tab';
import { SettingsTab } from './settings-tab';
import { ShipmentsTab } from '@/features/silver-withdrawals/admin';

const TABS = [
  { value: 'envios', label: 'Envios', Panel: ShipmentsTab },
  { value: 'produtos', label: 'Produtos', Panel: ProductsTab },
  { value: 'cupons', label: 'Cupons', Panel: CouponsTab },
  { value: 'taxas', label: 'Taxas e impostos', Panel: SettingsTab },
] as const;
type TabValue = (typeof TABS)[number]['value'];

/**
 * Prata física: the orders of bars to pack and ship (logistics or finance), the product types and the house's bars,
 * the coupons, and the fees and taxes (finance). A tab the operator's roles do not reach shows the server's reason.
 */
export function SilverPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const current = TABS.find((t) => t.value === searchParams.get('aba')) ?? TABS[0];
  return (
    <>
      <PageHeader
        title="Prata física"
        description="Barras compradas e retiradas da custódia: envio, produtos, estoque, cupons e impostos."
      />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2.5 }}>
        <Tabs
          value={current.value}
          onChange={(_event, next: TabValue) => setSearchParams(next === 'envios' ? {} : { aba: next })}
          aria-label="Seções da prata física"
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {TABS.map((t) => (
            <Tab
              key={t.value}
              value={t.value}
              label={t.label}
              id={`prata-tab-${t.value}`}
              aria-controls="prata-panel"
            />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id="prata-panel" aria-labelledby={`prata-tab-${current.value}`}>
        <current.Panel />
      </Box>
    </>
  );
}

export const Component = SilverPage;

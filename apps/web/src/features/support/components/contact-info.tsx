import AccessTimeOutlined from '@mui/icons-material/AccessTimeOutlined';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import Instagram from '@mui/icons-material/Instagram';
import LaunchOutlined from '@mui/icons-material/LaunchOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import Telegram from '@mui/icons-material/Telegram';
import WhatsApp from '@mui/icons-material/WhatsApp';
import X from '@mui/icons-material/X';
import YouTube from '@mui/icons-material/YouTube';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { LoadError } from '@/components/paginated-table';
import { useContactInformation } from '../api/faqs';
import { contactLayout, mailHref, telHref } from '../rules';

const LINK_ICONS: Record<string, ReactNode> = {
  whatsapp_channel_url: <WhatsApp />,
  telegram_channel_url: <Telegram />,
  instagram_profile_url: <Instagram />,
  twitter_profile_url: <X />,
  youtube_channel_url: <YouTube />,
};

function Block({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Box role="group" aria-label={title}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5, color: 'text.secondary' }}>
        {icon}
        <Typography variant="subtitle2" component="h3" sx={{ color: 'text.primary' }}>
          {title}
        </Typography>
      </Stack>
      <Box sx={{ pl: 4 }}>{children}</Box>
    </Box>
  );
}

const Lines = ({ lines, href }: { lines: string[]; href?: (line: string) => string | null }) => (
  <>
    {lines.map((line) => {
      const to = href?.(line);
      return (
        <Typography key={line} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {to ? (
            <Link href={to} underline="hover">
              {line}
            </Link>
          ) : (
            line
          )}
        </Typography>
      );
    })}
  </>
);

/** The company's contact information (spec 3 "Entrar em contato"): identity, address, hours, phones, e-mails, links. */
export function ContactInformation() {
  const contact = useContactInformation();
  if (contact.isPending)
    return (
      <Skeleton variant="rounded" height={260} role="progressbar" aria-label="Carregando informações de contato" />
    );
  if (contact.isError) return <LoadError error={contact.error} onRetry={() => void contact.refetch()} />;
  const c = contactLayout(contact.data.info);
  const blocks: Array<{
    title: string;
    Icon: typeof PhoneOutlined;
    lines: string[];
    href?: (line: string) => string | null;
  }> = [
    { title: 'Empresa', Icon: BusinessOutlined, lines: c.company },
    { title: 'Endereço', Icon: PlaceOutlined, lines: c.address },
    { title: 'Horário de atendimento', Icon: AccessTimeOutlined, lines: c.hours },
    { title: 'Telefones', Icon: PhoneOutlined, lines: c.phones, href: telHref },
    { title: 'E-mails', Icon: EmailOutlined, lines: c.emails, href: mailHref },
  ];
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="contact-info-title">
      <Typography id="contact-info-title" variant="h3" component="h2" sx={{ mb: 2 }}>
        Fale com a Prata
      </Typography>
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' } }}>
        {blocks
          .filter((b) => b.lines.length > 0)
          .map(({ title, Icon, lines, href }) => (
            <Block key={title} title={title} icon={<Icon fontSize="small" />}>
              <Lines lines={lines} href={href} />
            </Block>
          ))}
      </Box>
      {c.links.length > 0 && (
        <Box sx={{ mt: 3 }}>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            Canais e redes sociais
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            {c.links.map((l) => (
              <Button
                key={l.key}
                href={l.url}
                target="_blank"
                rel="noopener noreferrer"
                variant="outlined"
                size="small"
                startIcon={LINK_ICONS[l.key]}
              >
                {l.label}
              </Button>
            ))}
          </Stack>
        </Box>
      )}
      {c.sisters.length > 0 && (
        <Box sx={{ mt: 3 }}>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            Empresas do grupo
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
            {c.sisters.map((s) => (
              <Link key={s.url} href={s.url} target="_blank" rel="noopener noreferrer" underline="hover">
                {s.name}
                <LaunchOutlined sx={{ fontSize: 14, ml: 0.5, verticalAlign: 'middle' }} />
              </Link>
            ))}
          </Stack>
        </Box>
      )}
    </Paper>
  );
}

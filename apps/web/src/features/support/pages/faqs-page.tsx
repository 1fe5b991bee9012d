import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LoadError } from '@/components/paginated-table';
import { RouterLink } from '@/components/router-link';
import { useFaqs } from '../api/faqs';
import { SupportFrame } from '../components/support-frame';

/** Perguntas frequentes (/faqs): an expandable list of questions and answers (spec 3); the answers' HTML is sanitized by the server. */
export function FaqsPage() {
  const faqs = useFaqs();
  return (
    <SupportFrame
      title="Perguntas frequentes"
      description="Respostas rápidas sobre custódia, ordens, taxas, depósitos e mais."
    >
      {faqs.isPending ? (
        <Stack spacing={1} aria-busy="true" role="progressbar" aria-label="Carregando">
          {[1, 2, 3, 4, 5].map((n) => (
            <Skeleton key={n} variant="rounded" height={56} />
          ))}
        </Stack>
      ) : faqs.isError ? (
        <LoadError error={faqs.error} onRetry={() => void faqs.refetch()} />
      ) : faqs.data.faqs.length === 0 ? (
        <Alert severity="info">Ainda não há perguntas publicadas.</Alert>
      ) : (
        <Box>
          {faqs.data.faqs.map((faq) => (
            <Accordion
              key={faq.id}
              disableGutters
              variant="outlined"
              sx={{ '&:not(:first-of-type)': { borderTop: 0 } }}
            >
              <AccordionSummary
                expandIcon={<ExpandMoreOutlined />}
                id={`faq-${faq.id}-header`}
                aria-controls={`faq-${faq.id}-content`}
              >
                <Typography component="h2" sx={{ fontWeight: 600, fontSize: '1rem' }}>
                  {faq.question}
                </Typography>
              </AccordionSummary>
              <AccordionDetails id={`faq-${faq.id}-content`}>
                <Typography
                  component="div"
                  color="text.secondary"
                  sx={{
                    '& p': { mt: 0, mb: 1.5 },
                    '& > :last-child': { mb: 0 },
                    '& ul, & ol': { pl: 3, mb: 1.5 },
                    '& a': { color: 'secondary.main' },
                    '& strong': { color: 'text.primary' },
                  }}
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitizes FAQ answers when saved and when read (docs/support.md)
                  dangerouslySetInnerHTML={{ __html: faq.answer }}
                />
              </AccordionDetails>
            </Accordion>
          ))}
        </Box>
      )}
      <Paper variant="outlined" sx={{ mt: 3, p: { xs: 2, sm: 2.5 } }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
        >
          <Typography>Não encontrou o que procurava? Nossa equipe responde pelo ticket e por e-mail.</Typography>
          <Button component={RouterLink} to="/contato" variant="contained" sx={{ flexShrink: 0 }}>
            Falar com a gente
          </Button>
        </Stack>
      </Paper>
    </SupportFrame>
  );
}

/** The page as the router loads it (lazyPage in app/router.tsx). @public */
export const Component = FaqsPage;

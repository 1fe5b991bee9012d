import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@prata/domain';
import { visuallyHidden } from '@/components/polite-announcer';
import { withAppLinks } from './app-links';
import type { ChatBubble } from './use-chat';

/** The source lines of a reply ("Fonte: ...", "Veja também: ...") are set apart from the answer. */
const isSourceLine = (paragraph: string) => /^(Fonte|Veja também):/.test(paragraph);

export function Bubble({ bubble, onTicket }: { bubble: ChatBubble; onTicket: () => void }) {
  const mine = bubble.role === 'user';
  return (
    <Box sx={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start' }}>
      <Box
        sx={{
          maxWidth: '85%',
          px: 1.5,
          py: 1,
          borderRadius: 2,
          borderTopRightRadius: mine ? 4 : undefined,
          borderTopLeftRadius: mine ? undefined : 4,
          bgcolor: mine ? 'primary.main' : 'grey.100',
          color: mine ? 'primary.contrastText' : 'text.primary',
          overflowWrap: 'anywhere',
        }}
      >
        <Typography component="span" sx={visuallyHidden}>
          {mine ? 'Você: ' : 'Auro: '}
        </Typography>
        {bubble.content.split(/\n{2,}/).map((paragraph, i) => (
          <Typography
            // the paragraphs of one message never move
            // biome-ignore lint/suspicious/noArrayIndexKey: static text split once
            key={i}
            variant={isSourceLine(paragraph) ? 'caption' : 'body2'}
            component="p"
            sx={{
              whiteSpace: 'pre-wrap',
              mt: i === 0 ? 0 : 1,
              color: isSourceLine(paragraph) ? 'text.secondary' : undefined,
              fontStyle: isSourceLine(paragraph) ? 'italic' : undefined,
            }}
          >
            {mine ? paragraph : withAppLinks(paragraph)}
          </Typography>
        ))}
        {bubble.offerTicket && (
          <Button
            size="small"
            variant="outlined"
            color="secondary"
            onClick={onTicket}
            sx={{ mt: 1, bgcolor: 'background.paper' }}
          >
            {MESSAGES.chatOpenTicket}
          </Button>
        )}
      </Box>
    </Box>
  );
}

export function TypingIndicator() {
  return (
    <Box role="status" aria-label="Auro está digitando" sx={{ display: 'flex' }}>
      <Box
        sx={{
          display: 'flex',
          gap: 0.5,
          px: 1.5,
          py: 1.25,
          borderRadius: 2,
          borderTopLeftRadius: 4,
          bgcolor: 'grey.100',
          '@keyframes auroTyping': { '0%, 80%, 100%': { opacity: 0.25 }, '40%': { opacity: 1 } },
        }}
      >
        {[0, 1, 2].map((i) => (
          <Box
            key={i}
            sx={{
              width: 7,
              height: 7,
              borderRadius: '50%',
              bgcolor: 'text.secondary',
              animation: 'auroTyping 1.2s infinite',
              animationDelay: `${i * 0.2}s`,
            }}
          />
        ))}
      </Box>
    </Box>
  );
}

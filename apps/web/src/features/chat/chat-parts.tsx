import CloseIcon from '@mui/icons-material/Close';
import SendIcon from '@mui/icons-material/Send';
import SmartToyOutlined from '@mui/icons-material/SmartToyOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CHAT_MESSAGE_MAX, MESSAGES } from '@prata/domain';
import type { FormEvent, KeyboardEvent, RefObject } from 'react';

/** The panel's title bar: Auro, what it is, and the close button. */
export function ChatHeader({ onClose }: { onClose: () => void }) {
  return (
    <Stack
      direction="row"
      spacing={1.5}
      sx={{ alignItems: 'center', px: 2, py: 1.25, bgcolor: 'primary.dark', color: 'common.white' }}
    >
      <Avatar sx={{ bgcolor: 'secondary.main', width: 36, height: 36 }}>
        <SmartToyOutlined fontSize="small" />
      </Avatar>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, lineHeight: 1.2 }}>
          Auro
        </Typography>
        <Typography variant="caption" sx={{ opacity: 0.8 }}>
          Assistente virtual da Prata
        </Typography>
      </Box>
      <IconButton aria-label="Fechar o chat" onClick={onClose} sx={{ color: 'inherit' }}>
        <CloseIcon />
      </IconButton>
    </Stack>
  );
}

type ComposerProps = {
  text: string;
  onText: (text: string) => void;
  onSubmit: (event?: FormEvent) => void;
  answering: boolean;
  inputRef: RefObject<HTMLTextAreaElement | null>;
  onTicket: () => void;
  onEnd: () => void;
};

/** The message field (Enter sends, Shift+Enter breaks the line), 'Abrir ticket' and 'Encerrar conversa'. */
export function ChatComposer({ text, onText, onSubmit, answering, inputRef, onTicket, onEnd }: ComposerProps) {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      onSubmit();
    }
  };
  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ px: 1.5, pt: 1, borderTop: 1, borderColor: 'divider' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-end' }}>
        <TextField
          inputRef={inputRef}
          value={text}
          onChange={(e) => onText(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Digite sua pergunta"
          multiline
          maxRows={4}
          size="small"
          fullWidth
          slotProps={{ htmlInput: { 'aria-label': 'Sua mensagem', maxLength: CHAT_MESSAGE_MAX } }}
        />
        <IconButton type="submit" color="secondary" aria-label="Enviar mensagem" disabled={answering}>
          <SendIcon />
        </IconButton>
      </Stack>
      <Stack direction="row" sx={{ justifyContent: 'space-between', py: 0.5 }}>
        <Button size="small" color="secondary" onClick={onTicket}>
          {MESSAGES.chatOpenTicket}
        </Button>
        <Button size="small" color="inherit" onClick={onEnd}>
          {MESSAGES.chatEnd}
        </Button>
      </Stack>
    </Box>
  );
}

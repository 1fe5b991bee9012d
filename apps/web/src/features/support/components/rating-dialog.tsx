import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { TICKET_RATING_TEXT_MAX } from '@prata/domain';
import { useId, useState } from 'react';
import { useIntention } from '@/lib/intention';
import { notify } from '@/lib/notify';
import { useRateTicket } from '../api/tickets';
import { canSubmitRating } from '../rules';

const STAR_LABELS: Record<number, string> = { 1: 'Péssimo', 2: 'Ruim', 3: 'Regular', 4: 'Bom', 5: 'Ótimo' };

/**
 * 'Avaliar atendimento': 1 to 5 stars and an optional comment; submit is disabled without stars (spec 3 §5).
 * `onExited` runs once it has closed: the page puts the focus back where a keyboard user can go on (lib/focus.ts).
 */
export function RatingDialog({
  ticketId,
  open,
  onClose,
  onExited,
}: {
  ticketId: number;
  open: boolean;
  onClose: () => void;
  onExited?: (node: HTMLElement) => void;
}) {
  const rate = useRateTicket();
  const [stars, setStars] = useState<number | null>(null);
  const [hover, setHover] = useState(-1);
  const [description, setDescription] = useState('');
  const labelId = useId();
  const shown = hover !== -1 ? hover : stars;
  const rating = { id: ticketId, stars: stars!, description: description.trim() || null };
  const intention = useIntention(rating);

  const submit = () => {
    if (!canSubmitRating(stars)) return;
    intention
      .run((key) => rate.mutateAsync({ ...rating, key }))
      .then((answer) => {
        if (!answer) return;
        notify.success(answer.message);
        onClose();
      }, notify.error);
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby={`${labelId}-title`}
      slotProps={{ transition: { onExited } }}
    >
      <DialogTitle id={`${labelId}-title`}>Avaliar atendimento</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>Este ticket foi fechado. Como foi o nosso atendimento?</DialogContentText>
        <Stack spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
          <Rating
            name={`rating-${ticketId}`}
            value={stars}
            size="large"
            onChange={(_event, value) => setStars(value)}
            onChangeActive={(_event, value) => setHover(value)}
            getLabelText={(value) => `${value} ${value === 1 ? 'estrela' : 'estrelas'}`}
          />
          <Typography variant="body2" color="text.secondary" sx={{ minHeight: 20 }} aria-live="polite">
            {shown ? STAR_LABELS[shown] : 'Escolha de 1 a 5 estrelas'}
          </Typography>
        </Stack>
        <TextField
          label="Comentário (opcional)"
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          fullWidth
          multiline
          minRows={3}
          slotProps={{ htmlInput: { maxLength: TICKET_RATING_TEXT_MAX } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Agora não</Button>
        <Button variant="contained" onClick={submit} disabled={!canSubmitRating(stars) || intention.busy}>
          Enviar avaliação
        </Button>
      </DialogActions>
    </Dialog>
  );
}

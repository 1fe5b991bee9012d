import EditOutlined from '@mui/icons-material/EditOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * One step of the withdrawal wizard (spec 3 §4): open while it is the current step; once done, locked, showing what
 * was chosen and 'Alterar', which opens it again (and the later steps start over).
 */
export function WizardSection({
  number,
  title,
  locked,
  summary,
  onChange,
  disabled,
  children,
}: {
  number: number;
  title: string;
  locked: boolean;
  summary?: ReactNode;
  onChange?: () => void;
  disabled?: boolean;
  children?: ReactNode;
}) {
  const id = `retirada-passo-${number}`;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={id}
      sx={{
        p: { xs: 2, sm: 3 },
        borderColor: !locked && !disabled ? 'primary.light' : undefined,
      }}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: locked || disabled ? 0 : 2 }}>
        <Box
          aria-hidden
          sx={{
            width: 28,
            height: 28,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            fontWeight: 700,
            fontSize: '0.875rem',
            flexShrink: 0,
            // a later step is drawn as an outlined circle, not faded: its title keeps 4.5:1 (WCAG 1.4.3)
            bgcolor: locked ? 'success.main' : disabled ? 'transparent' : 'primary.main',
            color: disabled && !locked ? 'text.secondary' : 'common.white',
            border: disabled && !locked ? 1 : 0,
            borderColor: 'text.secondary',
          }}
        >
          {locked ? <LockOutlined sx={{ fontSize: 16 }} /> : number}
        </Box>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography id={id} variant="h5" component="h2" color={disabled ? 'text.secondary' : undefined}>
            {title}
          </Typography>
          {locked && summary && (
            <Typography component="div" variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {summary}
            </Typography>
          )}
        </Box>
        {locked && onChange && (
          <Button
            size="small"
            startIcon={<EditOutlined />}
            onClick={onChange}
            aria-label={`Alterar ${title.toLowerCase()}`}
          >
            Alterar
          </Button>
        )}
      </Stack>
      {!locked && !disabled && children}
    </Paper>
  );
}

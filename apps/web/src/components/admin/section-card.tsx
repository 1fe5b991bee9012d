import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A titled card of the customer page. */
export function SectionCard({
  title,
  action,
  children,
  id,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
  id?: string;
}) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={id ? `${id}-title` : undefined}
      id={id}
      sx={{ p: { xs: 2, sm: 2.5 } }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}>
        <Typography variant="h5" component="h2" id={id ? `${id}-title` : undefined}>
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}

import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { AuditEntry } from '../api/get-audit-log';

/** Who did it: an operator, the customer, or the system (command-line scripts). */
export function AuditActorCell({ entry }: { entry: AuditEntry }) {
  if (!entry.actor) {
    return (
      <Typography variant="body2" color="text.secondary">
        Sistema
      </Typography>
    );
  }
  return (
    <>
      <Typography variant="body2">{entry.actor.name}</Typography>
      <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {entry.actor.email}
      </Typography>
    </>
  );
}

/** What happened, in Portuguese, with one line per fact ("Celular: de ... para ..."). */
export function AuditActionCell({ entry, showTarget = false }: { entry: AuditEntry; showTarget?: boolean }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {entry.description}
      </Typography>
      {showTarget && entry.target && (
        <Typography variant="caption" color="text.secondary" component="p">
          {entry.target}
        </Typography>
      )}
      {entry.details.length > 0 && (
        <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
          {entry.details.map((line) => (
            <Typography
              key={line}
              component="li"
              variant="body2"
              color="text.secondary"
              sx={{ overflowWrap: 'anywhere' }}
            >
              {line}
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
}

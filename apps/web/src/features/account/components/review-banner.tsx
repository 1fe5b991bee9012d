import HourglassTopOutlined from '@mui/icons-material/HourglassTopOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { MESSAGES } from '@prata/domain';

/** "Cadastro em análise" while no operator has approved the registration; nothing once it is approved. */
export function ReviewBanner({ approvedAt }: { approvedAt: string | null }) {
  if (approvedAt) return null;
  return (
    <Alert severity="info" icon={<HourglassTopOutlined />} sx={{ mb: 3 }}>
      <AlertTitle>Cadastro em análise</AlertTitle>
      {MESSAGES.registrationUnderReview}
    </Alert>
  );
}

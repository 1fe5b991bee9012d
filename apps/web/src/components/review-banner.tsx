import HourglassTopOutlined from '@mui/icons-material/HourglassTopOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { MESSAGES } from '@prata/domain';

/**
 * "Cadastro em análise" while no operator has approved the registration, the refusal and its reason when an operator
 * refused it, nothing once it is approved.
 */
export function ReviewBanner({
  approvedAt,
  rejectionReason,
}: {
  approvedAt: string | null;
  rejectionReason?: string | null;
}) {
  if (approvedAt) return null;
  if (rejectionReason) {
    return (
      <Alert severity="warning" sx={{ mb: 3 }}>
        <AlertTitle>Cadastro recusado</AlertTitle>
        {MESSAGES.registrationRejected(rejectionReason)}
      </Alert>
    );
  }
  return (
    <Alert severity="info" icon={<HourglassTopOutlined />} sx={{ mb: 3 }}>
      <AlertTitle>Cadastro em análise</AlertTitle>
      {MESSAGES.registrationUnderReview}
    </Alert>
  );
}

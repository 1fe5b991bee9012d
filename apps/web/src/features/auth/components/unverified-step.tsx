import { EmailVerificationNotice } from '@/components/email-verification-notice';
import type { LoginUser } from '@/lib/session';
import { useResendVerificationLink } from '../api/resend-verification-link';

/** After the password, for an account whose e-mail is not verified yet: the notice, and 'send the link again'. */
export function UnverifiedStep({ user }: { user: LoginUser }) {
  const resendLink = useResendVerificationLink(user.id);
  return <EmailVerificationNotice email={user.email} onResend={resendLink.resend} resending={resendLink.isPending} />;
}

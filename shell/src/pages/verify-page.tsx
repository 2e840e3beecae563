/** /verify/:token: confirms the e-mail address of a new account. */
import { useParams } from 'react-router';
import { verifySchema } from '@meridian/shared/contract/auth';
import { Verification } from './parts/verification';

export default function VerifyPage() {
  const { token } = useParams();
  // A link cut short (copied in part) is reported at once rather than sent to the server.
  const parsed = verifySchema.safeParse({ token });
  return <Verification path="/api/auth/verify" body={parsed.success ? parsed.data : null} />;
}

/** /account/verification/:userId/:token: confirms the address of that user; it needs no sign-in. */
import { useParams } from 'react-router';
import { verificationSchema } from '@meridian/shared/contract/auth';
import { Verification } from './parts/verification';

export default function AccountVerificationPage() {
  const { userId, token } = useParams();
  const parsed = verificationSchema.safeParse({ userId, token });
  return <Verification path="/api/auth/verification" body={parsed.success ? parsed.data : null} />;
}

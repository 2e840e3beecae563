/** /spousalconsent: a spouse's consent to a loan application. */
import { ConsentFormPage } from './consent-form-page';

export default function SpousalConsentPage() {
  return <ConsentFormPage kind="spousal" />;
}

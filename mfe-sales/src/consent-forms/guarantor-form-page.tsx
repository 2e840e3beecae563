/** /guarantorform: a guarantor's undertaking for a loan application. */
import { ConsentFormPage } from './consent-form-page';

export default function GuarantorFormPage() {
  return <ConsentFormPage kind="guarantor" />;
}

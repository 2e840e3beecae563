/** The consent form screens (issue 21): a spouse's consent and a guarantor's form for a loan application. */
import type { DomainRoute } from '@meridian/shared/module/domain-module';
import { screenRoute } from '@meridian/shared/module/area-routes';
import { consentForms } from '@meridian/shared/contract/areas/sales';

export const consentFormRoutes: DomainRoute[] = [
  screenRoute(consentForms, 'spousalConsent', () => import('./spousal-consent-page'), { title: 'Spousal consent' }),
  screenRoute(consentForms, 'guarantorForm', () => import('./guarantor-form-page'), { title: 'Guarantor form' }),
];

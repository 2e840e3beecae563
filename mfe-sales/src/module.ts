/** Clients, complaints and sales: the daily tool of field agents and their managers. */
import { domainModule } from '@meridian/shared/module/area-routes';
import { salesArea } from '@meridian/shared/contract/areas/sales';
import { clientRoutes } from './clients/client-routes';
import { leadRoutes } from './leads/lead-routes';
import { activityRoutes } from './activities/activity-routes';
import { activityPlanRoutes } from './activity-plans/activity-plan-routes';
import { teamRoutes } from './teams/team-routes';
import { productRoutes } from './products/product-routes';
import { loanRoutes } from './loans/loan-routes';
import { disbursementRoutes } from './disbursements/disbursement-routes';
import { csvUploadRoutes } from './csv-upload/csv-upload-routes';
import { paymentRoutes } from './payments/payment-routes';
import { ussdRoutes } from './ussd/ussd-routes';
import { consentFormRoutes } from './consent-forms/consent-form-routes';
import { keepMyWorkForOffline } from './activities/my-work-offline';

// Field users' day is kept on their device from the moment the area is loaded (offline My Work).
keepMyWorkForOffline();

const salesModule = domainModule(salesArea, [
  ...clientRoutes,
  ...paymentRoutes,
  ...ussdRoutes,
  ...leadRoutes,
  ...activityRoutes,
  ...activityPlanRoutes,
  ...teamRoutes,
  ...productRoutes,
  ...loanRoutes,
  ...disbursementRoutes,
  ...csvUploadRoutes,
  ...consentFormRoutes,
]);

export default salesModule;

/** The addresses of the USSD screens and the API calls they make (paths from the sales area data). */
import { ussd } from '@meridian/shared/contract/areas/sales';
import { apiPath } from '@meridian/shared/http/api-path';

export const USSD_PATHS = ussd.screens;

export const USSD_API = {
  clients: apiPath(ussd.api.clients),
  deregister: (clientId: string) => apiPath(ussd.api.deregister, { id: clientId }),
  sessions: apiPath(ussd.api.sessions),
  session: (id: string) => apiPath(ussd.api.session, { id }),
  dashboard: apiPath(ussd.api.dashboard),
};

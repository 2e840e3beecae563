/** Communications: the e-mail client, scheduled messages, chat and bulk SMS. */
import { domainModule, overviewRoutes } from '@meridian/shared/module/area-routes';
import { bulkSms, chat, commsArea, email, scheduledMessages } from '@meridian/shared/contract/areas/comms';

const commsModule = domainModule(commsArea, [
  ...overviewRoutes(email, { folder: 'Email', byLabel: 'Email by label', read: 'Read email' }),
  ...overviewRoutes(scheduledMessages, { list: 'Scheduled messages', create: 'New scheduled message', edit: 'Edit scheduled message' }),
  ...overviewRoutes(chat, { view: 'Chat' }),
  ...overviewRoutes(bulkSms, { list: 'Bulk SMS', view: 'SMS', edit: 'Edit SMS' }),
]);

export default commsModule;

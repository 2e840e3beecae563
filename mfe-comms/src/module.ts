/** Communications: the e-mail client, scheduled messages, chat and bulk SMS. */
import { overviewRoute as page, type DomainModule } from '@meridian/shared/module/domain-module';

const commsModule: DomainModule = {
  id: 'comms',
  title: 'Communications',
  permissions: ['COMMUNICATIONS', 'COMMUNICATIONS/EMAIL', 'COMMUNICATIONS/SCHEDULED', 'COMMUNICATIONS/CHAT', 'COMMUNICATIONS/SMS'],
  menu: [
    {
      label: 'Communications', order: 20, icon: 'mail',
      children: [
        { label: 'Email', path: '/comms/email/inbox/folderType', permissions: ['COMMUNICATIONS/EMAIL'] },
        { label: 'Bulk SMS', path: '/comms/sms', permissions: ['COMMUNICATIONS/SCHEDULED'] },
      ],
    },
  ],
  routes: [
    page('/comms/email/:id/folderType', 'Email', ['COMMUNICATIONS/EMAIL']),
    page('/comms/email/:id/emailsByLabel', 'Email by label', ['COMMUNICATIONS/EMAIL']),
    page('/comms/email/reademail/:id', 'Read email', ['COMMUNICATIONS/EMAIL']),
    page('/comms/scheduled', 'Scheduled messages', ['COMMUNICATIONS/SCHEDULED']),
    page('/comms/scheduled/create', 'New scheduled message', ['COMMUNICATIONS/SCHEDULED']),
    page('/comms/scheduled/:id/edit', 'Edit scheduled message', ['COMMUNICATIONS/SCHEDULED']),
    page('/comms/chat', 'Chat', ['COMMUNICATIONS/CHAT']),
    page('/comms/sms', 'Bulk SMS', ['COMMUNICATIONS/SMS', 'COMMUNICATIONS/SCHEDULED']),
    page('/comms/sms/:id', 'SMS', ['COMMUNICATIONS/SMS', 'COMMUNICATIONS/SCHEDULED']),
    page('/comms/sms/:id/edit', 'Edit SMS', ['COMMUNICATIONS/SMS', 'COMMUNICATIONS/SCHEDULED']),
  ],
};

export default commsModule;

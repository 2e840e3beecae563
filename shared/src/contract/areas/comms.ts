/** The communications area (remote `comms`): the e-mail client, scheduled messages, chat and bulk SMS. */
import { area, resource, type MenuSection } from './area';

const communications: MenuSection = { label: 'Communications', order: 20, icon: 'mail' };

export const email = resource({
  screens: { folder: '/comms/email/:id/folderType', byLabel: '/comms/email/:id/emailsByLabel', read: '/comms/email/reademail/:id' },
  can: { read: ['COMMUNICATIONS/EMAIL'] },
  guards: { folder: 'read', byLabel: 'read' },
  menu: { section: communications, label: 'Email', order: 10, screen: 'folder', params: { id: 'inbox' } },
});

export const scheduledMessages = resource({
  screens: { list: '/comms/scheduled', create: '/comms/scheduled/create', edit: '/comms/scheduled/:id/edit' },
  can: { read: ['COMMUNICATIONS/SCHEDULED'] },
  guards: { create: 'read', edit: 'read' },
});

export const chat = resource({ screens: { view: '/comms/chat' }, can: { read: ['COMMUNICATIONS/CHAT'] }, guards: { view: 'read' } });

export const bulkSms = resource({
  screens: { list: '/comms/sms', view: '/comms/sms/:id', edit: '/comms/sms/:id/edit' },
  can: { read: ['COMMUNICATIONS/SMS', 'COMMUNICATIONS/SCHEDULED'], menu: ['COMMUNICATIONS/SCHEDULED'] },
  guards: { view: 'read', edit: 'read' },
  menu: { section: communications, label: 'Bulk SMS', order: 20, can: 'menu' },
});

/** The notification bell: putting a notification in someone else's bell. */
export const notifications = resource({
  api: { unread: '/notification/unreadnotifications' },
  can: { notifyOthers: ['COMMUNICATIONS'] },
});

export const commsArea = area({
  id: 'comms',
  title: 'Communications',
  resources: { email, scheduledMessages, chat, bulkSms, notifications },
  alsoIntroduces: ['COMMUNICATIONS'],
});

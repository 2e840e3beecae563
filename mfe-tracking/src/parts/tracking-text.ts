/**
 * Every text of the tracking screens, defined once (the tracking spec leaves them to us). Texts that
 * the whole product shares (Save, Delete, Try again, the offline notice) come from shared/messages.
 */

/** The names of the event types a notification is raised for; another type shows as it came. */
export const NOTIFICATION_TYPE_NAMES: Record<string, string> = {
  geofenceEnter: 'Geofence enter',
  geofenceExit: 'Geofence exit',
  alarm: 'Alarm',
};
export const notificationTypeName = (type: string) => NOTIFICATION_TYPE_NAMES[type] ?? type;
export const newNotificationsText = (count: number) =>
  count === 1 ? '1 new notification has arrived.' : `${count.toLocaleString()} new notifications have arrived.`;
export const moreThanShown = (count: number, shown: number) => (count > shown ? `and ${(count - shown).toLocaleString()} more` : '');
export const deleteCommandQuestion = (description: string) => `Delete the saved command ${description}?`;
export const commandAnsweredText = (device: string, answer: string) => `${device} answered: ${answer}`;
export const commandFailedText = (device: string, why: string) => `${device} did not take the command. ${why}`;
export const markSelectedText = (count: number) => `Mark ${count.toLocaleString()} as read`;

export const TRACKING_TEXT = {
  // Device status (online / offline / unknown, from the last contact)
  online: 'Online',
  offline: 'Offline',
  unknown: 'Unknown',
  allStatuses: 'All statuses',
  filterByStatus: 'Filter by status',

  // Live map
  liveMap: 'Live map',
  mapLabel: 'Live map of the devices',
  devices: 'Devices',
  deviceList: 'Device list',
  searchDevices: 'Search devices by name or unique id',
  noDevices: 'No devices to show.',
  noDevicesMatch: 'No device matches this search.',
  showDeviceList: 'Show the device list',
  showGeofences: 'Show geofences',
  lastUpdate: 'Last update',
  neverHeardFrom: 'Never heard from',
  noPositionYet: 'No position yet',
  selectedDevice: 'Selected device',
  closeDevice: 'Close',
  following: 'Following on the map',
  speed: 'Speed',
  course: 'Course',
  ignition: 'Ignition',
  ignitionOn: 'On',
  ignitionOff: 'Off',
  battery: 'Battery',
  odometer: 'Odometer',
  satellites: 'Satellites',
  fixTime: 'Position time',
  position: 'Position',
  address: 'Address',
  findAddress: 'Find the address',
  noAddress: 'No address was found for this position.',
  mapTilesFailed: 'Map tiles could not be loaded: the map shows country outlines only.',
  mapFailed: 'The map could not be shown. The device list still works.',
  devicesOnMap: 'devices',
  clusterOf: 'devices here: zoom in',
  openTrips: 'Trips',
  showOnMap: 'Map',

  // Replay
  replay: 'Replay route',
  replayPeriod: 'Replay period',
  loadReplay: 'Show the route',
  stopReplay: 'Back to live',
  play: 'Play',
  pause: 'Pause',
  replayPosition: 'Replay position',
  noPositionsInPeriod: 'No positions in this period.',
  replayFailed: 'The route could not be loaded.',

  // Notifications
  notificationFrom: 'Tracking',
  notifications: 'Notifications',
  noNotifications: 'No notifications in this view.',
  searchNotifications: 'Search the messages',
  notificationType: 'Type',
  allTypes: 'All types',
  filterByType: 'Filter by type',
  allDevices: 'All devices',
  filterByDevice: 'Filter by device',
  notificationPeriod: 'Days',
  unreadOnly: 'Unread only',
  message: 'Message',
  time: 'Time',
  read: 'Read',
  unread: 'Unread',
  markRead: 'Mark as read',
  markAllRead: 'Mark all as read',
  markedRead: 'Marked as read.',
  allMarkedRead: 'All notifications are marked as read.',
  markReadFailed: 'The notifications could not be marked as read.',
  showNew: 'Show them',

  // Workbench
  workbench: 'Workbench',
  workbenchIntro: 'What needs attention first in your fleet. It refreshes by itself.',
  offlineTooLong: 'Silent too long',
  silentFor: 'Silent for more than',
  openCrashes: 'Crashes to review',
  allCrashes: 'Crashes of the fleet',
  unreadAlarms: 'Unread alarms',
  outsideZones: 'Outside their zones',
  outsideZonesHint: 'Linked to geofences and inside none of them now.',
  nothingSilent: 'Every device has reported recently.',
  nothingToReview: 'No crash waits for review.',
  noUnreadAlarms: 'No unread alarm.',
  nothingOutside: 'Every zoned device is inside one of its zones.',
  review: 'Review',
  allAlarms: 'All unread alarms',
  allDevicesLink: 'All devices',
  workbenchFailed: 'The workbench could not be loaded.',
  neverReported: 'never',
  impact: 'Impact',
  accident: 'Accident',

  // Commands
  commands: 'Commands',
  sentCommands: 'Sent',
  savedCommands: 'Saved commands',
  sendCommand: 'Send a command',
  send: 'Send',
  command: 'Command',
  commandType: 'Command type',
  savedCommand: 'Saved command',
  savedCommandHint: 'Choosing one fills in its type and text.',
  noSavedCommand: 'None: write the command',
  commandData: 'Command text',
  commandDataHint: 'What the device is sent: a Teltonika SMS/GPRS command such as getinfo or setdigout 1.',
  commandQueued: 'The command is queued: a connected device gets it now, another at its next contact.',
  commandAnswered: 'answered',
  commandFailed: 'did not take the command',
  noSentCommands: 'No command has been sent yet.',
  noSavedCommands: 'No saved commands yet.',
  searchSentCommands: 'Search by device or command',
  searchSavedCommands: 'Search saved commands',
  allCommandStatuses: 'All states',
  filterByCommandStatus: 'Filter by state',
  commandStatus: 'State',
  queued: 'Queued',
  sent: 'Sent',
  answered: 'Answered',
  failed: 'Failed',
  sentAt: 'Sent to the device',
  sentBy: 'Sent by',
  byEventAction: 'An event action',
  answer: 'Answer',
  newSavedCommand: 'New saved command',
  editSavedCommand: 'Edit saved command',
  saveCommand: 'Save command',
  anyHardware: 'Any hardware',
  commandSaved: 'The command has been saved.',
  commandDeleted: 'The saved command has been deleted.',
  deleteCommandDetail: 'Event actions that send it will only notify. Commands already sent are kept.',

  // Devices
  newDevice: 'New device',
  editDevice: 'Edit device',
  deviceName: 'Name',
  uniqueId: 'Unique id',
  uniqueIdHint: 'What the device reports itself as: the IMEI of a Teltonika tracker, the identifier set in an OsmAnd client.',
  uniqueIdTaken: 'Another device already reports as this unique id.',
  hardware: 'Hardware',
  chooseHardware: 'Choose the hardware (make and model)',
  hardwareFailed: 'The hardware list could not be loaded.',
  phone: 'SIM phone number',
  model: 'Model',
  category: 'Category',
  contact: 'Contact',
  disabled: 'Disabled',
  disabledHint: 'A disabled device is kept, but what it sends is not accepted.',
  make: 'Make',
  tenant: 'Tenant',
  created: 'Created',
  deviceCreated: 'The device has been created.',
  deviceSaved: 'The device has been saved.',
  deviceDeleted: 'The device has been deleted.',
  deleteDeviceDetail: 'The device is removed from every list and its unique id is freed. Its stored positions and trips are kept.',
  createDevice: 'Create device',

  // Geofences
  geofences: 'Geofences',
  pointsOfInterest: 'Points of interest',
  newGeofence: 'New geofence',
  newPoi: 'New point of interest',
  editGeofence: 'Edit geofence',
  editPoi: 'Edit point of interest',
  noGeofences: 'No geofences yet.',
  noPois: 'No points of interest yet.',
  searchGeofences: 'Search geofences',
  searchPois: 'Search points of interest',
  shape: 'Shape',
  polygon: 'Polygon',
  circle: 'Circle',
  corridor: 'Corridor',
  drawPolygon: 'Draw a polygon',
  drawCircle: 'Draw a circle',
  drawCorridor: 'Draw a corridor',
  editShape: 'Edit the shape',
  finishEditing: 'Finish editing',
  clearShape: 'Clear the shape',
  drawHint:
    'Choose a shape, then click on the map: a polygon corner by corner (click the first corner to close it), a circle by its centre and then its edge, a corridor point by point (click the last point again to finish).',
  noShapeYet: 'Draw the shape on the map.',
  noShapeDrawn: 'None drawn yet',
  radius: 'Radius (metres)',
  width: 'Width (metres)',
  widthHint: 'The full width of the corridor around its line.',
  description: 'Description',
  centreOnDevice: 'Centre on a device',
  circleAroundDevice: 'Circle around the device',
  chooseDevice: 'Choose a device',
  geofenceMap: 'Map: draw the geofence',
  geofenceCreated: 'The geofence has been created. Link it to the devices to test.',
  geofenceSaved: 'The geofence has been saved.',
  geofenceDeleted: 'The geofence has been deleted.',
  deleteGeofenceDetail: 'The zone is removed, with its links to devices. Events already raised are kept.',
  createGeofence: 'Create geofence',
  linkedDevices: 'Linked devices',
  linkedDevicesHint: 'A geofence raises enter and exit events for the devices linked to it.',
  linkDevicesAfterSave: 'Save the geofence first, then link it to devices.',
  noLinkedDevices: 'No device is linked yet.',
  linkDevice: 'Link',
  deviceToLink: 'Device to link',
  deviceLinked: 'The device has been linked.',
  deviceUnlinked: 'The device has been unlinked.',
  unlink: 'Unlink',
  linksFailed: 'The linked devices could not be loaded.',
  deviceCount: 'Devices',
  modified: 'Modified',

  // Device trips
  deviceTrips: 'Device trips',
  device: 'Device',
  period: 'Period',
  chooseDeviceForTrips: 'Choose a device to see its trips and stops.',
  trips: 'Trips',
  stops: 'Stops',
  noTrips: 'No trips in this period.',
  noStops: 'No stops in this period.',
  start: 'Start',
  end: 'End',
  startAddress: 'From',
  endAddress: 'To',
  distance: 'Distance',
  duration: 'Duration',
  averageSpeed: 'Average speed',
  maxSpeed: 'Top speed',
  driver: 'Driver',
  engineHours: 'Engine hours',
  exportCsv: 'Export CSV',
  exportXlsx: 'Export XLSX',
  exportFailed: 'The export could not be made.',
  tripRoute: 'Route of the selected trip',
  pickTripForRoute: 'Select a trip to show its route on the map.',
  routeFailed: 'The route of this trip could not be loaded.',
  showRoute: 'Show route',

  // Asset trips
  assetTrips: 'Asset trips',
  asset: 'Asset',
  chooseAsset: 'Choose an asset',
  chooseAssetForTrips: 'Choose an asset to see its trips and stops.',
  openAssetTrips: 'Open in Asset trips',

  // Event actions and event IO (the rules screens)
  eventActions: 'Event actions',
  newEventAction: 'New event action',
  editEventAction: 'Edit event action',
  noEventActions: 'No event actions yet.',
  searchEventActions: 'Search event actions by name or event type',
  ruleName: 'Name',
  eventType: 'Event type',
  chooseEventType: 'Choose the event type',
  conditions: 'Conditions',
  whatItDoes: 'What it does',
  anyDevice: 'All devices',
  noConditions: 'Every such event',
  actionKind: 'Action',
  actionNotify: 'Notify and e-mail',
  notifyInApp: 'Notify in the app',
  actionCommand: 'Notify, e-mail and send a saved command',
  chooseCommand: 'Choose the saved command to send',
  commandsUnreadable: 'You may not read saved commands: ask someone who may to choose the command.',
  commandsFailed: 'The saved commands could not be loaded.',
  ioId: 'IO id',
  ioIdHint: 'Only when the event carries this IO element (a Teltonika AVL id).',
  ioValue: 'IO value',
  ioValueHint: 'With this value (compared as text; true and false also match 1 and 0). Empty: any value.',
  geofence: 'Geofence',
  anyGeofence: 'Anywhere',
  geofenceHint: 'An enter or exit of this geofence, or any other event while the device is inside it.',
  keptGeofence: 'The geofence chosen before',
  keptCommand: 'The saved command chosen before',
  geofencesUnreadable: 'You may not read geofences: a rule is not narrowed to one here.',
  timeWindowOn: 'Only in a weekly time window',
  timeWindowHint: "Local time in the tenant's time zone; an end before the start runs past midnight.",
  days: 'Days',
  windowStart: 'From (HH:MM)',
  windowEnd: 'Until (HH:MM)',
  ruleDevices: 'Devices',
  ruleDevicesHint: 'None chosen (and no asset): every device of the tenant and those below it.',
  ruleAssets: 'Assets',
  ruleAssetsHint: 'The devices fitted in these assets when an event happens.',
  noAssets: 'No asset',
  notifyUsers: 'Users to notify in the app',
  emailUsers: 'Users to e-mail',
  emailAddresses: 'E-mail addresses',
  emailAddressesHint: 'Type an address and press Enter.',
  usersUnreadable: 'You may not read users: only e-mail addresses are shown. Users already chosen are kept.',
  chooseUsers: 'Type a name to search',
  usersSearchFailed: 'The search failed. Type again to retry.',
  createEventAction: 'Create event action',
  eventActionCreated: 'The event action has been created.',
  eventActionSaved: 'The event action has been saved.',
  eventActionDeleted: 'The event action has been deleted.',
  deleteEventActionDetail: 'The rule stops at once. Its event IO entries lose their link to it; its firing log is kept.',
  firings: 'Firings',
  noFirings: 'This rule has not fired yet.',
  firedAt: 'Fired',
  event: 'Event',
  eventTime: 'Event time',
  notified: 'Notified',
  mailed: 'Mailed',
  firingCommandQueued: 'Command queued',
  firingError: 'Error',
  yes: 'Yes',
  no: 'No',
  eventIo: 'Event IO',
  newEventIo: 'New event IO entry',
  editEventIo: 'Edit event IO entry',
  noEventIos: 'No event IO entries yet.',
  searchEventIos: 'Search by name, attribute or IO id',
  ioName: 'Name',
  attribute: 'Attribute',
  attributeHint: 'The position attribute the value is kept under (ignition, power, io240...).',
  noEventType: 'No event',
  linkedAction: 'Event action',
  noLinkedAction: 'None',
  eventIoCreated: 'The event IO entry has been created.',
  eventIoSaved: 'The event IO entry has been saved.',
  eventIoDeleted: 'The event IO entry has been deleted.',
  deleteEventIoDetail: 'Rules that read this IO element by its attribute no longer find it named.',
  createEventIo: 'Create event IO entry',
} as const;

/** Speeds are stored in knots (Traccar's unit) and shown in km/h. */
export const speedText = (kmh: number) => `${Math.round(kmh)} km/h`;
export const distanceText = (metres: number) => (metres < 1000 ? `${Math.round(metres)} m` : `${(metres / 1000).toFixed(1)} km`);

/** "1 h 05 min", "12 min", "40 s". */
export function durationText(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours} h ${String(minutes % 60).padStart(2, '0')} min` : `${minutes} min`;
}

export const deleteDeviceQuestion = (name: string) => `Delete the device '${name}'?`;
export const deleteGeofenceQuestion = (name: string) => `Delete '${name}'?`;
export const unlinkLabel = (deviceName: string) => `Unlink ${deviceName}`;
export const tripsOfLabel = (name: string) => `Trips of ${name}`;
export const firstStopsText = (shown: number, total: number) =>
  `The first ${shown} of ${total} stops are listed; the export holds them all.`;
export const assetTripsPeriodText = (from: string, to: string) => `Trips from ${from} to ${to}`;
export const mapOfLabel = (name: string) => `${name} on the map`;
export const devicesShownText = (shown: number, total: number) =>
  shown === total ? `${total} ${total === 1 ? 'device' : 'devices'}` : `${shown} of ${total} devices`;
export const replayAtText = (index: number, count: number, time: string) => `${index + 1} of ${count} · ${time}`;
export const exportFileName = (deviceName: string, from: string, to: string, extension: string) =>
  `trips-${deviceName.replace(/[^\p{L}\p{N}_-]+/gu, '-')}-${from}-${to}.${extension}`;

// Event actions and event IO (the rules screens)

/** The names of the events processing raises; another type shows as it came. */
export const EVENT_TYPE_NAMES: Record<string, string> = {
  ignitionOn: 'Ignition on',
  ignitionOff: 'Ignition off',
  alarm: 'Alarm',
  geofenceEnter: 'Geofence enter',
  geofenceExit: 'Geofence exit',
  deviceMoving: 'Moving',
  deviceStopped: 'Stopped',
  driverChanged: 'Driver changed',
  commandResult: 'Command result',
};
export const eventTypeName = (type: string | null) => (type ? (EVENT_TYPE_NAMES[type] ?? type) : '—');
export const DAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
export const deleteEventActionQuestion = (name: string) => `Delete the event action '${name}'?`;
export const deleteEventIoQuestion = (name: string) => `Delete the event IO entry '${name}'?`;
export const firingsOfLabel = (name: string) => `Firings of ${name}`;
export const firingsTitle = (name: string) => `Firings: ${name}`;
export const devicesCountText = (count: number) =>
  count === 0 ? TRACKING_TEXT.anyDevice : `${count} ${count === 1 ? 'device' : 'devices'}`;
export const ioConditionText = (ioId: number, value: string | null) => (value === null ? `IO ${ioId} present` : `IO ${ioId} = ${value}`);
export const inGeofenceText = (name: string) => `At ${name}`;
export const windowText = (days: string, start: string, end: string) => `${days} ${start}–${end}`;
export const notifyText = (users: number) => `Notify ${users} ${users === 1 ? 'user' : 'users'}`;
export const mailText = (count: number) => `E-mail ${count}`;
export const commandText = (name: string | null) => (name ? `Send '${name}'` : 'Send a saved command');

/**
 * The world the route matrix walks: actors on every side of a tenancy or rank boundary, and one set of
 * distinctive objects per side (Meridian Lending at company level, and its Cape Town Branch), made
 * through the API as the company administrator would, so that every route has a real object to act on
 * and every list has rows that would show if they leaked.
 */
import { SETTING_DEFAULTS, type EffectiveSettings } from '@meridian/shared/contract/setting';
import { dayAt } from '../../src/modules/agent/day-window';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO_PASSWORD, demoEmail, type Actor, type Answer, type CallOptions, type TestServer } from './harness';
import type { User } from '@meridian/shared/contract/user';
import type { Permission, Role } from '@meridian/shared/contract/role';
import type { Activity, ActivityStatus, ActivityType } from '@meridian/shared/contract/activity';
import type { CatalogueProduct } from '@meridian/shared/contract/tenant-product';
import type { AgentAction } from '@meridian/shared/contract/field-agent';
import type { Notification } from '@meridian/shared/contract/notification';
import type { DeletedCount } from '@meridian/shared/contract/deletion';
import type { Client, ClientGroupListItem } from '@meridian/shared/contract/client';
import type { Lead } from '@meridian/shared/contract/lead';
import type { ActivityPlan } from '@meridian/shared/contract/activity-plan';
import type { Team } from '@meridian/shared/contract/team';
import type { Target } from '@meridian/shared/contract/target';
import type { SalesCase } from '@meridian/shared/contract/case';
import type { Template } from '@meridian/shared/contract/template';
import type { Location } from '@meridian/shared/contract/location';
import type { IpAddressEntry } from '@meridian/shared/contract/ip-address';
import type { ApiUserCreated } from '@meridian/shared/contract/api-user';
import type { Tenant } from '@meridian/shared/contract/tenant';
import type { GeoDevice } from '@meridian/shared/contract/geo-device';
import type { Geofence } from '@meridian/shared/contract/geofence';
import type { DeviceGeofence } from '@meridian/shared/contract/device-geofence';
import type { GeoCommand, QueuedCommand } from '@meridian/shared/contract/geo-command';
import type { EventAction } from '@meridian/shared/contract/event-action';
import type { EventIo } from '@meridian/shared/contract/event-io';
import type { Driver } from '@meridian/shared/contract/driver';
import { addCrash, addEvent, addFiring, addNotification, addPosition, addStop, addTrip } from './tracking-rows';
import { ASSET_PHOTOS, type Asset, type AssetCategory, type AssetGroup, type AssetPhoto } from '@meridian/shared/contract/asset';
import sharp from 'sharp';

/** Words in every name of one side's objects: a list that holds one of them holds that side's rows. */
export const LENDING_MARK = 'Lendmatrix';
export const CAPE_MARK = 'Capematrix';

const ACTOR_PASSWORD = 'Matrix-Actor-Pass-1';
const WORD_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** A caller of the matrix: an actor that can also sign in again (for calls that end or replace its session). */
export interface MatrixActor extends Actor {
  label: string;
  email: string;
  password: string;
  /** A second, throwaway session of the same user. */
  freshSession(): Promise<Actor>;
}

/** The objects of one side, all owned by that side's tenant. */
export interface Side {
  tenant: string;
  mark: string;
  role: string;
  agent: string;
  agentUserName: string;
  agentEmail: string;
  client: string;
  clientMobile: string;
  clientGroup: string;
  lead: string;
  activity: string;
  activityFile: string;
  plan: string;
  team: string;
  target: string;
  salesCase: string;
  template: string;
  location: string;
  ipAddress: string;
  apiUser: string;
  errorLog: string;
  branch: string;
  deletedUser: string;
  /** Tracking: a device with a position, a trip, a stop and a notification, linked to a fence. */
  device: string;
  /** The device's uniqueId: unique across all tenants, answered to anyone who checks it (so it is no mark). */
  deviceUniqueId: string;
  /** The device's latest position (a number, so no mark either). */
  position: string;
  geofence: string;
  poi: string;
  link: string;
  command: string;
  /** A command sent to the device (queued: no listener runs in the matrix). */
  sentCommand: string;
  eventAction: string;
  eventIo: string;
  driver: string;
  trip: string;
  stop: string;
  notification: string;
  crash: string;
  /** An asset with its own device (with a position) as its Primary, in the side's group (of the side's role) and category, with a photo. */
  asset: string;
  assetDevice: string;
  assetGroup: string;
  assetCategory: string;
  assetPhoto: string;
}

export interface Fixtures {
  s: TestServer;
  tenants: { group: string; lending: string; tracking: string; jhb: string; cpt: string };
  lending: Side;
  cape: Side;
  /** The caller whose calls are the permitted ones: Meridian Lending's company administrator. */
  owner: MatrixActor;
  global: MatrixActor;
  agentActor: MatrixActor;
  ownerAction: string;
  ownerNotification: string;
  activityTypeId: string;
  activityStatusId: string;
  product: { productCategoryId: string; productId: string };
  permissionId: string;
  roles: { companyAdministrator: string; globalAdministrator: string; loanOfficer: string };
  today: string;
  /** Throwaway objects for destructive calls, made by the owner at company level. */
  make: ThrowawayMakers;
  /** Every id and mark of a side, to look for in answers given to callers from elsewhere. */
  marksOf(side: Side, options?: { without?: (keyof Side)[] }): string[];
}

export interface ThrowawayMakers {
  user(options?: { tenantId?: string; roleId?: string; by?: Actor }): Promise<{ id: string; userName: string; email: string }>;
  deletedUser(): Promise<string>;
  client(): Promise<string>;
  clientGroup(): Promise<string>;
  lead(): Promise<string>;
  activity(): Promise<string>;
  plan(): Promise<string>;
  team(): Promise<string>;
  target(): Promise<string>;
  salesCase(): Promise<string>;
  role(): Promise<string>;
  template(): Promise<string>;
  location(): Promise<string>;
  ipAddress(): Promise<string>;
  apiUser(): Promise<string>;
  branch(): Promise<string>;
  device(): Promise<string>;
  /** A new device of Lending linked to Lending's fence: its link, to remove. */
  linkedDevice(): Promise<{ deviceId: string; geofenceId: string }>;
  geofence(type?: 'geofence' | 'poi'): Promise<string>;
  command(): Promise<string>;
  eventAction(): Promise<string>;
  eventIo(): Promise<string>;
  driver(): Promise<string>;
  /** A NEW crash of Lending's device, to review. */
  crash(): Promise<string>;
  asset(): Promise<string>;
  assetGroup(): Promise<string>;
  assetCategory(): Promise<string>;
  /** A new photo of Lending's asset. */
  assetPhoto(): Promise<string>;
}

let serial = 0;
const next = () => {
  serial += 1;
  return serial;
};
// The demo tenants' day, not UTC's: from 22:00 to 24:00 UTC Johannesburg is already on the next day,
// and a UTC date is then yesterday to the server (a plan for a past day is refused).
const day = (offsetDays = 0) => dayAt(new Date(Date.now() + offsetDays * 86_400_000), SETTING_DEFAULTS.timeZone);
const letters = (n: number) =>
  String.fromCharCode(
    ...String(n)
      .split('')
      .map((d) => 97 + Number(d)),
  );

/** What a fixture's creation answers: the new record, of which the fixtures keep the id. */
type CreatedRecord = { Id: string };

async function created<T>(answer: Promise<Answer<T>>, what: string): Promise<T> {
  const r = await answer;
  if (r.status !== 201 && r.status !== 200 && r.status !== 202)
    throw new Error(`fixture ${what} answered ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body.data;
}

export function matrixActor(s: TestServer, actor: Actor, label: string, email: string, password: string): MatrixActor {
  return {
    ...actor,
    label,
    email,
    password,
    async freshSession() {
      const session = await s.login(email, password);
      return {
        session,
        token: session.token,
        userId: session.user.Id,
        homeTenantId: session.user.tenantId,
        call: (method: string, url: string, options: Omit<CallOptions, 'token'> = {}) =>
          s.call(method, url, { tenant: session.user.tenantId, ...options, token: session.token }),
      };
    },
  };
}

export async function demoActor(s: TestServer, role: Parameters<TestServer['as']>[0]): Promise<MatrixActor> {
  return matrixActor(s, await s.as(role), role, demoEmail(role), DEMO_PASSWORD);
}

/** A user made by `by` at `tenantId` with the given roles, signed in. */
export async function userActor(s: TestServer, by: Actor, userName: string, tenantId: string, roleIds: string[]): Promise<MatrixActor> {
  const email = `${userName}@matrix.meridian.test`;
  await created(
    by.call<User>('POST', '/api/users', {
      body: {
        firstName: 'Matrix',
        lastName: 'Caller',
        userName,
        emailAddress: email,
        roleIds,
        tenantIds: [tenantId],
        password: ACTOR_PASSWORD,
      },
    }),
    `user ${userName}`,
  );
  const session = await s.login(email, ACTOR_PASSWORD);
  const actor: Actor = {
    session,
    token: session.token,
    userId: session.user.Id,
    homeTenantId: session.user.tenantId,
    call: (method, url, options = {}) => s.call(method, url, { tenant: session.user.tenantId, ...options, token: session.token }),
  };
  return matrixActor(s, actor, userName, email, ACTOR_PASSWORD);
}

/** A role holding exactly `hierarchies`, made by `by` for the tenant it acts for. */
export async function roleWith(by: Actor, name: string, hierarchies: string[], tenant?: string): Promise<string> {
  const all = (await by.call<Permission[]>('GET', '/api/permissions')).body.data;
  const permissionIds = hierarchies.map((h) => all.find((p) => p.hierarchy === h)!.Id);
  return (
    await created(by.call<Role>('POST', '/api/roles', { body: { name, permissionIds }, ...(tenant ? { tenant } : {}) }), `role ${name}`)
  ).Id;
}

/** A Word document upload, as the browser's multipart form sends it. */
async function uploadWordTemplate(s: TestServer, owner: Actor, name: string, tenant: string) {
  const data = new FormData();
  data.append('name', name);
  data.append('type', '2');
  data.append('document', new Blob([Buffer.from(`${name} document`)], { type: WORD_TYPE }), `${name}.docx`);
  const response = new Response(data);
  const answer = await s.built.app.inject({
    method: 'POST',
    url: '/api/templates',
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')!, authorization: `Bearer ${owner.token}`, 'x-tenant-id': tenant },
  });
  if (answer.statusCode !== 201) throw new Error(`fixture template answered ${answer.statusCode}: ${answer.body}`);
  return answer.json().data.Id as string;
}

interface SideContext {
  s: TestServer;
  owner: Actor;
  tenant: string;
  mark: string;
  activityTypeId: string;
  loanOfficerRole: string;
  permissionId: string;
  parentForBranch: string;
  branchType: 3 | 4;
}

async function makeSide(c: SideContext): Promise<Side> {
  const { s, owner, tenant, mark } = c;
  const as = <T = CreatedRecord>(method: string, url: string, body?: unknown) =>
    owner.call<T>(method, url, { tenant, ...(body === undefined ? {} : { body }) });
  const lower = mark.toLowerCase();
  const n = next();
  const role = (await created(as('POST', '/api/roles', { name: `${mark} Role ${n}`, permissionIds: [] }), 'role')).Id;
  const agentUserName = `${lower}-agent-${n}`;
  const agentEmail = `${agentUserName}@matrix.meridian.test`;
  const agent = (
    await created(
      as('POST', '/api/users', {
        firstName: mark,
        lastName: 'Agent',
        userName: agentUserName,
        emailAddress: agentEmail,
        roleIds: [c.loanOfficerRole],
        tenantIds: [tenant],
        password: ACTOR_PASSWORD,
      }),
      'agent',
    )
  ).Id;
  const clientMobile = `083${String(1_000_000 + n * 17).slice(-7)}`;
  const client = (
    await created(
      as('POST', '/api/clients', {
        firstName: mark,
        lastName: 'Client',
        mobile: clientMobile,
        emailAddress: `client-${n}@${lower}.test`,
        idNumber: '9001015800087',
      }),
      'client',
    )
  ).Id;
  const clientGroup = (
    await created(as('POST', '/api/clients/groups', { name: `${mark} Group ${n}`, clientIds: [client] }), 'client group')
  ).Id;
  const lead = (
    await created(
      as('POST', '/api/leads', {
        firstName: mark,
        lastName: 'Lead',
        contactNumber: `084${String(1_000_000 + n * 19).slice(-7)}`,
        emailAddress: `lead-${n}@${lower}.test`,
        totalAffordability: 1000,
        affordabilityOutcome: 'AFFORDABLE',
      }),
      'lead',
    )
  ).Id;
  const activity = (
    await created(
      as('POST', '/api/activities', {
        name: `${mark} Visit ${n}`,
        activityTypeId: c.activityTypeId,
        startDate: new Date(Date.now() + 3_600_000).toISOString(),
        location: `${mark} street`,
        lat: -26.1,
        lng: 28.05,
        assignedUserIds: [agent],
        clientIds: [client],
        leadIds: [lead],
      }),
      'activity',
    )
  ).Id;
  const activityFile = (await s.db.one<{ id: string }>(
    `insert into activity_files (activity_id, file_name, content_type, size_bytes, content, uploaded_by_user_id) values ($1, $2, 'text/plain', 5, $3, $4) returning id`,
    [activity, `${mark}-file.txt`, Buffer.from('hello'), owner.userId],
  ))!.id;
  const plan = (
    await created(
      as('POST', '/api/activities/activity-plan', {
        name: `${mark} Plan ${n}`,
        planDate: day(0),
        agentUserId: agent,
        activityIds: [activity],
      }),
      'plan',
    )
  ).Id;
  const team = (await created(as('POST', '/api/teams', { name: `${mark} Team ${n}`, leaderUserId: agent, teamMembers: [agent] }), 'team'))
    .Id;
  const target = (
    await created(
      as('POST', '/api/targets', {
        name: `${mark} Target ${n}`,
        metric: 'LEADS_CREATED',
        targetValue: 5,
        periodStart: day(-1),
        periodEnd: day(30),
        teamId: team,
      }),
      'target',
    )
  ).Id;
  const salesCase = (
    await created(as('POST', '/api/cases', { title: `${mark} Case ${n}`, priority: 'HIGH', clientId: client, ownerUserId: agent }), 'case')
  ).Id;
  const template = await uploadWordTemplate(s, owner, `${mark} Template ${n}`, tenant);
  const location = (await created(as('POST', '/api/locations', { name: `${mark} Location ${n}`, active: true }), 'location')).Id;
  // Inactive: an active entry would shut every other address of the tenant out of sign-in.
  const ipAddress = (
    await created(
      as('POST', '/api/ip-addresses', { cidr: `198.51.${n % 250}.0/24`, description: `${mark} network`, active: false }),
      'ip address',
    )
  ).Id;
  const apiUser = (await created(as('POST', '/api/api-users', { name: `${mark} Robot ${n}`, permissionIds: [c.permissionId] }), 'api user'))
    .Id;
  const errorLog = (await created(as('POST', '/api/error_log', { errorDetail: `${mark} failure ${n}` }), 'error log')).Id;
  const branch = (
    await created(as('POST', '/api/tenants', { name: `${mark} Unit ${n}`, parentId: c.parentForBranch, type: c.branchType }), 'tenant')
  ).Id;
  const deletedUserName = `${lower}-gone-${n}`;
  const deletedUser = (
    await created(
      as('POST', '/api/users', {
        firstName: mark,
        lastName: 'Gone',
        userName: deletedUserName,
        emailAddress: `${deletedUserName}@matrix.meridian.test`,
        roleIds: [c.loanOfficerRole],
        tenantIds: [tenant],
      }),
      'deleted user',
    )
  ).Id;
  await created(as<DeletedCount>('DELETE', '/api/users/delete', { userIds: [deletedUser] }), 'user deletion');
  const tracking = await makeTrackingObjects(s, as, mark, n);
  const assets = await makeAssetObjects(c, as, n, role);
  // A sign-in of the side's agent, for the login report.
  await s.login(agentEmail, ACTOR_PASSWORD);
  return {
    tenant,
    mark,
    role,
    agent,
    agentUserName,
    agentEmail,
    client,
    clientMobile,
    clientGroup,
    lead,
    activity,
    activityFile,
    plan,
    team,
    target,
    salesCase,
    template,
    location,
    ipAddress,
    apiUser,
    errorLog,
    branch,
    deletedUser,
    ...tracking,
    ...assets,
  };
}

/** A photo upload as a browser sends it: a small JPEG in a multipart form. */
export async function matrixPhotoForm() {
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 20, g: 120, b: 60 } } })
    .jpeg()
    .toBuffer();
  const data = new FormData();
  data.append(ASSET_PHOTOS.field, new Blob([jpeg], { type: 'image/jpeg' }), 'matrix.jpg');
  const response = new Response(data);
  return { body: Buffer.from(await response.arrayBuffer()), headers: { 'content-type': response.headers.get('content-type')! } };
}

/** The side's asset objects: a group tied to the side's role, a category, an asset carrying the side's device, and its photo. */
async function makeAssetObjects(c: SideContext, as: SideCall, n: number, role: string) {
  const { mark } = c;
  // Not the side's device: that one stays in no asset, for the unlinked-device list.
  const assetDevice = (
    await created(as<GeoDevice>('POST', '/api/geo/device', { uniqueId: matrixUniqueId(), name: `${mark} Hilux unit ${n}` }), 'asset device')
  ).id;
  await addPosition(c.s.db, assetDevice, { fixTime: new Date(), latitude: -29.85, longitude: 31.03, attributes: { ignition: false } });
  const assetGroup = (
    await created(as<AssetGroup>('POST', '/api/geo/asset-group', { name: `${mark} Fleet ${n}`, roleId: role }), 'asset group')
  ).id;
  const assetCategory = (
    await created(as<AssetCategory>('POST', '/api/geo/asset-category', { name: `${mark} Bakkie ${n}` }), 'asset category')
  ).id;
  const asset = (
    await created(
      as<Asset>('POST', '/api/geo/asset', {
        registrationNumber: `MX ${n} ${mark.slice(0, 4)}`,
        make: `${mark} Hilux ${n}`,
        groupId: assetGroup,
        categoryId: assetCategory,
        asset_devices: [{ deviceId: assetDevice, deviceTypeId: 1 }],
      }),
      'asset',
    )
  ).id;
  // What the asset's Alerts and Events tabs list.
  await addEvent(c.s.db, assetDevice, 'alarm', { alarm: 'sos' });
  await addEvent(c.s.db, assetDevice, 'ignitionOn');
  const assetPhoto = (
    await created(
      c.owner.call<AssetPhoto>('POST', `/api/geo/assets/${asset}/photos`, { tenant: c.tenant, ...(await matrixPhotoForm()) }),
      'asset photo',
    )
  ).id;
  return { asset, assetDevice, assetGroup, assetCategory, assetPhoto };
}

/** A matrix square around a longitude and latitude (GeoJSON). */
export const matrixSquare = (lon: number, lat: number) => ({
  type: 'Polygon',
  coordinates: [
    [
      [lon, lat],
      [lon + 0.01, lat],
      [lon + 0.01, lat + 0.01],
      [lon, lat + 0.01],
      [lon, lat],
    ],
  ],
});

/** A uniqueId no other side or run shares: IMEI-like digits, carrying no mark. */
let imeiSerial = 0;
export const matrixUniqueId = () => `35${String(Date.now()).slice(-9)}${String((imeiSerial += 1) % 10_000).padStart(4, '0')}`;

type SideCall = <T = CreatedRecord>(method: string, url: string, body?: unknown) => Promise<Answer<T>>;

/** The side's tracking objects, made through the API; what the listeners and processing write is written to the database. */
async function makeTrackingObjects(s: TestServer, as: SideCall, mark: string, n: number) {
  const deviceUniqueId = matrixUniqueId();
  const device = (
    await created(as<GeoDevice>('POST', '/api/geo/device', { uniqueId: deviceUniqueId, name: `${mark} Truck ${n}` }), 'device')
  ).id;
  const position = String(
    await addPosition(s.db, device, { fixTime: new Date(), latitude: -29.86, longitude: 31.02, attributes: { ignition: true } }),
  );
  const geofence = (
    await created(as<Geofence>('POST', '/api/geo/fences', { name: `${mark} Yard ${n}`, geometry: matrixSquare(31, -29.9) }), 'geofence')
  ).id;
  const poi = (
    await created(
      as<Geofence>('POST', '/api/geo/fences', {
        name: `${mark} Landmark ${n}`,
        type: 'poi',
        geometry: { type: 'Point', coordinates: [31, -29.8] },
        radius: 100,
      }),
      'poi',
    )
  ).id;
  const link = (await created(as<DeviceGeofence>('POST', '/api/geo/permissions', { deviceId: device, geofenceId: geofence }), 'link')).Id;
  const command = (
    await created(
      as<GeoCommand>('POST', '/api/geo/commands', {
        description: `${mark} Ping ${n}`,
        commandType: 'custom',
        attributes: { data: 'getinfo' },
      }),
      'command',
    )
  ).id;
  const sentCommand = (
    await created(
      as<QueuedCommand>('POST', `/api/geo/device/sendCommand/${device}/custom`, { attributes: { data: `${mark} getinfo` } }),
      'sent command',
    )
  ).id;
  const eventAction = (
    await created(as<EventAction>('POST', '/api/geo/eventActions', { name: `${mark} Alarm ${n}`, eventType: 'alarm' }), 'event action')
  ).id;
  const eventIo = (
    await created(
      as<EventIo>('POST', '/api/geo/eventIos', {
        ioId: 252,
        name: `${mark} Unplug ${n}`,
        attribute: 'unplug',
        eventType: 'alarm',
        eventActionId: eventAction,
      }),
      'event io',
    )
  ).id;
  const driver = (
    await created(as<Driver>('POST', '/api/geo/drivers', { name: `${mark} Driver ${n}`, uniqueId: `${mark}-card-${n}` }), 'driver')
  ).id;
  const trip = await addTrip(s.db, device, new Date(Date.now() - 3_600_000), 30, 12_000);
  const stop = await addStop(s.db, device, new Date(Date.now() - 1_800_000), 20);
  const notification = await addNotification(s.db, device, 'geofenceEnter', `${mark} Truck ${n} entered ${mark} Yard ${n}`);
  const crash = await addCrash(s.db, device);
  await addFiring(s.db, eventAction, device);
  return {
    device,
    deviceUniqueId,
    position,
    geofence,
    poi,
    link,
    command,
    sentCommand,
    eventAction,
    eventIo,
    driver,
    trip,
    stop,
    notification,
    crash,
  };
}

/** A stand-in for the Nominatim-compatible geocoder, so the address routes can answer 2xx offline. */
export async function startGeocoder(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    if (request.url?.startsWith('/reverse')) response.end(JSON.stringify({ display_name: 'Vilakazi Street, Soweto' }));
    else response.end(JSON.stringify([{ lat: '-26.2382', lon: '27.9085', display_name: 'Vilakazi Street, Soweto' }]));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export async function buildFixtures(s: TestServer): Promise<Fixtures> {
  const owner = await demoActor(s, 'company administrator');
  const global = await demoActor(s, 'global administrator');
  const tenants = {
    group: await s.tenantId('Meridian Group'),
    lending: await s.tenantId('Meridian Lending'),
    tracking: await s.tenantId('Meridian Tracking'),
    jhb: await s.tenantId('Johannesburg Branch'),
    cpt: await s.tenantId('Cape Town Branch'),
  };
  const roleId = async (name: string) => (await s.db.one<{ id: string }>(`select id from roles where lower(name) = $1`, [name]))!.id;
  const roles = {
    companyAdministrator: await roleId('company administrator'),
    globalAdministrator: await roleId('global administrator'),
    loanOfficer: await roleId('loan officer'),
  };
  const activityTypeId = (await owner.call<ActivityType[]>('GET', '/api/activities/types')).body.data[0]!.Id;
  const activityStatusId = (await owner.call<ActivityStatus[]>('GET', '/api/activities/statuses')).body.data[0]!.Id;
  const permissionId = (await owner.call<Permission[]>('GET', '/api/permissions')).body.data.find((p) => p.hierarchy === 'ADMIN/USERS')!.Id;
  const catalogue = (await owner.call<CatalogueProduct[]>('GET', '/api/tenants/products/catalogue')).body.data;
  const product = { productCategoryId: catalogue[0]!.productCategoryId, productId: catalogue[0]!.productId };
  const base = { s, owner, activityTypeId, loanOfficerRole: roles.loanOfficer, permissionId };
  const lending = await makeSide({ ...base, tenant: tenants.lending, mark: LENDING_MARK, parentForBranch: tenants.lending, branchType: 3 });
  const cape = await makeSide({ ...base, tenant: tenants.cpt, mark: CAPE_MARK, parentForBranch: tenants.cpt, branchType: 4 });

  // Rows of Lending's reports that would leak: a password change and the agent's sign-in, an action
  // with a position, a tracked position, a notification, and a distinctive setting. The change
  // signs the agent out, so the agent signs in after it.
  const agentPassword = 'Matrix-Agent-Pass-2';
  await created(owner.call('PUT', `/api/users/change-password/${lending.agent}`, { body: { password: agentPassword } }), 'password change');
  const agentSession = await s.login(lending.agentEmail, agentPassword);
  const agentActor = matrixActor(
    s,
    {
      session: agentSession,
      token: agentSession.token,
      userId: agentSession.user.Id,
      homeTenantId: agentSession.user.tenantId,
      call: (method, url, options = {}) =>
        s.call(method, url, { tenant: agentSession.user.tenantId, ...options, token: agentSession.token }),
    },
    'lending agent',
    lending.agentEmail,
    agentPassword,
  );
  const ownerAction = (
    await created(
      owner.call<AgentAction>('POST', '/api/agent/action', {
        body: { action: 1, latitude: -26.1076, longitude: 28.0567, location: `${LENDING_MARK} office` },
      }),
      'agent action',
    )
  ).Id;
  await created(
    owner.call('POST', '/api/usertracking', {
      body: { userId: owner.userId, latitude: -26.1, longitude: 28.05, deviceTime: new Date().toISOString() },
    }),
    'position',
  );
  const ownerNotification = (
    await created(
      owner.call<Notification>('POST', '/api/notification/insertnotification', {
        body: { notification: { itemType: 'matrix', message: `${LENDING_MARK} note` } },
      }),
      'notification',
    )
  ).Id;
  await created(
    owner.call<EffectiveSettings>('PUT', '/api/settings', {
      body: { mapTileUrl: `https://${LENDING_MARK.toLowerCase()}.example.test/{z}/{x}/{y}.png` },
    }),
    'setting',
  );
  await created(
    owner.call<CatalogueProduct[]>('PUT', `/api/tenants/${tenants.lending}/products`, { body: { products: [product] } }),
    'tenant products',
  );

  const make: ThrowawayMakers = {
    async user(options = {}) {
      const by = options.by ?? owner;
      const n = next();
      const userName = `matrix-throwaway-${n}`;
      const email = `${userName}@matrix.meridian.test`;
      const id = (
        await created(
          by.call<User>('POST', '/api/users', {
            body: {
              firstName: 'Throwaway',
              lastName: `Person ${letters(n)}`,
              userName,
              emailAddress: email,
              roleIds: [options.roleId ?? roles.loanOfficer],
              tenantIds: [options.tenantId ?? tenants.lending],
            },
          }),
          'throwaway user',
        )
      ).Id;
      return { id, userName, email };
    },
    async deletedUser() {
      const { id } = await make.user();
      await created(owner.call<DeletedCount>('DELETE', '/api/users/delete', { body: { userIds: [id] } }), 'deleted user');
      return id;
    },
    client: async () =>
      (
        await created(
          owner.call<Client>('POST', '/api/clients', { body: { firstName: LENDING_MARK, lastName: `Spare ${letters(next())}` } }),
          'client',
        )
      ).Id,
    clientGroup: async () =>
      (
        await created(
          owner.call<ClientGroupListItem>('POST', '/api/clients/groups', { body: { name: `${LENDING_MARK} Spare Group ${next()}` } }),
          'group',
        )
      ).Id,
    lead: async () =>
      (
        await created(
          owner.call<Lead>('POST', '/api/leads', {
            body: {
              firstName: LENDING_MARK,
              lastName: `Spare ${letters(next())}`,
              contactNumber: `085${String(1_000_000 + next()).slice(-7)}`,
            },
          }),
          'lead',
        )
      ).Id,
    activity: async () =>
      (
        await created(
          owner.call<Activity>('POST', '/api/activities', {
            body: {
              name: `${LENDING_MARK} Spare ${next()}`,
              activityTypeId,
              startDate: new Date(Date.now() + 7_200_000).toISOString(),
              location: 'Spare street',
              lat: -26.1,
              lng: 28.05,
              assignedUserIds: [lending.agent],
            },
          }),
          'activity',
        )
      ).Id,
    plan: async () =>
      (
        await created(
          owner.call<ActivityPlan>('POST', '/api/activities/activity-plan', {
            body: {
              name: `${LENDING_MARK} Spare Plan ${next()}`,
              planDate: day(1),
              agentUserId: lending.agent,
              activityIds: [await make.activity()],
            },
          }),
          'plan',
        )
      ).Id,
    team: async () =>
      (await created(owner.call<Team>('POST', '/api/teams', { body: { name: `${LENDING_MARK} Spare Team ${next()}` } }), 'team')).Id,
    target: async () =>
      (
        await created(
          owner.call<Target>('POST', '/api/targets', {
            body: {
              name: `${LENDING_MARK} Spare Target ${next()}`,
              metric: 'CLIENTS_ADDED',
              targetValue: 3,
              periodStart: day(0),
              periodEnd: day(7),
              userId: lending.agent,
            },
          }),
          'target',
        )
      ).Id,
    salesCase: async () =>
      (await created(owner.call<SalesCase>('POST', '/api/cases', { body: { title: `${LENDING_MARK} Spare Case ${next()}` } }), 'case')).Id,
    role: async () =>
      (
        await created(
          owner.call<Role>('POST', '/api/roles', { body: { name: `${LENDING_MARK} Spare Role ${next()}`, permissionIds: [] } }),
          'role',
        )
      ).Id,
    template: async () =>
      (
        await created(
          owner.call<Template>('POST', '/api/templates', {
            body: { name: `${LENDING_MARK} Spare Template ${next()}`, type: 3, body: 'Hello' },
          }),
          'template',
        )
      ).Id,
    location: async () =>
      (
        await created(
          owner.call<Location>('POST', '/api/locations', { body: { name: `${LENDING_MARK} Spare Location ${next()}`, active: true } }),
          'location',
        )
      ).Id,
    ipAddress: async () =>
      (
        await created(
          owner.call<IpAddressEntry>('POST', '/api/ip-addresses', { body: { cidr: `203.0.${next() % 250}.0/24`, active: false } }),
          'ip address',
        )
      ).Id,
    apiUser: async () =>
      (
        await created(
          owner.call<ApiUserCreated>('POST', '/api/api-users', {
            body: { name: `${LENDING_MARK} Spare Robot ${next()}`, permissionIds: [permissionId] },
          }),
          'api user',
        )
      ).Id,
    branch: async () =>
      (
        await created(
          owner.call<Tenant>('POST', '/api/tenants', {
            body: { name: `${LENDING_MARK} Spare Unit ${next()}`, parentId: tenants.lending, type: 3 },
          }),
          'tenant',
        )
      ).Id,
    device: async () =>
      (
        await created(
          owner.call<GeoDevice>('POST', '/api/geo/device', {
            body: { uniqueId: matrixUniqueId(), name: `${LENDING_MARK} Spare Truck ${next()}` },
          }),
          'device',
        )
      ).id,
    crash: () => addCrash(s.db, lending.device),
    async linkedDevice() {
      const deviceId = await make.device();
      await created(owner.call('POST', '/api/geo/permissions', { body: { deviceId, geofenceId: lending.geofence } }), 'link');
      return { deviceId, geofenceId: lending.geofence };
    },
    geofence: async (type = 'geofence') =>
      (
        await created(
          owner.call<Geofence>('POST', '/api/geo/fences', {
            body: { name: `${LENDING_MARK} Spare Zone ${next()}`, type, geometry: { type: 'Point', coordinates: [31, -29.7] }, radius: 50 },
          }),
          'geofence',
        )
      ).id,
    command: async () =>
      (
        await created(
          owner.call<GeoCommand>('POST', '/api/geo/commands', {
            body: { description: `${LENDING_MARK} Spare Command ${next()}`, commandType: 'getVersion' },
          }),
          'command',
        )
      ).id,
    eventAction: async () =>
      (
        await created(
          owner.call<EventAction>('POST', '/api/geo/eventActions', {
            body: { name: `${LENDING_MARK} Spare Action ${next()}`, eventType: 'geofenceExit' },
          }),
          'event action',
        )
      ).id,
    eventIo: async () =>
      (
        await created(
          owner.call<EventIo>('POST', '/api/geo/eventIos', {
            body: { ioId: 1, name: `${LENDING_MARK} Spare IO ${next()}`, attribute: 'in1' },
          }),
          'event io',
        )
      ).id,
    driver: async () =>
      (
        await created(
          owner.call<Driver>('POST', '/api/geo/drivers', {
            body: { name: `${LENDING_MARK} Spare Driver ${next()}`, uniqueId: `spare-${next()}` },
          }),
          'driver',
        )
      ).id,
    asset: async () =>
      (
        await created(
          owner.call<Asset>('POST', '/api/geo/asset', {
            body: { registrationNumber: `SPARE ${next()}`, make: `${LENDING_MARK} Spare Van` },
          }),
          'asset',
        )
      ).id,
    assetGroup: async () =>
      (
        await created(
          owner.call<AssetGroup>('POST', '/api/geo/asset-group', {
            body: { name: `${LENDING_MARK} Spare Fleet ${next()}`, roleId: lending.role },
          }),
          'asset group',
        )
      ).id,
    assetCategory: async () =>
      (
        await created(
          owner.call<AssetCategory>('POST', '/api/geo/asset-category', { body: { name: `${LENDING_MARK} Spare Category ${next()}` } }),
          'asset category',
        )
      ).id,
    assetPhoto: async () =>
      (await created(owner.call<AssetPhoto>('POST', `/api/geo/assets/${lending.asset}/photos`, await matrixPhotoForm()), 'asset photo')).id,
  };

  const marksOf = (side: Side, options: { without?: (keyof Side)[] } = {}) => {
    const skip = new Set<keyof Side>(['clientMobile', 'deviceUniqueId', 'position', ...(options.without ?? [])]);
    return Object.entries(side)
      .filter(([key]) => !skip.has(key as keyof Side))
      .map(([, value]) => value);
  };

  return {
    s,
    tenants,
    lending,
    cape,
    owner,
    global,
    agentActor,
    ownerAction,
    ownerNotification,
    activityTypeId,
    activityStatusId,
    product,
    permissionId,
    roles,
    today: day(0),
    make,
    marksOf,
  };
}

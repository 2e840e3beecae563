import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type {
  Asset,
  AssetCategory,
  AssetDevice,
  AssetDeviceHistoryEntry,
  AssetDeviceType,
  AssetGroup,
} from '@meridian/shared/contract/asset';
import type { GeoDevice } from '@meridian/shared/contract/geo-device';
import type { Permission, Role } from '@meridian/shared/contract/role';
import type { User } from '@meridian/shared/contract/user';
import type { GeoPosition } from '@meridian/shared/contract/geo-position';
import type { StoredPosition } from '../src/tracking/position';
import { DeviceStateConflict, readDeviceStates } from '../src/tracking/processing/device-state';
import { createPositionProcessor } from '../src/tracking/processing/position-processor';
import { DEMO_ASSETS } from '../src/seed/demo-assets';
import { DEMO_TRACKING_DEVICES } from '../src/seed/demo-tracking';
import { databaseLabel, fieldError, pagingOf, startServer, type Actor, type TestServer } from './support/harness';
import { addPosition, deviceIdOf } from './support/tracking-rows';

const METRES_PER_DEGREE = 111_194.93;

describe(`assets (${databaseLabel})`, () => {
  let s: TestServer;
  let tracking: Actor;
  let lending: Actor;
  let officer: Actor;
  let serial = 0;

  /** A new device of the actor's tenant. */
  async function newDevice(actor: Actor) {
    serial += 1;
    const answer = await actor.call<GeoDevice>('POST', '/api/geo/device', {
      body: { uniqueId: `35900${Date.now().toString().slice(-6)}${String(serial).padStart(4, '0')}`, name: `Asset test unit ${serial}` },
    });
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    return answer.body.data;
  }

  const assetBody = (registrationNumber: string, extra: Record<string, unknown> = {}) => ({
    registrationNumber,
    make: 'Toyota Corolla',
    ...extra,
  });

  before(async () => {
    s = await startServer();
    tracking = await s.as('company admin');
    lending = await s.as('company administrator');
    officer = await s.as('loan officer');
  });
  after(() => s.close());

  test('the demo fleet is listed as assets named by registration number and make, paged, searched and filtered', async () => {
    const all = await tracking.call<Asset[]>('GET', '/api/geo/asset/?sortField=registrationNumber&sortOrder=asc');
    assert.equal(all.status, 200, JSON.stringify(all.body));
    assert.equal(pagingOf(all).total, DEMO_ASSETS.length);
    const hilux = all.body.data.find((a) => a.registrationNumber === 'ND 123-456')!;
    assert.equal(hilux.name, 'ND 123-456 Toyota Hilux');
    assert.equal(hilux.groupName, 'Light delivery vehicles');
    assert.equal(hilux.categoryName, 'Pickup');
    assert.equal(Object.values(hilux.devices)[0]!.devicetypename, 'Primary');
    assert.equal(Object.keys(hilux.devices)[0], await deviceIdOf(s.db, DEMO_TRACKING_DEVICES[0]!.uniqueId));
    assert.equal(hilux.lastOdometer, 84_210_000, 'metres');
    assert.equal(hilux.engineHours, 2_140 * 3600, 'seconds');

    const page = await tracking.call<Asset[]>('GET', '/api/geo/asset/?size=4&page=2&sortField=registrationNumber&sortOrder=asc');
    assert.deepEqual(
      page.body.data.map((a) => a.registrationNumber),
      [...DEMO_ASSETS.map((a) => a.registrationNumber)].sort().slice(4, 8),
    );
    assert.deepEqual(pagingOf(page), { pageNumber: 2, pageSize: 4, total: DEMO_ASSETS.length });

    const searched = await tracking.call<Asset[]>('GET', '/api/geo/asset/?search=%20%20hino%20');
    assert.deepEqual(
      searched.body.data.map((a) => a.name),
      ['ND 735-391 Hino 300'],
    );

    const groups = (await tracking.call<AssetGroup[]>('GET', '/api/geo/asset-group')).body.data;
    const heavy = groups.find((g) => g.name === 'Heavy vehicles')!;
    assert.equal(heavy.assetCount, 3);
    const inGroup = await tracking.call<Asset[]>('GET', `/api/geo/asset/?assetGroup=${heavy.id}`);
    assert.equal(pagingOf(inGroup).total, 3);
    const categories = (await tracking.call<AssetCategory[]>('GET', '/api/geo/asset-category')).body.data;
    const truck = categories.find((c) => c.name === 'Truck')!;
    const trucks = await tracking.call<Asset[]>('GET', `/api/geo/asset/?assetCategory=${truck.id}&assetStatus=active`);
    assert.deepEqual(trucks.body.data.map((a) => a.make).sort(), ['Hino 300', 'UD Quon']);
    const stolen = await tracking.call<Asset[]>('GET', '/api/geo/asset/?assetStatus=stolen');
    assert.equal(pagingOf(stolen).total, 0);

    const badStatus = await tracking.call('GET', '/api/geo/asset/?assetStatus=lost');
    assert.equal(badStatus.status, 400);
    assert.match(fieldError(badStatus, 'assetStatus')![0]!, /active, inactive/);
    assert.equal((await tracking.call('GET', '/api/geo/asset/?sortField=colour')).status, 400);
  });

  test('an asset carries its Primary device latest position: coordinates, last update, device time and telemetry; the dates filter by it', async () => {
    const deviceId = await deviceIdOf(s.db, DEMO_TRACKING_DEVICES[1]!.uniqueId);
    const at = new Date(Date.now() - 60_000);
    await addPosition(s.db, deviceId, {
      fixTime: at,
      latitude: -29.85,
      longitude: 31.02,
      address: 'Anton Lembede Street, Durban',
      attributes: { ignition: true, power: 13.8, sat: 11 },
    });
    const list = await tracking.call<Asset[]>('GET', '/api/geo/asset/?search=ND 204');
    const asset = list.body.data[0]!;
    const details = await tracking.call<Asset>('GET', `/api/geo/assets/details/${asset.id}`);
    assert.equal(details.status, 200, JSON.stringify(details.body));
    const d = details.body.data;
    assert.deepEqual([d.latitude, d.longitude, d.coords], [-29.85, 31.02, [-29.85, 31.02]]);
    assert.equal(d.lastUpdate, at.toISOString());
    assert.equal(d.deviceTime, at.toISOString());
    assert.deepEqual(d.telemetry, { ignition: true, power: 13.8, sat: 11 });
    assert.equal(d.address, 'Anton Lembede Street, Durban');
    assert.deepEqual(
      [...d.devices[deviceId]!.attributes].sort((a, b) => a.type.localeCompare(b.type)),
      [
        { type: 'ignition', value: true },
        { type: 'power', value: 13.8 },
        { type: 'sat', value: 11 },
      ],
    );

    const today = new Date().toISOString();
    const heardToday = await tracking.call<Asset[]>('GET', `/api/geo/asset/?startDate=${today.slice(0, 10)}`);
    assert.ok(heardToday.body.data.some((a) => a.id === asset.id));
    const longAgo = await tracking.call<Asset[]>('GET', '/api/geo/asset/?startDate=2020-01-01&endDate=2020-01-02');
    assert.equal(pagingOf(longAgo).total, 0);
    const active = await tracking.call<Asset[]>('GET', '/api/geo/asset/reports/active');
    assert.deepEqual(
      active.body.data.map((a) => a.id),
      [asset.id],
    );

    const positions = await tracking.call<GeoPosition[]>('POST', '/api/geo/asset/device/positions', {
      body: { deviceId, startDate: today.slice(0, 10), endDate: today.slice(0, 10) },
    });
    assert.equal(positions.status, 200, JSON.stringify(positions.body));
    assert.equal(positions.body.data.at(-1)!.latitude, -29.85);
  });

  test('an asset is created and updated with its devices; a device in another asset is refused with a 409; every link change is in the history', async () => {
    const [primary, transponder, spare] = [await newDevice(lending), await newDevice(lending), await newDevice(lending)];
    const types = await lending.call<AssetDeviceType[]>('GET', '/api/geo/asset/device-type');
    assert.deepEqual(types.body.data, [
      { id: 1, name: 'Primary' },
      { id: 2, name: 'Bluetooth Transponder' },
    ]);

    const created = await lending.call<Asset>('POST', '/api/geo/asset/', {
      body: assetBody('gp  12 ab 34', {
        features: ['Tow bar', 'Tow bar', 'Canopy'],
        asset_devices: [
          { deviceId: primary.id, deviceTypeId: 1 },
          { deviceId: transponder.id, deviceTypeId: 2 },
        ],
      }),
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const asset = created.body.data;
    assert.equal(asset.registrationNumber, 'GP 12 AB 34');
    assert.equal(asset.name, 'GP 12 AB 34 Toyota Corolla');
    assert.deepEqual(asset.features, ['Tow bar', 'Canopy']);
    assert.deepEqual(
      Object.values(asset.devices).map((d) => [d.deviceId, d.devicetypename]),
      [
        [primary.id, 'Primary'],
        [transponder.id, 'Bluetooth Transponder'],
      ],
    );
    assert.equal(asset.lastOdometer, 0);

    const same = await lending.call('POST', '/api/geo/asset', { body: assetBody('GP12AB34') });
    assert.equal(same.status, 409);
    assert.ok(fieldError(same, 'registrationNumber'));

    const stolen = await lending.call('POST', '/api/geo/asset', {
      body: assetBody('GP 99 ZZ 99', { asset_devices: [{ deviceId: transponder.id, deviceTypeId: 1 }] }),
    });
    assert.equal(stolen.status, 409);
    assert.match(fieldError(stolen, 'asset_devices')![0]!, new RegExp(`${transponder.uniqueId} is already in another asset`));

    const twoPrimaries = await lending.call('POST', '/api/geo/asset', {
      body: assetBody('GP 98 ZZ 98', {
        asset_devices: [
          { deviceId: spare.id, deviceTypeId: 1 },
          { deviceId: primary.id, deviceTypeId: 1 },
        ],
      }),
    });
    assert.equal(twoPrimaries.status, 400);
    assert.deepEqual(fieldError(twoPrimaries, 'asset_devices'), ['An asset has at most one Primary device.']);

    // The spare becomes the Primary and the old Primary a transponder; the transponder leaves.
    const updated = await lending.call<Asset>('PUT', `/api/geo/asset/${asset.id}`, {
      body: assetBody('GP 12 AB 34', {
        make: 'Toyota Corolla Cross',
        status: 'maintenance',
        asset_devices: [
          { deviceId: spare.id, deviceTypeId: 1 },
          { deviceId: primary.id, deviceTypeId: 2 },
        ],
      }),
    });
    assert.equal(updated.status, 200, JSON.stringify(updated.body));
    assert.equal(updated.body.data.name, 'GP 12 AB 34 Toyota Corolla Cross');
    const devices = await lending.call<AssetDevice[]>('GET', `/api/geo/asset/devices/${asset.id}`);
    assert.deepEqual(
      devices.body.data.map((d) => [d.deviceId, d.devicetypename]),
      [
        [spare.id, 'Primary'],
        [primary.id, 'Bluetooth Transponder'],
      ],
    );
    assert.deepEqual((await lending.call<AssetDevice[]>('GET', `/api/geo/assets/devices/${asset.id}`)).body.data, devices.body.data);

    const history = await lending.call<AssetDeviceHistoryEntry[]>(
      'GET',
      `/api/geo/device-asset-history/?deviceId=${primary.id}&sortOrder=asc`,
    );
    assert.equal(history.status, 200, JSON.stringify(history.body));
    assert.deepEqual(
      history.body.data.map((h) => [h.devicetypename, h.unlinkedAt === null]),
      [
        ['Primary', false],
        ['Bluetooth Transponder', true],
      ],
    );
    const ofTransponder = await lending.call<AssetDeviceHistoryEntry[]>('GET', `/api/geo/device-asset-history?deviceId=${transponder.id}`);
    assert.equal(ofTransponder.body.data.length, 1);
    assert.notEqual(ofTransponder.body.data[0]!.unlinkedAt, null);
    const beforeAny = await lending.call(
      'GET',
      `/api/geo/device-asset-history?deviceId=${primary.id}&startDate=2020-01-01&endDate=2020-01-31`,
    );
    assert.equal(pagingOf(beforeAny).total, 0);

    // Freed, the transponder goes into another asset; a deleted asset frees its devices too.
    const second = await lending.call<Asset>('POST', '/api/geo/asset', {
      body: assetBody('GP 55 CD 55', { asset_devices: [{ deviceId: transponder.id, deviceTypeId: 1 }] }),
    });
    assert.equal(second.status, 201, JSON.stringify(second.body));
    const removed = await lending.call('DELETE', `/api/geo/asset/${second.body.data.id}`);
    assert.equal(removed.status, 200);
    assert.equal((await lending.call('GET', `/api/geo/assets/${second.body.data.id}`)).status, 404);
    const again = await lending.call('POST', '/api/geo/asset', {
      body: assetBody('GP 55 CD 55', { asset_devices: [{ deviceId: transponder.id, deviceTypeId: 1 }] }),
    });
    assert.equal(again.status, 201, 'the registration number and the device are free again');

    // Left out of an update, the devices stay; a deleted device leaves its asset, its history closed.
    const renamed = await lending.call<Asset>('PUT', `/api/geo/asset/${asset.id}`, {
      body: assetBody('GP 12 AB 34', { make: 'Toyota Fortuner' }),
    });
    assert.deepEqual(Object.keys(renamed.body.data.devices), [spare.id, primary.id]);
    assert.equal((await lending.call('PUT', `/api/geo/device/delete/${spare.id}`)).status, 200);
    assert.deepEqual(Object.keys((await lending.call<Asset>('GET', `/api/geo/assets/${asset.id}`)).body.data.devices), [primary.id]);
    const ofSpare = await lending.call<AssetDeviceHistoryEntry[]>(
      'GET',
      `/api/geo/device-asset-history?assetId=${asset.id}&search=${spare.uniqueId}`,
    );
    assert.equal(ofSpare.body.data.length, 1);
    assert.notEqual(ofSpare.body.data[0]!.unlinkedAt, null);
  });

  test('odometer and engine hours set the Primary device totals, which processing counts on from, even from a stale cache', async () => {
    const device = await newDevice(lending);
    const asset = (
      await lending.call<Asset>('POST', '/api/geo/asset', {
        body: assetBody('GP 77 EF 77', { asset_devices: [{ deviceId: device.id, deviceTypeId: 1 }] }),
      })
    ).body.data;
    const processor = createPositionProcessor({ realtime: null, log: () => undefined });
    const t0 = Date.now() - 600_000;
    const stored: StoredPosition[] = [];
    const ingest = async (seconds: number, north: number) => {
      const fixTime = new Date(t0 + seconds * 1000);
      const latitude = -26.2 + north / METRES_PER_DEGREE;
      const id = await addPosition(s.db, device.id, { fixTime, latitude, longitude: 28.04, attributes: { ignition: true } });
      const position: StoredPosition = {
        id,
        deviceId: device.id,
        tenantId: lending.homeTenantId,
        protocol: 'teltonika',
        serverTime: fixTime,
        deviceTime: fixTime,
        fixTime,
        valid: true,
        outdated: false,
        latitude,
        longitude: 28.04,
        altitude: 0,
        speed: 0,
        course: 0,
        accuracy: 0,
        attributes: { ignition: true },
      };
      stored.push(position);
      await s.db.tx((q) => processor.process(q, [position]));
    };
    await ingest(0, 0);
    await ingest(10, 100);

    const odometer = await lending.call<Asset>('PUT', `/api/geo/assets/${asset.id}/odometer`, { body: { odometer: 150_000_000 } });
    assert.equal(odometer.status, 200, JSON.stringify(odometer.body));
    assert.equal(odometer.body.data.lastOdometer, 150_000_000);
    const hours = await lending.call<Asset>('PUT', `/api/geo/assets/${asset.id}/engine-hours`, { body: { engineHours: 36_000 } });
    assert.equal(hours.body.data.engineHours, 36_000);
    assert.equal(hours.body.data.lastOdometer, 150_000_000, 'setting one leaves the other');

    // The processor still holds the state from before the change: its write is refused, not laid over it.
    await assert.rejects(() => ingest(20, 200), DeviceStateConflict);
    await s.db.tx((q) => processor.process(q, [stored.at(-1)!]));
    const [state] = [...(await readDeviceStates(s.db, [device.id])).values()];
    assert.ok(Math.abs(state!.totalDistance - 150_000_100) < 1, `counted on from the set odometer: ${state!.totalDistance}`);
    assert.equal(state!.hours, 36_000_000 + 10_000, 'ten more seconds with ignition on');
    processor.close();

    const after = (await lending.call<Asset>('GET', `/api/geo/assets/${asset.id}`)).body.data;
    assert.equal(after.lastOdometer, 150_000_100);
    assert.equal(after.engineHours, 36_010);

    const icon = await lending.call<Asset>('PUT', `/api/geo/assets/${asset.id}/map-icon`, { body: { mapIcon: 'truck' } });
    assert.equal(icon.body.data.mapIcon, 'truck');
    assert.equal((await lending.call('PUT', `/api/geo/assets/${asset.id}/map-icon`, { body: { mapIcon: 'rocket' } })).status, 400);
    const negative = await lending.call('PUT', `/api/geo/assets/${asset.id}/odometer`, { body: { odometer: -5 } });
    assert.equal(negative.status, 400);
    assert.ok(fieldError(negative, 'odometer'));
    const fractional = await lending.call('PUT', `/api/geo/assets/${asset.id}/engine-hours`, { body: { engineHours: 1.5 } });
    assert.equal(fractional.status, 400);

    const bare = (await lending.call<Asset>('POST', '/api/geo/asset', { body: assetBody('GP 78 EF 78') })).body.data;
    assert.equal(bare.lastOdometer, null);
    const noPrimary = await lending.call('PUT', `/api/geo/assets/${bare.id}/odometer`, { body: { odometer: 1000 } });
    assert.equal(noPrimary.status, 409);
    assert.match(noPrimary.body.result.message, /no Primary device/);
  });

  test('a user sees the asset groups of their roles and the assets in them, and assets in no group; TRACKING and administrators see all', async () => {
    const viewer = await s.actorWith('asset-group-viewer', ['TRACKING/ASSETS']);
    const viewerRole = (await s.db.one<{ role_id: string }>(`select role_id from user_roles where user_id = $1`, [viewer.userId]))!.role_id;
    const officerRole = (await s.db.one<{ id: string }>(`select id from roles where lower(name) = 'loan officer'`))!.id;
    const mine = await lending.call<AssetGroup>('POST', '/api/geo/asset-group/', { body: { name: 'Viewer fleet', roleId: viewerRole } });
    assert.equal(mine.status, 201, JSON.stringify(mine.body));
    assert.equal(mine.body.data.roleId, viewerRole);
    const theirs = await lending.call<AssetGroup>('POST', '/api/geo/asset-group', { body: { name: 'Officer fleet', roleId: officerRole } });
    const inMine = (await lending.call<Asset>('POST', '/api/geo/asset', { body: assetBody('GP 10 GR 10', { groupId: mine.body.data.id }) }))
      .body.data;
    const inTheirs = (
      await lending.call<Asset>('POST', '/api/geo/asset', { body: assetBody('GP 11 GR 11', { groupId: theirs.body.data.id }) })
    ).body.data;
    const inNone = (await lending.call<Asset>('POST', '/api/geo/asset', { body: assetBody('GP 12 GR 12') })).body.data;

    const seen = (await viewer.call<Asset[]>('GET', '/api/geo/asset?search=GR')).body.data.map((a) => a.id);
    assert.ok(seen.includes(inMine.id) && seen.includes(inNone.id));
    assert.ok(!seen.includes(inTheirs.id));
    assert.equal((await viewer.call('GET', `/api/geo/assets/${inTheirs.id}`)).status, 404);
    assert.equal((await viewer.call('GET', `/api/geo/assets/details/${inTheirs.id}`)).status, 404);
    assert.equal((await viewer.call('PUT', `/api/geo/asset/${inTheirs.id}`, { body: assetBody('GP 11 GR 11') })).status, 404);
    assert.equal((await viewer.call('GET', `/api/geo/asset-group/${theirs.body.data.id}`)).status, 404);
    assert.deepEqual(
      (await viewer.call<AssetGroup[]>('GET', '/api/geo/asset-group')).body.data.map((g) => g.name),
      ['Viewer fleet'],
    );
    const filtered = await viewer.call<Asset[]>('GET', `/api/geo/asset?assetGroup=${theirs.body.data.id}`);
    assert.equal(pagingOf(filtered).total, 0);
    const intoTheirs = await viewer.call('POST', '/api/geo/asset', { body: assetBody('GP 13 GR 13', { groupId: theirs.body.data.id }) });
    assert.equal(intoTheirs.status, 400);
    assert.ok(fieldError(intoTheirs, 'groupId'));

    // The company administrator holds TRACKING: every group.
    const all = (await lending.call<AssetGroup[]>('GET', '/api/geo/asset-group')).body.data.map((g) => g.name);
    assert.deepEqual(all, ['Officer fleet', 'Viewer fleet']);

    const held = await lending.call('DELETE', `/api/geo/asset-group/${theirs.body.data.id}`);
    assert.equal(held.status, 409, 'a group with assets stays');
    const renamed = await lending.call<AssetGroup>('PUT', `/api/geo/asset-group/${mine.body.data.id}`, {
      body: { name: 'Officer FLEET', roleId: viewerRole },
    });
    assert.equal(renamed.status, 409, 'names are unique per tenant, in any case');
    const empty = await lending.call<AssetGroup>('POST', '/api/geo/asset-group', { body: { name: 'Empty', roleId: viewerRole } });
    assert.equal((await lending.call('DELETE', `/api/geo/asset-group/${empty.body.data.id}`)).status, 200);
    const unknownRole = await lending.call('POST', '/api/geo/asset-group', { body: { name: 'Nobody', roleId: crypto.randomUUID() } });
    assert.equal(unknownRole.status, 400);
    assert.ok(fieldError(unknownRole, 'roleId'));
  });

  test("a branch sees its company's groups and categories, and the assets of its roles' groups; it changes neither", async () => {
    const all = (await tracking.call<Permission[]>('GET', '/api/permissions')).body.data;
    const role = (
      await tracking.call<Role>('POST', '/api/roles', {
        body: { name: 'Durban fleet desk', permissionIds: [all.find((p) => p.hierarchy === 'TRACKING/ASSETS')!.Id] },
      })
    ).body.data.Id;
    const created = await tracking.call<User>('POST', '/api/users', {
      body: {
        firstName: 'Fleet',
        lastName: 'Desk',
        userName: 'durban-fleet-desk',
        emailAddress: 'durban-fleet-desk@demo.meridian.test',
        roleIds: [role],
        tenantIds: [await s.tenantId('Durban Branch')],
        password: 'Fleet-Desk-Pass-1',
      },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const session = await s.login('durban-fleet-desk@demo.meridian.test', 'Fleet-Desk-Pass-1');
    const desk: Actor = {
      session,
      token: session.token,
      userId: session.user.Id,
      homeTenantId: session.user.tenantId,
      call: (method, url, options = {}) => s.call(method, url, { tenant: session.user.tenantId, ...options, token: session.token }),
    };

    const group = (await tracking.call<AssetGroup>('POST', '/api/geo/asset-group', { body: { name: 'Durban desk', roleId: role } })).body
      .data;
    const hilux = (await tracking.call<Asset[]>('GET', '/api/geo/asset?search=ND 123-456')).body.data[0]!;
    const moved = await tracking.call<Asset>('PUT', `/api/geo/asset/${hilux.id}`, {
      body: {
        registrationNumber: hilux.registrationNumber,
        make: hilux.make,
        groupId: group.id,
        categoryId: hilux.categoryId,
        features: hilux.features,
      },
    });
    assert.equal(moved.status, 200, JSON.stringify(moved.body));

    const seen = await desk.call<Asset[]>('GET', '/api/geo/asset');
    assert.deepEqual(
      seen.body.data.map((a) => a.name),
      ['ND 123-456 Toyota Hilux'],
      'not the Branch Manager group, nor the company assets',
    );
    assert.deepEqual(
      (await desk.call<AssetGroup[]>('GET', '/api/geo/asset-group')).body.data.map((g) => g.name),
      ['Durban desk'],
    );
    const categories = (await desk.call<AssetCategory[]>('GET', '/api/geo/asset-category')).body.data;
    const van = categories.find((c) => c.name === 'Van')!;
    assert.equal(van.assetCount, 1, "the branch's van only: the company's is not counted from here");
    assert.equal((await tracking.call<AssetCategory>('GET', `/api/geo/asset-category/${van.id}`)).body.data.assetCount, 2);
    assert.equal((await desk.call('GET', `/api/geo/asset-group/${group.id}`)).status, 200);
    assert.equal((await desk.call('PUT', `/api/geo/asset-group/${group.id}`, { body: { name: 'Mine', roleId: role } })).status, 404);
    assert.equal((await desk.call('DELETE', `/api/geo/asset-category/${van.id}`)).status, 404);
    assert.equal((await desk.call('PUT', `/api/geo/asset-category/${van.id}`, { body: { name: 'Vans' } })).status, 404);

    // A branch's asset carries devices of the branch (or below), never of the company above it.
    const companyUnit = await newDevice(tracking);
    const durban = await s.tenantId('Durban Branch');
    const branchAsset = await tracking.call('POST', '/api/geo/asset', {
      body: assetBody('ND 500-500', { tenantId: durban, asset_devices: [{ deviceId: companyUnit.id, deviceTypeId: 1 }] }),
    });
    assert.equal(branchAsset.status, 400);
    assert.match(fieldError(branchAsset, 'asset_devices')![0]!, /belongs to a tenant outside the asset's/);
    const companyAsset = await tracking.call<Asset>('POST', '/api/geo/asset', {
      body: assetBody('ND 500-500', { asset_devices: [{ deviceId: companyUnit.id, deviceTypeId: 1 }] }),
    });
    assert.equal(companyAsset.status, 201);
    const movedDown = await tracking.call('PUT', `/api/geo/asset/${companyAsset.body.data.id}`, {
      body: assetBody('ND 500-500', { tenantId: durban }),
    });
    assert.equal(movedDown.status, 400, 'moving it down would leave it a device from above');
  });

  test('categories are made, renamed, read and deleted; their assets keep no category', async () => {
    const made = await lending.call<AssetCategory>('POST', '/api/geo/asset-category/', { body: { id: 'ignored', name: 'Motorbike' } });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const asset = (
      await lending.call<Asset>('POST', '/api/geo/asset', { body: assetBody('GP 20 CT 20', { categoryId: made.body.data.id }) })
    ).body.data;
    assert.equal(asset.categoryName, 'Motorbike');
    const renamed = await lending.call<AssetCategory>('PUT', `/api/geo/asset-category/${made.body.data.id}`, {
      body: { name: 'Motorcycle' },
    });
    assert.deepEqual([renamed.body.data.name, renamed.body.data.assetCount], ['Motorcycle', 1]);
    assert.equal((await lending.call<AssetCategory>('GET', `/api/geo/asset-category/${made.body.data.id}`)).body.data.name, 'Motorcycle');
    assert.equal((await lending.call('POST', '/api/geo/asset-category', { body: { name: 'MOTORCYCLE' } })).status, 409);
    assert.equal((await lending.call('DELETE', `/api/geo/asset-category/${made.body.data.id}`)).status, 200);
    assert.equal((await lending.call<Asset>('GET', `/api/geo/assets/${asset.id}`)).body.data.categoryId, null);
    const blank = await lending.call('POST', '/api/geo/asset-category', { body: { name: '  ' } });
    assert.equal(blank.status, 400);
    assert.deepEqual(fieldError(blank, 'name'), ['A category name is required.']);
  });

  test('another tenant gets nothing of the assets, groups, categories or history, and a caller without the permission is refused', async () => {
    const theirAsset = (await tracking.call<Asset[]>('GET', '/api/geo/asset?size=1')).body.data[0]!;
    const theirGroup = (await tracking.call<AssetGroup[]>('GET', '/api/geo/asset-group')).body.data[0]!;
    const theirCategory = (await tracking.call<AssetCategory[]>('GET', '/api/geo/asset-category')).body.data[0]!;
    const theirDevice = Object.keys(theirAsset.devices)[0]!;
    for (const url of [
      `/api/geo/assets/${theirAsset.id}`,
      `/api/geo/assets/details/${theirAsset.id}`,
      `/api/geo/assets/devices/${theirAsset.id}`,
      `/api/geo/asset/devices/${theirAsset.id}`,
      `/api/geo/asset-group/${theirGroup.id}`,
      `/api/geo/asset-category/${theirCategory.id}`,
      `/api/geo/device-asset-history?deviceId=${theirDevice}`,
    ])
      assert.equal((await lending.call('GET', url)).status, 404, url);
    for (const [method, url, body] of [
      ['PUT', `/api/geo/asset/${theirAsset.id}`, assetBody('XX 1')],
      ['DELETE', `/api/geo/asset/${theirAsset.id}`, undefined],
      ['PUT', `/api/geo/assets/${theirAsset.id}/odometer`, { odometer: 1 }],
      ['PUT', `/api/geo/assets/${theirAsset.id}/engine-hours`, { engineHours: 1 }],
      ['PUT', `/api/geo/assets/${theirAsset.id}/map-icon`, { mapIcon: 'car' }],
      ['PUT', `/api/geo/asset-group/${theirGroup.id}`, { name: 'Mine now', roleId: theirGroup.roleId }],
      ['DELETE', `/api/geo/asset-group/${theirGroup.id}`, undefined],
      ['PUT', `/api/geo/asset-category/${theirCategory.id}`, { name: 'Mine now' }],
      ['DELETE', `/api/geo/asset-category/${theirCategory.id}`, undefined],
    ] as const)
      assert.equal((await lending.call(method, url, body === undefined ? {} : { body })).status, 404, `${method} ${url}`);
    const intoMine = await lending.call('POST', '/api/geo/asset', {
      body: assetBody('GP 30 XT 30', { asset_devices: [{ deviceId: theirDevice, deviceTypeId: 1 }] }),
    });
    assert.equal(intoMine.status, 404, 'their device is not found from here');
    const positions = await lending.call('POST', '/api/geo/asset/device/positions', {
      body: { deviceId: theirDevice, startDate: '2026-01-01', endDate: '2026-01-02' },
    });
    assert.equal(positions.status, 404);
    const lists = [
      '/api/geo/asset',
      '/api/geo/asset-group',
      '/api/geo/asset-category',
      '/api/geo/asset/reports/active',
      '/api/geo/device-asset-history',
    ];
    for (const url of lists) {
      const answer = await lending.call<{ id: string; assetId?: string }[]>('GET', url);
      assert.equal(answer.status, 200, url);
      assert.ok(
        !JSON.stringify(answer.body.data).includes(theirAsset.id) && !JSON.stringify(answer.body.data).includes(theirGroup.id),
        url,
      );
    }
    for (const url of [...lists, `/api/geo/assets/${theirAsset.id}`, '/api/geo/asset/device-type'])
      assert.equal((await officer.call('GET', url)).status, 403, url);
    assert.equal((await officer.call('POST', '/api/geo/asset', { body: assetBody('GP 31 XT 31') })).status, 403);
  });
});

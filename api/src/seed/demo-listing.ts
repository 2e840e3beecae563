/**
 * The public listing demo (issue 20): Meridian Lending's public key (`meridian-lending`, so the page is
 * /listing/meridian-lending), three more repossessed vehicles Listed beside the vehicles demo's one (in
 * the company and its two branches), and bids from the public on two of them. Photos need files under
 * DATA_DIR, so they are drawn (with sharp) when the server starts, not with the rows: see
 * `seedDemoListingPhotos`.
 */
import sharp from 'sharp';
import type { Database, Queryable } from '../db/database';
import { photoStore, resizePhoto } from '../files/photo-store';
import { pathWithin } from '../tenancy/subtree';

export const DEMO_LISTING_KEY = 'meridian-lending';

const LISTED = [
  ['Meridian Lending', 'GP 45 KL 67', 'Ford', 'Ranger', 2022, 'Blue'],
  ['Johannesburg Branch', 'GP 12 LS 34', 'Volkswagen', 'Polo', 2020, 'Silver'],
  ['Cape Town Branch', 'CA 123 456', 'Hyundai', 'i20', 2021, 'Red'],
] as const;
const PATH = ['New', 'Dispatched', 'Recovered', 'In storage', 'Listed'] as const;

/** Made-up bidders (example.com, a 555 number): demo rows, nobody's data. */
const BIDS = [
  ['GP 66 FF 66', 'Thabo Nkosi', '+27 82 555 0101', 39_500_000, 3],
  ['GP 66 FF 66', 'Anna van Wyk', 'anna.vanwyk@example.com', 41_000_000, 2],
  ['GP 66 FF 66', 'Sipho Dlamini', '+27 71 555 0199', 40_250_000, 1],
  ['GP 12 LS 34', 'Lerato Mokoena', 'lerato@example.com', 17_800_000, 1],
] as const;

async function listVehicle(q: Queryable, tenantId: string, userId: string | null, spec: (typeof LISTED)[number], n: number) {
  const [, reg, make, model, year, colour] = spec;
  const vehicle = await q.one<{ id: string }>(
    `insert into vehicles (tenant_id, registration_number, engine_number, make, model, year, colour, status)
     values ($1, $2, $3, $4, $5, $6, $7, 'recovered') on conflict do nothing returning id`,
    [tenantId, reg, `ENG-P${3000 + n}`, make, model, year, colour],
  );
  if (!vehicle) return;
  const days = PATH.length + n;
  const row = await q.one<{ id: string }>(
    `insert into repossessions (tenant_id, vehicle_id, status, reason, created_user_id, date_created, date_modified)
     values ($1, $2, 'Listed', 'Instalments four months in arrears', $3, now() - make_interval(days => $4), now() - make_interval(days => $5)) returning id`,
    [tenantId, vehicle.id, userId, days, n],
  );
  for (const [step, to] of PATH.entries())
    await q.query(
      `insert into repossession_history (repossession_id, from_status, to_status, note, user_id, date_created)
       values ($1, $2, $3, $4, $5, now() - make_interval(days => $6, hours => 1))`,
      [row!.id, step === 0 ? null : PATH[step - 1], to, step === 0 ? 'Raised by the collections desk' : null, userId, days - step],
    );
}

async function insertBids(q: Queryable, lendingId: string) {
  for (const [reg, name, contact, amountMinor, daysAgo] of BIDS)
    await q.query(
      `insert into vehicle_bids (tenant_id, repossession_id, bidder_name, bidder_contact, amount_minor, currency, received_date)
       select r.tenant_id, r.id, $2, $3, $4, 'ZAR', now() - make_interval(days => $5)
       from repossessions r join vehicles v on v.id = r.vehicle_id join tenants t on t.id = r.tenant_id join tenants lt on lt.id = $6
       where v.registration_number = $1 and r.status = 'Listed' and r.deleted_at is null and ${pathWithin('t.path', 'lt.path')}`,
      [reg, name, contact, amountMinor, daysAgo, lendingId],
    );
}

export async function seedDemoListing(db: Database) {
  const done = await db.one(`select 1 from system_settings where key = 'demo_listing_seeded'`);
  if (done) return;
  await db.tx(async (q) => {
    const marked = await q.one(
      `insert into system_settings (key, value) values ('demo_listing_seeded', now()::text) on conflict do nothing returning key`,
    );
    if (!marked) return;
    const tenants = await q.query<{ id: string; name: string }>(
      `select id, name from tenants where name = any($1::text[]) and deleted_at is null`,
      [[...new Set(LISTED.map(([tenant]) => tenant))]],
    );
    const lending = tenants.find((t) => t.name === 'Meridian Lending');
    if (!lending) return;
    await q.query(`insert into tenant_public_listings (tenant_id, public_key) values ($1, $2) on conflict do nothing`, [
      lending.id,
      DEMO_LISTING_KEY,
    ]);
    const officer = await q.one<{ id: string }>(
      `select u.id from users u join user_tenants ut on ut.user_id = u.id where ut.tenant_id = $1 order by u.date_created limit 1`,
      [lending.id],
    );
    for (const [n, spec] of LISTED.entries()) {
      const tenant = tenants.find((t) => t.name === spec[0]);
      if (tenant) await listVehicle(q, tenant.id, officer?.id ?? null, spec, n);
    }
    await insertBids(q, lending.id);
  });
}

const COLOURS: Record<string, string> = { Blue: '#2f5fa8', Silver: '#a9b1b8', Red: '#b8262b', Grey: '#6b7178', White: '#eef0f2' };

/** A side view of a car in its colour on a plain yard, with its make and model: a stand-in for a real photo. */
function carPicture(make: string, model: string | null, colour: string | null): Buffer {
  const body = COLOURS[colour ?? ''] ?? '#5a6470';
  const label = `${make} ${model ?? ''}`.replace(/[<>&"]/g, '');
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="960" height="600">
  <rect width="960" height="600" fill="#dfe7ee"/><rect y="430" width="960" height="170" fill="#9aa3a8"/>
  <path d="M150 380 L230 270 Q250 240 300 240 L620 240 Q660 240 690 270 L780 330 Q830 340 840 380 L840 420 L150 420 Z" fill="${body}" stroke="#222" stroke-width="4"/>
  <path d="M260 280 L300 255 L450 255 L450 330 L240 330 Z M480 255 L610 255 Q640 255 660 280 L700 330 L480 330 Z" fill="#bcd3e6" stroke="#222" stroke-width="3"/>
  <circle cx="290" cy="425" r="58" fill="#222"/><circle cx="290" cy="425" r="26" fill="#999"/>
  <circle cx="700" cy="425" r="58" fill="#222"/><circle cx="700" cy="425" r="26" fill="#999"/>
  <text x="480" y="110" font-family="Arial, sans-serif" font-size="56" font-weight="700" fill="#1d2a36" text-anchor="middle">${label}</text>
</svg>`);
}

/**
 * Draws a photo for each of Meridian Lending's listed demo vehicles that has none, and makes it the
 * listing photo. Run at start-up (it needs DATA_DIR, which the rows do not), once per database.
 */
export async function seedDemoListingPhotos(db: Database, dataDir: string, log: (message: string) => void) {
  const done = await db.one(`select 1 from system_settings where key = 'demo_listing_photos_seeded'`);
  if (done) return;
  const marked = await db.one(
    `insert into system_settings (key, value) values ('demo_listing_photos_seeded', now()::text) on conflict do nothing returning key`,
  );
  if (!marked) return;
  const store = photoStore(dataDir, 'vehicles', log);
  const listed = await db.query<{
    id: string;
    vehicle_id: string;
    tenant_id: string;
    make: string;
    model: string | null;
    colour: string | null;
  }>(
    `select r.id, r.vehicle_id, v.tenant_id, v.make, v.model, v.colour
     from tenant_public_listings k join tenants kt on kt.id = k.tenant_id join tenants t on ${pathWithin('t.path', 'kt.path')}
       join repossessions r on r.tenant_id = t.id and r.status = 'Listed' and r.deleted_at is null and r.public_listing_photo_id is null
       join vehicles v on v.id = r.vehicle_id
     where k.public_key = $1 and not exists (select 1 from vehicle_photos ph where ph.vehicle_id = r.vehicle_id)`,
    [DEMO_LISTING_KEY],
  );
  for (const r of listed) {
    const photo = await resizePhoto(
      await sharp(carPicture(r.make, r.model, r.colour))
        .jpeg({ quality: 80 })
        .toBuffer(),
    );
    const storedName = await store.write(r.vehicle_id, photo);
    const row = await db.one<{ id: string }>(
      `insert into vehicle_photos (vehicle_id, tenant_id, file_name, stored_name, content_type, width, height, size_bytes,
         thumb_width, thumb_height, thumb_size_bytes)
       values ($1, $2, 'listing.jpg', $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
      [
        r.vehicle_id,
        r.tenant_id,
        storedName,
        photo.contentType,
        photo.full.width,
        photo.full.height,
        photo.full.data.length,
        photo.thumb.width,
        photo.thumb.height,
        photo.thumb.data.length,
      ],
    );
    await db.query(`update repossessions set public_listing_photo_id = $1 where id = $2`, [row!.id, r.id]);
  }
}

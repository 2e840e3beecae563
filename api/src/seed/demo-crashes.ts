/**
 * The demo fleet's crashes (issue 19 item 5), so the Crash tab, the crash lists and the workbench show
 * something on a first start: two waiting for review (an accident alarm and a hard impact) and one
 * already approved. Later ones come from the simulated fleet's readings, as in production.
 */
import type { Queryable } from '../db/database';
import { pathWithin } from '../tenancy/subtree';
import { demoEmail } from './demo-data';

interface DemoCrash {
  registrationNumber: string;
  kind: 'accident' | 'impact';
  /** g, for an impact. */
  reading: number | null;
  hoursAgo: number;
  status: 'NEW' | 'APPROVED';
  comment: string | null;
  /** Where it happened: on the demo routes round Durban. */
  latitude: number;
  longitude: number;
}

const DEMO_CRASHES: readonly DemoCrash[] = [
  {
    registrationNumber: 'ND 123-456',
    kind: 'accident',
    reading: null,
    hoursAgo: 3,
    status: 'NEW',
    comment: null,
    latitude: -29.8587,
    longitude: 31.0218,
  },
  {
    registrationNumber: 'ND 735-391',
    kind: 'impact',
    reading: 3.4,
    hoursAgo: 26,
    status: 'NEW',
    comment: null,
    latitude: -29.8312,
    longitude: 31.0098,
  },
  {
    registrationNumber: 'ND 204-117',
    kind: 'impact',
    reading: 2.9,
    hoursAgo: 24 * 6,
    status: 'APPROVED',
    comment: 'Driver confirmed a minor collision at the depot gate; panel beater booked.',
    latitude: -29.8619,
    longitude: 31.0277,
  },
];

/** Crashes of the company's demo assets (by registration number); a reviewed one names its administrator. */
export async function insertDemoCrashes(q: Queryable, companyId: string) {
  const reviewer = await q.one<{ id: string }>(`select id from users where email_address = $1`, [demoEmail('company admin')]);
  for (const crash of DEMO_CRASHES) {
    await q.query(
      `insert into crash_events (tenant_id, device_id, asset_id, occurred_at, latitude, longitude, kind, reading, status,
                                 reviewed_by, reviewed_at, review_comment)
       select a.tenant_id, ad.device_id, a.id, now() - make_interval(hours => $2), $3, $4, $5, $6, $7,
              case when $7 = 'APPROVED' then $8::uuid end, case when $7 = 'APPROVED' then now() - make_interval(hours => $2 - 2) end, $9
         from assets a join asset_devices ad on ad.asset_id = a.id and ad.device_type_id = 1
        where a.registration_number = $1 and a.deleted_at is null
          and a.tenant_id in (select t.id from tenants t join tenants c on c.id = $10 and ${pathWithin('t.path', 'c.path')})`,
      [
        crash.registrationNumber,
        crash.hoursAgo,
        crash.latitude,
        crash.longitude,
        crash.kind,
        crash.reading,
        crash.status,
        reviewer?.id ?? null,
        crash.comment,
        companyId,
      ],
    );
  }
}

/**
 * The consent forms demo (issue 21, item 5): a spouse's consent and a guarantor's form on a few of
 * Meridian Lending's open applications (submitted or approved), each with a drawn signature kept under
 * DATA_DIR like a captured one, so the consent screens and their PDFs show something real. After the
 * loans demo, whose applications it uses; once per database.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Database } from '../db/database';
import { pathWithin } from '../tenancy/subtree';
import { signatureStore } from '../modules/loan-consents/consent-signature';

const SPOUSES = [
  ['Nomvula Dlamini', '8604120345081', '0824410001', 'in-community'],
  ['Pieter van Wyk', '8102275123087', '0834410002', 'out-of-community-with-accrual'],
  ['Ayanda Zulu', '9011030456083', '0714410003', 'customary'],
] as const;
const GUARANTORS = [
  ['Bongani Khumalo', '7707075234089', '0724410004', '14 Jabavu Road, Soweto', 'Brother', 3_250_000, 1_500_000],
  ['Refilwe Molefe', '8209150567082', '0764410005', '8 Church Street, Bellville', 'Employer', 5_800_000, 2_000_000],
] as const;

/** A signature-like stroke (a few loops across the pad), drawn as a canvas would export it. */
async function demoSignature(seed: number): Promise<Buffer> {
  const [width, height] = [480, 160];
  const pixels = Buffer.alloc(width * height * 4);
  for (let x = 30; x < width - 30; x += 0.5) {
    const y = height / 2 + Math.sin((x + seed * 17) / (14 + seed)) * 38 + Math.cos(x / 41) * 14;
    for (let dy = -1; dy <= 1; dy += 1) {
      const at = (Math.round(y + dy) * width + Math.round(x)) * 4;
      pixels[at + 3] = 255;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

export async function seedDemoConsents(db: Database, dataDir: string) {
  const done = await db.one(`select 1 from system_settings where key = 'demo_consents_seeded'`);
  if (done) return;
  const store = signatureStore(dataDir, () => {});
  await db.tx(async (q) => {
    const marked = await q.one(
      `insert into system_settings (key, value) values ('demo_consents_seeded', now()::text) on conflict do nothing returning key`,
    );
    const lending = await q.one<{ id: string }>(`select id from tenants where name = 'Meridian Lending' and deleted_at is null`);
    if (!marked || !lending) return;
    const loans = await q.query<{ id: string; tenant_id: string; principal_minor: string; captured_by: string }>(
      `select l.id, l.tenant_id, l.principal_minor::text, coalesce(l.created_user_id, u.id) as captured_by
       from loans l join tenants t on t.id = l.tenant_id join tenants lt on lt.id = $1
       cross join lateral (select id from users where user_name = 'company-administrator') u
       where l.status in ('submitted', 'approved') and ${pathWithin('t.path', 'lt.path')}
       order by l.submitted_on desc, l.id limit 3`,
      [lending.id],
    );
    for (const [i, loan] of loans.entries()) {
      const forms = [
        { kind: 'spousal' as const, spouse: SPOUSES[i % SPOUSES.length]! },
        ...(i < GUARANTORS.length ? [{ kind: 'guarantor' as const, guarantor: GUARANTORS[i]! }] : []),
      ];
      for (const [j, form] of forms.entries()) {
        const id = randomUUID();
        const png = await demoSignature(i * 2 + j);
        const file = await store.write(id, png);
        const [name, idNumber, phone] = form.kind === 'spousal' ? form.spouse : form.guarantor;
        const guaranteed = form.kind === 'guarantor' ? Math.min(form.guarantor[6], Number(loan.principal_minor)) : null;
        await q.query(
          `insert into loan_consents (id, tenant_id, loan_id, kind, signer_name, id_number, phone, marriage_regime, address, relationship,
             monthly_income_minor, guaranteed_minor, signed_place, signed_at, signature_file, signature_bytes, captured_user_id)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::bigint, $12::bigint, $13, now() - ($14 || ' hours')::interval, $15, $16, $17)`,
          [
            id,
            loan.tenant_id,
            loan.id,
            form.kind,
            name,
            idNumber,
            phone,
            form.kind === 'spousal' ? form.spouse[3] : null,
            form.kind === 'guarantor' ? form.guarantor[3] : null,
            form.kind === 'guarantor' ? form.guarantor[4] : null,
            form.kind === 'guarantor' ? String(form.guarantor[5]) : null,
            guaranteed === null ? null : String(guaranteed),
            'Branch office',
            String(6 + i * 5 + j),
            file,
            png.length,
            loan.captured_by,
          ],
        );
      }
    }
  });
}

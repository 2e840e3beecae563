import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import {
  LEAD_LIMITS,
  LEAD_STATUSES,
  currentWeek,
  type Lead,
  type LeadAddress,
  type LeadListItem,
  type ConsentRequestSent,
  type LeadMatch,
  type LeadDashboard,
  type SalesDashboard,
} from '@meridian/shared/contract/lead';
import { MESSAGES } from '@meridian/shared/messages';
import type { Role } from '@meridian/shared/contract/role';
import type { User } from '@meridian/shared/contract/user';
import type { Client } from '@meridian/shared/contract/client';
import { databaseLabel, startServer, type Actor, type TestServer, fieldError, fieldErrorsOf, pagingOf } from './support/harness';

/** The text a PDF draws, read from its uncompressed content streams (hex strings of Tj/TJ). */
function pdfText(pdf: Buffer) {
  const content = pdf.toString('latin1');
  const lines: string[] = [];
  for (const [, ops] of content.matchAll(/BT([\s\S]*?)ET/g)) {
    const hex = [...ops!.matchAll(/<([0-9a-fA-F]+)>/g)].map(([, h]) => Buffer.from(h!, 'hex').toString('latin1'));
    lines.push(hex.join(''));
  }
  return lines.join('\n');
}

describe(`leads and the sales dashboards (${databaseLabel})`, () => {
  let s: TestServer;
  let lendingAdmin: Actor;
  let trackingAdmin: Actor;
  let global: Actor;
  let officer: Actor;
  let leader: Actor;
  let productManager: Actor;
  let createOnly: Actor;
  let bellville: string;
  let soweto: string;
  let serial = 0;
  /** A lead body with a fresh contact number. */
  const lead = (firstName: string, lastName: string, extra: Record<string, unknown> = {}) => {
    serial += 1;
    return { firstName, lastName, contactNumber: `0619${String(serial).padStart(6, '0')}`, ...extra };
  };
  const names = (rows: { firstName: string; lastName: string }[]) => rows.map((l) => `${l.firstName} ${l.lastName}`);

  const pdfOf = (actor: Actor, leadId: string) =>
    s.built.app.inject({
      method: 'POST',
      url: '/api/leads/generate-pdf',
      payload: { leadId },
      headers: { authorization: `Bearer ${actor.token}`, 'x-tenant-id': actor.homeTenantId },
    });

  before(async () => {
    s = await startServer();
    lendingAdmin = await s.as('company administrator');
    trackingAdmin = await s.as('company admin');
    global = await s.as('global administrator');
    officer = await s.as('loan officer');
    leader = await s.as('team leader');
    productManager = await s.as('product manager');
    createOnly = await s.actorWith('lead-creator', ['SALES/LEADS/CREATE']);
    bellville = await s.tenantId('Bellville Team');
    soweto = await s.tenantId('Soweto Team');
  });
  after(() => s.close());

  test('a new lead gets the spec defaults, a digits-only trimmed phone number, its addresses and a first status entry', async () => {
    const created = await officer.call<Lead>('POST', '/api/leads', { body: lead('Thandeka', 'Mokoena') });
    assert.equal(created.status, 201);
    assert.equal(created.body.result.message, 'Lead created.');
    const l = created.body.data;
    assert.deepEqual(
      [
        l.tenantId,
        l.status,
        l.consentStatus,
        l.affordabilityOutcome,
        l.latitude,
        l.longitude,
        l.source,
        l.phonenumber,
        l.trimmedPhonenumber,
        l.leadCreatedBy,
        l.assignedTo,
      ],
      [soweto, 'New', 'NONE PROVIDED', 'NONE', 0, 0, 'WEB', l.contactNumber, l.contactNumber, 'Lerato Dlamini', null],
    );
    assert.deepEqual(
      l.statusHistory.map((h) => [h.status, h.changedBy]),
      [['New', 'Lerato Dlamini']],
    );

    const full = await officer.call<Lead>('POST', '/api/leads', {
      body: lead('Sizwe', 'Mabena', {
        phonenumber: '+27 (82) 555-0101',
        countryCode: '+27',
        emailAddress: 'Sizwe@Example.com',
        idNumber: '8506055800081',
        source: 'ui',
        latitude: 999,
        longitude: 999,
        location: 'Soweto',
        addresses: [
          {
            type: 'home',
            lineone: '12 Vilakazi Street',
            city: 'Soweto',
            postcode: '1804',
            state: 'Gauteng',
            country: 'South Africa',
            latitude: -26.238,
            longitude: 27.908,
          },
          { type: 'WORK', lineone: '1 Main Road', city: 'Johannesburg' },
        ],
      }),
    });
    assert.equal(full.status, 201, JSON.stringify(full.body));
    const f = full.body.data;
    assert.deepEqual(
      [f.trimmedPhonenumber, f.emailAddress, f.source, f.latitude, f.longitude],
      ['27825550101', 'sizwe@example.com', 'UI', 0, 0],
    );
    assert.deepEqual(
      f.addresses.map((a) => [a.type, a.lineone, a.latitude, a.longitude]),
      [
        ['HOME', '12 Vilakazi Street', -26.238, 27.908],
        ['WORK', '1 Main Road', 0, 0],
      ],
    );
    const addresses = await officer.call<LeadAddress[]>('GET', `/api/leads/addresses-by-lead/${f.Id}`);
    assert.equal(addresses.status, 200);
    assert.deepEqual(
      addresses.body.data.map((a) => a.city),
      ['Soweto', 'Johannesburg'],
    );
  });

  test('a lead created with its own Id (a device offline) keeps it; a missing, invalid or all-zero Id is made by the server; a taken one is 409', async () => {
    const id = randomUUID();
    const named = await officer.call<Lead>('POST', '/api/leads', { body: lead('Offline', 'Made', { Id: id, source: 'UI' }) });
    assert.equal(named.status, 201, JSON.stringify(named.body));
    assert.deepEqual([named.body.data.Id, named.body.data.source, named.body.data.status], [id, 'UI', 'New']);
    for (const given of ['not-a-uuid', '00000000-0000-0000-0000-000000000000']) {
      const made = await officer.call<Lead>('POST', '/api/leads', { body: lead('Server', 'Made', { Id: given }) });
      assert.equal(made.status, 201);
      assert.notEqual(made.body.data.Id, given);
    }
    const taken = await officer.call<Lead>('POST', '/api/leads', { body: lead('Same', 'Id', { Id: id }) });
    assert.equal(taken.status, 409);
    assert.deepEqual(fieldError(taken, 'Id')!, ['A lead with this Id exists already.']);
  });

  test('lead validation answers the spec rules field by field', async () => {
    const errors = async (body: unknown) => {
      const r = await officer.call<Lead>('POST', '/api/leads', { body });
      assert.equal(r.status, 400);
      return fieldErrorsOf(r);
    };
    assert.deepEqual((await errors({ firstName: 'No', lastName: 'Number' })).contactNumber, ['A contact number is required.']);
    const bad = await errors({
      firstName: 'Jo3',
      lastName: 'Ok',
      contactNumber: '821234567',
      emailAddress: 'x@',
      idNumber: '12',
      status: 'Sleeping',
      latitude: 95,
    });
    assert.deepEqual(bad.firstName, ['First name cannot contain digits.']);
    assert.deepEqual(bad.contactNumber, ['A phone number is 0 followed by 9 digits.']);
    assert.deepEqual(bad.emailAddress, ['Enter a valid e-mail address.']);
    assert.deepEqual(bad.idNumber, ['An ID number has 13 or more digits.']);
    assert.deepEqual(bad.status, [`Choose one of: ${LEAD_STATUSES.join(', ')}.`]);
    assert.deepEqual(bad.latitude, ['A latitude is between -90 and 90.']);
    const tooMany = await errors(
      lead('Many', 'Homes', { addresses: Array.from({ length: LEAD_LIMITS.maxAddresses + 1 }, () => ({ city: 'Soweto' })) }),
    );
    assert.deepEqual(tooMany.addresses, [`A lead has at most ${LEAD_LIMITS.maxAddresses} addresses.`]);
    const outside = await officer.call<Lead>('POST', '/api/leads', { body: lead('Far', 'Away', { tenantId: bellville }) });
    assert.deepEqual(fieldError(outside, 'tenantId')!, [MESSAGES.tenantOutsideScope]);
  });

  test('a second live lead with the same contact number or e-mail in the company is refused with the spec message', async () => {
    const first = (
      await officer.call<Lead>('POST', '/api/leads', { body: lead('Original', 'Person', { emailAddress: 'original.person@example.com' }) })
    ).body.data;
    const samePhone = await lendingAdmin.call<Lead>('POST', '/api/leads', {
      body: lead('Copy', 'Phone', { contactNumber: first.contactNumber, tenantId: bellville }),
    });
    assert.equal(samePhone.status, 400);
    assert.equal(samePhone.body.result.message, MESSAGES.leadExists);
    assert.deepEqual(fieldErrorsOf(samePhone), { contactNumber: [MESSAGES.leadDuplicateDetail] });
    const sameEmail = await lendingAdmin.call<Lead>('POST', '/api/leads', {
      body: lead('Copy', 'Email', { emailAddress: 'ORIGINAL.Person@example.com' }),
    });
    assert.deepEqual(fieldErrorsOf(sameEmail), { emailAddress: [MESSAGES.leadDuplicateDetail] });
    const both = await officer.call<Lead>('POST', '/api/leads', {
      body: lead('Copy', 'Both', { contactNumber: first.contactNumber, emailAddress: first.emailAddress }),
    });
    assert.deepEqual(Object.keys(fieldErrorsOf(both)).sort(), ['contactNumber', 'emailAddress']);
    assert.equal(
      (
        await trackingAdmin.call<Lead>('POST', '/api/leads', {
          body: lead('Other', 'Company', { contactNumber: first.contactNumber, emailAddress: first.emailAddress }),
        })
      ).status,
      201,
      'another company may have the same person',
    );

    const other = (await officer.call<Lead>('POST', '/api/leads', { body: lead('Second', 'Person') })).body.data;
    const clash = await officer.call<Lead>('PUT', `/api/leads/${other.Id}`, {
      body: { ...lead('Second', 'Person'), emailAddress: 'original.person@example.com' },
    });
    assert.equal(clash.status, 400);
    assert.equal(clash.body.result.message, MESSAGES.leadExistsOnSave);
    assert.deepEqual(fieldErrorsOf(clash), { emailAddress: [MESSAGES.leadDuplicateDetail] });
    const itself = await officer.call<Lead>('PUT', `/api/leads/${first.Id}`, {
      body: { firstName: 'Original', lastName: 'Persona', contactNumber: first.contactNumber, emailAddress: first.emailAddress },
    });
    assert.equal(itself.status, 200, 'a lead does not clash with itself');

    await officer.call('POST', '/api/leads/delete', { body: { id: first.Id } });
    assert.equal(
      (await officer.call<Lead>('POST', '/api/leads', { body: lead('Copy', 'Phone', { contactNumber: first.contactNumber }) })).status,
      201,
      'a deleted lead no longer counts',
    );
  });

  test('leads by tenant default to the current week over the created date, newest first, with date types and a chosen window', async () => {
    const week = currentWeek();
    const r = await lendingAdmin.call<LeadListItem[]>('GET', '/api/leads/tenant/getbyid');
    assert.equal(r.status, 200);
    const rows = r.body.data;
    assert.ok(rows.length >= 15, 'the demo leads of this week');
    assert.ok(rows.every((l) => Date.parse(l.dateCreated) >= week.start.getTime() && Date.parse(l.dateCreated) < week.end.getTime()));
    const dates = rows.map((l) => Date.parse(l.dateCreated));
    assert.deepEqual(
      dates,
      [...dates].sort((a, b) => b - a),
    );
    assert.ok(names(rows).includes('Kagiso Molefe'));
    assert.ok(!names(rows).includes('Ayanda Cele'), 'a lead of last week is outside the default window');

    const lastMonday = new Date(week.start.getTime() - 7 * 24 * 60 * 60 * 1000);
    const day = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    const lastWeek = await lendingAdmin.call<LeadListItem[]>(
      'GET',
      `/api/leads/tenant/getbyid?startDate=${day(lastMonday)}&endDate=${day(new Date(week.start.getTime() - 1))}&size=1000`,
    );
    assert.ok(names(lastWeek.body.data).includes('Ayanda Cele'));
    assert.ok(!names(lastWeek.body.data).includes('Kagiso Molefe'));

    const consent = await lendingAdmin.call<LeadListItem[]>(
      'GET',
      `/api/leads/tenant/getbyid?dateType=CONSENT&startDate=${day(lastMonday)}&size=1000`,
    );
    assert.ok(consent.body.data.length > 0);
    assert.ok(consent.body.data.every((l) => l.consentDate && Date.parse(l.consentDate) >= lastMonday.getTime()));
    const affordability = await lendingAdmin.call<LeadListItem[]>(
      'GET',
      `/api/leads/tenant/getbyid?dateType=affordability&startDate=${day(lastMonday)}&size=1000`,
    );
    assert.ok(affordability.body.data.length > 0);
    assert.ok(affordability.body.data.every((l) => l.affordabilityDate !== null));

    const byName = await lendingAdmin.call<LeadListItem[]>(
      'GET',
      '/api/leads/tenant/getbyid?sortField=lastName&sortOrder=ASC&search=a&size=3',
    );
    const lastNames = byName.body.data.map((l) => l.lastName);
    assert.deepEqual(lastNames, [...lastNames].sort());
    assert.equal(pagingOf(byName).pageSize, 3);
    assert.deepEqual(
      fieldError(await lendingAdmin.call<LeadListItem[]>('GET', '/api/leads/tenant/getbyid?dateType=birthday'), 'dateType')!,
      ['dateType is one of created, consent, affordability.'],
    );
    const backwards = await lendingAdmin.call<LeadListItem[]>('GET', '/api/leads/tenant/getbyid?startDate=2025-02-10&endDate=2025-02-01');
    assert.deepEqual(fieldError(backwards, 'endDate')!, ['endDate must be after startDate.']);
    assert.equal((await lendingAdmin.call<LeadListItem[]>('GET', '/api/leads/tenant/getbyid?startDate=yesterday')).status, 400);
  });

  test('all leads are paged, filtered by status and searched; one lead reads with its addresses and assigned agent', async () => {
    const all = await lendingAdmin.call<LeadListItem[]>('GET', '/api/leads?size=10');
    assert.equal(all.body.data.length, 10);
    assert.ok(pagingOf(all).total >= 30);
    const converted = await lendingAdmin.call<LeadListItem[]>('GET', '/api/leads?status=converted&size=1000');
    assert.ok(converted.body.data.length >= 3);
    assert.ok(converted.body.data.every((l) => l.status === 'Converted'));
    assert.deepEqual(names((await lendingAdmin.call<LeadListItem[]>('GET', '/api/leads?search=precious')).body.data), ['Precious Ngwenya']);
    const molefe = (await lendingAdmin.call<LeadListItem[]>('GET', '/api/leads?search=molefe')).body.data[0]!;
    const one = await lendingAdmin.call<Lead>('GET', `/api/leads/${molefe.Id}`);
    assert.equal(one.status, 200);
    assert.equal(one.body.data.assignedTo, 'Lerato Dlamini');
    assert.equal(one.body.data.addresses.length, 1);
    assert.deepEqual(
      one.body.data.statusHistory.map((h) => h.status),
      ['Application', 'New'],
    );
    assert.equal((await lendingAdmin.call<LeadListItem[]>('GET', '/api/leads?sortField=secret')).status, 400);
    const mine = await officer.call<LeadListItem[]>('GET', '/api/leads?size=1000');
    assert.ok(
      mine.body.data.every((l) => l.tenantName === 'Soweto Team'),
      'a team sees its own leads',
    );
  });

  test('status changes go through PUT /leads/status and are recorded in the status history', async () => {
    const l = (await officer.call<Lead>('POST', '/api/leads', { body: lead('Status', 'Walker') })).body.data;
    const contacted = await leader.call<Lead>('PUT', `/api/leads/status/${l.Id}`, { body: { status: 'contacted' } });
    assert.equal(contacted.status, 200);
    assert.equal(contacted.body.data.status, 'Contacted');
    assert.deepEqual(
      contacted.body.data.statusHistory.map((h) => [h.status, h.changedBy]),
      [
        ['Contacted', 'Thabo Khumalo'],
        ['New', 'Lerato Dlamini'],
      ],
    );
    const same = await leader.call<Lead>('PUT', `/api/leads/status/${l.Id}`, { body: { status: 'Contacted' } });
    assert.equal(same.body.data.statusHistory.length, 2, 'no change, no entry');
    const viaPut = await officer.call<Lead>('PUT', `/api/leads/${l.Id}`, {
      body: { firstName: 'Status', lastName: 'Walker', contactNumber: l.contactNumber, status: 'Qualified' },
    });
    assert.deepEqual(
      viaPut.body.data.statusHistory.map((h) => h.status),
      ['Qualified', 'Contacted', 'New'],
    );
    const bad = await leader.call<Lead>('PUT', `/api/leads/status/${l.Id}`, { body: { status: 'Won' } });
    assert.equal(bad.status, 400);
    assert.deepEqual(fieldError(bad, 'status')!, [`Choose one of: ${LEAD_STATUSES.join(', ')}.`]);
    assert.equal((await leader.call<Lead>('PUT', `/api/leads/status/${l.Id}`, { body: {} })).status, 400);
  });

  test('PUT replaces the person fields, keeps workflow fields left out, and replaces addresses only when given', async () => {
    const l = (
      await officer.call<Lead>('POST', '/api/leads', {
        body: lead('Edit', 'Me', {
          emailAddress: 'edit.me@example.com',
          source: 'REFERRAL',
          addresses: [{ city: 'Soweto' }],
          consentStatus: 'PROVIDED',
          totalAffordability: 5000,
        }),
      })
    ).body.data;
    assert.ok(l.consentDate, 'answered consent is dated');
    assert.ok(l.affordabilityDate, 'an assessment is dated');
    const edited = (
      await officer.call<Lead>('PUT', `/api/leads/${l.Id}`, {
        body: { firstName: 'Edited', lastName: 'Me', contactNumber: l.contactNumber },
      })
    ).body.data;
    assert.deepEqual(
      [
        edited.firstName,
        edited.emailAddress,
        edited.source,
        edited.consentStatus,
        edited.totalAffordability,
        edited.addresses.length,
        edited.affordabilityDate,
      ],
      ['Edited', null, 'REFERRAL', 'PROVIDED', 5000, 1, l.affordabilityDate],
    );
    const cleared = (
      await officer.call<Lead>('PUT', `/api/leads/${l.Id}`, {
        body: {
          firstName: 'Edited',
          lastName: 'Me',
          contactNumber: l.contactNumber,
          addresses: [],
          affordabilityOutcome: 'NOT AFFORDABLE',
        },
      })
    ).body.data;
    assert.equal(cleared.addresses.length, 0);
    assert.equal(cleared.affordabilityOutcome, 'NOT AFFORDABLE');
    assert.notEqual(cleared.affordabilityDate, l.affordabilityDate, 'a new outcome is a new assessment');
  });

  test('an edit that leaves the phone number out keeps the one the lead came with while the contact number stays', async () => {
    const l = (
      await officer.call<Lead>('POST', '/api/leads', {
        body: lead('Phone', 'Kept', { phonenumber: '+27 82 555 0101', countryCode: '+27' }),
      })
    ).body.data;
    const kept = (
      await officer.call<Lead>('PUT', `/api/leads/${l.Id}`, {
        body: { firstName: 'Phone', lastName: 'Kept', contactNumber: l.contactNumber },
      })
    ).body.data;
    assert.deepEqual([kept.phonenumber, kept.countryCode], ['+27 82 555 0101', '+27']);
    const moved = (
      await officer.call<Lead>('PUT', `/api/leads/${l.Id}`, { body: { firstName: 'Phone', lastName: 'Kept', contactNumber: '0829990001' } })
    ).body.data;
    assert.equal(moved.phonenumber, '0829990001', 'a new contact number is the phone number unless one is given');
  });

  test('a lead is assigned to a field agent of its company and listed as theirs', async () => {
    const l = (await lendingAdmin.call<Lead>('POST', '/api/leads', { body: lead('Assign', 'Me', { tenantId: bellville }) })).body.data;
    const assigned = await lendingAdmin.call<Lead>('POST', '/api/leads/assignlead', { body: { leadId: l.Id, userId: officer.userId } });
    assert.equal(assigned.status, 200);
    assert.equal(assigned.body.data.assignedTo, 'Lerato Dlamini');
    const theirs = await lendingAdmin.call<LeadListItem[]>('GET', `/api/leads/assignedto/${officer.userId}?size=1000`);
    assert.ok(theirs.body.data.some((x) => x.Id === l.Id));
    assert.ok(theirs.body.data.every((x) => x.assignedUserId === officer.userId));
    const own = await officer.call<LeadListItem[]>('GET', `/api/leads/assignedto/${officer.userId}?size=1000`);
    assert.ok(own.body.data.length >= 5, 'an agent lists their own leads in their team');

    const notAgent = await lendingAdmin.call<Lead>('POST', '/api/leads/assignlead', {
      body: { leadId: l.Id, userId: await s.userId('branch-manager') },
    });
    assert.equal(notAgent.status, 400);
    assert.deepEqual(fieldError(notAgent, 'userId')!, ['Leads are assigned to field agents: loan officer, credit officer, team leader.']);
    const outside = await lendingAdmin.call<Lead>('POST', '/api/leads/assignlead', {
      body: { leadId: l.Id, userId: trackingAdmin.userId },
    });
    assert.deepEqual(fieldError(outside, 'userId')!, ['Choose a user inside the tenant you are acting for.']);
    const officerRole = (await global.call<Role[]>('GET', '/api/roles?search=loan%20officer')).body.data[0]!.Id;
    const durban = await global.call<User>('POST', '/api/users', {
      body: {
        firstName: 'Durban',
        lastName: 'Agent',
        userName: 'durban-agent',
        emailAddress: 'durban-agent@demo.meridian.test',
        roleIds: [officerRole],
        tenantIds: [await s.tenantId('Umhlanga Team')],
      },
    });
    const otherCompany = await global.call<Lead>('POST', '/api/leads/assignlead', { body: { leadId: l.Id, userId: durban.body.data.Id } });
    assert.deepEqual(fieldError(otherCompany, 'userId')!, ['Choose an agent of the company the lead belongs to.']);

    const unassigned = await lendingAdmin.call<Lead>('POST', '/api/leads/assignlead', { body: { leadId: l.Id, userId: null } });
    assert.equal(unassigned.body.data.assignedTo, null);
    assert.equal(unassigned.body.result.message, 'Lead unassigned.');
    assert.equal((await lendingAdmin.call<LeadListItem[]>('GET', `/api/leads/assignedto/${trackingAdmin.userId}`)).status, 404);
  });

  test('the consent request is e-mailed through the outbox; with no e-mail it is 422, as no SMS gateway exists', async () => {
    const withEmail = (
      await officer.call<Lead>('POST', '/api/leads', { body: lead('Consent', 'Mail', { emailAddress: 'consent.mail@example.com' }) })
    ).body.data;
    await officer.call<Lead>('POST', '/api/leads/assignlead', { body: { leadId: withEmail.Id, userId: officer.userId } });
    const sent = await officer.call<ConsentRequestSent>('POST', '/api/leads/resend-consent-request', {
      body: { tenantId: soweto, leadId: withEmail.Id, mobileNumber: withEmail.contactNumber },
    });
    assert.equal(sent.status, 200);
    assert.deepEqual(
      [sent.body.data.channel, sent.body.data.sentTo, sent.body.data.consentStatus],
      ['email', 'consent.mail@example.com', 'REQUESTED'],
    );
    const mail = await s.db.one<{ subject: string; body_text: string }>(
      `select subject, body_text from outbox_emails where to_address = $1 and kind = 'lead-consent'`,
      ['consent.mail@example.com'],
    );
    assert.equal(mail?.subject, 'Meridian Lending asks for your consent');
    assert.match(mail!.body_text, /Hello Consent,/);
    assert.match(mail!.body_text, /Lerato Dlamini/);
    const after = (await officer.call<Lead>('GET', `/api/leads/${withEmail.Id}`)).body.data;
    assert.equal(after.consentStatus, 'REQUESTED');
    assert.ok(after.consentRequestedAt);

    const noEmail = (await officer.call<Lead>('POST', '/api/leads', { body: lead('Consent', 'Phone') })).body.data;
    const refused = await officer.call<ConsentRequestSent>('POST', '/api/leads/resend-consent-request', {
      body: { leadId: noEmail.Id, mobileNumber: noEmail.contactNumber },
    });
    assert.equal(refused.status, 422);
    assert.equal(
      refused.body.result.message,
      `No SMS gateway is configured, so the consent request cannot be sent to ${noEmail.contactNumber}. Add an e-mail address to the lead to send it by e-mail.`,
    );
    const wrongTenant = await officer.call<ConsentRequestSent>('POST', '/api/leads/resend-consent-request', {
      body: { leadId: withEmail.Id, tenantId: bellville },
    });
    assert.deepEqual(fieldError(wrongTenant, 'tenantId')!, ['This lead belongs to another tenant.']);
    const given = (
      await officer.call<Lead>('POST', '/api/leads', {
        body: lead('Consent', 'Given', { emailAddress: 'given@example.com', consentStatus: 'PROVIDED' }),
      })
    ).body.data;
    assert.equal(
      (await officer.call<ConsentRequestSent>('POST', '/api/leads/resend-consent-request', { body: { leadId: given.Id } })).status,
      409,
    );
    assert.deepEqual(
      fieldError(
        await officer.call<ConsentRequestSent>('POST', '/api/leads/resend-consent-request', {
          body: { leadId: withEmail.Id, mobileNumber: '123' },
        }),
        'mobileNumber',
      )!,
      ['A phone number is 0 followed by 9 digits.'],
    );
  });

  test("generate-pdf answers a real PDF attachment named after the lead, holding the lead's details", async () => {
    const l = (
      await officer.call<Lead>('POST', '/api/leads', {
        body: lead('Nandi', 'Van der Merwe', {
          emailAddress: 'nandi@example.com',
          totalAffordability: 1234.5,
          addresses: [{ lineone: '7 Ngwenya Street', city: 'Soweto' }],
        }),
      })
    ).body.data;
    const r = await pdfOf(officer, l.Id);
    assert.equal(r.statusCode, 200);
    assert.equal(r.headers['content-type'], 'application/pdf');
    assert.match(String(r.headers['content-disposition']), /^attachment; filename="lead-Nandi-Van-der-Merwe\.pdf"/);
    const pdf = r.rawPayload;
    assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-');
    assert.match(pdf.subarray(-8).toString('latin1'), /%%EOF/);
    const text = pdfText(pdf);
    assert.match(text, /Lead: Nandi Van der Merwe/);
    assert.match(text, new RegExp(l.contactNumber));
    assert.match(text, /nandi@example\.com/);
    assert.match(text, /R1[\s\u00a0,.]?234[.,]50/, 'money as the browser shows it (en-ZA, 2 decimals, prefix R)');
    assert.match(text, /7 Ngwenya Street, Soweto/);
    assert.equal((await pdfOf(officer, randomUUID())).statusCode, 404);
  });

  test('delete is soft and name search answers at most 20 matches', async () => {
    for (let i = 0; i < 22; i += 1)
      await officer.call<Lead>('POST', '/api/leads', {
        body: lead('Findme', `Person${'abcdefghijklmnopqrstuvwxyz'[i]}`.replace(/\d/g, '')),
      });
    const found = await officer.call<LeadMatch[]>('POST', '/api/leads/search', { body: { name: 'findme' } });
    assert.equal(found.body.data.length, LEAD_LIMITS.searchMatches);
    const gone = found.body.data[0]!;
    assert.equal((await officer.call('POST', '/api/leads/delete', { body: { id: gone.Id } })).status, 200);
    assert.equal((await officer.call<Lead>('GET', `/api/leads/${gone.Id}`)).status, 404);
    assert.ok(
      !(await officer.call<LeadMatch[]>('POST', '/api/leads/search', { body: { name: 'findme' } })).body.data.some((x) => x.Id === gone.Id),
    );
    assert.ok(await s.db.one(`select 1 from leads where id = $1 and deleted_at is not null`, [gone.Id]));
    assert.deepEqual(fieldError(await officer.call('POST', '/api/leads/delete', { body: {} }), 'id')!, ['Choose the lead.']);
  });

  test('the lead dashboard counts the window by status, consent and affordability, per day, with the conversion rate', async () => {
    const r = await lendingAdmin.call<LeadDashboard>('GET', '/api/leads/dashboard');
    assert.equal(r.status, 200);
    const d = r.body.data;
    const expected = (await s.db.one<{ n: number; converted: number }>(
      `select count(*)::int as n, count(*) filter (where l.status = 'Converted')::int as converted from leads l join tenants t on t.id = l.tenant_id
       where t.path like $1 and l.deleted_at is null and l.date_created >= $2 and l.date_created < $3`,
      [
        `${(await s.db.one<{ path: string }>(`select path from tenants where id = $1`, [lendingAdmin.homeTenantId]))!.path}%`,
        d.window.startDate,
        d.window.endDate,
      ],
    ))!;
    assert.equal(d.total, expected.n);
    assert.equal(d.converted, expected.converted);
    assert.equal(d.conversionRate, Math.round((expected.converted / expected.n) * 10000) / 10000);
    assert.deepEqual(
      d.byStatus.map((c) => c.key),
      [...LEAD_STATUSES],
    );
    for (const counts of [d.byStatus, d.byConsentStatus, d.byAffordabilityOutcome, d.newPerDay]) {
      assert.equal(
        counts.reduce((sum, c) => sum + c.count, 0),
        d.total,
      );
    }
    assert.ok(d.newPerDay.length >= 30 && d.newPerDay.length <= 31);
    assert.ok(Math.abs(Date.parse(d.window.endDate) - Date.now()) < 60_000, 'the last 30 days by default');

    const team = (await officer.call<LeadDashboard>('GET', '/api/leads/dashboard')).body.data;
    assert.ok(team.total < d.total, 'a team counts its own leads');
    const chosen = (await lendingAdmin.call<LeadDashboard>('GET', '/api/leads/dashboard?startDate=2020-01-01&endDate=2020-01-03')).body
      .data;
    assert.deepEqual(
      [chosen.total, chosen.newPerDay.map((x) => x.day), chosen.conversionRate],
      [0, ['2020-01-01', '2020-01-02', '2020-01-03'], 0],
    );
    assert.deepEqual(
      fieldError(
        await lendingAdmin.call<LeadDashboard>('GET', '/api/leads/dashboard?startDate=2020-01-01&endDate=2022-01-01'),
        'startDate',
      )!,
      ['A dashboard covers at most 366 days.'],
    );
  });

  test('the sales dashboard counts leads, clients and activity assignments of the subtree, with the top agents', async () => {
    const activity = (await s.db.one<{ id: string }>(
      `insert into activities (tenant_id, name, start_date, created_user_id) values ($1, 'Dashboard visit', now() - interval '1 hour', $2) returning id`,
      [soweto, leader.userId],
    ))!.id;
    await s.db.query(
      `insert into activity_assignments (activity_id, user_id, status_text) values ($1, $2, 'COMPLETED'), ($1, $3, 'Pending')`,
      [activity, officer.userId, leader.userId],
    );
    await officer.call<Client>('POST', '/api/clients', { body: { firstName: 'Dashboard', lastName: 'Client' } });

    const r = await lendingAdmin.call<SalesDashboard>('GET', '/api/sales/dashboard');
    assert.equal(r.status, 200);
    const d = r.body.data;
    const path = `${(await s.db.one<{ path: string }>(`select path from tenants where id = $1`, [lendingAdmin.homeTenantId]))!.path}%`;
    const count = async (sql: string) => (await s.db.one<{ n: number }>(sql, [path, d.window.startDate, d.window.endDate]))!.n;
    assert.equal(
      d.leadsCreated,
      await count(
        `select count(*)::int as n from leads l join tenants t on t.id = l.tenant_id where t.path like $1 and l.deleted_at is null and l.date_created >= $2 and l.date_created < $3`,
      ),
    );
    assert.equal(
      d.clientsAdded,
      await count(
        `select count(*)::int as n from clients c join tenants t on t.id = c.tenant_id where t.path like $1 and c.deleted_at is null and c.date_created >= $2 and c.date_created < $3`,
      ),
    );
    const assignments = `from activity_assignments aa join activities a on a.id = aa.activity_id join tenants t on t.id = a.tenant_id left join activity_statuses st on st.id = aa.status_id
      where t.path like $1 and a.deleted_at is null and coalesce(a.start_date, a.date_created) >= $2 and coalesce(a.start_date, a.date_created) < $3`;
    assert.equal(d.activities.planned, await count(`select count(*)::int as n ${assignments}`));
    assert.equal(
      d.activities.completed,
      await count(
        `select count(*)::int as n ${assignments} and lower(coalesce(aa.status_text, st.name)) in ('completed', 'complete', 'done')`,
      ),
    );
    assert.ok(d.activities.completed >= 1);
    assert.ok(d.topAgents.length >= 1 && d.topAgents.length <= 10);
    const lerato = d.topAgents.find((a) => a.name === 'Lerato Dlamini');
    assert.ok(lerato && lerato.activitiesCompleted >= 1 && lerato.clientsAdded >= 1 && lerato.leadsCreated >= 1);
    const completedOrder = d.topAgents.map((a) => a.activitiesCompleted);
    assert.deepEqual(
      completedOrder,
      [...completedOrder].sort((a, b) => b - a),
    );
    assert.ok(!d.topAgents.some((a) => a.name === 'Ben Mahlangu'), 'only field agents are ranked');
    const tracking = (await trackingAdmin.call<SalesDashboard>('GET', '/api/sales/dashboard')).body.data;
    assert.ok(!tracking.topAgents.some((a) => a.name === 'Lerato Dlamini'));
    assert.ok(tracking.leadsCreated < d.leadsCreated);
  });

  test('each lead route refuses a user without its permission (403)', async () => {
    const someLead = (await lendingAdmin.call<LeadListItem[]>('GET', '/api/leads?search=molefe')).body.data[0]!.Id;
    const refusals: [Actor, string, string, unknown?][] = [
      ...(
        [
          ['GET', '/api/leads'],
          ['GET', '/api/leads/tenant/getbyid'],
          ['GET', `/api/leads/${someLead}`],
          ['GET', `/api/leads/assignedto/${officer.userId}`],
          ['GET', `/api/leads/addresses-by-lead/${someLead}`],
          ['GET', '/api/leads/dashboard'],
          ['GET', '/api/sales/dashboard'],
          ['POST', '/api/leads', lead('No', 'Way')],
          ['PUT', `/api/leads/${someLead}`, lead('No', 'Way')],
          ['PUT', `/api/leads/status/${someLead}`, { status: 'Lost' }],
          ['POST', '/api/leads/assignlead', { leadId: someLead, userId: null }],
          ['POST', '/api/leads/resend-consent-request', { leadId: someLead }],
          ['POST', '/api/leads/generate-pdf', { leadId: someLead }],
          ['POST', '/api/leads/delete', { id: someLead }],
          ['POST', '/api/leads/search', { name: 'a' }],
        ] as [string, string, unknown?][]
      ).map(([m, u, b]) => [productManager, m, u, b] as [Actor, string, string, unknown?]),
      [createOnly, 'GET', '/api/leads'],
      [createOnly, 'PUT', `/api/leads/${someLead}`, lead('No', 'Way')],
      [createOnly, 'POST', '/api/leads/delete', { id: someLead }],
    ];
    const notRefused: string[] = [];
    for (const [actor, method, url, body] of refusals) {
      const r = await actor.call(method, url, body === undefined ? {} : { body });
      if (r.status !== 403 || r.body.result.code !== 'FORBIDDEN')
        notRefused.push(`${actor.session.user.userName} ${method} ${url} -> ${r.status}`);
    }
    assert.deepEqual(notRefused, []);
    assert.equal(
      (await createOnly.call<Lead>('POST', '/api/leads', { body: lead('Create', 'Only') })).status,
      201,
      'SALES/LEADS/CREATE alone may create',
    );
  });

  test('a Meridian Tracking administrator cannot reach a Meridian Lending lead', async () => {
    const ours = (await lendingAdmin.call<LeadListItem[]>('GET', '/api/leads?search=molefe')).body.data[0]!;
    const leaks: string[] = [];
    for (const [method, url, body] of [
      ['GET', `/api/leads/${ours.Id}`],
      ['GET', `/api/leads/addresses-by-lead/${ours.Id}`],
      ['PUT', `/api/leads/${ours.Id}`, lead('Taken', 'Over')],
      ['PUT', `/api/leads/status/${ours.Id}`, { status: 'Lost' }],
      ['POST', '/api/leads/assignlead', { leadId: ours.Id, userId: null }],
      ['POST', '/api/leads/resend-consent-request', { leadId: ours.Id }],
      ['POST', '/api/leads/generate-pdf', { leadId: ours.Id }],
      ['POST', '/api/leads/delete', { id: ours.Id }],
      ['GET', `/api/leads/assignedto/${officer.userId}`],
    ] as [string, string, unknown?][]) {
      const r = await trackingAdmin.call(method, url, body === undefined ? {} : { body });
      if (r.status !== 404) leaks.push(`${method} ${url} -> ${r.status}`);
    }
    assert.deepEqual(leaks, []);
    assert.equal(pagingOf(await trackingAdmin.call<LeadListItem[]>('GET', '/api/leads?search=molefe')).total, 0);
    assert.equal((await trackingAdmin.call<LeadMatch[]>('POST', '/api/leads/search', { body: { name: 'molefe' } })).body.data.length, 0);
    assert.equal(pagingOf(await trackingAdmin.call<LeadListItem[]>('GET', '/api/leads/tenant/getbyid?search=molefe')).total, 0);
    const still = (await lendingAdmin.call<Lead>('GET', `/api/leads/${ours.Id}`)).body.data;
    assert.deepEqual([still.firstName, still.status, still.assignedTo], ['Kagiso', 'Application', 'Lerato Dlamini'], 'nothing was changed');
  });

  test('the OpenAPI document lists the lead and dashboard routes', async () => {
    const r = await s.built.app.inject({ method: 'GET', url: '/api/docs/json' });
    assert.equal(r.statusCode, 200);
    const paths = Object.keys(r.json().paths);
    const missing = [
      '/api/leads',
      '/api/leads/{id}',
      '/api/leads/tenant/getbyid',
      '/api/leads/assignedto/{userId}',
      '/api/leads/addresses-by-lead/{leadId}',
      '/api/leads/status/{id}',
      '/api/leads/assignlead',
      '/api/leads/resend-consent-request',
      '/api/leads/generate-pdf',
      '/api/leads/delete',
      '/api/leads/search',
      '/api/leads/dashboard',
      '/api/sales/dashboard',
    ].filter((p) => !paths.includes(p));
    assert.deepEqual(missing, []);
  });
});

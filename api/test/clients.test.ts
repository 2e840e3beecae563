import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  CLIENT_LIMITS,
  type Client,
  type ClientListItem,
  type ClientGroupListItem,
  type ClientMatch,
  type ClientAffordability,
  type PhoneBookEntry,
  type ClientGroup,
} from '@meridian/shared/contract/client';
import { MESSAGES, nameTakenMessage } from '@meridian/shared/messages';
import type { Lead } from '@meridian/shared/contract/lead';
import { databaseLabel, startServer, type Actor, type TestServer, fieldError, fieldErrorsOf, pagingOf } from './support/harness';

describe(`clients and client groups (${databaseLabel})`, () => {
  let s: TestServer;
  let lendingAdmin: Actor;
  let trackingAdmin: Actor;
  let officer: Actor;
  let productManager: Actor;
  let noClients: Actor;
  let bellville: string;
  let soweto: string;
  const person = (firstName: string, lastName: string, extra: Record<string, unknown> = {}) => ({ firstName, lastName, ...extra });
  const names = (rows: { firstName: string; lastName: string }[]) => rows.map((c) => `${c.firstName} ${c.lastName}`);

  before(async () => {
    s = await startServer();
    lendingAdmin = await s.as('company administrator');
    trackingAdmin = await s.as('company admin');
    officer = await s.as('loan officer');
    productManager = await s.as('product manager');
    noClients = await s.actorWith('sales-only', ['SALES']);
    bellville = await s.tenantId('Bellville Team');
    soweto = await s.tenantId('Soweto Team');
  });
  after(() => s.close());

  test('creates, reads, edits and soft-deletes a client of the acting tenant', async () => {
    const created = await officer.call<Client>('POST', '/api/clients', {
      body: person('Ntombi', 'Mazibuko', {
        emailAddress: 'Ntombi.M@Example.com',
        mobile: '0831234567',
        idNumber: '8801015800084',
        dateOfBirth: '1988-01-01',
        gender: 'female',
        city: 'Soweto',
        lat: -26.25,
        lng: 27.85,
      }),
    });
    assert.equal(created.status, 201);
    assert.equal(created.body.result.message, 'Client created.');
    const client = created.body.data;
    assert.deepEqual(
      [
        client.tenantId,
        client.tenantName,
        client.emailAddress,
        client.mobile,
        client.idNumber,
        client.dateOfBirth,
        client.gender,
        client.createdBy,
        client.groups,
      ],
      [soweto, 'Soweto Team', 'ntombi.m@example.com', '0831234567', '8801015800084', '1988-01-01', 'FEMALE', 'Lerato Dlamini', []],
    );
    assert.equal((await officer.call<Client>('GET', `/api/clients/${client.Id}`)).body.data.lastName, 'Mazibuko');
    const edited = await officer.call<Client>('PUT', `/api/clients/${client.Id}`, {
      body: person('Ntombi', 'Mazibuko-Dube', { mobile: '0831234567', emailAddress: '' }),
    });
    assert.equal(edited.status, 200);
    assert.deepEqual(
      [edited.body.data.lastName, edited.body.data.emailAddress, edited.body.data.idNumber, edited.body.data.lat],
      ['Mazibuko-Dube', null, null, null],
    );
    const deleted = await officer.call('POST', '/api/clients/delete', { body: { id: client.Id } });
    assert.equal(deleted.status, 200);
    assert.equal((await officer.call<Client>('GET', `/api/clients/${client.Id}`)).status, 404);
    assert.equal(pagingOf(await officer.call<ClientListItem[]>('GET', '/api/clients?search=mazibuko')).total, 0);
    assert.ok(
      await s.db.one(`select 1 from clients where id = $1 and deleted_at is not null`, [client.Id]),
      'the row is kept, marked deleted',
    );
    assert.equal((await officer.call('POST', '/api/clients/delete', { body: { id: client.Id } })).status, 404);
  });

  test('client validation answers the spec rules field by field', async () => {
    const post = (body: unknown) => officer.call<Client>('POST', '/api/clients', { body });
    const fieldErrors = async (body: unknown) => {
      const r = await post(body);
      assert.equal(r.status, 400);
      assert.equal(r.body.result.code, 'VALIDATION');
      return fieldErrorsOf(r);
    };
    assert.deepEqual((await fieldErrors({})).firstName, ['First name is required.']);
    assert.deepEqual((await fieldErrors({})).lastName, ['Last name is required.']);
    assert.deepEqual((await fieldErrors(person('Th4bo', 'Ok'))).firstName, ['First name cannot contain digits.']);
    assert.deepEqual((await fieldErrors(person('Thabo!', 'Ok'))).firstName, ['First name cannot contain special characters.']);
    assert.deepEqual((await fieldErrors(person('A'.repeat(21), 'Ok'))).firstName, ['First name can be at most 20 characters.']);
    assert.deepEqual((await fieldErrors(person('Thabo', '  '))).lastName, ['Last name is required.']);
    const contact = await fieldErrors(person('Thabo', 'Ok', { mobile: '27831234567', emailAddress: 'not-an-address', idNumber: '880101' }));
    assert.deepEqual(contact.mobile, ['A phone number is 0 followed by 9 digits.']);
    assert.deepEqual(contact.emailAddress, ['Enter a valid e-mail address.']);
    assert.deepEqual(contact.idNumber, ['An ID number has 13 or more digits.']);
    assert.deepEqual((await fieldErrors(person('Thabo', 'Ok', { lat: -26.2 }))).lng, ['Give both latitude and longitude, or neither.']);
    assert.deepEqual((await fieldErrors(person('Thabo', 'Ok', { dateOfBirth: '2999-01-01' }))).dateOfBirth, [
      'A date of birth cannot be in the future.',
    ]);
    const outside = await post(person('Thabo', 'Ok', { tenantId: await s.tenantId('Umhlanga Team') }));
    assert.equal(outside.status, 400);
    assert.deepEqual(fieldError(outside, 'tenantId')!, [MESSAGES.tenantOutsideScope]);
    // Blank optional fields are none, a 20-letter name with a hyphen passes, and the tenant may be one below the acting tenant.
    const ok = await lendingAdmin.call<Client>('POST', '/api/clients', {
      body: person('Anna-Marie', "O'Neil", {
        firstName: 'Abcdefghij-Klmnopqrs',
        mobile: '',
        emailAddress: ' ',
        idNumber: '',
        tenantId: bellville,
      }),
    });
    assert.equal(ok.status, 201);
    assert.deepEqual([ok.body.data.mobile, ok.body.data.emailAddress, ok.body.data.tenantName], [null, null, 'Bellville Team']);
  });

  test('the list is paged newest first, searchable over name, e-mail, mobile and ID number, sortable, and narrowed by group or tenant', async () => {
    const first = await lendingAdmin.call<ClientListItem[]>('GET', '/api/clients?size=5');
    assert.equal(first.status, 200);
    assert.equal(first.body.data.length, 5);
    assert.ok(pagingOf(first).total >= 24, 'the demo clients are listed');
    const dates = first.body.data.map((c) => Date.parse(c.dateCreated));
    assert.deepEqual(
      dates,
      [...dates].sort((a, b) => b - a),
      'newest first by default',
    );
    const second = await lendingAdmin.call<ClientListItem[]>('GET', '/api/clients?size=5&page=2');
    assert.equal(pagingOf(second).pageNumber, 2);
    assert.ok(!second.body.data.some((c) => first.body.data.some((f) => f.Id === c.Id)), 'pages do not overlap');

    assert.deepEqual(names((await lendingAdmin.call<ClientListItem[]>('GET', '/api/clients?search=nkosi')).body.data), ['Thandiwe Nkosi']);
    const thandiwe = (await lendingAdmin.call<ClientListItem[]>('GET', '/api/clients?search=nkosi')).body.data[0]!;
    assert.deepEqual(names((await lendingAdmin.call<ClientListItem[]>('GET', `/api/clients?search=${thandiwe.mobile}`)).body.data), [
      'Thandiwe Nkosi',
    ]);
    assert.deepEqual(names((await lendingAdmin.call<ClientListItem[]>('GET', `/api/clients?search=${thandiwe.idNumber}`)).body.data), [
      'Thandiwe Nkosi',
    ]);
    assert.deepEqual(names((await lendingAdmin.call<ClientListItem[]>('GET', '/api/clients?search=THANDIWE.NKOSI%40EXAMPLE')).body.data), [
      'Thandiwe Nkosi',
    ]);

    const byName = await lendingAdmin.call<ClientListItem[]>('GET', '/api/clients?sortField=lastName&sortOrder=asc&size=1000');
    const lastNames = byName.body.data.map((c) => c.lastName);
    assert.deepEqual(
      lastNames,
      [...lastNames].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)),
    );
    const badSort = await lendingAdmin.call<ClientListItem[]>('GET', '/api/clients?sortField=passwordHash');
    assert.equal(badSort.status, 400);
    assert.match(fieldError(badSort, 'sortField')?.[0] ?? '', /^Sort by one of: /);

    const inBellville = await lendingAdmin.call<ClientListItem[]>('GET', `/api/clients?tenantId=${bellville}&size=1000`);
    assert.ok(inBellville.body.data.length >= 7);
    assert.ok(inBellville.body.data.every((c) => c.tenantName === 'Bellville Team'));
    const viaFilter = await lendingAdmin.call<ClientListItem[]>(
      'GET',
      `/api/clients?filter=${encodeURIComponent(JSON.stringify({ tenantId: bellville }))}&size=1000`,
    );
    assert.equal(pagingOf(viaFilter).total, pagingOf(inBellville).total);

    const club = (await lendingAdmin.call<ClientGroupListItem[]>('GET', '/api/clients/groups?search=savings')).body.data[0]!;
    const members = await lendingAdmin.call<ClientListItem[]>(
      'GET',
      `/api/clients?filter=${encodeURIComponent(JSON.stringify({ groupId: club.Id }))}&sortField=firstName&sortOrder=ASC`,
    );
    assert.deepEqual(names(members.body.data), ['Bongani Zwane', 'Lindiwe Mabaso', 'Nomsa Dube', 'Sipho Mthembu', 'Thandiwe Nkosi']);
    assert.equal(pagingOf(await lendingAdmin.call<ClientListItem[]>('GET', `/api/clients?groupId=${club.Id}`)).total, 5);

    const badFilter = await lendingAdmin.call<ClientListItem[]>('GET', '/api/clients?filter=groupId');
    assert.equal(badFilter.status, 400);
    assert.deepEqual(fieldError(badFilter, 'filter')!, ['filter is a JSON object with groupId and/or tenantId, e.g. {"groupId":"<id>"}.']);
    assert.equal(
      (await lendingAdmin.call<ClientListItem[]>('GET', `/api/clients?tenantId=${await s.tenantId('Umhlanga Team')}`)).status,
      404,
    );
  });

  test('a Soweto Team user sees only the clients of the Soweto Team', async () => {
    const mine = await officer.call<ClientListItem[]>('GET', '/api/clients?size=1000');
    assert.ok(mine.body.data.length >= 10);
    assert.ok(mine.body.data.every((c) => c.tenantName === 'Soweto Team'));
    const sandtonClient = (await lendingAdmin.call<ClientListItem[]>('GET', '/api/clients?search=pretorius')).body.data[0]!;
    assert.equal((await officer.call<Client>('GET', `/api/clients/${sandtonClient.Id}`)).status, 404);
    assert.equal((await officer.call<Client>('PUT', `/api/clients/${sandtonClient.Id}`, { body: person('Johan', 'Taken') })).status, 404);
  });

  test('a person is found by mobile phone; an unknown number is 404 with a clear message, a malformed one 400', async () => {
    const created = (await officer.call<Client>('POST', '/api/clients', { body: person('Mobile', 'Finder', { mobile: '0849998877' }) }))
      .body.data;
    const found = await officer.call<Client>('GET', '/api/clients/get-person-by-mobile-phone/0849998877');
    assert.equal(found.status, 200);
    assert.equal(found.body.data.Id, created.Id);
    const unknown = await officer.call<Client>('GET', '/api/clients/get-person-by-mobile-phone/0849998800');
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.result.message, 'A client with the mobile number 0849998800 was not found.');
    const malformed = await officer.call<Client>('GET', '/api/clients/get-person-by-mobile-phone/+27849998877');
    assert.equal(malformed.status, 400);
    assert.deepEqual(fieldError(malformed, 'phone')!, ['A phone number is 0 followed by 9 digits.']);
    // A client of another company with that number stays unknown.
    await trackingAdmin.call<Client>('POST', '/api/clients', { body: person('Durban', 'Twin', { mobile: '0849998800' }) });
    assert.equal((await officer.call<Client>('GET', '/api/clients/get-person-by-mobile-phone/0849998800')).status, 404);
  });

  test('name search answers at most 20 matches for pickers, by last name', async () => {
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXY';
    for (const letter of letters) await officer.call<Client>('POST', '/api/clients', { body: person('Pickme', `${letter}son`) });
    const found = await officer.call<ClientMatch[]>('POST', '/api/clients/search', { body: { name: 'pickme' } });
    assert.equal(found.status, 200);
    assert.equal(found.body.data.length, CLIENT_LIMITS.searchMatches);
    assert.deepEqual(
      found.body.data.slice(0, 3).map((c) => c.lastName),
      ['Ason', 'Bson', 'Cson'],
    );
    assert.deepEqual(
      names((await officer.call<ClientMatch[]>('POST', '/api/clients/search', { body: { name: 'pickme yson' } })).body.data),
      ['Pickme Yson'],
    );
    assert.equal(
      (await officer.call<ClientMatch[]>('POST', '/api/clients/search', { body: { name: '%' } })).body.data.length,
      0,
      '% is a literal',
    );
    const missing = await officer.call<ClientMatch[]>('POST', '/api/clients/search', { body: {} });
    assert.deepEqual(fieldError(missing, 'name')!, ['Type part of a name to search for.']);
  });

  test('affordability lists clients with the latest affordability of their leads (same ID number or mobile)', async () => {
    const seeded = await lendingAdmin.call<ClientAffordability[]>('GET', '/api/clients/affordability?search=molefe');
    assert.equal(seeded.status, 200);
    assert.equal(seeded.body.data[0]!.affordabilityOutcome, 'AFFORDABLE');
    assert.ok(seeded.body.data[0]!.totalAffordability! > 0);

    const client = (
      await officer.call<Client>('POST', '/api/clients', {
        body: person('Afford', 'Ability', { mobile: '0825550001', idNumber: '9001015800087' }),
      })
    ).body.data;
    const none = await officer.call<ClientAffordability[]>('GET', '/api/clients/affordability?search=ability');
    assert.deepEqual([none.body.data[0]!.Id, none.body.data[0]!.totalAffordability, none.body.data[0]!.leadId], [client.Id, null, null]);
    const older = await officer.call<Lead>('POST', '/api/leads', {
      body: {
        firstName: 'Afford',
        lastName: 'Ability',
        contactNumber: '0825550001',
        totalAffordability: 3000,
        affordabilityOutcome: 'AFFORDABLE',
      },
    });
    assert.equal(older.status, 201);
    await s.db.query(`update leads set affordability_date = now() - interval '10 days' where id = $1`, [older.body.data.Id]);
    const newer = await officer.call<Lead>('POST', '/api/leads', {
      body: {
        firstName: 'Afford',
        lastName: 'Ability',
        contactNumber: '0825550002',
        idNumber: '9001015800087',
        totalAffordability: 4200.5,
        installmentAmount: 1200,
        affordabilityOutcome: 'affordable',
      },
    });
    assert.equal(newer.status, 201);
    const latest = (await officer.call<ClientAffordability[]>('GET', '/api/clients/affordability?search=ability')).body.data[0]!;
    assert.deepEqual(
      [latest.leadId, latest.totalAffordability, latest.installmentAmount, latest.affordabilityOutcome],
      [newer.body.data.Id, 4200.5, 1200, 'AFFORDABLE'],
    );
    const assessedOnly = (await lendingAdmin.call<ClientAffordability[]>('GET', '/api/clients/affordability?assessedOnly=true&size=1000'))
      .body.data;
    assert.ok(assessedOnly.length >= 3);
    assert.ok(assessedOnly.every((c) => c.affordabilityDate !== null));
    const dates = assessedOnly.map((c) => Date.parse(c.affordabilityDate!));
    assert.deepEqual(
      dates,
      [...dates].sort((a, b) => b - a),
      'latest assessed first',
    );
    assert.equal((await lendingAdmin.call<ClientAffordability[]>('GET', '/api/clients/affordability?assessedOnly=maybe')).status, 400);
  });

  test('the phone book lists reachable clients by last name, searchable and by first letter', async () => {
    await officer.call<Client>('POST', '/api/clients', { body: person('Unreachable', 'Nobody') });
    const book = await lendingAdmin.call<PhoneBookEntry[]>('GET', '/api/clients/phone-book?size=1000');
    assert.equal(book.status, 200);
    const entries = book.body.data;
    assert.deepEqual(Object.keys(entries[0]!).sort(), ['Id', 'emailAddress', 'firstName', 'lastName', 'mobile', 'tenantName']);
    assert.ok(
      entries.every((e) => e.mobile || e.emailAddress),
      'only people who can be reached',
    );
    assert.ok(!entries.some((e) => e.lastName === 'Nobody'));
    const keys = entries.map((e) => `${e.lastName}|${e.firstName}`);
    assert.deepEqual(
      keys,
      [...keys].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)),
    );
    const n = (await lendingAdmin.call<PhoneBookEntry[]>('GET', '/api/clients/phone-book?letter=n&size=1000')).body.data;
    assert.ok(n.length >= 3);
    assert.ok(n.every((e) => e.lastName.startsWith('N')));
    assert.deepEqual(names((await lendingAdmin.call<PhoneBookEntry[]>('GET', '/api/clients/phone-book?search=fourie')).body.data), [
      'Liezl Fourie',
    ]);
    assert.deepEqual(fieldError(await lendingAdmin.call<PhoneBookEntry[]>('GET', '/api/clients/phone-book?letter=ab'), 'letter')!, [
      'letter is one letter, A to Z.',
    ]);
  });

  test('client groups: create with members, list, read with paged members, edit and delete', async () => {
    const soweto5 = (
      await lendingAdmin.call<ClientListItem[]>('GET', `/api/clients?tenantId=${soweto}&sortField=lastName&sortOrder=ASC&size=3`)
    ).body.data.map((c) => c.Id);
    const created = await lendingAdmin.call<ClientGroupListItem>('POST', '/api/clients/groups', {
      body: { name: 'Funeral cover prospects', description: 'Asked about cover', clientIds: soweto5 },
    });
    assert.equal(created.status, 201);
    const group = created.body.data;
    assert.deepEqual(
      [group.name, group.tenantName, group.memberCount, group.createdBy],
      ['Funeral cover prospects', 'Meridian Lending', 3, 'Carla Mokoena'],
    );

    const list = await lendingAdmin.call<ClientGroupListItem[]>('GET', '/api/clients/groups?search=FUNERAL');
    assert.deepEqual(
      list.body.data.map((g) => g.name),
      ['Funeral cover prospects'],
    );
    const all = await lendingAdmin.call<ClientGroupListItem[]>('GET', '/api/clients/groups?sortField=name&sortOrder=asc');
    assert.deepEqual(all.body.data.map((g) => g.name).slice(0, 3), ['Funeral cover prospects', 'Premium clients', 'Soweto savings club']);

    const details = await lendingAdmin.call<ClientGroup>('GET', `/api/clients/groups/${group.Id}?size=2`);
    assert.equal(details.status, 200);
    assert.equal(details.body.data.members.length, 2);
    assert.deepEqual(pagingOf(details), { pageNumber: 1, pageSize: 2, total: 3 });
    const page2 = await lendingAdmin.call<ClientGroup>('GET', `/api/clients/groups/${group.Id}?size=2&page=2`);
    assert.equal(page2.body.data.members.length, 1);

    const edited = await lendingAdmin.call<ClientGroupListItem>('PUT', `/api/clients/groups/${group.Id}`, {
      body: { name: 'Funeral cover', clientIds: [soweto5[0]] },
    });
    assert.equal(edited.status, 200);
    assert.deepEqual([edited.body.data.name, edited.body.data.description, edited.body.data.memberCount], ['Funeral cover', null, 1]);
    const kept = await lendingAdmin.call<ClientGroupListItem>('PUT', `/api/clients/groups/${group.Id}`, {
      body: { name: 'Funeral cover', description: 'Kept members' },
    });
    assert.equal(kept.body.data.memberCount, 1, 'leaving clientIds out keeps the members');
    const client = (await lendingAdmin.call<Client>('GET', `/api/clients/${soweto5[0]}`)).body.data;
    assert.ok(
      client.groups.some((g) => g.name === 'Funeral cover'),
      'a client lists its groups',
    );

    assert.equal((await lendingAdmin.call('POST', '/api/clients/groups/delete', { body: { id: group.Id } })).status, 200);
    assert.equal((await lendingAdmin.call<ClientGroup>('GET', `/api/clients/groups/${group.Id}`)).status, 404);
    assert.ok(
      !(await lendingAdmin.call<Client>('GET', `/api/clients/${soweto5[0]}`)).body.data.groups.some((g) => g.name === 'Funeral cover'),
    );
  });

  test('group names are unique per tenant, whatever their case; a deleted group frees its name', async () => {
    const first = await lendingAdmin.call<ClientGroupListItem>('POST', '/api/clients/groups', { body: { name: 'Stokvel leaders' } });
    assert.equal(first.status, 201);
    const again = await lendingAdmin.call<ClientGroupListItem>('POST', '/api/clients/groups', { body: { name: 'STOKVEL LEADERS' } });
    assert.equal(again.status, 409);
    assert.equal(again.body.result.code, 'CONFLICT');
    assert.deepEqual(fieldError(again, 'name')!, [nameTakenMessage('client group')]);
    assert.equal(
      (
        await lendingAdmin.call<ClientGroupListItem>('POST', '/api/clients/groups', {
          body: { name: 'Stokvel leaders', tenantId: bellville },
        })
      ).status,
      201,
      'another tenant may use it',
    );
    const other = (await lendingAdmin.call<ClientGroupListItem>('POST', '/api/clients/groups', { body: { name: 'Other group' } })).body
      .data;
    assert.equal(
      (await lendingAdmin.call<ClientGroupListItem>('PUT', `/api/clients/groups/${other.Id}`, { body: { name: 'stokvel leaders' } }))
        .status,
      409,
    );
    await lendingAdmin.call('POST', '/api/clients/groups/delete', { body: { id: first.body.data.Id } });
    assert.equal(
      (await lendingAdmin.call<ClientGroupListItem>('POST', '/api/clients/groups', { body: { name: 'Stokvel leaders' } })).status,
      201,
    );
    const blank = await lendingAdmin.call<ClientGroupListItem>('POST', '/api/clients/groups', { body: { name: ' ' } });
    assert.deepEqual(fieldError(blank, 'name')!, ['A group name is required.']);
  });

  test("a group's members must be clients of the group's tenant or below", async () => {
    const sandtonClient = (await lendingAdmin.call<ClientListItem[]>('GET', '/api/clients?search=pretorius')).body.data[0]!;
    const r = await lendingAdmin.call<ClientGroupListItem>('POST', '/api/clients/groups', {
      body: { name: 'Bellville walk-ins', tenantId: bellville, clientIds: [sandtonClient.Id] },
    });
    assert.equal(r.status, 400);
    assert.deepEqual(fieldError(r, 'clientIds')!, [`Client ${sandtonClient.Id} is not a client of this group's tenant.`]);
    const theirs = (await trackingAdmin.call<Client>('POST', '/api/clients', { body: person('Umhlanga', 'Person') })).body.data;
    const foreign = await lendingAdmin.call<ClientGroupListItem>('POST', '/api/clients/groups', {
      body: { name: 'Foreign members', clientIds: [theirs.Id] },
    });
    assert.equal(foreign.status, 400);
    assert.equal(
      pagingOf(await lendingAdmin.call<ClientGroupListItem[]>('GET', '/api/clients/groups?search=foreign')).total,
      0,
      'nothing was created',
    );
  });

  test('without the permission each client route answers 403', async () => {
    const someClient = (await lendingAdmin.call<ClientListItem[]>('GET', '/api/clients?search=nkosi')).body.data[0]!.Id;
    const someGroup = (await lendingAdmin.call<ClientGroupListItem[]>('GET', '/api/clients/groups?search=premium')).body.data[0]!.Id;
    const cases: [Actor, string, string, unknown?][] = [
      [noClients, 'GET', '/api/clients'],
      [noClients, 'GET', `/api/clients/${someClient}`],
      [noClients, 'GET', '/api/clients/affordability'],
      [noClients, 'GET', '/api/clients/phone-book'],
      [noClients, 'GET', '/api/clients/get-person-by-mobile-phone/0821234567'],
      [noClients, 'POST', '/api/clients/search', { name: 'a' }],
      [productManager, 'POST', '/api/clients', person('Not', 'Allowed')],
      [productManager, 'PUT', `/api/clients/${someClient}`, person('Not', 'Allowed')],
      [productManager, 'POST', '/api/clients/delete', { id: someClient }],
      [officer, 'GET', '/api/clients/groups'],
      [officer, 'GET', `/api/clients/groups/${someGroup}`],
      [officer, 'POST', '/api/clients/groups', { name: 'Not allowed' }],
      [officer, 'PUT', `/api/clients/groups/${someGroup}`, { name: 'Not allowed' }],
      [officer, 'POST', '/api/clients/groups/delete', { id: someGroup }],
    ];
    const notRefused: string[] = [];
    for (const [actor, method, url, body] of cases) {
      const r = await actor.call(method, url, body === undefined ? {} : { body });
      if (r.status !== 403 || r.body.result.code !== 'FORBIDDEN') notRefused.push(`${method} ${url} -> ${r.status}`);
    }
    assert.deepEqual(notRefused, []);
    assert.equal((await productManager.call<Client>('GET', `/api/clients/${someClient}`)).status, 200, 'reading needs only CLIENTS');
  });

  test('a Meridian Tracking administrator cannot see, change, delete or group a Meridian Lending client', async () => {
    const ours = (await lendingAdmin.call<ClientListItem[]>('GET', '/api/clients?search=nkosi')).body.data[0]!;
    const ourGroup = (await lendingAdmin.call<ClientGroupListItem[]>('GET', '/api/clients/groups?search=premium')).body.data[0]!;
    const leaks: string[] = [];
    for (const [method, url, body] of [
      ['GET', `/api/clients/${ours.Id}`],
      ['PUT', `/api/clients/${ours.Id}`, person('Taken', 'Over')],
      ['POST', '/api/clients/delete', { id: ours.Id }],
      ['GET', `/api/clients/groups/${ourGroup.Id}`],
      ['PUT', `/api/clients/groups/${ourGroup.Id}`, { name: 'Taken over' }],
      ['POST', '/api/clients/groups/delete', { id: ourGroup.Id }],
      ['GET', `/api/clients?groupId=${ourGroup.Id}`],
    ] as [string, string, unknown?][]) {
      const r = await trackingAdmin.call(method, url, body === undefined ? {} : { body });
      if (r.status !== 404) leaks.push(`${method} ${url} -> ${r.status}`);
    }
    assert.deepEqual(leaks, []);
    assert.equal(
      (await trackingAdmin.call<ClientGroupListItem>('POST', '/api/clients/groups', { body: { name: 'Grab', clientIds: [ours.Id] } }))
        .status,
      400,
    );
    assert.equal(pagingOf(await trackingAdmin.call<ClientListItem[]>('GET', '/api/clients?search=nkosi')).total, 0);
    assert.equal((await trackingAdmin.call<ClientMatch[]>('POST', '/api/clients/search', { body: { name: 'nkosi' } })).body.data.length, 0);
    assert.equal((await trackingAdmin.call<Client>('GET', `/api/clients/get-person-by-mobile-phone/${ours.mobile}`)).status, 404);
    assert.equal(pagingOf(await trackingAdmin.call<PhoneBookEntry[]>('GET', '/api/clients/phone-book?search=nkosi')).total, 0);
    assert.equal(pagingOf(await trackingAdmin.call<ClientGroupListItem[]>('GET', '/api/clients/groups?search=premium')).total, 0);
    assert.equal((await lendingAdmin.call<Client>('GET', `/api/clients/${ours.Id}`)).body.data.lastName, 'Nkosi', 'nothing was changed');
  });

  test('the OpenAPI document lists the client routes', async () => {
    const r = await s.built.app.inject({ method: 'GET', url: '/api/docs/json' });
    assert.equal(r.statusCode, 200);
    const paths = Object.keys(r.json().paths);
    const missing = [
      '/api/clients',
      '/api/clients/{id}',
      '/api/clients/affordability',
      '/api/clients/phone-book',
      '/api/clients/get-person-by-mobile-phone/{phone}',
      '/api/clients/search',
      '/api/clients/delete',
      '/api/clients/groups',
      '/api/clients/groups/{id}',
      '/api/clients/groups/delete',
    ].filter((p) => !paths.includes(p));
    assert.deepEqual(missing, []);
  });
});

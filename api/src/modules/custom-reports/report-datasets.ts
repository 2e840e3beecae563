/**
 * The server half of the catalogue (shared/src/contract/report-catalogue.ts): per dataset a fixed FROM
 * clause, the column holding each row's tenant, a unique row key, and per column the SQL expression it
 * reads. Only these strings ever become SQL; a definition only names them. A test checks that every
 * catalogue column has its expression here and no other.
 */
const person = (alias: string) => `nullif(trim(coalesce(${alias}.first_name, '') || ' ' || coalesce(${alias}.last_name, '')), '')`;

export interface DatasetSql {
  /** `from ...` with the base table as `x` and its tenant as `tn`. */
  from: string;
  /** Rows that count at all (live ones). */
  live: string;
  /** The base row's tenant id, filtered to the acting subtree. */
  tenantColumn: string;
  /** Unique per row: the last tie-breaker of an ungrouped report's order. */
  rowKey: string;
  columns: Readonly<Record<string, string>>;
}

const tenantJoin = 'join tenants tn on tn.id = x.tenant_id';
const common = { tenant: 'tn.name', dateCreated: 'x.date_created' };

export const DATASET_SQL: Readonly<Record<string, DatasetSql>> = {
  clients: {
    from: `from clients x ${tenantJoin}`,
    live: 'x.deleted_at is null',
    tenantColumn: 'x.tenant_id',
    rowKey: 'x.id',
    columns: {
      firstName: 'x.first_name',
      lastName: 'x.last_name',
      email: 'x.email_address',
      mobile: 'x.mobile',
      gender: 'x.gender',
      city: 'x.city',
      country: 'x.country',
      dateOfBirth: 'x.date_of_birth',
      ...common,
    },
  },
  leads: {
    from: `from leads x ${tenantJoin} left join users au on au.id = x.assigned_user_id`,
    live: 'x.deleted_at is null',
    tenantColumn: 'x.tenant_id',
    rowKey: 'x.id',
    columns: {
      firstName: 'x.first_name',
      lastName: 'x.last_name',
      email: 'x.email_address',
      contactNumber: 'x.contact_number',
      status: 'x.status',
      source: 'x.source',
      consentStatus: 'x.consent_status',
      affordabilityOutcome: 'x.affordability_outcome',
      assignedTo: person('au'),
      ...common,
    },
  },
  activities: {
    from: `from activities x ${tenantJoin} left join activity_types aty on aty.id = x.activity_type_id left join users cu on cu.id = x.created_user_id`,
    live: 'x.deleted_at is null',
    tenantColumn: 'x.tenant_id',
    rowKey: 'x.id',
    columns: {
      name: 'x.name',
      type: 'aty.name',
      status: 'x.status',
      location: 'x.location',
      startDate: 'x.start_date',
      endDate: 'x.end_date',
      createdBy: person('cu'),
      ...common,
    },
  },
  loans: {
    from: `from loans x ${tenantJoin} join clients c on c.id = x.client_id join loan_products lp on lp.id = x.product_id`,
    live: 'true',
    tenantColumn: 'x.tenant_id',
    rowKey: 'x.id',
    columns: {
      client: person('c'),
      product: 'lp.name',
      status: 'x.status',
      currency: 'x.currency',
      principal: 'x.principal_minor',
      disbursed: 'x.disbursed_minor',
      outstanding: 'x.outstanding_minor',
      instalments: 'x.instalments',
      arrearsDays: 'x.arrears_days',
      submittedOn: 'x.submitted_on',
      disbursedOn: 'x.disbursed_on',
      ...common,
    },
  },
  payments: {
    from: `from loan_payments x ${tenantJoin} join loans l on l.id = x.loan_id join clients c on c.id = l.client_id`,
    live: 'true',
    tenantColumn: 'x.tenant_id',
    rowKey: 'x.id',
    columns: {
      client: person('c'),
      reference: 'x.reference',
      channel: 'x.channel',
      state: `case when x.reversed_at is null then 'live' else 'reversed' end`,
      currency: 'l.currency',
      amount: 'x.amount_minor',
      principalPaid: 'x.allocated_principal_minor',
      interestPaid: 'x.allocated_interest_minor',
      paidOn: 'x.paid_on',
      ...common,
    },
  },
  devices: {
    from: `from geo_devices x ${tenantJoin}`,
    live: 'x.deleted_at is null',
    tenantColumn: 'x.tenant_id',
    rowKey: 'x.id',
    columns: {
      name: 'x.name',
      uniqueId: 'x.unique_id',
      model: 'x.model',
      category: 'x.category',
      phone: 'x.phone',
      state: `case when x.disabled then 'disabled' else 'enabled' end`,
      lastUpdate: 'x.last_update',
      ...common,
    },
  },
  trips: {
    from: `from device_trips x ${tenantJoin} join geo_devices d on d.id = x.device_id`,
    live: 'd.deleted_at is null',
    tenantColumn: 'x.tenant_id',
    rowKey: 'x.id',
    columns: {
      device: 'd.name',
      driver: 'x.driver_name',
      startTime: 'x.start_time',
      endTime: 'x.end_time',
      // Stored in metres, knots and milliseconds.
      distanceKm: 'round((x.distance / 1000)::numeric, 2)',
      maxSpeedKmh: 'round((x.max_speed * 1.852)::numeric, 1)',
      durationMinutes: 'round(x.duration / 60000.0, 1)',
      startAddress: 'x.start_address',
      endAddress: 'x.end_address',
      tenant: 'tn.name',
    },
  },
};

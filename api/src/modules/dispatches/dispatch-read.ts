/** Dispatches as the contract answers them (with their rewards), and rewards earned summed per currency. */
import type { Dispatch, DispatchStatus, Money } from '@meridian/shared/contract/dispatch';
import type { Queryable } from '../../db/database';

// bigint arrives as text from both drivers; it is read back as a number only once known to be exact.
export const exactMinor = (text: string) => {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new Error(`amount ${text} is past exact integers`);
  return value;
};

const COLUMNS = `d.id, d.repossession_id as "repossessionId", v.registration_number as "registrationNumber", d.spotter_id as "spotterId",
  d.third_party_id as "thirdPartyId", coalesce(sp.name, tp.name) as "assigneeName", d.status, d.note,
  d.dispatched_user_id as "dispatchedByUserId", d.date_created as "dateCreated", d.date_closed as "dateClosed",
  rw.id as "rewardId", rw.amount_minor::text as "amountMinor", rw.currency, rw.published, rw.date_published as "datePublished"`;
const FROM = `from repossession_dispatches d join repossessions r on r.id = d.repossession_id join vehicles v on v.id = r.vehicle_id
  left join spotters sp on sp.id = d.spotter_id left join third_parties tp on tp.id = d.third_party_id
  left join repossession_rewards rw on rw.dispatch_id = d.id`;

type DispatchRow = Omit<Dispatch, 'reward'> & {
  rewardId: string | null;
  amountMinor: string | null;
  currency: string | null;
  published: boolean | null;
  datePublished: string | null;
};

const answerOf = ({ rewardId, amountMinor, currency, published, datePublished, ...row }: DispatchRow): Dispatch => ({
  ...row,
  reward:
    rewardId && amountMinor && currency
      ? {
          id: rewardId,
          amountMinor: exactMinor(amountMinor),
          currency,
          published: !!published,
          earned: row.status === ('Succeeded' satisfies DispatchStatus),
          datePublished,
        }
      : null,
});

/** The dispatches matching `where` (on alias `d`), newest first. */
export async function dispatchesWhere(q: Queryable, where: string, params: unknown[]): Promise<Dispatch[]> {
  const rows = await q.query<DispatchRow>(`select ${COLUMNS} ${FROM} where ${where} order by d.date_created desc, d.id desc`, params);
  return rows.map(answerOf);
}

export async function dispatchById(q: Queryable, id: string): Promise<Dispatch> {
  return (await dispatchesWhere(q, 'd.id = $1', [id]))[0]!;
}

/** The rewards of the succeeded dispatches matching `where` (alias `d`), one sum per currency. */
export async function rewardsEarnedWhere(q: Queryable, where: string, params: unknown[]): Promise<Money[]> {
  const rows = await q.query<{ currency: string; amountMinor: string }>(
    `select rw.currency, sum(rw.amount_minor)::text as "amountMinor"
     from repossession_rewards rw join repossession_dispatches d on d.id = rw.dispatch_id
     where d.status = 'Succeeded' and ${where} group by rw.currency order by rw.currency`,
    params,
  );
  return rows.map((r) => ({ currency: r.currency, amountMinor: exactMinor(r.amountMinor) }));
}

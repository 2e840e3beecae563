/** Who walks every screen (tests/every-screen.spec.ts), and which of them walk as their own copy. */
import { demoEmail, walkerEmail } from './session';

export interface Walker {
  role: string;
  /** A tenant below their own that they may act for; none for someone who works in one tenant only. */
  secondTenant?: string;
  /** The areas they work in, when only some: their share of the walk is those areas' screens. */
  areas?: readonly string[];
  /**
   * The walk runs beside the journeys, which sign in as the demo users and move some of them between
   * tenants (as the walk moves its walkers for the phone pass). A walker with `copy` walks as their own
   * copy (same roles, tenants and permissions, made by `walk-accounts.setup.ts`), so neither moves the
   * other. The loan officer walks as themselves: their screens show their own day's work, and no
   * journey moves them.
   */
  copy: boolean;
}

export const WALKERS: Walker[] = [
  { role: 'global administrator', secondTenant: 'Johannesburg Branch', copy: true },
  { role: 'branch manager', secondTenant: 'Soweto Team', copy: true },
  { role: 'loan officer', copy: false },
  // The tracking operator of Meridian Tracking: the tracking screens, as the people who use them all day.
  { role: 'admin', secondTenant: 'Durban Branch', areas: ['tracking'], copy: true },
  // The lender's company administrator runs its recovery business: the vehicles screens, in the company
  // that holds the vehicles (a branch below it holds none, so it has no second tenant).
  { role: 'company administrator', areas: ['vehicles'], copy: true },
];

/** The e-mail a walker signs in with. */
export const accountOf = (walker: Walker) => (walker.copy ? walkerEmail(walker.role) : demoEmail(walker.role));

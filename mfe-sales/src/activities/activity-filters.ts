/**
 * The filters of the activity lists, kept in the address beside the list's own sort and search so a
 * refresh or a shared link shows the same list: the window of days (by default from one day ago to
 * 7 days ahead, spec section 9), the status and the type. Days are the browser's calendar days,
 * written YYYY-MM-DD as the API takes them.
 */
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router';
import { ACTIVITY_LIMITS } from '@meridian/shared/contract/activity';
import { isCalendarDay } from '@meridian/shared/contract/activity-plan';

export const DAY_FORMAT = 'YYYY-MM-DD';

export const dayOf = (date: dayjs.Dayjs) => date.format(DAY_FORMAT);

/** From one day ago to 7 days ahead, counted from `today`. */
function defaultWindow(today: dayjs.Dayjs = dayjs()) {
  return {
    startDate: dayOf(today.subtract(ACTIVITY_LIMITS.defaultDaysBack, 'day')),
    endDate: dayOf(today.add(ACTIVITY_LIMITS.defaultDaysAhead, 'day')),
  };
}

export interface ActivityFilters {
  startDate: string;
  endDate: string;
  status: string | undefined;
  type: string | undefined;
}

type FilterName = 'from' | 'to' | 'status' | 'type';

/** The filters in the address (`prefix` keeps a second list on the screen apart), with the default window. */
export function useActivityFilters(prefix = '') {
  const [params, setParams] = useSearchParams();
  const key = (name: FilterName) => (prefix ? `${prefix}.${name}` : name);
  const day = (name: FilterName) => {
    const value = params.get(key(name));
    return value && isCalendarDay(value) ? value : undefined;
  };
  const fallback = defaultWindow();
  const from = day('from');
  const to = day('to');
  const filters: ActivityFilters = {
    // Both days, or the default window: half a window from the address would be a surprise.
    startDate: from && to ? from : fallback.startDate,
    endDate: from && to ? to : fallback.endDate,
    status: params.get(key('status')) || undefined,
    type: params.get(key('type')) || undefined,
  };
  const set = (changes: Partial<Record<FilterName, string | undefined>>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes) as [FilterName, string | undefined][]) {
          if (value) next.set(key(name), value);
          else next.delete(key(name));
        }
        // A paged list goes back to its first page.
        next.delete(prefix ? `${prefix}.page` : 'page');
        return next;
      },
      { replace: true },
    );
  return { filters, set };
}

import { onDemand } from '../on-demand';

/** The date field's calendar (`DateCalendar.tsx`): Mantine Dates, dayjs's French locale, their stylesheet. */
export type CalendarModule = typeof import('./DateCalendar');

const calendar = onDemand(() => import('./DateCalendar'));

/** Downloads the calendar, once; a failed download is tried again on the next call. */
export const loadDateCalendar = calendar.load;

/** The calendar once downloaded, else undefined. */
export const loadedDateCalendar = calendar.loaded;

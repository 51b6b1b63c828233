import { onDemand } from '../on-demand';

/** The date field's calendar (`DateCalendar.tsx`): Mantine Dates, dayjs's French locale, their stylesheet. */
export const dateCalendar = onDemand(() => import('./DateCalendar'));

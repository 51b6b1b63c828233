/** The date field's calendar (`DateCalendar.tsx`): Mantine Dates, dayjs's French locale, their stylesheet. */
export type CalendarModule = typeof import('./DateCalendar');

let loaded: CalendarModule | undefined;
let loading: Promise<CalendarModule> | undefined;

/** Downloads the calendar, once; a failed download is tried again on the next call. */
export function loadDateCalendar(): Promise<CalendarModule> {
  loading ??= import('./DateCalendar').then(
    (module) => {
      loaded = module;
      return module;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The calendar once downloaded, else undefined. */
export function loadedDateCalendar(): CalendarModule | undefined {
  return loaded;
}

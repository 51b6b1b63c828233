import '@mantine/dates/styles.css';
import 'dayjs/locale/fr';
import { Popover } from '@mantine/core';
import { Calendar, DatesProvider } from '@mantine/dates';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n';

export interface DateCalendarProps {
  opened: boolean;
  /** `yyyy-mm-dd`, or null. */
  value: string | null;
  /** `yyyy-mm-dd`: the month shown while there is no value. */
  defaultMonth?: string | undefined;
  minDate?: string;
  maxDate?: string;
  /** Picking the chosen day again empties the field. */
  allowDeselect: boolean;
  onPick: (value: string | null) => void;
  onClose: () => void;
}

const sameMonth = (a: string, b: string | null) => b !== null && a.slice(0, 7) === b.slice(0, 7);
const sameYear = (a: string, b: string | null) => b !== null && a.slice(0, 4) === b.slice(0, 4);

/**
 * The date field's calendar (`DateField`), downloaded when the field is about to be used. It opens under the
 * field's input without holding it: the popover's target is an empty box laid over the input, so the input
 * the person types in stays the same element when the calendar arrives. The day buttons never take the focus
 * (as in Mantine's DateInput): the keyboard types the date, the pointer may pick it.
 */
export function DateCalendar(props: DateCalendarProps) {
  const { t } = useTranslation('ui');
  const { value, defaultMonth } = props;
  const [month, setMonth] = useState<string | undefined>(value ?? defaultMonth);
  useEffect(() => {
    if (value !== null) setMonth(value);
    else if (defaultMonth) setMonth(defaultMonth);
  }, [value, defaultMonth]);
  return (
    <DatesProvider settings={{ locale: 'fr', firstDayOfWeek: 1, weekendDays: [0, 6] }}>
      <Popover
        opened={props.opened}
        onClose={props.onClose}
        // The input is outside the popover's target: a click on it would close the calendar it then reopens.
        // Leaving the input closes it (DateField), and a click elsewhere leaves the input.
        closeOnClickOutside={false}
        trapFocus={false}
        returnFocus={false}
        withRoles={false}
        position="bottom-start"
        middlewares={{ flip: true, shift: true }}
      >
        <Popover.Target>
          <div aria-hidden style={{ position: 'absolute', inset: 0, pointerEvents: 'none' }} />
        </Popover.Target>
        <Popover.Dropdown onMouseDown={(event) => event.preventDefault()} data-dates-dropdown>
          <Calendar
            __preventFocus
            minDate={props.minDate}
            maxDate={props.maxDate}
            date={month}
            onDateChange={setMonth}
            getDayProps={(day) => ({
              selected: value === day,
              onClick: () => props.onPick(props.allowDeselect && value === day ? null : day),
            })}
            getMonthControlProps={(date) => ({ selected: sameMonth(date, value) })}
            getYearControlProps={(date) => ({ selected: sameYear(date, value) })}
            ariaLabels={{
              previousMonth: t('date.previousMonth'),
              nextMonth: t('date.nextMonth'),
              previousYear: t('date.previousYear'),
              nextYear: t('date.nextYear'),
              previousDecade: t('date.previousDecade'),
              nextDecade: t('date.nextDecade'),
            }}
          />
        </Popover.Dropdown>
      </Popover>
    </DatesProvider>
  );
}

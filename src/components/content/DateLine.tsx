import { formatDate, formatTime, machineDate, sameDay } from './dates';

export interface DateLineProps {
  /** A WordPress date (`2026-02-10T09:00:00`). Not a date → nothing is rendered. */
  date: string | null | undefined;
  /** Shown before the date, e.g. "Published". */
  label?: string;
  className?: string;
}

/** A publication date: `<time dateTime="2026-02-10T09:00">February 10, 2026</time>`. */
export function DateLine({ date, label, className }: DateLineProps) {
  const text = formatDate(date);
  const machine = machineDate(date);
  if (!text || !machine) return null;
  return (
    <span className={className}>
      {label ? `${label} ` : null}
      <time dateTime={machine}>{text}</time>
    </span>
  );
}

export interface DateRangeProps {
  start: unknown;
  end?: unknown;
  /** Adds times of day ("May 12, 2026, 9:00 AM – 5:00 PM"). */
  withTime?: boolean;
  className?: string;
}

function dateAndTime(value: unknown, withTime: boolean): string {
  const date = formatDate(value) ?? '';
  const time = withTime ? formatTime(value) : null;
  return time ? `${date}, ${time}` : date;
}

/**
 * An event's dates: one `<time>` for the start and, when it differs, one for the end. An end on
 * the start's day shows only its time. A start that is not a date → nothing is rendered.
 */
export function DateRange({ start, end, withTime = false, className }: DateRangeProps) {
  const startMachine = machineDate(start);
  if (!startMachine) return null;
  const endMachine = machineDate(end);
  const startText = dateAndTime(start, withTime);
  let endText: string | null = null;
  if (endMachine && endMachine !== startMachine) {
    if (sameDay(start, end)) endText = withTime ? formatTime(end) : null;
    else endText = dateAndTime(end, withTime);
  }
  return (
    <span className={className}>
      <time dateTime={startMachine}>{startText}</time>
      {endText && endMachine ? (
        <>
          {' – '}
          <time dateTime={endMachine}>{endText}</time>
        </>
      ) : null}
    </span>
  );
}

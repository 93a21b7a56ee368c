import moment from 'moment';
import { formatDateTime, toMs, useTimeConfig } from './time';

/**
 * A point in time shown relative ("3 hours ago"), with the date and time on hover in the user's
 * time zone, date format and 12/24 h (profile timeConfig), as everywhere else in the product.
 */
export function RelativeTime({ date, className }: { date: string | number; className?: string }) {
  const timeConfig = useTimeConfig();
  const ms = toMs(date);
  if (!Number.isFinite(ms)) return <span className={className}>—</span>;
  return (
    <time className={className} dateTime={new Date(ms).toISOString()} title={formatDateTime(ms, timeConfig)}>
      {moment(ms).fromNow()}
    </time>
  );
}

/** The date and time in the user's time zone, date format and 12/24 h ("—" when unreadable). */
export function AbsoluteTime({ date }: { date: string }) {
  return <>{formatDateTime(date, useTimeConfig())}</>;
}

import moment from 'moment';

/** A point in time shown relative ("3 hours ago"), with the absolute date and time on hover. */
export function RelativeTime({ date, className }: { date: string; className?: string }) {
  const m = moment(date);
  if (!m.isValid()) return <span className={className}>—</span>;
  return (
    <time className={className} dateTime={m.toISOString()} title={m.format('YYYY-MM-DD HH:mm')}>
      {m.fromNow()}
    </time>
  );
}

export function absoluteTime(date: string): string {
  const m = moment(date);
  return m.isValid() ? m.format('YYYY-MM-DD HH:mm') : '—';
}

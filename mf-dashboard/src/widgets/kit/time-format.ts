/**
 * Dates and times in the signed-in user's format and time zone: the shared implementation, which
 * the other remotes use too (@fieldwatch/shared/remote, time.ts).
 */
export {
  DEFAULT_TIME_CONFIG,
  dayIn,
  formatDate,
  formatDateTime,
  formatTime,
  toMs,
  useTimeConfig,
  zoneOffsetMinutes,
  type TimeConfig,
} from '@fieldwatch/shared/remote';

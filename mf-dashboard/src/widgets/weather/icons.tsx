/** Weather condition icons as inline SVG (no external images), coloured by theme tokens. */
export type Condition = 'clear' | 'partly' | 'cloudy' | 'fog' | 'drizzle' | 'rain' | 'snow' | 'thunder' | 'unknown';

/** The condition of a WMO weather interpretation code (Open-Meteo's weather_code). */
export function conditionOf(code: number | null): Condition {
  if (code === null || !Number.isFinite(code)) return 'unknown';
  if (code === 0) return 'clear';
  if (code <= 2) return 'partly';
  if (code === 3) return 'cloudy';
  if (code === 45 || code === 48) return 'fog';
  if (code >= 51 && code <= 57) return 'drizzle';
  if ((code >= 61 && code <= 67) || (code >= 80 && code <= 82)) return 'rain';
  if ((code >= 71 && code <= 77) || code === 85 || code === 86) return 'snow';
  if (code >= 95) return 'thunder';
  return 'unknown';
}

const SUN = 'var(--fw-warning)';
const CLOUD = 'var(--fw-text-muted)';
const WATER = 'var(--fw-accent)';

const cloud = (dx = 0, dy = 0) => (
  <path
    d={`M${7 + dx} ${18 + dy}h10a4 4 0 0 0 .6-7.95A5.5 5.5 0 0 0 7.2 9.2 4.4 4.4 0 0 0 ${7 + dx} ${18 + dy}z`}
    fill="var(--fw-surface-3)"
    stroke={CLOUD}
    strokeWidth="1.5"
    strokeLinejoin="round"
  />
);

export function WeatherIcon({ condition, size = 32 }: { condition: Condition; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false" data-condition={condition}>
      {(condition === 'clear' || condition === 'partly') && (
        <g stroke={SUN} strokeWidth="1.6" strokeLinecap="round">
          <circle
            cx={condition === 'clear' ? 12 : 9}
            cy={condition === 'clear' ? 12 : 8}
            r={condition === 'clear' ? 4.2 : 3.4}
            fill={SUN}
            fillOpacity="0.25"
          />
          {(condition === 'clear'
            ? [
                [12, 3, 12, 5],
                [12, 19, 12, 21],
                [3, 12, 5, 12],
                [19, 12, 21, 12],
                [5.6, 5.6, 7, 7],
                [17, 17, 18.4, 18.4],
                [5.6, 18.4, 7, 17],
                [17, 7, 18.4, 5.6],
              ]
            : [
                [9, 1.8, 9, 3],
                [2.8, 8, 4, 8],
                [4.6, 3.6, 5.5, 4.5],
                [13.4, 3.6, 12.5, 4.5],
              ]
          ).map(([x1, y1, x2, y2], i) => (
            <line key={i} x1={x1} y1={y1} x2={x2} y2={y2} />
          ))}
        </g>
      )}
      {condition !== 'clear' && condition !== 'unknown' && cloud()}
      {condition === 'fog' && (
        <g stroke={CLOUD} strokeWidth="1.5" strokeLinecap="round">
          <line x1="5" y1="21" x2="19" y2="21" />
          <line x1="7" y1="23" x2="17" y2="23" />
        </g>
      )}
      {(condition === 'drizzle' || condition === 'rain') && (
        <g stroke={WATER} strokeWidth="1.6" strokeLinecap="round">
          <line x1="9" y1="20" x2="8.2" y2="22.5" />
          <line x1="14" y1="20" x2="13.2" y2="22.5" />
          {condition === 'rain' && <line x1="11.5" y1="20.5" x2="10.7" y2="23" />}
        </g>
      )}
      {condition === 'snow' && (
        <g fill={WATER}>
          <circle cx="8.5" cy="21" r="1.1" />
          <circle cx="12" cy="22.5" r="1.1" />
          <circle cx="15.5" cy="21" r="1.1" />
        </g>
      )}
      {condition === 'thunder' && (
        <path d="M12.5 17.5l-2.5 3.5h2.5l-1.5 3" fill="none" stroke={SUN} strokeWidth="1.6" strokeLinejoin="round" />
      )}
      {condition === 'unknown' && (
        <text x="12" y="16" textAnchor="middle" fontSize="12" fill={CLOUD}>
          ?
        </text>
      )}
    </svg>
  );
}

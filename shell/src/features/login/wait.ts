/** A wait as the user's language says it: "45 seconds", "15 Minuten" (minutes from one minute on). */
export function formatWait(seconds: number, language: string): string {
  const minutes = seconds >= 60;
  const value = minutes ? Math.ceil(seconds / 60) : Math.max(1, Math.ceil(seconds));
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: minutes ? 'minute' : 'second',
    unitDisplay: 'long',
  }).format(value);
}

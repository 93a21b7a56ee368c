/**
 * Language names as shown in the language picker: each in its own language. The catalogue also
 * names ar, fr, ko and zh, which are not offered.
 */
export const LANGUAGE_NAMES = {
  en: 'English',
  da: 'Dansk',
  de: 'Deutsch',
  sv: 'Svenska',
  ar: 'العربية',
  fr: 'Français',
  ko: '한국어',
  zh: '中文',
} as const;

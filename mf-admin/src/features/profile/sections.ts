/** The sections of the profile and their paths below /profile ('' is the overview), in menu order. */
export const PROFILE_SECTIONS = [
  { id: 'overview', path: '', icon: 'user' },
  { id: 'personal', path: 'personal', icon: 'idCard' },
  { id: 'password', path: 'password', icon: 'lock' },
  { id: 'twoFactor', path: 'two-factor', icon: 'shield' },
  { id: 'preferences', path: 'preferences', icon: 'sliders' },
  { id: 'notifications', path: 'notifications', icon: 'bellFlat' },
  { id: 'sessions', path: 'sessions', icon: 'monitor' },
] as const;

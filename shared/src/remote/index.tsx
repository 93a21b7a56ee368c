/**
 * '@fieldwatch/shared/remote': what every remote needs to be an area of the shell — its single-spa
 * lifecycles and providers, RemoteProps through useRemote(), server data from the page's one cache
 * (useApiQuery, useDevices, useInvalidateOn), and the user's time settings and texts around data.
 * Bundled into each remote; what it imports from @fieldwatch/shared is the page's shared copy.
 */
export * from './context';
export * from './lifecycles';
export * from './query';
export * from './load-texts';
export * from './i18n';
export * from './time';
export * from './RelativeTime';
export * from './alarm-actions';
export * from './server-text';

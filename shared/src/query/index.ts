/**
 * The page's data cache (TanStack Query), as every part uses it: default options, query keys and
 * the session's unit list. Only types come from @tanstack/react-query here: the shell creates the
 * one QueryClient, remotes get it in their props (see @fieldwatch/shared/remote for the hooks).
 */
export * from './defaults';
export * from './keys';
export * from './devices';
export * from './alarm-changes';

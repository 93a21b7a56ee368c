// The remote's './app' as the standalone page imports it (a webpack alias per remote build).
declare module 'fw-standalone-app' {
  import type { LifeCycleFn } from 'single-spa';
  import type { RemoteProps } from '../remote-props';
  export const bootstrap: LifeCycleFn<RemoteProps>;
  export const mount: LifeCycleFn<RemoteProps>;
  export const unmount: LifeCycleFn<RemoteProps>;
}

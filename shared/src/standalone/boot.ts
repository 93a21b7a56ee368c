// The standalone page of the remote being built: `fw-standalone-app` is its './app' and
// __FW_REMOTE_NAME__ its name (both set by tools/webpack.base.cjs).
import type { LifeCycles } from 'single-spa';
import type { RemoteName } from '../areas';
import type { RemoteProps } from '../remote-props';
import { startStandalone } from './index';

declare const __FW_REMOTE_NAME__: RemoteName;

startStandalone({
  name: __FW_REMOTE_NAME__,
  load: () => import('fw-standalone-app') as Promise<LifeCycles<RemoteProps>>,
});

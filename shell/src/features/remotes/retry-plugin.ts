/**
 * Module Federation runtime plugin: before an area shows its "unavailable — retry" panel, the
 * runtime asks again for what failed — the remote's manifest, its entry script, the chunks of the
 * exposed module — with @module-federation/retry-plugin. The options come from the webpack config
 * (tools/webpack.base.cjs). Imports nothing shared on purpose: runtime plugins run before the share
 * scope exists.
 *
 * Time limits: the manifest request and its retries share one deadline (an AbortSignal given as a
 * fetch option; the plugin spreads the options into each request, so the getter makes a new
 * signal per manifest load). The entry script's limit is the runtime's own, per attempt; the
 * remote's chunks have webpack's chunkLoadTimeout.
 */
import { RetryPlugin } from '@module-federation/retry-plugin';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

export interface RemoteRetryOptions {
  /** Retries after the first attempt, for the manifest, the entry script and the exposed module. */
  retryTimes: number;
  /** Pause before each retry of the entry script and the module (the manifest's is the plugin's own). */
  retryDelayMs: number;
  /** Deadline of a manifest request with its retries. */
  manifestTimeoutMs: number;
}

export default function fieldwatchRemoteRetry({ retryTimes, retryDelayMs, manifestTimeoutMs }: RemoteRetryOptions): ModuleFederationRuntimePlugin {
  return RetryPlugin({
    fetch: {
      retryTimes,
      options: {
        get signal() {
          return AbortSignal.timeout(manifestTimeoutMs);
        },
      },
    },
    script: { retryTimes, retryDelay: retryDelayMs },
  });
}

/**
 * Module Federation runtime plugin: reports every failed remote load to the shell (which shows the
 * "area unavailable" panel and sends the error to error reporting). It imports nothing shared on
 * purpose: runtime plugins run before the share scope exists.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

export const REMOTE_ERROR_EVENT = 'fw:remote-error';

export default function fieldwatchRemoteErrors(): ModuleFederationRuntimePlugin {
  return {
    name: 'fieldwatch-remote-errors',
    errorLoadRemote({ id, error, lifecycle }) {
      const message = error instanceof Error ? error.message : String(error);
      window.dispatchEvent(new CustomEvent(REMOTE_ERROR_EVENT, { detail: { id, lifecycle, message } }));
      // No fail-over module: the loader in area-loader.ts catches the rejection and renders the panel.
      return undefined;
    },
  };
}

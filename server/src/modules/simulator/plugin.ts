/**
 * Starts the demo simulator with the app (when simulatorEnabled) and stops it on close: the
 * measurements, and the simulated units' answers to their commands.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { startCommandSimulator } from './commands';
import { simulatorEnabled, startSimulator } from './simulator';

export default async function simulatorPlugin(
  app: FastifyInstance,
  { db, config, measurements }: ServerContext,
): Promise<void> {
  if (!simulatorEnabled(config)) return;
  let handle: ReturnType<typeof startSimulator> | undefined;
  let commands: ReturnType<typeof startCommandSimulator> | undefined;
  app.addHook('onReady', async () => {
    handle = startSimulator(db, {
      intervalSec: config.simulatorIntervalSec,
      hooks: measurements,
      backfill: config.simulatorBackfill ?? true,
      log: (msg, err) => app.log.error({ err }, msg),
    });
    commands = startCommandSimulator(db, (err) => app.log.error({ err }, 'simulated command answers failed'));
    app.log.info({ intervalSec: config.simulatorIntervalSec ?? 60 }, 'demo simulator started');
  });
  app.addHook('onClose', async () => {
    await commands?.stop();
    await handle?.stop();
  });
}

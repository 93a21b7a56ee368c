/**
 * The devices domain: the unit lists and one unit's details, options, settings, chart markers,
 * relay, actions, radar scans, channels and NFC tag — each section registers its own routes and xrequest
 * methods.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import actionsPlugin from './actions/plugin';
import channelsPlugin from './channels/plugin';
import firmwarePlugin from './firmware/plugin';
import unitLogPlugin from './log/plugin';
import markersPlugin from './markers/plugin';
import unitNfcPlugin from './nfc/plugin';
import radarPlugin from './radar/plugin';
import relayPlugin from './relay/plugin';
import settingsPlugin from './settings/plugin';
import deviceListsPlugin from './units/lists';
import unitsPlugin from './units/plugin';

export default async function devicesPlugin(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  await app.register(unitsPlugin, ctx);
  await app.register(settingsPlugin, ctx);
  await app.register(markersPlugin, ctx);
  await app.register(relayPlugin, ctx);
  await app.register(actionsPlugin, ctx);
  await app.register(firmwarePlugin, ctx);
  await app.register(unitLogPlugin, ctx);
  await app.register(radarPlugin, ctx);
  await app.register(channelsPlugin, ctx);
  await app.register(unitNfcPlugin, ctx);
  await app.register(deviceListsPlugin, ctx);
}

export {
  CrossOriginWorker,
  WORKER_BASE_GLOBAL,
  bootstrapSource,
  needsBootstrap,
} from './cross-origin-worker';

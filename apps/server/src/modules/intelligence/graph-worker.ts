import { parentPort } from 'node:worker_threads';
import { computeNetwork, resultBuffers, type NetworkInput } from './network-metrics.js';

/**
 * The worker thread of the recompute (docs/decisions/0032): receives the edge lists, answers the
 * network metrics, and ends. Loaded from its .ts file under tsx (development, tests) and from
 * dist/graph-worker.mjs in the built server (build.mjs names it as an entry point).
 */
parentPort!.once('message', (input: NetworkInput) => {
  try {
    const result = computeNetwork(input);
    parentPort!.postMessage({ result }, resultBuffers(result));
  } catch (error) {
    parentPort!.postMessage({ error: String((error as Error)?.stack ?? error) });
  }
});

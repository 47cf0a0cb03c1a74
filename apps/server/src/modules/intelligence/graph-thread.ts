import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { inputBuffers, type NetworkInput, type NetworkResult } from './network-metrics.js';

/**
 * Runs computeNetwork (network-metrics.ts) in a worker thread (docs/decisions/0032): PageRank and
 * Louvain take minutes of CPU at national scale, and on the main thread the server would answer
 * nothing meanwhile. The input's buffers are transferred, not copied, and so are the result's.
 *
 * Where the worker file is: next to this file as graph-worker.ts when the server runs from its
 * sources (tsx, vitest: the worker loads tsx too), or dist/graph-worker.mjs in the built server,
 * whose code may sit in dist/ or in dist/chunks/.
 */
export function startWorker(from: string = import.meta.url): Worker {
  for (const candidate of ['./graph-worker.mjs', '../graph-worker.mjs']) {
    const url = new URL(candidate, from);
    if (existsSync(url)) return new Worker(url);
  }
  const source = new URL('./graph-worker.ts', from);
  if (!existsSync(source)) throw new Error('graph-worker not found next to the server code (build the server: npm run build)');
  // Node 20 does not apply `--import tsx` to a worker's entry: the worker registers tsx's hooks itself, then loads the file.
  const tsx = pathToFileURL(join(dirname(createRequire(from).resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href;
  const code = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(source.href)}); });`;
  return new Worker(code, { eval: true });
}

export function computeNetworkInWorker(input: NetworkInput, worker: Worker = startWorker()): Promise<NetworkResult> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
      void worker.terminate();
    };
    worker.once('message', (answer: { result?: NetworkResult; error?: string }) =>
      settle(() => (answer.result ? resolve(answer.result) : reject(new Error(`network metrics failed: ${answer.error}`)))),
    );
    worker.once('error', (error) => settle(() => reject(error)));
    worker.once('exit', (code) => settle(() => reject(new Error(`network metrics worker ended (exit code ${code}) without an answer`))));
    worker.postMessage(input, inputBuffers(input));
  });
}

/**
 * The body of the embedding thread (see ThreadedExtractor): loads the model once and answers
 * `{ id, texts }` with `{ id, data }` (the floats, transferred) or `{ id, error }`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { extract, loadExtractor, type Extractor, type ExtractorSpec } from './onnx-extractor.js';

const spec = workerData as ExtractorSpec;
let extractor: Promise<Extractor> | null = null;

parentPort!.on('message', (message: { id: number; texts: string[] }) => {
  extractor ??= loadExtractor(spec);
  extractor.catch(() => (extractor = null));
  extractor
    .then((e) => extract(e, spec, message.texts))
    .then(
      (data) => parentPort!.postMessage({ id: message.id, data }, [data.buffer as ArrayBuffer]),
      (err: unknown) => parentPort!.postMessage({ id: message.id, error: err instanceof Error ? err.message : String(err) }),
    );
});

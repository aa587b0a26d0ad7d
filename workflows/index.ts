/** Every workflow the worker registers. Workflow code only: no I/O, no Node built-ins. */
export { systemCheck } from './system-check-workflow.js';
export { ingestCorpus } from './ingest-corpus-workflow.js';
export { ingestJurisdiction } from './ingest-jurisdiction-workflow.js';
export { researchQuestion } from './research-workflow.js';
export { compileDocument } from './compile-document-workflow.js';
export { integrationRun } from './integration-workflow.js';
export { indexCollectionObject } from './index-collection-workflow.js';

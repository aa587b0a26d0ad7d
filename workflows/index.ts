/** Every workflow the worker registers. Workflow code only: no I/O, no Node built-ins. */
export { systemCheck } from './system-check-workflow.js';

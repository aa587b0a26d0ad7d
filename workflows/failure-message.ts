import { ApplicationFailure } from '@temporalio/workflow';

/** The message of the first application failure in a chain (child → activity → application failure). */
export function rootMessage(err: unknown): string {
  let e: unknown = err;
  while (e instanceof Error && !(e instanceof ApplicationFailure) && e.cause instanceof Error) e = e.cause;
  return e instanceof Error ? e.message : String(e);
}

/**
 * The one path every change of a request takes, whether PATCH asks for it or logging a
 * communication does: lock the request, check the version, plan the merge patch and the
 * transition (foia-patch-plan.ts: the lifecycle's rules and the deadline clock), save it and
 * its history entry. The deadline law is read beforehand, outside the transaction, so a
 * transaction never waits for a second pool connection.
 */
import { NotFoundError, PreconditionFailedError } from '../errors/app-error.js';
import { loadDeadlineLaw, type DeadlineLaw } from './deadline-law.js';
import type { FoiaLawStore } from './foia-law-store.js';
import { planPatch, transitionNeedsLaw } from './foia-patch-plan.js';
import type { FoiaPatchDocument } from './foia-request-fields.js';
import type { FoiaUserTransaction } from './foia-request-store.js';
import type { FoiaHistoryEntry, FoiaRequestRecord } from './foia-request-types.js';

/** The request `id` in `tx`, locked when asked; someone else's is invisible under row-level security: 404, never 403. */
export async function findRequestOrThrow(tx: FoiaUserTransaction, id: string, forUpdate = false): Promise<FoiaRequestRecord> {
  const record = await tx.find(id, { forUpdate });
  if (!record) throw new NotFoundError('FOIA request not found');
  return record;
}

/** The deadline law a patch of `current` needs (a transition that starts, pauses, resumes the clock or opens an appeal), else null. */
export async function lawForPatch(law: FoiaLawStore, current: FoiaRequestRecord, doc: FoiaPatchDocument): Promise<DeadlineLaw | null> {
  if (doc.status === undefined || !transitionNeedsLaw(current, doc.status)) return null;
  return loadDeadlineLaw(law, doc.jurisdiction ?? current.jurisdiction);
}

export interface AppliedPatch {
  /** The request after the patch (the current one when nothing changed). */
  record: FoiaRequestRecord;
  /** The history entry written, if any. */
  history: FoiaHistoryEntry | null;
  changed: boolean;
}

/**
 * Applies a merge patch of request `id` inside `tx`.
 * @param law what `lawForPatch` read for the request before the transaction
 * @param expectedVersions from If-Match: the request must still be at one of them
 * @throws NotFoundError, PreconditionFailedError (stale version, or the request changed so the law read no longer fits),
 *   and what `planPatch` throws (ValidationError, ConflictError for a refused transition)
 */
export async function applyPatch(
  tx: FoiaUserTransaction,
  id: string,
  doc: FoiaPatchDocument,
  options: { at: Date; law: DeadlineLaw | null; expectedVersions?: number[] | undefined; eventAt?: string | undefined },
): Promise<AppliedPatch> {
  const current = await findRequestOrThrow(tx, id, true);
  if (options.expectedVersions && !options.expectedVersions.includes(current.version)) {
    throw new PreconditionFailedError(undefined, { current_version: current.version });
  }
  const { law } = options;
  const loaded = law && law.calendar.jurisdiction === (doc.jurisdiction ?? current.jurisdiction) ? law : null;
  if (!loaded && transitionNeedsLaw(current, doc.status)) {
    // The request changed between the two reads (another writer); ask the client to retry.
    throw new PreconditionFailedError('The request changed while it was being updated; fetch it again and retry');
  }
  const plan = planPatch(current, doc, options.at, loaded, options.eventAt);
  if (!plan.changed) return { record: current, history: null, changed: false };
  const updated = await tx.update(id, current.version, plan.values);
  if (!updated) throw new PreconditionFailedError(undefined, { current_version: current.version });
  if (plan.history) await tx.addHistory(id, plan.history);
  return { record: updated, history: plan.history, changed: true };
}

import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { DerivedJurisdiction } from '../law-model/law-model.js';
import type { JurisdictionSources } from '../law-model/source-types.js';
import type { ParsedDocument } from '../law-model/source-types.js';
import { diffFiles, diffKeys, type ChangeSummary } from './change-summary.js';
import { buildLawRows } from './law-record-rows.js';

export interface WriteJurisdictionInput {
  runId: string;
  sources: JurisdictionSources;
  derived: DerivedJurisdiction;
  documents: ParsedDocument[];
  taxonomy: ReadonlyArray<{ key: string; label: string; description: string }>;
}

export interface WriteJurisdictionResult {
  outcome: 'created' | 'updated';
  version: number;
  changeSummary: ChangeSummary;
}

/** Fingerprints kept with each version, to tell what changed next time. */
interface Fingerprints {
  files: Array<[string, string]>;
  rights: Record<string, string>;
  exemptions: Record<string, string>;
  sections: Record<string, string>;
  initialDeadline: string | null;
  /** Absent in versions written before reviewed facts existed. */
  facts?: Record<string, string>;
}

const sha = (v: unknown): string => createHash('sha256').update(JSON.stringify(v)).digest('hex').slice(0, 16);

function fingerprints(input: WriteJurisdictionInput): Fingerprints {
  const d = input.derived.responseRequirements.initialDeadline;
  return {
    files: input.sources.files.map((f) => [f.path, f.hash]),
    rights: Object.fromEntries(input.derived.rights.map((r) => [r.key, sha(r)])),
    exemptions: Object.fromEntries(input.derived.exemptions.map((e) => [e.key, sha(e)])),
    sections: Object.fromEntries(input.documents.flatMap((doc) => doc.sections.map((s) => [s.label, sha(s.text)]))),
    initialDeadline: d ? `${d.days} ${d.unit} days` : null,
    facts: Object.fromEntries(input.derived.facts.map((f) => [f.key, sha(f)])),
  };
}

/** Tables holding the current records of a jurisdiction; children before parents. */
const CURRENT_TABLES = [
  'legal_facts',
  'cross_references',
  'rights',
  'exemptions',
  'law_sections',
  'law_documents',
  'response_requirements',
  'fees',
  'appeals',
  'requester_requirements',
  'agency_obligations',
  'oversight_bodies',
  'holidays',
  'laws',
] as const;

/**
 * Replaces one jurisdiction's current law records with a new version, in one transaction:
 * readers see the old records or the new ones, never a mix, and a failure leaves the old
 * ones untouched. The full snapshot of the version is kept in `law_record_versions`.
 */
export async function writeJurisdiction(db: Knex, input: WriteJurisdictionInput): Promise<WriteJurisdictionResult> {
  const slug = input.derived.jurisdiction.slug;
  const rows = buildLawRows(input.derived, input.documents, input.sources.holidays);
  const prints = fingerprints(input);
  return db.transaction(async (trx) => {
    await trx('jurisdictions')
      .insert({ slug, name: input.derived.jurisdiction.name, type: input.derived.jurisdiction.type })
      .onConflict('slug')
      .merge(['name', 'type']);
    const current = await trx('jurisdictions').where({ slug }).forUpdate().first('current_version');
    const previous = (await trx('law_record_versions')
      .where({ jurisdiction: slug })
      .orderBy('version', 'desc')
      .first('version', 'snapshot')) as { version: number; snapshot: { fingerprints: Fingerprints } } | undefined;

    for (const table of CURRENT_TABLES) await trx(table).where({ jurisdiction: slug }).del();
    await trx('exemption_categories').insert(input.taxonomy.map((c) => ({ ...c }))).onConflict('key').merge();
    await trx('laws').insert(rows.law);
    await insertAll(trx, 'law_documents', rows.documents);
    await insertAll(trx, 'law_sections', rows.sections);
    await insertAll(trx, 'exemptions', rows.exemptions);
    await insertAll(trx, 'rights', rows.rights);
    await insertAll(trx, 'cross_references', rows.crossReferences);
    await trx('response_requirements').insert(rows.responseRequirements);
    await trx('fees').insert(rows.fees);
    await trx('appeals').insert(rows.appeals);
    await trx('requester_requirements').insert(rows.requesterRequirements);
    await insertAll(trx, 'agency_obligations', rows.obligations);
    await insertAll(trx, 'oversight_bodies', rows.oversightBodies);
    await insertAll(trx, 'holidays', rows.holidays);
    await insertAll(trx, 'legal_facts', rows.legalFacts);

    const before = previous?.snapshot.fingerprints;
    const changeSummary: ChangeSummary = {
      previousVersion: previous?.version ?? null,
      sourceFiles: diffFiles(before?.files ?? [], prints.files),
      rights: diffKeys(new Map(Object.entries(before?.rights ?? {})), new Map(Object.entries(prints.rights))),
      exemptions: diffKeys(new Map(Object.entries(before?.exemptions ?? {})), new Map(Object.entries(prints.exemptions))),
      sections: diffKeys(new Map(Object.entries(before?.sections ?? {})), new Map(Object.entries(prints.sections))),
      facts: diffKeys(new Map(Object.entries(before?.facts ?? {})), new Map(Object.entries(prints.facts ?? {}))),
      initialDeadline:
        before && before.initialDeadline !== prints.initialDeadline ? { from: before.initialDeadline, to: prints.initialDeadline } : null,
    };
    const version = (previous?.version ?? 0) + 1;
    await trx('law_record_versions').insert({
      jurisdiction: slug,
      version,
      source_hash: input.sources.sourceHash,
      sources: JSON.stringify(input.sources.files),
      snapshot: JSON.stringify({ derived: input.derived, documents: rows.documentSnapshots, fingerprints: prints }),
      change_summary: JSON.stringify(changeSummary),
      run_id: input.runId,
    });
    await trx('jurisdictions')
      .where({ slug })
      .update({ current_version: version, source_hash: input.sources.sourceHash, ingested_at: trx.fn.now() });
    return { outcome: current?.current_version ? 'updated' : 'created', version, changeSummary };
  });
}

async function insertAll(trx: Knex.Transaction, table: string, rows: readonly object[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await trx(table).insert(rows.slice(i, i + 500));
}

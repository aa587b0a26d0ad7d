import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { deriveJurisdiction } from '../derive/derive-jurisdiction.js';
import type { DerivedJurisdiction } from '../../core/law-model/law-model.js';
import { parseProcessMap } from '../documents/parse-process-map.js';
import { parseSummary } from '../documents/parse-summary.js';
import { JurisdictionRecordError } from '../records/normalise-jurisdiction-record.js';
import { readJurisdictionRecord, readRightsFile } from '../records/read-jurisdiction-record.js';
import { parseStatuteFile } from '../statutes/parse-statute-file.js';
import { parseTexasCode, texasCodeStart } from '../statutes/parse-texas-code.js';
import type { ParsedDocument } from '../../core/law-model/source-types.js';
import { BadSourceFileError } from './bad-source-file-error.js';
import type { JurisdictionSources, SourceFile } from './jurisdiction-sources.js';

/** The parsed documents of one jurisdiction. */
export interface ParsedJurisdiction {
  statute: ParsedDocument | null;
  summary: ParsedDocument | null;
  processMaps: ParsedDocument[];
}

async function read(corpusDir: string, file: SourceFile): Promise<string> {
  const text = await readFile(path.join(corpusDir, file.path), 'utf8');
  if (text.includes('\u0000')) throw new BadSourceFileError(file.path, 'binary content where text was expected');
  return text;
}

/** Runs a parser, turning any failure, or a document without sections, into a BadSourceFileError. */
function parseOrFail(file: SourceFile, what: string, parse: () => ParsedDocument): ParsedDocument {
  let doc: ParsedDocument;
  try {
    doc = parse();
  } catch (err) {
    throw new BadSourceFileError(file.path, `cannot be parsed as ${what}: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (doc.sections.length === 0) throw new BadSourceFileError(file.path, `no sections found in ${what}`);
  return doc;
}

/**
 * Parses every document of a jurisdiction. A summary that carries the full code text (Texas's
 * `Sec. 552.001.` chapter) yields the statute document as well as the summary of its head.
 */
export async function parseJurisdictionSources(corpusDir: string, sources: JurisdictionSources): Promise<ParsedJurisdiction> {
  const jurisdiction = sources.slug;
  const out: ParsedJurisdiction = { statute: null, summary: null, processMaps: [] };
  for (const file of sources.files) {
    if (file.role === 'statute') {
      const raw = await read(corpusDir, file);
      out.statute = parseOrFail(file, 'a statute file (header, ---, ### § sections)', () =>
        parseStatuteFile(raw, { jurisdiction, sourcePath: file.path }),
      );
    } else if (file.role === 'summary') {
      const raw = await read(corpusDir, file);
      const codeStart = texasCodeStart(raw);
      if (codeStart >= 0 && !out.statute) {
        out.statute = parseOrFail(file, 'the code text of a summary', () => parseTexasCode(raw, { jurisdiction, sourcePath: file.path }));
      }
      const head = codeStart > 0 ? raw.slice(0, codeStart) : raw;
      out.summary = parseOrFail(file, 'a summary', () => parseSummary(head, { jurisdiction, sourcePath: file.path }));
    } else if (file.role === 'process_map') {
      const raw = await read(corpusDir, file);
      out.processMaps.push(parseOrFail(file, 'a process map', () => parseProcessMap(raw, { jurisdiction, sourcePath: file.path })));
    }
  }
  return out;
}

/** Derives the law records from the structured record and the parsed documents. */
export async function deriveJurisdictionBundle(corpusDir: string, slug: string, parsed: ParsedJurisdiction): Promise<DerivedJurisdiction> {
  let record;
  try {
    record = (await readJurisdictionRecord(corpusDir, slug)).record;
  } catch (err) {
    if (err instanceof JurisdictionRecordError) throw new BadSourceFileError(err.sourcePath, err.issues.join('; '));
    const cause = err instanceof Error ? err.cause : undefined;
    if (err instanceof SyntaxError || cause instanceof SyntaxError) {
      const reason = (cause instanceof SyntaxError ? cause : (err as SyntaxError)).message;
      throw new BadSourceFileError(`hole-tld/jurisdictions/${slug}.json`, `invalid JSON (${reason})`);
    }
    throw err;
  }
  const rights = await readRightsFile(corpusDir, slug);
  return deriveJurisdiction({ slug, record, ...parsed, federalRights: rights });
}

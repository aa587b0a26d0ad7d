import { parseArgs } from 'node:util';
import { FACT_FIELDS } from '../core/legal-facts/legal-fact-schema.js';
import { createStatuteLookup } from '../ingestion/derive/statute-lookup.js';
import { loadFactEvidence } from '../ingestion/legal-facts/fact-evidence.js';
import { factsReport, renderReportMarkdown, renderReportText } from '../ingestion/legal-facts/facts-report.js';
import { LegalFactsFileError, listLegalFactsSlugs, readLegalFacts } from '../ingestion/legal-facts/read-legal-facts.js';
import { resolvePinpoint, verifyLegalFacts } from '../ingestion/legal-facts/verify-legal-facts.js';
import { listJurisdictionSlugs } from '../ingestion/records/read-jurisdiction-record.js';
import { loadCliConfig } from './cli-config.js';

const USAGE = `npm run facts -- <command>
  check [slug…]              validate every facts file (schema) and check each quote against the corpus
  report [--markdown]        per jurisdiction and field: source kind and review status
  show <slug> <citation>     print the statute node a citation resolves to
  sections <slug> [prefix]   list the statute file's node labels (with their first words)
  grep <slug> <regex>        statute nodes whose text matches (case-insensitive)`;

async function check(corpusDir: string, factsDir: string, slugs: string[]): Promise<number> {
  const targets = slugs.length ? slugs : await listLegalFactsSlugs(factsDir);
  let failed = 0;
  for (const slug of targets) {
    try {
      const loaded = await readLegalFacts(factsDir, slug);
      if (!loaded) {
        console.log(`${slug}: no facts file`);
        failed++;
        continue;
      }
      const problems = verifyLegalFacts(loaded.file, slug, await loadFactEvidence(corpusDir, slug));
      console.log(`${slug}: ${loaded.file.facts.length} facts, ${loaded.file.exemptions.length} exemptions, ${problems.length ? `${problems.length} problem(s)` : 'ok'}`);
      for (const p of problems) console.log(`  ${p.where}: ${p.message}`);
      if (problems.length) failed++;
    } catch (err) {
      failed++;
      if (err instanceof LegalFactsFileError) {
        console.log(`${slug}: invalid file`);
        for (const issue of err.issues) console.log(`  ${issue}`);
      } else throw err;
    }
  }
  console.log(`${targets.length - failed} of ${targets.length} files pass`);
  return failed ? 1 : 0;
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { markdown: { type: 'boolean', default: false } } });
  const [command, ...args] = positionals;
  const config = loadCliConfig();
  const corpusDir = config.corpusDir;
  switch (command) {
    case 'check':
      return check(corpusDir, config.legalFactsDir, args);
    case 'report': {
      const report = await factsReport(config.legalFactsDir, await listJurisdictionSlugs(corpusDir));
      console.log(values.markdown ? renderReportMarkdown(report) : renderReportText(report));
      return 0;
    }
    case 'show':
    case 'sections':
    case 'grep': {
      const [slug, arg] = args;
      if (!slug) break;
      const { statute } = await loadFactEvidence(corpusDir, slug);
      if (!statute) {
        console.log(`${slug}: no statute text in the corpus`);
        return 1;
      }
      if (command === 'show') {
        const node = arg ? resolvePinpoint(createStatuteLookup(statute), arg) : null;
        if (!node) {
          console.log(`no node for "${arg ?? ''}"`);
          return 1;
        }
        console.log(`${node.section.citation} [label ${node.section.label}]${node.exact ? '' : ' (less specific than cited)'}\n\n${node.section.text}`);
        return 0;
      }
      const re = command === 'grep' && arg ? new RegExp(arg, 'i') : null;
      for (const s of statute.sections) {
        if (command === 'sections' && arg && !s.label.startsWith(arg)) continue;
        if (re && !(re.test(s.text) && !statute.sections.some((c) => c.parentLabel === s.label && re.test(c.text)))) continue;
        console.log(`${s.label.padEnd(24)} ${s.text.replace(/\s+/g, ' ').slice(0, 110)}`);
      }
      return 0;
    }
  }
  console.log(`${USAGE}\nfields: ${FACT_FIELDS.join(', ')}`);
  return command ? 2 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);

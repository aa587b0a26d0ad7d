import { tool } from '@langchain/core/tools';
import { z } from 'zod';
import { COMPARE_FIELD_KEYS } from '../../transparency/compare-fields.js';
import type { ComparisonResult, TransparencyService } from '../../transparency/transparency-service.js';
import type { ExemptionView, JurisdictionDetail } from '../../transparency/transparency-views.js';
import { lookupWords, ownLookupWords, rankStatuteSentences, type StatuteSentence } from '../answer/statute-sentences.js';

const MAX_EXEMPTIONS = 500;
/** Statute nodes read for one question's sentences: enough for the answer to be among them, few enough to score in milliseconds. */
const SENTENCE_SECTIONS = 40;
/** … and for each of the question's own words (up to MAX_OWN_WORDS), its best few. */
const SECTIONS_PER_WORD = 4;
const MAX_OWN_WORDS = 8;

async function allExemptions(t: TransparencyService, filter: { jurisdictions?: string[]; categories?: string[] }): Promise<ExemptionView[]> {
  const out: ExemptionView[] = [];
  let cursor: string | undefined;
  do {
    const page = await t.listExemptions(filter, { limit: 100, cursor });
    out.push(...page.data);
    cursor = page.next_cursor ?? undefined;
  } while (cursor && out.length < MAX_EXEMPTIONS);
  return out;
}

/**
 * The structured law data as LangChain tools: one jurisdiction's law (deadline, fees,
 * appeals, requester rules), exemptions by category, and one field compared across
 * jurisdictions. The answer chain and the research activities call them; a remote model
 * that calls tools can be given the same ones. They return the read side's records as they
 * are: the composers, not the model, turn them into sentences.
 */
export function createLawTools(transparency: TransparencyService) {
  const jurisdictionLaw = tool(async ({ jurisdiction }): Promise<JurisdictionDetail> => transparency.getJurisdiction(jurisdiction), {
    name: 'jurisdiction_law',
    description: "One jurisdiction's public-records law: its name and citation, response deadline, fees and fee waivers, appeal route, attorney fees and requester requirements.",
    schema: z.object({ jurisdiction: z.string().describe('Jurisdiction slug, e.g. "texas", "federal", "district-of-columbia"') }),
  });

  const exemptionsByCategory = tool(
    async ({ jurisdictions, categories }): Promise<ExemptionView[]> => allExemptions(transparency, { jurisdictions, categories }),
    {
      name: 'exemptions_by_category',
      description: 'Exemptions from disclosure, by jurisdiction and by category of the exemption taxonomy (personnel, law_enforcement, medical_health …).',
      schema: z.object({
        jurisdictions: z.array(z.string()).optional().describe('Jurisdiction slugs; all when omitted'),
        categories: z.array(z.string()).optional().describe('Exemption category keys; all when omitted'),
      }),
    },
  );

  const compareJurisdictions = tool(
    async ({ field, jurisdictions }): Promise<ComparisonResult> => transparency.compare(field, { jurisdictions }),
    {
      name: 'compare_jurisdictions',
      description: 'One field of the law (deadline, fee waiver, attorney fees, residency, appeal route …) across all jurisdictions or the ones named.',
      schema: z.object({
        field: z.enum(COMPARE_FIELD_KEYS),
        jurisdictions: z.array(z.string()).optional(),
      }),
    },
  );

  const statuteSentences = tool(
    async ({ jurisdiction, question, names, min_words }): Promise<StatuteSentence[]> => {
      // The sections that hold most of the question's words, and each of its own words' best few.
      const own = ownLookupWords(question, names ?? '');
      const [sections, counts] = await Promise.all([
        transparency.statuteSectionsMatching(jurisdiction, lookupWords(question, names ?? ''), SENTENCE_SECTIONS, { words: own.slice(0, MAX_OWN_WORDS), limit: SECTIONS_PER_WORD }),
        // How rare each word is in the whole statute, not only among the sections found for it.
        transparency.statuteWordCounts(jurisdiction, own),
      ]);
      return rankStatuteSentences(question, names ?? '', sections, min_words, counts);
    },
    {
      name: 'statute_sentences',
      description: "The sentences of one jurisdiction's statute text that best answer a question, best first, each a verbatim quote with its pinpoint citation.",
      schema: z.object({
        jurisdiction: z.string().describe('Jurisdiction slug'),
        question: z.string(),
        names: z.string().optional().describe('Names (of places, of the law) whose words do not tell sentences apart'),
        min_words: z.number().int().min(1).optional().describe("How many of the question's words a sentence must hold (default 2)"),
      }),
    },
  );

  return { jurisdictionLaw, exemptionsByCategory, compareJurisdictions, statuteSentences };
}

export type LawTools = ReturnType<typeof createLawTools>;

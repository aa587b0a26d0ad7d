import { tool } from '@langchain/core/tools';
import { z } from 'zod';
import { COMPARE_FIELD_KEYS } from '../../transparency/compare-fields.js';
import type { ComparisonResult, TransparencyService } from '../../transparency/transparency-service.js';
import type { ExemptionView, JurisdictionDetail } from '../../transparency/transparency-views.js';

const MAX_EXEMPTIONS = 500;

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

  return { jurisdictionLaw, exemptionsByCategory, compareJurisdictions };
}

export type LawTools = ReturnType<typeof createLawTools>;

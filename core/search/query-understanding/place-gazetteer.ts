/**
 * Places a question names without its state ("the Knox County clerk's office", "Davenport
 * police", "Lincoln Public Schools"), read against a gazetteer of US cities and counties
 * (us-places.json, built by scripts/build-us-places.py from GeoNames through registry
 * packages). A name several states share is read as one state's only when that state's place
 * of the name is far the largest (over twice the next), or when the question's other places
 * agree on it ("Hall County" alone is Georgia's or Nebraska's; with "Grand Island" it is
 * Nebraska's). The caller says which place it took, so a reader can correct it.
 */
import places from './us-places.json' with { type: 'json' };

/** A place's name and the jurisdiction it was read as. */
export interface GazetteerPlace {
  name: string;
  jurisdiction: string;
}

type Namesakes = ReadonlyArray<readonly [string, number]>;
const CITIES = places.cities as unknown as Record<string, Namesakes>;
const COUNTIES = places.counties as unknown as Record<string, Namesakes>;

/** How much larger than its next namesake a place must be to be read as the one meant (Jackson, Mississippi, against Jackson, Tennessee: 2.3). */
const DOMINANCE = 2.2;

/** A capitalised name of up to four words ("Grand Island", "Winston-Salem", "St. Louis", "Coeur d'Alene"). */
const NAME = String.raw`(?:[A-Z][a-z.'’-]+|d'[A-Z][a-z]+)(?:\s+(?:[A-Z][a-z.'’-]+|d'[A-Z][a-z]+)){0,3}`;
const COUNTY = new RegExp(String.raw`\b(${NAME})\s+(County|Parish|Borough)\b`, 'g');
const CAPITALISED = new RegExp(String.raw`\b${NAME}`, 'g');
/**
 * Words after a city's name that make it a place, not a person or a word: "Davenport police",
 * "Pierre city planner", "Lincoln Public Schools"; before it, "City of", "Town of", "in".
 */
const CIVIC_AFTER =
  /^(?:['’]s)?\s+(?:police|Police|PD|P\.D\.|city|City|town|Town|village|Village|council|Council|mayor|Mayor|school|School|schools|Schools|Public Schools|public schools|Independent School District|ISD|school district|School District|sheriff|Sheriff|clerk|Clerk|municipal|Municipal|housing|Housing|officials|government|department|Department|fire|Fire|water|Water|transit|Transit|planning|Planning|library|Library|airport|Airport|utilities|Utilities|finance|Finance|parks|Parks|public works|Public Works)\b/;
const CIVIC_BEFORE = /\b(?:City|city|Town|town|Village|village) of\s+$|\bin\s+$|\bnear\s+$|\baround\s+$/;
/** Words that open sentences or name things other than places. */
const NOT_A_PLACE =
  /^(?:The|A|An|My|Our|Your|Their|His|Her|Can|Does|Do|Is|Are|If|When|What|How|Will|Why|Has|Have|I|We|They|State|Federal|Public|Last|Next|This|That|Police|School|City|County|Department|Office|Board|January|February|March|April|May|June|July|August|September|October|November|December|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)$/;

interface Mention {
  name: string;
  namesakes: Namesakes;
}

/** "Saint Louis" as the gazetteer spells it ("St. Louis"); a trailing possessive dropped. */
function keyOf(name: string): string {
  return name.replace(/^Saint\s+/, 'St. ').replace(/^St\s+/, 'St. ').replace(/['’]s$|(?<!^St)[.,]$/, '');
}

/** The longest tail of `words` that is a name the table holds ("the Brookings" → "Brookings"). */
function lookup(words: string[], table: Record<string, Namesakes>): { name: string; namesakes: Namesakes } | null {
  for (let i = 0; i < words.length; i++) {
    if (NOT_A_PLACE.test(words[i]!)) continue;
    const name = words.slice(i).join(' ');
    const namesakes = table[keyOf(name)];
    if (namesakes) return { name, namesakes };
  }
  return null;
}

function mentions(text: string): Mention[] {
  const out: Mention[] = [];
  for (const m of text.matchAll(COUNTY)) {
    // "The Douglas County sheriff": the longest tail of the capitalised words that, with "County", the table holds.
    const hit = lookup([...m[1]!.split(/\s+/), m[2]!], COUNTIES);
    if (hit) out.push(hit);
  }
  for (const m of text.matchAll(CAPITALISED)) {
    const after = text.slice(m.index + m[0].length);
    // County names were read above ("Hall County" is not the city of Hall).
    if (/^\s+(?:County|Parish|Borough)\b/.test(after)) continue;
    const words = m[0].split(/\s+/);
    // The longest run of the capitalised words that ends in a city's name and stands as a place.
    for (let end = words.length; end > 0; end--) {
      const head = words.slice(0, end);
      const hit = lookup(head, CITIES);
      if (!hit) continue;
      const start = m.index + m[0].indexOf(hit.name);
      const rest = text.slice(start + hit.name.length);
      if (CIVIC_AFTER.test(rest) || CIVIC_BEFORE.test(text.slice(Math.max(0, start - 12), start)) || /^\s+(?:area|metro|suburbs?)\b/.test(rest)) {
        out.push(hit);
        break;
      }
    }
  }
  return out;
}

/** The names of the places a text names as places ("Bellevue" in "the Bellevue police department"), whatever their state. */
export function placesNamed(text: string): string[] {
  return mentions(text).map((m) => m.name);
}

/**
 * The place a question names, with the jurisdiction it is read as; null when it names none the
 * gazetteer holds, or only names several states share without one standing out.
 */
export function placeFromGazetteer(text: string): GazetteerPlace | null {
  const found = mentions(text);
  if (found.length === 0) return null;
  const sizeIn = (m: Mention, state: string) => m.namesakes.find(([s]) => s === state)?.[1];
  // The states every named place could be in, each weighed by its places' size there; with no state in common, the
  // first place named is the one asked about.
  const common = found[0]!.namesakes.map(([s]) => s).filter((s) => found.every((m) => sizeIn(m, s) !== undefined));
  const pool: Array<readonly [string, number]> =
    common.length > 0 ? common.map((s) => [s, found.reduce((n, m) => n + Math.max(sizeIn(m, s)!, 1), 0)] as const) : [...found[0]!.namesakes];
  const [best, next] = pool.sort((a, b) => b[1] - a[1]);
  if (!best || (next && best[1] < DOMINANCE * next[1])) return null;
  const named = found.find((m) => m.namesakes.some(([s]) => s === best[0])) ?? found[0]!;
  return { name: named.name, jurisdiction: best[0] };
}

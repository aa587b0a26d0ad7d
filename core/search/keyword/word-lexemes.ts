/**
 * A query's lexemes without asking Postgres each time. Under the english configuration a
 * plain word (letters only, which the parser reads as an `asciiword`) becomes at most one
 * lexeme, its stem, or none when it is a stop word, whatever surrounds it. So the stems of
 * plain words are learnt from Postgres once (`to_tsvector('english', word)`) and a question
 * made only of plain words and simple punctuation is read here, in the order Postgres
 * gives (first occurrence). Anything else — digits, hyphens, apostrophes, "§", dotted
 * names like "U.S." — goes to Postgres whole, as before. Searchers' vocabulary repeats, so
 * after a few hundred questions nearly every word is known; the cache is bounded.
 */

/** Letters only: a word Postgres' parser reads as one asciiword. */
const PLAIN_WORD = /^[A-Za-z]+$/;
/** A text of plain words between spaces and punctuation that never joins two words into one token. */
const PLAIN_TEXT = /^[A-Za-z\s,.?!;:()"]*$/;
/** A dot between letters ("U.S.", "e.g.", "example.com") makes a host or abbreviation token. */
const JOINED_BY_DOT = /[A-Za-z]\.[A-Za-z]/;

export interface WordLexemeDeps {
  /** Postgres' lexemes of a whole text, in order of first occurrence. */
  lexemesOf(text: string): Promise<string[]>;
  /** Postgres' lexemes of each word alone. */
  lexemesOfWords(words: string[]): Promise<Map<string, string[]>>;
  /** Most words remembered (default 50,000). */
  maxWords?: number;
}

/** `lexemes(text)` as Postgres computes it, from remembered stems when the text is plain words. */
export function createWordLexemes(deps: WordLexemeDeps): (text: string) => Promise<string[]> {
  const maxWords = deps.maxWords ?? 50_000;
  /** A word's stem, null for a stop word, false for one Postgres reads as more than one lexeme. */
  const stems = new Map<string, string | null | false>();

  return async (text) => {
    if (!PLAIN_TEXT.test(text) || JOINED_BY_DOT.test(text)) return deps.lexemesOf(text);
    const words = text.toLowerCase().split(/[^a-z]+/).filter((w) => PLAIN_WORD.test(w));
    const unknown = [...new Set(words.filter((w) => !stems.has(w)))];
    if (unknown.length > 0) {
      const learnt = await deps.lexemesOfWords(unknown);
      for (const word of unknown) {
        const lexemes = learnt.get(word) ?? [];
        if (stems.size >= maxWords) stems.delete(stems.keys().next().value!);
        // Not one stem or none: not the plain word this reading assumes (remembered, so such a text goes straight to Postgres).
        stems.set(word, lexemes.length > 1 ? false : (lexemes[0] ?? null));
      }
    }
    const out: string[] = [];
    const seen = new Set<string>();
    for (const word of words) {
      const stem = stems.get(word);
      // Forgotten meanwhile (a full cache), or not a plain word: Postgres reads the text.
      if (stem === undefined || stem === false) return deps.lexemesOf(text);
      if (stem === null || seen.has(stem)) continue;
      seen.add(stem);
      out.push(stem);
    }
    return out;
  };
}

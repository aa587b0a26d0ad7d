/**
 * Forgiving reading of statute citations as people type them — "5 U.S.C. § 552(b)(6)",
 * "552 (b) (6)", "Tex. Gov't Code § 552.301", "RCW 42.56.070", "sec. 552.301(a)",
 * "Section 2–532(c)", "FOIA exemption 7(C)" — into a section number and designators,
 * and resolution of those against the labels of a parsed statute ("552(b)(6)").
 */

import {
  DESIGNATORS_SOURCE,
  isFederal,
  normalizeCitationText,
  readDesignators,
  SECTION_NUMBER_SOURCE,
  toLabel,
  type CitationRef,
} from './citations-syntax.js';

const NUMBER_AT_START = new RegExp(String.raw`^(${SECTION_NUMBER_SOURCE})(${DESIGNATORS_SOURCE})`);

/** "FOIA exemption 6", "Exemption 7(C)", "exemption (b)(6)", "exemption b6" → 552(b)(…). */
function parseExemption(text: string): CitationRef | null {
  const m = /^(?:FOIA\s+)?exemptions?\s*(?:no\.?\s*)?(?:\(?b\)?\s*)?\(?([1-9])\)?\s*((?:\(\s?[A-Za-z0-9]{1,4}\s?\)\s*)*)\s*$/i.exec(text);
  if (!m) return null;
  return { sectionNumber: '552', path: ['b', m[1] as string, ...readDesignators(m[2] ?? '')] };
}

/** Drops whatever names the code, leaving the text that starts with the section number. */
function afterCodeName(text: string): string {
  const sign = text.lastIndexOf('§');
  if (sign >= 0) return text.slice(sign + 1).trim();
  const keyword = /\b(?:sub)?(?:sec(?:tion)?s?\.?|§)\s*(?=\d)/i.exec(text);
  if (keyword) return text.slice(keyword.index + keyword[0].length);
  const usc = /\bU\.?\s?S\.?\s?C(?:\.|ode)?\s*(?=\d)/i.exec(text);
  if (usc) return text.slice(usc.index + usc[0].length);
  // "5 USC 552", "65 P.S. 67.901": a title number before a code abbreviation.
  const titled = /^\d+\s+[A-Za-z][A-Za-z.' ]*?\s+(?=\d)/.exec(text);
  if (titled) return text.slice(titled[0].length);
  // "RCW 42.56.070", "NMSA 1978, 14-2-1", "Tex. Gov't Code 552.301".
  const named = /^[A-Za-z][A-Za-z.'’ ]*?,?\s*(?:\d{4},\s*)?(?=\d)/.exec(text);
  return named ? text.slice(named[0].length) : text;
}

/**
 * Reads a citation as typed. Returns null when no section number can be found. For the
 * federal jurisdiction (or none given), FOIA exemptions ("exemption 6", "Exemption 7(C)")
 * and bare designators ("(b)(6)") mean 5 U.S.C. § 552.
 */
export function parseCitation(input: string, jurisdiction?: string): CitationRef | null {
  const text = normalizeCitationText(input).replace(/\s+/g, ' ').trim().replace(/[.,;:]+$/, '');
  if (text === '') return null;
  const federalOk = jurisdiction === undefined || isFederal(jurisdiction);
  if (federalOk) {
    const exemption = parseExemption(text);
    if (exemption) return exemption;
    if (/^(?:\(\s?[A-Za-z0-9]{1,4}\s?\)\s?)+$/.test(text)) return { sectionNumber: '552', path: readDesignators(text) };
  }
  // A state's "exemption 6" names no section; only FOIA numbers its exemptions that way.
  if (/^(?:FOIA\s+)?exemptions?\b/i.test(text)) return null;
  // Illinois numbers sections within an act: "5 ILCS 140/9(a)" is section "140/9" of chapter 5.
  const ilcs = new RegExp(String.raw`\bILCS\s+(\d+\/\d+(?:\.\d+)?)(${DESIGNATORS_SOURCE})`, 'i').exec(text);
  if (ilcs) return { sectionNumber: ilcs[1] as string, path: readDesignators(ilcs[2] ?? '') };
  const m = NUMBER_AT_START.exec(afterCodeName(text));
  if (!m) return null;
  return { sectionNumber: m[1] as string, path: readDesignators(m[2] ?? '') };
}

const lowerIndexes = new WeakMap<ReadonlySet<string>, Map<string, string | null>>();

/** Case-insensitive index of labels ("552(B)(6)" finds "552(b)(6)"); null marks a clash. */
function lowerIndex(labels: ReadonlySet<string>): Map<string, string | null> {
  let index = lowerIndexes.get(labels);
  if (!index) {
    index = new Map();
    for (const label of labels) {
      const key = label.toLowerCase();
      index.set(key, index.has(key) ? null : label);
    }
    lowerIndexes.set(labels, index);
  }
  return index;
}

/** Options of {@link resolveCitation}. */
export interface ResolveOptions {
  /**
   * Match designators regardless of case when that is unambiguous ("552(B)(6)" finds
   * "552(b)(6)"). Off by default: many codes use both (d) and (D) at different levels,
   * so only citations typed by people should be read this way.
   */
  ignoreCase?: boolean;
}

function findLabel(label: string, labels: ReadonlySet<string>, ignoreCase: boolean): string | null {
  if (labels.has(label)) return label;
  return ignoreCase ? (lowerIndex(labels).get(label.toLowerCase()) ?? null) : null;
}

/**
 * The most specific existing label for a citation: 552(b)(6)(A) if it exists, else
 * 552(b)(6), else 552; null when the section itself is unknown. A dotted subsection
 * such as Missouri's "610.023.3" is tried as "610.023(3)".
 */
export function resolveCitation(c: CitationRef, labels: ReadonlySet<string>, opts: ResolveOptions = {}): string | null {
  const ignoreCase = opts.ignoreCase ?? false;
  const sectionNumber = normalizeCitationText(c.sectionNumber).trim();
  for (let k = c.path.length; k >= 0; k--) {
    const found = findLabel(toLabel({ sectionNumber, path: c.path.slice(0, k) }), labels, ignoreCase);
    if (found) return found;
  }
  const dotted = /^(.+)\.(\d+)$/.exec(sectionNumber);
  if (dotted && findLabel(dotted[1] as string, labels, ignoreCase)) {
    return resolveCitation({ sectionNumber: dotted[1] as string, path: [dotted[2] as string, ...c.path] }, labels, opts);
  }
  return null;
}

export { extractCitations, type CitationMention, type ExtractOptions } from './citations-extract.js';
export { isFederal, normalizeCitationText, toLabel, type CitationRef } from './citations-syntax.js';

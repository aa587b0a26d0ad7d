/**
 * Which of a field's reviewed facts is *the* value (compare view, due dates, letters, chat):
 * not a variant for a class of requesters, and, where a field has several, the one without
 * limits ("applies to personnel records" yields to the general rule). One rule for every
 * shape a fact travels in (ingestion's, the API's, the tracker's).
 */
export function pickMainFact<T>(sameField: readonly T[], shape: (f: T) => { requesterClass: string | null; appliesTo: string | null }): T | undefined {
  const general = sameField.filter((f) => shape(f).requesterClass === null);
  return general.find((f) => shape(f).appliesTo === null) ?? general[0];
}

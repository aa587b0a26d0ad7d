/**
 * Provisions about special subjects: a sentence on body-camera recordings, crime-scene images
 * or the attorney general's own deadlines says nothing about the general rule, even when its
 * words (a period of days, "may inspect") match a general rule's pattern.
 */
export const SPECIAL_SUBJECT =
  /\b(law enforcement|body[- ]worn|recordings?|attorney general (shall|must|may)|school district|vital statistics|library archives|tobacco|veterans?|inmates?|tax(es)?|lottery|economic development|open meetings?|minutes of|executive session|legislative|retirement|crime scene|autopsy|911|dispatch\w*|social security|identifying information|military|library books?|personal records?|individual's personal)\b/i;

/**
 * The fields the map can be coloured by: how each compare row (`GET /api/v2/transparency/compare`)
 * falls into a legend class, its short words (the shape's label), and its order when the
 * table is sorted by value. A null value is "Not stated", never a guessed "no".
 */
import type { CompareField, ComparisonRow, FactField } from '../../../../sdk/typescript/src/index.js';

export const NOT_STATED = 'Not stated';

/** One colour of the legend. `fill` "hatch" draws the hatched pattern (unknown values). */
export interface LegendClass {
  id: string;
  label: string;
  fill: string;
}

export interface MapField {
  key: CompareField;
  /** The option's words, and the table's value column. */
  label: string;
  /** What the colours show, under the legend. */
  note: string;
  classes: readonly LegendClass[];
  classify(row: ComparisonRow): string;
  /** Short words for the shape's label ("Texas: 10 business days"). */
  short(row: ComparisonRow): string;
  /** The reviewed facts that can back the value (for the cited record and the reviewer's note). */
  facts: readonly FactField[];
}

const HATCH = 'hatch';
const notStated: LegendClass = { id: 'unknown', label: NOT_STATED, fill: HATCH };

// Okabe–Ito colours (safe for the common colour-vision deficiencies), and a viridis-like
// sequence for the ordered deadline classes.
const BLUE = '#0072b2';
const ORANGE = '#e69f00';
const GREEN = '#009e73';
const PURPLE = '#cc79a7';

interface DeadlineValue {
  days: number | null;
  unit: string | null;
  no_fixed_deadline: boolean;
}

function deadline(row: ComparisonRow): DeadlineValue | null {
  const v = row.value as Partial<DeadlineValue> | null;
  if (!v || typeof v !== 'object') return null;
  return { days: typeof v.days === 'number' ? v.days : null, unit: v.unit ?? null, no_fixed_deadline: v.no_fixed_deadline === true };
}

/** The class of a yes/no value: unknown when the row does not state it. */
const yesNoClass = (b: boolean | null): string => (b === true ? 'yes' : b === false ? 'no' : 'unknown');

function boolOf(row: ComparisonRow, pick?: (v: Record<string, unknown>) => unknown): boolean | null {
  const v = pick ? (row.value && typeof row.value === 'object' ? pick(row.value as Record<string, unknown>) : null) : row.value;
  return typeof v === 'boolean' ? v : null;
}

function labelOf(field: MapField, row: ComparisonRow): string {
  const id = field.classify(row);
  return field.classes.find((c) => c.id === id)?.label ?? NOT_STATED;
}

const deadlineField: MapField = {
  key: 'initial_deadline',
  label: 'Response deadline',
  note: 'Days the agency has to answer a request first (business or calendar days: the table says which).',
  classes: [
    { id: 'd3', label: '1 to 3 days', fill: '#d8e85a' },
    { id: 'd5', label: '4 or 5 days', fill: '#7ccf6a' },
    { id: 'd10', label: '6 to 10 days', fill: '#2a9d8f' },
    { id: 'd20', label: '11 to 20 days', fill: '#33628c' },
    { id: 'd30', label: 'More than 20 days', fill: '#3d1f6e' },
    { id: 'none', label: 'No fixed deadline', fill: PURPLE },
    notStated,
  ],
  classify(row) {
    const d = deadline(row);
    if (d?.no_fixed_deadline) return 'none';
    if (d?.days === null || d?.days === undefined) return 'unknown';
    return d.days <= 3 ? 'd3' : d.days <= 5 ? 'd5' : d.days <= 10 ? 'd10' : d.days <= 20 ? 'd20' : 'd30';
  },
  short(row) {
    const d = deadline(row);
    if (d?.no_fixed_deadline) return 'No fixed deadline';
    return d?.days !== null && d?.days !== undefined ? row.display : NOT_STATED;
  },
  facts: ['initial_response'],
};

const feeWaiverField: MapField = {
  key: 'fee_waiver',
  label: 'Fee waiver',
  note: 'Whether fees can be waived or reduced (the criteria are in the table and the details).',
  classes: [
    { id: 'yes', label: 'Available', fill: BLUE },
    { id: 'no', label: 'Not available', fill: ORANGE },
    notStated,
  ],
  classify: (row) => yesNoClass(boolOf(row, (v) => v['available'])),
  short(row) {
    return labelOf(feeWaiverField, row);
  },
  facts: ['fee_waiver'],
};

const attorneyFeesField: MapField = {
  key: 'attorney_fees',
  label: 'Attorney fees',
  note: 'Whether a requester who wins in court can recover attorney fees.',
  classes: [
    { id: 'yes', label: 'Recoverable', fill: BLUE },
    { id: 'no', label: 'Not recoverable', fill: ORANGE },
    notStated,
  ],
  classify: (row) => yesNoClass(boolOf(row)),
  short(row) {
    return labelOf(attorneyFeesField, row);
  },
  facts: ['attorney_fees'],
};

const residencyField: MapField = {
  key: 'residency_required',
  label: 'Residency required',
  note: 'Whether only residents (or citizens) of the jurisdiction may request records.',
  classes: [
    { id: 'no', label: 'No: anyone may request', fill: BLUE },
    { id: 'yes', label: 'Yes: residents only', fill: ORANGE },
    notStated,
  ],
  classify: (row) => yesNoClass(boolOf(row)),
  short(row) {
    const b = boolOf(row);
    return b === true ? 'Residents only' : b === false ? 'No residency requirement' : NOT_STATED;
  },
  facts: ['who_may_request'],
};

const appealField: MapField = {
  key: 'appeal_route',
  label: 'Appeal route',
  note: 'The first step to challenge a denial: an appeal within the government, an oversight body, or a court.',
  classes: [
    { id: 'administrative', label: 'Administrative appeal', fill: BLUE },
    { id: 'oversight', label: 'Oversight body', fill: ORANGE },
    { id: 'judicial', label: 'Court', fill: GREEN },
    notStated,
  ],
  classify(row) {
    const kind = row.value && typeof row.value === 'object' ? (row.value as { kind?: unknown }).kind : null;
    return kind === 'administrative' || kind === 'oversight' || kind === 'judicial' ? kind : 'unknown';
  },
  short(row) {
    return appealField.classify(row) === 'unknown' ? NOT_STATED : row.display;
  },
  facts: ['administrative_appeal', 'court_review'],
};

export const MAP_FIELDS: readonly MapField[] = [deadlineField, feeWaiverField, attorneyFeesField, residencyField, appealField];
export const DEFAULT_FIELD = deadlineField;

export function fieldOf(key: string | null): MapField {
  return MAP_FIELDS.find((f) => f.key === key) ?? DEFAULT_FIELD;
}

export function isHatch(fill: string): boolean {
  return fill === HATCH;
}

/** The row's words, "Not stated" when the sources say nothing. */
export function displayOf(row: ComparisonRow): string {
  return row.value === null || row.value === undefined || !row.display ? NOT_STATED : row.display;
}

/**
 * Order of rows when sorted by value: by legend class (in the legend's order: shortest
 * deadline first, "Not stated" last), then by the number of days; 0 for equals.
 */
export function compareByValue(field: MapField, a: ComparisonRow, b: ComparisonRow): number {
  const rank = (r: ComparisonRow) => field.classes.findIndex((c) => c.id === field.classify(r));
  const days = (r: ComparisonRow) => (field.key === 'initial_deadline' ? (deadline(r)?.days ?? 0) : 0);
  return rank(a) - rank(b) || days(a) - days(b);
}

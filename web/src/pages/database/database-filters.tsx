/** The filter form of the table browser, and how a cell reads. */
import { useState } from 'preact/hooks';
import type { DatabaseTable } from '../../../../sdk/typescript/src/index.js';

export interface Filter {
  column: string;
  op: 'eq' | 'ne' | 'gte' | 'lte' | 'contains' | 'null';
  value: string;
}

const OPS: Array<{ op: Filter['op']; label: string; text?: boolean }> = [
  { op: 'eq', label: 'equals' },
  { op: 'ne', label: 'is not' },
  { op: 'contains', label: 'contains', text: true },
  { op: 'gte', label: 'at least' },
  { op: 'lte', label: 'at most' },
  { op: 'null', label: 'is empty (true/false)' },
];

/** A cell's words: empty for null, JSON for objects. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  const text = String(value);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

const OP_WORDS = Object.fromEntries(OPS.map((o) => [o.op, o.label]));

export function FilterForm({ table, filters, onChange }: { table: DatabaseTable; filters: Filter[]; onChange(f: Filter[]): void }) {
  const filterable = table.columns.filter((c) => c.filterable);
  const [column, setColumn] = useState(filterable[0]?.name ?? '');
  const [op, setOp] = useState<Filter['op']>('eq');
  const [value, setValue] = useState('');
  const isText = filterable.find((c) => c.name === column)?.type === 'text';
  return (
    <div class="database-filters">
      <form
        aria-label="Add a filter"
        onSubmit={(e) => {
          e.preventDefault();
          if (!column || value.trim() === '') return;
          onChange([...filters.filter((f) => !(f.column === column && f.op === op)), { column, op, value: value.trim() }]);
          setValue('');
        }}
      >
        <label for="database-filter-column">Column</label>
        <select id="database-filter-column" value={column} onChange={(e) => setColumn(e.currentTarget.value)}>
          {filterable.map((c) => (
            <option key={c.name} value={c.name}>
              {c.name}
            </option>
          ))}
        </select>
        <label for="database-filter-op">Condition</label>
        <select id="database-filter-op" value={op} onChange={(e) => setOp(e.currentTarget.value as Filter['op'])}>
          {OPS.filter((o) => !o.text || isText).map((o) => (
            <option key={o.op} value={o.op}>
              {o.label}
            </option>
          ))}
        </select>
        <label for="database-filter-value">Value</label>
        <input id="database-filter-value" type="text" value={value} maxLength={1000} onInput={(e) => setValue(e.currentTarget.value)} />
        <button type="submit">Add filter</button>
      </form>
      {filters.length > 0 ? (
        <ul class="database-active" aria-label="Filters">
          {filters.map((f) => (
            <li key={`${f.column}.${f.op}`}>
              <span>
                <code>{f.column}</code> {OP_WORDS[f.op]} “{f.value}”
              </span>
              <button type="button" aria-label={`Remove filter ${f.column} ${OP_WORDS[f.op]} ${f.value}`} onClick={() => onChange(filters.filter((x) => x !== f))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

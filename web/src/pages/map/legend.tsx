import type { ComparisonRow } from '../../../../sdk/typescript/src/index.js';
import { isHatch, type LegendClass, type MapField } from './fields.js';

function classOf(field: MapField, row: ComparisonRow | undefined): LegendClass | undefined {
  const id = row ? field.classify(row) : 'unknown';
  return field.classes.find((c) => c.id === id);
}

/** The SVG paint of a row's shape: its class's colour, or the hatched pattern for "Not stated". */
export function paintOf(field: MapField, row: ComparisonRow | undefined): string {
  const fill = classOf(field, row)?.fill ?? 'hatch';
  return isHatch(fill) ? 'url(#map-hatch)' : fill;
}

/** A small square of a class's colour (hatched for "Not stated"); decorative, the words say it. */
export function Swatch({ field, row, cls }: { field: MapField; row?: ComparisonRow | undefined; cls?: LegendClass }) {
  const fill = (cls ?? classOf(field, row))?.fill ?? 'hatch';
  return (
    <svg class="map-swatch" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <rect x="0.5" y="0.5" width="15" height="15" fill={isHatch(fill) ? '#ffffff' : fill} stroke="#4a5360" />
      {isHatch(fill) && <path d="M0 12 L12 0 M4 16 L16 4 M0 4 L4 0 M12 16 L16 12" stroke="#4a5360" stroke-width="1.5" />}
    </svg>
  );
}

/** What each colour means, with how many jurisdictions have it. */
export function Legend({ field, rows }: { field: MapField; rows: readonly ComparisonRow[] }) {
  return (
    <div class="map-legend">
      <h2 id="map-legend-title" class="map-legend-title">
        Legend: {field.label.toLowerCase()}
      </h2>
      <ul aria-labelledby="map-legend-title">
        {field.classes.map((c) => {
          const n = rows.filter((r) => field.classify(r) === c.id).length;
          return (
            <li key={c.id}>
              <Swatch field={field} cls={c} />
              <span>{c.label}</span>
              <span class="map-legend-count">
                {n} {n === 1 ? 'jurisdiction' : 'jurisdictions'}
              </span>
            </li>
          );
        })}
      </ul>
      <p class="map-legend-note">{field.note}</p>
    </div>
  );
}

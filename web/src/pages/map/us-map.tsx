import { useRef, useState } from 'preact/hooks';
import type { ComparisonRow } from '../../../../sdk/typescript/src/index.js';
import { SourceKind } from '../../components/status.js';
import { ATLAS_HEIGHT, ATLAS_WIDTH, type Atlas, type StateShape } from './atlas.js';
import { displayOf, type MapField } from './fields.js';
import { Swatch, paintOf } from './legend.js';

interface Props {
  atlas: Atlas;
  field: MapField;
  rows: ReadonlyMap<string, ComparisonRow>;
  selected: string | null;
  onSelect(slug: string): void;
}

/** Where the tooltip points, in the map's own coordinates (975 × 610), and what put it there. */
interface Pointer {
  slug: string;
  x: number;
  y: number;
  by: 'mouse' | 'focus';
}

const DC = 'district-of-columbia';
const FEDERAL = 'federal';
/** The DC label, out in the Atlantic, joined to the district by a line. */
const DC_LABEL = { x: 905, y: 300 };

export function labelOf(field: MapField, name: string, row: ComparisonRow | undefined): string {
  return `${name}: ${row ? field.short(row) : 'Not stated'}`;
}

/**
 * The states, each a focusable button coloured by the field's legend class; Federal and the
 * District of Columbia (too small to click on the map) have buttons of their own below it.
 * Hover, or focus, shows the value with its citation and source kind.
 */
export function UsMap({ atlas, field, rows, selected, onSelect }: Props) {
  const box = useRef<HTMLDivElement>(null);
  // The latest of the mouse and the keyboard decides what the tooltip shows.
  const [tip, setTip] = useState<Pointer | null>(null);
  const [focusSlug, setFocusSlug] = useState<string | null>(null);
  const states = [...atlas.states].sort((a, b) => a.name.localeCompare(b.name));
  const shape = (slug: string | null | undefined) => states.find((s) => s.slug === slug);
  const dc = shape(DC);

  const pointerAt = (e: MouseEvent, slug: string) => {
    const r = box.current?.getBoundingClientRect();
    if (!r || r.width === 0) return;
    setTip({ slug, x: ((e.clientX - r.left) / r.width) * ATLAS_WIDTH, y: ((e.clientY - r.top) / r.height) * ATLAS_HEIGHT, by: 'mouse' });
  };
  const keys = (slug: string) => (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onSelect(slug);
    }
  };
  const focused = (s: StateShape) => () => {
    setFocusSlug(s.slug);
    setTip({ slug: s.slug, x: s.centroid[0], y: s.centroid[1], by: 'focus' });
  };
  const blurred = () => {
    setFocusSlug(null);
    setTip((t) => (t?.by === 'focus' ? null : t));
  };

  const extra = (slug: string, name: string) => {
    const row = rows.get(slug);
    return (
      <button
        type="button"
        class="map-extra-button"
        aria-current={selected === slug ? 'true' : undefined}
        onClick={() => onSelect(slug)}
      >
        <Swatch field={field} row={row} />
        <span class="map-extra-name">{name}</span>
        <span class="map-extra-value">{row ? field.short(row) : 'Not stated'}</span>
      </button>
    );
  };

  const focusShape = shape(focusSlug);
  const selectedShape = shape(selected);
  return (
    <div class="map-canvas">
      <div class="map-svg-box" ref={box} onMouseLeave={() => setTip((t) => (t?.by === 'mouse' ? null : t))}>
        <svg class="map-svg" viewBox={`0 0 ${ATLAS_WIDTH} ${ATLAS_HEIGHT}`} role="group" aria-label={`Map of the states, coloured by ${field.label.toLowerCase()}`}>
          <defs>
            <pattern id="map-hatch" patternUnits="userSpaceOnUse" width="6" height="6" patternTransform="rotate(45)">
              <rect width="6" height="6" fill="#ffffff" />
              <line x1="0" y1="0" x2="0" y2="6" stroke="#6b7684" stroke-width="2.5" />
            </pattern>
          </defs>
          <path class="map-nation" d={atlas.nation} aria-hidden="true" />
          {states.map((s) => {
            const row = rows.get(s.slug);
            const paint = paintOf(field, row);
            if (s.slug === DC) {
              // Too small to find or click: its button is below the map; the shape still takes a click.
              return <path key={s.slug} class="map-state map-state-tiny" d={s.d} fill={paint} aria-hidden="true" onClick={() => onSelect(s.slug)} />;
            }
            return (
              <path
                key={s.slug}
                class="map-state"
                d={s.d}
                fill={paint}
                role="button"
                tabIndex={0}
                aria-label={labelOf(field, s.name, row)}
                aria-current={selected === s.slug ? 'true' : undefined}
                onClick={() => onSelect(s.slug)}
                onKeyDown={keys(s.slug)}
                onFocus={focused(s)}
                onBlur={blurred}
                onMouseMove={(e) => pointerAt(e, s.slug)}
              />
            );
          })}
          {dc && (
            <g class="map-dc-marker" aria-hidden="true" onClick={() => onSelect(DC)} onMouseMove={(e) => pointerAt(e, DC)}>
              <line x1={dc.centroid[0]} y1={dc.centroid[1]} x2={DC_LABEL.x - 4} y2={DC_LABEL.y - 5} />
              <circle cx={dc.centroid[0]} cy={dc.centroid[1]} r="5" fill={paintOf(field, rows.get(DC))} />
              <text x={DC_LABEL.x} y={DC_LABEL.y}>
                DC
              </text>
            </g>
          )}
          {selectedShape && selected !== DC && <path class="map-outline-selected" d={selectedShape.d} aria-hidden="true" />}
          {selected === DC && dc && <circle class="map-outline-selected" cx={dc.centroid[0]} cy={dc.centroid[1]} r="8" aria-hidden="true" />}
          {focusShape && (
            <g class="map-outline-focus" aria-hidden="true">
              <path class="outer" d={focusShape.d} />
              <path class="inner" d={focusShape.d} />
            </g>
          )}
        </svg>
        {tip && <Tooltip pointer={tip} field={field} row={rows.get(tip.slug)} name={shape(tip.slug)?.name ?? tip.slug} />}
      </div>
      <div class="map-extras" role="group" aria-label="Not on the map">
        {extra(FEDERAL, 'Federal')}
        {extra(DC, 'District of Columbia')}
      </div>
    </div>
  );
}

/** The value under the pointer (or at the focused shape), with its citation and source kind. */
function Tooltip({ pointer, field, row, name }: { pointer: Pointer; field: MapField; row: ComparisonRow | undefined; name: string }) {
  const left = (pointer.x / ATLAS_WIDTH) * 100;
  const top = (pointer.y / ATLAS_HEIGHT) * 100;
  return (
    <div class={`map-tooltip${left > 60 ? ' map-tooltip-left' : ''}`} style={{ left: `${left}%`, top: `${top}%` }} aria-hidden="true">
      <strong>{name}</strong>
      <span class="map-tooltip-field">{field.label}</span>
      <span>{row ? displayOf(row) : 'Not stated'}</span>
      {row?.citation && <span class="map-tooltip-cite">{row.citation}</span>}
      {row?.source_kind && (
        <span>
          <SourceKind kind={row.source_kind} />
        </span>
      )}
    </div>
  );
}

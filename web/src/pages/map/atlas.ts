/**
 * The US state shapes: us-atlas's states-albers-10m.json, a hashed asset of the build fetched
 * once per visit. It is already projected (Albers USA, 975 × 610), so `geoPath()` draws it
 * without a projection.
 */
import { geoPath } from 'd3-geo';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import atlasUrl from 'us-atlas/states-albers-10m.json';

export const ATLAS_WIDTH = 975;
export const ATLAS_HEIGHT = 610;

export interface StateShape {
  /** Jurisdiction slug ("new-york", "district-of-columbia"). */
  slug: string;
  name: string;
  /** SVG path data. */
  d: string;
  /** Centre of the shape's area, for the keyboard tooltip and the DC marker. */
  centroid: [number, number];
}

export interface Atlas {
  states: StateShape[];
  /** Outline of the country. */
  nation: string;
}

export function slugOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z]+/g, '-')
    .replace(/^-|-$/g, '');
}

let cached: Promise<Atlas> | null = null;

async function fetchAtlas(): Promise<Atlas> {
  // esbuild gives the asset's path relative to the build's output directory, where this chunk is too.
  const res = await fetch(atlasUrl);
  if (!res.ok) throw new Error('The map of the states could not be loaded. Check your connection and try again.');
  const topology = (await res.json()) as Topology<{ states: GeometryCollection<{ name: string }>; nation: GeometryCollection }>;
  const path = geoPath();
  const states = feature(topology, topology.objects.states).features.map((f) => {
    const name = f.properties?.name ?? '';
    const [x, y] = path.centroid(f);
    return { slug: slugOf(name), name, d: path(f) ?? '', centroid: [x, y] as [number, number] };
  });
  return { states, nation: path(feature(topology, topology.objects.nation)) ?? '' };
}

/** The shapes; a failed load is forgotten so that "Try again" fetches again. */
export function loadAtlas(): Promise<Atlas> {
  cached ??= fetchAtlas().catch((err: unknown) => {
    cached = null;
    throw err instanceof TypeError ? new Error('The map of the states could not be loaded. Check your connection and try again.') : err;
  });
  return cached;
}

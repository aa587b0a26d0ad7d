/**
 * The IANA time zone in which each jurisdiction's requests are received: the zone of its
 * seat of government, where central records offices sit (federal: Washington, D.C.). States
 * that span two zones use their capital's (Tallahassee, Boise, Frankfort, Pierre, Bismarck,
 * Nashville, Lincoln…). Receipt times (after-hours cutoffs, the day a request counts as
 * received) and "today" for days-until-due are read in this zone.
 */
const TIME_ZONES: Readonly<Record<string, string>> = {
  'federal': 'America/New_York',
  'alabama': 'America/Chicago',
  'alaska': 'America/Anchorage',
  'arizona': 'America/Phoenix',
  'arkansas': 'America/Chicago',
  'california': 'America/Los_Angeles',
  'colorado': 'America/Denver',
  'connecticut': 'America/New_York',
  'delaware': 'America/New_York',
  'district-of-columbia': 'America/New_York',
  'florida': 'America/New_York',
  'georgia': 'America/New_York',
  'hawaii': 'Pacific/Honolulu',
  'idaho': 'America/Boise',
  'illinois': 'America/Chicago',
  'indiana': 'America/Indiana/Indianapolis',
  'iowa': 'America/Chicago',
  'kansas': 'America/Chicago',
  'kentucky': 'America/New_York',
  'louisiana': 'America/Chicago',
  'maine': 'America/New_York',
  'maryland': 'America/New_York',
  'massachusetts': 'America/New_York',
  'michigan': 'America/Detroit',
  'minnesota': 'America/Chicago',
  'mississippi': 'America/Chicago',
  'missouri': 'America/Chicago',
  'montana': 'America/Denver',
  'nebraska': 'America/Chicago',
  'nevada': 'America/Los_Angeles',
  'new-hampshire': 'America/New_York',
  'new-jersey': 'America/New_York',
  'new-mexico': 'America/Denver',
  'new-york': 'America/New_York',
  'north-carolina': 'America/New_York',
  'north-dakota': 'America/Chicago',
  'ohio': 'America/New_York',
  'oklahoma': 'America/Chicago',
  'oregon': 'America/Los_Angeles',
  'pennsylvania': 'America/New_York',
  'rhode-island': 'America/New_York',
  'south-carolina': 'America/New_York',
  'south-dakota': 'America/Chicago',
  'tennessee': 'America/Chicago',
  'texas': 'America/Chicago',
  'utah': 'America/Denver',
  'vermont': 'America/New_York',
  'virginia': 'America/New_York',
  'washington': 'America/Los_Angeles',
  'west-virginia': 'America/New_York',
  'wisconsin': 'America/Chicago',
  'wyoming': 'America/Denver',
};

/** Zone used for a slug the map does not know (never for the 52; a safety net only). */
export const DEFAULT_TIME_ZONE = 'America/New_York';

/** The time zone of a jurisdiction slug (`federal`, `texas`, `district-of-columbia`, …). */
export function jurisdictionTimeZone(slug: string): string {
  return TIME_ZONES[slug] ?? DEFAULT_TIME_ZONE;
}

/** Every slug the map covers. */
export function timeZoneSlugs(): string[] {
  return Object.keys(TIME_ZONES);
}

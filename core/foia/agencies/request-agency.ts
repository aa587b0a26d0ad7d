/**
 * A FOIA request that names a directory entry (`agency.directory_id`): the entry must be one the
 * requester can see and of the request's jurisdiction, and it fills the contact details the
 * request leaves empty.
 */
import { ValidationError } from '../../errors/app-error.js';
import type { FoiaAgency, FoiaPatchDocument } from '../foia-request-fields.js';
import type { FoiaRequestRecord } from '../foia-request-types.js';
import type { AgencyRecord } from './agency-types.js';

/** What the FOIA service needs of the directory. */
export interface RequestAgencyDirectory {
  /** A directory entry or the user's own; null when the user can see none with this id. */
  visible(userId: string, id: string): Promise<AgencyRecord | null>;
}

/** When the service has no directory (a test's), a request cannot name an entry: nothing could check it. */
function unavailable(): ValidationError {
  return new ValidationError('The agency directory is not available here', [{ path: 'body.agency.directory_id', message: 'Leave it out' }]);
}

/** The entry `directoryId` names, checked for `jurisdiction`; a ValidationError (400) when it is not one the request may name. */
export async function checkedDirectoryEntry(directory: RequestAgencyDirectory | undefined, userId: string, directoryId: string, jurisdiction: string): Promise<AgencyRecord> {
  if (!directory) throw unavailable();
  const entry = await directory.visible(userId, directoryId);
  if (!entry) {
    throw new ValidationError('Unknown agency directory entry', [{ path: 'body.agency.directory_id', message: 'No directory entry with this id (GET /api/foia/agencies lists them)' }]);
  }
  if (entry.jurisdiction !== jurisdiction) {
    throw new ValidationError('The directory entry is of another jurisdiction', [
      { path: 'body.agency.directory_id', message: `The entry is in ${entry.jurisdiction}; the request is in ${jurisdiction}` },
    ]);
  }
  return entry;
}

/** The request's agency with its empty e-mail, portal and address taken from the entry; what the request gives wins. */
export function fillFromDirectory(agency: FoiaAgency, entry: AgencyRecord): FoiaAgency {
  return {
    ...agency,
    email: agency.email ?? entry.email,
    portal_url: agency.portal_url ?? entry.portal_url,
    address: agency.address ?? entry.postal_address,
  };
}

type AgencyPatch = NonNullable<FoiaPatchDocument['agency']>;
const CONTACT: ReadonlyArray<[keyof AgencyPatch & keyof FoiaAgency, 'email' | 'portal_url' | 'postal_address']> = [
  ['email', 'email'],
  ['portal_url', 'portal_url'],
  ['address', 'postal_address'],
];

/** Whether a patch can change what the request's directory entry is checked against (its id or the jurisdiction). */
export function patchNamesDirectory(doc: FoiaPatchDocument): boolean {
  return typeof doc.agency?.directory_id === 'string' || (doc.jurisdiction !== undefined && doc.jurisdiction !== null);
}

/**
 * The patch, checked against the directory: the entry the patched request names must be
 * visible and of its jurisdiction; a patch that names an entry also takes the contact details
 * the patched request would leave empty from it.
 */
export async function patchWithDirectory(
  directory: RequestAgencyDirectory | undefined,
  userId: string,
  current: Pick<FoiaRequestRecord, 'jurisdiction' | 'agency'>,
  doc: FoiaPatchDocument,
): Promise<FoiaPatchDocument> {
  const named = doc.agency?.directory_id;
  const directoryId = named !== undefined ? named : current.agency.directory_id;
  if (!directoryId) return doc;
  const entry = await checkedDirectoryEntry(directory, userId, directoryId, doc.jurisdiction ?? current.jurisdiction);
  if (typeof named !== 'string' || !doc.agency) return doc;
  const agency: AgencyPatch = { ...doc.agency };
  for (const [key, from] of CONTACT) {
    const after = agency[key] !== undefined ? agency[key] : current.agency[key];
    if (!after && entry[from]) agency[key] = entry[from];
  }
  return { ...doc, agency };
}

/** The letter's law, addressed to the entry's records officer where the law names none (the law's title always wins). */
export async function withDirectoryOfficer<L extends { recipient: string | null }>(
  law: L,
  directory: RequestAgencyDirectory | undefined,
  userId: string,
  agency: Pick<FoiaAgency, 'directory_id'>,
): Promise<L> {
  if (law.recipient || !agency.directory_id || !directory) return law;
  const title = (await directory.visible(userId, agency.directory_id))?.records_officer_title;
  return title ? { ...law, recipient: title } : law;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a UUID in its usual text form: an id that can be looked up (anything else is simply not found). */
export const isUuid = (text: string): boolean => UUID.test(text);

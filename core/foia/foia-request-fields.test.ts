import { describe, expect, it } from 'vitest';
import { phoneText, requesterSchema } from './foia-request-fields.js';

describe('phone numbers', () => {
  it('accepts the ways people write them, an area code in parentheses included', () => {
    for (const phone of ['(916) 555-0100', '+1 512 555 0100', '512.555.0100', '020 7946 0958', '(512) 555-0100 ext. 12', '555-0100 x7']) {
      expect(phoneText.safeParse(phone).success, phone).toBe(true);
    }
    expect(requesterSchema.parse({ phone: ' (916) 555-0100 ' })).toMatchObject({ phone: '(916) 555-0100' });
  });

  it('refuses what is not one: words, an e-mail address, a lone bracket or dash', () => {
    for (const phone of ['call me maybe', 'ada@example.org', '(', '-555-0100', '12']) {
      expect(phoneText.safeParse(phone).success, phone).toBe(false);
    }
  });
});

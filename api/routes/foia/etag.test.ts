import { describe, expect, it } from 'vitest';
import { etagOf, parseIfMatch } from './etag.js';

describe('ETags of FOIA requests', () => {
  it('are weak tags of the version', () => {
    expect(etagOf(3)).toBe('W/"3"');
  });

  it('If-Match lists the versions it accepts, weak or strong; * and no header accept any', () => {
    expect(parseIfMatch(undefined)).toBeUndefined();
    expect(parseIfMatch('*')).toBeUndefined();
    expect(parseIfMatch('W/"3"')).toEqual([3]);
    expect(parseIfMatch('"3", W/"4"')).toEqual([3, 4]);
    expect(parseIfMatch('"abc"')).toEqual([]);
    expect(parseIfMatch('3')).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { addressList, invalidAddress, isAddress, splitAddresses } from '../addresses';

describe('typed e-mail addresses', () => {
  it('split on commas, semicolons and spaces, lower-cased, without repeats', () => {
    expect(splitAddresses(' A@x.test, b@y.test;a@X.test\nc@z.test  ')).toEqual(['a@x.test', 'b@y.test', 'c@z.test']);
    expect(splitAddresses('')).toEqual([]);
    expect(splitAddresses(undefined)).toEqual([]);
  });

  it('name the first one that is no address', () => {
    expect(invalidAddress('a@x.test, nobody, b@')).toBe('nobody');
    expect(invalidAddress('a@x.test b@y.test')).toBeNull();
    expect(isAddress('a@localhost')).toBe(false);
    expect(isAddress(`${'a'.repeat(250)}@x.test`)).toBe(false);
  });

  it('read header lists given as a list or as one text', () => {
    expect(addressList(['a@x.test'])).toEqual(['a@x.test']);
    expect(addressList('a@x.test, b@y.test')).toEqual(['a@x.test', 'b@y.test']);
    expect(addressList(null)).toEqual([]);
  });
});

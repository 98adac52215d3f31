// E-mail addresses typed by a person: a list separated by commas, semicolons or spaces,
// checked as the API checks them (api/actions/messages.py: at most 254 characters,
// local@domain.tld, at most 20 in a field).
export const MAX_ADDRESSES = 20;
const EMAIL = /^[^@\s,;<>"]+@[^@\s,;<>"]+\.[^@\s,;<>".]+$/;

/** The addresses of a typed list, trimmed and lower-cased, without repeats. */
export function splitAddresses(text: string | null | undefined): string[] {
  const found = (text ?? '')
    .split(/[\s,;]+/)
    .map((a) => a.trim().toLowerCase())
    .filter(Boolean);
  return [...new Set(found)];
}

export function isAddress(address: string): boolean {
  return address.length <= 254 && EMAIL.test(address);
}

/** The first address of a typed list that is not an address, or null when all are. */
export function invalidAddress(text: string | null | undefined): string | null {
  return splitAddresses(text).find((a) => !isAddress(a)) ?? null;
}

/** The addresses of mail headers as shown: a list as it is, one text split on commas. */
export function addressList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String).filter(Boolean);
  if (typeof value === 'string') return value.split(',').map((a) => a.trim()).filter(Boolean);
  return [];
}

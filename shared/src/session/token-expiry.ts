/**
 * Access-token expiry, read from the token's own `exp` claim (platform spec 2.5 rule 2 and section 5).
 * The browser never verifies the signature (it cannot: HS256 with a server secret); it only reads `exp`
 * so the navigation guard and the store can tell a stale token from a usable one without a round trip.
 */

const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BASE64_VALUES: ReadonlyMap<string, number> = new Map([...BASE64_ALPHABET].map((char, index) => [char, index]));

/**
 * Decodes base64url (RFC 4648 section 5, unpadded as JWTs use it) into bytes.
 * Written out rather than using atob/Buffer so the same code runs in browsers, workers and Node
 * without a library; the bytes are then read as UTF-8 so non-ASCII claims survive.
 * Returns null on any character outside the alphabet or an impossible length.
 */
function base64UrlToBytes(input: string): Uint8Array | null {
  const base64 = input.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  if (base64.length % 4 === 1) return null;
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of base64) {
    const value = BASE64_VALUES.get(char);
    if (value === undefined) return null;
    buffer = (buffer << 6) | value;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  return Uint8Array.from(bytes);
}

/**
 * UTF-8 bytes to text through percent-decoding: works in every runtime (jsdom and some webviews lack
 * TextDecoder) and throws URIError on malformed UTF-8, which the caller treats as unreadable.
 */
function utf8ToText(bytes: Uint8Array): string {
  return decodeURIComponent(Array.from(bytes, (byte) => `%${byte.toString(16).padStart(2, '0')}`).join(''));
}

/** The JWT payload as an object, or null when the token is not three dot-separated parts of readable JSON. */
function readPayload(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  const bytes = base64UrlToBytes(parts[1]);
  if (!bytes) return null;
  try {
    const payload: unknown = JSON.parse(utf8ToText(bytes));
    return payload !== null && typeof payload === 'object' && !Array.isArray(payload) ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** When the token expires, in epoch milliseconds; null when the token is missing, unreadable or has no numeric `exp`. */
export function tokenExpiresAt(token: string | null | undefined): number | null {
  if (!token) return null;
  const exp = readPayload(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
}

/**
 * True when the token cannot be used: missing, unreadable, without `exp`, or at/after its expiry.
 * An unreadable token counts as expired so callers fail closed and send the user to sign in.
 */
export function isTokenExpired(token: string | null | undefined, now: number = Date.now()): boolean {
  const expiresAt = tokenExpiresAt(token);
  return expiresAt === null || now >= expiresAt;
}

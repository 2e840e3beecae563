/**
 * The address of a tracked position, from the reverse geocoder named by GEOCODER_URL: either a
 * Nominatim-compatible base address (`/reverse?format=jsonv2&lat=..&lon=..` is added, as the field
 * agents' lookups do), or a full URL template with {lat} and {lon} (or {latitude}, {longitude}) in it.
 * The answer's `display_name` (Nominatim's) or `address` text is the address. Without a geocoder: 503;
 * a geocoder that fails, is slow or answers nonsense: 502. Neither ever stops the product.
 */
import { AppError, badGateway, serviceUnavailable } from '../../http/errors';
import { ERROR_CODES } from '@meridian/shared/contract/envelope';

const TIMEOUT_MS = 5000;
export const NO_GEOCODER = 'Addresses are not available: no geocoder is configured.';
export const GEOCODER_FAILED = 'The geocoder did not answer with an address: try again later.';
export const NO_ADDRESS_FOUND = 'The geocoder knows no address at this position.';

/** The reverse-lookup URL for a position. */
export function reverseUrl(geocoderUrl: string, latitude: number, longitude: number) {
  const lat = String(latitude);
  const lon = String(longitude);
  if (/\{lat(itude)?\}/.test(geocoderUrl))
    return geocoderUrl
      .replace(/\{lat(?:itude)?\}/g, encodeURIComponent(lat))
      .replace(/\{(?:lon|lng|longitude)\}/g, encodeURIComponent(lon));
  return `${geocoderUrl.replace(/\/$/, '')}/reverse?format=jsonv2&lat=${encodeURIComponent(lat)}&lon=${encodeURIComponent(lon)}`;
}

/** The address the geocoder gives for the position. */
export async function addressAt(geocoderUrl: string | null, latitude: number, longitude: number): Promise<string> {
  if (!geocoderUrl) throw serviceUnavailable(NO_GEOCODER);
  let body: unknown;
  try {
    const response = await fetch(reverseUrl(geocoderUrl, latitude, longitude), {
      signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: { 'user-agent': 'Meridian/1 (tracking)', accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`geocoder answered ${response.status}`);
    body = await response.json();
  } catch {
    throw badGateway(GEOCODER_FAILED);
  }
  const found = body as { display_name?: unknown; address?: unknown; error?: unknown } | null;
  const address = typeof found?.display_name === 'string' ? found.display_name : typeof found?.address === 'string' ? found.address : null;
  if (address && address.trim()) return address.trim().slice(0, 500);
  // Nominatim answers 200 with { error: 'Unable to geocode' } in the middle of the sea.
  if (found && typeof found === 'object' && 'error' in found) throw new AppError(404, ERROR_CODES.NOT_FOUND, NO_ADDRESS_FOUND);
  throw badGateway(GEOCODER_FAILED);
}

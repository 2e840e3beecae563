/**
 * Address lookups through a Nominatim-compatible service named by GEOCODER_URL. Without one, or
 * when it fails or is slow, the caller gets a clear 503 and the product goes on working.
 */
import { MESSAGES } from '@meridian/shared/messages';
import { serviceUnavailable } from '../../http/errors';

const TIMEOUT_MS = 5000;

async function call(baseUrl: string | null, pathAndQuery: string): Promise<unknown> {
  if (!baseUrl) throw serviceUnavailable(`${MESSAGES.geocoderUnavailable} No geocoder is configured (GEOCODER_URL).`);
  try {
    const response = await fetch(`${baseUrl.replace(/\/$/, '')}${pathAndQuery}`, {
      signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: { 'user-agent': 'Meridian/1 (back office)' },
    });
    if (!response.ok) throw new Error(`geocoder answered ${response.status}`);
    return await response.json();
  } catch {
    throw serviceUnavailable(MESSAGES.geocoderUnavailable);
  }
}

export async function reverseGeocode(baseUrl: string | null, lat: number, lng: number) {
  const body = (await call(baseUrl, `/reverse?format=jsonv2&lat=${lat}&lon=${lng}`)) as { display_name?: string };
  return { address: body.display_name ?? null, lat, lng };
}

export async function forwardGeocode(baseUrl: string | null, text: string) {
  const body = (await call(baseUrl, `/search?format=jsonv2&limit=1&q=${encodeURIComponent(text)}`)) as {
    lat: string;
    lon: string;
    display_name: string;
  }[];
  const first = body[0];
  return first ? { address: first.display_name, lat: Number(first.lat), lng: Number(first.lon) } : null;
}

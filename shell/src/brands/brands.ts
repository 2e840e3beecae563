/**
 * The eleven host-based brand themes. The page's host name picks one (a branded host such as
 * lending.example.com); localhost and unknown hosts get the default. `?brand=<id>` (remembered for
 * the browser session) overrides it for testing. The spec does not name the themes; these are ours.
 */
export interface Brand {
  id: string;
  name: string;
  /** Host names (or suffixes starting with '.') that select this brand. */
  hosts: string[];
  primary: string;
  /** Corner radius and font are part of each brand's look. */
  radius: number;
  fontFamily?: string;
}

export const BRANDS: Brand[] = [
  { id: 'meridian', name: 'Meridian', hosts: ['meridian.test', '.meridian.test'], primary: '#1f5fbf', radius: 6 },
  { id: 'lending', name: 'Meridian Lending', hosts: ['lending.meridian.test'], primary: '#0f7b6c', radius: 6 },
  { id: 'tracking', name: 'Meridian Tracking', hosts: ['tracking.meridian.test'], primary: '#d4380d', radius: 4 },
  { id: 'harbour', name: 'Harbour Finance', hosts: ['harbour.example', '.harbour.example'], primary: '#13507a', radius: 8 },
  { id: 'savanna', name: 'Savanna Credit', hosts: ['savanna.example', '.savanna.example'], primary: '#ad6800', radius: 10 },
  { id: 'kilimanjaro', name: 'Kilimanjaro Microfinance', hosts: ['kili.example', '.kili.example'], primary: '#389e0d', radius: 6 },
  { id: 'zambezi', name: 'Zambezi Lenders', hosts: ['zambezi.example', '.zambezi.example'], primary: '#08979c', radius: 2 },
  { id: 'nile', name: 'Nile Asset Finance', hosts: ['nile.example', '.nile.example'], primary: '#531dab', radius: 6 },
  { id: 'baobab', name: 'Baobab Capital', hosts: ['baobab.example', '.baobab.example'], primary: '#7c4a1e', radius: 12 },
  { id: 'fleetwatch', name: 'FleetWatch', hosts: ['fleetwatch.example', '.fleetwatch.example'], primary: '#262626', radius: 0 },
  { id: 'recoverpro', name: 'RecoverPro', hosts: ['recoverpro.example', '.recoverpro.example'], primary: '#c41d7f', radius: 6 },
];

export const DEFAULT_BRAND = BRANDS[0]!;
const OVERRIDE_KEY = 'meridian.brand';

const matchesHost = (brand: Brand, host: string) => brand.hosts.some((h) => (h.startsWith('.') ? host.endsWith(h) : host === h));

export function brandForHost(host: string): Brand {
  return BRANDS.find((b) => matchesHost(b, host.toLowerCase())) ?? DEFAULT_BRAND;
}

/** The brand of this page: `?brand=` first (kept for the tab), then the host name. */
export function currentBrand(
  location: Pick<Location, 'hostname' | 'search'> = window.location,
  storage: Storage = window.sessionStorage,
): Brand {
  const requested = new URLSearchParams(location.search).get('brand');
  if (requested && BRANDS.some((b) => b.id === requested)) storage.setItem(OVERRIDE_KEY, requested);
  const override = storage.getItem(OVERRIDE_KEY);
  return BRANDS.find((b) => b.id === override) ?? brandForHost(location.hostname);
}

let brandOfThisPage: Brand | null = null;
/** The brand of the page being shown; it cannot change without a reload, so it is worked out once. */
export const pageBrand = (): Brand => (brandOfThisPage ??= currentBrand());

/** The brand's logo: its initials on its colour, drawn as an SVG so no image file is needed. */
export function brandLogo(brand: Brand): string {
  const initials = brand.name
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0])
    .join('')
    .toUpperCase();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><rect width="32" height="32" rx="${Math.min(brand.radius, 10)}" fill="${brand.primary}"/><text x="16" y="21" font-family="Arial" font-size="13" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text></svg>`;
  return `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
}

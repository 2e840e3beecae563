import { BRANDS, DEFAULT_BRAND, brandForHost, brandLogo, currentBrand } from './brands';

const memoryStorage = () => {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) } as unknown as Storage;
};

describe('brand themes', () => {
  test('there are eleven, each with its own id and colour', () => {
    expect(BRANDS).toHaveLength(11);
    expect(new Set(BRANDS.map((b) => b.id)).size).toBe(11);
  });

  test('the host name picks the brand, localhost and unknown hosts get the default', () => {
    expect(brandForHost('fleetwatch.example').id).toBe('fleetwatch');
    expect(brandForHost('portal.savanna.example').id).toBe('savanna');
    expect(brandForHost('localhost')).toBe(DEFAULT_BRAND);
    expect(brandForHost('elsewhere.test')).toBe(DEFAULT_BRAND);
  });

  test('?brand= overrides the host for testing and is remembered for the tab', () => {
    const storage = memoryStorage();
    expect(currentBrand({ hostname: 'localhost', search: '?brand=nile' }, storage).id).toBe('nile');
    expect(currentBrand({ hostname: 'localhost', search: '' }, storage).id).toBe('nile');
    expect(currentBrand({ hostname: 'localhost', search: '?brand=unknown' }, memoryStorage())).toBe(DEFAULT_BRAND);
  });

  test("the logo is an image of the brand's initials on its colour", () => {
    const logo = decodeURIComponent(brandLogo(BRANDS.find((b) => b.id === 'recoverpro')!));
    expect(logo).toMatch(/^data:image\/svg\+xml/);
    expect(logo).toContain('#c41d7f');
    expect(logo).toContain('>R<');
  });
});

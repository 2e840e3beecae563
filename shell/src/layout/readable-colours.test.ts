import { BRANDS } from '../brands/brands';
import { contrast, readableLinks, readableLinkRule, readableQuietText, withWhite } from './readable-colours';

/** antd's card and page backgrounds of each theme. */
const SURFACES = { light: ['#ffffff', '#f5f5f5'], dark: ['#141414', '#000000', '#1d1d1d', '#262626'] } as const;

describe('readable colours', () => {
  test('mixing in white lightens a colour by the share asked', () => {
    expect(withWhite('#000000', 0.5)).toBe('#808080');
    expect(withWhite('#1f5fbf', 0)).toBe('#1f5fbf');
    expect(withWhite('#1f5fbf', 1)).toBe('#ffffff');
  });

  test("contrast is WCAG's ratio", () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#1677ff', '#ffffff')).toBeCloseTo(4.1, 1);
  });

  for (const mode of ['light', 'dark'] as const) {
    test.each(BRANDS.map((brand) => [brand.name, brand.primary]))(`links of %s read at 4.5:1 in ${mode} mode`, (_name, primary) => {
      const { colorLink } = readableLinks(mode, primary) as { colorLink: string };
      for (const surface of SURFACES[mode]) expect(contrast(colorLink, surface)).toBeGreaterThanOrEqual(4.5);
    });
  }

  test('a brand colour that already reads well is kept for links', () => {
    expect(readableLinks('light', '#1f5fbf')).toMatchObject({ colorLink: '#1f5fbf' });
  });

  test('danger text reads at 4.5:1 in both themes, and white on a light-mode danger button too', () => {
    const light = readableQuietText('light').colorError;
    const dark = readableQuietText('dark').colorError;
    for (const surface of SURFACES.light) expect(contrast(light, surface)).toBeGreaterThanOrEqual(4.5);
    expect(contrast('#ffffff', light)).toBeGreaterThanOrEqual(4.5);
    for (const surface of SURFACES.dark) expect(contrast(dark, surface)).toBeGreaterThanOrEqual(4.5);
  });

  test("in dark mode the readable link shade is set on antd's link variables by a rule that outranks each element's own", () => {
    const { colorLink } = readableLinks('dark', '#1f5fbf') as { colorLink: string };
    const rule = readableLinkRule('dark', '#1f5fbf');
    expect(rule).toContain(`--ant-color-link: ${colorLink};`);
    expect(rule.startsWith("html[data-theme='dark'] [class*='css-var-']")).toBe(true);
    expect(readableLinkRule('light', '#1f5fbf')).toBe('');
  });
});

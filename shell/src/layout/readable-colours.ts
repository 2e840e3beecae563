/**
 * Theme tokens that keep text readable (WCAG AA, 4.5:1) where antd's defaults fall short, in both
 * themes and for every brand colour (readable-colours.test.ts checks them).
 */
/**
 * antd's secondary and placeholder text (45% and 25% ink) falls under 4.5:1 on its grey layout and
 * cards; a little more ink keeps it quiet but readable (WCAG AA), in both themes.
 */
export const readableQuietText = (mode: 'light' | 'dark') => {
  const ink = mode === 'dark' ? '255, 255, 255' : '0, 0, 0';
  return {
    colorTextSecondary: `rgba(${ink}, 0.65)`,
    colorTextDescription: `rgba(${ink}, 0.65)`,
    colorTextPlaceholder: `rgba(${ink}, 0.6)`,
    // Descriptions' labels and other third-level text.
    colorTextTertiary: `rgba(${ink}, 0.65)`,
    // antd's red reads at 3.3:1 (light) and 4.4:1 (dark) as the text of a danger button or message:
    // red-7 reads at 5.6:1 on white, the dark palette's red-8 at 6.7:1 on a dark card.
    colorError: mode === 'light' ? '#cf1322' : '#f37370',
  };
};

/** `hex` (#rrggbb) with `share` (0-1) of `toward` (#rrggbb) mixed in. */
const mixed = (hex: string, toward: string, share: number) =>
  `#${[1, 3, 5]
    .map((at) => Math.round(parseInt(hex.slice(at, at + 2), 16) * (1 - share) + parseInt(toward.slice(at, at + 2), 16) * share))
    .map((channel) => channel.toString(16).padStart(2, '0'))
    .join('')}`;

export const withWhite = (hex: string, share: number) => mixed(hex, '#ffffff', share);

const channel = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((at) => channel(parseInt(hex.slice(at, at + 2), 16) / 255));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};

/** WCAG's contrast ratio of two #rrggbb colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

const AA = 4.5;
/** The surfaces text sits on whose contrast is lowest: antd's grey page (light), a dark table's hovered or sorted cell (dark). */
export const HARDEST_SURFACE = { light: '#f5f5f5', dark: '#262626' } as const;

/** `hex`, or the least shade of it toward `toward` that reads at 4.5:1 on `surface`. */
function readableShade(hex: string, toward: string, surface: string) {
  for (let share = 0; share < 1; share += 0.05) {
    const shade = mixed(hex, toward, share);
    if (contrast(shade, surface) >= AA) return shade;
  }
  return toward;
}

/**
 * antd draws links in its default blue (#1677ff, 4.1:1 on white), not the brand's colour: links take
 * the brand colour, darkened where it is too light for the grey page (light mode) or lightened where
 * it is too dark for a dark card (3.5:1 for the default brand in dark mode), as the sign-in page does
 * (first-paint-ui.css).
 */
export const readableLinks = (mode: 'light' | 'dark', primary: string) => {
  if (!/^#[0-9a-f]{6}$/i.test(primary)) return {};
  const link = readableShade(primary, mode === 'dark' ? '#ffffff' : '#000000', HARDEST_SURFACE[mode]);
  return { colorLink: link, colorLinkHover: link, colorLinkActive: link };
};

/**
 * antd's dark algorithm treats colorLink as a seed and derives a darker shade from it (#4c7fcc given,
 * #446fb0 drawn: 3.6:1), and every antd element declares the link variables again on itself (its
 * css-var class), so in dark mode a rule that outranks that class sets the readable shade on every
 * element: `[data-theme='dark'] [class*='css-var-']` (RootFrame writes it into the page).
 */
export const readableLinkRule = (mode: 'light' | 'dark', primary: string): string => {
  const link = readableLinks(mode, primary).colorLink;
  if (mode === 'light' || !link) return '';
  return `html[data-theme='dark'] [class*='css-var-'] { --ant-color-link: ${link}; --ant-color-link-hover: ${link}; --ant-color-link-active: ${link}; }`;
};

/**
 * Components whose text takes a theme colour. In dark mode a filled danger button is the light red
 * above, on which white text would read at 2.9:1, so its text is dark; and the selected tab or menu
 * entry is written in the brand colour (2.5:1 on a dark card), so it takes the readable link shade.
 */
export const readableComponents = (mode: 'light' | 'dark', primary: string) => {
  if (mode === 'light') return {};
  const link = readableLinks(mode, primary).colorLink;
  return {
    Button: { dangerColor: 'rgba(0, 0, 0, 0.88)' },
    ...(link
      ? {
          Tabs: { itemSelectedColor: link, itemActiveColor: link, itemHoverColor: link },
          Menu: { itemSelectedColor: link },
        }
      : {}),
  };
};

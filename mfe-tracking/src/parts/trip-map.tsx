/**
 * The trips page's map: the selected trip's route (its positions, joined in time order, with its start
 * and end marked) and the period's stops as dots. Drawn on the product's map base; the tables beside it
 * say the same in words.
 */
import { useEffect, useRef } from 'react';
import { Alert } from 'antd';
import type { DeviceStop } from '@meridian/shared/contract/device-trip';
import type { GeoPosition } from '@meridian/shared/contract/geo-position';
import { TRACKING_TEXT } from './tracking-text';
import { useMapBase } from './use-map-base';

const ROUTE_COLOUR = '#1668dc';
const STOP_COLOUR = '#d4380d';

export function TripMap({ route, stops }: { route: readonly GeoPosition[]; stops: readonly DeviceStop[] }) {
  const container = useRef<HTMLDivElement>(null);
  const { base, tilesFailed, mapFailed } = useMapBase(container, () => ({ center: [0, 0], zoom: 2 }));

  useEffect(() => {
    if (!base) return undefined;
    const { L, map } = base;
    const group = L.featureGroup().addTo(map);
    for (const stop of stops) {
      const label = document.createElement('span');
      label.textContent = stop.address ?? TRACKING_TEXT.stops;
      L.circleMarker([stop.latitude, stop.longitude], { radius: 6, color: '#ffffff', weight: 2, fillColor: STOP_COLOUR, fillOpacity: 1 })
        .bindTooltip(label)
        .addTo(group);
    }
    const points = route.map((p) => [p.latitude, p.longitude] as [number, number]);
    if (points.length > 1) L.polyline(points, { color: ROUTE_COLOUR, weight: 4, opacity: 0.85 }).addTo(group);
    if (points.length > 0) {
      L.circleMarker(points[0]!, { radius: 7, color: '#ffffff', weight: 2, fillColor: '#389e0d', fillOpacity: 1 }).addTo(group);
      L.circleMarker(points[points.length - 1]!, { radius: 7, color: '#ffffff', weight: 2, fillColor: '#1f1f1f', fillOpacity: 1 }).addTo(
        group,
      );
    }
    if (group.getLayers().length > 0) map.fitBounds(group.getBounds(), { padding: [32, 32], maxZoom: 16 });
    return () => {
      group.remove();
    };
  }, [base, route, stops]);

  return (
    <div>
      {(tilesFailed || mapFailed) && (
        <Alert
          type="warning"
          showIcon
          title={mapFailed ? TRACKING_TEXT.mapFailed : TRACKING_TEXT.mapTilesFailed}
          style={{ marginBottom: 8 }}
        />
      )}
      <div
        ref={container}
        role="application"
        aria-label={TRACKING_TEXT.tripRoute}
        data-testid="trip-map"
        style={{ height: 380, width: '100%', borderRadius: 8, overflow: 'hidden', display: mapFailed ? 'none' : 'block' }}
      />
    </div>
  );
}

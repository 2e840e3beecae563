/**
 * Hotspots as a heat layer: each cell a circle whose size and warmth follow its weight (its time over
 * the busiest cell's), drawn on the product's map base; the table beside it says the same in words.
 */
import { useEffect, useRef } from 'react';
import { Alert } from 'antd';
import type { Hotspot } from '@meridian/shared/contract/fleet-report';
import { TRACKING_TEXT, durationText } from '../parts/tracking-text';
import { useMapBase } from '../parts/use-map-base';
import { FLEET_TEXT } from './fleet-report-text';

/** From cool to hot as the weight grows. */
const heatColour = (weight: number) => `hsl(${Math.round(60 - 60 * weight)}, 100%, 45%)`;

export function HotspotMap({ hotspots }: { hotspots: readonly Hotspot[] }) {
  const container = useRef<HTMLDivElement>(null);
  const { base, tilesFailed, mapFailed } = useMapBase(container, () => ({ center: [0, 0], zoom: 2 }));

  useEffect(() => {
    if (!base) return undefined;
    const { L, map } = base;
    const group = L.featureGroup().addTo(map);
    for (const spot of hotspots) {
      const label = document.createElement('span');
      label.textContent = `${durationText(spot.duration)} · ${spot.stops} ${FLEET_TEXT.stops.toLowerCase()}`;
      L.circleMarker([spot.latitude, spot.longitude], {
        radius: 6 + 18 * spot.weight,
        stroke: false,
        fillColor: heatColour(spot.weight),
        fillOpacity: 0.25 + 0.5 * spot.weight,
      })
        .bindTooltip(label)
        .addTo(group);
    }
    if (group.getLayers().length > 0) map.fitBounds(group.getBounds(), { padding: [32, 32], maxZoom: 15 });
    return () => {
      group.remove();
    };
  }, [base, hotspots]);

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
        aria-label={FLEET_TEXT.heatMap}
        data-testid="hotspot-map"
        style={{ height: 420, width: '100%', borderRadius: 8, overflow: 'hidden', display: mapFailed ? 'none' : 'block' }}
      />
    </div>
  );
}

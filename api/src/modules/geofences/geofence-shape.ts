/**
 * A saved fence as the processing's fence test takes it (shared/geo-fence.ts), and so its bounding box:
 * the shape's extremes (a polygon's outer ring), widened by a circle's radius or half a corridor's width.
 */
import { fenceBounds, type BoundingBox, type FenceDefinition } from '@meridian/shared/geo-fence';
import type { GeofenceGeometry } from '@meridian/shared/contract/geofence';

export function fenceDefinitionOf(fence: { geometry: GeofenceGeometry; radius: number | null; width: number | null }): FenceDefinition {
  const { geometry } = fence;
  if (geometry.type === 'Point') return { shape: 'circle', geometry, radius: fence.radius ?? 0 };
  if (geometry.type === 'LineString') return { shape: 'corridor', geometry, width: fence.width ?? 0 };
  return { shape: 'polygon', geometry };
}

export const fenceBoundsOf = (fence: { geometry: GeofenceGeometry; radius: number | null; width: number | null }): BoundingBox =>
  fenceBounds(fenceDefinitionOf(fence));

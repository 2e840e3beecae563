/**
 * Opens the product's one map base (shared/map/map-base: configured tiles, the offline basemap under
 * them, Leaflet loaded on demand) in a page's element, and closes it when the page goes. The page
 * draws its own layers on the base once `base` is set; tiles that never come and a Leaflet that cannot
 * start are reported so the page can say so while its lists keep working.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import 'leaflet/dist/leaflet.css';
import '@meridian/shared/map/map-theme.css';
import { openMapBase, type MapBase, type MapView } from '@meridian/shared/map/map-base';

export interface MapBaseState {
  base: MapBase | null;
  tilesFailed: boolean;
  mapFailed: boolean;
}

export function useMapBase(container: RefObject<HTMLDivElement | null>, view: () => MapView): MapBaseState {
  const [base, setBase] = useState<MapBase | null>(null);
  const [tilesFailed, setTilesFailed] = useState(false);
  const [mapFailed, setMapFailed] = useState(false);
  // Read once, when Leaflet and the settings are there: the view of the page at that moment.
  const startView = useRef(view);
  startView.current = view;

  useEffect(() => {
    let cancelled = false;
    let opened: MapBase | null = null;
    (async () => {
      if (!container.current) return;
      opened = await openMapBase(container.current, {
        view: () => startView.current(),
        onTilesFailed: setTilesFailed,
        cancelled: () => cancelled,
      });
      if (!opened) return;
      if (cancelled) return opened.close();
      setBase(opened);
    })().catch((error: unknown) => {
      console.error('[tracking] the map could not be shown:', error);
      if (!cancelled) setMapFailed(true);
    });
    return () => {
      cancelled = true;
      setBase(null);
      opened?.close();
    };
  }, [container]);

  return { base, tilesFailed, mapFailed };
}

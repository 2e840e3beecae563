/** The addresses of the asset screens. */
import { trackingSections } from '@meridian/shared/contract/areas/tracking';

export const ASSETS_PATH = trackingSections.screens.assets;
export const assetPath = (id: string) => trackingSections.screens.asset.replace(':id', encodeURIComponent(id));

/**
 * An asset's photos as thumbnails (the Asset Details tab): each fetched with the caller's token (the
 * API guards them as it guards the asset), opened whole in a preview; editors add (one a call) and delete
 * photos. The gallery itself is shared (shared/src/ui/photo-gallery.tsx).
 */
import { ASSET_PHOTOS, type AssetPhoto } from '@meridian/shared/contract/asset';
import { api } from '@meridian/shared/http/api';
import { PhotoGallery, type OwnerPhotosProps } from '@meridian/shared/ui/photo-gallery';
import { ASSET_API } from './asset-api';
import { ASSET_TEXT } from './asset-text';

const GALLERY_TEXT = {
  empty: ASSET_TEXT.noPhotos,
  add: ASSET_TEXT.addPhoto,
  added: ASSET_TEXT.photoAdded,
  deleted: ASSET_TEXT.photoDeleted,
};

function sendPhoto(assetId: string, [file]: File[]) {
  const form = new FormData();
  if (file) form.append(ASSET_PHOTOS.field, file, file.name);
  return api.post(ASSET_API.photos(assetId), form);
}

export function AssetPhotos({ assetId, ...owner }: OwnerPhotosProps<AssetPhoto> & { assetId: string }) {
  return (
    <PhotoGallery
      {...owner}
      maxPhotos={ASSET_PHOTOS.maxPerAsset}
      maxPerUpload={1}
      text={GALLERY_TEXT}
      send={(files) => sendPhoto(assetId, files)}
      remove={(photo) => api.delete(ASSET_API.photo(assetId, photo.id))}
    />
  );
}

/**
 * A vehicle's photos as thumbnails, each fetched with the caller's token (the API guards them as it
 * guards the vehicle); editors upload several at once (one call, up to the per-upload limit) and delete
 * one by its id (POST /vehicles/photo-delete). The gallery itself is shared (shared/src/ui/photo-gallery.tsx).
 */
import { VEHICLE_PHOTOS, type VehiclePhoto } from '@meridian/shared/contract/vehicle';
import { api } from '@meridian/shared/http/api';
import { PhotoGallery, type OwnerPhotosProps } from '@meridian/shared/ui/photo-gallery';
import { VEHICLES_API } from '../parts/vehicles-api';
import { VEHICLE_TEXT } from './vehicle-text';

const GALLERY_TEXT = {
  empty: VEHICLE_TEXT.noPhotos,
  add: VEHICLE_TEXT.addPhotos,
  added: VEHICLE_TEXT.photosAdded,
  deleted: VEHICLE_TEXT.photoDeleted,
};

function sendPhotos(vehicleId: string, files: File[]) {
  const form = new FormData();
  for (const file of files) form.append(VEHICLE_PHOTOS.field, file, file.name);
  return api.post(VEHICLES_API.photos(vehicleId), form);
}

export function VehiclePhotos({ vehicleId, ...owner }: OwnerPhotosProps<VehiclePhoto> & { vehicleId: string }) {
  return (
    <PhotoGallery
      {...owner}
      maxPhotos={VEHICLE_PHOTOS.maxPerVehicle}
      maxPerUpload={VEHICLE_PHOTOS.maxPerUpload}
      text={GALLERY_TEXT}
      send={(files) => sendPhotos(vehicleId, files)}
      remove={(photo) => api.post(VEHICLES_API.photoDelete, { id: photo.id })}
    />
  );
}

/** Vehicle photo rows as the contract answers them, with the addresses the browser fetches them from. */
import type { VehiclePhoto } from '@meridian/shared/contract/vehicle';
import type { Queryable } from '../../db/database';

export const VEHICLE_PHOTO_COLUMNS = `ph.id, ph.vehicle_id as "vehicleId", ph.file_name as "fileName", ph.content_type as "contentType", ph.width,
  ph.height, ph.size_bytes as "sizeBytes", ph.thumb_width as "thumbWidth", ph.thumb_height as "thumbHeight", ph.date_created as "dateCreated"`;

type PhotoRow = Omit<VehiclePhoto, 'url' | 'thumbnailUrl' | 'dateCreated'> & { dateCreated: Date | string };

const photoUrl = (vehicleId: string, photoId: string) => `/api/vehicles/${vehicleId}/photos/${photoId}`;

export const vehiclePhotoAnswer = ({ storedName: _stored, ...row }: PhotoRow & { storedName?: string }): VehiclePhoto => ({
  ...row,
  dateCreated: row.dateCreated instanceof Date ? row.dateCreated.toISOString() : row.dateCreated,
  url: photoUrl(row.vehicleId, row.id),
  thumbnailUrl: `${photoUrl(row.vehicleId, row.id)}/thumbnail`,
});

export async function photosOfVehicle(q: Queryable, vehicleId: string): Promise<VehiclePhoto[]> {
  const rows = await q.query<PhotoRow>(
    `select ${VEHICLE_PHOTO_COLUMNS} from vehicle_photos ph where ph.vehicle_id = $1 order by ph.date_created, ph.id`,
    [vehicleId],
  );
  return rows.map(vehiclePhotoAnswer);
}

/** The photos of `ids`, in that order (the order they were uploaded in). */
export async function photoRowsByIds(q: Queryable, ids: readonly string[]): Promise<VehiclePhoto[]> {
  const rows = await q.query<PhotoRow>(`select ${VEHICLE_PHOTO_COLUMNS} from vehicle_photos ph where ph.id = any($1::uuid[])`, [ids]);
  return rows.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id)).map(vehiclePhotoAnswer);
}

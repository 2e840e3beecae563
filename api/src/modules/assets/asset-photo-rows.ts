/** Asset photo rows as the contract answers them, with the addresses the browser fetches them from. */
import type { AssetPhoto } from '@meridian/shared/contract/asset';

export const PHOTO_COLUMNS = `ph.id, ph.asset_id as "assetId", ph.file_name as "fileName", ph.content_type as "contentType", ph.width,
  ph.height, ph.size_bytes as "sizeBytes", ph.thumb_width as "thumbWidth", ph.thumb_height as "thumbHeight", ph.date_created as "dateCreated"`;

export type PhotoRow = Omit<AssetPhoto, 'url' | 'thumbnailUrl' | 'dateCreated'> & { dateCreated: Date | string };

export const photoUrl = (assetId: string, photoId: string) => `/api/geo/assets/${assetId}/photos/${photoId}`;

export const photoAnswer = ({ storedName: _stored, ...row }: PhotoRow & { storedName?: string }): AssetPhoto => ({
  ...row,
  dateCreated: row.dateCreated instanceof Date ? row.dateCreated.toISOString() : row.dateCreated,
  url: photoUrl(row.assetId, row.id),
  thumbnailUrl: `${photoUrl(row.assetId, row.id)}/thumbnail`,
});

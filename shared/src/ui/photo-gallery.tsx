/**
 * An owner's photos as thumbnails (an asset's, a vehicle's), each fetched with the caller's token; an
 * editor deletes one and uploads more. The owner's area says how a file is sent and a photo removed, how
 * many more fit and how many go in one call, and its own texts; the gallery does the rest the same way
 * everywhere (busy button, success and failure messages, then `onChanged` to read the owner again).
 */
import { useState } from 'react';
import { App, Button, Empty, Flex, Image, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { errorText } from '../http/api-errors';
import { MESSAGES, userActionLabel } from '../messages';
import { useFileUrl } from './use-file-url';

/** What the gallery needs of a photo; the contract's photo types have these fields. */
export interface GalleryPhoto {
  id: string;
  fileName: string;
  thumbnailUrl: string;
  thumbWidth: number;
}

export interface PhotoGalleryText {
  empty: string;
  add: string;
  added: string;
  deleted: string;
}

/** Thumbnails are at most this wide, so a row holds several. */
const THUMB_MAX_WIDTH = 160;

function Thumbnail<P extends GalleryPhoto>({ photo, onDelete }: { photo: P; onDelete?: (photo: P) => void }) {
  const url = useFileUrl(photo.thumbnailUrl);
  return (
    <Flex vertical align="center" gap={4}>
      <Image
        src={url ?? undefined}
        alt={photo.fileName}
        width={Math.min(photo.thumbWidth, THUMB_MAX_WIDTH)}
        style={{ objectFit: 'cover' }}
        preview={false}
      />
      {onDelete && (
        <Button
          size="small"
          type="text"
          danger
          icon={<DeleteOutlined />}
          aria-label={userActionLabel(MESSAGES.deleteAction, photo.fileName)}
          onClick={() => onDelete(photo)}
        />
      )}
    </Flex>
  );
}

export interface PhotoGalleryProps<P extends GalleryPhoto> {
  photos: P[];
  canEdit: boolean;
  /** How many photos the owner may hold in all. */
  maxPhotos: number;
  /** How many files one upload sends (1: one file a call). */
  maxPerUpload: number;
  text: PhotoGalleryText;
  send(files: File[]): Promise<unknown>;
  remove(photo: P): Promise<unknown>;
  onChanged(): void;
}

/** What an owner's photos component takes from its page: the gallery's props that are not the area's own. */
export type OwnerPhotosProps<P extends GalleryPhoto> = Pick<PhotoGalleryProps<P>, 'photos' | 'canEdit' | 'onChanged'>;

export function PhotoGallery<P extends GalleryPhoto>(props: PhotoGalleryProps<P>) {
  const { photos, canEdit, maxPhotos, maxPerUpload, text, onChanged } = props;
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const room = maxPhotos - photos.length;

  const act = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      void message.success(done);
      onChanged();
    } catch (error) {
      void message.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Flex vertical gap={8}>
      {photos.length === 0 ? (
        <Empty description={text.empty} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <Flex wrap gap={8}>
          {photos.map((photo) => (
            <Thumbnail key={photo.id} photo={photo} onDelete={canEdit ? (p) => void act(() => props.remove(p), text.deleted) : undefined} />
          ))}
        </Flex>
      )}
      {canEdit && room > 0 && (
        <Upload
          accept="image/*"
          multiple={maxPerUpload > 1}
          showUploadList={false}
          beforeUpload={(file, chosen) => {
            // Called once per chosen file: the first sends them all in one call.
            if (file === chosen[0]) void act(() => props.send(chosen.slice(0, Math.min(room, maxPerUpload))), text.added);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy}>
            {text.add}
          </Button>
        </Upload>
      )}
    </Flex>
  );
}

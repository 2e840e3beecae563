/**
 * An asset's photos as thumbnails (the Asset Details tab): each fetched with the caller's token (the
 * API guards them as it guards the asset), opened whole in a preview; editors add and delete photos.
 */
import { useEffect, useState } from 'react';
import { App, Button, Empty, Flex, Image, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { ASSET_PHOTOS, type AssetPhoto } from '@meridian/shared/contract/asset';
import { api } from '@meridian/shared/http/api';
import { errorText } from '@meridian/shared/http/api-errors';
import { MESSAGES, userActionLabel } from '@meridian/shared/messages';
import { ASSET_API } from './asset-api';
import { ASSET_TEXT } from './asset-text';

/** A blob address of the file at `path`, revoked when the thumbnail goes. */
function useFileUrl(path: string) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let made: string | null = null;
    const controller = new AbortController();
    api.download(path, { signal: controller.signal }).then(
      (blob) => {
        made = URL.createObjectURL(blob);
        setUrl(made);
      },
      () => setUrl(null),
    );
    return () => {
      controller.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [path]);
  return url;
}

function Thumbnail({ photo, canEdit, onDelete }: { photo: AssetPhoto; canEdit: boolean; onDelete(photo: AssetPhoto): void }) {
  const url = useFileUrl(photo.thumbnailUrl);
  return (
    <Flex vertical align="center" gap={4}>
      <Image
        src={url ?? undefined}
        alt={photo.fileName}
        width={Math.min(photo.thumbWidth, 160)}
        style={{ objectFit: 'cover' }}
        preview={false}
      />
      {canEdit && (
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

export function AssetPhotos({
  assetId,
  photos,
  canEdit,
  onChanged,
}: {
  assetId: string;
  photos: AssetPhoto[];
  canEdit: boolean;
  onChanged(): void;
}) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);

  const upload = async (file: File) => {
    setBusy(true);
    try {
      const form = new FormData();
      form.append(ASSET_PHOTOS.field, file, file.name);
      await api.post(ASSET_API.photos(assetId), form);
      void message.success(ASSET_TEXT.photoAdded);
      onChanged();
    } catch (error) {
      void message.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (photo: AssetPhoto) => {
    try {
      await api.delete(ASSET_API.photo(assetId, photo.id));
      void message.success(ASSET_TEXT.photoDeleted);
      onChanged();
    } catch (error) {
      void message.error(errorText(error));
    }
  };

  return (
    <Flex vertical gap={8}>
      {photos.length === 0 ? (
        <Empty description={ASSET_TEXT.noPhotos} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <Flex wrap gap={8}>
          {photos.map((photo) => (
            <Thumbnail key={photo.id} photo={photo} canEdit={canEdit} onDelete={(p) => void remove(p)} />
          ))}
        </Flex>
      )}
      {canEdit && photos.length < ASSET_PHOTOS.maxPerAsset && (
        <Upload
          accept="image/*"
          showUploadList={false}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy}>
            {ASSET_TEXT.addPhoto}
          </Button>
        </Upload>
      )}
    </Flex>
  );
}

/**
 * The repossession's listing, as a tab of its details page: the vehicle's photos as thumbnails (each
 * fetched with the caller's token, as the API guards them), one chosen as the public listing photo,
 * and a link to the public page that shows it while it is Listed. Props as the details page passes
 * every tab; `reload` reads the repossession again after a change.
 */
import { useEffect, useState } from 'react';
import { Alert, App, Button, Card, Empty, Flex, Image, Space, Tag, Typography } from 'antd';
import { pathTo } from '@meridian/shared/contract/areas/path-to';
import { publicPages } from '@meridian/shared/contract/areas/platform';
import { repossessionListing } from '@meridian/shared/contract/areas/vehicles';
import type { RepossessionDetails } from '@meridian/shared/contract/repossession';
import type { VehiclePhoto } from '@meridian/shared/contract/vehicle';
import { api } from '@meridian/shared/http/api';
import { errorText } from '@meridian/shared/http/api-errors';
import { useCan } from '@meridian/shared/session/use-can';
import { useFileUrl } from '@meridian/shared/ui/use-file-url';
import { LISTING_API } from './listing-api';
import { choosePhotoLabel, LISTING_TEXT } from './listing-text';

function PhotoChoice(props: {
  photo: VehiclePhoto;
  chosen: boolean;
  canEdit: boolean;
  busy: boolean;
  onChoose(photo: VehiclePhoto): void;
}) {
  const { photo, chosen, canEdit, busy, onChoose } = props;
  const url = useFileUrl(photo.thumbnailUrl);
  return (
    <Card size="small" style={{ width: 180, borderColor: chosen ? 'var(--ant-color-primary)' : undefined }}>
      <Flex vertical align="center" gap={8}>
        <Image src={url ?? undefined} alt={photo.fileName} width={160} style={{ objectFit: 'cover' }} preview={false} />
        {chosen ? (
          <Tag color="blue">{LISTING_TEXT.chosen}</Tag>
        ) : (
          canEdit && (
            <Button size="small" loading={busy} onClick={() => onChoose(photo)} aria-label={choosePhotoLabel(photo.fileName)}>
              {LISTING_TEXT.choose}
            </Button>
          )
        )}
      </Flex>
    </Card>
  );
}

function useVehiclePhotos(vehicleId: string) {
  const [photos, setPhotos] = useState<VehiclePhoto[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    let stopped = false;
    api.get<VehiclePhoto[]>(LISTING_API.photosOf(vehicleId)).then(
      ({ data }) => !stopped && setPhotos(data),
      (error: unknown) => !stopped && setFailure(errorText(error)),
    );
    return () => {
      stopped = true;
    };
  }, [vehicleId]);
  return { photos, failure };
}

export function ListingTab({ repossession, reload }: { repossession: RepossessionDetails; reload: () => void }) {
  const { message } = App.useApp();
  const canEdit = useCan(repossessionListing, 'edit');
  const { photos, failure } = useVehiclePhotos(repossession.vehicleId);
  const [busy, setBusy] = useState(false);

  const choose = async (vehiclePhotoId: string | null) => {
    setBusy(true);
    try {
      await api.put(LISTING_API.choosePhoto, { repossessionId: repossession.id, vehiclePhotoId });
      void message.success(vehiclePhotoId ? LISTING_TEXT.saved : LISTING_TEXT.removed);
      reload();
    } catch (error) {
      void message.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const key = repossession.publicListingKey;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {repossession.status !== 'Listed' && <Alert type="info" showIcon title={LISTING_TEXT.notListed(repossession.status)} />}
      {key ? (
        <Typography.Link href={pathTo(publicPages.screens.publicListing, { tenantKey: key })} target="_blank" rel="noopener">
          {LISTING_TEXT.publicPage}
        </Typography.Link>
      ) : (
        <Typography.Text type="secondary">{LISTING_TEXT.noPublicPage}</Typography.Text>
      )}
      <div>
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          {LISTING_TEXT.photoTitle}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{LISTING_TEXT.photoHelp}</Typography.Paragraph>
        {failure && <Alert type="error" showIcon title={failure} />}
        {photos && photos.length === 0 && <Empty description={LISTING_TEXT.noPhotos} />}
        {photos && photos.length > 0 && (
          <Flex wrap gap={12}>
            {photos.map((photo) => (
              <PhotoChoice
                key={photo.id}
                photo={photo}
                chosen={photo.id === repossession.publicListingPhotoId}
                canEdit={canEdit}
                busy={busy}
                onChoose={(p) => void choose(p.id)}
              />
            ))}
          </Flex>
        )}
        {canEdit && repossession.publicListingPhotoId && (
          <Button style={{ marginTop: 12 }} onClick={() => void choose(null)} loading={busy}>
            {LISTING_TEXT.remove}
          </Button>
        )}
      </div>
    </Space>
  );
}

/**
 * The files of an activity: each can be downloaded (api.download, saved under its own name), removed
 * after a confirmation by whoever added it or a manager, and new ones added by an assignee or a
 * manager. Adding and removing send PUT /api/activities/update-assignment-files as multipart, with
 * the device's position (the server records each as an agent action, 2 file added, 3 file removed).
 * Offline they are refused with the spec's 'Unable to update activity files offline'.
 */
import { useState } from 'react';
import { App, Button, Empty, Flex, Table, Typography, Upload } from 'antd';
import { DeleteOutlined, DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { ACTIVITY_FILES, type ActivityFileInfo, type FilesUpdateResult } from '@meridian/shared/contract/activity';
import type { DevicePosition } from '@meridian/shared/device-position';
import { api } from '@meridian/shared/http/api';
import { isNetworkError } from '@meridian/shared/http/api-error';
import { errorText } from '@meridian/shared/http/api-errors';
import { OfflineRefusal } from '@meridian/shared/offline/offline-refusal';
import { saveFile } from '@meridian/shared/http/save-file';
import { fileSizeText, fileTooLargeMessage, MESSAGES } from '@meridian/shared/messages';
import { useSession } from '@meridian/shared/session/session-store';
import { ACTIVITY_API } from './activity-paths';
import { ACTIVITY_TEXT, downloadFileLabel, removeFileLabel, removeFileQuestion } from './activity-text';
import { usePositionCapture } from './use-position-capture';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';

/** The multipart body of a files update. */
function filesUpdateBody(activityId: string, added: readonly File[], removedIds: readonly string[], position: DevicePosition): FormData {
  const body = new FormData();
  body.append('activityId', activityId);
  body.append('removedFiles', JSON.stringify(removedIds));
  body.append('latitude', String(position.latitude));
  body.append('longitude', String(position.longitude));
  if (position.accuracy !== null) body.append('accuracy', String(position.accuracy));
  for (const file of added) body.append(ACTIVITY_FILES.fields[0]!, file, file.name);
  return body;
}

export interface ActivityFilesPanelProps {
  activityId: string;
  files: readonly ActivityFileInfo[];
  /** An assignee or a manager may add files. */
  mayAdd: boolean;
  /** Whether the signed-in user may remove this file (they added it, or they are a manager). */
  mayRemove(file: ActivityFileInfo): boolean;
  onChanged(): void;
}

export function ActivityFilesPanel({ activityId, files, mayAdd, mayRemove, onChanged }: ActivityFilesPanelProps) {
  const format = useTenantFormat();
  const { message, modal } = App.useApp();
  const capturePosition = usePositionCapture();
  const [busy, setBusy] = useState(false);
  const [downloading, setDownloading] = useState<string | null>(null);

  const online = useSession((state) => state.networkOnline);

  // Files are not kept on the device: offline, the spec's answer, before asking anything of the user's GPS.
  const send = async (added: File[], removedIds: string[]) => {
    if (!online) throw new OfflineRefusal(MESSAGES.offlineFileUpdate);
    const position = await capturePosition({ entityType: 'activity_files', entityId: activityId });
    try {
      return await api.put<FilesUpdateResult>(ACTIVITY_API.files, filesUpdateBody(activityId, added, removedIds, position));
    } catch (error) {
      throw isNetworkError(error) ? new OfflineRefusal(MESSAGES.offlineFileUpdate, { cause: error }) : error;
    }
  };

  const add = async (chosen: File[]) => {
    const tooLarge = chosen.find((file) => file.size > ACTIVITY_FILES.maxBytes);
    if (tooLarge) {
      void message.error(`${tooLarge.name}: ${fileTooLargeMessage(ACTIVITY_FILES.maxBytes)}`);
      return;
    }
    setBusy(true);
    try {
      await send(chosen, []);
      void message.success(chosen.length === 1 ? ACTIVITY_TEXT.fileAdded : ACTIVITY_TEXT.filesAdded);
      onChanged();
    } catch (error) {
      void message.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const remove = (file: ActivityFileInfo) =>
    void modal.confirm({
      title: removeFileQuestion(file.fileName),
      content: ACTIVITY_TEXT.removeFileDetail,
      okText: MESSAGES.removeAction,
      okButtonProps: { danger: true },
      cancelText: MESSAGES.cancelAction,
      onOk: async () => {
        try {
          await send([], [file.Id]);
          void message.success(ACTIVITY_TEXT.fileRemoved);
          onChanged();
        } catch (error) {
          void message.error(errorText(error));
        }
      },
    });

  const download = async (file: ActivityFileInfo) => {
    setDownloading(file.Id);
    try {
      saveFile(await api.download(ACTIVITY_API.file(file.Id)), file.fileName);
    } catch (error) {
      void message.error(errorText(error));
    } finally {
      setDownloading(null);
    }
  };

  // Files chosen together arrive one by one; they are sent together once the last has arrived.
  const chooser = (
    <Upload
      multiple
      maxCount={ACTIVITY_FILES.maxFiles}
      showUploadList={false}
      beforeUpload={(file, chosen) => {
        if (file === chosen[chosen.length - 1]) void add(chosen);
        return false;
      }}
    >
      <Button icon={<UploadOutlined />} loading={busy}>
        {ACTIVITY_TEXT.addFiles}
      </Button>
    </Upload>
  );

  return (
    <Flex vertical gap={12}>
      {mayAdd && (
        <Flex gap={8} align="center" wrap>
          {chooser}
          <Typography.Text type="secondary">{ACTIVITY_TEXT.filesHint}</Typography.Text>
        </Flex>
      )}
      {files.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={ACTIVITY_TEXT.noFiles} />
      ) : (
        <Table<ActivityFileInfo>
          aria-label={ACTIVITY_TEXT.files}
          size="small"
          rowKey={(file) => file.Id}
          dataSource={[...files]}
          pagination={false}
          columns={[
            { title: ACTIVITY_TEXT.name, dataIndex: 'fileName', key: 'fileName' },
            { title: ACTIVITY_TEXT.size, dataIndex: 'sizeBytes', key: 'size', render: (bytes: number) => fileSizeText(bytes) },
            { title: ACTIVITY_TEXT.uploadedOn, dataIndex: 'dateCreated', key: 'added', render: (iso: string) => format.moment(iso) },
            { title: ACTIVITY_TEXT.uploadedBy, dataIndex: 'uploadedBy', key: 'by', render: (name: string | null) => name ?? '—' },
            {
              title: MESSAGES.rowActions,
              key: 'actions',
              render: (_: unknown, file: ActivityFileInfo) => (
                <Flex gap={4}>
                  <Button
                    type="text"
                    icon={<DownloadOutlined />}
                    aria-label={downloadFileLabel(file.fileName)}
                    loading={downloading === file.Id}
                    onClick={() => void download(file)}
                  />
                  {mayRemove(file) && (
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={removeFileLabel(file.fileName)}
                      onClick={() => remove(file)}
                    />
                  )}
                </Flex>
              ),
            },
          ]}
        />
      )}
    </Flex>
  );
}

/**
 * /admin/settings: the acting tenant's effective settings (GET /api/settings). Each shows where its
 * value comes from: the tenant's own, inherited from a tenant above it (named), or the product
 * default. Saving (PUT /api/settings) sends only what changed, which becomes the tenant's own value;
 * an own value can be given up, so the setting is inherited again. A refusal keeps what was typed.
 */
import { useState, type ReactNode } from 'react';
import { Alert, App, Button, Col, Flex, Form, Row, Tag, Typography } from 'antd';
import { useForm, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  DATE_FORMATS,
  SETTING_KEYS,
  settingsSchema,
  type EffectiveSettings,
  type SettingKey,
  type Settings,
  type SettingsUpdate,
} from '@meridian/shared/contract/setting';
import { api } from '@meridian/shared/http/api';
import { applyFieldErrors } from '@meridian/shared/http/api-errors';
import { useLoad } from '@meridian/shared/http/use-load';
import { MESSAGES } from '@meridian/shared/messages';
import { FormAlert, FormFrame, NumberField, SelectField, SubmitButton, TextField } from '@meridian/shared/ui/form-fields';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { LoadPanel } from '@meridian/shared/ui/load-panel';
import { ADMIN_TEXT } from '../parts/admin-text';
import { inheritedFromMessage, SETTING_TEXT } from './setting-text';
import { tenantSettingsSaved } from '@meridian/shared/session/tenant-settings';

const LABELS: Record<SettingKey, string> = {
  currencyCode: ADMIN_TEXT.currencyCode,
  currencySymbol: ADMIN_TEXT.currencySymbol,
  timeZone: SETTING_TEXT.timeZone,
  dateFormat: SETTING_TEXT.dateFormat,
  defaultPageSize: SETTING_TEXT.defaultPageSize,
  sessionTimeoutMinutes: SETTING_TEXT.sessionTimeoutMinutes,
  mapTileUrl: SETTING_TEXT.mapTileUrl,
};

const HINTS: Partial<Record<SettingKey, string>> = {
  sessionTimeoutMinutes: SETTING_TEXT.sessionTimeoutHint,
  mapTileUrl: SETTING_TEXT.mapTileUrlHint,
};

/** Every time zone the browser knows, with the current value kept even if it does not know that one. */
function timeZoneChoices(current: string) {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([current, ...known])].filter(Boolean).map((zone) => ({ value: zone, label: zone }));
}
const DATE_FORMAT_CHOICES = DATE_FORMATS.map((format) => ({ value: format, label: format }));

type Origin = 'own' | 'inherited' | 'default';
const originOf = (settings: EffectiveSettings, key: SettingKey): Origin => {
  const source = settings.sources[key];
  if (!source) return 'default';
  return source.tenantId === settings.tenantId ? 'own' : 'inherited';
};

/** Where the value comes from, and what saving will do to it. */
function SourceLine({
  settings,
  name,
  changed,
  onInherit,
}: {
  settings: EffectiveSettings;
  name: SettingKey;
  changed: boolean;
  onInherit(): void;
}) {
  const origin = originOf(settings, name);
  const source = settings.sources[name];
  return (
    <Flex gap={8} align="center" wrap data-testid={`source-${name}`}>
      {origin === 'own' && <Tag color="blue">{SETTING_TEXT.settingOwn}</Tag>}
      {origin === 'inherited' && source && <Tag color="purple">{inheritedFromMessage(source.tenantName)}</Tag>}
      {origin === 'default' && <Tag>{SETTING_TEXT.settingDefault}</Tag>}
      {changed && origin !== 'own' && <Typography.Text type="secondary">{SETTING_TEXT.settingBecomesOwn}</Typography.Text>}
      {origin === 'own' && (
        <Button type="link" size="small" onClick={onInherit} aria-label={`${SETTING_TEXT.settingInherit}: ${LABELS[name]}`}>
          {SETTING_TEXT.settingInherit}
        </Button>
      )}
    </Flex>
  );
}

function SettingField({
  name,
  control,
  extra,
  settings,
}: {
  name: SettingKey;
  control: Control<Settings>;
  extra: ReactNode;
  settings: EffectiveSettings;
}) {
  const label = LABELS[name];
  const common = {
    control,
    label,
    extra: (
      <Flex vertical gap={4}>
        {HINTS[name] && <span>{HINTS[name]}</span>}
        {extra}
      </Flex>
    ),
  };
  switch (name) {
    case 'timeZone':
      return <SelectField {...common} name={name} options={timeZoneChoices(settings.values.timeZone)} />;
    case 'dateFormat':
      return <SelectField {...common} name={name} options={DATE_FORMAT_CHOICES} />;
    case 'defaultPageSize':
      return <NumberField {...common} name={name} step={10} />;
    case 'sessionTimeoutMinutes':
      return <NumberField {...common} name={name} step={5} />;
    default:
      return <TextField {...common} name={name} autoComplete="off" />;
  }
}

function SettingsForm({ settings, onSaved }: { settings: EffectiveSettings; onSaved(saved: EffectiveSettings): void }) {
  const { message } = App.useApp();
  const [failure, setFailure] = useState<string | null>(null);
  const [inheriting, setInheriting] = useState<SettingKey[]>([]);
  const { control, handleSubmit, setError, formState } = useForm<Settings>({
    resolver: zodResolver(settingsSchema),
    mode: 'onChange',
    defaultValues: settings.values,
  });
  // Read while rendering, so the page re-renders as fields become changed (react-hook-form's formState proxy).
  const dirty = formState.dirtyFields as Partial<Record<SettingKey, boolean>>;

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    const update: SettingsUpdate = {};
    for (const key of SETTING_KEYS) {
      if (inheriting.includes(key)) (update as Record<SettingKey, unknown>)[key] = null;
      else if (dirty[key]) (update as Record<SettingKey, unknown>)[key] = values[key];
    }
    if (Object.keys(update).length === 0) {
      void message.info(SETTING_TEXT.settingsUnchanged);
      return;
    }
    try {
      const { data } = await api.put<EffectiveSettings>('/api/settings', update);
      tenantSettingsSaved(data);
      void message.success(SETTING_TEXT.settingsSaved);
      onSaved(data);
    } catch (error) {
      setFailure(applyFieldErrors(error, SETTING_KEYS, setError));
    }
  });

  const half = { xs: 24, md: 12 };
  return (
    <FormFrame onSubmit={submit}>
      <Row gutter={24}>
        {SETTING_KEYS.map((key) => (
          <Col key={key} {...half}>
            {inheriting.includes(key) ? (
              <Form.Item label={LABELS[key]}>
                <Alert
                  type="info"
                  showIcon
                  title={SETTING_TEXT.settingWillInherit}
                  action={
                    <Button size="small" onClick={() => setInheriting((keys) => keys.filter((k) => k !== key))}>
                      {SETTING_TEXT.undoAction}
                    </Button>
                  }
                />
              </Form.Item>
            ) : (
              <SettingField
                name={key}
                control={control}
                settings={settings}
                extra={
                  <SourceLine
                    settings={settings}
                    name={key}
                    changed={Boolean(dirty[key])}
                    onInherit={() => setInheriting((keys) => [...keys, key])}
                  />
                }
              />
            )}
          </Col>
        ))}
      </Row>
      <FormAlert text={failure} />
      <SubmitButton busy={formState.isSubmitting}>{MESSAGES.save}</SubmitButton>
    </FormFrame>
  );
}

export default function SettingsPage() {
  const loaded = useLoad((signal) => api.get<EffectiveSettings>('/api/settings', { signal }).then((r) => r.data), []);
  // The server answers the settings as saved; the form starts again from them.
  const [saved, setSaved] = useState<{ settings: EffectiveSettings; version: number } | null>(null);
  return (
    <PageFrame title={SETTING_TEXT.settings} subtitle={SETTING_TEXT.settingsIntro}>
      <div style={{ maxWidth: 960 }}>
        <LoadPanel state={loaded}>
          {(first) => (
            <SettingsForm
              key={saved?.version ?? 0}
              settings={saved?.settings ?? first}
              onSaved={(next) => setSaved((current) => ({ settings: next, version: (current?.version ?? 0) + 1 }))}
            />
          )}
        </LoadPanel>
      </div>
    </PageFrame>
  );
}

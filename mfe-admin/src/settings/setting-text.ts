/** The texts of the settings screen. */

export const SETTING_TEXT = {
  undoAction: 'Undo',
  settings: 'Settings',
  settingsIntro:
    'The settings of the tenant you are acting for. A setting it does not set itself comes from the tenant above it, or else from the product.',
  timeZone: 'Time zone',
  dateFormat: 'Date format',
  defaultPageSize: 'Rows per page in lists',
  sessionTimeoutMinutes: 'Sign out after inactivity (minutes)',
  sessionTimeoutHint: 'Between 5 and 1440 minutes.',
  mapTileUrl: 'Map tile address',
  mapTileUrlHint: 'Leave empty for the built-in map; otherwise an http(s) address with {z}, {x} and {y}.',
  settingOwn: 'Set for this tenant',
  settingDefault: 'Product default',
  settingInherit: 'Inherit instead',
  settingWillInherit: 'After saving, this setting is inherited again.',
  settingBecomesOwn: 'Saving makes this the tenant’s own value.',
  settingsSaved: 'The settings have been saved.',
  settingsUnchanged: 'Nothing has changed.',
} as const;

/** Where an inherited setting comes from. */
export const inheritedFromMessage = (tenantName: string) => `Inherited from ${tenantName}`;

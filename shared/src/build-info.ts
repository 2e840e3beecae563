/** Version and build id of the running browser code, stamped by the webpack build (DefinePlugin). */
declare const __MERIDIAN_BUILD__: { version: string; buildId: string } | undefined;

export const BUILD_INFO: { version: string; buildId: string } =
  typeof __MERIDIAN_BUILD__ !== 'undefined' ? __MERIDIAN_BUILD__ : { version: 'dev', buildId: 'local' };
